"""Publish checked results: a static HTML site, a PDF and a workbook."""

from __future__ import annotations

from pathlib import Path

from .documents import deal_view
from .messages import Message
from .render import html, render_pdfs, write_atomic


_CONTRACT_WORDS = {"ru": {"adjusted": "корр.", "not played": "не сыграна", "spoiled": "испорчена"},
                   "en": {"adjusted": "adj.", "not played": "not played", "spoiled": "spoiled"}}


def _rows_view(report, d):
    event = report.event
    lang = event.language
    rows = []
    for r in d.results:
        c = r.cells
        rows.append({
            "round": r.round, "table": r.table, "status": r.status,
            "contract": r.contract.label(lang) if r.contract else _CONTRACT_WORDS[lang].get(r.status, ""),
            "cols": [c.get(k) if c.get(k) is not None and r.status == "played" else "" for k in
                     ("decl_seat", "decl_tricks", "w1_seat", "w1_tricks", "w2_seat", "w2_tricks")],
            "seats": [(s, r.players[s], r.whists.get(s), r.mp.get(s), r.adjusted.get(s)) for s in event.seats],
            "top": r.top,
            "notes": [n.text(lang) for n in r.notes],
        })
    return rows


def _context(report):
    event = report.event
    lang = event.language
    deals = []
    for d in report.deals:
        tops = [r.top for r in d.results if r.mp]
        deals.append({"number": d.number, "status": d.status, "view": deal_view(event.deal(d.number), lang),
                      "rows": _rows_view(report, d), "top": max(tops, default=0),
                      "notes": [n.text(lang) for n in d.notes]})
    by_number = {d.number: d for d in report.deals}
    players = {}
    for p in event.players:
        legs = []
        for number, r, s in sorted(report.per_player.get(p.number, []), key=lambda x: (x[1].round, x[0])):
            d = by_number[number]
            others = sorted((x.whists[s] for x in d.results if x.status == "played" and s not in x.adjusted),
                            reverse=True)
            legs.append({"deal": number, "round": r.round, "table": r.table, "seat": s,
                         "contract": r.contract.label(lang) if r.contract else _CONTRACT_WORDS[lang].get(r.status, ""),
                         "whists": r.whists.get(s), "adjusted": r.adjusted.get(s), "mp": r.mp[s],
                         "top": r.tops.get(s, r.top), "others": others, "notes": [n.text(lang) for n in r.notes]})
        # rows of his that did not count: not played, spoiled, or an adjusted row without his percentage
        for d in report.deals:
            for r in d.results:
                for s, player in r.players.items():
                    if player == p.number and s not in r.mp:
                        legs.append({"deal": d.number, "round": r.round, "table": r.table, "seat": s,
                                     "contract": _CONTRACT_WORDS[lang].get(r.status, ""), "whists": None,
                                     "adjusted": None, "mp": None, "top": None, "others": [],
                                     "notes": [n.text(lang) for n in r.notes]})
        legs.sort(key=lambda leg: (leg["round"], leg["deal"]))
        players[p.number] = legs
    standing = {s.player: s for s in report.standings}
    return {"event": event, "standings": report.standings, "deals": deals, "players": players,
            "standing": standing, "names": event.names, "provisional": report.provisional,
            "generated_at": report.generated_at, "pending": report.pending,
            "rulings": [{"player": a.player, "text": a.note().text(lang)} for a in report.rulings],
            "rulings_title": Message("results.rulings_title").text(lang),
            "provisional_text": provisional_text(report, lang)}


def provisional_text(report, lang: str) -> str:
    """"Provisional results as of 21:40. Not yet scored: 2 deals: 7, 9" for the pages of provisional results."""
    pending = (Message("results.pending", n=len(report.pending), deals=", ".join(map(str, report.pending)))
               if report.pending else Message("results.none_pending"))
    return f"{Message('results.provisional', time=report.generated_at).text(lang)}. {pending.text(lang)}."


def publish(report, folder: Path, jobs: int | None = None) -> list[Path]:
    """index.html, deals/*.html, players/*.html, results.pdf and results.xlsx in a folder."""
    from .workbook import write_results_workbook

    folder = Path(folder)
    ctx = _context(report)
    lang = report.event.language
    written = [write_atomic(folder / "index.html", html("results_index.html", lang, **ctx))]
    for d in ctx["deals"]:
        if d["status"] == "pending":
            continue
        written.append(write_atomic(folder / "deals" / f"deal-{d['number']}.html",
                                    html("results_deal.html", lang, d=d, **ctx)))
    for p in report.event.players:
        written.append(write_atomic(folder / "players" / f"player-{p.number}.html",
                                    html("results_player.html", lang, p=p, legs=ctx["players"][p.number], **ctx)))
    # the PDF in parts (ranking, then protocols a dozen at a time) rendered on all cores
    parts = [html("results_print.html", lang, **{**ctx, "deals": []})]
    scored = [d for d in ctx["deals"] if d["status"] != "pending"]
    for i in range(0, len(scored), 12):
        parts.append(html("results_print.html", lang, **{**ctx, "deals": scored[i:i + 12], "standings": None}))
    pdf = render_pdfs({"results": parts}, jobs)["results"]
    written.append(write_atomic(folder / "results.pdf", pdf))
    written.append(write_results_workbook(report, folder / "results.xlsx"))
    return written


def competition_context(report) -> dict:
    """The overall ranking of a competition: each player's total and every session's share."""
    comp = report.competition
    rows = []
    sessions = [r.event.session for r in report.reports]
    for s in report.standings:
        per = {t.session: t for t in report.sessions_of.get(s.player, [])}
        rows.append({"standing": s, "sessions": [per.get(k) for k in sessions]})
    return {"competition": comp, "event": comp, "rows": rows, "sessions": report.sessions,
            "names": comp.names, "reports": report.reports}


def publish_competition(report, folder: Path, jobs: int | None = None) -> list[Path]:
    """The overall ranking (index.html, results.pdf, results.xlsx) and each session's site in session-N/."""
    from .workbook import write_competition_workbook

    folder = Path(folder)
    written = []
    for session in report.reports:
        written += publish(session, folder / f"session-{session.event.session}", jobs)
    ctx = competition_context(report)
    lang = report.competition.language
    written.append(write_atomic(folder / "index.html", html("results_competition.html", lang, printed=False, **ctx)))
    pdf = render_pdfs({"results": [html("results_competition.html", lang, printed=True, **ctx)]}, jobs)["results"]
    written.append(write_atomic(folder / "results.pdf", pdf))
    written.append(write_competition_workbook(report, folder / "results.xlsx"))
    return written
