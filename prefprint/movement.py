"""Movement engine: who sits where in every round and which set each table plays.

Pure Python, no I/O. Every movement built here is checked by `validate` before it is
returned: an invalid movement is a bug that raises `InvalidMovement`, never a printed kit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations
from math import gcd

from .errors import InvalidMovement, MovementError

SEATS = {4: ("N", "E", "S", "W"), 3: ("N", "E", "S")}
LINE_STEP = {"N": 0, "E": 1, "S": 2, "W": -2}  # tables moved per round (standard movement)
LINE_DIRECTION = {"N": 0, "E": 1, "S": 1, "W": -1}  # the extra table of a skip
METHODS = ("auto", "standard", "scheme", "skip", "rooms", "rests")
MIN_PLAYERS = {4: 8, 3: 6}
MAX_PLAYERS = 1000

# The seed's table of special movements (DOMAIN.md §2). Each group: (route, fixed position).
# The 16-player group-2 route is the corrected one (3S in the fourth place).
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


@dataclass(frozen=True)
class TablePlay:
    """One table in one round: which set it plays and who sits in each seat."""

    table: int
    room: int
    set: int
    seats: tuple[tuple[str, int], ...]

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
    """A group of players and tables with a movement of its own."""

    number: int
    method: str
    players: tuple[int, ...]
    tables: tuple[int, ...]
    sets: tuple[int, ...]
    full_rounds: int
    # For book schemes: per round, the director's row of sets, each (set, tables); () is "Z".
    slot_rows: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = ()
    skips: int = 0


@dataclass(frozen=True)
class Stats:
    """Statistics of a movement."""

    meetings: dict  # (a, b) with a < b -> times at one table
    meetings_histogram: dict  # times -> number of pairs
    sets_per_player: dict
    rests_per_player: dict


@dataclass(frozen=True)
class Movement:
    """A whole session: rounds, rooms and how the method was chosen."""

    players: int
    table_size: int
    method: str
    rounds: tuple[Round, ...]
    rooms: tuple[Room, ...]
    notes: tuple[tuple[str, dict], ...] = field(default=())
    numbers: tuple[int, ...] = ()  # the players' numbers when not 1..players (absent players keep theirs)

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[self.table_size]

    @property
    def roster(self) -> tuple[int, ...]:
        """The numbers of the players who take part, in order."""
        return self.numbers or tuple(range(1, self.players + 1))

    @property
    def tables(self) -> int:
        return sum(len(r.tables) for r in self.rooms)

    @property
    def sets(self) -> int:
        return sum(len(r.sets) for r in self.rooms)

    @property
    def full_rounds(self) -> int:
        return min(r.full_rounds for r in self.rooms)

    @property
    def copies_needed(self) -> int:
        """Copies of a set's boxes to prepare: the most tables playing one set in one round."""
        return max((max(Counter(t.set for t in r.tables).values(), default=1) for r in self.rounds), default=1)

    @cached_property
    def stats(self) -> Stats:
        return statistics(self)



# --------------------------------------------------------------------------- room builders
# A room plan uses local numbers (players 1.., tables 1.., sets 1..); `_compose` offsets them.

@dataclass
class _Plan:
    method: str
    players: int
    tables: int
    sets: int
    full_rounds: int
    rounds: list  # per round: (list of (table, set, {seat: player}), [resting])
    slot_rows: list = field(default_factory=list)
    skips: int = 0


