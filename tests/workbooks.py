"""Filled protocol workbooks for tests: made once per event, then changed cheaply in their XML."""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from openpyxl.utils import get_column_letter

from prefprint.engine.fills import random_fills
from prefprint.io.workbook import COL, FIRST_ROW, fill_workbook, write_protocol_workbook

_MADE: dict = {}


def _filled(event, seed: int) -> tuple[bytes, bytes, dict, dict]:
    key = (event.source, event.title, event.session, seed)
    if key not in _MADE:
        _MADE[key] = _make(event, seed)
    return _MADE[key]


def _make(event, seed: int) -> tuple[bytes, bytes, dict, dict]:
    tmp = Path(tempfile.mkdtemp(prefix="prefprint-wb-"))
    blank = write_protocol_workbook(event, tmp / "blank.xlsx")
    fills, outcomes = random_fills(event, seed)
    filled = fill_workbook(blank, tmp / "filled.xlsx", fills)
    return filled.read_bytes(), blank.read_bytes(), fills, outcomes


def filled_bytes(event, seed: int = 3) -> bytes:
    """The bytes of a workbook with every row of the event filled (random outcomes)."""
    return _filled(event, seed)[0]


def blank_bytes(event) -> bytes:
    return _filled(event, 3)[1]


def fills_of(event, seed: int = 3) -> tuple[dict, dict]:
    """The fills and outcomes behind `filled_bytes`."""
    _, _, fills, outcomes = _filled(event, seed)
    return fills, outcomes


def row_of(event, deal: int, rnd: int, table: int) -> int:
    """The sheet row of (round, table) on a deal's sheet."""
    keys = [(r.round, r.table) for r in event.rows_of(event.deal(deal))]
    return FIRST_ROW + keys.index((rnd, table))


def ref(column: str, row: int) -> str:
    return f"{get_column_letter(COL[column])}{row}"


def _cell_xml(cell: str, value) -> str:
    """A cell's XML: text inline, numbers as numbers, ("f", formula, cached) a formula, ("xml", ...) as given."""
    if isinstance(value, tuple) and value[0] == "f":
        _, formula, cached = value
        v = "" if cached is None else f"<v>{cached}</v>"
        return f'<c r="{cell}"><f>{escape(formula)}</f>{v}</c>'
    if isinstance(value, tuple) and value[0] == "xml":
        return value[1].replace("REF", cell)
    if value is None:
        return f'<c r="{cell}"/>'
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<c r="{cell}" t="n"><v>{value}</v></c>'
    return f'<c r="{cell}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


def set_cells(xml: str, cells: dict) -> str:
    """Sheet XML with cells replaced: {"K6": -5, "C7": "7♠", "E6": ("f", "2+3", None)}."""
    for cell, value in cells.items():
        pattern = re.compile(rf'<c r="{cell}"(?:[^>]*?/>|[^>]*?>.*?</c>)', re.S)
        new = _cell_xml(cell, value)
        xml, n = pattern.subn(lambda m: new, xml, count=1)  # noqa: B023
        if not n:  # no such cell yet: append it to its row
            row = re.sub(r"\D", "", cell)
            xml = re.sub(
                rf'(<row r="{row}"[^>]*>.*?)(</row>)',
                lambda m: m.group(1) + new + m.group(2),  # noqa: B023
                xml,
                count=1,
                flags=re.S,
            )
    return xml


def mutate(data: bytes, changes: dict) -> bytes:
    """A copy of a workbook (zip) with members changed: {member: new text | bytes | function(old text)}."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            change = changes.get(info.filename)
            if callable(change):
                body = change(body.decode("utf-8")).encode("utf-8")
            elif isinstance(change, str):
                body = change.encode("utf-8")
            elif isinstance(change, bytes):
                body = change
            dst.writestr(info, body)
    return out.getvalue()


def sheet(deal: int) -> str:
    """The zip member of a deal's sheet in a workbook prefprint wrote (sheets in deal order)."""
    return f"xl/worksheets/sheet{deal}.xml"


def edit(data: bytes, per_deal: dict) -> bytes:
    """A copy with cells of deal sheets replaced: {deal: {"K6": value, ...}}."""
    return mutate(
        data,
        {
            sheet(d): (lambda cells: lambda xml: set_cells(xml, cells))(cells)  # noqa: B023
            for d, cells in per_deal.items()
        },
    )


def rename_sheet(data: bytes, old: str, new: str) -> bytes:
    return mutate(data, {"xl/workbook.xml": lambda xml: xml.replace(f'name="{old}"', f'name="{escape(new)}"')})


def write(tmp: Path, name: str, data: bytes) -> Path:
    path = Path(tmp) / name
    path.write_bytes(data)
    return path
