"""Choosing a movement: every field size (a sample; benchmarks/quality.py sweeps all), the book schemes, the reasons."""

from __future__ import annotations

import pytest
from rechecks import line_of, recheck, rests_of

from prefprint.errors import MovementError
from prefprint.movement import BOOK_SCHEMES, build_movement, compare

SAMPLE = {
    4: list(range(12, 61)) + [63, 71, 75, 86, 99, 100, 113, 127, 138, 150, 157, 160, 173, 218, 263, 342, 400],
    3: list(range(9, 61)) + [64, 77, 89, 95, 108, 119, 120, 151, 199, 300],
}


@pytest.mark.parametrize("k", [4, 3])
def test_every_field_in_the_sample_keeps_the_rules(k):
    for n in SAMPLE[k]:
        m = build_movement(n, k)
        recheck(m)
        rests = rests_of(m).values()
        assert max(rests) - min(rests) <= 1, n
        tables = max(len(r.tables) for r in m.rounds)
        assert len(m.rounds) >= min(tables, 7), n
        small = n < 4 * 7 if k == 4 else n < 3 * 7  # fields of up to 6 tables: see benchmarks/quality.py
        if m.method != "scheme" and not small:
            line_of(m)  # every player keeps his line (small fields may change seats)
        q = m.quality
        limit = 15 if max(rests) else 10
        if m.method != "scheme" and not small and n <= (160 if k == 4 else 120):
            assert q.excess_pct <= limit, (n, k, q.excess_pct)


def test_the_book_schemes_stay_where_the_seed_has_them():
    for n in BOOK_SCHEMES:
        assert build_movement(n, 4).method == "scheme"


def test_small_fields_get_a_valid_movement_with_its_weakness_named():
    for n, k in ((10, 4), (11, 4), (6, 3), (7, 3), (8, 3)):
        m = build_movement(n, k)
        recheck(m)
        assert [code for code, _ in m.quality.weaknesses()] in (
            ["movement.q_excess_never"],
            ["movement.q_excess_uneven"],
        ), (n, k)
    with pytest.raises(MovementError) as e:
        build_movement(20, 4, method="scheme")
    assert e.value.text("en") == (
        "book schemes exist for 8, 9, 12, 13, 16, 18, 24 players at tables of 4; not for 20 at tables of 4"
    )


def test_fourteen_players_at_tables_of_four_play_within_the_excess_target():
    m = build_movement(14, 4)
    meet = recheck(m)
    q = m.quality
    assert q.excess_pct <= 15 and not q.weaknesses(), (q.excess_pct, q.rounds)
    assert len(m.rounds) == 6 and max(rests_of(m).values()) - min(rests_of(m).values()) <= 1
    assert sum(meet.values()) == 6 * 3 * 6


def test_compare_explains_the_choice():
    options, best, reason = compare(26, 4)
    assert {c.method for c in options} == {"search", "rooms"} and best.method == "search"
    assert reason[0] == "why_fairest"
    assert compare(28, 4)[2][0] in ("why_only", "why_perfect")
    assert compare(12, 4)[1].method == "scheme"
