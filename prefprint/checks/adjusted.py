"""An adjusted row: the percentage of the top awarded to each seat, in its MP cell or by a ruling."""

from __future__ import annotations

from fractions import Fraction

from prefprint.checks.cells import clean, parse_whists
from prefprint.checks.found import Findings
from prefprint.io.workbook import sheet_name
from prefprint.words.messages import Message, shown


def check_adjusted(f: Findings, sheet, srow) -> dict | None:
    """The percentages of an adjusted row (its MP cells); a blank one may come from a ruling."""
    awarded, ok = {}, True
    for s in f.event.seats:
        raw = srow.values[f"{s}_mp"]
        if clean(raw) is None:
            continue
        try:
            pct = parse_whists(str(raw).replace("%", ""))
        except ValueError:
            pct = None
        if pct is None or not 0 <= pct <= 100:
            f.problem(
                "results.adjusted_pct", cell=f.cell_ref(sheet.name, f"{s}_mp", srow.row), seat=s, value=shown(raw)
            )
            ok = False
        else:
            awarded[s] = pct
    return awarded if ok else None


def check_adjusted_complete(f: Findings, deals) -> None:
    """Every seat of an adjusted row has its percentage, in the workbook or by a ruling."""
    for d in deals:
        for r in d.results:
            if r.status != "adjusted":
                continue
            for s in f.event.seats:
                if s not in r.adjusted:
                    f.problem(
                        "results.adjusted_pct",
                        cell=f.cell_ref(sheet_name(f.event.language, d.number), f"{s}_mp", r.row),
                        seat=s,
                        value=shown(None),
                    )
            if r.adjusted:
                detail = [Message("results.note_pct", seat=s, percent=Fraction(p)) for s, p in r.adjusted.items()]
                r.notes.insert(0, Message("results.note_adjusted", detail=detail))
