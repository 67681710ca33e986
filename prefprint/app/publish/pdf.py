"""results.pdf: its HTML parts, rendered where they changed, of a session and of a competition."""

from __future__ import annotations

from pathlib import Path

from prefprint.app.publish.spreadsheet import publish_competition_workbook, publish_workbook
from prefprint.engine.report import CompetitionReport, Report
from prefprint.io.layout import session_name
from prefprint.io.outdir import digest, write_atomic
from prefprint.io.render import html, join_reusing, pdf_pages, render_pdfs, render_processes
from prefprint.views.print_layout import mark_new_pages, print_card_pages, recap_head
from prefprint.views.report_state import in_play, report_state
from prefprint.views.results_pages import (
    absent_text,
    competition_context,
    competition_nav,
    deal_page,
    player_card,
    ranking_context,
    rows_index,
)
from prefprint.words.i18n import words

_PDF_CARD_PAGES = 25  # pages of score cards per part of results.pdf
_PDF_DEALS_PART = 12  # protocols per part


def pdf_parts(report: Report, comp: dict | None = None) -> list[str]:
    """The HTML parts of results.pdf: the ranking, the score cards, the protocols (`comp`: competition_nav)."""
    event = report.event
    lang = event.language
    common = {"event": event, "names": event.names, "state": report_state(report)}
    parts = [
        html(
            "results_print.html",
            lang,
            **common,
            **ranking_context(report),
            card_pages=[],
            deals=[],
            absent=absent_text(event, {**(comp or {}).get("names", {}), **event.names}),
        )
    ]

    index = rows_index(report)
    cards = [player_card(report, p.number, index) for p in sorted(event.players, key=lambda p: p.number)]
    pages = print_card_pages(cards, words(lang))
    marked = any(card["marked"] for card in cards)
    for i in range(0, len(pages), _PDF_CARD_PAGES):
        parts.append(
            html(
                "results_print.html",
                lang,
                **common,
                standings=None,
                card_pages=pages[i : i + _PDF_CARD_PAGES],
                recap_head=recap_head(words(lang)),
                deals=[],
                marked=marked,
            )
        )
    playing = in_play(report)
    deals = [deal_page(report, d) for d in report.deals if d.status != "pending" and d.number not in playing]
    for i in range(0, len(deals), _PDF_DEALS_PART):
        mark_new_pages(deals[i : i + _PDF_DEALS_PART])
        parts.append(
            html(
                "results_print.html",
                lang,
                **common,
                standings=None,
                card_pages=[],
                deals=deals[i : i + _PDF_DEALS_PART],
            )
        )
    return parts


def publish_pdf(
    report: Report,
    folder: Path,
    jobs: int | None = None,
    comp: dict | None = None,
    previous=None,
    root: Path | None = None,
    progress=None,
    workbook: bool = True,
) -> list[Path]:
    """results.pdf (only the parts whose HTML changed since `previous` rendered) and (`workbook`) results.xlsx,
    written while the other processes render."""
    path = Path(folder) / "results.pdf"
    written: list[Path] = []
    meanwhile = (lambda: written.extend(publish_workbook(report, folder))) if workbook else None
    with render_processes(jobs) as pool:  # they warm up while the HTML is built
        data = render_changed(pdf_parts(report, comp), path, jobs, previous, root, meanwhile, progress, pool)
    return written + [write_atomic(path, data)]


def render_changed(
    parts: list[str],
    path: Path,
    jobs: int | None = None,
    previous=None,
    root: Path | None = None,
    while_waiting=None,
    progress=None,
    pool=None,
) -> bytes:
    """The PDF of HTML parts, those whose digest the old PDF at `path` has taken from it, the others rendered
    (`pool`: render processes started, io.render.render_processes)."""
    digests = [digest(p) for p in parts]
    old, old_parts = previous.pdf(root, path) if previous is not None and root is not None else (None, [])
    where = {m.get("digest"): i for i, m in enumerate(old_parts)} if old else {}
    todo = {str(i): [p] for i, p in enumerate(parts) if digests[i] not in where}
    if todo:
        rendered = render_pdfs(todo, jobs, progress, while_waiting, pool)
    else:
        if pool is not None:
            pool.stop()  # nothing to render: the processes need not finish warming up
        rendered = {}
        if while_waiting:
            while_waiting()
    pieces = [rendered[str(i)] if str(i) in rendered else where[d] for i, d in enumerate(digests)]
    data = join_reusing(pieces, old, old_parts)
    if previous is not None and root is not None:
        previous.wrote_pdf(
            root,
            path,
            [
                {"digest": d, "pages": pdf_pages(p) if isinstance(p, bytes) else old_parts[p]["pages"]}
                for d, p in zip(digests, pieces)
            ],
        )
    return data


def publish_competition_pdf(
    report: CompetitionReport,
    folder: Path,
    jobs: int | None = None,
    previous=None,
    root: Path | None = None,
    workbook: bool = True,
) -> list[Path]:
    """Each session's results.pdf in session-N/ and the overall results.pdf; (`workbook`) the results.xlsx files."""
    folder = Path(folder)
    written = []
    comp = competition_nav(report.sessions, report.competition.names)
    for session in report.reports:
        written += publish_pdf(
            session, folder / session_name(session.event.session), jobs, comp, previous, root, workbook=workbook
        )
    ctx = competition_context(report)
    text = html("results_competition.html", report.competition.language, printed=True, **ctx)
    path = folder / "results.pdf"
    if workbook:
        written += publish_competition_workbook(report, folder, ctx)
    written.append(write_atomic(path, render_changed([text], path, jobs, previous, root)))
    return written
