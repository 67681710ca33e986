"""The protocol workbook and results.xlsx at tables of 3: no W columns (W is the talon's pocket), read back alike."""

from __future__ import annotations

from dataclasses import replace

from helpers import run_session
from openpyxl import load_workbook
from openpyxl.styles import PatternFill
from workbooks import blank_bytes, filled_bytes, write

from prefprint.io.workbook import (
    COL,
    FIRST_ROW,
    HEADER_ROW,
    LAYOUT_COL,
    last_column,
    read_protocol_workbook,
    write_protocol_workbook,
    write_results_workbook,
)

S_MP = COL["S_mp"]  # column R: the last of a sheet at a table of 3


def _cells_right_of(ws, column: int, below: int = 1) -> list:
    """The cells right of `column` that hold something or are styled (a border, a fill), from row `below`."""
    return [
        c.coordinate
        for row in ws.iter_rows(min_row=below, min_col=column + 1, max_col=ws.max_column)
        for c in row
        if c.value is not None or c.has_style
    ]


def test_the_kit_workbook_of_tables_of_3_has_no_w_columns(events, tmp_path):
    """Every deal sheet ends with S's columns: no «W» group, no grey columns, no W whists check; the help and
    the print width end there too."""
    threes = events["threes-15"]
    assert last_column(3) == S_MP and last_column(4) == COL["W_mp"]
    book = load_workbook(write(tmp_path, "t.xlsx", blank_bytes(threes)))
    for deal in threes.deals:
        ws = book[f"Сдача {deal.number}"]
        assert ws.max_column == S_MP, deal.number
        assert _cells_right_of(ws, S_MP) == []
        groups = [ws.cell(HEADER_ROW - 1, c).value for c in range(1, S_MP + 1)]
        assert [g for g in groups if g] == ["Играющий", "1-й вистующий", "2-й вистующий", "N", "E", "S"]
        assert [ws.cell(HEADER_ROW, c).value for c in range(COL["N_no"], S_MP + 1)] == ["№", "Висты", "МП"] * 3
        assert "J1:R3" in {str(m) for m in ws.merged_cells.ranges}
        whists = sorted(str(v.sqref) for v in ws.data_validations.dataValidation if v.type == "decimal")
        assert [w[0] for w in whists] == ["K", "N", "Q"]
        assert sorted(k for k, d in ws.column_dimensions.items() if d.customWidth)[-1] == "R"
    clubs = load_workbook(write(tmp_path, "c.xlsx", blank_bytes(events["club-night-20"])))["Сдача 1"]
    assert clubs.max_column == COL["W_mp"] and clubs.cell(HEADER_ROW - 1, COL["W_no"]).value == "W"


def test_a_workbook_of_tables_of_3_reads_back_with_or_without_the_w_columns_of_before(events, tmp_path):
    """The reader takes every column where it always was: a filled workbook without W columns ranks as the same
    rows in a workbook written before, whose W columns were there, greyed and empty."""
    threes = events["threes-15"]
    path = write(tmp_path, "now.xlsx", filled_bytes(threes))
    sheets = read_protocol_workbook(path, threes)
    assert sheets and all(row.values["contract"] for s in sheets for row in s.rows)
    assert all(row.values[f"W_{k}"] is None for s in sheets for row in s.rows for k in ("no", "whists", "mp"))
    now = run_session(threes, path, None, publish=False)
    assert len(now.standings) == 15 and not now.warnings

    book = load_workbook(path)  # the W group as the kit wrote it before
    grey = PatternFill("solid", fgColor="C8C8C8")
    for ws in book.worksheets:
        if not ws.title.startswith("Сдача"):
            continue
        ws.cell(HEADER_ROW - 1, COL["W_no"], "W — прикуп")
        ws.merge_cells(start_row=HEADER_ROW - 1, start_column=COL["W_no"], end_row=HEADER_ROW - 1, end_column=21)
        for col, head in zip(range(COL["W_no"], 22), ("№", "Висты", "МП")):
            ws.cell(HEADER_ROW, col, head)
            for row in range(FIRST_ROW, ws.max_row + 1):
                ws.cell(row, col).fill = grey
    before = tmp_path / "before.xlsx"
    book.save(before)
    assert load_workbook(before)["Сдача 1"].max_column == COL["W_mp"]
    again = run_session(threes, before, None, publish=False)
    assert [(s.player, s.mp, s.place) for s in again.standings] == [(s.player, s.mp, s.place) for s in now.standings]
    assert not again.warnings


def test_a_deal_dealt_at_a_table_of_3_keeps_its_layout_cells_in_w_and_x(events, tmp_path):
    """The layout cells stay in columns W–X at a table of 3 too, where the reader and the server's export find
    them; only the protocol's W columns go."""
    threes = replace(events["threes-15"], deals_source="table")
    ws = load_workbook(write_protocol_workbook(threes, tmp_path / "d.xlsx"))["Сдача 1"]
    assert ws.cell(2, LAYOUT_COL).value.startswith("Расклад")
    assert [ws.cell(r, LAYOUT_COL).value for r in range(3, 8)] == ["N", "E", "S", "Прикуп, верхняя", "Прикуп, нижняя"]
    assert [c for c in _cells_right_of(ws, S_MP, below=HEADER_ROW - 1) if c[0] in "STU"] == []


def test_results_xlsx_of_tables_of_3_has_no_w_columns_and_its_note_after_s(events, tmp_path):
    """results.xlsx: a deal's protocol at tables of 3 ends with S's whists and MP, then the note column."""
    threes = events["threes-15"]
    report = run_session(threes, write(tmp_path, "t.xlsx", filled_bytes(threes)), None, publish=False)
    book = load_workbook(write_results_workbook(report, tmp_path / "results.xlsx"))
    for d in report.deals:
        ws = book[f"Сдача {d.number}"]
        groups = [ws.cell(HEADER_ROW - 1, c).value for c in range(1, ws.max_column + 1)]
        assert [g for g in groups if g] == ["Играющий", "1-й вистующий", "2-й вистующий", "N", "E", "S"]
        assert ws.max_column == S_MP + 1 and ws.cell(HEADER_ROW, S_MP + 1).value == "Примечание"
        first = {ws.cell(HEADER_ROW, c).value: ws.cell(FIRST_ROW, c).value for c in (COL["S_no"], COL["S_whists"])}
        assert first["№"] == d.results[0].players["S"]
