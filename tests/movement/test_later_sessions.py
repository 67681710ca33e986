"""Later sessions: the second session by lines, absent players, renumbered players."""

from __future__ import annotations

from collections import Counter

import pytest
from rechecks import line_of, recheck, rests_of

from prefprint.errors import MovementError
from prefprint.movement import build_movement, renumber, second_session


@pytest.mark.parametrize(
    "players,k", [(32, 4), (33, 4), (44, 4), (65, 4), (100, 4), (107, 4), (400, 4), (24, 3), (61, 3)]
)
def test_second_session_by_lines_shares_sets_across_the_rooms(players, k):
    first = build_movement(players, k)
    second = second_session(first)
    recheck(second)
    assert second.method == "by-lines" and second.numbers == first.numbers
    line = line_of(first)
    for room in second.rooms:
        assert len({line[p] for p in room.players}) == 1  # a room holds one former line
    tables_of_set = Counter(t.set for r in second.rounds for t in r.tables)
    rooms_of_set = {s: {t.room for r in second.rounds for t in r.tables if t.set == s} for s in tables_of_set}
    assert all(len(v) >= 2 for v in rooms_of_set.values())  # compared across rooms
    if len({r.full_rounds for r in second.rooms}) == 1:
        assert all(len(v) == len(second.rooms) for v in rooms_of_set.values())  # across the whole field
    assert max(rests_of(second).values()) - min(rests_of(second).values()) <= 1


def test_second_session_keeps_numbers_of_absent_players():
    first = build_movement(36, 4)
    second = second_session(first, absent=[3, 17, 18])
    recheck(second)
    assert second.players == 33 and 3 not in second.numbers and max(second.numbers) == 36
    with pytest.raises(MovementError, match="absent players 99 did not play"):
        second_session(first, absent=[99])
    tiny = build_movement(36, 4)
    with pytest.raises(MovementError, match="needs at least two lines"):
        second_session(tiny, absent=range(1, 30))


def test_renumber_carries_any_player_numbers():
    m = build_movement(20, 4)
    numbers = [5 * i + 3 for i in range(20)]
    r = renumber(m, numbers)
    recheck(r)
    assert r.numbers == tuple(numbers) and r.rounds[0].tables[0].seats[0] == ("N", 3)
    with pytest.raises(MovementError):
        renumber(m, [1, 1] + list(range(3, 21)))
