"""The line designs (prefprint.movement.designs): perfect orders, rest spots, substitutes, the stored session designs."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rechecks import line_of, recheck, rests_of

from prefprint.movement import build_movement, designs, standard_ok

PERFECT = {
    4: [q for q in range(5, 50) if designs.perfect_order(q, 4)],
    3: [q for q in range(4, 50) if designs.perfect_order(q, 3)],
}


def test_perfect_orders_are_the_prime_powers_and_their_products():
    assert PERFECT[4][:14] == [5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31]
    assert {32, 35, 37, 40, 41, 43, 45, 47, 49} <= set(PERFECT[4])
    assert not {6, 10, 12, 14, 15, 18, 20, 21, 22, 24, 26, 28, 30, 33, 34, 36, 38, 39} & set(PERFECT[4])
    assert {4, 20, 28, 36, 44} <= set(PERFECT[3]) and not {3, 6, 10, 12, 15} & set(PERFECT[3])


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([(k, q) for k in (4, 3) for q in PERFECT[k]]))
def test_field_movement_meets_every_other_line_exactly_once(case):
    k, q = case
    m = build_movement(k * q, k)
    assert m.method in ("standard", "field") and len(m.rounds) == q == m.sets
    assert m.method == "standard" if standard_ok(q) else m.method == "field"
    meet = recheck(m)
    line = line_of(m)
    for a, b in combinations(m.numbers, 2):
        assert meet[(a, b)] == (0 if line[a] == line[b] else 1), (a, b)
    for t in range(1, q + 1):  # every set once at every table
        assert sorted(x.set for r in m.rounds for x in r.tables if x.table == t) == list(range(1, q + 1))
    n_player = {t.table: t.player_at("N") for t in m.rounds[0].tables}
    assert all(t.player_at("N") == n_player[t.table] for r in m.rounds for t in r.tables)  # N stays


@pytest.mark.parametrize("k,q", [(4, 8), (4, 9), (3, 4), (4, 7)])
def test_a_rest_spot_keeps_a_perfect_design_fair(k, q):
    m = build_movement(k * q - 1, k, method="field")  # k·q − 1 players: the last table is a rest spot
    meet = recheck(m)
    assert max(meet.values()) == 1 and set(rests_of(m).values()) == {0, 1}


@pytest.mark.parametrize("players,k", [(29, 4), (30, 4), (33, 4), (34, 4), (22, 3), (23, 3)])
def test_extra_players_sit_in_for_the_resting_and_meet_nobody_twice(players, k):
    m = build_movement(players, k)
    meet = recheck(m)
    assert max(meet.values()) == 1, "the formula for the extra players keeps every pair to one meeting"
    assert max(rests_of(m).values()) - min(rests_of(m).values()) <= 1


def test_the_stored_session_designs_hold_what_they_claim():
    stored = designs.stored_sessions()
    assert stored
    for (k, tables, extra), entries in stored.items():
        for faults, name, rows in entries:
            assert designs.session_faults(name, k, rows) == faults, (k, tables, extra, name)
            assert len(product := designs.product_group(name)) == tables and product[0][0] == 0
