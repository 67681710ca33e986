// A table's page: the table enters its rows (and the layouts of deals dealt at the table), sees what is stored.
import { D, W, app, el, api, summaryBlock, button, pocketName } from "/shared.js";

const CLOCKWISE = ["N", "E", "S", "W"];

// busy: a row or layout is on its way (its button is disabled: a second tap sends nothing); notice: {deal, text}
// shown under that deal's row until the next action
const T = { rows: [], round: null, deal: null, form: null, preview: null, error: null, saved: null, lay: null, busy: false, notice: null };

function blankForm() { return { contract: null, dark: false, declarer: null, defence: {}, tricks: {}, conceded: null, reason: "" }; }

function kind(f) {
  if (!f.contract) return null;
  if (f.contract === "pass") return "allpass";
  if (f.contract === "misere") return "misere";
  return "game";
}

function rowOf(deal) { return T.rows.find((r) => r.round === T.round && r.deal === deal); }

function dealsOf(round) { return T.rows.filter((r) => r.round === round); }

function defenders(active, declarer) {
  const order = CLOCKWISE.filter((s) => active.includes(s));
  const i = order.indexOf(declarer);
  return [order[(i + 1) % 3], order[(i + 2) % 3]];
}

function trickSeats(f, active) {
  const k = kind(f);
  if (k === "allpass") return active;
  if (!f.declarer) return [];
  if (k === "misere") return [f.declarer];
  if (f.conceded) return [];
  const whisting = defenders(active, f.declarer).filter((s) => f.defence[s] === "whist");
  return whisting.length ? [f.declarer, ...whisting] : [];
}

async function loadTable() {
  const r = await api("GET", `/api/tables/${D.table}?token=${encodeURIComponent(D.token)}`);
  if (r.status !== 200) { T.error = r.json ? r.json.error : W.error; renderTable(); return; }
  T.rows = r.json.rows;
  if (T.round === null || !dealsOf(T.round).length) {
    const open = T.rows.find((x) => !x.entered && (!x.closed || D.director));
    T.round = open ? open.round : T.rows[T.rows.length - 1].round;
  }
  pickDeal();
  renderTable();
}

function pickDeal() {
  const missing = dealsOf(T.round).find((x) => !x.entered);
  T.deal = missing ? missing.deal : null;
  T.form = blankForm();
  T.preview = null;
}

function section(field, title, ...kids) {
  return el("div", { cls: "row" + (T.error && T.errorField === field ? " bad" : ""), "data-field": field },
    el("div", { cls: "muted" }, title), ...kids);
}

function set(change) {
  return () => { change(T.form); T.preview = null; T.error = null; renderTable(); };
}

