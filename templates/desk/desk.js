// The director's desk (docs/desk.md): a thin client of /desk/api/. Plain DOM, no library; everything shown is set
// as text (textContent), never as HTML. The director's code comes in the page's address and goes with every
// request as the header X-Desk-Code.
//
// This module holds what every part of the page shares (el, api, field, showErrors, follow, refresh…) and the
// club, its players and its evenings. A further part of the desk is a script of its own (desk-*.js, listed by
// routes.py) that imports what it needs from here and adds its sections to `parts` before desk-start.js loads
// the page: `parts.club` functions () => element (sections after the players'), `parts.evening` functions
// (evening) => element (inside each evening's row), `parts.refresh` functions () => void (the club read again).

export const D = JSON.parse(document.getElementById("data").textContent);
export const W = D.words;
const app = document.getElementById("app");
export const CODE = new URLSearchParams(location.search).get("code") || "";
export let club = null; // the last GET /desk/api/club
export const parts = { club: [], evening: [], refresh: [] };

export function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k === "cls") e.className = v;
    else if (k === "value") e.value = v;
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of kids.flat()) if (c != null && c !== false) e.append(c.nodeType ? c : String(c));
  return e;
}

// {status, json}; a desk not reached gives status 0 and the «does not answer» line shown
export async function api(method, url, body) {
  const init = { method, headers: { "X-Desk-Code": CODE } };
  if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  try {
    const r = await fetch(url, init);
    document.getElementById("offline").hidden = true;
    let json = null;
    try { json = await r.json(); } catch (e) { json = null; }
    return { status: r.status, json: json || {} };
  } catch (e) {
    document.getElementById("offline").hidden = false;
    return { status: 0, json: { errors: [{ field: "", message: W.offline }] } };
  }
}

// the errors of an answer beside their fields (data-for="title", "names", "players"…); the others in `general`
export function showErrors(form, errors, general) {
  for (const box of form.querySelectorAll(".field-error")) box.textContent = "";
  for (const e of errors || []) {
    const key = (e.field || "").split(".")[0];
    const box = form.querySelector(`.field-error[data-for="${CSS.escape(key)}"]`) || general;
    box.textContent = box.textContent ? `${box.textContent}; ${e.message}` : e.message;
  }
}

export function field(name, label, input) {
  input.id = input.id || `f-${name}`;
  input.name = name;
  return el("div", {}, el("label", { for: input.id }, label), input, el("div", { cls: "field-error", "data-for": name }));
}

export async function load() {
  const r = await api("GET", "/desk/api/club");
  if (r.status !== 200) {
    app.replaceChildren(el("p", { cls: "error" }, (r.json.errors || []).map((e) => e.message).join("; ")));
    return;
  }
  club = r.json;
  document.getElementById("heading").textContent = club.exists ? `${W.title}: ${club.title}` : W.title;
  const more = club.exists ? [playersSection(), ...parts.club.map((f) => f()), eveningForm(), eveningsSection()] : [];
  app.replaceChildren(clubSection(), ...more);
  if (club.exists) preview();
}

// ------------------------------------------------------------------ the club

function clubSection() {
  const title = el("input", { type: "text", maxlength: 200, value: club.title, autocomplete: "off" });
  const lang = el("select", {}, D.langs.map(([l, name]) => el("option", { value: l, selected: l === club.language }, name)));
  const general = el("div", { cls: "field-error", "data-for": "" });
  const form = el("form", { id: "club-form" }, field("title", W.club_title, title), field("language", W.language, lang),
    general, el("button", { type: "submit", cls: "go", id: "save-club" }, club.exists ? W.save : W.create_club));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await api("PUT", "/desk/api/club", { title: title.value, language: lang.value });
    if (r.status === 200) load(); else showErrors(form, r.json.errors, general);
  });
  return el("section", { id: "club" }, el("h2", {}, W.club), form);
}

// ------------------------------------------------------------------ the players

function playersSection() {
  const names = el("textarea", { id: "names", rows: 8 });
  const general = el("div", { cls: "field-error", "data-for": "" });
  const answer = el("div", { id: "players-answer" });
  const form = el("form", { id: "players-form" }, field("names", W.paste, names), general,
    el("button", { type: "submit", cls: "go", id: "add-players" }, W.add), answer);
  const send = async (list, confirm) => {
    const r = await api("POST", "/desk/api/players", { names: list, confirm });
    if (r.status !== 201) { showErrors(form, r.json.errors, general); return null; }
    showErrors(form, [], general);
    return r.json;
  };
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const list = names.value.split("\n").map((s) => s.trim()).filter(Boolean);
    const got = await send(list, false);
    if (!got) return;
    names.value = "";
    await refresh();
    answer.replaceChildren(...answerOf(got, send, answer));
  });
  return el("section", { id: "players" }, el("h2", {}, W.players), form);
}

