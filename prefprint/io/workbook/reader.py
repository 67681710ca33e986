"""A filled protocol workbook read back: what was entered in it (engine.entries: its deal sheets as typed, the
layouts typed in it), and what it belongs to."""

from __future__ import annotations

import re
import unicodedata
import zipfile
from functools import lru_cache
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from prefprint.engine.entries import EnteredDeal, EnteredRow, Entries, Formula, as_text
from prefprint.engine.model import Event
from prefprint.errors import WorkbookError
from prefprint.io.workbook.sheet import (
    COL,
    COLUMNS,
    FIRST_ROW,
    INFO_ROW,
    LAYOUT_COL,
    META_KEYS,
    META_SHEET,
    SHEET_PREFIX,
    STATUS_WORDS,
    is_formula,
    last_column,
    layout_rows,
    sheet_name,
)
from prefprint.words.messages import Message, shown


def read_meta(path: Path) -> dict | None:
    """What a protocol workbook says it belongs to ({"event", "date", "session", "digest"}), or None."""
    wb = _open(path)
    try:
        if META_SHEET not in wb.sheetnames:
            return None
        meta = {}
        for row in wb[META_SHEET].iter_rows(min_row=1, max_row=20, max_col=2, values_only=True):
            if row and row[0] in META_KEYS:
                meta[row[0]] = row[1] if len(row) > 1 else None
        return meta
    except Exception:  # a damaged hidden sheet: as if it were not there
        return None
    finally:
        wb.close()


def read_layouts(path: Path, event: Event) -> dict[int, dict]:
    """The layouts typed into a workbook: {deal: {pocket: (text, cell)}}, only deals with something typed.

    A deal's empty pockets come too, as ("", cell): the problem of a cell left empty names that cell.
    """
    wb = _open(path)
    try:
        out = {}
        names = {}
        for title in wb.sheetnames:
            number = deal_number_of(title)
            if number is not None:
                names.setdefault(number, title)
        for deal in event.deals:
            if deal.number not in names:
                continue
            rows = layout_rows(event, deal)
            ws = wb[names[deal.number]]
            cells = {}
            top = min(r for _, r in rows)
            bottom = max(r for _, r in rows)
            values = list(
                ws.iter_rows(
                    min_row=top, max_row=bottom, min_col=LAYOUT_COL + 1, max_col=LAYOUT_COL + 1, values_only=True
                )
            )
            for key, row in rows:
                value = values[row - top][0] if row - top < len(values) and values[row - top] else None
                text = "" if value is None else str(value)
                cells[key] = (text, layout_ref(names[deal.number], row))
            if any(text.strip() for text, _ in cells.values()):  # empty cells too: a problem names its own cell
                out[deal.number] = cells
        return out
    finally:
        wb.close()


def layout_ref(sheet: str, row: int) -> str:
    """Where a layout cell stands, as its problems name it."""
    return f"'{sheet}'!{get_column_letter(LAYOUT_COL + 1)}{row}"


def layout_cells(event: Event, typed: dict) -> dict:
    """The layouts entered elsewhere ({deal: {pocket: cards as text}}) as a workbook holds them: {deal: {pocket:
    (text, where)}} over every pocket of the deal (Entries.with_rows)."""
    out = {}
    for number, pockets in typed.items():
        deal = event.deal(number)
        sheet = sheet_name(event.language, number)
        out[number] = {p: (pockets.get(p, ""), layout_ref(sheet, row)) for p, row in layout_rows(event, deal)}
    return out


