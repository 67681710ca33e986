"""Room plans: a design, the book's special schemes or the skip movement as one room's rounds."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd

from prefprint.movement import designs
from prefprint.movement.designs import REST, Design
from prefprint.movement.designs.rotations import balanced_seats
from prefprint.movement.model import SEATS

LINE_STEP = {"N": 0, "E": 1, "S": 2, "W": -2}  # tables moved per round (standard movement)
LINE_DIRECTION = {"N": 0, "E": 1, "S": 1, "W": -1}  # the extra table of a skip

# The rules' table of special movements (the book's schemes), as the seed gives it. Each group:
# (route, fixed position). The 16-player group-2 route is the corrected one (3S in the fourth place).
_R8 = ("1S 1W 2W 1E 2N 2S 2E", "1N")
_R9 = ("P 2E 2W 2S 1S 1W 2N 1E 1N", None)
_R12 = ("1S 2W 3W 2E 2S 3E 1W 3S 3N 2N 1E", "1N")
_R13 = ("P 2W 3W 1W 2S 1E 2E 2N 1S 3E 3S 3N 1N", None)
BOOK_SCHEMES = {
    8: ((_R8,), "/1,2/ Z Z Z Z Z Z"),
    9: ((_R9,), "/1,2/ Z Z Z Z Z Z Z Z"),
    12: ((_R12,), "1 Z Z Z 2 Z Z 3 Z Z Z"),
    13: ((_R13,), "1 Z Z 2 3 Z Z Z Z Z Z Z Z"),
    16: ((_R8, ("3W 3N 4N 3S 4E 4W 4S", "3E")), "/1,2/ /3,4/ Z Z Z Z Z"),
    18: ((_R9, ("P 3N 3E 4N 3W 3S 4S 4W 4E", None)), "/1,2/ /3,4/ Z Z Z Z Z Z Z"),
    24: ((_R12, ("4W 5N 6N 5S 5W 6S 4N 6W 6E 5E 4S", "4E")), "1 4 Z Z 2 5 Z 3 6 Z Z"),
}


def standard_ok(tables: int) -> bool:
    """True when the standard movement is perfect for this many tables (gcd(T, 6) = 1, T >= 5)."""
    return tables >= 5 and gcd(tables, 6) == 1


# A plan uses local numbers (players 1.., tables 1.., sets 1..); `compose` makes them global.


@dataclass
class Plan:
    """One room's rounds in its own numbers: who sits where, which set each table plays, who rests."""

    method: str
    players: int
    tables: int
    sets: int
    full_rounds: int
    rounds: list  # per round: (list of (table, set, {seat: player}), [resting])
    slot_rows: list = field(default_factory=list)
    skips: int = 0
    notes: list = field(default_factory=list)


def design_plan(d: Design) -> Plan:
    """A line design as a plan: players numbered by their seats in round 1, then the resting."""
    k, T, R = d.table_size, d.tables, d.rounds
    seats = SEATS[k]
    # where[r][line][set] = player (local index of the line) playing that set in round r
    where = [[{row[r]: x for x, row in enumerate(line) if row[r] != REST} for line in d.rows] for r in range(R)]
    ids: dict[tuple[int, int], int] = {}
    for t in range(T):
        s = d.rows[0][t][0]
        for line in range(k):
            ids[(line, where[0][line][s])] = len(ids) + 1
    for line, rows in enumerate(d.rows):
        for x in range(len(rows)):
            if (line, x) not in ids:
                ids[(line, x)] = len(ids) + 1
    rounds = []
    for r in range(R):
        plays = []
        for t in range(T):
            s = d.rows[0][t][r]
            plays.append((t + 1, s + 1, {seats[line]: ids[(line, where[r][line][s])] for line in range(k)}))
        resting = sorted(
            ids[(line, x)] for line, rows in enumerate(d.rows) for x, row in enumerate(rows) if row[r] == REST
        )
        rounds.append((plays, resting))
    notes = []
    if d.session:
        notes.append(("auto_session", {"tables": T, "rounds": R, "ring": d.ring}))
        if d.spot:
            notes.append(("rest_spot", {"tables": T, "positions": T + 1}))
        elif max(d.sizes) > T:
            notes.append(("rest_substitutes", {"lines": [seats[line] for line, n in enumerate(d.sizes) if n > T]}))
        sets = 1 + max(s for line in d.rows for row in line for s in row)
        return Plan(d.method, sum(d.sizes), T, sets, R, rounds, notes=notes)
    if d.method == "standard" and d.rounds == d.tables and max(d.sizes) == T:
        notes.append(("auto_standard", {"tables": T, "table_size": k}))
    elif d.method in ("standard", "field"):
        notes.append(
            (
                "auto_field" if d.method == "field" else "auto_standard",
                {"tables": d.rounds, "table_size": k, "ring": d.ring},
            )
        )
    else:
        notes.append(("auto_search", {"tables": T, "ring": d.ring}))
    if d.rounds > T:
        notes.append(("rest_spot", {"tables": T, "positions": d.rounds}))
    elif max(d.sizes) > T:
        notes.append(("rest_substitutes", {"lines": [seats[line] for line, n in enumerate(d.sizes) if n > T]}))
    return Plan(d.method, sum(d.sizes), T, R, R, rounds, notes=notes)


