"""The event kit: every printed document of an event, its index and the protocol workbook."""

from __future__ import annotations

import gc
import io
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import documents as docs
from .model import Event
from .render import html, pdf_bytes, write_atomic

DOCUMENTS = ("table-cards", "director", "itineraries", "protocols", "deals", "costs")
_TITLE_KEYS = {"table-cards": "table_cards", "director": "director", "itineraries": "itineraries",
               "protocols": "protocols", "deals": "deals", "costs": "costs"}
# Documents made of independent sheets: rendered in parts on all cores, then joined.
_PART_SIZE = {"protocols": 12, "itineraries": 24, "table-cards": 8}


def document_html(event: Event, name: str, part: slice | None = None) -> str:
    """The HTML of one kit document (or of a part of its sheets)."""
    lang = event.language
    if name == "table-cards":
        ctx = docs.table_cards_context(event)
        if part:
            ctx["cards"] = ctx["cards"][part]
        return html("table_cards.html", lang, event=event, **ctx)
    if name == "director":
        return html("director.html", lang, event=event, **docs.director_context(event))
    if name == "itineraries":
        ctx = docs.itineraries_context(event)
        if part:
            ctx["strips"] = ctx["strips"][part]
        return html("itineraries.html", lang, event=event, **ctx)
    if name == "protocols":
        deals = event.deals[part] if part else event.deals
        return html("protocols.html", lang, event=event, **docs.protocols_context(event, deals))
    if name == "deals":
        return html("deals.html", lang, event=event, **docs.deals_context(event))
    if name == "costs":
        return docs.costs_html(event.variant, event.conventions, event.table_size, lang, event=event)
    raise KeyError(name)


def _sheet_count(event: Event, name: str) -> int:
    return {"protocols": len(event.deals), "itineraries": len(event.players),
            "table-cards": event.movement.tables}.get(name, 0)


def render_parts(event: Event, name: str) -> list[str]:
    """HTML of the parts a document's PDF is rendered from (one part for small documents)."""
    size = _PART_SIZE.get(name)
    count = _sheet_count(event, name)
    if not size or count <= size:
        return [document_html(event, name)]
    return [document_html(event, name, slice(i, i + size)) for i in range(0, count, size)]


def _render(text: str) -> bytes:
    # WeasyPrint builds large trees of short-lived objects: the cyclic collector only slows it
    # down while a document renders, so collect once afterwards instead.
    gc.disable()
    try:
        return pdf_bytes(text)
    finally:
        gc.enable()
        gc.collect()


def join_pdfs(parts: list[bytes]) -> bytes:
    """One PDF from several, pages in order."""
    if len(parts) == 1:
        return parts[0]
    from pypdf import PdfWriter

    writer = PdfWriter()
    for data in parts:
        writer.append(io.BytesIO(data))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def write_kit(event: Event, folder: Path, jobs: int | None = None, progress=None) -> list[Path]:
    """Write every document as HTML and PDF, index.html and protocols.xlsx into a folder."""
    from .i18n import words
    from .workbook import write_protocol_workbook

    say = progress or (lambda msg: None)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    tasks = []  # (document, part index, html)
    for name in DOCUMENTS:
        written.append(write_atomic(folder / f"{name}.html", document_html(event, name)))
        for i, text in enumerate(render_parts(event, name)):
            tasks.append((name, i, text))
    t = words(event.language)
    index = html("kit_index.html", event.language, event=event,
                 docs=[(n, t[_TITLE_KEYS[n]]) for n in DOCUMENTS])
    written.append(write_atomic(folder / "index.html", index))
    say(f"HTML written; rendering {len(DOCUMENTS)} PDFs in {len(tasks)} parts…")
    # the largest parts first, so that every core stays busy to the end
    order = sorted(range(len(tasks)), key=lambda k: -len(tasks[k][2]))
    workers = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    results: dict[tuple, bytes] = {}
    done = 0
    if workers == 1:
        for k in order:
            results[tasks[k][:2]] = _render(tasks[k][2])
        written.append(write_protocol_workbook(event, folder / "protocols.xlsx"))
    else:
        with ProcessPoolExecutor(workers) as pool:
            futures = {k: pool.submit(_render, tasks[k][2]) for k in order}
            written.append(write_protocol_workbook(event, folder / "protocols.xlsx"))
            for k in order:
                results[tasks[k][:2]] = futures[k].result()
                done += 1
                if done % 5 == 0 or done == len(tasks):
                    say(f"  {done}/{len(tasks)} parts rendered")
    for name in DOCUMENTS:
        parts = [results[key] for key in sorted(k for k in results if k[0] == name)]
        written.append(write_atomic(folder / f"{name}.pdf", join_pdfs(parts)))
    say("  protocols.xlsx and PDFs written")
    return written
