"""The protocol workbook (the only openpyxl user): write it for the event, read it back.

Format (stable; see docs/workbook.md): one sheet per deal named "Сдача N" / "Deal N". Row 1: the event
title. Row 2: deal, set, dealer, status. Rows 4–5: header. From row 6: one row per (round,
table) that plays the deal, in the column order of `COLUMNS`.
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
import zipfile
from contextlib import contextmanager
from copy import copy
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.compat import safe_string
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.worksheet.datavalidation import DataValidation

from prefprint.engine.cells import protocol_cells
from prefprint.engine.matchpoints import rounded_percent
from prefprint.engine.model import Event
from prefprint.engine.rules import COST, STRAINS, Contract, ContractCell, active_seats
from prefprint.errors import WorkbookError
from prefprint.io.outdir import write_atomic
from prefprint.words.catalog import PerLanguage, gettext, words_of
from prefprint.words.i18n import words
from prefprint.words.messages import Message, shown

COLUMNS = (
    "round",
    "table",
    "contract",
    "decl_seat",
    "decl_tricks",
    "w1_seat",
    "w1_tricks",
    "w2_seat",
    "w2_tricks",
    "N_no",
    "N_whists",
    "N_mp",
    "E_no",
    "E_whists",
    "E_mp",
    "S_no",
    "S_whists",
    "S_mp",
    "W_no",
    "W_whists",
    "W_mp",
)
COL = {name: i + 1 for i, name in enumerate(COLUMNS)}
HEADER_ROW = 5
FIRST_ROW = 6
INFO_ROW = 2

# the words of the workbook, per language, from the catalogues (sheet.*)
_HEAD_KEYS = ("round", "table", "contract") + ("seat", "tricks") * 3 + ("no", "whists", "mp") * 4
HEADERS = words_of(*(f"sheet.head.{k}" for k in _HEAD_KEYS))
GROUPS = PerLanguage(
    lambda lang: (  # (first column, last column, title) of the row above the header
        (4, 5, gettext("sheet.group.declarer", lang)),
        (6, 7, gettext("sheet.group.whister1", lang)),
        (8, 9, gettext("sheet.group.whister2", lang)),
        (10, 12, "N"),
        (13, 15, "E"),
        (16, 18, "S"),
        (19, 21, "W"),
    )
)
# wide enough for every label in LibreOffice's and Excel's default fonts, bold: "Играющий" over D:E,
# "Комплект" in C, "Первая рука" in E
WIDTHS = (7, 6, 12, 6, 13, 6, 9, 6, 9) + (5, 8, 5) * 4
SHEET_PREFIX = PerLanguage(lambda lang: gettext("sheet.deal", lang))
STATUS_WORDS = words_of("sheet.status.played", "sheet.status.not_played", "sheet.status.spoiled")
LABELS = words_of(
    "sheet.label.deal", "sheet.label.set", "sheet.label.dealer", "sheet.label.status", "sheet.label.first_hand"
)
HELP = PerLanguage(lambda lang: gettext("sheet.help", lang))
SEAT_HELP = words_of("sheet.seat_help.title", "sheet.seat_help.text")
TRICKS_HELP = words_of("sheet.tricks_help.title", "sheet.tricks_help.text")
_CONTRACT_HELP = words_of("sheet.contract_help.base", "sheet.contract_help.dark", "sheet.contract_help.conceded")


def contract_help(lang: str, dark: bool = False, concession: bool = False) -> str:
    """What may be written in a contract cell under the conventions (Excel's limit: 255 characters)."""
    base, dark_form, conceded_form = _CONTRACT_HELP[lang]
    return base + (dark_form if dark else "") + (conceded_form if concession else "") + "."


LISTS_SHEET = PerLanguage(lambda lang: gettext("sheet.lists", lang))
_INLINE_LIST = 255  # Excel's limit for a list typed into a validation

_THIN = Side(style="thin", color="999999")
_BORDER = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
_HEAD_FILL = PatternFill("solid", fgColor="E6E6E6")
_PRE_FILL = PatternFill("solid", fgColor="F4F4F4")
_MP_FILL = PatternFill("solid", fgColor="EEF3FA")
_UNUSED_FILL = PatternFill("solid", fgColor="C8C8C8")  # no seat W at a table of 3


CYRILLIC_SEATS = {"N": "С", "E": "В", "S": "Ю", "W": "З"}  # as the reader takes them


def _deal_header(ws, lang: str) -> None:
    """The two header rows of a deal sheet: seat groups (declarer, whisters, N E S W) over the columns."""
    for a, b, title in GROUPS[lang]:
        c = ws.cell(HEADER_ROW - 1, a, title)
        c.font = Font(bold=True)
        c.alignment = Alignment(horizontal="center")
        if b > a:
            ws.merge_cells(start_row=HEADER_ROW - 1, start_column=a, end_row=HEADER_ROW - 1, end_column=b)
    for i, h in enumerate(HEADERS[lang], 1):
        c = ws.cell(HEADER_ROW, i, h)
        c.font = Font(bold=True)
        c.fill = _HEAD_FILL
        c.border = _BORDER
        c.alignment = Alignment(horizontal="center")
        ws.cell(HEADER_ROW - 1, i).fill = _HEAD_FILL


def sheet_name(lang: str, number: int) -> str:
    return f"{SHEET_PREFIX[lang]} {number}"


def _text(cell, value):
    """Write text that a spreadsheet must never read as a formula (names, titles); characters a
    workbook cannot hold (control characters) are written as visible codes."""
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", value)
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def contract_choices(lang: str, dark: bool = False) -> list[str]:
    """The contract drop-down: every game, misère, all-pass, dark games where the variant plays them, then the
    director's words."""
    games = [ContractCell(Contract("game", level, strain)) for level in COST for strain in STRAINS]
    plays = [gettext("sheet.misere", lang), "—"]
    director = [gettext(key, lang) for key in ("sheet.adjusted", "sheet.status.not_played", "sheet.status.spoiled")]
    darks = [cell._replace(dark=True).label(lang) for cell in games] if dark else []
    return [cell.label(lang) for cell in games] + plays + darks + director


def _contract_list(wb: Workbook, lang: str, choices: list[str]) -> str:
    """The validation formula of the contract drop-down: inline, or a hidden sheet when the list is too long."""
    inline = ",".join(choices)
    if len(inline) <= _INLINE_LIST:
        return f'"{inline}"'
    lists = wb.create_sheet(LISTS_SHEET[lang])
    lists.sheet_state = "hidden"
    for i, choice in enumerate(choices, 1):
        _text(lists.cell(i, 1), choice)
    return f"'{lists.title}'!$A$1:$A${len(choices)}"


def build_workbook(event: Event) -> Workbook:
    """The protocol workbook of an event, pre-filled from the movement: a sheet a deal, the players, what it
    belongs to (hidden)."""
    wb = Workbook()
    wb.remove(wb.active)
    lists = _drop_down_lists(wb, event)
    for deal in event.deals:
        _deal_sheet(wb, event, deal, lists)
    _players_sheet(wb, event)
    lang = event.language
    if LISTS_SHEET[lang] in wb.sheetnames:  # the hidden list goes last; the first deal stays the active sheet
        wb.move_sheet(LISTS_SHEET[lang], offset=len(wb.sheetnames) - 1 - wb.sheetnames.index(LISTS_SHEET[lang]))
        wb.active = 0
    _write_meta(wb, event)
    return wb


def _drop_down_lists(wb: Workbook, event: Event) -> dict:
    """The validation formulas of the drop-downs every deal sheet shares: contract, seat, tricks, status."""
    lang = event.language
    pass_word, half_word = gettext("sheet.pass", lang), gettext("sheet.half", lang)
    tricks_list = ",".join([str(i) for i in range(11)] + [pass_word, half_word])
    cyrillic = tuple(CYRILLIC_SEATS[s] for s in event.seats) if lang == "ru" else ()  # С, В, Ю, З
    seats_list = ",".join(event.seats + cyrillic)
    status_list = ",".join(STATUS_WORDS[lang])
    return {
        "contract": _contract_list(wb, lang, contract_choices(lang, bool(event.conventions.dark))),
        "seat": f'"{seats_list}"',
        "tricks": f'"{tricks_list}"',
        "status": f'"{status_list}"',
    }


def _deal_sheet(wb: Workbook, event: Event, deal, lists: dict) -> None:
    """One deal's sheet: title and help, the deal's facts, the header, a row a table that plays it, the
    drop-downs, the print setup and (dealt at the table) the layout cells."""
    lang = event.language
    ws = wb.create_sheet(sheet_name(lang, deal.number))
    _text(ws.cell(1, 1), event.heading).font = Font(bold=True, size=12)
    _text(ws.cell(1, 10), HELP[lang]).font = Font(italic=True, size=8, color="555555")
    ws.merge_cells(start_row=1, start_column=10, end_row=3, end_column=21)
    ws.cell(1, 10).alignment = Alignment(wrap_text=True, vertical="top")
    _deal_info(ws, event, deal)
    _deal_header(ws, lang)
    if event.table_size == 3:  # W is the talon's pocket: its columns say so, greyed, and nothing typed there counts
        ws.cell(HEADER_ROW - 1, COL["W_no"], gettext("sheet.group.no_seat_w", lang))
    last = _protocol_rows(ws, event, deal)
    _validations(ws, event, lists, last)
    _print_setup(ws)
    if event.dealt_at_table:
        _layout_cells(ws, event, deal)


def _deal_info(ws, event: Event, deal, status: str | None = None) -> None:
    """The row of facts under the title: deal, set, dealer (first hand at tables of 3) and status (`status`, or
    played), each after its label."""
    lang = event.language
    labels = LABELS[lang]
    dealer_label = labels[2] if event.table_size == 4 else labels[4]
    info = [
        (1, labels[0]),
        (2, deal.number),
        (3, labels[1]),
        (4, deal.set),
        (5, dealer_label),
        (6, deal.dealer),
        (7, labels[3]),
        (8, status or STATUS_WORDS[lang][0]),
    ]
    for col, value in info:
        c = ws.cell(INFO_ROW, col, value)
        c.font = Font(bold=col % 2 == 1)
        c.alignment = Alignment(horizontal="left")  # a value beside its label


def _protocol_rows(ws, event: Event, deal) -> int:
    """A row a table that plays the deal, round, table and players printed; the sheet row of the last.

    Each column's style is set once, on the first row, and copied to the rows below (openpyxl's
    StyleArray of indices into the workbook's styles: what setting the same border, alignment and
    fill again would store, without looking each of them up again)."""
    rows = event.rows_of(deal)
    first: dict[int, object] = {}  # column -> the style of its first row
    for k, row in enumerate(rows):
        r = FIRST_ROW + k
        seats = dict(row.seats)
        values = {"round": row.round, "table": row.table}
        for s in ("N", "E", "S", "W"):
            values[f"{s}_no"] = seats.get(s)
        for name, col in COL.items():
            c = ws.cell(r, col, values.get(name))
            if col in first:
                c._style = copy(first[col])
                continue
            c.border = _BORDER
            c.alignment = Alignment(horizontal="center")
            if name in ("round", "table") or name.endswith("_no"):
                c.fill = _PRE_FILL
            if name.endswith("_mp"):
                c.fill = _MP_FILL
            if event.table_size == 3 and name.startswith("W_"):
                c.fill = _UNUSED_FILL
            first[col] = c._style
    return FIRST_ROW + max(len(rows), 1) - 1


def _validations(ws, event: Event, lists: dict, last: int) -> None:
    """The drop-downs and number checks of a deal sheet's cells, rows FIRST_ROW to `last`, and of its status."""
    lang = event.language
    contract = (
        HEADERS[lang][COL["contract"] - 1],
        contract_help(lang, bool(event.conventions.dark), event.conventions.concession),
    )
    # warnings, not stops: the reader takes more than the lists offer ("ю", "ПАС", "полвиста", "7 пик")
    validations = [
        (lists["contract"], "C", contract),
        (lists["seat"], "DFH", SEAT_HELP[lang]),
        (lists["tricks"], "EGI", TRICKS_HELP[lang]),
    ]
    for formula, columns, (title, text) in validations:
        dv = DataValidation(
            type="list",
            formula1=formula,
            allow_blank=True,
            errorStyle="warning",
            showErrorMessage=True,
            errorTitle=title,
            error=text,
            promptTitle=title,
            prompt=text,
            showInputMessage=True,
        )
        ws.add_data_validation(dv)
        for col in columns:
            dv.add(f"{col}{FIRST_ROW}:{col}{last}")
    for col in ("K", "N", "Q", "T"):
        dv = DataValidation(
            type="decimal",
            operator="between",
            formula1="-100000",
            formula2="100000",
            allow_blank=True,
            showErrorMessage=True,
            error=gettext("sheet.whists_number", lang),
        )
        ws.add_data_validation(dv)
        dv.add(f"{col}{FIRST_ROW}:{col}{last}")
    dv = DataValidation(type="list", formula1=lists["status"], allow_blank=True)
    ws.add_data_validation(dv)
    dv.add(f"H{INFO_ROW}")


def _print_setup(ws) -> None:
    """Column widths, frozen headings and an A4 landscape page as wide as the sheet."""
    for i, wdt in enumerate(WIDTHS, 1):
        ws.column_dimensions[get_column_letter(i)].width = wdt
    ws.freeze_panes = ws.cell(FIRST_ROW, 3)
    _page(ws, "landscape", f"{HEADER_ROW - 1}:{HEADER_ROW}")


def _page(ws, orientation: str, title_rows: str) -> None:
    """An A4 page as wide as the sheet, longer sheets on more pages, `title_rows` ("4:5") printed on each."""
    ws.page_setup.orientation = orientation
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = title_rows


def _players_sheet(wb: Workbook, event: Event) -> None:
    """The players' numbers and names (names as text: never read as formulas)."""
    lang = event.language
    players = wb.create_sheet(gettext("sheet.players", lang))
    players.append(["№", gettext("sheet.name", lang)])
    for p in event.players:
        players.append([p.number, None])
        _text(players.cell(players.max_row, 2), p.name)
    players.column_dimensions["B"].width = 32


# --------------------------------------------------------------------------- what the workbook belongs to

META_SHEET = "prefprint"
META_KEYS = ("format", "event", "date", "session", "digest")


def _write_meta(wb: Workbook, event: Event) -> None:
    """A hidden sheet naming the event, the session and the digest of its movement and deals."""
    ws = wb.create_sheet(META_SHEET)
    ws.sheet_state = "hidden"
    for key, value in zip(META_KEYS, (1, event.title, event.date, event.session, event.digest)):
        ws.append([key, None])
        _text(ws.cell(ws.max_row, 2), value if isinstance(value, str) else value)


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


# --------------------------------------------------------------------------- layouts written by the first table

LAYOUT_COL = 23  # column W: labels; X: the cards


def layout_rows(event: Event, deal) -> list[tuple[str, int]]:
    """(pocket, row) of the layout cells of a deal dealt at the table: active seats, then the talon."""

    seats = sorted(active_seats(event.table_size, deal.dealer), key="NESW".index)
    keys = list(seats) + ["talon_top", "talon_bottom"]
    return [(key, INFO_ROW + 1 + i) for i, key in enumerate(keys)]


def _layout_cells(ws, event: Event, deal) -> None:
    lang = event.language
    head = ws.cell(INFO_ROW, LAYOUT_COL, gettext("sheet.layout", lang))
    head.font = Font(bold=True)
    words = {"talon_top": gettext("sheet.talon_top", lang), "talon_bottom": gettext("sheet.talon_bottom", lang)}
    for key, row in layout_rows(event, deal):
        ws.cell(row, LAYOUT_COL, words.get(key, key)).font = Font(bold=True)
        c = ws.cell(row, LAYOUT_COL + 1)
        c.border = _BORDER
        c.number_format = "@"
    ws.column_dimensions[get_column_letter(LAYOUT_COL)].width = 16
    ws.column_dimensions[get_column_letter(LAYOUT_COL + 1)].width = 40


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
                cells[key] = (text, f"'{names[deal.number]}'!{get_column_letter(LAYOUT_COL + 1)}{row}")
            if any(text.strip() for text, _ in cells.values()):  # empty cells too: a problem names its own cell
                out[deal.number] = cells
        return out
    finally:
        wb.close()


def deal_number_of(title: str) -> int | None:
    """The deal number of a deal sheet's name ("Сдача 7", "Deal 7"), else None."""
    parts = title.strip().split()
    if len(parts) == 2 and parts[0] in SHEET_PREFIX.values() and parts[1].isascii() and parts[1].isdigit():
        return int(parts[1])
    return None


def write_protocol_workbook(event: Event, path: Path) -> Path:
    """Write the workbook atomically."""
    return write_atomic(path, protocol_workbook_bytes(event))


def protocol_workbook_bytes(event: Event) -> bytes:
    buf = io.BytesIO()
    build_workbook(event).save(buf)
    return buf.getvalue()


# --------------------------------------------------------------------------- reading back

MAX_ROWS = 5000  # a deal is played at no more than a few hundred tables


@dataclass(frozen=True)
class Formula:
    """A formula saved without its value (the workbook was never opened in a spreadsheet program)."""

    text: str


@dataclass
class SheetRow:
    """One data row as typed: raw cell values by column name, with its row number."""

    row: int
    values: dict


@dataclass
class DealSheet:
    number: int
    name: str
    status: object
    rows: list
    title: object = None  # cell A1: the event's title as printed


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
    book = _HELD.get(Path(os.path.abspath(path)))
    try:
        if book is not None:
            return book.book(data_only)
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
        data.append(SheetRow(r, dict(zip(COLUMNS, values))))
    return title, status, data


class _TooManyRows(Exception):
    pass


def _is_formula(v) -> bool:
    return isinstance(v, str) and v.startswith("=")


def _saved_values(path: Path, sheets: list[DealSheet]) -> None:
    """Replace formulas by the values a spreadsheet program saved with them, or by `Formula` if none."""
    with_formulas = [
        s for s in sheets if _is_formula(s.status) or any(_is_formula(v) for row in s.rows for v in row.values.values())
    ]
    if not with_formulas:
        return
    wb = _open(path, data_only=True)
    try:
        for sheet in with_formulas:
            _, status, rows = _sheet_rows(wb[sheet.name], sheet.name)
            saved = {row.row: row.values for row in rows}
            if _is_formula(sheet.status):
                sheet.status = Formula(sheet.status) if status is None else status
            for row in sheet.rows:
                cached = saved.get(row.row, {})
                for col, v in row.values.items():
                    if _is_formula(v):
                        value = cached.get(col)
                        row.values[col] = Formula(v) if value is None else value
    finally:
        wb.close()


def read_protocol_workbook(path: Path, event: Event) -> list[DealSheet]:
    """The deal sheets of a filled workbook as typed: values, or `Formula` for a formula saved without one.

    WorkbookError if the file is no workbook, a sheet cannot be read, or deal sheets are missing or doubled
    (with the sheets that could be read, `sheets`, so that their rows are checked in the same run).
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
            sheets.append(DealSheet(deal.number, name, status, rows, title))
    finally:
        wb.close()
    _saved_values(path, sheets)
    if problems:
        error = WorkbookError(path, problems)
        error.sheets = tuple(sheets)
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


# --------------------------------------------------------------------------- results

NOTE_HEADER = PerLanguage(lambda lang: gettext("sheet.note", lang))


def write_results_workbook(report, path: Path, banner: str = "") -> Path:
    """results.xlsx: the ranking, then every completed protocol with whists and matchpoints; `banner`
    (provisional results: when, and what waits) heads every sheet."""
    event = report.event
    lang = event.language
    wb = Workbook()
    ws = wb.active
    ws.title = gettext("sheet.ranking", lang)
    _ranking_sheet(ws, event.heading, report.standings, event.names, lang, banner)
    words = dict(zip(("played", "not played", "spoiled"), STATUS_WORDS[lang]))
    row_words = {**words, "adjusted": gettext("sheet.adjusted", lang)}
    for d in report.deals:
        if d.status not in words:  # pending: not scored yet
            continue
        sh = wb.create_sheet(sheet_name(lang, d.number))
        _text(sh.cell(1, 1), event.heading).font = Font(bold=True, size=12)
        _deal_info(sh, event, event.deal(d.number), words[d.status])
        _note(sh, INFO_ROW + 1, banner)
        _deal_header(sh, lang)
        note = sh.cell(HEADER_ROW, NOTE_COL, NOTE_HEADER[lang])
        note.font, note.fill, note.border = Font(bold=True), _HEAD_FILL, _BORDER
        note.alignment = Alignment(horizontal="center")
        sh.cell(HEADER_ROW - 1, NOTE_COL).fill = _HEAD_FILL
        for k, r in enumerate(d.results):
            row = FIRST_ROW + k
            values = {"round": r.round, "table": r.table}
            if r.status == "played":  # as the site shows it: seats and «пас»/«pass» in the event's language
                for (seat, tricks), who in zip(protocol_cells(r.outcome, lang), ("decl", "w1", "w2")):
                    values[f"{who}_seat"], values[f"{who}_tricks"] = seat or None, None if tricks == "" else tricks
            for s in event.seats:
                values[f"{s}_no"] = r.players[s]
                values[f"{s}_whists"] = round(float(r.whists[s]), 2) if s in r.whists else None
                mp = r.mp.get(s)
                values[f"{s}_mp"] = mp if mp is None or isinstance(mp, int) else round(float(mp), 2)
            values["contract"] = r.contract.label(lang) if r.contract else row_words[r.status]
            for name, col in COL.items():
                c = _text(sh.cell(row, col), values.get(name))
                c.border = _BORDER
                c.alignment = _RESULT_ALIGN["number" if name.endswith(("_whists", "_mp")) else "code"]
                if name.endswith("_mp"):
                    c.fill = _MP_FILL
            text = "; ".join(n.text(lang) for n in r.notes)
            c = _text(sh.cell(row, NOTE_COL), text or None)
            c.border, c.alignment = _BORDER, _RESULT_ALIGN["note"]
            if len(text) > NOTE_WIDTH:  # a spreadsheet does not grow a row for its wrapped text when it opens
                sh.row_dimensions[row].height = 15 * -(-len(text) // NOTE_WIDTH)
        _print_setup(sh)
        noted = any(r.notes for r in d.results)  # a narrow column where it holds only its heading: a larger print
        sh.column_dimensions[get_column_letter(NOTE_COL)].width = NOTE_WIDTH + 2 if noted else 13
    buf = io.BytesIO()
    wb.save(buf)
    return write_atomic(path, buf.getvalue())


NOTE_COL = len(COLUMNS) + 1  # results.xlsx: why a row was not played, spoiled or adjusted
NOTE_WIDTH = 40  # characters of a note on a line
# results.xlsx's rows: numbers (whists, MP) to the right, short codes centred, so that a figure never runs into
# the text beside it; notes wrap in their cell
_RESULT_ALIGN = {
    "number": Alignment(horizontal="right", vertical="top"),
    "code": Alignment(horizontal="center", vertical="top"),
    "note": Alignment(horizontal="left", vertical="top", wrap_text=True, indent=1),
}


def write_competition_workbook(report, path: Path, note: str = "", session_notes: dict | None = None) -> Path:
    """results.xlsx of a competition: the overall ranking with every session's share, then each session's.

    `note` heads the overall sheet and `session_notes` (session -> text) each session's: provisional
    results say when and what waits.
    """

    comp = report.competition
    lang = comp.language
    t_ = words(lang)
    wb = Workbook()
    ws = wb.active
    ws.title = gettext("sheet.ranking", lang)
    _text(ws.cell(1, 1), comp.title).font = Font(bold=True, size=12)
    _note(ws, 2, note)
    sessions = [r.event.session for r in report.reports]
    heads = [gettext(k, lang) for k in ("sheet.place", "sheet.head.no", "sheet.name")]
    groups = [f"{gettext('word.session', lang)} {k}" for k in sessions] + [gettext("word.total", lang)]
    for _ in groups:
        heads += [gettext("sheet.head.mp", lang), gettext("sheet.max", lang), "%"]
    for i, h in enumerate(heads, 1):  # a group's heading over its three columns, as on the site
        c = ws.cell(GROUP_ROW + 1, i, h)
        c.font, c.fill = Font(bold=True), _HEAD_FILL
        c.alignment = Alignment(wrap_text=True, horizontal="center")
        ws.cell(GROUP_ROW, i).fill = _HEAD_FILL
    for k, title in enumerate(groups):
        col = 4 + 3 * k
        c = ws.cell(GROUP_ROW, col, title)
        c.font, c.alignment = Font(bold=True), Alignment(horizontal="center")
        ws.merge_cells(start_row=GROUP_ROW, start_column=col, end_row=GROUP_ROW, end_column=col + 2)
    first = GROUP_ROW + 2
    for row, s in enumerate(report.standings, first):
        _place(ws.cell(row, 1), s.place)
        ws.cell(row, 2, s.player).alignment = _CENTRE
        _text(ws.cell(row, 3), comp.names.get(s.player, ""))
        per = {t.session: t for t in report.sessions_of.get(s.player, [])}
        col = 4
        for k in sessions:
            t = per.get(k)
            if t:
                ws.cell(row, col, _number(t.mp))
                ws.cell(row, col + 1, t.max)
                _percent(ws.cell(row, col + 2), t.ratio, t.digits)
            else:  # absent from the session, said in its cells as the site says it
                _text(ws.cell(row, col), t_["absent"]).font = Font(italic=True, color="666666")
                ws.merge_cells(start_row=row, start_column=col, end_row=row, end_column=col + 2)
            col += 3
        ws.cell(row, col, _number(s.mp))
        ws.cell(row, col + 1, s.max)
        _percent(ws.cell(row, col + 2), s.ratio, s.digits)
    ws.column_dimensions["C"].width = 32
    ws.freeze_panes = ws.cell(first, 4)
    _page(ws, "landscape", f"{GROUP_ROW}:{GROUP_ROW + 1}")
    for r in report.reports:
        sh = wb.create_sheet(f"{gettext('word.session', lang)} {r.event.session}")
        _ranking_sheet(
            sh,
            r.event.session_title or comp.title,
            r.standings,
            comp.names,
            lang,
            (session_notes or {}).get(r.event.session, ""),
        )
    buf = io.BytesIO()
    wb.save(buf)
    return write_atomic(path, buf.getvalue())


GROUP_ROW = 3  # the overall sheet of a competition: group headings (each session, the total), then columns
_NOTE_FONT = Font(bold=True, color="8A4B00")


def _note(ws, row: int, note: str) -> None:
    """A line above a sheet's table: what provisional results are (nothing when final)."""
    if note:
        _text(ws.cell(row, 1), note).font = _NOTE_FONT


def _ranking_sheet(ws, title: str, standings, names: dict, lang: str, note: str = "") -> None:
    """A ranking on a sheet: the title, then place, number, name, MP, maximum and percentage."""
    _text(ws.cell(1, 1), title).font = Font(bold=True, size=12)
    _note(ws, 2, note)
    heads = tuple(
        gettext(k, lang) for k in ("sheet.place", "sheet.head.no", "sheet.name", "sheet.head.mp", "sheet.max")
    ) + ("%",)
    for i, h in enumerate(heads, 1):
        c = ws.cell(3, i, h)
        c.font = Font(bold=True)
        c.fill = _HEAD_FILL
        c.alignment = Alignment(horizontal=("center", "center", "left")[i - 1] if i <= 3 else "right")
    for k, s in enumerate(standings, 4):
        _place(ws.cell(k, 1), s.place)
        ws.cell(k, 2, s.player).alignment = _CENTRE
        _text(ws.cell(k, 3), names.get(s.player, ""))
        ws.cell(k, 4, _number(s.mp))
        ws.cell(k, 5, s.max)
        _percent(ws.cell(k, 6), s.ratio, s.digits)
    for col, wdt in zip("ABCDEF", (7, 6, 32, 8, 8, 8)):
        ws.column_dimensions[col].width = wdt
    ws.freeze_panes = "A4"
    _page(ws, "portrait", "3:3")


def _number(x):
    """An exact amount as a spreadsheet number: whole as it is, else to two places."""
    return x if isinstance(x, int) else round(float(x), 2)


def _place(cell, place: str) -> None:
    """A place as text, "3" as "3–4" (players sharing it), centred alike."""
    _text(cell, place).alignment = _CENTRE


_CENTRE = Alignment(horizontal="center")  # a place, a player's number: apart from the name beside it


def _percent(cell, ratio, digits: int) -> None:
    """A percentage as a number shown to the ranking's decimals (rounded half up), "—" without a maximum."""

    if ratio is None:
        _text(cell, "—")
        cell.alignment = Alignment(horizontal="right")
        return
    cell.value = float(rounded_percent(ratio, digits))
    cell.number_format = "0." + "0" * digits


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
    publishing after every row). While `held` under a name, this module's readers read it as they would
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
