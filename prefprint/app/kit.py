"""The event kit: every printed document of an event, its index and the protocol workbook."""

from __future__ import annotations

from pathlib import Path

from prefprint.app.costs import costs_html
from prefprint.engine.model import Competition, Event
from prefprint.io.layout import KIT_WORKBOOK, session_name
from prefprint.io.outdir import write_atomic
from prefprint.io.render import html, join_for_printing, render_pdfs, render_processes
from prefprint.views import documents as docs
from prefprint.words.messages import Message

DOCUMENTS = ("table-cards", "director", "itineraries", "start-list", "protocols", "deals", "costs")
# the kit in the order it is printed and laid out before the evening, as one PDF for one print job
PRINT_ORDER = ("director", "start-list", "table-cards", "itineraries", "deals", "protocols", "costs")
PRINT_ALL = "print-all"
NO_ANALYSIS_ENV = "PREFPRINT_NO_ANALYSIS"  # set (to anything but "" or 0): as --no-analysis on every run
# Documents made of independent sheets: rendered in parts on all cores, then joined.
_PART_SIZE = {"protocols": 12, "itineraries": 24, "table-cards": 8}


# document -> (template, context builder, the list of sheets a part may slice)
_VIEWS = {
    "table-cards": ("table_cards.html", docs.table_cards_context, "cards"),
    "director": ("director.html", docs.director_context, None),
    "itineraries": ("itineraries.html", docs.itineraries_context, "strips"),
    "protocols": ("protocols.html", docs.protocols_context, "pages"),
    "deals": ("deals.html", docs.deals_context, None),
    "start-list": ("start_list.html", docs.start_list_context, None),
}


def document_html(event: Event, name: str, part: slice | None = None, analysis=None) -> str:
    """The HTML of one kit document (or of a part of its sheets).

    `analysis` (prefprint.analysis.cache.EventAnalysis) puts each deal's makeable table on the hand
    records; no other document shows it (the protocols travel with the boxes during play).
    """
    if name == "costs":
        return costs_html(event.variant, event.conventions, event.table_size, event.language, event=event)
    template, context, sheets = _VIEWS[name]
    ctx = context(event, analysis) if name == "deals" else context(event)
    if part and sheets:
        ctx[sheets] = ctx[sheets][part]
    return html(template, event.language, event=event, **ctx)


def _sheet_count(event: Event, name: str) -> int:
    if name == "protocols":
        return len(docs.protocols_context(event)["pages"])
    return {"itineraries": len(event.players), "table-cards": event.movement.tables}.get(name, 0)


def render_parts(event: Event, name: str, analysis=None) -> list[str]:
    """HTML of the parts a document's PDF is rendered from (the whole of a small document)."""
    size = _PART_SIZE.get(name)
    count = _sheet_count(event, name)
    if not size or count <= size:
        return [document_html(event, name, analysis=analysis)]
    return [document_html(event, name, slice(i, i + size), analysis) for i in range(0, count, size)]


def write_kit(
    event: Event, folder: Path, jobs: int | None = None, progress=None, force: bool = False, analysis: bool = False
) -> list[Path]:
    """Write every document as HTML and PDF, index.html and protocols.xlsx into a folder.

    The folder is written whole or not at all (prefprint.io.outdir); a protocols.xlsx there that
    holds results is not replaced unless `force`. `analysis`: the hand records carry each deal's
    double-dummy table (solved once: the folder's analysis-cache.json is kept from run to run).
    """
    from prefprint.io.outdir import OutputError, OutputFolder
    from prefprint.io.workbook import filled_rows

    out = OutputFolder(folder, inputs=(event.source,), kind="kit")
    out.check()
    workbook = out.folder / KIT_WORKBOOK
    filled = 0 if force or not workbook.is_file() else filled_rows(workbook)
    if filled:
        raise OutputError("kit.workbook_filled", path=str(Path(folder) / KIT_WORKBOOK), n=filled)
    event = with_entry_codes(event, out.folder)
    with out.staged() as staging:
        found = _analyse(event, out.folder, staging, analysis, jobs, progress)
        written = _write_kit(event, staging, jobs, progress, found)
    return [Path(folder) / p.relative_to(staging) for p in written]


def analysis_wanted(competition: Competition, flag_off: bool = False) -> bool:
    """The double-dummy analysis runs unless switched off: by `flag_off` (--no-analysis), by the spec
    ([publish] analysis = false) or by the environment (NO_ANALYSIS_ENV)."""
    import os

    env = os.environ.get(NO_ANALYSIS_ENV, "").strip()
    return not flag_off and all(e.analysis for e in competition.sessions) and env in ("", "0")


def kit_warnings(competition: Competition, lan=None) -> list[Message]:
    """What the director should know before printing: a [serve] url only this computer opens (127.0.0.1,
    localhost, ::1), with this computer's addresses on the network to write instead. `lan` finds them
    (default prefprint.io.lan.lan_addresses, which sends nothing)."""
    from urllib.parse import urlsplit

    from prefprint.io import lan as network

    urls = sorted({e.serve_url for e in competition.sessions if e.serve_url and network.is_loopback_url(e.serve_url)})
    if not urls:
        return []
    found = (lan or network.lan_addresses)()
    said = []
    for url in urls:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
        instead = [parts._replace(netloc=f"{a}{port}").geturl() for a in found]
        if instead:
            said.append(Message("kit.serve_loopback", url=url, urls=", ".join(instead)))
        else:
            said.append(Message("kit.serve_loopback_unknown", url=url))
    return said