function formView(row) {
  const f = T.form;
  const active = D.active[row.dealer];
  const out = [];
  const games = [];
  for (const level of D.levels) for (const strain of D.strains) {
    const c = `${level}${strain}`;
    const red = strain === "♦" || strain === "♥";
    games.push(button(c, f.contract === c, set((g) => { g.contract = c; g.conceded = null; }), { "data-contract": c, style: red && f.contract !== c ? "color: #c00" : null }));
  }
  out.push(section("contract", W.contract, el("div", { cls: "grid5" }, games),
    el("div", {},
      button(W.misere, f.contract === "misere", set((g) => { g.contract = "misere"; g.dark = false; }), { "data-contract": "misere" }),
      button(W.allpass, f.contract === "pass", set((g) => { g.contract = "pass"; g.declarer = null; g.dark = false; }), { "data-contract": "pass" }))));
  if (D.dark && kind(f) === "game") {
    out.push(section("dark", "", button(W.dark, f.dark, set((g) => { g.dark = !g.dark; }), { "data-dark": "1" })));
  }
  if (kind(f) === "game" || kind(f) === "misere") {
    out.push(section("declarer", W.declarer, active.map((s) =>
      button(`${s} ${row.seats[s] || ""}`, f.declarer === s, set((g) => { g.declarer = s; g.defence = {}; g.tricks = {}; }),
        { "data-declarer": s }))));
  }
  if (D.concession && kind(f) === "game" && f.declarer) {
    const level = parseInt(f.contract, 10);
    out.push(section("conceded", W.conceded, el("div", { cls: "grid6" }, [...Array(level).keys()].map((i) =>
      button(String(i + 1), f.conceded === i + 1, set((g) => { g.conceded = g.conceded === i + 1 ? null : i + 1; g.defence = {}; g.tricks = {}; }),
        { "data-conceded": i + 1 })))));
  }
  if (kind(f) === "game" && f.declarer && !f.conceded) {
    const level = parseInt(f.contract, 10);
    const answers = [["whist", W.whist], ["pass", W.pass]].concat(level <= 7 ? [["half", W.half]] : []);
    out.push(section("defence", W.defence, defenders(active, f.declarer).map((s) =>
      el("div", {}, el("b", {}, `${s} ${row.seats[s] || ""}: `), answers.map(([word, label]) =>
        button(label, f.defence[s] === word, set((g) => { g.defence[s] = word; }), { "data-defence": `${s}-${word}` }))))));
  }
  const seats = trickSeats(f, active);
  if (seats.length) {
    out.push(section("tricks", W.tricks, seats.map((s) => el("div", {}, el("b", {}, W.tricks_of.replace("{seat}", `${s} ${row.seats[s] || ""}`.trim())),
      el("div", { cls: "grid6" }, [...Array(11).keys()].map((n) =>
        button(String(n), f.tricks[s] === n, set((g) => { g.tricks[s] = n; }), { "data-tricks": `${s}-${n}` })))))));
  }
  if (D.director) {
    out.push(section("reason", W.reason, el("input", { type: "text", id: "reason", value: f.reason,
      on: { input: (e) => { f.reason = e.target.value; } } })));
  }
  if (T.preview) out.push(el("div", { cls: "ok", id: "preview" }, T.preview.words.map((line) => el("div", {}, line))));
  if (T.error) out.push(el("p", { cls: "error", id: "error" }, T.error));
  if (T.preview) out.push(button(W.confirm, false, save, { cls: "go", id: "confirm", disabled: T.busy }));
  else out.push(button(W.check, false, preview, { cls: "go", id: "check", disabled: !f.contract || T.busy }));
  return out;
}

function body() {
  const f = T.form;
  const k = kind(f);
  const tricks = {};
  const active = D.active[rowOf(T.deal).dealer];
  for (const s of trickSeats(f, active)) if (f.tricks[s] !== undefined) tricks[s] = f.tricks[s];
  const down = f.conceded ? (document.documentElement.lang === "ru" ? " без " : " down ") + f.conceded : "";
  const contract = k === "allpass" ? "pass" : k === "misere" ? "misere" : f.contract + down;
  const defence = {};
  if (k === "game" && f.declarer && !f.conceded) for (const s of defenders(active, f.declarer)) if (f.defence[s]) defence[s] = f.defence[s];
  const b = { token: D.token, table: D.table, round: T.round, deal: T.deal, contract, tricks, defence, dark: !!f.dark };
  if (k !== "allpass") b.declarer = f.declarer;
  if (rowOf(T.deal).entered) b.correct = true;
  if (D.director && f.reason) b.reason = f.reason;
  return b;
}

// Sends a request once: its button (by id) disabled until the answer, a tap meanwhile ignored.
async function once(id, send) {
  if (T.busy) return null;
  T.busy = true;
  T.notice = null;
  const b = document.getElementById(id);
  if (b) b.disabled = true;
  try { return await send(); } finally { T.busy = false; }
}

