"""The cost-of-game table as a document: its HTML rendered from the view's context, and `prefprint costs`'s
files (costs-VARIANT-SIZE.html and .pdf). The kit prints the same HTML as its costs document."""

from __future__ import annotations

from pathlib import Path

from prefprint.engine.model import Event
from prefprint.engine.rules import Conventions
from prefprint.io.outdir import write_atomic
from prefprint.io.render import html, write_pdf
from prefprint.views.documents import costs_context


def costs_html(variant: str, conv: Conventions, table_size: int, lang: str, event: Event | None = None) -> str:
    """The cost-of-game table as HTML (costs.html); `event`: the kit's, named in its heading."""
    return html("costs.html", lang, event=event, **costs_context(variant, conv, table_size, lang))


def write_costs(variant: str, conv: Conventions, table_size: int, lang: str, folder: Path) -> list[Path]:
    """costs-VARIANT-SIZE.html and .pdf in a folder."""
    text = costs_html(variant, conv, table_size, lang)
    stem = Path(folder) / f"costs-{variant}-{table_size}"
    return [write_atomic(stem.with_suffix(".html"), text), write_pdf(text, stem.with_suffix(".pdf"))]


__all__ = ["costs_html", "write_costs"]
