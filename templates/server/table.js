// A table's page: the table enters its rows (and the layouts of deals dealt at the table), sees what is stored.
import { D, W, app, el, api, QUICK, summaryBlock, button, pocketName } from "/shared.js";

const CLOCKWISE = ["N", "E", "S", "W"];

// busy: a row or layout is on its way (its button is disabled: a second tap sends nothing); notice: {deal, text}
// shown under that deal's row until the next action; missing: [[round, deal], …] of rounds over that this table
// has not entered, clock: {round, started_at, minutes_left, paused}, both as the server gives them (absent: null);
// offline: the last request of the page was not answered; ahead: rounds ahead of the clock the table said it
// enters anyway
const T = { rows: [], round: null, deal: null, form: null, preview: null, error: null, saved: null, lay: null, busy: false,
  notice: null, missing: [], clock: null, offline: false, ahead: new Set() };

// ------------------------------------------------------------------ what is typed, kept on the phone until the server has it

// Every row, correction and layout confirmed is kept here first (localStorage: kept through a reload) and forgotten
// once the server has it; while the server is out of reach a table enters as many as it likes. The kept are sent by
// themselves in the order they were typed, one at a time; the server answers one it stored already «same», so one
// sent again (its answer lost on the way) is never stored twice. One the server refuses stays kept with the
// server's reason, shown under its deal to be entered again, and is not sent again as it is.
// An entry: {id, kind: "row" | "layout", row: the request's body, whists: those of the server's preview, or null
// (typed without a connection), tried: sent at least once, refused: the server's reason or null, field: its field}.
const KEPT = `prefprint:rows:${location.host}:${D.table}:${D.token}`;
let memory = null; // the kept entries where localStorage cannot hold them: the page's copy

function kept() {
  let list = memory;
  if (!list) { try { list = JSON.parse(localStorage.getItem(KEPT)) || []; } catch (e) { list = []; } }
  return list.map((k) => Object.assign({ kind: "row", whists: null, tried: true, refused: null, field: null }, k,
    { id: k.id || `old/${k.row.round}/${k.row.deal}` })); // {row, whists} kept by the page before: tried, perhaps
}

function keep(list) {
  try {
    if (list.length) localStorage.setItem(KEPT, JSON.stringify(list)); else localStorage.removeItem(KEPT);
    memory = null;
  } catch (e) { memory = list; }
  renderWaiting();
}

const keyOf = (k) => (k.kind === "layout" ? `layout/${k.row.deal}` : `row/${k.row.round}/${k.row.deal}`);

function keptFor(kind, round, deal) { return kept().find((k) => keyOf(k) === keyOf({ kind, row: { round, deal } })); }

function pendingFor(kind, round, deal) { const k = keptFor(kind, round, deal); return k && !k.refused ? k : null; }

function refusedFor(kind, round, deal) { const k = keptFor(kind, round, deal); return k && k.refused ? k : null; }

// A row or layout confirmed, kept: it takes the place of one kept for the same deal, and corrects it if that one
// may have reached the server (sent, not refused).
function keepEntry(kind, row, whists) {
  const list = kept();
  const k = { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, kind, row, whists, tried: false, refused: null, field: null };
  const i = list.findIndex((x) => keyOf(x) === keyOf(k));
  if (i < 0) list.push(k);
  else {
    if (list[i].row.correct || (list[i].tried && !list[i].refused)) k.row = Object.assign({}, row, { correct: true });
    list[i] = k;
  }
  keep(list);
  return k;
}

function update(id, change) {
  const list = kept();
  const k = list.find((x) => x.id === id);
  if (k) { change(k); keep(list); }
}

function forget(id) { keep(kept().filter((k) => k.id !== id)); }

function renderWaiting() {
  const n = kept().filter((k) => !k.refused).length;
  const note = document.getElementById("waiting");
  if (!note) return;
  note.hidden = !n;
  note.textContent = n ? `${n} ${D.waiting[new Intl.PluralRules(document.documentElement.lang).select(n)] || D.waiting.other}` : "";
}

