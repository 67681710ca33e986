"""Composing rooms into one movement: shared sets, copies of the boxes and their routes, passes between rooms."""

from __future__ import annotations

from collections import Counter

import pytest
from rechecks import recheck

from prefprint.errors import MovementError
from prefprint.movement import build_movement, split_rooms


def test_rooms_play_the_same_sets_with_copies_that_follow_their_routes():
    m = build_movement(40, 4, rooms=[20, 20])
    recheck(m)
    assert m.method == "rooms" and [r.method for r in m.rooms] == ["standard", "standard"]
    assert m.rooms[0].sets == m.rooms[1].sets == (1, 2, 3, 4, 5) and m.sets == 5
    assert m.copies == {s: 2 for s in range(1, 6)}
    for _copy, route in m.routes().items():
        rooms = {m.room_of_table(t) for _, t in route}
        assert len(route) == 5 and len(rooms) == 1  # each copy stays in its room
    assert set(Counter(t.set for r in m.rounds for t in r.tables).values()) == {10}


def test_rooms_of_different_sizes_share_sets_and_pass_boxes():
    m = build_movement(26, 4, rooms=[13, 13])
    recheck(m)
    assert m.sets == 13 and m.rooms[0].sets == m.rooms[1].sets
    assert m.copies_needed == 1  # the rooms take turns with the boxes
    passes = m.passes()
    assert passes and all(p["from_room"] != p["to_room"] for p in passes)
    for route in m.routes().values():
        assert len({m.room_of_table(t) for _, t in route}) == 2  # every deal is compared across the field
    for sizes in ([19, 25], [22, 18], [9, 8, 8, 8]):
        recheck(build_movement(sum(sizes), 4, rooms=sizes))
    with pytest.raises(MovementError, match="rooms 20\\+10 = 30 players, expected 40"):
        build_movement(40, 4, rooms=[20, 10])
    assert split_rooms(26, 4) == [13, 13]


def test_copies_of_boxes_to_prepare():
    assert build_movement(8, 4).copies_needed == 2  # "/1,2/": both tables play one set
    assert build_movement(20, 4).copies_needed == 1
