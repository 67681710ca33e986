"""A formula saved without its value cannot be read: said rather than taken for a blank cell."""

from __future__ import annotations

from prefprint.checks.found import Findings
from prefprint.engine.entries import Formula
from prefprint.words.messages import shown


def check_formulas(f: Findings, sheet, srow) -> bool:
    """A formula saved without its value cannot be read: say so rather than take it for blank."""
    found = False
    for col, value in srow.values.items():
        if isinstance(value, Formula):
            f.problem("workbook.formula", cell=f.cell_ref(sheet.name, col, srow.row), formula=shown(value.text))
            found = True
    return found
