"""The rules every movement keeps, checked before it is returned (`validate`)."""

from __future__ import annotations

from collections import Counter

from prefprint.errors import InvalidMovement
from prefprint.movement.model import SEATS, Movement


def validate(movement: Movement) -> None:
    """Raise InvalidMovement listing every broken rule; return None for a valid movement.

    Rules: tables full, seats in order, each table once per round; every player of the roster
    (`numbers`) seated once or resting in every round, nobody else; nobody replays a set; sets
    are numbered 1..S, every one of them played at two tables or more; tables playing one set in
    one round play different copies of it.
    """
    problems = []
    k = movement.table_size
    seat_names = SEATS[k]
    roster = set(movement.numbers)
    if len(movement.numbers) != movement.players or len(roster) != movement.players:
        problems.append(f"roster of {len(movement.numbers)} numbers for {movement.players} players")
    played: dict[int, set] = {}
    plays = Counter()
    for rnd in movement.rounds:
        where = []
        tables = Counter(t.table for t in rnd.tables)
        for t, count in tables.items():
            if count > 1:
                problems.append(f"round {rnd.number}: table {t} appears {count} times")
        boxes = Counter((t.set, t.copy) for t in rnd.tables)
        for (s, c), count in boxes.items():
            if count > 1:
                problems.append(f"round {rnd.number}: copy {c} of set {s} at {count} tables")
        for table in rnd.tables:
            seats = tuple(s for s, _ in table.seats)
            if seats != seat_names:
                problems.append(
                    f"round {rnd.number}, table {table.table}: seats {list(seats)}, expected {list(seat_names)}"
                )
            if table.copy < 1:
                problems.append(f"round {rnd.number}, table {table.table}: copy {table.copy}")
            plays[table.set] += 1
            for _, player in table.seats:
                where.append(player)
                done = played.setdefault(player, set())
                if table.set in done:
                    problems.append(f"round {rnd.number}: player {player} replays set {table.set}")
                done.add(table.set)
        where.extend(rnd.resting)
        if len(where) != len(roster) or set(where) != roster:
            for player, count in Counter(where).items():
                if count > 1:
                    problems.append(f"round {rnd.number}: player {player} is in {count} places")
                if player not in roster:
                    problems.append(f"round {rnd.number}: unknown player {player}")
            missing = roster - set(where)
            if missing:
                problems.append(f"round {rnd.number}: players {sorted(missing)} neither play nor rest")
    if sorted(plays) != list(range(1, len(plays) + 1)):
        problems.append(f"sets played {sorted(plays)[:20]}, expected 1..{len(plays)}")
    once = sorted(s for s, n in plays.items() if n < 2)
    if once:
        problems.append(f"sets played at one table only: {once[:20]}")
    if problems:
        raise InvalidMovement("invalid movement:\n" + "\n".join(problems[:50]))
