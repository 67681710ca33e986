// The scoring server's pages, what the table's page and the director's share: the page's data and words, the
// elements, the requests, a row in words. Plain DOM, no library. Everything shown is set as text (textContent),
// never as HTML: nothing typed is echoed unescaped.

const D = JSON.parse(document.getElementById("data").textContent);
const W = D.words;
const app = document.getElementById("app");

function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k === "cls") e.className = v;
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of kids.flat()) if (c != null && c !== false) e.append(c.nodeType ? c : String(c));
  return e;
}

const TIMEOUT = 15000; // ms: a request unanswered by then has failed (a button waiting for it is given back)

// {status, json} of a request. A server not reached (no connection, no answer within `timeout` ms; 0: no
// limit) gives status 0 and json {"error": `offline`}, so that it is shown where the server's refusal would be.
async function api(method, url, body, offline = W.offline, timeout = TIMEOUT) {
  const init = { method, headers: {} };
  if (body) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  const stop = new AbortController();
  const timer = timeout ? setTimeout(() => stop.abort(), timeout) : null;
  init.signal = stop.signal;
  try {
    const r = await fetch(url, init);
    let json = null;
    try { json = await r.json(); } catch (e) { json = null; }
    return { status: r.status, json };
  } catch (e) {
    return { status: 0, json: { error: offline, field: null } };
  } finally {
    clearTimeout(timer);
  }
}

function signed(v) {
  const text = String(Math.abs(v)).replace(".", document.documentElement.lang === "ru" ? "," : ".");
  return (v > 0 ? "+" : v < 0 ? "−" : "") + text;
}

// A number as the pages print it ("53.80"), with the decimal comma in Russian.
function decimal(text) { return document.documentElement.lang === "ru" ? String(text).replace(".", ",") : String(text); }

function whistsText(whists) {
  return Object.entries(whists).map(([s, v]) => s + " " + signed(v)).join(" · ");
}

// An entered row in three short lines: the contract and its declarer, each seat's tricks, the whists.
function summaryLines(row) {
  const head = [row.contract + (row.dark ? " · " + W.dark : "")];
  if (row.declarer) head.push(row.declarer);
  const tricks = Object.entries(row.tricks || {}).map(([s, n]) => s + " " + n).join(" · ");
  return [head.join(" "), tricks ? W.tricks + ": " + tricks : null, W.whists + ": " + whistsText(row.whists)].filter(Boolean);
}

function summary(row) { return summaryLines(row).join("; "); }

function summaryBlock(row) {
  return el("span", { cls: "done" }, summaryLines(row).map((line) => el("span", { cls: "line" }, line)));
}

function button(label, on, click, extra) {
  return el("button", Object.assign({ type: "button", cls: on ? "on" : "", on: { click } }, extra || {}), label);
}

function pocketName(p) { return p === "talon_top" ? W.talon_top : p === "talon_bottom" ? W.talon_bottom : p; }

export { D, W, app, el, api, signed, decimal, summary, summaryBlock, button, pocketName };
