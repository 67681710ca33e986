"""A workbook held in memory (the scoring server's worker) reads exactly as fill_workbook's saved copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from prefprint.engine.fills import random_fills
from prefprint.errors import WorkbookError
from prefprint.io.spec import load_event
from prefprint.io.workbook import (
    HeldWorkbook,
    fill_workbook,
    held,
    is_held,
    layout_rows,
    read_layouts,
    read_meta,
    read_protocol_workbook,
)
from prefprint.io.workbook.held import _as_saved
from tests.workbooks import blank_bytes, edit, row_of, write

ROOT = Path(__file__).resolve().parents[2]


def _typed(value):
    return (type(value).__name__, value.text if hasattr(value, "text") else value)


def _seen(path: Path, event) -> tuple:
    """Everything the results pipeline reads of a workbook, values with their types."""
    sheets = [
        (
            s.number,
            s.name,
            _typed(s.status),
            s.title,
            [(r.row, {k: _typed(v) for k, v in r.values.items()}) for r in s.rows],
        )
        for s in read_protocol_workbook(path, event)
    ]
    return sheets, read_layouts(path, event), read_meta(path)


@pytest.fixture(scope="module")
def dealt():
    return load_event(ROOT / "sample_events" / "club-night-20.toml")


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


def test_a_held_workbook_reads_as_its_saved_copy_fill_after_fill(tmp_path, dealt):
    source = write(tmp_path, "kit.xlsx", _source(tmp_path, dealt))
    book = HeldWorkbook(source.read_bytes())
    name = tmp_path / "protocols.xlsx"
    for seed, keep in ((1, 0.9), (2, 0.3), (3, 0.6)):  # fewer rows after more: the last fill is undone
        fills, layouts = _fills(dealt, seed, keep)
        saved = fill_workbook(source, tmp_path / f"saved-{seed}.xlsx", fills, layouts=layouts)
        with held(name, book.fill(fills, layouts=layouts)) as path:
            assert is_held(path) and not name.exists()
            assert _seen(path, dealt) == _seen(saved, dealt)
        assert not is_held(name)
    assert source.read_bytes() == _source(tmp_path, dealt)


def test_a_held_workbook_that_is_no_workbook_is_named_as_a_file_would_be(tmp_path, dealt):
    name = tmp_path / "protocols.xlsx"
    with held(name, HeldWorkbook(b"not a workbook").fill({})) as path:
        with pytest.raises(WorkbookError) as e:
            read_protocol_workbook(path, dealt)
    assert str(name) in e.value.text("ru")


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
def test_a_value_filled_in_memory_is_what_the_saved_copy_reads_back(tmp_path_factory, values):
    wb = Workbook()
    for i, v in enumerate(values, 1):
        wb.active.cell(i, 1).value = v
    path = tmp_path_factory.mktemp("saved") / "v.xlsx"
    wb.save(path)
    back = load_workbook(path, read_only=True)
    read = [row[0] if row else None for row in back.active.iter_rows(max_col=1, values_only=True)]
    back.close()
    read += [None] * (len(values) - len(read))
    assert [(type(v), v) for v in read] == [(type(v), v) for v in map(_as_saved, values)]
