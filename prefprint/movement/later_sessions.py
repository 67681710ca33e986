"""Later sessions: the second session by lines, and a movement given the numbers of the players present."""

from __future__ import annotations

from dataclasses import replace

from prefprint.errors import MovementError
from prefprint.movement.building import finish
from prefprint.movement.choice import MIN_PLAYERS, room_plans
from prefprint.movement.model import Movement, Round, TablePlay
from prefprint.movement.validation import validate


def renumber(movement: Movement, numbers) -> Movement:
    """The movement with player i (1-based, in order) renamed numbers[i-1]; numbers sorted, distinct."""
    numbers = tuple(sorted(numbers))
    if (
        len(numbers) != movement.players
        or len(set(numbers)) != len(numbers)
        or any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in numbers)
    ):
        raise MovementError("movement.numbers", given=len(numbers), players=movement.players)
    return _rename(movement, dict(zip(movement.numbers, numbers)), movement.method)


def _rename(movement: Movement, name: dict, method: str) -> Movement:
    rounds = tuple(
        Round(
            r.number,
            tuple(TablePlay(t.table, t.room, t.set, tuple((s, name[p]) for s, p in t.seats), t.copy) for t in r.tables),
            tuple(sorted(name[p] for p in r.resting)),
        )
        for r in movement.rounds
    )
    rooms = tuple(replace(rm, players=tuple(sorted(name[p] for p in rm.players))) for rm in movement.rooms)
    return Movement(
        movement.players,
        movement.table_size,
        method,
        rounds,
        rooms,
        movement.notes,
        tuple(sorted(name.values())),
        movement.asked,
    )


def _room_size_weak(size: int, k: int) -> bool:
    """A line too small for a room of its own (fewer players than two tables seat)."""
    return size < MIN_PLAYERS[k]


def lines_of(movement: Movement) -> dict[int, str]:
    """Each player's line: his seat in the first round he plays."""
    out = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            for seat, p in t.seats:
                out.setdefault(p, seat)
    return out


def second_session(first: Movement, rounds: int | None = None, absent=(), present=None) -> Movement:
    """A second session by lines: former N, E, S, W players each play in a room of their own.

    A player's line is his seat in the first round he played. Player numbers are kept; `absent`
    players do not play; `present`, when given, is everyone who may (players who did not play the
    first session join the smallest room). A line too small for a room of its own joins the
    smallest other room. All rooms play the same sets (boxes pass between rooms, or copies), so
    every deal is compared across the whole field.
    """
    k = first.table_size
    absent = set(absent)
    if present is None:
        unknown = sorted(absent - set(first.numbers))
        if unknown:
            raise MovementError("movement.absent_unknown", numbers=", ".join(map(str, unknown)))
        present = first.numbers
    playing = sorted(set(present) - absent)
    line = lines_of(first)
    # each group: the former lines it holds and its players
    groups = [([seat], [p for p in playing if line.get(p) == seat]) for seat in first.seats]
    newcomers = [p for p in playing if p not in line]
    if newcomers:
        min(groups, key=lambda g: len(g[1]))[1].extend(newcomers)
    groups = sorted(((seats, sorted(g)) for seats, g in groups if g), key=lambda g: g[1][0])
    while len(groups) > 1 and any(_room_size_weak(len(g), k) for _, g in groups):
        small = min((g for g in groups if _room_size_weak(len(g[1]), k)), key=lambda g: len(g[1]))
        groups.remove(small)
        other = min(groups, key=lambda g: len(g[1]))
        other[0].extend(small[0])
        other[1].extend(small[1])
        other[1].sort()
    labels = [tuple(s for s in first.seats if s in seats) for seats, _ in groups]
    groups = [g for _, g in groups]
    if len(groups) < 2:
        raise MovementError(
            "movement.by_lines",
            low=MIN_PLAYERS[k],
            sizes=", ".join(str(sum(1 for p in playing if line.get(p) == s)) for s in first.seats),
        )
    sizes = [len(g) for g in groups]
    plans = room_plans(sizes, k)
    notes = [("second_session", {"sizes": sizes})]
    if absent:
        notes.append(("absent", {"numbers": sorted(absent)}))
    players = sum(sizes)
    order = [p for g in groups for p in g]
    movement = finish(players, k, "by-lines", plans, rounds, notes)
    out = _rename(movement, dict(zip(range(1, players + 1), order)), "by-lines")
    out = replace(out, rooms=tuple(replace(room, lines=lines) for room, lines in zip(out.rooms, labels)))
    validate(out)
    return out