// The page's words said when a request is not answered: an error saying so goes once a request is answered again.
const OFFLINE_WORDS = ["offline", "offline_row", "offline_layout", "offline_check", "offline_change"];

function offline(yes) {
  T.offline = yes;
  document.getElementById("offline").hidden = !yes;
  if (!yes && T.error && OFFLINE_WORDS.some((w) => W[w] === T.error)) { T.error = null; if (T.rows.length) renderTable(); }
}

// A request of the table's page: unanswered within QUICK ms it has failed, and «нет связи» is said at the top
async function ask(method, url, body, words) {
  const r = await api(method, url, body, words, QUICK);
  offline(r.status === 0);
  return r;
}

const acknowledged = (r) => r.status === 201 || (r.status === 200 && !!r.json && !!r.json.same);
const later = (r) => r.status === 0 || r.status === 429 || r.status >= 500; // not answered, or not now: sent again later

let sending = false;
const flying = new Set(); // the ids of the entries whose request is on its way: the next waits for its answer

// The next entry to send: the oldest not refused, none while one is on its way (they go one at a time, in order).
function nextKept() { return flying.size ? null : kept().find((k) => !k.refused) || null; }

// An entry sent: acknowledged (or another row of the deal stored meanwhile: 409), it is forgotten; refused, it is
// kept with the server's reason; not answered, it stays as it was.
async function deliver(k) {
  update(k.id, (x) => { x.tried = true; });
  flying.add(k.id);
  let r;
  try {
    r = await ask("POST", k.kind === "layout" ? "/api/layouts" : "/api/rows", k.row, k.kind === "layout" ? W.offline_layout : W.offline_row);
  } finally { flying.delete(k.id); }
  if (later(r)) return r;
  if (acknowledged(r) || r.status === 409) forget(k.id);
  else update(k.id, (x) => { x.refused = (r.json && r.json.error) || W.error; x.field = (r.json && r.json.field) || null; });
  return r;
}

// The kept entries sent, oldest first, until one is not answered.
async function sendKept() {
  if (sending || !nextKept()) return;
  sending = true;
  let answered = false;
  try {
    for (let k = nextKept(); k; k = nextKept()) {
      const r = await deliver(k);
      if (later(r)) break;
      answered = true;
      const layout = k.kind === "layout";
      if (acknowledged(r)) T.saved = `${W.deal} ${k.row.deal}: ${layout ? W.layout_saved : W.saved}`;
      else if (r.status === 409) T.notice = { deal: k.row.deal, text: layout ? W.layout_entered_elsewhere : W.entered_elsewhere };
    }
  } finally {
    sending = false;
  }
  if (answered) await refresh();
}

// A confirmed entry goes at once, its button saying so, when the server answered the last request and nothing
// kept waits before it; else after those, by itself.
function directly(k) {
  const first = nextKept();
  return !T.offline && !sending && !!first && first.id === k.id;
}

// A kept row as the page shows it: the contract in words, the whists of the preview (null: not known yet)
function shown(k) {
  const c = k.row.contract;
  return Object.assign({}, k.row, { contract: c === "pass" ? W.allpass : c === "misere" ? W.misere : c, whists: k.whists });
}

function tableOf(json) { // the table's answer: its rows alone, or {rows, missing, clock}
  if (Array.isArray(json)) return { rows: json, missing: [], clock: null };
  return { rows: json.rows || [], missing: json.missing || [], clock: json.clock || null };
}

// The table's rows looked at again without touching what is being entered (the form stays as it is).
async function refresh() {
  const r = await ask("GET", tablePath(), null, W.offline);
  if (r.status !== 200) return;
  Object.assign(T, tableOf(r.json));
  // the deal being entered stored meanwhile, or none left to enter (a kept row refused comes back to be entered)
  if (untouched() && (T.deal === null || (rowOf(T.deal) && rowOf(T.deal).entered))) pickDeal();
  renderTable();
}

function tablePath() { return `/api/tables/${D.table}?token=${encodeURIComponent(D.token)}`; }

