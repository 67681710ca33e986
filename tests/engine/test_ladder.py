"""The season's ladder: best N evenings, place points shared by ties, qualification, places and their change."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from prefprint.engine.ladder import Evening, Finish, Rules, place_points, standings

D = [dt.date(2026, 10, d) for d in range(1, 29)]


def evening(i: int, finishes: dict) -> Evening:
    return Evening(f"e{i}", D[i], {p: Finish(Fraction(r), a, b) for p, (r, a, b) in finishes.items()})


def test_tied_places_share_their_points_and_the_last_value_repeats():
    points = (20, 17, 15, 13)
    assert place_points(1, 1, points) == 20
    assert place_points(2, 3, points) == 16  # (17 + 15) / 2
    assert place_points(4, 6, points) == 13  # 13, 13, 13
    assert place_points(3, 4, points) == 14


def test_the_best_n_evenings_count_and_the_rest_are_dropped():
    evenings = [evening(i, {"a": (Fraction(r, 100), 1, 1)}) for i, r in enumerate([40, 70, 55, 60])]
    (line,) = standings(evenings, Rules(count=2, min_events=1))
    assert line.counted == ("e1", "e3") and line.dropped == ("e0", "e2")
    assert line.score == Fraction(65, 100)
    assert line.events == 4 and line.qualified


def test_places_scoring_sums_the_points_of_the_evenings_counted():
    rules = Rules(count=None, min_events=1, score="places", place_points=(20, 17, 15))
    evenings = [
        evening(0, {"a": ("0.6", 1, 1), "b": ("0.5", 2, 3), "c": ("0.5", 2, 3)}),
        evening(1, {"a": ("0.4", 3, 3), "b": ("0.7", 1, 1)}),
    ]
    lines = {x.player: x for x in standings(evenings, rules)}
    assert lines["a"].score == 20 + 15
    assert lines["b"].score == 16 + 20
    assert lines["c"].score == 16
    assert [x.player for x in standings(evenings, rules)] == ["b", "a", "c"]


def test_players_short_of_the_minimum_are_listed_unranked_with_what_they_need():
    evenings = [
        evening(i, {"a": ("0.5", 1, 1), "b": ("0.9", 1, 1)} if i == 0 else {"a": ("0.5", 1, 1)}) for i in range(3)
    ]
    lines = standings(evenings, Rules(min_events=3))
    assert [(x.player, x.place, x.to_qualify) for x in lines] == [("a", (1, 1), 0), ("b", None, 2)]
    assert not lines[1].qualified


def test_a_tie_shares_the_place_and_the_change_is_counted_from_the_evening_before():
    e0 = evening(0, {"a": ("0.6", 1, 1), "b": ("0.5", 2, 2), "c": ("0.4", 3, 3)})
    e1 = evening(1, {"c": ("0.8", 1, 1), "a": ("0.4", 2, 2), "b": ("0.5", 3, 3)})
    lines = {x.player: x for x in standings([e0, e1], Rules())}
    assert lines["c"].place == (1, 1) and lines["c"].change == 2  # 3rd → 1st
    assert lines["a"].place == (2, 3) and lines["b"].place == (2, 3)  # 50 % each
    assert lines["a"].change == -1 and lines["b"].change == 0


def test_a_newcomer_has_no_change():
    lines = standings([evening(0, {"a": ("0.5", 1, 1)}), evening(1, {"b": ("0.5", 1, 1)})], Rules())
    assert {x.player: x.change for x in lines} == {"a": 0, "b": None}


@given(
    st.lists(st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 100), min_size=1), min_size=1, max_size=8),
    st.one_of(st.none(), st.integers(1, 5)),
    st.integers(0, 4),
)
def test_every_evening_is_counted_or_dropped_and_places_run_in_score_order(nights, count, min_events):
    evenings = [evening(i, {p: (Fraction(r, 100), 1, 1) for p, r in night.items()}) for i, night in enumerate(nights)]
    lines = standings(evenings, Rules(count=count, min_events=min_events))
    for x in lines:
        assert len(x.counted) + len(x.dropped) == x.events
        assert count is None or len(x.counted) == min(count, x.events)
        assert x.qualified == (x.events >= min_events)
    ranked = [x for x in lines if x.place]
    assert all(a.score >= b.score for a, b in zip(ranked, ranked[1:]))
    assert all(not x.place for x in lines[len(ranked) :])
