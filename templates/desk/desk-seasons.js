// The club's seasons (docs/desk.md): the [[seasons]] of club.toml listed with their settings in words, each edited
// («Изменить») or removed, one added from a form; the score picked from a list that says what each means, the place
// points («20, 17, 15…») asked only for a season scored by places. A part of the desk: its section comes after the
// players' (desk.js's `parts.club`). Every problem is shown beside its field; everything shown is set as text.
import { el, api, field, showErrors, W, club, parts } from "./desk.js";

const URL = "/desk/api/seasons";
let made = 0; // ids of the forms' inputs, unique on the page
let seen = ""; // club.toml as the page read it: a change is refused if the file was edited since

const day = (iso) => {
  const d = new Date(`${iso}T12:00:00`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(club.language || "ru", { day: "numeric", month: "short", year: "numeric" });
};

function says(s) {
  const count = s.count === "all" ? W.season_says_all : W.season_says_count.replace("{n}", s.count);
  const score = s.score === "places" ? W.season_says_places.replace("{points}", s.place_points.join(", "))
    : W.season_says_percent;
  return `${day(s.from)} – ${day(s.to)}; ${count}; ${W.season_says_min.replace("{n}", s.min_events)}; ${score}`;
}

function seasonForm(s, done, cancel) {
  const n = ++made;
  const input = (k, type, value) => el("input", { type, id: `season-${k}-${n}`, autocomplete: "off", value: value ?? "" });
  const title = input("title", "text", s && s.title);
  title.maxLength = 200;
  const from = input("from", "date", s && s.from);
  const to = input("to", "date", s && s.to);
  const count = input("count", "text", s && s.count !== "all" ? s.count : "");
  count.inputMode = "numeric";
  count.placeholder = W.season_count_hint;
  const min = input("min_events", "number", s ? s.min_events : 1);
  min.min = 0;
  const score = el("select", { id: `season-score-${n}` },
    ["percent", "places"].map((k) => el("option", { value: k, selected: s && s.score === k }, W[`score_${k}`])));
  const points = input("place_points", "text", s && s.place_points.length ? s.place_points.join(", ") : "");
  points.placeholder = "20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1";
  const pointsBox = field("place_points", W.season_place_points, points);
  pointsBox.append(el("div", { cls: "muted" }, W.season_place_points_hint));
  const means = el("div", { cls: "muted score-means" });
  const shown = () => { pointsBox.hidden = score.value !== "places"; means.textContent = W[`score_${score.value}_means`]; };
  score.addEventListener("change", shown);
  shown();
  const general = el("div", { cls: "field-error", "data-for": "" });
  const form = el("form", { cls: "season-form" }, field("title", W.season_title, title),
    el("div", { cls: "cols" }, field("from", W.season_from, from), field("to", W.season_to, to),
      field("count", W.season_count, count), field("min_events", W.season_min_events, min)),
    field("score", W.season_score, score), means, pointsBox, general,
    el("button", { type: "submit", cls: s ? "go save-season" : "go add-season" }, s ? W.save : W.add_season),
    cancel ? el("button", { type: "button", cls: "cancel", on: { click: cancel } }, W.cancel) : null);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { title: title.value, from: from.value, to: to.value, count: count.value.trim() || "all",
      min_events: min.value.trim(), score: score.value, place_points: score.value === "places" ? points.value : "", seen };
    const r = s ? await api("PUT", `${URL}/${s.n}`, body) : await api("POST", URL, body);
    if (r.status !== 200 && r.status !== 201) { showErrors(form, r.json.errors, general); return; }
    showErrors(form, [], general);
    done(r.json);
  });
  return form;
}

function seasonsSection() {
  const list = el("ol", { cls: "seasons-list" });
  const said = el("div", { cls: "field-error seasons-said" });
  const show = (json) => {
    seen = json.seen;
    said.textContent = "";
    if (!json.seasons.length) { list.replaceChildren(el("li", { cls: "muted" }, W.no_seasons)); return; }
    list.replaceChildren(...json.seasons.map((s) => row(s, show)));
  };
  const row = (s) => {
    const li = el("li", { "data-n": s.n });
    const plain = () => li.replaceChildren(el("strong", { cls: "season-title" }, s.title),
      el("div", { cls: "season-says" }, says(s)), el("div", { cls: "acts" },
      el("button", { type: "button", cls: "edit-season", on: { click: () => li.replaceChildren(seasonForm(s, show, plain)) } }, W.edit),
      el("button", { type: "button", cls: "remove-season", on: { click: async () => {
        const got = await api("DELETE", `${URL}/${s.n}`, { seen });
        if (got.status === 200) show(got.json); else said.textContent = (got.json.errors || []).map((x) => x.message).join("; ");
      } } }, W.remove)));
    plain();
    return li;
  };
  const adding = el("details", { cls: "season-add" }, el("summary", {}, W.add_season));
  const addForm = () => adding.append(seasonForm(null, (json) => {
    show(json);
    adding.open = false;
    adding.replaceChildren(adding.firstChild);
    addForm();
  }));
  addForm();
  (async () => {
    const got = await api("GET", URL);
    if (got.status === 200) show(got.json); else said.textContent = (got.json.errors || []).map((x) => x.message).join("; ");
  })();
  return el("section", { id: "seasons" }, el("h2", {}, W.seasons), list, said, adding);
}

parts.club.push(seasonsSection);
