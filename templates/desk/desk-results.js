// The desk's results (docs/desk.md): inside each evening, «publish the results» — provisional while rows are
// missing, final when all are in, the season's site updated by the same click — its progress followed, then the
// links to open what was published (served by the desk).
import { el, api, follow, refresh, W, CODE, parts } from "./desk.js";

const NAMES = { results: "open_results", pdf: "open_pdf", xlsx: "open_xlsx", season: "open_season" };

function linksOf(links) {
  return Object.entries(NAMES).filter(([k]) => links[k]).map(([k, word]) =>
    el("a", { href: `${links[k]}?code=${encodeURIComponent(CODE)}`, target: "_blank", rel: "noopener",
      cls: `tap results-link ${k}` }, W[word]));
}

function ended(job, status, links, notes) {
  if (job.state !== "done") return;
  const kind = job.provisional ? `${W.provisional}, ${W.missing}: ${job.missing}` : W.final;
  status.textContent = `${W.results}: ${kind}`;
  links.replaceChildren(...linksOf(job.links || {}));
  const lines = [...(job.uploaded ? [job.uploaded] : []), ...(job.warnings || [])];
  notes.replaceChildren(...(lines.length ? [el("summary", {}, `${W.warnings}: ${lines.length}`),
    el("ul", {}, lines.map((t) => el("li", {}, t)))] : []));
  notes.hidden = !lines.length;
}

function resultsSection(e) {
  if (e.state === "planned") return null; // the kit not printed: no protocols to read
  const base = `/desk/api/evenings/${encodeURIComponent(e.id)}/results`;
  const button = el("button", { type: "button", cls: "publish-results" }, W.publish_results);
  const bar = el("progress", { max: 1, value: 0, hidden: true });
  const said = el("div", { cls: "muted said" });
  const status = el("div", { cls: "results-state" });
  const links = el("div", { cls: "links results-links" });
  const notes = el("details", { cls: "results-notes", hidden: true });
  const run = async (job) => {
    button.disabled = true;
    bar.hidden = false;
    const last = await follow(job, bar, said);
    ended(last, status, links, notes);
    button.disabled = false;
    if (last.state === "done") await refresh();
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    const r = await api("POST", base, {});
    if (r.status !== 201) { said.textContent = (r.json.errors || []).map((x) => x.message).join("; "); button.disabled = false; return; }
    await run(r.json.job);
  });
  (async () => { // what is published now, and the latest job (followed again if it still runs)
    const r = await api("GET", base);
    if (r.status !== 200) return;
    links.replaceChildren(...linksOf(r.json.links || {}));
    const job = r.json.job;
    if (!job) return;
    said.textContent = job.message || "";
    said.className = { done: "ok said", failed: "error said" }[job.state] || "muted said";
    if (job.state === "running") run(job.job); else ended(job, status, links, notes);
  })();
  return el("div", { cls: "results", "data-evening": e.id }, el("div", {}, button), bar, said, status, links, notes);
}

parts.evening.push(resultsSection);
