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
const QUICK = 2500; // ms: a table's request unanswered by then has failed: «нет связи» is said (within 3 s), a row is kept to send again

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

// A whist amount as the results site prints it (the `w` filter, then the language's decimal sign): whole numbers
// as they are, others to one decimal, the minus "−", no plus ("58,7", "−29,3").
function whist(v) {
  const text = Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(1);
  return (v < 0 && Number(text) !== 0 ? "−" : "") + decimal(text);
}

// A number as the pages print it ("53.80"), with the decimal comma in Russian.
function decimal(text) { return document.documentElement.lang === "ru" ? String(text).replace(".", ",") : String(text); }

function whistsText(whists) {
  return Object.entries(whists).map(([s, v]) => s + " " + whist(v)).join(" · ");
}


// An entered row in short lines: the contract, the declarer with his tricks, each defender's answer with his
// tricks (so a table sees that «полвиста» was recorded), every seat's tricks at all-pass, the whists (a row kept on
// the phone, typed while the server was out of reach, says they come when it answers).
function summaryLines(row) {
  const tricks = row.tricks || {};
  const own = (s) => s + (tricks[s] !== undefined ? " " + tricks[s] : "");
  const lines = [row.contract + (row.dark ? " · " + W.dark : "")];
  if (row.declarer) {
    lines.push(W.declarer + ": " + own(row.declarer));
    const answers = Object.entries(row.defence || {}).map(([s, a]) =>
      [s, W[a] || a, tricks[s]].filter((x) => x !== undefined).join(" "));
    if (answers.length) lines.push(W.defence + ": " + answers.join(", "));
  } else if (Object.keys(tricks).length) {
    lines.push(W.tricks + ": " + Object.keys(tricks).map(own).join(" · "));
  }
  lines.push(W.whists + ": " + (row.whists ? whistsText(row.whists) : W.whists_later)); // typed offline: not known yet
  return lines;
}

function summary(row) { return summaryLines(row).join("; "); }

function summaryBlock(row) {
  return el("span", { cls: "done" }, summaryLines(row).map((line) => el("span", { cls: "line" }, line)));
}

function button(label, on, click, extra) {
  return el("button", Object.assign({ type: "button", cls: on ? "on" : "", on: { click } }, extra || {}), label);
}

function pocketName(p) { return p === "talon_top" ? W.talon_top : p === "talon_bottom" ? W.talon_bottom : p; }

export { D, W, app, el, api, QUICK, signed, whist, decimal, summary, summaryBlock, button, pocketName };
