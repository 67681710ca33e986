"""Protocol workbooks filled with rows: a copy saved (`fill_workbook`), or a book held in memory and filled again
and again (`HeldWorkbook`, the scoring server's), which the readers read in place of a file."""

from __future__ import annotations

import io
import os
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from openpyxl import Workbook, load_workbook
from openpyxl.compat import safe_string

from prefprint.io.outdir import write_atomic
from prefprint.io.workbook.sheet import (
    COL,
    FIRST_ROW,
    INFO_ROW,
    LAYOUT_COL,
    _is_formula,
    _text,
)


def fill_workbook(
    source: Path | BinaryIO, target: Path, fills: dict, status: dict | None = None, layouts: dict | None = None
) -> Path:
    """Copy a protocol workbook (a file, or its bytes in memory) with rows filled in: {(deal, round, table):
    {column: value}}.

    `status` sets the status cell of deals ({deal: "не сыграна"}); `layouts` the layout cells of deals
    dealt at the table ({deal: {sheet row: cards as text}}). Used by the scoring server's export and
    to make sample fills (demo, tests, benchmark); the source is not modified.
    """
    wb = load_workbook(source)
    _fill_book(wb, fills, status or {}, layouts or {})
    buf = io.BytesIO()
    wb.save(buf)
    return write_atomic(target, buf.getvalue())


def _fill_book(wb, fills: dict, status: dict, layouts: dict, was: dict | None = None, values: bool = False) -> None:
    """fill_workbook's filling, in the loaded `wb`. `was` records what each cell written held before
    ({(sheet, row, column): (the cell, its value, its type)}, the first time only); `values`: `wb` holds
    a spreadsheet's saved values (data_only), where a formula written has none yet, as in the copy saved."""

    def put(ws, row: int, column: int, value, text: bool = False) -> None:
        cell = ws.cell(row, column)
        if was is not None:
            was.setdefault((ws.title, row, column), (cell, cell._value, cell.data_type))
        if text:
            _text(cell, value)
        else:
            cell.value = None if values and _is_formula(value) else _as_saved(value)

    for title in wb.sheetnames:
        parts = title.split()
        if len(parts) != 2 or not (parts[1].isascii() and parts[1].isdigit()):
            continue
        deal = int(parts[1])
        ws = wb[title]
        if deal in status:
            put(ws, INFO_ROW, 8, status[deal])
        for row, text in layouts.get(deal, {}).items():
            put(ws, row, LAYOUT_COL + 1, text, text=True)
        for row in range(FIRST_ROW, ws.max_row + 1):
            key = (deal, ws.cell(row, COL["round"]).value, ws.cell(row, COL["table"]).value)
            for column, value in fills.get(key, {}).items():
                put(ws, row, COL[column], value)  # None clears the cell


def _as_saved(value):
    """A value as openpyxl saves it and reads it back: numbers to 16 digits, whole ones as int; "" as none."""
    if isinstance(value, str):
        return value or None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = safe_string(value)  # what the file holds
        return None if not text else float(text) if any(c in text for c in ".Ee") else int(text)
    return value


class HeldWorkbook:
    """A protocol workbook loaded once and filled in memory again and again (the scoring server's worker
    publishing after every row). While `held` under a name, the readers of io.workbook.reader read it as they would
    read fill_workbook's copy saved under that name, without the copy written and read back each time."""

    def __init__(self, data: bytes):
        self.data = data  # the workbook's bytes, as fill_workbook's source
        self._books: dict[bool, Workbook] = {}  # loaded: with formulas (False), with saved values (True)
        self._was: dict[bool, dict] = {}  # what the cells written held in the source
        self._fills: tuple = ({}, {}, {})

    def fill(self, fills: dict, status: dict | None = None, layouts: dict | None = None) -> HeldWorkbook:
        """The source with these rows filled in (fill_workbook's arguments), the last fill's undone."""
        self._fills = (fills, status or {}, layouts or {})
        for values in self._books:
            self._apply(values)
        return self

    def book(self, values: bool) -> Workbook:
        if values not in self._books:
            self._books[values] = load_workbook(io.BytesIO(self.data), data_only=values)
            self._was[values] = {}
            self._apply(values)
        return self._books[values]

    def _apply(self, values: bool) -> None:
        wb, was = self._books[values], self._was[values]
        for cell, value, kind in was.values():
            cell._value, cell.data_type = value, kind
        was.clear()
        _fill_book(wb, *self._fills, was=was, values=values)


_HELD: dict[Path, HeldWorkbook] = {}


@contextmanager
def held(path: Path, book: HeldWorkbook):
    """Within the block, `path` names `book`: the readers here read it instead of a file."""
    key = Path(os.path.abspath(path))
    _HELD[key] = book
    try:
        yield Path(path)
    finally:
        _HELD.pop(key, None)


def is_held(path: Path) -> bool:
    return Path(os.path.abspath(path)) in _HELD
