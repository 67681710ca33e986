"""The event kit: every printed document of an event, its index and the protocol workbook."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import documents as docs
from .model import Event
from .render import html, pdf_bytes, write_atomic

DOCUMENTS = ("table-cards", "director", "itineraries", "protocols", "deals", "costs")
_TITLE_KEYS = {"table-cards": "table_cards", "director": "director", "itineraries": "itineraries",
               "protocols": "protocols", "deals": "deals", "costs": "costs"}


def document_html(event: Event, name: str) -> str:
    """The HTML of one kit document."""
    lang = event.language
    if name == "table-cards":
        return html("table_cards.html", lang, event=event, **docs.table_cards_context(event))
    if name == "director":
        return html("director.html", lang, event=event, **docs.director_context(event))
    if name == "itineraries":
        return html("itineraries.html", lang, event=event, **docs.itineraries_context(event))
    if name == "protocols":
        return html("protocols.html", lang, event=event, **docs.protocols_context(event))
    if name == "deals":
        return html("deals.html", lang, event=event, **docs.deals_context(event))
    if name == "costs":
        return docs.costs_html(event.variant, event.conventions, event.table_size, lang, event=event)
    raise KeyError(name)


def _render_pdf(job):
    text, path = job
    write_atomic(Path(path), pdf_bytes(text))
    return path


def write_kit(event: Event, folder: Path, jobs: int | None = None, progress=None) -> list[Path]:
    """Write every document as HTML and PDF, index.html and protocols.xlsx into a folder."""
    from .workbook import write_protocol_workbook
    from .i18n import words

    say = progress or (lambda msg: None)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    pdf_jobs = []
    for name in DOCUMENTS:
        text = document_html(event, name)
        written.append(write_atomic(folder / f"{name}.html", text))
        pdf_jobs.append((text, str(folder / f"{name}.pdf")))
    say(f"HTML written ({len(DOCUMENTS)} documents); rendering PDF…")
    t = words(event.language)
    index = html("kit_index.html", event.language, event=event,
                 docs=[(n, t[_TITLE_KEYS[n]]) for n in DOCUMENTS])
    written.append(write_atomic(folder / "index.html", index))
    # the heaviest document first, so that the pool stays busy to the end
    pdf_jobs.sort(key=lambda j: -len(j[0]))
    workers = max(1, min(jobs or os.cpu_count() or 1, len(pdf_jobs)))
    if workers == 1:
        for job in pdf_jobs:
            written.append(Path(_render_pdf(job)))
            say(f"  {Path(job[1]).name}")
        written.append(write_protocol_workbook(event, folder / "protocols.xlsx"))
    else:
        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(_render_pdf, job) for job in pdf_jobs]
            written.append(write_protocol_workbook(event, folder / "protocols.xlsx"))
            say("  protocols.xlsx")
            for f in futures:
                path = f.result()
                written.append(Path(path))
                say(f"  {Path(path).name}")
    return written
