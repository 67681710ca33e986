// The director's page: the clock, the tables now, the rows' progress by round, closing rounds, the ranking, the live
// site, the travellers, the corrections.
import { D, W, app, el, api, signed, decimal, summary, button, pocketName } from "/shared.js";

let version = null; // the rows' version the ranking and the corrections show
let drawn = null; // the rounds as last drawn: redrawn only when they change, so a button is never replaced under a click
let drawnRoom = null; // the tables as last drawn, likewise
const openDeals = new Set(); // the travellers the director opened: open again when they are drawn anew
let asking = false; // a poll waits for its answer: the next one is not sent beside it
let refreshing = false;

async function loadProgress() {
  if (asking) return;
  asking = true;
  try {
    const r = await api("GET", `/api/progress?token=${encodeURIComponent(D.token)}`);
    document.getElementById("offline").hidden = r.status !== 0; // what the page shows may be old: said while so
    if (r.status !== 200) return;
    const p = r.json;
    document.getElementById("count").textContent = `${p.rows} / ${p.of}`;
    document.getElementById("hide").textContent = p.hide_results ? W.show : W.hide;
    document.getElementById("hide").dataset.hidden = p.hide_results ? "1" : "";
    showClock(p.clock);
    const rounds = JSON.stringify([p.rounds, p.tables]);
    if (rounds !== drawn) drawRounds(p.rounds, p.tables);
    drawn = rounds;
    const room = JSON.stringify(p.tables);
    if (room !== drawnRoom) drawRoom(p.tables);
    drawnRoom = room;
    if (p.version !== version && !refreshing) refresh(p.version);
    showLive(p.live);
  } finally {
    asking = false;
  }
}

// The ranking and the corrections of the rows' version `v`; asked again at the next poll if either failed.
async function refresh(v) {
  refreshing = true;
  const done = await Promise.all([loadRanking(), loadAudit(), loadTravellers()]);
  refreshing = false;
  if (done.every(Boolean)) version = v;
}

// A director's action refused or not delivered: its reason shown under `where` (gone at the next that succeeds).
function failed(where, r) {
  const old = document.getElementById("action-error");
  if (old) old.remove();
  if (r && r.status === 200) return;
  (where || app).after(el("p", { cls: "error", id: "action-error" }, r.json ? r.json.error : W.error));
}

// The clock large: the round and the minutes left, when it was started, paused; the buttons that apply now.
function showClock(c) {
  const time = document.getElementById("clock-time");
  const note = document.getElementById("clock-note");
  const started = c.round !== null;
  const over = started && c.minutes_left === 0 && c.round === D.rounds;
  time.textContent = !started ? "—" : over ? `${W.round} ${c.round}` : `${W.round} ${c.round} · ${W.minutes_left.replace("{n}", c.minutes_left)}`;
  time.className = c.paused ? "paused" : "";
  note.textContent = !started ? W.clock_idle
    : [over ? W.clock_over : null, `${W.clock_started} ${timeText(c.started_at)}`, c.paused ? W.clock_paused : null].filter(Boolean).join(" · ");
  const shown = { start: !started, pause: started && !c.paused, resume: c.paused, back: started && c.round > 1, next: started && c.round < D.rounds };
  for (const [action, on] of Object.entries(shown)) document.getElementById(`clock-${action}`).hidden = !on;
}

async function clockAction(action, where) {
  const r = await api("POST", "/api/clock", { token: D.token, action }, W.offline_change);
  failed(where, r);
  loadProgress();
}

for (const b of document.querySelectorAll("#clock-buttons button")) {
  b.addEventListener("click", () => clockAction(b.dataset.action, document.getElementById("clock")));
}

