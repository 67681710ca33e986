"""A protocol workbook filled with rows and saved as a copy (`fill_workbook`): the director's export of a scoring
server's rows, and sample fills."""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

from openpyxl import load_workbook

from prefprint.engine.entries import as_typed
from prefprint.io.outdir import write_atomic
from prefprint.io.workbook.sheet import COL, FIRST_ROW, INFO_ROW, LAYOUT_COL, write_text


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


def _fill_book(wb, fills: dict, status: dict, layouts: dict) -> None:
    """fill_workbook's filling, in the loaded `wb`: numbers as engine.entries.as_typed reads them back."""

    def put(ws, row: int, column: int, value, text: bool = False) -> None:
        cell = ws.cell(row, column)
        if text:
            write_text(cell, value)
        else:  # a text as typed ("=…" a formula, "" nothing), a number as the file holds it
            cell.value = (value or None) if isinstance(value, str) else as_typed(value)

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
