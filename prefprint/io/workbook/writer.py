"""The protocol workbook written for an event: a sheet a deal with its drop-downs, the players, what it belongs to."""

from __future__ import annotations

import io
from copy import copy
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from prefprint.engine.model import Event
from prefprint.engine.rules import COST, STRAINS, Contract, ContractCell
from prefprint.io.outdir import write_atomic
from prefprint.io.workbook.sheet import (
    BORDER,
    COL,
    FIRST_ROW,
    HEADERS,
    INFO_ROW,
    LAYOUT_COL,
    META_KEYS,
    META_SHEET,
    MP_FILL,
    PRE_FILL,
    STATUS_WORDS,
    deal_header,
    deal_info,
    last_column,
    layout_rows,
    print_setup,
    sheet_name,
    write_text,
)
from prefprint.words.catalog import PerLanguage, gettext, words_of

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


CYRILLIC_SEATS = {"N": "С", "E": "В", "S": "Ю", "W": "З"}  # as the reader takes them


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
        write_text(lists.cell(i, 1), choice)
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
    columns = last_column(event.table_size)  # no W columns at a table of 3: W is the talon's pocket
    ws = wb.create_sheet(sheet_name(lang, deal.number))
    write_text(ws.cell(1, 1), event.heading).font = Font(bold=True, size=12)
    write_text(ws.cell(1, 10), HELP[lang]).font = Font(italic=True, size=8, color="555555")
    ws.merge_cells(start_row=1, start_column=10, end_row=3, end_column=columns)
    ws.cell(1, 10).alignment = Alignment(wrap_text=True, vertical="top")
    deal_info(ws, event, deal)
    deal_header(ws, lang, columns)
    last = _protocol_rows(ws, event, deal, columns)
    _validations(ws, event, lists, last)
    print_setup(ws, columns)
    if event.dealt_at_table:
        _layout_cells(ws, event, deal)


def _protocol_rows(ws, event: Event, deal, columns: int) -> int:
    """A row a table that plays the deal, round, table and players printed, through column `columns`; the sheet
    row of the last.

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
            if col > columns:
                break
            c = ws.cell(r, col, values.get(name))
            if col in first:
                c._style = copy(first[col])
                continue
            c.border = BORDER
            c.alignment = Alignment(horizontal="center")
            if name in ("round", "table") or name.endswith("_no"):
                c.fill = PRE_FILL
            if name.endswith("_mp"):
                c.fill = MP_FILL
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
    for col in (get_column_letter(COL[f"{seat}_whists"]) for seat in event.seats):
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


def _players_sheet(wb: Workbook, event: Event) -> None:
    """The players' numbers and names (names as text: never read as formulas)."""
    lang = event.language
    players = wb.create_sheet(gettext("sheet.players", lang))
    players.append(["№", gettext("sheet.name", lang)])
    for p in event.players:
        players.append([p.number, None])
        write_text(players.cell(players.max_row, 2), p.name)
    players.column_dimensions["B"].width = 32


def _write_meta(wb: Workbook, event: Event) -> None:
    """A hidden sheet naming the event, the session and the digest of its movement and deals."""
    ws = wb.create_sheet(META_SHEET)
    ws.sheet_state = "hidden"
    for key, value in zip(META_KEYS, (1, event.title, event.date, event.session, event.digest)):
        ws.append([key, None])
        write_text(ws.cell(ws.max_row, 2), value if isinstance(value, str) else value)


def _layout_cells(ws, event: Event, deal) -> None:
    lang = event.language
    head = ws.cell(INFO_ROW, LAYOUT_COL, gettext("sheet.layout", lang))
    head.font = Font(bold=True)
    words = {"talon_top": gettext("sheet.talon_top", lang), "talon_bottom": gettext("sheet.talon_bottom", lang)}
    for key, row in layout_rows(event, deal):
        ws.cell(row, LAYOUT_COL, words.get(key, key)).font = Font(bold=True)
        c = ws.cell(row, LAYOUT_COL + 1)
        c.border = BORDER
        c.number_format = "@"
    ws.column_dimensions[get_column_letter(LAYOUT_COL)].width = 16
    ws.column_dimensions[get_column_letter(LAYOUT_COL + 1)].width = 40
    # at a table of 3 the columns where W's were stay in their place, empty and narrow: the layout cells keep
    # theirs (the reader's) and stand as near the protocol as at a table of 4
    for col in range(last_column(event.table_size) + 1, COL["W_mp"] + 1):
        ws.column_dimensions[get_column_letter(col)].width = 2


def write_protocol_workbook(event: Event, path: Path) -> Path:
    """Write the workbook atomically."""
    return write_atomic(path, protocol_workbook_bytes(event))


def protocol_workbook_bytes(event: Event) -> bytes:
    buf = io.BytesIO()
    build_workbook(event).save(buf)
    return buf.getvalue()