async function preview() {
  const deal = T.deal, known = !!rowOf(T.deal).entered;
  const r = await once("check", () => api("POST", "/api/preview", body(), W.offline_check));
  if (!r) return;
  if (r.status === 200 && r.json.same && !known) { await stored(deal, W.saved); return; } // its answer was lost
  if (r.status === 200 && r.json.entered && !known) { await enteredElsewhere(deal); return; }
  if (r.status === 200) { T.preview = r.json; T.error = null; }
  else { T.error = r.json ? r.json.error : W.error; T.errorField = r.json && r.json.field; }
  renderTable();
}

async function save() {
  const deal = T.deal;
  const r = await once("confirm", () => api("POST", "/api/rows", body(), W.offline_row));
  if (!r) return;
  if (r.status === 201 || (r.status === 200 && r.json.same)) { await stored(deal, W.saved); return; }
  if (r.status === 409) { await enteredElsewhere(deal); return; }
  T.error = r.json ? r.json.error : W.error;
  T.errorField = r.json && r.json.field;
  if (r.status !== 0) T.preview = null; // the server not reached: the same row is sent again with the same button
  renderTable();
}

// The deal's row (or layout) is stored: said under the page, which shows the next deal to enter. A row sent
// again after its answer was lost on the way is answered «same», and is told stored as well.
async function stored(deal, what) {
  T.saved = `${W.deal} ${deal}: ${what}`;
  T.error = null;
  T.lay = null;
  await loadTable();
}

// The deal's row (or its layout) was stored meanwhile, from another phone: the
// page shows what is stored, with its «Исправить» (a layout: if this table or the director may correct it),
// and says so under it.
async function enteredElsewhere(deal, layout) {
  T.error = null;
  T.preview = null;
  T.lay = null;
  await loadTable();
  const row = T.rows.find((r) => r.deal === deal && r.layout && r.layout.entered);
  const theirs = layout && row && !D.director && row.layout.entered.by !== `table ${D.table}`;
  T.notice = { deal, text: !layout ? W.entered_elsewhere : theirs ? W.layout_entered_theirs : W.layout_entered_elsewhere };
  renderTable();
}

// ------------------------------------------------------------------ a layout dealt at the table

const POCKET_SIZE = (p) => (p.startsWith("talon") ? 1 : 10);

function openLayout(row) {
  const cards = {};
  const entered = row.layout.entered;
  if (entered) {  // a correction starts from what is stored
    for (const [p, text] of Object.entries(entered.pockets)) for (const c of parseCards(text)) cards[c] = p;
  }
  T.lay = { deal: row.deal, pockets: row.layout.pockets, current: row.layout.pockets[0], cards, correct: !!entered };
  T.error = null;
  T.notice = null;
  renderTable();
}

function parseCards(text) {  // "♠Т ♠К ♦7" -> ["0-7", "0-6", "2-0"] (suit-rank, ranks low to high)
  const out = [];
  let suit = null;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    let t = token;
    if (D.suits.includes(t[0])) { suit = D.suits.indexOf(t[0]); t = t.slice(1); }
    const rank = D.ranks.indexOf(t);
    if (suit !== null && rank >= 0) out.push(`${suit}-${rank}`);
  }
  return out;
}

function pocketText(p) {
  const mine = Object.entries(T.lay.cards).filter(([, q]) => q === p).map(([c]) => c.split("-").map(Number));
  mine.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  return mine.map(([suit, rank]) => D.suits[suit] + D.ranks[rank]).join(" ");
}

function countOf(p) { return Object.values(T.lay.cards).filter((q) => q === p).length; }

function tapCard(c) {
  const L = T.lay;
  if (L.cards[c] === L.current) delete L.cards[c];
  else if (countOf(L.current) < POCKET_SIZE(L.current)) L.cards[c] = L.current;
  if (countOf(L.current) === POCKET_SIZE(L.current)) {  // full: on to the next pocket not full
    const next = L.pockets.find((p) => countOf(p) < POCKET_SIZE(p));
    if (next) L.current = next;
  }
  T.error = null;
  renderTable();
}