def blank_entries(event: Event, source: Path | None = None) -> Entries:
    """What the kit's blank protocol workbook holds, read back: every deal's rows with round, table and players
    printed, nothing entered (io.workbook.writer lays them out so); `source` the file its problems name."""
    columns = last_column(event.table_size)
    deals = []
    for deal in event.deals:
        rows = []
        for k, planned in enumerate(event.rows_of(deal)):
            seats = dict(planned.seats)
            values = dict.fromkeys(COLUMNS)
            values.update(round=planned.round, table=planned.table)
            for s in "NESW":
                if COL[f"{s}_no"] <= columns:
                    values[f"{s}_no"] = seats.get(s)
            rows.append(EnteredRow(FIRST_ROW + k, values))
        name = sheet_name(event.language, deal.number)
        deals.append(EnteredDeal(deal.number, name, STATUS_WORDS[event.language][0], rows, as_text(event.heading)))
    meta = dict(zip(META_KEYS, (1, as_text(event.title), event.date, event.session, event.digest)))
    return Entries(deals, source=source, meta=meta)


def read_entries(path: Path, event: Event) -> Entries:
    """What was entered in a filled workbook: its deal sheets as typed (read_protocol_workbook) and its layouts.

    WorkbookError as read_protocol_workbook's, with `entries` the deal sheets that could be read."""
    layouts = read_layouts(path, event) if event.dealt_at_table else {}
    try:
        return Entries(read_protocol_workbook(path, event), layouts, Path(path))
    except WorkbookError as e:
        e.entries = Entries(e.entries.deals, layouts, Path(path)) if e.entries else None
        raise


def deal_number_of(title: str) -> int | None:
    """The deal number of a deal sheet's name ("Сдача 7", "Deal 7"), else None."""
    parts = title.strip().split()
    if len(parts) == 2 and parts[0] in SHEET_PREFIX.values() and parts[1].isascii() and parts[1].isdigit():
        return int(parts[1])
    return None


MAX_ROWS = 5000  # a deal is played at no more than a few hundred tables


@lru_cache(maxsize=1024)
def sheet_ref(sheet: str) -> str:
    """A sheet's name as messages write it: quoted, on one line."""
    return f"'{shown(sheet, 60)[1:-1]}'"


def cell_ref(sheet: str, column: str, row: int) -> str:
    return f"{sheet_ref(sheet)}!{get_column_letter(COL[column])}{row}"


def status_ref(sheet: str) -> str:
    return f"{sheet_ref(sheet)}!H{INFO_ROW}"


_DEAL_SHEET = re.compile(r"(сдача|deal)\s*(\d+)(.*)")


def deal_sheet_number(title: str) -> tuple[int | None, bool]:
    """The deal a sheet's name stands for, in any spelling ("Сдача 01", "сдача ５", "Deal ⁵"),
    and whether anything follows the number (a copy such as "Сдача 5 (2)")."""
    t = " ".join(unicodedata.normalize("NFKC", title).casefold().split())
    m = _DEAL_SHEET.fullmatch(t)
    if not m:
        return None, False
    return int(m.group(2)[:9]), bool(m.group(3).strip())


def _open(path: Path, data_only: bool = True):
    try:
        return load_workbook(path, read_only=True, data_only=data_only)
    except (zipfile.BadZipFile, InvalidFileException):  # not an .xlsx at all (an .xls, a CSV, a renamed file)
        raise WorkbookError(path, [Message("workbook.not_xlsx")]) from None
    except Exception:  # openpyxl raises many kinds (in English) for a file that is not a workbook
        raise WorkbookError(path, [Message("workbook.unreadable")]) from None


def _deal_sheets(wb, event: Event) -> tuple[dict[int, str], list]:
    """The sheet of every deal found, and the problems of sheets missing, doubled or of another event."""
    found: dict[int, str] = {}
    problems = []
    for title in wb.sheetnames:
        number, copy = deal_sheet_number(title)
        if number is None:
            continue
        if copy:
            problems.append(Message("workbook.sheet_copy", sheet=shown(title)))
        elif not 1 <= number <= len(event.deals):
            problems.append(Message("workbook.sheet_unknown_deal", sheet=shown(title), deal=number, n=len(event.deals)))
        elif number in found:
            problems.append(
                Message("workbook.sheet_twice", deal=number, first=shown(found[number]), second=shown(title))
            )
        else:
            found[number] = title
    problems += [
        Message("workbook.sheet_missing", sheet=shown(sheet_name(event.language, d.number)))
        for d in event.deals
        if d.number not in found
    ]
    return found, problems


