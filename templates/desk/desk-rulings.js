// The desk's rulings (docs/desk.md): inside each evening, the director's rulings of its rulings file listed with
// their reasons and removable, and a form that adds one (its problems shown beside its fields).
import { el, api, field, showErrors, W, parts } from "./desk.js";

// the keys of each kind of ruling (docs/rulings.md), in the form's order
const KEYS = {
  adjusted: ["deal", "player", "round", "table", "seat", "percent"],
  penalty: ["deal", "player", "round", "table", "seat", "percent", "mp"],
  time: ["round", "table", "seats", "percent", "mp", "deals"],
};
const ALL = ["deal", "player", "round", "table", "seat", "seats", "percent", "mp", "deals"];

function summary(r) {
  const keys = ALL.filter((k) => r[k] !== undefined && r[k] !== "");
  const what = keys.map((k) => `${W[`ruling_${k}`]}: ${Array.isArray(r[k]) ? r[k].join(", ") : r[k]}`).join("; ");
  return `${W[`kind_${r.kind}`] || r.kind} — ${what}. ${r.reason || ""}`; // numbered by the list, as the reader counts
}

function rulingsSection(e) {
  const base = `/desk/api/evenings/${encodeURIComponent(e.id)}/rulings`;
  const list = el("ol", { cls: "rulings-list" });
  const said = el("div", { cls: "field-error" });
  const show = (json) => {
    said.textContent = (json.problems || []).join("; ");
    if (!json.rulings.length) { list.replaceChildren(el("li", { cls: "muted" }, W.no_rulings)); return; }
    list.replaceChildren(...json.rulings.map((r) => {
      const remove = el("button", { type: "button", cls: "remove-ruling", "data-n": r.n }, W.remove);
      remove.addEventListener("click", async () => {
        const got = await api("DELETE", `${base}/${r.n}`);
        if (got.status === 200) show(got.json); else said.textContent = (got.json.errors || []).map((x) => x.message).join("; ");
      });
      return el("li", { "data-n": r.n }, summary(r), " ", remove,
        (r.problems || []).length ? el("div", { cls: "error" }, r.problems.join("; ")) : null);
    }));
  };
  const load = async () => {
    const got = await api("GET", base);
    if (got.status === 200) show(got.json); else said.textContent = (got.json.errors || []).map((x) => x.message).join("; ");
  };
  const id = (k) => `ruling-${e.id}-${k}`; // ids of one evening's form, not another's
  const kind = el("select", { id: id("kind") }, Object.keys(KEYS).map((k) => el("option", { value: k }, W[`kind_${k}`])));
  const inputs = Object.fromEntries(ALL.map((k) => [k, el("input", { type: "text", autocomplete: "off", id: id(k),
    inputmode: ["seat", "seats"].includes(k) ? "text" : "decimal" })]));
  const boxes = Object.fromEntries(ALL.map((k) => [k, field(k, W[`ruling_${k}`], inputs[k])]));
  const reason = el("input", { type: "text", maxlength: 300, autocomplete: "off", id: id("reason") });
  const shown = () => { for (const k of ALL) boxes[k].hidden = !KEYS[kind.value].includes(k); };
  kind.addEventListener("change", shown);
  shown();
  const general = el("div", { cls: "field-error", "data-for": "" });
  const form = el("form", { cls: "ruling-form" }, field("kind", W.ruling_kind, kind),
    el("div", { cls: "cols" }, ALL.map((k) => boxes[k])), field("reason", W.ruling_reason, reason), general,
    el("button", { type: "submit", cls: "go add-ruling" }, W.add_ruling));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { kind: kind.value, reason: reason.value };
    for (const k of KEYS[kind.value]) if (inputs[k].value.trim()) body[k] = inputs[k].value.trim();
    const got = await api("POST", base, body);
    if (got.status !== 201) { showErrors(form, got.json.errors, general); return; }
    showErrors(form, [], general);
    for (const i of [...Object.values(inputs), reason]) i.value = "";
    show(got.json);
  });
  const box = el("details", { cls: "rulings", "data-evening": e.id }, el("summary", {}, W.rulings), list, said, form);
  box.addEventListener("toggle", () => { if (box.open) load(); });
  return box;
}

parts.evening.push(rulingsSection);
