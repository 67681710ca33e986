"""The model of a movement: seats, the tables of a round, rooms, the whole session (`Movement`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from prefprint.movement.fairness import Quality, Stats, quality, statistics

SEATS = {4: ("N", "E", "S", "W"), 3: ("N", "E", "S")}


@dataclass(frozen=True)
class TablePlay:
    """One table in one round: which set (and which copy of its boxes) it plays, who sits where.

    `copy` (1-based) tells copies of one set apart when several tables play it in one round;
    each copy travels its own route (`Movement.routes`).
    """

    table: int
    room: int
    set: int
    seats: tuple[tuple[str, int], ...]
    copy: int = 1

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for _, p in self.seats)

    def player_at(self, seat: str) -> int:
        return dict(self.seats)[seat]


@dataclass(frozen=True)
class Round:
    """One round: the tables that play and the players who rest."""

    number: int
    tables: tuple[TablePlay, ...]
    resting: tuple[int, ...]


@dataclass(frozen=True)
class Room:
    """A group of players and tables with a movement of its own (sets are shared by all rooms)."""

    number: int
    method: str
    players: tuple[int, ...]
    tables: tuple[int, ...]
    sets: tuple[int, ...]
    full_rounds: int
    # For book schemes: per round, the director's row of sets, each (set, tables); () is "Z".
    slot_rows: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = ()
    skips: int = 0
    lines: tuple[str, ...] = ()  # a room of a session by lines: the former lines of its players

    def slot_of(self, round_no: int, table: int) -> int:
        """The position in the director's row (1-based) a table of this room takes its set from; 0: none."""
        if not 1 <= round_no <= len(self.slot_rows):
            return 0
        return next((j for j, (_, on) in enumerate(self.slot_rows[round_no - 1], 1) if table in on), 0)


@dataclass(frozen=True)
class Movement:
    """A whole session: rounds, rooms and how the method was chosen.

    `players` is the count; `numbers` the sorted player numbers that take part (1..players
    unless the movement was renumbered, e.g. a second session without absent players).
    """

    players: int
    table_size: int
    method: str
    rounds: tuple[Round, ...]
    rooms: tuple[Room, ...]
    notes: tuple[tuple[str, dict], ...] = field(default=())
    numbers: tuple[int, ...] = ()
    asked: int = 0  # the rounds the director asked for, when auto chose the movement for them

    def __post_init__(self):
        if not self.numbers:
            object.__setattr__(self, "numbers", tuple(range(1, self.players + 1)))

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[self.table_size]

    @property
    def roster(self) -> tuple[int, ...]:
        """The numbers of the players who take part, in order (the same as `numbers`)."""
        return self.numbers

    @property
    def tables(self) -> int:
        return sum(len(r.tables) for r in self.rooms)

    @property
    def sets(self) -> int:
        """Sets played (numbered 1..sets)."""
        return max((t.set for r in self.rounds for t in r.tables), default=0)

    @property
    def full_rounds(self) -> int:
        return min(r.full_rounds for r in self.rooms)

    @cached_property
    def copies(self) -> dict[int, int]:
        """Copies of each set's boxes to prepare: set -> number of copies."""
        out = {}
        for r in self.rounds:
            for t in r.tables:
                out[t.set] = max(out.get(t.set, 0), t.copy)
        return dict(sorted(out.items()))

    @property
    def copies_needed(self) -> int:
        """Copies of a set's boxes to prepare (the most any set needs)."""
        return max(self.copies.values(), default=1)

    def routes(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """Each copy's route: {(set, copy): [(round, table), ...]} in round order."""
        out: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for r in self.rounds:
            for t in r.tables:
                out.setdefault((t.set, t.copy), []).append((r.number, t.table))
        return dict(sorted(out.items()))

    def room_of_table(self, table: int) -> int:
        return next(room.number for room in self.rooms if table in room.tables)

    def room_named(self, table: int) -> int | None:
        """The room a table's pages name, as its table card does: None where the movement has one room."""
        return self.room_of_table(table) if len(self.rooms) > 1 else None

    def passes(self) -> list[dict]:
        """Boxes that pass from one room to another: after which round, set, copy, from, to.

        Where a room plays a book scheme its tables take sets from the director's row of the
        room: `from_slot` / `to_slot` give the position in that row (0 where there is no row).
        """
        out = []
        if len(self.rooms) < 2:
            return out
        rooms = {room.number: room for room in self.rooms}
        for (set_no, copy), route in self.routes().items():
            for (r1, t1), (r2, t2) in zip(route, route[1:]):
                a, b = self.room_of_table(t1), self.room_of_table(t2)
                if a != b:
                    out.append(
                        {
                            "after": r1,
                            "round": r2,
                            "set": set_no,
                            "copy": copy,
                            "from_room": a,
                            "from_table": t1,
                            "to_room": b,
                            "to_table": t2,
                            "direct": r2 == r1 + 1,
                            "from_slot": rooms[a].slot_of(r1, t1),
                            "to_slot": rooms[b].slot_of(r2, t2),
                        }
                    )
        return sorted(out, key=lambda p: (p["after"], p["set"], p["copy"]))

    @cached_property
    def places(self) -> dict[int, dict[int, tuple[TablePlay, str]]]:
        """player -> round -> (the table he plays at, his seat); a round he rests is not there."""
        out: dict[int, dict[int, tuple[TablePlay, str]]] = {}
        for rnd in self.rounds:
            for t in rnd.tables:
                for seat, p in t.seats:
                    out.setdefault(p, {})[rnd.number] = (t, seat)
        return out

    @cached_property
    def stats(self) -> Stats:
        return statistics(self)

    @cached_property
    def quality(self) -> Quality:
        return quality(self)
