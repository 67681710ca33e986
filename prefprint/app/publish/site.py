"""The results site: its pages built (by two processes where a big site has two cores) and written."""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from prefprint.app.memo import Recent
from prefprint.app.publish.spreadsheet import publish_competition_workbook, publish_workbook
from prefprint.engine.report import CompetitionReport, Report
from prefprint.io.layout import session_name
from prefprint.io.outdir import write_atomic
from prefprint.io.pool import start_forked
from prefprint.io.render import html
from prefprint.views.documents import DEAL_PAGE, PLAYER_PAGE, TABLE_PAGE
from prefprint.views.report_state import in_play, report_state
from prefprint.views.results_pages import (
    absent_text,
    competition_context,
    competition_nav,
    deal_page,
    player_card,
    ranking_context,
    rows_index,
    table_page,
    tables_of,
)


def site_pages(
    report: Report, comp: dict | None = None, memo: Recent | None = None, downloads=()
) -> list[tuple[str, str]]:
    """_site_pages; with `memo` (app.memo.Memo.pages) the pages built before from the same report, `comp` and
    `downloads` (equal as pickled)."""
    if memo is None:
        return _site_pages(report, comp, downloads)
    key = hashlib.sha256(pickle.dumps((report, comp, tuple(downloads)))).digest()
    return memo.get(key, lambda: _site_pages(report, comp, downloads))


def _site_common(report: Report, comp: dict | None = None, downloads=()) -> dict:
    """What every page of a session's site is rendered with (see _site_pages)."""
    event = report.event
    if comp is not None:
        comp = {**comp, "label": event.session_label}
    absent = absent_text(event, {**(comp or {}).get("names", {}), **event.names})
    return {
        "event": event,
        "names": event.names,
        "state": report_state(report),
        "comp": comp,
        "downloads": tuple(downloads),
        "absent": absent,
        "deal_numbers": [d.number for d in report.deals],
        "tables": tables_of(event),
        # deals without a page: not begun, or still to be played at some table (in_play)
        "pending": {d.number for d in report.deals if d.status == "pending"} | in_play(report),
    }


def index_page(report: Report, common: dict) -> str:
    """A session's ranking, the page its site opens with (`common`: _site_common)."""
    return html("results_index.html", report.event.language, **common, **ranking_context(report))


def competition_index(report: CompetitionReport, downloads=(), ctx: dict | None = None) -> str:
    """A competition's overall ranking, the page its site opens with (`ctx`: competition_context)."""
    ctx = ctx or competition_context(report)
    return html(
        "results_competition.html", report.competition.language, printed=False, downloads=tuple(downloads), **ctx
    )


def _site_pages(report: Report, comp: dict | None = None, downloads=()) -> list[tuple[str, str]]:
    """(relative path, HTML) of every page of the site; `comp` (competition_nav): a session's site in a competition;
    `downloads`: the files published beside it (results.pdf, results.xlsx), linked from its ranking."""
    event = report.event
    lang = event.language
    common = _site_common(report, comp, downloads)
    index = rows_index(report)  # every row by (deal, round, table), for the cards and the tables
    pages = [("index.html", lambda: index_page(report, common))]
    for d in report.deals:
        if d.number in common["pending"]:
            continue  # no protocol yet: the ranking lists it as pending
        pages.append(
            (
                DEAL_PAGE.format(n=d.number),
                lambda d=d: html("results_deal.html", lang, d=deal_page(report, d), **common),
            )
        )
    for p in event.players:
        pages.append(
            (
                PLAYER_PAGE.format(n=p.number),
                lambda p=p: html("results_player.html", lang, card=player_card(report, p.number, index), **common),
            )
        )
    for table in common["tables"]:
        pages.append(
            (
                TABLE_PAGE.format(n=table),
                lambda table=table: html("results_table.html", lang, tp=table_page(report, table, index), **common),
            )
        )
    return built(pages)


FORK_PAGES = 40  # a site of this many pages or more is built by two processes where there are two cores


def built(pages: list) -> list[tuple[str, str]]:
    """[(path, build)] -> [(path, what build() gives)]: every other page built in a child forked for it
    (io.pool.start_forked) while this process builds the rest, where there are cores to spare."""

    def build(part):
        return [make() for _, make in part]

    if len(pages) < FORK_PAGES or (os.cpu_count() or 1) < 2:
        return [(path, make()) for path, make in pages]
    theirs = start_forked(build, pages[1::2])
    try:
        mine = build(pages[0::2])
    except BaseException:
        try:
            theirs()  # the child ended and reaped, whatever it gave
        except BaseException:  # noqa: BLE001 - the first failure is the one to tell
            pass
        raise
    texts = [None] * len(pages)
    texts[0::2], texts[1::2] = mine, theirs()
    return [(path, text) for (path, _), text in zip(pages, texts)]


def _writer(previous, root: Path | None):
    """write_atomic, or the previous folder's writer that hard-links what did not change."""
    if previous is None or root is None:
        return write_atomic
    return lambda path, data: previous.write(root, path, data)


def publish_site(
    report: Report,
    folder: Path,
    comp: dict | None = None,
    previous=None,
    root: Path | None = None,
    workbook: bool = True,
    memo: Recent | None = None,
    downloads=(),
) -> list[Path]:
    """The site (index.html, deals/, players/, tables/): what a reader needs first; and (`workbook`) results.xlsx.
    `memo` (app.memo.Memo.pages, for a process that publishes again and again): the pages of a report and
    `comp` the same as a publish before (an earlier session) are not built again. `downloads`: the
    files published beside the site (downloads_of), linked from its ranking."""
    folder = Path(folder)
    write = _writer(previous, root)
    written = [write(folder / path, text) for path, text in site_pages(report, comp, memo, downloads)]
    if workbook:
        written += publish_workbook(report, folder)
    return written


def publish_competition_site(
    report: CompetitionReport,
    folder: Path,
    previous=None,
    root: Path | None = None,
    workbook: bool = True,
    memo: Recent | None = None,
    downloads=(),
) -> list[Path]:
    """Each session's site in session-N/ and the overall index.html; (`workbook`) the results.xlsx files.
    `memo`, `downloads`: see publish_site."""
    folder = Path(folder)
    written = []
    comp = competition_nav(report.sessions, report.competition.names)
    for session in report.reports:
        where = folder / session_name(session.event.session)
        written += publish_site(session, where, comp, previous, root, workbook=workbook, memo=memo, downloads=downloads)
    ctx = competition_context(report)
    write = _writer(previous, root)
    written.append(write(folder / "index.html", competition_index(report, downloads, ctx)))
    if workbook:
        written += publish_competition_workbook(report, folder, ctx)
    return written


def publish_indexes(
    report: Report | CompetitionReport, folder: Path, downloads, previous=None, root: Path | None = None
) -> list[Path]:
    """The rankings again, linking `downloads` (the files a later stage put beside the site): a session's
    index.html, or a competition's and each of its sessions'."""
    folder = Path(folder)
    write = _writer(previous, root)
    if not isinstance(report, CompetitionReport):
        return [write(folder / "index.html", index_page(report, _site_common(report, None, downloads)))]
    comp = competition_nav(report.sessions, report.competition.names)
    written = [
        write(folder / session_name(r.event.session) / "index.html", index_page(r, _site_common(r, comp, downloads)))
        for r in report.reports
    ]
    return [*written, write(folder / "index.html", competition_index(report, downloads))]
