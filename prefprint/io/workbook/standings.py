"""standings.xlsx of a club's season: a sheet per season's standings and one of the grades (openpyxl)."""

from __future__ import annotations

import io
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from prefprint.io.outdir import write_atomic
from prefprint.io.workbook.sheet import write_text

_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})  # not allowed in a sheet's title


def write_standings_book(path: Path, sheets: list) -> Path:
    """Write (title, header, rows) sheets into one workbook at `path`, atomically."""
    book = Workbook()
    book.remove(book.active)
    used = set()
    for title, header, rows in sheets:
        name = title.translate(_FORBIDDEN).strip()[:31] or "-"
        while name in used:
            name = name[:28] + f"~{len(used)}"
        used.add(name)
        sheet = book.create_sheet(name)
        sheet.append(header)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for r, row in enumerate(rows, 2):
            for c, value in enumerate(row, 1):
                write_text(sheet.cell(row=r, column=c), value)
        for i, head in enumerate(header, 1):
            width = max([len(str(head))] + [len(str(r[i - 1])) for r in rows]) + 2
            sheet.column_dimensions[get_column_letter(i)].width = min(60, width)
        sheet.freeze_panes = "A2"
    buf = io.BytesIO()
    book.save(buf)
    return write_atomic(path, buf.getvalue())
