"""A club's list of members as a spreadsheet gives it (an .xlsx workbook or a CSV file, as bytes): its rows of
cells, each cell with its reference ("B5") for the messages that name it.

Only the first sheet of a workbook is read, as its cells hold them (openpyxl, read only, formulas as written: a
formula is never worked out). A CSV file is read as UTF-8 (with or without its BOM) or else as Windows-1251, the
two encodings Russian spreadsheets save; its delimiter, `;`, `,` or a tab, is found from its first lines. A file
that is neither, a workbook that unpacks to more than `MAX_UNPACKED` bytes, more than `MAX_ROWS` rows: refused
(`MembersFileError`, the file named), nothing read.
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from prefprint.errors import PrefprintError
from prefprint.words.messages import Message, shown

MAX_ROWS = 20_000  # rows read, blank ones included: far more than any club's members
MAX_COLUMNS = 26  # A–Z: a members' list keeps its names in its first columns
MAX_UNPACKED = 50_000_000  # bytes a workbook's parts may unpack to
CSV_KINDS = (".csv", ".txt")
XLSX_KINDS = (".xlsx", ".xlsm")


class MembersFileError(PrefprintError):
    """A members' file that cannot be read as a table: said with the file's name."""


@dataclass(frozen=True)
class Cell:
    """A cell that holds something: its reference and its value (text, a number, a date…)."""

    ref: str
    value: object


def ref(row: int, column: int) -> str:
    """A cell's reference as a spreadsheet writes it: ref(5, 2) == "B5"."""
    return f"{get_column_letter(column)}{row}"


def table_of(filename: str, data: bytes) -> list[list[Cell]]:
    """The rows of the file (its cells that hold something, blank rows left out), by its name's ending (.xlsx,
    .xlsm; .csv, .txt), or by its bytes where the name has none."""
    name = filename.lower()
    bare = "." not in name.rsplit("/", 1)[-1]
    if name.endswith(XLSX_KINDS) or (bare and data.startswith(b"PK\x03\x04")):
        return _workbook_rows(filename, data)
    if name.endswith(CSV_KINDS) or bare:
        return _csv_rows(filename, data)
    raise MembersFileError(Message("members.kind", file=shown(filename)))


def _rows(filename: str, rows) -> list[list[Cell]]:
    out = []
    for r, values in enumerate(rows, 1):
        if r > MAX_ROWS:
            raise MembersFileError(Message("members.rows", file=shown(filename), limit=MAX_ROWS))
        cells = [
            Cell(ref(r, c), v)
            for c, v in enumerate(values[:MAX_COLUMNS], 1)
            if v is not None and not (isinstance(v, str) and not v.strip())
        ]
        if cells:
            out.append(cells)
    return out


def _workbook_rows(filename: str, data: bytes) -> list[list[Cell]]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(info.file_size for info in z.infolist())
    except zipfile.BadZipFile:
        raise MembersFileError(Message("members.not_xlsx", file=shown(filename))) from None
    if unpacked > MAX_UNPACKED:
        raise MembersFileError(Message("members.too_big", file=shown(filename), limit=MAX_UNPACKED // 1_000_000))
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except (zipfile.BadZipFile, InvalidFileException, KeyError):
        raise MembersFileError(Message("members.not_xlsx", file=shown(filename))) from None
    except Exception as e:  # openpyxl raises many kinds (in English) for a file that is not a workbook
        raise MembersFileError(Message("members.unreadable", file=shown(filename), error=shown(str(e), 120))) from None
    try:
        if not wb.worksheets:
            return []
        sheet = wb.worksheets[0]
        return _rows(filename, sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True))
    except MembersFileError:
        raise
    except Exception as e:  # a sheet's XML broken inside a zip that opened
        raise MembersFileError(Message("members.unreadable", file=shown(filename), error=shown(str(e), 120))) from None
    finally:
        wb.close()


def _csv_rows(filename: str, data: bytes) -> list[list[Cell]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1251")
        except UnicodeDecodeError:
            raise MembersFileError(Message("members.encoding", file=shown(filename))) from None
    try:
        dialect = csv.Sniffer().sniff(text[:8192], delimiters=";,\t")
    except csv.Error:  # one column: no delimiter to find
        dialect = csv.excel
    try:
        return _rows(filename, (tuple(row) for row in csv.reader(io.StringIO(text, newline=""), dialect)))
    except csv.Error as e:
        raise MembersFileError(Message("members.unreadable", file=shown(filename), error=shown(str(e), 120))) from None