// The tables now: the round each is entering, its last row, late or not, its rows of rounds over not entered
// (each waived here with a reason).
function drawRoom(tables) {
  const box = document.getElementById("room");
  const head = el("tr", {}, [W.table, W.entering, W.last_entry, W.missing_rows].map((h) => el("th", { cls: "l" }, h)));
  const rows = tables.map((t) => el("tr", { id: `room-${t.table}` },
    el("td", {}, el("a", { cls: "tap", href: `/t/${t.table}?token=${encodeURIComponent(D.token)}` }, `${W.table} ${t.table}`)),
    el("td", { cls: t.late ? "late" : "" }, t.round === null ? W.all_in : `${t.round}${t.late ? " · " + W.late : ""}`),
    el("td", {}, t.last_entry ? timeText(t.last_entry) : W.no_rows_yet),
    el("td", { cls: t.missing.length ? "m late" : "m" }, t.missing.map(([rnd, deal]) => el("span", {},
      `${W.round} ${rnd}, ${W.deal.toLowerCase()} ${deal} `,
      button(W.waive, false, () => waive(t.table, rnd, deal), { "data-waive": `${t.table}-${rnd}-${deal}` }))))));
  box.replaceChildren(el("table", { cls: "grid zebra" }, el("thead", {}, head), el("tbody", {}, rows)));
}

async function waive(table, rnd, deal) {
  const reason = prompt(W.waive_reason.replace("{round}", rnd).replace("{n}", table) + ` — ${W.deal} ${deal}`);
  if (reason === null) return;
  const r = await api("POST", "/api/missing", { token: D.token, table, round: rnd, deal, reason }, W.offline_change);
  failed(document.getElementById("room"), r);
  loadProgress();
}

function drawRounds(rounds, tables) {
  app.replaceChildren();
  const late = new Set(tables.flatMap((t) => t.missing.map(([rnd, deal]) => `${rnd}/${t.table}/${deal}`)));
  for (const rnd of rounds) {
    const head = el("h2", {}, `${W.round} ${rnd.round} `,
      button(rnd.closed ? W.open_round : W.close_round, rnd.closed, () => closeRound(rnd, !rnd.closed), { "data-close": rnd.round }));
    // red: rows of a round over that are neither entered nor waived; a round to come is not late
    const rows = rnd.tables.map((t) => el("tr", {},
      el("td", {}, el("a", { cls: "tap", href: `/t/${t.table}?token=${encodeURIComponent(D.token)}` }, `${W.table} ${t.table}`)),
      el("td", { id: `progress-${rnd.round}-${t.table}`,
        cls: !t.missing.length ? "done" : t.missing.some((d) => late.has(`${rnd.round}/${t.table}/${d}`)) ? "missing" : "muted" },
      t.missing.length ? `${W.missing_deals}: ${t.missing.join(", ")}` : "✓")));
    app.append(el("div", { id: `round-${rnd.round}` }, head, el("table", { cls: "grid" }, el("tbody", {}, rows))));
  }
}

function showLive(live) {
  const box = document.getElementById("live-state");
  if (!box || !live) return;
  box.className = live.error ? "error" : "muted";
  if (live.error) box.textContent = `${W.live_error} ${live.error}`;
  else if (!live.at) box.textContent = W.live_waiting;
  else box.textContent = `${W.live_at} ${live.at}` + (live.current ? (live.final ? ` · ${W.live_final}` : "") : ` · ${W.live_behind}`);
  if (live.note && !live.error) box.textContent += ` · ${live.note}`;
  if (live.unsolved && !live.error) box.textContent += ` · ${W.live_solving} ${live.unsolved}`;
  const web = live.web;  // the copy on the club's web host, when the spec names one
  if (web) {
    if (web.error) box.textContent += ` · ${W.web_error} ${web.error}`;
    else if (web.at) box.textContent += ` · ${W.web_at} ${web.at}`;
    if (web.sending) box.textContent += ` (${W.web_sending})`;
    if (web.error) box.className = "error";
  }
}

// Who entered or corrected a row, as stored ("table 3", "director"), in the page's words.
function byText(by) {
  const m = /^table (\d+)$/.exec(by || "");
  return m ? W.by_table.replace("{n}", m[1]) : by === "director" ? W.by_director : by;
}

// A stored time ("2026-12-02T02:40:25+00:00") as this device's clock says it: "05:40".
function timeText(at) {
  const t = new Date(at);
  if (isNaN(t)) return at;
  const two = (n) => String(n).padStart(2, "0");
  return `${two(t.getHours())}:${two(t.getMinutes())}`;
}