def with_entry_codes(event: Event, folder: Path) -> Event:
    """The event with the secret entry codes its table cards and director's sheet print, where the spec
    gives the scoring server's [serve] url (the folder's secret is written on first use)."""
    if not event.serve_url:
        return event
    from dataclasses import replace

    from prefprint.io import codes

    return replace(event, entry_codes=codes.codes(event, codes.secret(folder)))


def _analyse(event: Event, folder: Path, staging: Path, wanted: bool, jobs, progress):
    """The cache carried into the staged folder; the full analysis of the deals, if wanted and any has a layout."""
    from prefprint.analysis import makeable

    makeable.carry_cache(makeable.cache_sources(folder), staging)
    if not wanted or event.dealt_at_table:
        return None
    return makeable.solve(event.deals, staging, None, jobs, progress)


def _write_kit(event: Event, folder: Path, jobs: int | None = None, progress=None, analysis=None) -> list[Path]:
    say = progress or (lambda msg: None)
    names = documents_of(event)
    with render_processes(jobs) as pool:  # they warm up while the HTML is built
        return _render_kit(event, folder, names, say, jobs, pool, analysis)


def _render_kit(event: Event, folder: Path, names, say, jobs, pool, analysis) -> list[Path]:
    from prefprint.io.workbook import write_protocol_workbook
    from prefprint.words.i18n import words

    documents = {name: render_parts(event, name, analysis) for name in names}
    say(Message("kit.rendering", n=len(names), parts=sum(map(len, documents.values()))))
    written = []

    def meanwhile():
        # the HTML files, the index and the workbook, while the other processes render PDFs
        for name, parts in documents.items():
            text = parts[0] if len(parts) == 1 else document_html(event, name, analysis=analysis)
            written.append(write_atomic(folder / f"{name}.html", text))
        t = words(event.language)
        docs = [(n, t[n.replace("-", "_")]) for n in names]
        index = html("kit_index.html", event.language, event=event, docs=docs, print_all=PRINT_ALL)
        written.append(write_atomic(folder / "index.html", index))
        written.append(write_protocol_workbook(event, folder / KIT_WORKBOOK))
        say(Message("kit.html_written"))

    pdfs = render_pdfs(documents, jobs, say, while_waiting=meanwhile, pool=pool)
    for name, data in pdfs.items():
        written.append(write_atomic(folder / f"{name}.pdf", data))
    in_order = [pdfs[name] for name in PRINT_ORDER if name in pdfs]
    written.append(write_atomic(folder / f"{PRINT_ALL}.pdf", join_for_printing(in_order)))
    say(Message("kit.pdfs_written"))
    return written


def documents_of(event: Event) -> tuple[str, ...]:
    """The documents of a session's kit: no hand records where the first table deals."""
    return tuple(n for n in DOCUMENTS if not (n == "deals" and event.dealt_at_table))


def write_competition_kit(
    competition: Competition,
    folder: Path,
    session: int | None = None,
    jobs: int | None = None,
    progress=None,
    force: bool = False,
    analysis: bool = False,
) -> list[Path]:
    """The kit of every session (or only `session`); several sessions go to DIR/session-N/ with DIR/index.html.

    A one-session spec keeps the plain layout: the kit straight in DIR.
    """
    folder = Path(folder)
    if len(competition.sessions) == 1:
        return write_kit(
            competition.session(session or 1), folder, jobs=jobs, progress=progress, force=force, analysis=analysis
        )
    chosen = [competition.session(session)] if session else list(competition.sessions)
    say = progress or (lambda msg: None)
    written = []
    for event in chosen:
        say(Message("kit.session", session=event.session))
        written += write_kit(
            event, folder / session_name(event.session), jobs=jobs, progress=progress, force=force, analysis=analysis
        )
    written += _competition_start_list(competition, folder, jobs)
    index = html(
        "competition_index.html",
        competition.language,
        competition=competition,
        present=[e.session for e in competition.sessions if (folder / session_name(e.session)).is_dir()],
    )
    written.append(write_atomic(folder / "index.html", index))
    return written


def _competition_start_list(competition: Competition, folder: Path, jobs: int | None) -> list[Path]:
    """start-list.html/.pdf beside the sessions: every player of the competition, a column per session."""
    from dataclasses import replace

    first = replace(competition.sessions[0], players=competition.players, session_count=1)
    sessions = [(e.session_label, e) for e in competition.sessions]
    text = html("start_list.html", competition.language, event=first, **docs.start_list_context(first, sessions))
    pdf = render_pdfs({"start-list": [text]}, jobs)["start-list"]
    return [write_atomic(folder / "start-list.html", text), write_atomic(folder / "start-list.pdf", pdf)]