function blankForm() { return { contract: null, dark: false, declarer: null, defence: {}, tricks: {}, conceded: null, reason: "" }; }

// The form filled with a stored (or kept) row, for «Исправить»: "7♠", "6♠ без 3", "мизер", "pass" as the phone sent them.
function formOf(row) {
  const f = blankForm();
  const c = String(row.contract || "");
  if (c === "pass" || c === "—") f.contract = "pass";
  else if (!/^\d/.test(c)) f.contract = "misere";
  else {
    const level = parseInt(c, 10);
    const rest = c.slice(String(level).length).trim();
    const strain = D.strains.find((x) => rest.startsWith(x)) || (rest.startsWith("БК") || rest.startsWith("NT") ? D.strains[D.strains.length - 1] : null);
    f.contract = strain ? `${level}${strain}` : null;
    const down = /\s(\d+)$/.exec(rest);
    if (down) f.conceded = parseInt(down[1], 10);
  }
  f.dark = !!row.dark;
  f.declarer = row.declarer || null;
  f.defence = Object.assign({}, row.defence || {});
  f.tricks = Object.assign({}, row.tricks || {});
  return f;
}

function kind(f) {
  if (!f.contract) return null;
  if (f.contract === "pass") return "allpass";
  if (f.contract === "misere") return "misere";
  return "game";
}

// who deals: «сдаёт» at a table of 4 (he sits out), «первая рука» at a table of 3, as the results site says
function dealerWord() { return D.table_size === 3 ? W.first_hand : W.dealer; }

function rowOf(deal) { return T.rows.find((r) => r.round === T.round && r.deal === deal); }

function done(r) { return r.entered || pendingFor("row", r.round, r.deal); } // entered, or kept on the phone to be sent

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
  const r = await ask("GET", tablePath(), null, W.offline);
  if (r.status !== 200) { T.error = r.json ? r.json.error : W.error; renderTable(); return; }
  Object.assign(T, tableOf(r.json));
  if (T.round === null || !dealsOf(T.round).length) {
    const open = T.rows.find((x) => !done(x) && (!x.closed || D.director));
    T.round = open ? open.round : T.rows[T.rows.length - 1].round;
  }
  pickDeal();
  renderTable();
}

function pickDeal() {
  const missing = dealsOf(T.round).find((x) => !done(x));
  T.deal = missing ? missing.deal : null;
  const refused = missing && refusedFor("row", T.round, missing.deal);
  T.form = refused ? formOf(refused.row) : blankForm(); // a kept row the server refused: typed once, shown again
  T.preview = null;
}