async function loadAudit() {
  const r = await api("GET", `/api/audit?token=${encodeURIComponent(D.token)}`);
  if (r.status === 0) return false;
  if (r.status !== 200) return true;
  const box = document.getElementById("audit");
  box.replaceChildren(...r.json.slice().reverse().map((a) => el("div", { cls: "deal" },
    a.old.missing || a.old.waived ? el("b", {}, `${W.deal} ${a.deal} · ${W.round} ${a.round} · ${W.table} ${a.table}: `)
      : a.old.layout ? el("b", {}, `${W.deal} ${a.deal} · ${W.layout}: `)
      : el("b", {}, `${W.deal} ${a.deal} · ${W.round} ${a.round} · ${W.table} ${a.table}: `),
    a.old.missing ? W.waived : a.old.waived ? W.unwaived
      : a.old.layout ? `${Object.entries(a.old.layout).map(([p, t]) => `${pocketName(p)}: ${t}`).join("; ")} (${byText(a.old.by)}, ${timeText(a.old.at)})`
      : `${summary(Object.assign({}, a.old.entry, { whists: a.old.whists }))} (${byText(a.old.by)}, ${timeText(a.old.at)})`,
    el("div", { cls: "muted" }, `${W.corrected_by}: ${byText(a.by)}, ${timeText(a.at)}${a.reason ? " — " + a.reason : ""}`))));
  return true;
}

// Every deal's rows as they come, each deal a fold (kept open over a redraw).
async function loadTravellers() {
  const r = await api("GET", `/api/travellers?token=${encodeURIComponent(D.token)}`);
  if (r.status === 0) return false;
  if (r.status !== 200) return true;
  const box = document.getElementById("travellers");
  box.replaceChildren(...r.json.filter((t) => t.rows.length).map((t) => {
    const fold = el("details", { cls: "traveller", id: `traveller-${t.deal}`, open: openDeals.has(t.deal) },
      el("summary", {}, `${W.deal} ${t.deal} · ${W.rows}: ${t.rows.length}`),
      el("table", { cls: "grid zebra" }, el("tbody", {}, t.rows.map((x) => el("tr", {},
        el("td", {}, `${W.round} ${x.round}`), el("td", {}, `${W.table} ${x.table}`),
        el("td", { cls: "l" }, summary(x.entered)))))));
    fold.addEventListener("toggle", () => (fold.open ? openDeals.add(t.deal) : openDeals.delete(t.deal)));
    return fold;
  }));
  return true;
}

async function loadRanking() {
  const box = document.getElementById("ranking");
  // no time limit: the ranking waits for the live site's worker to publish the rows
  const r = await api("GET", `/api/results?token=${encodeURIComponent(D.token)}`, null, W.offline, 0);
  if (r.status === 0) return false; // the ranking shown stays, the offline note says it may be old
  box.replaceChildren();
  if (r.status !== 200) { box.append(el("p", { cls: "error" }, r.json ? r.json.error : W.error)); return true; }
  if (r.json.provisional) box.append(el("p", { cls: "muted" }, W.provisional));
  box.append(el("table", { cls: "grid zebra", id: "ranking-table" },
    el("thead", {}, el("tr", {}, [W.place, W.player, W.mp, W.percent].map((h) => el("th", {}, h)))),
    el("tbody", {}, r.json.ranking.map((s) => el("tr", {}, el("td", {}, s.place), el("td", { cls: "l" }, `${s.player} ${s.name}`),
      el("td", {}, signed(s.mp).replace("+", "")), el("td", {}, decimal(s.percent_text)))))));
  return true;
}

async function closeRound(rnd, closed) {
  const missing = rnd.tables.reduce((n, t) => n + t.missing.length, 0);
  if (closed && missing && !confirm(W.close_missing.replace("{round}", rnd.round).replace("{n}", missing))) return;
  const r = await api("POST", `/api/rounds/${rnd.round}`, { token: D.token, closed }, W.offline_change);
  failed(document.querySelector(`#round-${rnd.round} h2`), r);
  loadProgress();
}

document.getElementById("hide").addEventListener("click", async () => {
  const hidden = !!document.getElementById("hide").dataset.hidden;
  const r = await api("POST", "/api/settings", { token: D.token, hide_results: !hidden }, W.offline_change);
  failed(document.getElementById("hide").parentElement, r);
  loadProgress();
});
loadProgress();
setInterval(loadProgress, 2000);
