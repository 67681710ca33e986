"""The rules every movement keeps: validate refuses a broken one."""

from __future__ import annotations

import pytest

from prefprint.errors import InvalidMovement
from prefprint.movement import Movement, Round, TablePlay, build_movement, validate


def test_validation_catches_a_bad_movement():
    good = build_movement(20, 4)
    r1 = good.rounds[0]
    t0, t1 = r1.tables[0], r1.tables[1]
    clash = TablePlay(t1.table, t1.room, t1.set, ((t1.seats[0][0], t0.seats[0][1]),) + t1.seats[1:])
    bad = Movement(
        good.players, 4, good.method, (Round(1, (t0, clash) + r1.tables[2:], ()),) + good.rounds[1:], good.rooms
    )
    with pytest.raises(InvalidMovement) as e:
        validate(bad)
    assert "player 1 is in 2 places" in str(e.value) and "neither play nor rest" in str(e.value)
    once = Movement(good.players, 4, good.method, good.rounds[:1], good.rooms)
    with pytest.raises(InvalidMovement, match="sets played at one table only"):
        validate(once)
    twin = TablePlay(t1.table, t1.room, t0.set, t1.seats)
    with pytest.raises(InvalidMovement, match="copy 1 of set 1 at 2 tables"):
        validate(Movement(20, 4, "x", (Round(1, (t0, twin) + r1.tables[2:], ()),) + good.rounds[1:], good.rooms))
    with pytest.raises(InvalidMovement, match="unknown player 1"):
        validate(Movement(20, 4, "x", good.rounds, good.rooms, numbers=tuple(range(2, 22))))
