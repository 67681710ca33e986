// The desk's paper protocols (docs/desk.md), inside each evening's row:
// - the filled workbook uploaded (a file input, or the file dropped onto the evening): checked by the desk as
//   `prefprint results` checks it; its problems listed with their sheet and cell, or it becomes the evening's;
// - a table's paper protocol typed into a grid, keyboard only: Tab to the next cell, Enter stores the row. The
//   contract goes as typed (6♠, 6п, мизер, пас: the server's parser reads it); a seat's cell holds its tricks, and a
//   defender's answer (в 2: whist and 2 tricks, п: pass, пол: half-whist). The whists are the server's, previewed as
//   the row is typed and stored by the evening's night as the director's row.
import { el, api, W, parts } from "./desk.js";

const PREVIEW_MS = 250;
const CYRILLIC_SEATS = { "С": "N", "В": "E", "Ю": "S", "З": "W" };
const WHIST = /^(в|вист|w|whist)\s*(\d+)?$/;
const PASS = /^(п|пас|p|pass)$/;
const HALF = /^(пол|пв|полвиста|h|half)$/;

const base = (id) => `/desk/api/evenings/${encodeURIComponent(id)}`;
const messages = (r) => (r.json.errors || []).map((x) => x.message).join("; ");

// ------------------------------------------------------------------ the workbook

function readFile(file) {
  return new Promise((ok, fail) => {
    const reader = new FileReader();
    reader.onload = () => ok(String(reader.result).replace(/^data:[^,]*,/, "")); // the base64 after the data: URL's head
    reader.onerror = () => fail(reader.error);
    reader.readAsDataURL(file);
  });
}

// a problem of the workbook: its words, a link to its row in the grid where the desk knows the row's table
function problemItem(x, show) {
  const li = el("li", { "data-sheet": x.sheet || "", "data-cell": x.cell || "" });
  if (!x.table) { li.textContent = x.message; return li; }
  const link = el("a", { href: "#", cls: "problem-row" }, x.message);
  link.addEventListener("click", (ev) => { ev.preventDefault(); show(x.table, x.round, x.deal); });
  li.append(link);
  return li;
}

function uploadForm(e, show) {
  const input = el("input", { type: "file", accept: ".xlsx", cls: "workbook-file", id: `workbook-${e.id}` });
  const answer = el("div", { cls: "workbook-answer" });
  const send = async (file) => {
    answer.replaceChildren(el("p", { cls: "muted" }, file.name));
    const r = await api("POST", `${base(e.id)}/workbook`, { filename: file.name, data: await readFile(file) });
    if (r.status === 201) {
      const lines = [el("p", { cls: "ok" }, r.json.said)];
      if (r.json.kept) lines.push(el("p", { cls: "muted" }, `${W.kept} ${r.json.kept}`));
      for (const w of r.json.warnings || []) lines.push(el("p", { cls: "warn" }, w));
      answer.replaceChildren(...lines);
    } else {
      answer.replaceChildren(el("ul", { cls: "error workbook-problems" }, (r.json.errors || []).map((x) => problemItem(x, show))));
    }
  };
  input.addEventListener("change", () => { if (input.files[0]) send(input.files[0]); input.value = ""; });
  const box = el("div", { cls: "workbook" }, el("label", { for: input.id, cls: "file-button" }, W.upload), input,
    el("span", { cls: "muted" }, ` ${W.drop}`), answer);
  // the file dropped anywhere on the evening's row
  setTimeout(() => {
    const row = box.closest(".evening") || box;
    row.addEventListener("dragover", (ev) => { ev.preventDefault(); row.classList.add("dropping"); });
    row.addEventListener("dragleave", () => row.classList.remove("dropping"));
    row.addEventListener("drop", (ev) => {
      ev.preventDefault();
      row.classList.remove("dropping");
      const file = ev.dataTransfer.files[0];
      if (file) send(file);
    });
  });
  return box;
}

// ------------------------------------------------------------------ the grid

// a seat's cell as typed -> {tricks, defence} (null: not understood)
function seatCell(text) {
  const t = text.trim().toLowerCase().replace(",", ".");
  if (!t) return {};
  if (/^\d+$/.test(t)) return { tricks: Number(t) };
  let m = WHIST.exec(t);
  if (m) return m[2] === undefined ? { defence: "whist" } : { defence: "whist", tricks: Number(m[2]) };
  if (PASS.test(t)) return { defence: "pass" };
  if (HALF.test(t)) return { defence: "half" };
  return null;
}

// what a stored row's seat cell is written as, in the grid's words
function cellOf(entered, seat) {
  const d = entered.defence[seat];
  const t = entered.tricks[seat];
  const word = { whist: "в", pass: "п", half: "пол" }[d];
  if (word) return t === undefined ? word : `${word} ${t}`;
  return t === undefined ? "" : String(t);
}

function seatOf(text) {
  const t = text.trim().toUpperCase();
  return CYRILLIC_SEATS[t] || t;
}

function whistsText(whists) {
  return Object.entries(whists).map(([s, v]) => `${s} ${v > 0 ? "+" : ""}${v}`).join(" · ");
}

