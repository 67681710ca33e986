"""Room plans: the standard movement, the book schemes seat for seat, the skip movement."""

from __future__ import annotations

from math import gcd

import pytest
from rechecks import recheck

from prefprint.movement import BOOK_SCHEMES, build_movement


def test_standard_moves_as_the_seed_says():
    m = build_movement(28, 4)  # 7 tables
    where = {}
    for rnd in m.rounds:
        for t in rnd.tables:
            for s, p in t.seats:
                where[(rnd.number, p)] = (t.table, s, t.set)
    for p in range(1, 29):
        t1, s1, set1 = where[(1, p)]
        t2, s2, set2 = where[(2, p)]
        step = {"N": 0, "E": 1, "S": 2, "W": -2}[s1]
        assert s2 == s1 and (t2 - 1) % 7 == (t1 - 1 + step) % 7
    # sets move to the table with the number one lower (table 1 -> last)
    set_at = {(r.number, t.table): t.set for r in m.rounds for t in r.tables}
    for table in range(1, 8):
        assert set_at[(2, (table - 2) % 7 + 1)] == set_at[(1, table)]


def _position(text):
    return None if text == "P" else (int(text[:-1]), text[-1])


@pytest.mark.parametrize("players", sorted(BOOK_SCHEMES))
def test_book_scheme_reproduces_the_seed_table(players):
    m = build_movement(players, 4)
    assert m.method == "scheme"
    recheck(m)
    groups, slots = BOOK_SCHEMES[players]
    seat_of = {}
    for rnd in m.rounds:
        for t in rnd.tables:
            for s, p in t.seats:
                seat_of[(rnd.number, p)] = (t.table, s)
        for p in rnd.resting:
            seat_of[(rnd.number, p)] = None
    first = 0
    for route_text, fixed in groups:
        route = [_position(x) for x in route_text.split()]
        for i in range(len(route)):
            player = first + i + 1
            for r in range(len(m.rounds)):
                # "3S–2W": whoever is at route[i] goes to route[i+1]; the last position leads to the first
                assert seat_of[(r + 1, player)] == route[(i + r) % len(route)]
        first += len(route)
        if fixed:
            first += 1
            assert all(seat_of[(r + 1, first)] == _position(fixed) for r in range(len(m.rounds)))
    row1 = [
        " ".join(
            "/" + ",".join(map(str, tabs)) + "/" if len(tabs) > 1 else (str(tabs[0]) if tabs else "Z")
            for _, tabs in m.rooms[0].slot_rows[0]
        ).split()
    ]
    assert row1[0] == slots.split()
    for r, row in enumerate(m.rooms[0].slot_rows):
        assert [s for s, _ in row] == [(j + r) % len(row) + 1 for j in range(len(row))]


def test_sixteen_player_route_is_corrected():
    groups, _ = BOOK_SCHEMES[16]
    route = groups[1][0].split()
    assert route[3] == "3S" and route.count("4S") == 1


def test_skip_keeps_lines_and_sets_fresh():
    m = build_movement(24 * 4, 4, method="skip")  # 24 tables: gcd 6
    assert m.method == "skip" and m.rooms[0].skips > 0
    recheck(m)
    assert set(m.stats.sets_per_player.values()) == {24} and gcd(24, 6) != 1