def _line_plan(tables: int, k: int, rest_spots: int = 0) -> _Plan:
    """Lines keep their seat: N stays, E +1, S +2, W -2, sets -1 (the standard movement).

    Where a whole line would meet sets it has played, it moves one extra table in its
    direction (the seed's procedure 3, "skip"). The last `rest_spots` positions of the cycle
    have no N player: whoever comes there rests that round, and the set lying there is idle.
    """
    cycle = tables + rest_spots
    seats = SEATS[k]
    ids, pid = {}, 0
    for pos in range(cycle):
        for seat in seats:
            if pos >= tables and seat == "N":
                continue
            pid += 1
            ids[(pos, seat)] = pid
    members = {seat: [pos for (pos, s) in ids if s == seat] for seat in seats}
    played = {key: {pos} for key in ids for pos in [key[0]] if pos < tables}  # set of round 1 = position
    offsets = {seat: [0] for seat in seats}
    skips = 0

    seen = {seat: {0} for seat in seats}  # without rest spots a line replays as a whole or not at all

    def replays(seat, d, r):
        if not rest_spots:
            return (d + r) % cycle in seen[seat]
        for start in members[seat]:
            pos = (start + d) % cycle
            if pos < tables and (pos + r) % cycle in played.get((start, seat), ()):
                return True
        return False

    rests = Counter(key for key in ids if key[0] >= tables)

    def unfairness(seat, d):
        # the most rests any member would then have: rests are spread before skips are saved
        return max([rests[(start, seat)] + 1 for start in members[seat] if (start + d) % cycle >= tables],
                   default=0)

    for r in range(1, cycle):
        for seat in seats:
            first = offsets[seat][-1] + LINE_STEP[seat]
            step = LINE_DIRECTION[seat]
            # the fairest spread of rests possible: the `spots` least-rested members rest once more
            floor = sorted(rests[(start, seat)] for start in members[seat])[cycle - tables - 1] + 1 \
                if tables < cycle and seat != "N" else 0
            d, best = first, None
            for i in range(cycle if step else 1):
                option = first + i * step
                if replays(seat, option, r):
                    continue
                score = unfairness(seat, option)
                if best is None or score < best:
                    d, best = option, score
                if score <= floor:
                    break
            skips += abs(d - first)
            offsets[seat].append(d)
            seen[seat].add((d + r) % cycle)
            if not rest_spots:
                continue
            for start in members[seat]:
                pos = (start + d) % cycle
                if pos < tables:
                    played.setdefault((start, seat), set()).add((pos + r) % cycle)
                else:
                    rests[(start, seat)] += 1
    line_ids = {seat: [ids.get((start, seat)) for start in range(cycle)] for seat in seats}
    rounds = []
    for r in range(cycle):
        plays, resting = [], []
        at = {seat: line_ids[seat][-offsets[seat][r] % cycle:] + line_ids[seat][:-offsets[seat][r] % cycle]
              if offsets[seat][r] % cycle else line_ids[seat] for seat in seats}
        for pos in range(cycle):
            here = {seat: at[seat][pos] for seat in seats if at[seat][pos] is not None}
            if pos < tables:
                plays.append((pos + 1, (pos + r) % cycle + 1, here))
            else:
                resting.extend(here.values())
        rounds.append((plays, sorted(resting)))
    method = "rests" if rest_spots else ("standard" if standard_ok(tables) and not skips else "skip")
    return _Plan(method, pid, tables, cycle, cycle, rounds, skips=skips)


def _position(text: str) -> tuple[int, str] | None:
    return None if text == "P" else (int(text[:-1]), text[-1])


def _scheme_plan(players: int) -> _Plan:
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
        plays = [(t, table_set[t], {s: seating[t][s] for s in SEATS[4] if s in seating[t]})
                 for t in range(1, tables + 1)]
        rounds.append((plays, sorted(resting)))
        slot_rows.append(tuple(row))
    return _Plan("scheme", pid, tables, n_sets, n_sets, rounds, slot_rows)


# --------------------------------------------------------------------------- choosing a method