function gridRow(e, table, data, row, reason) {
  const active = data.active[row.dealer];
  const contract = el("input", { type: "text", cls: "g-contract", size: 8, "aria-label": W.contract, autocomplete: "off" });
  const declarer = el("input", { type: "text", cls: "g-declarer", size: 2, "aria-label": W.declarer, autocomplete: "off" });
  const seats = {};
  const cells = data.seats.map((s) => {
    if (!active.includes(s)) return el("td", { cls: "muted" }, "—");
    seats[s] = el("input", { type: "text", cls: "g-seat", "data-seat": s, size: 4, autocomplete: "off",
      "aria-label": `${s} ${data.names[row.seats[s]] || ""}`, title: W.seat_help });
    return el("td", {}, seats[s]);
  });
  const whists = el("td", { cls: "g-whists" });
  const state = el("td", { cls: "g-state muted" });
  const tr = el("tr", { "data-round": row.round, "data-deal": row.deal }, el("td", {}, String(row.round)),
    el("td", {}, String(row.deal)), el("td", {}, contract), el("td", {}, declarer), cells, whists, state);
  let entered = row.entered;
  const fill = (x) => {
    contract.value = x.contract === "pass" ? "пас" : x.contract;
    declarer.value = x.declarer || "";
    for (const s of Object.keys(seats)) seats[s].value = cellOf(x, s);
    whists.textContent = whistsText(x.whists);
    state.textContent = W.stored;
    state.className = "g-state ok";
  };
  if (entered) fill(entered);

  const body = () => {
    const b = { table, round: row.round, deal: row.deal, contract: contract.value.trim(), defence: {}, tricks: {} };
    if (declarer.value.trim()) b.declarer = seatOf(declarer.value);
    for (const [s, input] of Object.entries(seats)) {
      const c = seatCell(input.value);
      if (c === null) return { bad: s };
      if (c.defence) b.defence[s] = c.defence;
      if (c.tricks !== undefined) b.tricks[s] = c.tricks;
    }
    if (entered) { b.correct = true; if (reason.value.trim()) b.reason = reason.value.trim(); }
    return b;
  };
  const said = (text, cls) => { state.textContent = text; state.className = `g-state ${cls}`; };
  let asked = 0;
  let timer = null;
  const preview = async () => {
    const b = body();
    if (b.bad) { said(`${b.bad}: ${W.seat_help}`, "error"); return; }
    if (!b.contract) { whists.textContent = ""; said("", "muted"); return; }
    const mine = ++asked;
    const r = await api("POST", `${base(e.id)}/preview`, b);
    if (mine !== asked) return; // typed on meanwhile
    if (r.status === 201) { whists.textContent = whistsText(r.json.whists); said(r.json.words.join(" "), "muted"); }
    else { whists.textContent = ""; said(messages(r), "error"); }
  };
  const store = async () => {
    const b = body();
    if (b.bad || !b.contract) { preview(); return false; }
    const r = await api("POST", `${base(e.id)}/rows`, b);
    if (r.status !== 201) { said(messages(r), "error"); return false; }
    entered = Object.assign({}, b, { whists: r.json.whists, contract: b.contract });
    whists.textContent = whistsText(r.json.whists);
    said(W.stored, "ok");
    tr.dispatchEvent(new CustomEvent("stored", { bubbles: true, detail: r.json.progress }));
    return true;
  };
  tr.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(preview, PREVIEW_MS); });
  tr.addEventListener("keydown", async (ev) => {
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    clearTimeout(timer);
    if (await store()) { // on to the next row's contract
      const next = tr.nextElementSibling && tr.nextElementSibling.querySelector(".g-contract");
      if (next) next.focus();
    }
  });
  return tr;
}

function gridForm(e) {
  const number = el("input", { type: "text", inputmode: "numeric", size: 3, cls: "grid-table", id: `grid-table-${e.id}`,
    autocomplete: "off" });
  const reason = el("input", { type: "text", cls: "grid-reason", id: `grid-reason-${e.id}`, autocomplete: "off" });
  const said = el("div", { cls: "said" });
  const holder = el("div", { cls: "grid-holder" });
  const open = async () => {
    const r = await api("GET", `${base(e.id)}/tables/${encodeURIComponent(number.value.trim())}`);
    if (r.status !== 200) { said.className = "error said"; said.textContent = messages(r); holder.replaceChildren(); return; }
    said.className = "muted said";
    said.textContent = W.grid_help;
    const data = r.json;
    const head = el("tr", {}, [W.round, W.deal, W.contract, W.declarer].map((w) => el("th", {}, w)),
      data.seats.map((s) => el("th", {}, s)), el("th", {}, W.whists), el("th", {}, ""));
    const rows = data.rows.map((row) => gridRow(e, data.table, data, row, reason));
    holder.replaceChildren(el("table", { cls: "grid", "data-table": data.table }, el("thead", {}, head), el("tbody", {}, rows)));
    const first = rows.find((tr) => !tr.querySelector(".g-state.ok")) || rows[0];
    if (first) first.querySelector(".g-contract").focus();
  };
  number.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); open(); } });
  // a row of a table's protocol shown: the table opened, the cursor in that row
  const show = async (table, round, deal) => {
    number.value = String(table);
    await open();
    const tr = holder.querySelector(`tr[data-round="${round}"][data-deal="${deal}"]`);
    if (!tr) return;
    tr.classList.add("marked");
    tr.scrollIntoView({ block: "center" });
    tr.querySelector(".g-contract").focus();
  };
  const element = el("div", { cls: "paper-grid" },
    el("label", { for: number.id }, W.grid), number,
    el("label", { for: reason.id }, W.correct_reason), reason, said, holder);
  return { element, show };
}

function paperSection(e) {
  const grid = gridForm(e);
  return el("div", { cls: "paper", "data-evening": e.id }, el("h3", {}, W.paper), uploadForm(e, grid.show), grid.element);
}

parts.evening.push(paperSection);
