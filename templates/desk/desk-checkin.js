// Check-in on the night (docs/desk.md): inside each evening not yet published, its players ticked came or not,
// walk-ins added from the registry (or to it, as the players' section adds them), the movement recomputed and,
// once the kit is printed, what differs from it with «print again». Everything shown is set as text.
import { el, api, showErrors, follow, refresh, club, parts, W } from "./desk.js";

const url = (id) => `/desk/api/evenings/${encodeURIComponent(id)}/players`;

function checkin(evening) {
  if (evening.state === "published") return null;
  const box = el("div", { cls: "checkin-body" });
  const details = el("details", { cls: "checkin", "data-id": evening.id }, el("summary", {}, W.checkin), box);
  if (evening.state === "playing") {
    box.append(el("p", { cls: "muted" }, W.checkin_closed));
    return details;
  }
  details.addEventListener("toggle", async () => {
    if (!details.open || box.dataset.loaded) return;
    const r = await api("GET", url(evening.id));
    if (r.status !== 200) { box.textContent = (r.json.errors || []).map((e) => e.message).join("; "); return; }
    box.dataset.loaded = "1";
    box.replaceChildren(...section(evening, r.json));
  });
  return details;
}

function section(evening, got) {
  let seen = got.seen;
  const list = el("div", { cls: "picks checkin-players" });
  const count = el("span", { cls: "muted came" });
  const recount = () => { count.textContent = ` ${W.came}: ${list.querySelectorAll("input:checked").length}`; };
  const row = (id, name) => {
    if (list.querySelector(`input[value="${CSS.escape(id)}"]`)) { list.querySelector(`input[value="${CSS.escape(id)}"]`).checked = true; recount(); return; }
    list.append(el("label", { "data-name": name.toLowerCase() },
      el("input", { type: "checkbox", value: id, checked: true, on: { change: recount } }), name));
    recount();
  };
  for (const p of got.players) row(p.id, p.name);
  const movement = el("div", { cls: "ok checkin-movement" });
  const changes = el("div", { cls: "checkin-changes" });
  const showMovement = (m) => movement.replaceChildren(el("strong", {}, m.text), el("br"), m.fairness,
    el("ul", { cls: "warn" }, (m.warnings || []).map((w) => el("li", {}, w))));
  showMovement(got.movement);
  const general = el("div", { cls: "field-error", "data-for": "" });
  const walkIn = walkInForm(evening, row, general);
  const save = el("button", { type: "button", cls: "go save-players" }, W.save_players);
  const saved = el("div", { cls: "ok saved" });
  const form = el("div", { cls: "checkin-form" }, el("div", {}, count), list,
    el("div", { cls: "field-error", "data-for": "players" }), walkIn, general, save, saved,
    el("h4", {}, W.movement), movement, changes);
  const showChanges = (c) => changes.replaceChildren(...(c ? changesOf(evening, c) : []));
  showChanges(got.changes);
  save.addEventListener("click", async () => {
    save.disabled = true;
    saved.textContent = "";
    const players = [...list.querySelectorAll("input:checked")].map((i) => i.value);
    const r = await api("PUT", url(evening.id), { players, seen });
    save.disabled = false;
    if (r.status !== 200) { showErrors(form, r.json.errors, general); return; }
    showErrors(form, [], general);
    saved.textContent = W.saved;
    seen = r.json.seen;
    list.replaceChildren();
    for (const p of r.json.players) row(p.id, p.name);
    showMovement(r.json.movement);
    showChanges(r.json.changes);
  });
  return [form];
}

// a name typed: a player of the registry (picked from the list the box offers), or a new one added to it through
// POST /desk/api/players, a close name asked about first (the page is not reloaded: the ticks stay as they are)
function walkInForm(evening, row, general) {
  const listId = `registry-${evening.id}`;
  const input = el("input", { type: "text", list: listId, autocomplete: "off", cls: "walk-in" });
  const names = el("datalist", { id: listId }, club.players.map((p) => el("option", { value: p.name })));
  const asked = el("div", { cls: "warn walk-in-asked" });
  const add = el("button", { type: "button", cls: "walk-in-add" }, W.walk_in_add);
  const send = async (name, confirm) => {
    const r = await api("POST", "/desk/api/players", { names: [name], confirm });
    if (r.status !== 201) { general.textContent = (r.json.errors || []).map((e) => e.message).join("; "); return; }
    const got = r.json;
    for (const p of [...got.added, ...got.known]) row(p.id, got.added.includes(p) ? p.name : (club.players.find((q) => q.id === p.id) || p).name);
    asked.replaceChildren(...got.suggested.map((s) => {
      const same = el("button", { type: "button", cls: "walk-in-same" }, `${W.walk_in_this}: ${s.like.name}`);
      const other = el("button", { type: "button", cls: "confirm" }, W.other_person);
      same.addEventListener("click", () => { row(s.like.id, s.like.name); asked.replaceChildren(); });
      other.addEventListener("click", () => { asked.replaceChildren(); send(s.name, true); });
      return el("p", {}, `${s.name} — ${W.like} ${s.like.name} `, same, " ", other);
    }));
    input.value = "";
  };
  add.addEventListener("click", () => {
    const name = input.value.trim();
    if (!name) return;
    const known = club.players.find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (known) { row(known.id, known.name); input.value = ""; } else send(name, false);
  });
  input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); add.click(); } });
  return el("div", { cls: "walk-in-form" }, el("label", {}, W.walk_in), input, names, add, asked);
}

function changesOf(evening, c) {
  const out = [el("h4", {}, W.changes), el("ul", { cls: c.same ? "ok" : "warn" }, c.text.map((t) => el("li", {}, t)))];
  if (!c.same) {
    const bar = el("progress", { max: 1, value: 0, hidden: true });
    const said = el("div", { cls: "muted said" });
    const again = el("button", { type: "button", cls: "go reprint" }, W.reprint);
    again.addEventListener("click", async () => {
      again.disabled = true;
      const r = await api("POST", `/desk/api/evenings/${encodeURIComponent(evening.id)}/kit`, {});
      if (r.status !== 201) { said.textContent = (r.json.errors || []).map((x) => x.message).join("; "); again.disabled = false; return; }
      bar.hidden = false;
      await follow(r.json.job, bar, said);
      await refresh();
    });
    out.push(again, bar, said);
  }
  return out;
}

parts.evening.push(checkin);
