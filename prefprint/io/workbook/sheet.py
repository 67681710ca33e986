"""A deal sheet's format, which every workbook here shares: its columns and rows, words, styles and header.

Format (stable; see docs/workbook.md): one sheet per deal named "Сдача N" / "Deal N". Row 1: the event
title. Row 2: deal, set, dealer, status. Rows 4–5: header. From row 6: one row per (round,
table) that plays the deal, in the column order of `COLUMNS` (at a table of 3 through S's: `last_column`).
Columns W and X (`LAYOUT_COL`): the layout cells of a deal dealt at the table. A hidden sheet, `META_SHEET`,
names what the workbook belongs to.
"""

from __future__ import annotations

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

from prefprint.engine.model import Event
from prefprint.engine.rules import active_seats
from prefprint.words.catalog import PerLanguage, gettext, words_of

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


def last_column(table_size: int) -> int:
    """The last column of a deal sheet's rows: W's MP at a table of 4; S's at a table of 3, where W is the
    talon's pocket and has no columns (the columns after S's are left empty, so every other column keeps its
    place and the reader reads both)."""
    return len(COLUMNS) if table_size == 4 else COL["S_mp"]


# wide enough for every label in LibreOffice's and Excel's default fonts, bold: "Играющий" over D:E,
# "Комплект" in C, "Первая рука" in E
WIDTHS = (7, 6, 12, 6, 13, 6, 9, 6, 9) + (5, 8, 5) * 4
SHEET_PREFIX = PerLanguage(lambda lang: gettext("sheet.deal", lang))
STATUS_WORDS = words_of("sheet.status.played", "sheet.status.not_played", "sheet.status.spoiled")
LABELS = words_of(
    "sheet.label.deal", "sheet.label.set", "sheet.label.dealer", "sheet.label.status", "sheet.label.first_hand"
)


_THIN = Side(style="thin", color="999999")
BORDER = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
HEAD_FILL = PatternFill("solid", fgColor="E6E6E6")
PRE_FILL = PatternFill("solid", fgColor="F4F4F4")
MP_FILL = PatternFill("solid", fgColor="EEF3FA")


def deal_header(ws, lang: str, last: int) -> None:
    """The two header rows of a deal sheet, through column `last`: seat groups (declarer, whisters, the seats
    that play) over the columns."""
    for a, b, title in GROUPS[lang]:
        if b > last:
            continue
        c = ws.cell(HEADER_ROW - 1, a, title)
        c.font = Font(bold=True)
        c.alignment = Alignment(horizontal="center")
        if b > a:
            ws.merge_cells(start_row=HEADER_ROW - 1, start_column=a, end_row=HEADER_ROW - 1, end_column=b)
    for i, h in enumerate(HEADERS[lang][:last], 1):
        c = ws.cell(HEADER_ROW, i, h)
        c.font = Font(bold=True)
        c.fill = HEAD_FILL
        c.border = BORDER
        c.alignment = Alignment(horizontal="center")
        ws.cell(HEADER_ROW - 1, i).fill = HEAD_FILL


def sheet_name(lang: str, number: int) -> str:
    return f"{SHEET_PREFIX[lang]} {number}"


def write_text(cell, value):
    """Write text that a spreadsheet must never read as a formula (names, titles); characters a
    workbook cannot hold (control characters) are written as visible codes."""
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", value)
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def deal_info(ws, event: Event, deal, status: str | None = None) -> None:
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


def print_setup(ws, last: int) -> None:
    """Column widths through column `last`, frozen headings and an A4 landscape page as wide as the sheet."""
    for i, wdt in enumerate(WIDTHS[:last], 1):
        ws.column_dimensions[get_column_letter(i)].width = wdt
    ws.freeze_panes = ws.cell(FIRST_ROW, 3)
    page_setup(ws, "landscape", f"{HEADER_ROW - 1}:{HEADER_ROW}")


def page_setup(ws, orientation: str, title_rows: str) -> None:
    """An A4 page as wide as the sheet, longer sheets on more pages, `title_rows` ("4:5") printed on each."""
    ws.page_setup.orientation = orientation
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = title_rows


META_SHEET = "prefprint"
META_KEYS = ("format", "event", "date", "session", "digest")


LAYOUT_COL = 23  # column W: labels; X: the cards


def layout_rows(event: Event, deal) -> list[tuple[str, int]]:
    """(pocket, row) of the layout cells of a deal dealt at the table: active seats, then the talon."""

    seats = sorted(active_seats(event.table_size, deal.dealer), key="NESW".index)
    keys = list(seats) + ["talon_top", "talon_bottom"]
    return [(key, INFO_ROW + 1 + i) for i, key in enumerate(keys)]


def is_formula(v) -> bool:
    """A cell's text that a spreadsheet takes as a formula ("=" alone is a text)."""
    return isinstance(v, str) and len(v) > 1 and v.startswith("=")
