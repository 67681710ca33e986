"""Publish checked results: a static HTML site, a PDF and a workbook."""

from __future__ import annotations

from pathlib import Path

from .documents import deal_view
from .render import html, render_pdfs, write_atomic


def _rows_view(report, d):
    event = report.event
    rows = []
    for r in d.results:
        c = r.cells
        rows.append({
            "round": r.round, "table": r.table,
            "contract": r.contract.label(event.language) if r.contract else ("корр." if r.adjusted and
                                                                              event.language == "ru" else
                                                                              "adj." if r.adjusted else ""),
            "cols": [c.get(k) if c.get(k) is not None else "" for k in
                     ("decl_seat", "decl_tricks", "w1_seat", "w1_tricks", "w2_seat", "w2_tricks")],
            "seats": [(s, r.players[s], r.whists.get(s), r.mp.get(s, ""), r.adjusted.get(s)) for s in event.seats],
            "top": r.top,
        })
    return rows


def _context(report):
    event = report.event
    deals = []
    for d in report.deals:
        deals.append({"number": d.number, "status": d.status, "view": deal_view(event.deal(d.number), event.language),
                      "rows": _rows_view(report, d), "top": d.results[0].top if d.results else 0})
    players = {}
    for p in event.players:
        legs = []
        for number, r, s in sorted(report.per_player.get(p.number, []), key=lambda x: (x[1].round, x[0])):
            d = next(x for x in report.deals if x.number == number)
            others = sorted((x.whists[s] for x in d.results if not x.adjusted), reverse=True)
            legs.append({"deal": number, "round": r.round, "table": r.table, "seat": s,
                         "contract": r.contract.label(event.language) if r.contract else "",
                         "whists": r.whists.get(s), "adjusted": r.adjusted.get(s), "mp": r.mp[s], "top": r.top,
                         "others": others})
        players[p.number] = legs
    standing = {s.player: s for s in report.standings}
    return {"event": event, "standings": report.standings, "deals": deals, "players": players,
            "standing": standing, "names": event.names}


def publish(report, folder: Path, jobs: int | None = None) -> list[Path]:
    """index.html, deals/*.html, players/*.html, results.pdf and results.xlsx in a folder."""
    from .workbook import write_results_workbook

    folder = Path(folder)
    ctx = _context(report)
    lang = report.event.language
    written = [write_atomic(folder / "index.html", html("results_index.html", lang, **ctx))]
    for d in ctx["deals"]:
        written.append(write_atomic(folder / "deals" / f"deal-{d['number']}.html",
                                    html("results_deal.html", lang, d=d, **ctx)))
    for p in report.event.players:
        written.append(write_atomic(folder / "players" / f"player-{p.number}.html",
                                    html("results_player.html", lang, p=p, legs=ctx["players"][p.number], **ctx)))
    # the PDF in parts (ranking, then protocols a dozen at a time) rendered on all cores
    parts = [html("results_print.html", lang, **{**ctx, "deals": []})]
    for i in range(0, len(ctx["deals"]), 12):
        parts.append(html("results_print.html", lang, **{**ctx, "deals": ctx["deals"][i:i + 12], "standings": None}))
    pdf = render_pdfs({"results": parts}, jobs)["results"]
    written.append(write_atomic(folder / "results.pdf", pdf))
    written.append(write_results_workbook(report, folder / "results.xlsx"))
    return written