def rotation_plan(rot: designs.Rotation) -> Plan:
    """A rotating design as a plan: players numbered by their seats in round 1, then the resting."""
    seats = SEATS[rot.table_size]
    ids = {}
    for group in rot.seating[0]:
        for p in group:
            ids[p] = len(ids) + 1
    for p in range(rot.players):
        ids.setdefault(p, len(ids) + 1)
    rounds = []
    for r in range(rot.rounds):
        plays = [
            (t + 1, rot.set_of(r, t) + 1, {seats[i]: ids[p] for i, p in enumerate(group)})
            for t, group in enumerate(rot.seating[r])
        ]
        rounds.append((plays, sorted(ids[p] for p in rot.resting[r])))
    return Plan(
        "search",
        rot.players,
        rot.tables,
        rot.sets,
        rot.rounds,
        rounds,
        notes=[("auto_rotation", {"tables": rot.tables, "sets": rot.sets})],
    )


def skip_plan(tables: int, k: int) -> Plan:
    """The seed's procedure 3: lines keep their seat (N stays, E +1, S +2, W −2, sets −1); where a
    whole line would meet sets it has played, it moves one extra table in its direction."""
    seats = SEATS[k]
    offsets = {seat: [0] for seat in seats}
    seen = {seat: {0} for seat in seats}
    skips = 0
    for r in range(1, tables):
        for seat in seats:
            d = offsets[seat][-1] + LINE_STEP[seat]
            first = d
            if LINE_DIRECTION[seat]:
                while (d + r) % tables in seen[seat]:
                    d += LINE_DIRECTION[seat]
            skips += abs(d - first)
            offsets[seat].append(d)
            seen[seat].add((d + r) % tables)
    rounds = []
    for r in range(tables):
        plays = []
        for pos in range(tables):
            here = {seat: ((pos - offsets[seat][r]) % tables) * k + i + 1 for i, seat in enumerate(seats)}
            plays.append((pos + 1, (pos + r) % tables + 1, here))
        rounds.append((plays, []))
    return Plan(
        "skip",
        k * tables,
        tables,
        tables,
        tables,
        rounds,
        skips=skips,
        notes=[("auto_skip", {"tables": tables, "skips": skips})],
    )


def _position(text: str) -> tuple[int, str] | None:
    return None if text == "P" else (int(text[:-1]), text[-1])


def scheme_plan(players: int) -> Plan:
    """A special scheme of the seed's table, numbered along its routes.

    In round 1 the i-th position of a group's route holds the group's i-th player; the
    stationary player has the group's last number (as the seed's "No. 16 always at 3E").
    """
    groups, slots_text = BOOK_SCHEMES[players]
    slots = [() if s == "Z" else tuple(int(x) for x in s.strip("/").split(",")) for s in slots_text.split()]
    n_sets = len(slots)
    start = {}  # player -> route (list of positions) and index
    pid = 0
    for route_text, fixed in groups:
        route = [_position(p) for p in route_text.split()]
        for i in range(len(route)):
            pid += 1
            start[pid] = (route, i)
        if fixed:
            pid += 1
            start[pid] = ([_position(fixed)], 0)
    tables = max(t for s in slots for t in s)
    rounds, slot_rows = [], []
    for r in range(n_sets):
        table_set = {}
        row = []
        for j, on in enumerate(slots):
            set_no = (j + r) % n_sets + 1
            row.append((set_no, on))
            for t in on:
                table_set[t] = set_no
        seating = {t: {} for t in range(1, tables + 1)}
        resting = []
        for player, (route, i) in start.items():
            pos = route[(i + r) % len(route)]
            if pos is None:
                resting.append(player)
            else:
                seating[pos[0]][pos[1]] = player
        plays = [
            (t, table_set[t], {s: seating[t][s] for s in SEATS[4] if s in seating[t]}) for t in range(1, tables + 1)
        ]
        rounds.append((plays, sorted(resting)))
        slot_rows.append(tuple(row))
    return Plan("scheme", pid, tables, n_sets, n_sets, rounds, slot_rows, notes=[("auto_scheme", {"players": players})])


def plane_plan(players: int, rounds: int, groups, sets, resting) -> Plan:
    """A plane session as a plan: seats given in turn (each player's seats as even as they can be),
    players numbered by their seats in round 1, then the resting."""
    seats = SEATS[4]
    seat_count = [[0] * 4 for _ in range(players)]
    ids: dict[int, int] = {}
    ordered = []
    for tables in groups:
        here = []
        for group in tables:
            order = balanced_seats(group, seat_count)
            for i, p in enumerate(order):
                seat_count[p][i] += 1
            here.append(order)
        ordered.append(here)
    for p in [p for group in ordered[0] for p in group] + list(range(players)):
        ids.setdefault(p, len(ids) + 1)
    plan_rounds = [
        (
            [
                (t + 1, sets[r][t] + 1, {seats[i]: ids[p] for i, p in enumerate(group)})
                for t, group in enumerate(ordered[r])
            ],
            sorted(ids[p] for p in resting[r]),
        )
        for r in range(rounds)
    ]
    n_sets = 1 + max(max(row) for row in sets)
    return Plan(
        "field",
        players,
        len(groups[0]),
        n_sets,
        rounds,
        plan_rounds,
        notes=[("auto_plane", {"rounds": rounds, "sets": n_sets})],
    )