export function answerOf(got, send, answer) {
  const out = [];
  if (got.added.length) out.push(el("p", { cls: "ok", id: "added" }, `${W.added}: ${got.added.map((p) => p.name).join(", ")}`));
  if (got.known.length) out.push(el("p", { cls: "muted" }, `${W.known}: ${got.known.map((p) => p.name).join(", ")}`));
  if (got.suggested.length) {
    out.push(el("div", { cls: "warn suggested" }, el("p", {}, W.suggested), el("ul", {}, got.suggested.map((s) => {
      const button = el("button", { type: "button", cls: "confirm", "data-name": s.name }, W.other_person);
      const li = el("li", {}, `${s.name} — ${W.like} ${s.like.name} `, button);
      button.addEventListener("click", async () => {
        const again = await send([s.name], true);
        if (again) { li.replaceChildren(el("span", { cls: "ok" }, `${W.added}: ${s.name}`)); await refresh(); }
      });
      return li;
    }))));
  }
  return out;
}

// the club read again: the players to pick and the registry's count, the forms left as typed
export async function refresh() {
  const r = await api("GET", "/desk/api/club");
  if (r.status !== 200) return;
  club = r.json;
  const picked = new Set([...document.querySelectorAll("#picks input:checked")].map((i) => i.value));
  document.getElementById("picks").replaceChildren(...pickList(picked));
  document.getElementById("find").dispatchEvent(new Event("input")); // the names typed in the box still find them
  for (const f of parts.refresh) f();
  document.getElementById("evenings").replaceWith(eveningsSection());
  preview();
}

// ------------------------------------------------------------------ a new evening

function pickList(picked) {
  return club.players.map((p) => el("label", { "data-name": p.name.toLowerCase() },
    el("input", { type: "checkbox", value: p.id, checked: picked.has(p.id), on: { change: preview } }), p.name));
}

function eveningForm() {
  const today = new Date().toISOString().slice(0, 10);
  const inputs = {
    title: el("input", { type: "text", maxlength: 200, autocomplete: "off" }),
    date: el("input", { type: "date", value: today }),
    start: el("input", { type: "text", value: "18:30", inputmode: "numeric" }),
    venue: el("input", { type: "text", maxlength: 200, autocomplete: "off" }),
    variant: el("select", {}, D.variants.map(([k, name, about]) => el("option", { value: k, title: about }, name))),
    table_size: el("select", { on: { change: preview } }, el("option", { value: "4" }, "4"), el("option", { value: "3" }, "3")),
    deals_per_set: el("input", { type: "number", min: 2, max: 12, placeholder: "4", inputmode: "numeric" }),
    minutes_per_deal: el("input", { type: "number", min: 1, max: 60, value: "5", inputmode: "numeric" }),
    rounds: el("input", { type: "number", min: 1, max: 1000, placeholder: W.rounds_auto, inputmode: "numeric" }),
  };
  // the spec's defaults: a set of as many deals as players at a table, the rounds the engine chooses
  inputs.table_size.addEventListener("change", () => { inputs.deals_per_set.placeholder = inputs.table_size.value; });
  for (const k of ["deals_per_set", "minutes_per_deal", "rounds", "start"]) inputs[k].addEventListener("input", preview);
  const about = el("div", { cls: "muted", id: "variant-about" });
  const said = () => { about.textContent = (D.variants.find(([k]) => k === inputs.variant.value) || [])[2] || ""; };
  inputs.variant.addEventListener("change", said);
  said();
  const find = el("input", { type: "text", id: "find", placeholder: W.find, autocomplete: "off" });
  find.addEventListener("input", () => {
    const q = find.value.trim().toLowerCase();
    for (const l of document.querySelectorAll("#picks label")) l.hidden = q && !l.dataset.name.includes(q);
  });
  const all = (on) => () => {
    for (const i of document.querySelectorAll("#picks label:not([hidden]) input")) i.checked = on;
    preview();
  };
  const general = el("div", { cls: "field-error", "data-for": "" });
  const form = el("form", { id: "evening-form" },
    el("div", { cls: "cols" }, field("title", W.evening_title, inputs.title), field("date", W.date, inputs.date),
      field("start", W.start, inputs.start), field("venue", W.venue, inputs.venue),
      el("div", {}, field("variant", W.variant, inputs.variant), about),
      field("table_size", W.table_size, inputs.table_size), field("deals_per_set", W.deals_per_set, inputs.deals_per_set),
      field("minutes_per_deal", W.minutes_per_deal, inputs.minutes_per_deal), field("rounds", W.rounds, inputs.rounds)),
    el("label", { for: "find" }, W.pick), find,
    el("div", {}, el("button", { type: "button", on: { click: all(true) } }, W.all),
      el("button", { type: "button", on: { click: all(false) } }, W.nobody), el("span", { id: "picked", cls: "muted" })),
    el("div", { cls: "picks", id: "picks" }, pickList(new Set())),
    el("div", { cls: "field-error", "data-for": "players" }),
    el("h3", {}, W.movement), el("div", { id: "preview", cls: "muted" }),
    general, el("button", { type: "submit", cls: "go", id: "create-evening" }, W.create_evening));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value]));
    body.table_size = Number(body.table_size); // the numbers typed go as typed: the desk says what is wrong
    body.players = [...document.querySelectorAll("#picks input:checked")].map((i) => i.value);
    const r = await api("POST", "/desk/api/evenings", body);
    if (r.status !== 201) { showErrors(form, r.json.errors, general); return; }
    showErrors(form, [], general);
    inputs.title.value = "";
    await refresh();
  });
  return el("section", { id: "evening" }, el("h2", {}, W.new_evening), form);
}

