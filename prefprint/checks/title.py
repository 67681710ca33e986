"""The title printed on the sheets: a workbook of another event is suspicious."""

from __future__ import annotations

from prefprint.checks.cells import clean
from prefprint.checks.found import Findings
from prefprint.words.messages import shown


def check_title(f: Findings, sheets) -> None:
    """The title printed on the sheets is the event's: a workbook of another event is suspicious."""
    titles = {clean(s.title) for s in sheets if isinstance(clean(s.title), str)}
    expected = clean(f.event.heading) or ""
    if titles and expected not in titles and clean(f.event.title) not in titles:
        f.warn("workbook.title_differs", found=shown(sorted(titles)[0]), expected=shown(expected))
