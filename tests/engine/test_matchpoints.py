"""A ranking's places: numbers in the model, ties sharing one, written «3–4» only where shown."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from prefprint.engine.matchpoints import Place, places, rank
from prefprint.io.club import ranking_place
from prefprint.words.numbers import span


def test_equal_keys_share_a_place_and_the_next_place_counts_them():
    assert places([5, 3, 3, 1]) == [(1, 1), (2, 3), (2, 3), (4, 4)]
    assert places([2, 2, 2]) == [Place(1, 3)] * 3 and places([]) == []
    standings = rank({1: (6, 8, 1), 2: (3, 4, 1), 3: (1, 8, 1), 4: (7, 8, 1)})
    assert [(s.player, s.place.first, s.place.last) for s in standings] == [(4, 1, 1), (1, 2, 3), (2, 2, 3), (3, 4, 4)]


@given(st.lists(st.fractions(min_value=0, max_value=1, max_denominator=12), max_size=30))
def test_places_run_from_one_to_the_last_and_read_back_from_their_text(ratios):
    ordered = sorted(ratios, reverse=True)
    shared = places(ordered)
    assert [p.last for p in shared] == [sum(r >= x for r in ordered) for x in ordered]
    assert all(p.first == 1 + sum(r > x for r in ordered) for p, x in zip(shared, ordered, strict=True))
    assert all(ranking_place(span(p)) == p for p in shared)  # results.json's text and back
    assert all(span(p) == (str(p.first) if p.first == p.last else f"{p.first}–{p.last}") for p in shared)
