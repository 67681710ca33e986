"""results.xlsx: the ranking, then every completed protocol; of a competition, every session's ranking too."""

from __future__ import annotations

import io
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from prefprint.engine.cells import protocol_cells
from prefprint.engine.matchpoints import Standing, rounded_percent
from prefprint.engine.report import CompetitionReport, Report
from prefprint.io.outdir import write_atomic
from prefprint.io.workbook.sheet import (
    BORDER,
    COL,
    FIRST_ROW,
    HEAD_FILL,
    HEADER_ROW,
    INFO_ROW,
    MP_FILL,
    STATUS_WORDS,
    deal_header,
    deal_info,
    last_column,
    page_setup,
    print_setup,
    sheet_name,
    write_text,
)
from prefprint.words.catalog import PerLanguage, gettext
from prefprint.words.i18n import words
from prefprint.words.numbers import span

NOTE_HEADER = PerLanguage(lambda lang: gettext("sheet.note", lang))


def write_results_workbook(report: Report, path: Path, banner: str = "") -> Path:
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
    columns = last_column(event.table_size)  # no W columns at a table of 3
    note_col = columns + 1  # why a row was not played, spoiled or adjusted
    for d in report.deals:
        if d.status not in words:  # pending: not scored yet
            continue
        sh = wb.create_sheet(sheet_name(lang, d.number))
        write_text(sh.cell(1, 1), event.heading).font = Font(bold=True, size=12)
        deal_info(sh, event, event.deal(d.number), words[d.status])
        _note(sh, INFO_ROW + 1, banner)
        deal_header(sh, lang, columns)
        note = sh.cell(HEADER_ROW, note_col, NOTE_HEADER[lang])
        note.font, note.fill, note.border = Font(bold=True), HEAD_FILL, BORDER
        note.alignment = Alignment(horizontal="center")
        sh.cell(HEADER_ROW - 1, note_col).fill = HEAD_FILL
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
                if col > columns:
                    break
                c = write_text(sh.cell(row, col), values.get(name))
                c.border = BORDER
                c.alignment = _RESULT_ALIGN["number" if name.endswith(("_whists", "_mp")) else "code"]
                if name.endswith("_mp"):
                    c.fill = MP_FILL
            text = "; ".join(n.text(lang) for n in r.notes)
            c = write_text(sh.cell(row, note_col), text or None)
            c.border, c.alignment = BORDER, _RESULT_ALIGN["note"]
            if len(text) > NOTE_WIDTH:  # a spreadsheet does not grow a row for its wrapped text when it opens
                sh.row_dimensions[row].height = 15 * -(-len(text) // NOTE_WIDTH)
        print_setup(sh, columns)
        noted = any(r.notes for r in d.results)  # a narrow column where it holds only its heading: a larger print
        sh.column_dimensions[get_column_letter(note_col)].width = NOTE_WIDTH + 2 if noted else 13
    buf = io.BytesIO()
    wb.save(buf)
    return write_atomic(path, buf.getvalue())


NOTE_WIDTH = 40  # characters of a note on a line
# results.xlsx's rows: numbers (whists, MP) to the right, short codes centred, so that a figure never runs into
# the text beside it; notes wrap in their cell
_RESULT_ALIGN = {
    "number": Alignment(horizontal="right", vertical="top"),
    "code": Alignment(horizontal="center", vertical="top"),
    "note": Alignment(horizontal="left", vertical="top", wrap_text=True, indent=1),
}


def write_competition_workbook(
    report: CompetitionReport, path: Path, note: str = "", session_notes: dict | None = None
) -> Path:
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
    write_text(ws.cell(1, 1), comp.title).font = Font(bold=True, size=12)
    _note(ws, 2, note)
    sessions = [r.event.session for r in report.reports]
    heads = [gettext(k, lang) for k in ("sheet.place", "sheet.head.no", "sheet.name")]
    groups = [f"{gettext('word.session', lang)} {k}" for k in sessions] + [gettext("word.total", lang)]
    for _ in groups:
        heads += [gettext("sheet.head.mp", lang), gettext("sheet.max", lang), "%"]
    for i, h in enumerate(heads, 1):  # a group's heading over its three columns, as on the site
        c = ws.cell(GROUP_ROW + 1, i, h)
        c.font, c.fill = Font(bold=True), HEAD_FILL
        c.alignment = Alignment(wrap_text=True, horizontal="center")
        ws.cell(GROUP_ROW, i).fill = HEAD_FILL
    for k, title in enumerate(groups):
        col = 4 + 3 * k
        c = ws.cell(GROUP_ROW, col, title)
        c.font, c.alignment = Font(bold=True), Alignment(horizontal="center")
        ws.merge_cells(start_row=GROUP_ROW, start_column=col, end_row=GROUP_ROW, end_column=col + 2)
    first = GROUP_ROW + 2
    for row, s in enumerate(report.standings, first):
        _place(ws.cell(row, 1), s.place)
        ws.cell(row, 2, s.player).alignment = _CENTRE
        write_text(ws.cell(row, 3), comp.names.get(s.player, ""))
        per = {t.session: t for t in report.sessions_of.get(s.player, [])}
        col = 4
        for k in sessions:
            t = per.get(k)
            if t:
                ws.cell(row, col, _number(t.mp))
                ws.cell(row, col + 1, t.max)
                _percent(ws.cell(row, col + 2), t.ratio, t.digits)
            else:  # absent from the session, said in its cells as the site says it
                write_text(ws.cell(row, col), t_["absent"]).font = Font(italic=True, color="666666")
                ws.merge_cells(start_row=row, start_column=col, end_row=row, end_column=col + 2)
            col += 3
        ws.cell(row, col, _number(s.mp))
        ws.cell(row, col + 1, s.max)
        _percent(ws.cell(row, col + 2), s.ratio, s.digits)
    ws.column_dimensions["C"].width = 32
    ws.freeze_panes = ws.cell(first, 4)
    page_setup(ws, "landscape", f"{GROUP_ROW}:{GROUP_ROW + 1}")
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
        write_text(ws.cell(row, 1), note).font = _NOTE_FONT


def _ranking_sheet(ws, title: str, standings: list[Standing], names: dict, lang: str, note: str = "") -> None:
    """A ranking on a sheet: the title, then place, number, name, MP, maximum and percentage."""
    write_text(ws.cell(1, 1), title).font = Font(bold=True, size=12)
    _note(ws, 2, note)
    heads = tuple(
        gettext(k, lang) for k in ("sheet.place", "sheet.head.no", "sheet.name", "sheet.head.mp", "sheet.max")
    ) + ("%",)
    for i, h in enumerate(heads, 1):
        c = ws.cell(3, i, h)
        c.font = Font(bold=True)
        c.fill = HEAD_FILL
        c.alignment = Alignment(horizontal=("center", "center", "left")[i - 1] if i <= 3 else "right")
    for k, s in enumerate(standings, 4):
        _place(ws.cell(k, 1), s.place)
        ws.cell(k, 2, s.player).alignment = _CENTRE
        write_text(ws.cell(k, 3), names.get(s.player, ""))
        ws.cell(k, 4, _number(s.mp))
        ws.cell(k, 5, s.max)
        _percent(ws.cell(k, 6), s.ratio, s.digits)
    for col, wdt in zip("ABCDEF", (7, 6, 32, 8, 8, 8)):
        ws.column_dimensions[col].width = wdt
    ws.freeze_panes = "A4"
    page_setup(ws, "portrait", "3:3")


def _number(x):
    """An exact amount as a spreadsheet number: whole as it is, else to two places."""
    return x if isinstance(x, int) else round(float(x), 2)


def _place(cell, place) -> None:
    """A place as text, "3" as "3–4" (players sharing it), centred alike."""
    write_text(cell, span(place)).alignment = _CENTRE


_CENTRE = Alignment(horizontal="center")  # a place, a player's number: apart from the name beside it


def _percent(cell, ratio, digits: int) -> None:
    """A percentage as a number shown to the ranking's decimals (rounded half up), "—" without a maximum."""

    if ratio is None:
        write_text(cell, "—")
        cell.alignment = Alignment(horizontal="right")
        return
    cell.value = float(rounded_percent(ratio, digits))
    cell.number_format = "0." + "0" * digits