let previewing = 0;
// the movement prefprint would choose for the players picked, asked again as the field changes
async function preview() {
  const box = document.getElementById("preview");
  if (!box) return;
  const n = document.querySelectorAll("#picks input:checked").length;
  document.getElementById("picked").textContent = ` ${W.picked}: ${n}`;
  const mine = ++previewing;
  const form = document.getElementById("evening-form");
  const value = (name) => form.querySelector(`[name=${name}]`).value;
  const body = { players: n, table_size: Number(value("table_size")) };
  for (const k of ["rounds", "deals_per_set", "minutes_per_deal", "start"]) body[k] = value(k);
  const r = await api("POST", "/desk/api/movement", body);
  if (mine !== previewing) return; // a later change answered first
  const fields = ["rounds", "deals_per_set", "minutes_per_deal", "start"];
  for (const k of fields) form.querySelector(`.field-error[data-for="${k}"]`).textContent = "";
  if (r.status === 201) {
    box.className = "ok";
    box.replaceChildren(el("strong", { id: "movement-text" }, r.json.text), el("br"), r.json.fairness, el("br"),
      el("span", { id: "movement-timing" }, r.json.timing),
      el("ul", { id: "movement-warnings", cls: "warn" }, r.json.warnings.map((w) => el("li", {}, w))));
  } else { // a number of this form beside its field, the rest (a field too small) in the box
    const errors = r.json.errors || [];
    for (const e of errors.filter((e) => fields.includes(e.field))) {
      form.querySelector(`.field-error[data-for="${e.field}"]`).textContent = e.message;
    }
    box.className = "warn";
    box.textContent = errors.filter((e) => !fields.includes(e.field)).map((e) => e.message).join("; ");
  }
}

// ------------------------------------------------------------------ the evenings

function eveningsSection() {
  return el("section", { id: "evenings" }, el("h2", {}, W.evenings), club.evenings.map(eveningRow));
}

export function fileLink(id, name) {
  const url = `/desk/api/evenings/${encodeURIComponent(id)}/files/${encodeURIComponent(name)}?code=${encodeURIComponent(CODE)}`;
  return el("a", { href: url, target: "_blank", rel: "noopener", cls: "tap pdf" }, name);
}

function eveningRow(e) {
  const state = el("span", { cls: "muted state" }, W[`state_${e.state}`]);
  const bar = el("progress", { max: 1, value: 0, hidden: true });
  const said = el("div", { cls: "muted said" });
  const links = el("div", { cls: "links" }, e.pdfs.map((name) => fileLink(e.id, name)));
  const button = el("button", { type: "button", cls: "print-kit" }, W.print_kit);
  button.addEventListener("click", async () => {
    button.disabled = true;
    const r = await api("POST", `/desk/api/evenings/${encodeURIComponent(e.id)}/kit`, {});
    if (r.status !== 201) { said.textContent = (r.json.errors || []).map((x) => x.message).join("; "); button.disabled = false; return; }
    bar.hidden = false;
    await follow(r.json.job, bar, said);
    button.disabled = false;
    await refresh();
  });
  if (e.job) { // the latest kit job: how it ended, or followed again if it still runs (the page was reloaded)
    said.textContent = e.job.message || "";
    said.className = { done: "ok said", failed: "error said" }[e.job.state] || "muted said";
    if (e.job.state === "running") {
      button.disabled = true;
      bar.hidden = false;
      follow(e.job.job, bar, said).then(refresh);
    }
  }
  return el("div", { cls: "evening", "data-id": e.id },
    el("strong", {}, `${e.date} — ${e.title}`), " ", state, el("div", {}, button), bar, said, links,
    parts.evening.map((f) => f(e)));
}

// a job's progress until it is done or failed (the page stays usable meanwhile)
export async function follow(job, bar, said) {
  for (;;) {
    const r = await api("GET", `/desk/api/jobs/${encodeURIComponent(job)}`);
    if (r.status === 200) {
      bar.value = r.json.done;
      said.textContent = r.json.message || "";
      if (r.json.state !== "running") {
        said.className = r.json.state === "done" ? "ok said" : "error said";
        return r.json;
      }
    }
    await new Promise((ok) => setTimeout(ok, 500));
  }
}