function layoutView() {
  const L = T.lay;
  const out = [el("p", { cls: "muted" }, W.layout_help)];
  out.push(el("div", { cls: "grid3" }, L.pockets.map((p) =>
    button(`${pocketName(p)} ${countOf(p)}/${POCKET_SIZE(p)}`, L.current === p, () => { L.current = p; renderTable(); }, { "data-pocket": p }))));
  const grid = [];
  for (let suit = 0; suit < 4; suit++) {
    for (let rank = 7; rank >= 0; rank--) {
      const c = `${suit}-${rank}`;
      const at = L.cards[c];
      const red = suit === 2 || suit === 3;
      grid.push(button([D.suits[suit] + D.ranks[rank], at ? el("small", {}, at.startsWith("talon") ? W.talon_top.split(",")[0] : at) : null],
        at === L.current, () => tapCard(c),
        { "data-card": c, cls: (at === L.current ? "on" : at ? "taken" : "") + (red ? " red" : "") }));
    }
  }
  out.push(el("div", { cls: "grid8" }, grid));
  out.push(el("div", { cls: "ok", id: "layout-preview" }, L.pockets.map((p) => el("div", {}, `${pocketName(p)}: ${pocketText(p) || "—"}`))));
  if (D.director) {
    out.push(section("reason", W.reason, el("input", { type: "text", id: "reason", value: L.reason || "",
      on: { input: (e) => { L.reason = e.target.value; } } })));
  }
  if (T.error) out.push(el("p", { cls: "error", id: "error" }, T.error));
  const full = L.pockets.every((p) => countOf(p) === POCKET_SIZE(p));
  out.push(button(W.layout_save, false, saveLayout, { cls: "go", id: "save-layout", disabled: !full || T.busy }));
  return out;
}

async function saveLayout() {
  const L = T.lay;
  const pockets = {};
  for (const p of L.pockets) pockets[p] = pocketText(p);
  const b = { token: D.token, table: D.table, deal: L.deal, pockets };
  if (L.correct) b.correct = true;
  if (D.director && L.reason) b.reason = L.reason;
  const r = await once("save-layout", () => api("POST", "/api/layouts", b, W.offline_layout));
  if (!r) return;
  if (r.status === 409) { await enteredElsewhere(L.deal, true); return; }
  if (r.status === 201 || (r.status === 200 && r.json.same)) { await stored(L.deal, W.layout_saved); return; }
  T.error = r.json ? r.json.error : W.error;
  renderTable();
}

function layoutLine(row, closed) {
  if (!row.layout) return null;
  const entered = row.layout.entered;
  const mineToFix = entered && (D.director || entered.by === `table ${D.table}`);
  const line = el("div", { cls: "layout", id: `layout-${row.deal}` }, el("span", { cls: "muted" }, `${W.layout}: `),
    entered ? el("span", { cls: "done" }, row.layout.pockets.map((p) => el("span", { cls: "line" }, `${pocketName(p)}: ${entered.pockets[p]}`)))
      : el("span", { cls: "missing" }, W.layout_missing));
  if (!closed && (!entered || mineToFix) && !(T.lay && T.lay.deal === row.deal)) {
    line.append(button(entered ? W.correct : W.layout_enter, false, () => openLayout(row), { "data-layout": row.deal }));
  }
  return line;
}