@lru_cache(maxsize=None)
def _room_options(k: int, limit: int) -> dict[int, tuple[int, str, int]]:
    """Room sizes that play well on their own: players -> (resting per round, method, tables)."""
    options = {}
    for t in range(5, limit // k + 2):
        if standard_ok(t):
            options.setdefault(k * t, (0, "standard", t))
            if k * t - 1 >= MIN_PLAYERS[k]:
                options.setdefault(k * t - 1, (k - 1, "rests", t - 1))
    if k == 4:
        for n in (8, 9, 12, 13):
            options[n] = (n % 4, "scheme", 2 if n < 12 else 3)
    return options


def split_rooms(players: int, table_size: int) -> list[int] | None:
    """The best split of a field into rooms that each play well; None if there is none.

    Best: fewest players resting per round, then fewest rooms, then the most even sizes.
    """
    options = _room_options(table_size, players)
    best: dict[int, tuple] = {0: ((0, 0, 0), [])}
    for n in range(1, players + 1):
        for size, (rest, _, _) in options.items():
            if size <= n and (n - size) in best:
                (r0, c0, _), parts = best[n - size]
                if parts and size > parts[-1]:
                    continue  # keep parts in non-increasing order: one search per split
                new = parts + [size]
                key = (r0 + rest, c0 + 1, max(new) - min(new))
                if n not in best or key < best[n][0]:
                    best[n] = (key, new)
    if players not in best or len(best[players][1]) < 2:
        return None
    return best[players][1]


def _plan_for(method: str, players: int, k: int) -> _Plan:
    """A one-room plan by the named method, or MovementError saying why it cannot be."""
    tables, extra = divmod(players, k)
    if method == "standard":
        if extra or not standard_ok(tables):
            raise MovementError(
                f"standard movement needs a multiple of {k} players on T tables with gcd(T, 6) = 1 "
                f"and T >= 5 (20, 28, 44, ... at tables of {k}); {players} players do not fit")
        return _line_plan(tables, k)
    if method == "scheme":
        if k != 4 or players not in BOOK_SCHEMES:
            raise MovementError(
                f"book schemes exist for {', '.join(map(str, BOOK_SCHEMES))} players at tables of 4; "
                f"not for {players} at tables of {k}")
        return _scheme_plan(players)
    if method == "skip":
        if extra:
            raise MovementError(f"skip movement needs a multiple of {k} players; {players} is not "
                                f"(try --method rests or rooms)")
        return _line_plan(tables, k)
    if method == "rests":
        cycle = -(-players // k)
        spots = cycle * k - players  # each rest spot lacks its N player
        if cycle - spots < 1:
            raise MovementError(f"{players} players at tables of {k} leave no table to play with rests")
        return _line_plan(cycle - spots, k, spots)
    raise MovementError(f"unknown method {method!r}")


def _auto_plans(players: int, k: int):
    """(method, plans, notes) chosen automatically, with the reasons."""
    tables, extra = divmod(players, k)
    notes = []
    if not extra and standard_ok(tables):
        return "standard", [_line_plan(tables, k)], [("auto_standard", {"tables": tables, "table_size": k})]
    if k == 4 and players in BOOK_SCHEMES:
        return "scheme", [_scheme_plan(players)], [("auto_scheme", {"players": players})]
    if k == 4 and players % 3 == 0 and standard_ok(players // 3):
        notes.append(("hint_tables_of_3", {"tables": players // 3}))
    if k == 3 and players % 4 == 0 and standard_ok(players // 4):
        notes.append(("hint_tables_of_4", {"tables": players // 4}))
    if not extra:
        plan = _line_plan(tables, k)
        return "skip", [plan], notes + [("auto_skip", {"tables": tables, "skips": plan.skips})]
    rooms = split_rooms(players, k)
    spots = -(-players // k) * k - players
    rests_resting = spots * (k - 1)  # each rest spot: everybody but the missing N rests
    if rooms:
        options = _room_options(k, players)
        resting = sum(options[size][0] for size in rooms)
        if resting <= rests_resting:
            plans = [_room_plan(size, k) for size in rooms]
            return "rooms", plans, notes + [("auto_rooms", {"sizes": rooms, "resting": resting})]
    rests_plan = _plan_for("rests", players, k)
    return "rests", [rests_plan], notes + [("auto_rests", {"resting": rests_resting,
                                                           "tables": rests_plan.tables})]


def _room_plan(size: int, k: int) -> _Plan:
    options = _room_options(k, size)
    method = options[size][1] if size in options else "auto"
    if method == "auto":
        _, plans, _ = _auto_plans(size, k)
        return plans[0]
    return _plan_for(method, size, k)


def build_movement(players: int, table_size: int = 4, rounds: int | None = None,
                   method: str = "auto", rooms: list[int] | None = None) -> Movement:
    """Build and validate a movement for a field of players at tables of 4 or 3."""
    if table_size not in SEATS:
        raise MovementError(f"table size must be 4 or 3, not {table_size}")
    k = table_size
    if not isinstance(players, int) or players < MIN_PLAYERS[k] or players > MAX_PLAYERS:
        raise MovementError(f"players must be from {MIN_PLAYERS[k]} to {MAX_PLAYERS} at tables of {k}, "
                            f"not {players}")
    if method not in METHODS:
        raise MovementError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    notes = []
    if rooms:
        if sum(rooms) != players:
            raise MovementError(f"rooms {'+'.join(map(str, rooms))} = {sum(rooms)} players, expected {players}")
        small = [s for s in rooms if s < MIN_PLAYERS[k]]
        if small:
            raise MovementError(f"a room needs at least {MIN_PLAYERS[k]} players; "
                                f"rooms of {', '.join(map(str, small))} are too small")
        inner = "auto" if method in ("auto", "rooms") else method
        plans = [_room_plan(s, k) if inner == "auto" else _plan_for(inner, s, k) for s in rooms]
        chosen = "rooms" if len(rooms) > 1 else plans[0].method
        notes.append(("forced_rooms", {"sizes": list(rooms)}))
    elif method == "auto":
        chosen, plans, notes = _auto_plans(players, k)
    elif method == "rooms":
        split = split_rooms(players, k)
        if not split:
            raise MovementError(f"{players} players cannot be split into rooms that each play a "
                                f"standard movement or a book scheme at tables of {k}")
        plans = [_room_plan(s, k) for s in split]
        chosen = "rooms"
        notes.append(("auto_rooms", {"sizes": split, "resting": sum(len(p.rounds[0][1]) for p in plans)}))
    else:
        plans = [_plan_for(method, players, k)]
        chosen = plans[0].method if method != "skip" else "skip"
        notes.append(("forced_method", {"method": method}))
    full = min(p.full_rounds for p in plans)
    if rounds is None:
        rounds = full
    if not isinstance(rounds, int) or rounds < 1 or rounds > full:
        raise MovementError(f"rounds must be from 1 to {full} (the full circle) for {players} players, "
                            f"not {rounds}")
    if rounds < full:
        notes.append(("early_stop", {"rounds": rounds, "full": full}))
    movement = _compose(players, k, chosen, plans, rounds, notes)
    validate(movement)
    return movement


def _compose(players, k, method, plans, n_rounds, notes) -> Movement:
    """Join room plans into one movement with event-wide numbers."""
    rooms, all_rounds = [], [([], []) for _ in range(n_rounds)]
    p0 = t0 = s0 = 0
    for number, plan in enumerate(plans, 1):
        for r in range(n_rounds):
            plays, resting = plan.rounds[r]
            all_rounds[r][0].extend(
                TablePlay(t + t0, number, s + s0, tuple((seat, pl + p0) for seat, pl in seats.items()))
                for t, s, seats in plays)
            all_rounds[r][1].extend(pl + p0 for pl in resting)
        slot_rows = tuple(
            tuple((s + s0, tuple(t + t0 for t in on)) for s, on in row) for row in plan.slot_rows[:n_rounds])
        rooms.append(Room(number, plan.method, tuple(range(p0 + 1, p0 + plan.players + 1)),
                          tuple(range(t0 + 1, t0 + plan.tables + 1)), tuple(range(s0 + 1, s0 + plan.sets + 1)),
                          plan.full_rounds, slot_rows, plan.skips))
        p0, t0, s0 = p0 + plan.players, t0 + plan.tables, s0 + plan.sets
    if p0 != players:
        raise InvalidMovement(f"rooms hold {p0} players, expected {players}")
    rounds = tuple(Round(r + 1, tuple(plays), tuple(sorted(resting))) for r, (plays, resting) in enumerate(all_rounds))
    return Movement(players, k, method, rounds, tuple(rooms), tuple(notes))


def renumber(movement: Movement, numbers) -> Movement:
    """The same movement with player i (1-based) renamed numbers[i−1]; absent players keep their numbers."""
    numbers = tuple(numbers)
    if len(numbers) != movement.players or len(set(numbers)) != len(numbers):
        raise InvalidMovement(f"{len(numbers)} numbers for {movement.players} players")
    if numbers == movement.roster:
        return movement
    old = movement.roster
    rename = dict(zip(old, numbers))
    renamed = Movement(
        movement.players, movement.table_size, movement.method,
        tuple(Round(r.number, tuple(TablePlay(t.table, t.room, t.set, tuple((s, rename[p]) for s, p in t.seats))
                                    for t in r.tables), tuple(sorted(rename[p] for p in r.resting)))
              for r in movement.rounds),
        tuple(Room(rm.number, rm.method, tuple(sorted(rename[p] for p in rm.players)), rm.tables, rm.sets,
                   rm.full_rounds, rm.slot_rows, rm.skips) for rm in movement.rooms),
        movement.notes, tuple(sorted(numbers)) if tuple(sorted(numbers)) != tuple(range(1, len(numbers) + 1)) else ())
    validate(renamed)
    return renamed


def second_session(first: Movement, rounds: int | None = None, absent=(), present=None) -> Movement:
    """A second session by lines: former N, E, S, W players each play in a room of their own.

    A player's line is his seat in the first round of the first session (resting players of
    that round, and players who did not play the first session, join the smallest room).
    Player numbers are kept; `absent` players do not play this session; `present`, when
    given, is everyone who does.
    """
    k = first.table_size
    absent = set(absent)
    present = [p for p in (first.roster if present is None else present) if p not in absent]
    wanted = set(present)
    lines = {seat: [] for seat in first.seats}
    for table in first.rounds[0].tables:
        for seat, player in table.seats:
            if player in wanted:
                lines[seat].append(player)
    placed = {p for v in lines.values() for p in v}
    for player in sorted(wanted - placed):
        min(lines.values(), key=len).append(player)
    groups = [sorted(v) for v in lines.values() if v]
    small = [len(g) for g in groups if len(g) < MIN_PLAYERS[k]]
    if small:
        raise MovementError(f"a second session by lines needs at least {MIN_PLAYERS[k]} players per line; "
                            f"lines have {', '.join(str(len(g)) for g in groups)}")
    plans = [_room_plan(len(g), k) for g in groups]
    full = min(p.full_rounds for p in plans)
    rounds = full if rounds is None else rounds
    if rounds < 1 or rounds > full:
        raise MovementError(f"rounds must be from 1 to {full} (the full circle), not {rounds}")
    notes = [("second_session", {"sizes": [len(g) for g in groups]})]
    local = _compose(len(present), k, "rooms", plans, rounds, notes)
    order = [p for g in groups for p in g]  # local number i+1 -> real player order[i]
    rename = {i + 1: p for i, p in enumerate(order)}
    numbers = tuple(sorted(present))
    movement = Movement(
        len(present), k, "by-lines",
        tuple(Round(r.number, tuple(TablePlay(t.table, t.room, t.set, tuple((s, rename[p]) for s, p in t.seats))
                                    for t in r.tables), tuple(sorted(rename[p] for p in r.resting)))
              for r in local.rounds),
        tuple(Room(rm.number, rm.method, tuple(sorted(rename[p] for p in rm.players)), rm.tables, rm.sets,
                   rm.full_rounds, rm.slot_rows, rm.skips) for rm in local.rooms),
        tuple(notes), numbers if numbers != tuple(range(1, len(numbers) + 1)) else ())
    validate(movement)
    return movement


# --------------------------------------------------------------------------- checks and statistics

def validate(movement: Movement) -> None:
    """Raise InvalidMovement listing every broken rule; return None for a valid movement."""
    problems = []
    k = movement.table_size
    seat_names = SEATS[k]
    n = movement.players
    roster = set(movement.roster)
    allowed_sets = {s for room in movement.rooms for s in room.sets}
    played: dict[int, set] = {}
    scheme_rooms = {room.number for room in movement.rooms if room.method == "scheme"}
    for rnd in movement.rounds:
        where = []
        tables = Counter(t.table for t in rnd.tables)
        for t, count in tables.items():
            if count > 1:
                problems.append(f"round {rnd.number}: table {t} appears {count} times")
        sets_here = Counter(t.set for t in rnd.tables)
        for table in rnd.tables:
            seats = tuple(s for s, _ in table.seats)
            if seats != seat_names:
                problems.append(f"round {rnd.number}, table {table.table}: seats {list(seats)}, "
                                f"expected {list(seat_names)}")
            if table.set not in allowed_sets:
                problems.append(f"round {rnd.number}, table {table.table}: set {table.set} does not exist")
            if sets_here[table.set] > 1 and table.room not in scheme_rooms:
                problems.append(f"round {rnd.number}: set {table.set} at {sets_here[table.set]} tables")
            for _, player in table.seats:
                where.append(player)
                done = played.setdefault(player, set())
                if table.set in done:
                    problems.append(f"round {rnd.number}: player {player} replays set {table.set}")
                done.add(table.set)
        where.extend(rnd.resting)
        if len(where) != n or set(where) != roster:
            for player, count in Counter(where).items():
                if count > 1:
                    problems.append(f"round {rnd.number}: player {player} is in {count} places")
                if player not in roster:
                    problems.append(f"round {rnd.number}: unknown player {player}")
            missing = roster - set(where)
            if missing:
                problems.append(f"round {rnd.number}: players {sorted(missing)} neither play nor rest")
    if problems:
        raise InvalidMovement("invalid movement:\n" + "\n".join(problems[:50]))


def statistics(movement: Movement) -> Stats:
    """Meetings of every pair, their histogram, sets and rests per player."""
    meetings = Counter()
    sets = Counter()
    rests = Counter()
    for rnd in movement.rounds:
        for table in rnd.tables:
            players = sorted(table.players)
            for a, b in combinations(players, 2):
                meetings[(a, b)] += 1
            sets.update(players)
        rests.update(rnd.resting)
    n = movement.players
    histogram = Counter(meetings.values())
    histogram[0] = n * (n - 1) // 2 - len(meetings)
    everyone = movement.roster
    return Stats(dict(meetings), {h: histogram[h] for h in sorted(histogram) if histogram[h]},
                 {p: sets[p] for p in everyone}, {p: rests[p] for p in everyone})


def to_dict(movement: Movement) -> dict:
    """The stable JSON shape of a movement (see README)."""
    st = movement.stats
    spp = list(st.sets_per_player.values())
    rpp = list(st.rests_per_player.values())
    return {
        "players": movement.players,
        "table_size": movement.table_size,
        "tables": movement.tables,
        "method": movement.method,
        "sets": movement.sets,
        "full_rounds": movement.full_rounds,
        "rooms": [{"room": r.number, "method": r.method, "players": [r.players[0], r.players[-1]]
                   if r.players == tuple(range(r.players[0], r.players[-1] + 1)) else list(r.players),
                   "tables": list(r.tables), "sets": list(r.sets), "full_rounds": r.full_rounds}
                  for r in movement.rooms],
        "rounds": [{"round": r.number, "resting": list(r.resting),
                    "tables": [{"table": t.table, "room": t.room, "set": t.set, "seats": dict(t.seats)}
                               for t in r.tables]} for r in movement.rounds],
        "stats": {
            "meetings_histogram": {str(k): v for k, v in st.meetings_histogram.items()},
            "sets_per_player": {"min": min(spp), "max": max(spp)},
            "rests_per_player": {"min": min(rpp), "max": max(rpp)},
        },
        "notes": [{"code": code, **params} for code, params in movement.notes],
    }
