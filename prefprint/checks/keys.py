"""Round and table of every row: numbers, a table that plays the deal, each written once, none missing."""

from __future__ import annotations

from prefprint.checks.cells import integer
from prefprint.checks.found import Findings
from prefprint.io.workbook import sheet_ref
from prefprint.words.messages import shown


def check_row_keys(f: Findings, sheet, deal: int, expected: dict) -> dict:
    """Round and table of every row: numbers, a table that plays the deal, written once."""
    rows = {}
    for srow in sheet.rows:
        v = srow.values
        cell = f.cell_ref(sheet.name, "round", srow.row)
        try:
            key = (integer(v["round"]), integer(v["table"]))
        except ValueError:
            f.problem("results.round_table_nan", cell=cell, round=shown(v["round"]), table=shown(v["table"]))
            continue
        if key not in expected:
            f.problem("results.row_not_in_movement", cell=cell, round=key[0], table=key[1], deal=deal)
        elif key in rows:
            f.problem("results.row_twice", cell=cell, round=key[0], table=key[1], other=rows[key].row)
        else:
            rows[key] = srow
    return rows


def check_rows_missing(f: Findings, sheet, expected: dict, rows: dict) -> None:
    """Every (round, table) that plays the deal has its row."""
    for rnd, tbl in expected:
        if (rnd, tbl) not in rows:
            f.problem("results.row_missing", sheet=sheet_ref(sheet.name), round=rnd, table=tbl)
