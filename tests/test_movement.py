"""The movement engine: every field size, the book schemes seat for seat, invariants."""

from __future__ import annotations

from itertools import combinations
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefprint.errors import InvalidMovement, MovementError
from prefprint.movement import (BOOK_SCHEMES, Movement, Round, TablePlay, build_movement, second_session,
                                split_rooms, standard_ok, to_dict, validate)


def _check_everything(m: Movement):
    """Independent re-check of the rules the engine's own validate() enforces."""
    seats = ("N", "E", "S", "W")[: m.table_size]
    played = {}
    for rnd in m.rounds:
        present = []
        for t in rnd.tables:
            assert tuple(s for s, _ in t.seats) == seats  # every table full, seats in order
            for _, p in t.seats:
                assert t.set not in played.setdefault(p, set()), f"player {p} replays set {t.set}"
                played[p].add(t.set)
            present += list(t.players)
        present += list(rnd.resting)
        assert sorted(present) == list(range(1, m.players + 1))  # each once: seated or resting


@pytest.mark.parametrize("size,low,high", [(4, 8, 400), (3, 6, 300)])
def test_every_field_size_gets_a_valid_movement(size, low, high):
    for n in range(low, high + 1):
        m = build_movement(n, size)
        _check_everything(m)
        st_ = m.stats
        assert min(st_.sets_per_player.values()) >= 1, n
        assert sum(st_.meetings_histogram.values()) == n * (n - 1) // 2


def _line_of(m: Movement) -> dict:
    return {p: s for t in m.rounds[0].tables for s, p in t.seats}


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([t for t in range(5, 80) if standard_ok(t)]), st.sampled_from((3, 4)))
def test_standard_movement_meets_every_other_line_exactly_once(tables, size):
    m = build_movement(tables * size, size)
    assert m.method == "standard" and len(m.rounds) == tables
    line = _line_of(m)
    meetings = m.stats.meetings
    for a, b in combinations(range(1, m.players + 1), 2):
        expected = 0 if line[a] == line[b] else 1
        assert meetings.get((a, b), 0) == expected, (a, b)
    # every player plays every set exactly once
    assert set(m.stats.sets_per_player.values()) == {tables}


def test_standard_movement_works_beyond_primes():
    for tables in (25, 35, 49):
        assert build_movement(4 * tables, 4).method == "standard"
    assert not standard_ok(9) and not standard_ok(10) and standard_ok(25)


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
    # the director's row: round 1 is the seed's row, then the first set moves to the end
    row1 = [" ".join("/" + ",".join(map(str, tabs)) + "/" if len(tabs) > 1 else (str(tabs[0]) if tabs else "Z")
                     for _, tabs in m.rooms[0].slot_rows[0]).split()]
    assert row1[0] == slots.split()
    for r, row in enumerate(m.rooms[0].slot_rows):
        assert [s for s, _ in row] == [(j + r) % len(row) + 1 for j in range(len(row))]


def test_sixteen_player_route_is_corrected():
    groups, _ = BOOK_SCHEMES[16]
    route = groups[1][0].split()
    assert route[3] == "3S" and route.count("4S") == 1


def test_validation_catches_a_bad_movement():
    good = build_movement(20, 4)
    r1 = good.rounds[0]
    t0, t1 = r1.tables[0], r1.tables[1]
    clash = TablePlay(t1.table, t1.room, t1.set, ((t1.seats[0][0], t0.seats[0][1]),) + t1.seats[1:])
    bad = Movement(good.players, 4, good.method, (Round(1, (t0, clash) + r1.tables[2:], ()),) + good.rounds[1:],
                   good.rooms)
    with pytest.raises(InvalidMovement) as e:
        validate(bad)
    assert "player 1 is in 2 places" in str(e.value)
    assert "neither play nor rest" in str(e.value)


def test_early_stop_and_errors():
    m = build_movement(20, 4, rounds=3)
    assert len(m.rounds) == 3 and m.full_rounds == 5
    with pytest.raises(MovementError, match="rounds must be from 1 to 5"):
        build_movement(20, 4, rounds=6)
    with pytest.raises(MovementError, match="table size must be 4 or 3, not 5"):
        build_movement(20, 5)
    with pytest.raises(MovementError, match="players must be from 8 to 1000 at tables of 4, not 0"):
        build_movement(0, 4)
    with pytest.raises(MovementError, match="standard movement needs"):
        build_movement(24, 4, method="standard")


def test_rooms_forced_and_automatic():
    assert split_rooms(26, 4) == [13, 13]
    m = build_movement(26, 4)
    assert m.method == "rooms" and [len(r.players) for r in m.rooms] == [13, 13]
    forced = build_movement(40, 4, rooms=[20, 20])
    assert [r.method for r in forced.rooms] == ["standard", "standard"]
    assert {t.room for r in forced.rounds for t in r.tables} == {1, 2}
    with pytest.raises(MovementError, match="rooms 20\\+10 = 30 players, expected 40"):
        build_movement(40, 4, rooms=[20, 10])


def test_second_session_by_lines():
    first = build_movement(80, 4)  # 20 tables: skip
    second = second_session(first)
    line = _line_of(first)
    for room in second.rooms:
        assert len({line[p] for p in room.players}) == 1  # a room holds one former line
    # former same-line players now meet
    assert any(second.stats.meetings.get((a, b)) for a, b in combinations(second.rooms[0].players, 2))


def test_json_shape():
    d = to_dict(build_movement(20, 4))
    assert (d["players"], d["table_size"], d["tables"], d["method"]) == (20, 4, 5, "standard")
    assert d["rounds"][0]["tables"][0] == {"table": 1, "room": 1, "set": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}}
    assert d["stats"]["meetings_histogram"] == {"0": 40, "1": 150}


def test_skip_keeps_lines_and_sets_fresh():
    m = build_movement(24 * 4, 4)  # 24 tables: gcd 6
    assert m.method == "skip" and m.rooms[0].skips > 0
    assert set(m.stats.sets_per_player.values()) == {24}
    assert gcd(24, 6) != 1


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 160), st.sampled_from((3, 4)), st.data())
def test_any_request_gives_a_valid_movement_or_a_clear_refusal(n, size, data):
    method = data.draw(st.sampled_from(("auto", "standard", "scheme", "skip", "rooms", "rests")))
    try:
        full = build_movement(n, size, method=method)
    except MovementError:
        return  # refused with a message, never an invalid movement
    rounds = data.draw(st.integers(1, full.full_rounds))
    m = build_movement(n, size, rounds=rounds, method=method)
    _check_everything(m)
    assert len(m.rounds) == rounds
    # tables that share a set in a round only happen in the book schemes
    for rnd in m.rounds:
        sets = [t.set for t in rnd.tables]
        for t in rnd.tables:
            if sets.count(t.set) > 1:
                assert m.rooms[t.room - 1].method == "scheme"


def test_copies_of_boxes_to_prepare():
    assert build_movement(8, 4).copies_needed == 2  # "/1,2/": both tables play one set
    assert build_movement(20, 4).copies_needed == 1
