// The desk's night (docs/desk.md): an evening served to the tables from the desk, as `prefprint serve` serves it.
// Inside each evening's row: start or stop it; while it runs, the director's room (a link: his page is the server's
// own), the address the phones open with its QR code, the tables' codes and the rows in so far.
import { el, api, W, CODE, parts } from "./desk.js";

const POLL_MS = 5000;

function nightUrl(id) { return `/desk/api/evenings/${encodeURIComponent(id)}/night`; }

function errorsOf(r) { return (r.json.errors || []).map((x) => x.message).join("; "); }

// what a running night shows
function runningView(e, n) {
  const out = [el("p", { cls: "ok night-state" }, W.night_running)];
  for (const line of n.said || []) out.push(el("p", { cls: "warn" }, line));
  out.push(el("p", {}, el("a", { href: n.director, target: "_blank", rel: "noopener", cls: "tap night-director" }, W.night_director)));
  const qr = el("img", { cls: "night-qr", alt: n.url, width: 160, height: 160,
    src: `${nightUrl(e.id)}/qr.svg?code=${encodeURIComponent(CODE)}` });
  out.push(el("div", { cls: "night-phones" }, el("strong", {}, `${W.night_phones}: `),
    el("span", { cls: "night-url" }, (n.addresses || []).join(", ")), el("div", {}, qr)));
  out.push(el("div", {}, el("strong", {}, `${W.night_codes}: `),
    el("ul", { cls: "night-codes" }, Object.entries(n.tables).map(([t, code]) =>
      el("li", { "data-table": t }, `${W.night_table} ${t}: `, el("code", {}, code))))));
  const p = n.progress || {};
  out.push(el("p", { cls: "night-progress" }, progressText(p)));
  return out;
}

function progressText(p) {
  return `${W.night_rows}: ${p.rows} / ${p.of}` + (p.paper ? ` (${W.night_paper}: ${p.paper})` : "");
}

function nightSection(e) {
  const box = el("div", { cls: "night-view" });
  const said = el("div", { cls: "error said", hidden: true });
  const button = el("button", { type: "button", cls: "night-toggle" }, W.night_start);
  const section = el("div", { cls: "night", "data-evening": e.id }, el("h3", {}, W.night), el("div", {}, button), said, box);
  let running = false;
  let timer = null;

  const show = (n) => {
    running = !!n.running;
    button.textContent = running ? W.night_stop : W.night_start;
    box.replaceChildren(...(running ? runningView(e, n) : []));
    section.dispatchEvent(new CustomEvent("night", { bubbles: true, detail: n }));
    clearTimeout(timer);
    if (running) timer = setTimeout(poll, POLL_MS);
  };
  const poll = async () => {
    if (!section.isConnected) return; // the list of evenings drawn again: this one is gone
    const r = await api("GET", nightUrl(e.id));
    if (r.status === 200) show(r.json); else timer = setTimeout(poll, POLL_MS);
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    said.textContent = "";
    said.hidden = true;
    const r = await api(running ? "DELETE" : "POST", nightUrl(e.id), running ? undefined : {});
    button.disabled = false;
    if (r.status === 200 || r.status === 201) show(r.json);
    else { said.textContent = errorsOf(r); said.hidden = false; }
  });
  // a row stored by the paper grid of this evening (desk-paper.js): its progress at once
  setTimeout(() => (section.closest(".evening") || section).addEventListener("stored", (ev) => {
    const line = section.querySelector(".night-progress");
    if (line && ev.detail) line.textContent = progressText(ev.detail);
  }));
  poll();
  return section;
}

parts.evening.push(nightSection);
