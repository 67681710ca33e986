"""What was entered, one model for both roads: rows put over a workbook's entries (the scoring server's) are what
the same rows filled into the workbook and read back give (the director's export, a scorer typing them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from prefprint.engine.entries import Formula, as_typed
from prefprint.engine.fills import random_fills
from prefprint.io.spec import load_event
from prefprint.io.workbook import (
    blank_entries,
    fill_workbook,
    layout_cells,
    layout_rows,
    read_entries,
    read_meta,
    write_protocol_workbook,
)
from prefprint.io.workbook.sheet import is_formula
from tests.workbooks import blank_bytes, edit, row_of, write

ROOT = Path(__file__).resolve().parents[2]


def _typed(value):
    return (type(value).__name__, value.text if hasattr(value, "text") else value)


def _seen(entries) -> tuple:
    """Everything the results pipeline reads of what was entered, values with their types."""
    sheets = [
        (
            s.number,
            s.name,
            _typed(s.status),
            s.title,
            [(r.row, {k: _typed(v) for k, v in r.values.items()}) for r in s.rows],
        )
        for s in entries.deals
    ]
    return sheets, entries.layouts


def _event(name: str, folder: Path, at_table: bool = False):
    """A sample event from its spec; `at_table`: with `[deals] source = "table"` (the layouts typed in)."""
    text = (ROOT / "sample_events" / name).read_text(encoding="utf-8")
    if at_table:
        text = text.replace("[deals]", '[deals]\nsource = "table"', 1)
    spec = folder / name
    spec.write_text(text, encoding="utf-8")
    return load_event(spec)


@pytest.fixture(scope="module")
def dealt(tmp_path_factory):
    return _event("club-night-20.toml", tmp_path_factory.mktemp("dealt"), at_table=True)


def _source(tmp_path: Path, event) -> bytes:
    """The blank kit workbook with rows typed on paper: a formula with a saved value, one without, text."""
    deal = event.deals[0]
    rnd, table = event.rows_of(deal)[0].round, event.rows_of(deal)[0].table
    row = row_of(event, deal.number, rnd, table)
    return edit(
        blank_bytes(event),
        {1: {f"E{row}": ("f", "3+3", 6), f"G{row}": ("f", "1+1", None), "H2": "испорчена"}},
    )


def _fills(event, seed: int, keep: float) -> tuple[dict, dict]:
    fills, _ = random_fills(event, seed)
    kept = {k: v for i, (k, v) in enumerate(sorted(fills.items())) if (i * 7919 % 100) < keep * 100}
    first = next(iter(kept))
    kept[first] = {**kept[first], "contract": "=2*3", "decl_tricks": None}  # a formula typed, a cell cleared
    deal = event.deals[1]
    layouts = {deal.number: {r: f"♠Т К {i}" for i, (_, r) in enumerate(layout_rows(event, deal))}}
    return kept, layouts


def test_rows_put_over_a_workbooks_entries_are_the_workbook_filled_with_them(tmp_path, dealt):
    source = write(tmp_path, "kit.xlsx", _source(tmp_path, dealt))
    paper = read_entries(source, dealt)
    for seed, keep in ((1, 0.9), (2, 0.3), (3, 0.6)):
        fills, layouts = _fills(dealt, seed, keep)
        saved = fill_workbook(source, tmp_path / f"saved-{seed}.xlsx", fills, layouts=layouts)
        by_pocket = {
            d: {p: cells[r] for p, r in layout_rows(dealt, dealt.deal(d)) if r in cells} for d, cells in layouts.items()
        }
        put = paper.with_rows(fills, layout_cells(dealt, by_pocket))
        assert _seen(put) == _seen(read_entries(saved, dealt))
    assert _seen(read_entries(source, dealt)) == _seen(paper)  # put over a copy: the paper rows untouched
    assert source.read_bytes() == _source(tmp_path, dealt)


@pytest.mark.parametrize(
    "spec, at_table", [("club-night-20.toml", False), ("threes-15.toml", True), ("book-scheme-12.toml", False)]
)
def test_a_blank_kit_workbooks_entries_are_made_without_it(tmp_path, spec, at_table):
    event = _event(spec, tmp_path, at_table)
    path = write_protocol_workbook(event, tmp_path / "protocols.xlsx")
    made = blank_entries(event, path)
    assert _seen(made) == _seen(read_entries(path, event))
    meta = read_meta(path)
    assert {k: made.meta[k] for k in ("event", "session", "digest")} == {
        k: meta[k] for k in ("event", "session", "digest")
    }


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.integers(-(10**20), 10**20),
            st.floats(allow_nan=False, allow_infinity=False),
            st.text(max_size=5).filter(lambda t: t.isprintable()),
            st.booleans(),
            st.none(),
        ),
        max_size=30,
    )
)
@example(values=["=", "==", "=A1"])  # "=" alone stays a text in a saved workbook
def test_a_value_as_typed_is_what_a_saved_workbook_reads_back(tmp_path_factory, values):
    wb = Workbook()
    for i, v in enumerate(values, 1):
        wb.active.cell(i, 1).value = v
    path = tmp_path_factory.mktemp("saved") / "v.xlsx"
    wb.save(path)
    back = load_workbook(path, read_only=True)
    read = [row[0] if row else None for row in back.active.iter_rows(max_col=1, values_only=True)]
    back.close()
    read += [None] * (len(values) - len(read))
    read = [Formula(v) if is_formula(v) else v for v in read]  # saved by openpyxl: a formula without its value
    assert [(type(v), v) for v in read] == [(type(v), v) for v in map(as_typed, values)]
