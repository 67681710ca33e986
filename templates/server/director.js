// The director's page: the rows' progress by round, closing rounds, the ranking, the live site, the corrections.
import { D, W, app, el, api, signed, decimal, summary, button, pocketName } from "/shared.js";

let version = null; // the rows' version the ranking and the corrections show
let drawn = null; // the rounds as last drawn: redrawn only when they change, so a button is never replaced under a click
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
    const rounds = JSON.stringify(p.rounds);
    if (rounds !== drawn) drawRounds(p.rounds);
    drawn = rounds;
    if (p.version !== version && !refreshing) refresh(p.version);
    showLive(p.live);
  } finally {
    asking = false;
  }
}

// The ranking and the corrections of the rows' version `v`; asked again at the next poll if either failed.
async function refresh(v) {
  refreshing = true;
  const done = await Promise.all([loadRanking(), loadAudit()]);
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

function drawRounds(rounds) {
  app.replaceChildren();
  for (const rnd of rounds) {
    const head = el("h2", {}, `${W.round} ${rnd.round} `,
      button(rnd.closed ? W.open_round : W.close_round, rnd.closed, () => closeRound(rnd, !rnd.closed), { "data-close": rnd.round }));
    const rows = rnd.tables.map((t) => el("tr", {},
      el("td", {}, el("a", { cls: "tap", href: `/t/${t.table}?token=${encodeURIComponent(D.token)}` }, `${W.table} ${t.table}`)),
      el("td", { id: `progress-${rnd.round}-${t.table}`, cls: t.missing.length ? "missing" : "done" },
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
    a.old.layout ? el("b", {}, `${W.deal} ${a.deal} · ${W.layout}: `)
      : el("b", {}, `${W.deal} ${a.deal} · ${W.round} ${a.round} · ${W.table} ${a.table}: `),
    a.old.layout ? `${Object.entries(a.old.layout).map(([p, t]) => `${pocketName(p)}: ${t}`).join("; ")} (${byText(a.old.by)}, ${timeText(a.old.at)})`
      : `${summary(Object.assign({}, a.old.entry, { whists: a.old.whists }))} (${byText(a.old.by)}, ${timeText(a.old.at)})`,
    el("div", { cls: "muted" }, `${W.corrected_by}: ${byText(a.by)}, ${timeText(a.at)}${a.reason ? " — " + a.reason : ""}`))));
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
