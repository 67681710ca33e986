// The registry (docs/desk.md): the club's players listed, each with «Изменить» (its name and other spellings) and
// «Объединить с…» (the entry merged into another, picked by typing its name); members imported from an .xlsx or
// .csv file, chosen or dropped on the page. A part of the desk: its section comes after the players' (desk.js's
// `parts.club`) and is drawn again whenever the club is read again (`parts.refresh`). Text only, never HTML.
import { el, api, field, showErrors, refresh, answerOf, W, club, parts } from "./desk.js";

const STYLE = `
.desk .registry li { padding: 4px 0; border-bottom: 1px solid #eee; overflow-wrap: anywhere; }
.desk .registry .acts { display: inline-block; white-space: nowrap; }
.desk .registry .acts button { font-size: 15px; min-height: 40px; }
.desk .registry .aliases { color: #555; }
.desk .registry form { padding: 6px 0; }
.desk .registry textarea { min-height: 80px; }
.desk .merge-choices button { display: block; width: 100%; text-align: left; }
.desk .drop-zone { display: block; border: 2px dashed #888; border-radius: 8px; padding: 14px; text-align: center;
  font-weight: normal; cursor: pointer; }
.desk .drop-zone.over { border-color: #1d5fa8; background: #eef4fb; }
`;
let made = 0; // ids of the forms' inputs, unique on the page

function registrySection() {
  if (!document.getElementById("registry-style")) document.head.append(el("style", { id: "registry-style" }, STYLE));
  return el("section", { id: "registry-part" }, el("h2", {}, W.registry), importForm(), registryList(false));
}

function registryList(open) {
  return el("details", { id: "registry", open },
    el("summary", {}, `${W.players}: ${club.players.length}`),
    el("ul", { cls: "registry" }, club.players.map(playerRow)));
}

function playerRow(p) {
  const li = el("li", { "data-id": p.id });
  const show = () => {
    li.replaceChildren(el("span", { cls: "name" }, p.name),
      p.aliases.length ? el("span", { cls: "aliases" }, ` (${p.aliases.join(", ")})`) : "", " ",
      el("span", { cls: "acts" },
        el("button", { type: "button", cls: "edit", on: { click: () => li.replaceChildren(editForm(p, show)) } }, W.edit),
        el("button", { type: "button", cls: "merge-into", on: { click: () => li.replaceChildren(mergeForm(p, show)) } },
          W.merge_into)));
  };
  show();
  return li;
}

function cancelled(form, cancel) {
  const back = el("button", { type: "button", cls: "cancel", on: { click: cancel } }, W.cancel);
  form.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.preventDefault(); cancel(); } });
  return back;
}

// a player's name and other spellings (one a line), saved with PUT /desk/api/players/{id}
function editForm(p, show) {
  const n = ++made;
  const name = el("input", { type: "text", id: `player-name-${n}`, maxlength: 100, value: p.name, autocomplete: "off" });
  const aliases = el("textarea", { id: `player-aliases-${n}`, rows: 3 });
  aliases.value = p.aliases.join("\n");
  const general = el("div", { cls: "field-error", "data-for": "" });
  const form = el("form", { cls: "player-edit" }, field("name", W.name, name), field("aliases", W.aliases, aliases),
    general, el("button", { type: "submit", cls: "go save-player" }, W.save));
  const cancel = () => { show(); document.querySelector(`li[data-id="${CSS.escape(p.id)}"] .edit`)?.focus(); };
  form.append(cancelled(form, cancel));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const list = aliases.value.split("\n").map((s) => s.trim()).filter(Boolean);
    const r = await api("PUT", `/desk/api/players/${encodeURIComponent(p.id)}`, { name: name.value, aliases: list });
    if (r.status !== 200) { showErrors(form, r.json.errors, general); return; }
    await refresh();
  });
  setTimeout(() => name.focus());
  return form;
}

