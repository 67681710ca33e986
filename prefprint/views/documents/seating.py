"""The seating round by round: where each player sits, the copy of its set each table plays."""

from __future__ import annotations

from prefprint.engine.model import Event


def table_copy(table_play) -> int:
    """Which copy of its set a table plays (1 unless the movement prepares several copies)."""
    return getattr(table_play, "copy", 1) or 1


def where_next(event: Event) -> dict:
    """(round, player) -> (table, seat) or None for resting; used for "3S → 2W"."""
    pos = {}
    for rnd in event.movement.rounds:
        for t in rnd.tables:
            for seat, p in t.seats:
                pos[(rnd.number, p)] = (t.table, seat)
        for p in rnd.resting:
            pos[(rnd.number, p)] = None
    return pos
