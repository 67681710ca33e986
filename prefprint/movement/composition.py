"""Composing room plans into one movement: event-wide numbers, sets shared by the rooms, copies."""

from __future__ import annotations

from collections import Counter

from prefprint.errors import InvalidMovement
from prefprint.movement.model import Movement, Room, Round, TablePlay


def is_fine(plans, rounds: int, full: int) -> bool:
    """True when every set played in the first `rounds` rounds is played at two tables or more."""
    if len(plans) > 1:
        return rounds >= 2 and shared_plays(plans, rounds) >= 2
    return rounds in fine_rounds(plans, full)


def fine_rounds(plans, full) -> list[int]:
    """The round counts (2..full) after which every played set is played at two tables or more."""
    if len(plans) > 1:
        return [r for r in range(2, full + 1) if shared_plays(plans, r) >= 2]
    plays = Counter()
    once = 0  # sets played at one table so far
    out = []
    for r, (plays_r, _) in enumerate(plans[0].rounds[:full], 1):
        for _, s, _ in plays_r:
            plays[s] += 1
            once += 1 if plays[s] == 1 else -1 if plays[s] == 2 else 0
        if r >= 2 and not once:
            out.append(r)
    return out


def shared_plays(plans, rounds) -> int:
    """The fewest tables playing one set in the first `rounds` rounds once the rooms share sets."""
    offsets = _set_offsets(plans, rounds)
    plays = Counter()
    size = max(p.sets for p in plans)
    for plan, d in zip(plans, offsets):
        for plays_r, _ in plan.rounds[:rounds]:
            plays.update((s - 1 + d) % size for _, s, _ in plays_r)
    return min(plays.values())


def _set_offsets(plans, rounds) -> list[int]:
    """How far each room's sets are turned in the shared row of sets: fewest sets played at one
    table only, then fewest copies, then the fewest tables playing one set at once."""
    if len(plans) == 1:
        return [0]
    size = max(p.sets for p in plans)
    load = Counter()  # (round, set) -> tables playing it
    total = Counter()  # set -> tables playing it
    out = []
    step = max(1, size // 16)  # a few turns are enough to spread big rooms
    for plan in plans:
        best = None
        for d in range(0, size, step):
            here = Counter()
            for r, (plays_r, _) in enumerate(plan.rounds[:rounds]):
                for _, s, _ in plays_r:
                    here[(r, (s - 1 + d) % size)] += 1
            sums = total.copy()
            for (_, s), n in here.items():
                sums[s] += n
            once = sum(1 for n in sums.values() if n < 2)  # a set nobody else plays cannot be compared
            worst = max((load[key] + n for key, n in here.items()), default=0)
            clash = sum(load[key] * n for key, n in here.items())
            if best is None or (once, worst, clash) < best[0]:
                best = ((once, worst, clash), d, here)
        out.append(best[1])
        load.update(best[2])
        for (_, s), n in best[2].items():
            total[s] += n
    return out


def compose(players, k, method, plans, n_rounds, notes) -> Movement:
    """Join room plans into one movement with event-wide numbers; the rooms share the sets.

    Each room's sets are turned in one shared row so that few tables play a set at once; sets no
    table plays are dropped and the others numbered 1.. in order; copies follow their routes.
    """
    n_rounds = min(p.full_rounds for p in plans) if n_rounds is None else n_rounds
    offsets = _set_offsets(plans, n_rounds)
    size = max(p.sets for p in plans)
    raw = [([], []) for _ in range(n_rounds)]
    p0 = t0 = 0
    room_sets = []
    for number, (plan, d) in enumerate(zip(plans, offsets), 1):
        used = set()
        for r in range(n_rounds):
            plays, resting = plan.rounds[r]
            for t, s, seats in plays:
                g = (s - 1 + d) % size + 1
                used.add(g)
                raw[r][0].append((t + t0, number, g, tuple((seat, pl + p0) for seat, pl in seats.items())))
            raw[r][1].extend(pl + p0 for pl in resting)
        room_sets.append(used)
        p0, t0 = p0 + plan.players, t0 + plan.tables
    if p0 != players:
        raise InvalidMovement(f"rooms hold {p0} players, expected {players}")
    played = sorted({g for plays, _ in raw for _, _, g, _ in plays})
    new = {g: i + 1 for i, g in enumerate(played)}
    copies = _assign_copies([[(t, room, new[g]) for t, room, g, _ in plays] for plays, _ in raw])
    rounds = []
    for r, (plays, resting) in enumerate(raw):
        tables = tuple(TablePlay(t, room, new[g], seats, copies[(r, t)]) for t, room, g, seats in plays)
        rounds.append(Round(r + 1, tables, tuple(sorted(resting))))
    rooms = []
    p0 = t0 = 0
    for number, (plan, d) in enumerate(zip(plans, offsets), 1):
        slot_rows = tuple(
            tuple(((s - 1 + d) % size + 1, tuple(t + t0 for t in on)) for s, on in row)
            for row in plan.slot_rows[:n_rounds]
        )
        slot_rows = tuple(tuple((new.get(g, 0), on) for g, on in row) for row in slot_rows)
        rooms.append(
            Room(
                number,
                plan.method,
                tuple(range(p0 + 1, p0 + plan.players + 1)),
                tuple(range(t0 + 1, t0 + plan.tables + 1)),
                tuple(sorted(new[g] for g in room_sets[number - 1])),
                plan.full_rounds,
                slot_rows,
                plan.skips,
            )
        )
        p0, t0 = p0 + plan.players, t0 + plan.tables
    return Movement(players, k, method, tuple(rounds), tuple(rooms), tuple(notes))


def _assign_copies(rounds: list[list[tuple[int, int, int]]]) -> dict[tuple[int, int], int]:
    """Copy numbers for plays (round index, table): a table takes a copy of its room where there is
    one (from the table that played it the round before, else from the director), else one from
    another room; a new copy only when every copy is in play this round."""
    last: dict[int, dict[int, tuple[int, int, int]]] = {}  # set -> copy -> (round, table, room)
    out = {}
    for r, plays in enumerate(rounds):
        by_set: dict[int, list] = {}
        for t, room, s in sorted(plays):
            by_set.setdefault(s, []).append((t, room))
        for s, tables in by_set.items():
            copies = last.setdefault(s, {})
            free = {c: where for c, where in copies.items() if where[0] < r}
            for t, room in tables:

                def rank(c):
                    rr, tt, rm = free[c]  # noqa: B023  (called at once, in this iteration)
                    return (rm != room, rr != r - 1, abs(tt - t), c)  # noqa: B023

                if free:
                    c = min(free, key=rank)
                    del free[c]
                else:
                    c = len(copies) + 1
                copies[c] = (r, t, room)
                out[(r, t)] = c
    return out
