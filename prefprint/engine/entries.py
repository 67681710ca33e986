"""What was entered for one session: every deal's protocol rows as typed and the layouts dealt at the table.

One model for both roads a result takes: the workbook reader makes it from the cells of a filled workbook
(io.workbook.reader), the scoring server from the rows it stored (server.entries), and a workbook's paper rows
and a server's rows meet in one (`Entries.with_rows`). The checks, the matchpoints and the pages start here;
a workbook is written only where a file is asked for (the director's export).

A row keeps its cells as a spreadsheet gives them back (`as_typed`: numbers, words, `Formula`), so that a row
the server stored and the same row typed into the workbook are one and the same row; each row and layout keeps
where it stands (its sheet and row), which the checks name in what they find.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Formula:
    """A formula saved without its value (the workbook was never opened in a spreadsheet program)."""

    text: str


@dataclass
class EnteredRow:
    """One table's row of a deal as entered: the protocol's cells by column name, and its sheet row."""

    row: int
    values: dict


@dataclass
class EnteredDeal:
    """One deal's protocol as entered: its sheet's name, the deal's status word, its rows, the title above."""

    number: int
    name: str
    status: object
    rows: list[EnteredRow]
    title: object = None  # the event's title as printed above the protocol


@dataclass
class Entries:
    """What was entered for one session: the deals' protocols in deal order, and the layouts typed of deals dealt
    at the table ({deal: {pocket: (text, where)}}, only deals with something typed, their empty pockets too)."""

    deals: list[EnteredDeal]
    layouts: dict = field(default_factory=dict)
    source: object = None  # the file its problems name: the workbook it was read from, or the kit's beside a server
    meta: dict | None = None  # what the workbook says it belongs to (io.workbook.read_meta), where one was read

    def with_rows(self, rows: dict, layouts: dict | None = None) -> Entries:
        """A copy with rows entered elsewhere put in, as the director's export writes them into the workbook:
        `rows` {(deal, round, table): {column: value}} (None clears a cell) into the row of that round and table,
        `layouts` {deal: {pocket: (text, where)}} over the pockets typed. Rows and deals not given are shared."""
        deals = []
        for deal in self.deals:
            mine = {(r, t): cells for (d, r, t), cells in rows.items() if d == deal.number}
            if mine:
                deal = replace(deal, rows=[_with_cells(row, mine) for row in deal.rows])
            deals.append(deal)
        typed = dict(self.layouts)
        for number, pockets in (layouts or {}).items():
            cells = {**typed.get(number, {}), **{p: (as_text(text), where) for p, (text, where) in pockets.items()}}
            if any(text.strip() for text, _ in cells.values()):
                typed[number] = cells
            else:
                typed.pop(number, None)
        return Entries(deals, typed, self.source, self.meta)


def _with_cells(row: EnteredRow, mine: dict) -> EnteredRow:
    cells = mine.get((row.values.get("round"), row.values.get("table")))
    if cells is None:
        return row
    return EnteredRow(row.row, {**row.values, **{c: as_typed(v) for c, v in cells.items()}})


def as_typed(value):
    """A value as a spreadsheet cell gives it back: numbers to 16 significant digits, whole ones as int (20.0 is
    20), "" and non-finite numbers as nothing, a text starting with "=" (more than "=" alone) as a formula without its value."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return Formula(value) if len(value) > 1 and value.startswith("=") else value or None
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return None
        text = f"{value:.16g}"  # as openpyxl writes a number
        return float(text) if any(c in text for c in ".Ee") else int(text)
    return value


_CONTROL = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")


def as_text(value: str) -> str:
    """A text as a workbook's cell keeps it: characters a workbook cannot hold written as visible codes."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", value)