function renderTable() {
  app.replaceChildren();
  if (!T.rows.length) { if (T.error) app.append(el("p", { cls: "error" }, T.error)); return; }
  const rounds = [...new Set(T.rows.map((r) => r.round))];
  app.append(el("div", {}, rounds.map((n) => button(`${W.round} ${n}`, n === T.round,
    () => { T.round = n; T.error = null; T.notice = null; pickDeal(); renderTable(); }, { "data-round": n }))));
  const deals = dealsOf(T.round);
  const first = deals[0];
  app.append(el("h2", {}, `${W.round} ${T.round}`));
  app.append(el("div", { id: "seats" }, el("div", { cls: "muted" }, W.seats), Object.entries(first.seats).map(([s, p]) =>
    el("div", {}, el("b", {}, s), ` ${p} ${D.names[p] || ""}`))));
  const closed = first.closed && !D.director;
  if (first.closed) app.append(el("p", { cls: "error" }, W.closed));
  if (T.saved) { app.append(el("p", { cls: "ok", id: "saved" }, T.saved)); T.saved = null; }
  let form = false;
  for (const row of deals) {
    const line = el("div", { cls: "deal", id: `deal-${row.deal}` },
      el("b", {}, `${W.deal} ${row.deal}`), ` (${W.dealer} ${row.dealer}): `,
      row.entered ? summaryBlock(row.entered) : el("span", { cls: "missing" }, W.missing));
    if (row.entered && !closed && T.deal !== row.deal) {
      line.append(button(W.correct, false, () => { T.deal = row.deal; T.form = blankForm(); T.preview = null; T.error = null; T.notice = null; renderTable(); },
        { "data-correct": row.deal }));
    }
    app.append(line);
    const lay = layoutLine(row, closed);
    if (lay) app.append(lay);
    if (T.notice && T.notice.deal === row.deal) app.append(el("p", { cls: "warn", id: "notice" }, T.notice.text));
    if (T.lay && T.lay.deal === row.deal && !closed) {
      app.append(el("div", { id: "layout-form" }, el("h2", {}, `${W.layout} · ${W.deal} ${row.deal}`), layoutView()));
      form = true;
    }
    if (row.deal === T.deal && !closed && !T.lay) {
      app.append(el("div", { id: "form" }, el("h2", {}, `${W.deal} ${row.deal} · ${W.dealer} ${row.dealer}`), formView(row)));
      form = true;
    }
  }
  if (T.error && !form) app.append(el("p", { cls: "error", id: "error" }, T.error));
  if (deals.every((r) => r.entered) && T.deal === null) {
    const moves = T.round === D.last_round ? [] : D.moves[`${T.round}/${D.table}`] || []; // the last: nobody moves
    app.append(el("div", { cls: "ok", id: "done" }, el("b", {}, moves.length ? W.round_done : W.session_done),
      moves.map((m) => el("div", {}, m))));
  }
}

// The table's rows looked at again every D.poll ms: the page says while the server is out of reach (before a
// button is pressed), and shows what changed meanwhile — a row from another phone, a correction, a round
// closed — unless something is being entered, which is never redrawn under the player's fingers.
let looking = false;
function untouched() {
  const a = document.activeElement;
  return !T.preview && !T.lay && !T.busy && JSON.stringify(T.form) === JSON.stringify(blankForm())
    && !(a && (a.tagName === "INPUT" || a.tagName === "TEXTAREA"));
}

async function pollTable() {
  if (looking || T.busy || document.hidden) return;
  looking = true;
  try {
    if (!T.rows.length) { // the first load failed (the server out of reach): load again, say so meanwhile
      T.error = null;
      await loadTable();
      document.getElementById("offline").hidden = T.rows.length > 0;
      return;
    }
    const r = await api("GET", `/api/tables/${D.table}?token=${encodeURIComponent(D.token)}`, null, W.offline, D.poll);
    document.getElementById("offline").hidden = r.status !== 0;
    if (r.status !== 200 || JSON.stringify(r.json.rows) === JSON.stringify(T.rows) || !untouched()) return;
    const was = T.deal !== null && rowOf(T.deal).entered;
    T.rows = r.json.rows;
    if (T.deal !== null && !was && rowOf(T.deal).entered) { // the deal about to be entered, entered elsewhere
      T.notice = { deal: T.deal, text: W.entered_elsewhere };
      pickDeal();
    }
    renderTable();
  } finally {
    looking = false;
  }
}

loadTable();
setInterval(pollTable, D.poll);