def _sheet_rows(ws, name: str):
    """(title, status, rows) of one deal sheet as stored: values, or formulas where a formula was typed."""
    title = status = None
    data = []
    for r, values in enumerate(ws.iter_rows(min_row=1, max_col=len(COLUMNS), values_only=True), 1):
        if r == 1:
            title = values[0] if values else None
        if r == INFO_ROW:
            status = values[7] if len(values) > 7 else None
        if r < FIRST_ROW:
            continue
        if r > FIRST_ROW + MAX_ROWS:
            raise _TooManyRows
        values = list(values) + [None] * (len(COLUMNS) - len(values))
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in values):
            continue
        data.append(EnteredRow(r, dict(zip(COLUMNS, values))))
    return title, status, data


class _TooManyRows(Exception):
    pass


def _saved_values(path: Path, sheets: list[EnteredDeal]) -> None:
    """Replace formulas by the values a spreadsheet program saved with them, or by `Formula` if none."""
    with_formulas = [
        s for s in sheets if is_formula(s.status) or any(is_formula(v) for row in s.rows for v in row.values.values())
    ]
    if not with_formulas:
        return
    wb = _open(path, data_only=True)
    try:
        for sheet in with_formulas:
            _, status, rows = _sheet_rows(wb[sheet.name], sheet.name)
            saved = {row.row: row.values for row in rows}
            if is_formula(sheet.status):
                sheet.status = Formula(sheet.status) if status is None else status
            for row in sheet.rows:
                cached = saved.get(row.row, {})
                for col, v in row.values.items():
                    if is_formula(v):
                        value = cached.get(col)
                        row.values[col] = Formula(v) if value is None else value
    finally:
        wb.close()


def read_protocol_workbook(path: Path, event: Event) -> list[EnteredDeal]:
    """The deal sheets of a filled workbook as typed: values, or `Formula` for a formula saved without one.

    WorkbookError if the file is no workbook, a sheet cannot be read, or deal sheets are missing or doubled
    (with the sheets that could be read, `entries`, so that their rows are checked in the same run).
    """
    path = Path(path)
    wb = _open(path, data_only=False)
    sheets = []
    try:
        names, problems = _deal_sheets(wb, event)
        for deal in event.deals:
            name = names.get(deal.number)
            if name is None:
                continue
            try:
                title, status, rows = _sheet_rows(wb[name], name)
            except _TooManyRows:
                problems.append(Message("workbook.too_many_rows", sheet=shown(name), n=MAX_ROWS))
                continue
            except Exception as e:  # a damaged sheet: broken XML, a shared string that is not there, ...
                problems.append(
                    Message(
                        "workbook.sheet_unreadable", sheet=shown(name), detail=shown(f"{type(e).__name__}: {e}", 80)
                    )
                )
                continue
            sheets.append(EnteredDeal(deal.number, name, status, rows, title))
    finally:
        wb.close()
    _saved_values(path, sheets)
    if problems:
        error = WorkbookError(path, problems)
        error.entries = Entries(sheets)
        raise error
    return sheets


def filled_rows(path: Path) -> int:
    """How many protocol rows of a workbook hold a contract (0 for a blank kit workbook or no workbook)."""
    try:
        wb = load_workbook(path, read_only=True, data_only=True)
    except Exception:  # not a workbook: nothing typed in it can be lost
        return 0
    n = 0
    try:
        for title in wb.sheetnames:
            if deal_sheet_number(title)[0] is None:
                continue
            for values in wb[title].iter_rows(
                min_row=FIRST_ROW, min_col=COL["contract"], max_col=COL["contract"], values_only=True
            ):
                n += bool(values and values[0] not in (None, ""))
    except Exception:
        return n
    finally:
        wb.close()
    return n