function section(field, title, ...kids) {
  const refused = T.deal !== null && refusedFor("row", T.round, T.deal);
  const bad = (T.error && T.errorField === field) || (refused && refused.field === field);
  return el("div", { cls: "row" + (bad ? " bad" : ""), "data-field": field },
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
  if (T.preview && T.preview.offline) { // typed without a connection: the row as typed, the whists once the server has it
    out.push(el("div", { cls: "warn", id: "preview" }, el("p", { cls: "offline-note" }, W.offline_preview), summaryBlock(shown(T.preview))));
  } else if (T.preview) out.push(el("div", { cls: "ok", id: "preview" }, T.preview.words.map((line) => el("div", {}, line))));
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
  if (b) { b.disabled = true; b.textContent = W.sending; } // said at once, before any answer
  try { return await send(); } finally { T.busy = false; }
}

// A round ahead of the clock is entered only once the table said so (a deal or two of the next round entered by
// mistake would be refused at the next table's turn).
function aheadConfirmed() {
  const c = T.clock;
  if (!c || c.round == null || D.director || T.round <= c.round || T.ahead.has(T.round)) return true;
  if (!window.confirm(W.ahead.replace("{round}", T.round).replace("{now}", c.round))) return false;
  T.ahead.add(T.round);
  return true;
}

// «Посчитать»: the server's words and whists of the row, to confirm. Not answered, the row is shown as typed, to be
// kept on the phone all the same; while the server is known out of reach that is shown at once, and the whists
// the server gives meanwhile replace it.
async function preview() {
  const deal = T.deal, row = body();
  const known = !!rowOf(deal).entered || !!pendingFor("row", T.round, deal); // a kept row corrected: not «elsewhere»
  if (!aheadConfirmed()) return;
  if (T.offline) {
    const typed = { offline: true, whists: null, row };
    T.preview = typed;
    T.error = null;
    renderTable();
    const r = await ask("POST", "/api/preview", row, W.offline_check);
    if (T.preview === typed && T.deal === deal && r.status !== 0) await previewed(r, deal, known);
    return;
  }
  const r = await once("check", () => ask("POST", "/api/preview", row, W.offline_check));
  if (!r) return;
  if (r.status === 0) { T.preview = { offline: true, whists: null, row }; T.error = null; renderTable(); return; }
  await previewed(r, deal, known);
}

async function previewed(r, deal, known) {
  if (r.status === 200 && r.json.same && !known) { await stored(deal, W.saved); return; } // its answer was lost
  if (r.status === 200 && r.json.entered && !known) { await enteredElsewhere(deal); return; }
  if (r.status === 200) { T.preview = r.json; T.error = null; }
  else { T.preview = null; T.error = r.json ? r.json.error : W.error; T.errorField = r.json && r.json.field; }
  renderTable();
}

// «Верно — записать»: the row (or correction) is kept on the phone, then sent, and forgotten once the server has
// it. Sent at once when nothing kept waits before it and the server answered the last request: the button says
// «отправляется…» until the answer. Else, or not answered within QUICK ms, it stays kept, shown waiting under its
// deal, and the page goes on to the next deal: it is sent by itself, after those before it, when the server answers.
async function save() {
  if (!T.preview || T.busy) return;
  const deal = T.deal, k = keepEntry("row", body(), T.preview.whists || null);
  T.error = null;
  if (T.preview.offline || !directly(k)) { pickDeal(); renderTable(); sendKept(); return; }
  const r = await once("confirm", () => deliver(k));
  if (!r) return;
  if (later(r)) { pickDeal(); renderTable(); return; } // shown waiting under its deal
  if (acknowledged(r)) { await stored(deal, W.saved); sendKept(); return; }
  if (r.status === 409) { await enteredElsewhere(deal); return; }
  T.preview = null; // refused (the round closed meanwhile): said under its deal, the form as typed
  renderTable();
}

// The deal's row (or layout) is stored: said under the page, which shows the next deal to enter. A row sent
// again after its answer was lost on the way is answered «same», and is told stored as well.
async function stored(deal, what) {
  T.saved = `${W.deal} ${deal}: ${what}`;
  T.error = null;
  T.lay = null;
  Object.assign(T, { deal: null, form: blankForm(), preview: null }); // the rows not loaded: no form till they are
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
  const k = keptFor("layout", row.round, row.deal); // kept on the phone (waiting, or refused): what was typed
  const from = k ? k.row.pockets : entered ? entered.pockets : {}; // a correction starts from what is stored
  for (const [p, text] of Object.entries(from)) for (const c of parseCards(text)) cards[c] = p;
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

// A layout confirmed is kept on the phone and sent as a row is (save): at once, or by itself when the server answers.
async function saveLayout() {
  if (T.busy) return;
  const L = T.lay;
  const pockets = {};
  for (const p of L.pockets) pockets[p] = pocketText(p);
  const b = { token: D.token, table: D.table, deal: L.deal, pockets };
  if (L.correct) b.correct = true;
  if (D.director && L.reason) b.reason = L.reason;
  const k = keepEntry("layout", b, null);
  if (!directly(k)) { T.lay = null; T.error = null; renderTable(); sendKept(); return; }
  const r = await once("save-layout", () => deliver(k));
  if (!r) return;
  if (later(r)) { T.lay = null; T.error = null; renderTable(); return; } // shown waiting under its deal
  if (r.status === 409) { await enteredElsewhere(L.deal, true); return; }
  if (acknowledged(r)) { await stored(L.deal, W.layout_saved); sendKept(); return; }
  T.error = r.json ? r.json.error : W.error; // the engine's words: the cards stay as tapped, to be put right
  renderTable();
}

// A deal's layout: stored, kept on the phone to be sent, or not entered; one the server refused, with its reason.
function layoutLine(row, closed) {
  if (!row.layout) return null;
  const entered = row.layout.entered;
  const waiting = pendingFor("layout", row.round, row.deal), refused = refusedFor("layout", row.round, row.deal);
  const mineToFix = entered && (D.director || entered.by === `table ${D.table}`);
  const pockets = (given) => el("span", { cls: "done" }, row.layout.pockets.map((p) => el("span", { cls: "line" }, `${pocketName(p)}: ${given[p]}`)));
  const open = T.lay && T.lay.deal === row.deal;
  const line = el("div", { cls: "layout", id: `layout-${row.deal}` }, el("span", { cls: "muted" }, `${W.layout}: `),
    entered ? pockets(entered.pockets) : waiting ? null : el("span", { cls: "missing" }, W.layout_missing),
    waiting ? [el("span", { cls: "warn waiting" }, W.layout_waiting), pockets(waiting.row.pockets)] : null);
  if (!closed && (!entered || mineToFix || waiting || refused) && !open) {
    line.append(button(entered || waiting ? W.correct : W.layout_enter, false, () => openLayout(row), { "data-layout": row.deal }));
  }
  const why = refused && !open && el("p", { cls: "error", id: `layout-refused-${row.deal}` }, W.layout_refused.replace("{error}", refused.refused));
  return [line, why];
}

// The rows of rounds over that the table has not entered (the server's "missing"), a line a round, with a button
// to that round while the table may still enter them; those kept on the phone are not missing.
function missingView() {
  const byRound = new Map();
  for (const [round, deal] of T.missing) {
    const row = T.rows.find((r) => r.round === round && r.deal === deal);
    if (row && done(row)) continue;
    byRound.set(round, (byRound.get(round) || []).concat([deal]));
  }
  return [...byRound].map(([round, deals]) => {
    const closed = T.rows.some((r) => r.round === round && r.closed) && !D.director;
    const text = W.rows_not_entered.replace("{round}", round).replace("{deals}", deals.join(", "));
    return el("div", { cls: "error", id: `missing-${round}` }, closed ? `${text} — ${W.missing_ask}` : [el("div", {}, text),
      button(W.go_enter, false, () => openRound(round), { "data-missing": round })]);
  });
}

// What the server refused of what was kept, in rounds other than the one shown: a line each, with a button to it.
function refusedView() {
  const roundOf = (k) => (k.kind === "row" ? k.row.round : (T.rows.find((r) => r.deal === k.row.deal) || {}).round);
  return kept().filter((k) => k.refused && roundOf(k) != null && roundOf(k) !== T.round).map((k) => {
    const why = (k.kind === "row" ? W.row_refused : W.layout_refused).replace("{error}", k.refused);
    return el("div", { cls: "error refused-elsewhere" }, el("div", {}, `${W.round} ${roundOf(k)} · ${W.deal} ${k.row.deal}: ${why}`),
      button(W.go_enter, false, () => openRound(roundOf(k)), { "data-refused": roundOf(k) }));
  });
}

function clockView() {
  const c = T.clock;
  if (!c || c.round == null || (!c.paused && c.minutes_left == null)) return null; // the round playing, on every round's page
  const text = c.paused ? W.round_clock_paused.replace("{round}", c.round)
    : W.round_clock_left.replace("{round}", c.round).replace("{n}", Math.max(0, Math.ceil(c.minutes_left)));
  return el("p", { cls: "muted", id: "clock" }, text);
}

function openRound(n) { T.round = n; T.error = null; T.notice = null; pickDeal(); renderTable(); }

function renderTable() {
  app.replaceChildren();
  renderWaiting();
  if (!T.rows.length) { if (T.error) app.append(el("p", { cls: "error" }, T.error)); return; }
  app.append(...missingView(), ...refusedView());
  const rounds = [...new Set(T.rows.map((r) => r.round))];
  app.append(el("div", {}, rounds.map((n) => button(`${W.round} ${n}`, n === T.round, () => openRound(n), { "data-round": n }))));
  const deals = dealsOf(T.round);
  const first = deals[0];
  app.append(el("h2", {}, `${W.round} ${T.round}`));
  const clock = clockView();
  if (clock) app.append(clock);
  app.append(el("div", { id: "seats" }, el("div", { cls: "muted" }, W.seats), Object.entries(first.seats).map(([s, p]) =>
    el("div", {}, el("b", {}, s), ` ${p} ${D.names[p] || ""}`))));
  const closed = first.closed && !D.director;
  if (first.closed) app.append(el("p", { cls: "error" }, W.closed));
  if (T.saved) { app.append(el("p", { cls: "ok", id: "saved" }, T.saved)); T.saved = null; }
  let form = false;
  for (const row of deals) {
    // stored, and (a correction) or else (a new row) kept on the phone to be sent; a kept one refused, with why
    const waiting = pendingFor("row", row.round, row.deal), refused = refusedFor("row", row.round, row.deal);
    const line = el("div", { cls: "deal", id: `deal-${row.deal}` },
      el("b", {}, `${W.deal} ${row.deal}`), ` (${dealerWord()} ${row.dealer}): `,
      row.entered ? summaryBlock(row.entered) : waiting ? null : el("span", { cls: "missing" }, W.missing),
      waiting ? [el("span", { cls: "warn waiting" }, W.row_waiting), summaryBlock(shown(waiting))] : null);
    if ((row.entered || waiting || refused) && !closed && T.deal !== row.deal) {
      const typed = waiting || refused; // what is kept is corrected, else what is stored
      line.append(button(W.correct, false, () => {
        T.deal = row.deal; T.form = formOf(typed ? typed.row : row.entered); T.preview = null; T.error = null; T.notice = null; renderTable();
      }, { "data-correct": row.deal }));
    }
    app.append(line);
    if (refused) app.append(el("p", { cls: "error", id: `refused-${row.deal}` }, W.row_refused.replace("{error}", refused.refused)));
    const lay = layoutLine(row, closed);
    if (lay) app.append(...lay.filter(Boolean));
    if (T.notice && T.notice.deal === row.deal) app.append(el("p", { cls: "warn", id: "notice" }, T.notice.text));
    if (T.lay && T.lay.deal === row.deal && !closed) {
      app.append(el("div", { id: "layout-form" }, el("h2", {}, `${W.layout} · ${W.deal} ${row.deal}`), layoutView()));
      form = true;
    }
    if (row.deal === T.deal && !closed && !T.lay) {
      app.append(el("div", { id: "form" }, el("h2", {}, `${W.deal} ${row.deal} · ${dealerWord()} ${row.dealer}`), formView(row)));
      form = true;
    }
  }
  if (T.error && !form) app.append(el("p", { cls: "error", id: "error" }, T.error));
  if (deals.every(done) && T.deal === null) {
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
    const r = await ask("GET", tablePath(), null, W.offline);
    if (r.status !== 200) return;
    const got = tableOf(r.json);
    if (JSON.stringify(got) === JSON.stringify({ rows: T.rows, missing: T.missing, clock: T.clock }) || !untouched()) return;
    const was = T.deal !== null && rowOf(T.deal).entered;
    Object.assign(T, got);
    if (T.deal !== null && !was && rowOf(T.deal).entered) { // the deal about to be entered, entered elsewhere
      T.notice = { deal: T.deal, text: W.entered_elsewhere };
      pickDeal();
    } else if (T.deal === null) pickDeal(); // no form open: the deal to enter now, if any
    renderTable();
  } finally {
    looking = false;
  }
}

loadTable().then(sendKept); // rows kept by this page before a reload go first
setInterval(pollTable, D.poll);
setInterval(sendKept, QUICK + 1000); // while rows are kept: each try fails within QUICK ms, the next starts after it