// this entry merged into another, found by typing: the first one found is taken with Enter
function mergeForm(p, show) {
  const n = ++made;
  const find = el("input", { type: "text", id: `merge-find-${n}`, autocomplete: "off" });
  const choices = el("div", { cls: "merge-choices" });
  const says = el("p", { cls: "warn merge-says", hidden: true });
  const general = el("div", { cls: "field-error", "data-for": "" });
  const go = el("button", { type: "submit", cls: "go do-merge", disabled: true }, W.merge);
  const form = el("form", { cls: "player-merge" }, field("keep", W.merge_find, find), choices, says,
    el("div", { cls: "field-error", "data-for": "drop" }), general, go);
  let keep = null;
  const choose = (q) => {
    keep = q;
    find.value = q.name;
    choices.replaceChildren();
    says.hidden = false;
    says.textContent = W.merge_says.replaceAll("{drop}", p.name).replaceAll("{keep}", q.name);
    go.disabled = false;
    go.focus();
  };
  find.addEventListener("input", () => {
    const q = find.value.trim().toLowerCase();
    keep = null;
    go.disabled = true;
    says.hidden = true;
    const found = q ? club.players.filter((x) => x.id !== p.id &&
      [x.name, ...x.aliases].some((s) => s.toLowerCase().includes(q))).slice(0, 8) : [];
    choices.replaceChildren(...found.map((x) => el("button", { type: "button", cls: "choice", "data-id": x.id,
      on: { click: () => choose(x) } }, x.aliases.length ? `${x.name} (${x.aliases.join(", ")})` : x.name)));
  });
  find.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" || keep) return;
    ev.preventDefault();
    choices.querySelector("button")?.click();
  });
  form.append(cancelled(form, () => { show(); document.querySelector(`li[data-id="${CSS.escape(p.id)}"] .merge-into`)?.focus(); }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!keep) return;
    const r = await api("POST", "/desk/api/players/merge", { keep: keep.id, drop: p.id });
    if (r.status !== 201) { showErrors(form, r.json.errors, general); return; }
    await refresh();
  });
  setTimeout(() => find.focus());
  return form;
}

// ------------------------------------------------------------------ members from a file

function base64Of(file) {
  return new Promise((ok, fail) => {
    const reader = new FileReader();
    reader.onload = () => ok(String(reader.result).split(",", 2)[1] || "");
    reader.onerror = () => fail(reader.error);
    reader.readAsDataURL(file);
  });
}

function importForm() {
  const input = el("input", { type: "file", id: "import-file", accept: ".xlsx,.xlsm,.csv,.txt" });
  const zone = el("label", { cls: "drop-zone", for: "import-file" }, W.drop_here);
  const general = el("div", { cls: "field-error", "data-for": "file" });
  const answer = el("div", { id: "import-answer" });
  const form = el("form", { id: "import-form" }, el("p", { cls: "muted" }, W.import), zone, input, general, answer);
  const names = async (list, confirm) => { // a suggested name confirmed as someone else: as a pasted one
    const r = await api("POST", "/desk/api/players", { names: list, confirm });
    if (r.status !== 201) { showErrors(form, r.json.errors, general); return null; }
    return r.json;
  };
  const send = async (file) => {
    if (!file) return;
    answer.replaceChildren();
    const r = await api("POST", "/desk/api/players/import", { filename: file.name, data: await base64Of(file) });
    input.value = "";
    if (r.status !== 201) { showErrors(form, r.json.errors, general); return; }
    showErrors(form, [], general);
    await refresh();
    answer.replaceChildren(...answerOf(r.json, names, answer));
  };
  input.addEventListener("change", () => send(input.files[0]));
  zone.addEventListener("dragover", (ev) => { ev.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    zone.classList.remove("over");
    send(ev.dataTransfer.files[0]);
  });
  form.addEventListener("submit", (ev) => ev.preventDefault());
  return form;
}

parts.club.push(registrySection);
parts.refresh.push(() => {
  const old = document.getElementById("registry");
  if (old) old.replaceWith(registryList(old.open));
});
