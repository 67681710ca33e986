"""Movement engine: who sits where in every round and which set each table plays.

Pure Python, no I/O. Every movement built here is checked by `validate` before it is
returned: an invalid movement is a bug that raises `InvalidMovement`, never a printed kit.

A field is served by the fairest of its candidates (`candidates`, `build_movement`):
- line designs (prefprint.designs): every player keeps his seat; perfect where a ring allows it
  (the seed's standard movement, finite fields, their products), searched elsewhere; players who
  do not fill a table rest in turn, each at most once;
- the book's special schemes (8, 9, 12, 13, 16, 18, 24 players at tables of 4);
- the seed's skip movement (forced only);
- rooms that each play a movement of their own and share the sets (boxes pass between rooms).

A session of R rounds (`build_movement(..., rounds=R)`, auto) is chosen for those rounds, not cut
from the full circle: every candidate above that can play R rounds is built for R rounds, beside
the session designs (prefprint.designs: line designs searched for R rounds, the affine plane's
sessions for 21, 22, 25 and 26 players), and ranked by the R rounds played (`_best_session`:
nobody meeting anybody twice with full tables, repeated meetings ≤ 1 % where players rest).
Where the field has R + 1 tables or more and the target is missed, a note says so with the
figures and what is known (`_session_limit`). Without `rounds` the full circle is chosen as before.

Interfaces for the rest of prefprint:
- `Movement.numbers`: the player numbers that take part (absent players keep their numbers);
  `renumber(movement, numbers)` gives a movement those numbers; `validate` checks the roster.
- `TablePlay.copy`: when several tables play one set in one round, each plays its own copy of
  the boxes; `Movement.routes()` gives each copy's (round, table) route, `Movement.copies` the
  copies to prepare per set.
- `second_session(first, rounds=None, absent=())`: the second session by lines.
- `quality(movement)`: the fairness figures the director's sheet and `--compare` print.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations
from math import gcd

from prefprint.errors import InvalidMovement, MovementError
from prefprint.movement import designs
from prefprint.movement.designs import REST, Design

SEATS = {4: ("N", "E", "S", "W"), 3: ("N", "E", "S")}
LINE_STEP = {"N": 0, "E": 1, "S": 2, "W": -2}  # tables moved per round (standard movement)
LINE_DIRECTION = {"N": 0, "E": 1, "S": 1, "W": -1}  # the extra table of a skip
METHODS = ("auto", "standard", "field", "search", "scheme", "skip", "rooms", "rests")
SESSION_METHODS = ("auto", "field", "search")  # those that also take the designs made for a session of R rounds
MIN_PLAYERS = {4: 8, 3: 6}
MAX_PLAYERS = 1000
EXCESS_LIMIT = (10, 15)  # % of all meetings: without rests, with rests

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
class Stats:
    """Statistics of a movement.

    Pairs are counted over the players who can meet: players of one room, and of different
    lines where every player keeps his seat (`eligible` such pairs).
    """

    meetings: dict  # (a, b) with a < b -> times at one table
    meetings_histogram: dict  # times -> number of eligible pairs (0: never met)
    sets_per_player: dict
    rests_per_player: dict
    eligible: int = 0
    lines_fixed: bool = False  # every player keeps one seat
    apart: int = 0  # pairs of players in different rooms (they cannot meet)


@dataclass(frozen=True)
class Quality:
    """How fair a movement is (see `quality`)."""

    rounds: int
    full_rounds: int
    tables: int
    sets: int
    lines_fixed: bool  # every player keeps one seat: pairs are counted over different lines
    eligible: int  # pairs of players that can meet (of one room; of different lines where lines are kept)
    never: int
    once: int
    more: int
    meetings: int
    excess: int  # Σ over eligible pairs of max(0, meetings − c), c = ceil(meetings / eligible)
    set_plays: tuple[int, int]  # fewest and most tables playing one set
    rests: tuple[int, int]  # fewest and most rests of a player
    rooms: int = 1
    apart: int = 0  # pairs of players in different rooms: they never meet, by design
    fewest: int = 0  # the fewest times a pair that can meet does meet
    most: int = 0  # the most times one pair meets
    repeats: int = 0  # Σ over pairs of max(0, meetings − 1): meetings beyond the first of a pair
    asked: int = 0  # the rounds the director asked for (the movement was chosen for them)

    @property
    def repeats_pct(self) -> float:
        return round(100 * self.repeats / self.meetings, 1) if self.meetings else 0.0

    @property
    def excess_pct(self) -> float:
        return round(100 * self.excess / self.meetings, 1) if self.meetings else 0.0

    @property
    def never_pct(self) -> float:
        return round(100 * self.never / self.eligible, 1) if self.eligible else 0.0

    @property
    def unmet_pct(self) -> float:
        """Pairs that never meet, those kept apart in different rooms included, in % of all pairs
        that would be eligible in one room: what a split into rooms costs when ways to play a
        field are compared."""
        pairs = self.eligible + self.apart
        return round(100 * (self.never + self.apart) / pairs, 1) if pairs else 0.0

    @property
    def even(self) -> int:
        """The even share of meetings a pair (c of the excess)."""
        return -(-self.meetings // self.eligible) if self.eligible else 0

    @property
    def limit(self) -> int:
        return EXCESS_LIMIT[1] if self.rests[1] else EXCESS_LIMIT[0]

    @property
    def perfect(self) -> bool:
        return self.lines_fixed and self.eligible > 0 and self.once == self.eligible and self.set_plays[0] >= 2

    def rule_misses(self) -> list[tuple[str, dict]]:
        """(message code, params) for every rule the movement breaks (see `meets_rules`)."""
        out = []
        if self.set_plays[0] < 2:
            out.append(("movement.q_sets_once", {}))
        if self.rests[1] - self.rests[0] > 1:
            out.append(("movement.q_rests", {"low": self.rests[0], "high": self.rests[1]}))
        if self.full_rounds < min(self.tables, 7) and not self.asked:
            out.append(
                ("movement.q_rounds", {"rounds": self.full_rounds, "tables": self.tables, "need": min(self.tables, 7)})
            )
        return out

    def weaknesses(self) -> list[tuple[str, dict]]:
        """(message code, params) for every target the movement misses, worded from its figures."""
        out = self.rule_misses()
        if self.excess_pct > self.limit:
            figures = {
                "pct": self.excess_pct,
                "limit": self.limit,
                "never": self.never,
                "low": self.fewest,
                "high": self.most,
                "even": self.even,
            }
            out.append(("movement.q_excess_never" if self.never else "movement.q_excess_uneven", figures))
        if self.rounds < self.full_rounds and self.never and not self.asked:
            out.append(("movement.q_early_rooms" if self.rooms > 1 else "movement.q_early", {"never": self.never}))
        return out

    @property
    def whom(self) -> str:
        """The message code naming the pairs counted: of different lines and / or of one room."""
        if self.rooms > 1:
            return "movement.text_lines_rooms" if self.lines_fixed else "movement.text_rooms"
        return "movement.text_lines" if self.lines_fixed else "movement.text_all"

    @property
    def meets_rules(self) -> bool:
        """Every set at two tables or more, rests even, enough rounds (the hard targets)."""
        return (
            self.set_plays[0] >= 2
            and self.rests[1] - self.rests[0] <= 1
            and (self.full_rounds >= min(self.tables, 7) or bool(self.asked))
        )


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
    def stats(self) -> Stats:
        return statistics(self)

    @cached_property
    def quality(self) -> Quality:
        return quality(self)


# --------------------------------------------------------------------------- room plans
# A plan uses local numbers (players 1.., tables 1.., sets 1..); `_compose` makes them global.


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
    notes: list = field(default_factory=list)


def _design_plan(d: Design) -> _Plan:
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
        return _Plan(d.method, sum(d.sizes), T, sets, R, rounds, notes=notes)
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
    return _Plan(d.method, sum(d.sizes), T, R, R, rounds, notes=notes)


def _rotation_plan(rot: designs.Rotation) -> _Plan:
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
    return _Plan(
        "search",
        rot.players,
        rot.tables,
        rot.sets,
        rot.rounds,
        rounds,
        notes=[("auto_rotation", {"tables": rot.tables, "sets": rot.sets})],
    )


def _skip_plan(tables: int, k: int) -> _Plan:
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
    return _Plan(
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
        plays = [
            (t, table_set[t], {s: seating[t][s] for s in SEATS[4] if s in seating[t]}) for t in range(1, tables + 1)
        ]
        rounds.append((plays, sorted(resting)))
        slot_rows.append(tuple(row))
    return _Plan(
        "scheme", pid, tables, n_sets, n_sets, rounds, slot_rows, notes=[("auto_scheme", {"players": players})]
    )


# --------------------------------------------------------------------------- candidates


@dataclass
class Candidate:
    """One way to play a field: its method, room plans and notes; `movement` once built."""

    method: str
    plans: list
    notes: list
    movement: Movement | None = None


def _design_candidates(players: int, k: int) -> list[Candidate]:
    out = []
    for d in designs.line_designs(k, players):
        plan = _design_plan(d)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    rot = designs.rotating_design(players, k)
    if rot:
        plan = _rotation_plan(rot)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    return out


def _room_sizes(k: int, limit: int) -> dict[int, int]:
    """Room sizes that play a perfect movement or a book scheme: players -> resting per round."""
    options = {}
    for t in range(k + 1, limit // k + 2):
        if designs.perfect_order(t, k):
            options.setdefault(k * t, 0)
            if k * t - 1 >= MIN_PLAYERS[k]:
                options.setdefault(k * t - 1, k - 1)
    if k == 4:
        for n in (8, 9, 12, 13):
            options[n] = n % 4
    return options


def split_rooms(players: int, table_size: int) -> list[int] | None:
    """The best split of a field into rooms that each play well; None if there is none.

    Best: fewest players resting per round, then fewest rooms, then the most even sizes.
    """
    options = _room_sizes(table_size, players)
    best: dict[int, tuple] = {0: ((0, 0, 0), [])}
    for n in range(1, players + 1):
        for size, rest in options.items():
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


def _single_candidates(players: int, k: int, forced: str | None = None) -> list[Candidate]:
    """Every one-room way to play a field (or only those of a forced method)."""
    out = _design_candidates(players, k)
    if k == 4 and players in BOOK_SCHEMES:
        plan = _scheme_plan(players)
        out.append(Candidate("scheme", [plan], list(plan.notes)))
    tables, extra = divmod(players, k)
    if forced == "skip" and not extra and tables >= 2:
        plan = _skip_plan(tables, k)
        out.append(Candidate("skip", [plan], list(plan.notes)))
    return out


def _room_options(size: int, k: int) -> list[Candidate]:
    """The one-room candidates of a room of this size, best first (as auto ranks them)."""
    options = _single_candidates(size, k)
    if not options:
        raise MovementError("movement.rooms_small", low=MIN_PLAYERS[k], sizes=str(size))
    for c in options:
        c.movement = _compose(size, k, c.method, c.plans, None, [])
    best, _ = _best(options, size, k)
    ranked = [best] + [c for c in options if c is not best]
    # a room of a few players is better off with a few more rounds than with two
    return sorted(ranked, key=lambda c: c.movement.full_rounds < 3)


def _room_plans(sizes: list[int], k: int) -> list[_Plan]:
    """A plan for every room such that all rooms play the same rounds and every shared set is
    played at two tables or more: each room's best where they fit together, else the longest
    common session, each room with the plan whose own length is nearest to it (the least cut)."""
    options = [_room_options(n, k) for n in sizes]
    plans = [room[0].plans[0] for room in options]
    if _shared_plays(plans, min(p.full_rounds for p in plans)) >= 2:
        return plans  # every room plays its own best
    lengths = sorted({c.movement.full_rounds for room in options for c in room}, reverse=True)
    for rounds in lengths:
        fitting = [[c for c in room if c.movement.full_rounds >= rounds] for room in options]
        if not all(fitting):
            continue
        chosen = [
            min(room, key=lambda c: c.movement.full_rounds - rounds)
            if room[0].movement.full_rounds - rounds > 0
            else room[0]
            for room in fitting
        ]
        plans = [c.plans[0] for c in chosen]
        if _shared_plays(plans, min(p.full_rounds for p in plans)) >= 2:
            return plans
    return [room[0].plans[0] for room in options]


def _rooms_candidate(sizes: list[int], k: int, notes: list) -> Candidate:
    return Candidate("rooms", _room_plans(sizes, k), notes)


def candidates(
    players: int, table_size: int = 4, method: str = "auto", rooms: list[int] | None = None
) -> list[Candidate]:
    """The ways to play a field, each built for the full session (`Candidate.movement`)."""
    k = table_size
    _check_field(players, k, method)
    if rooms:
        _check_rooms(players, k, rooms)
        out = (
            [_rooms_candidate(list(rooms), k, [("forced_rooms", {"sizes": list(rooms)})])]
            if len(rooms) > 1
            else _single_candidates(players, k)
        )
    elif method == "rooms":
        split = split_rooms(players, k)
        if not split:
            raise MovementError("movement.rooms_none", players=players, k=k)
        out = [_rooms_candidate(split, k, [("auto_rooms", {"sizes": split})])]
    else:
        out = _single_candidates(players, k, method if method != "auto" else None)
        if method != "auto":
            out = _forced(out, players, k, method)
        elif players <= 400:  # beyond, rooms never beat one field and only cost time
            split = split_rooms(players, k)
            if split:
                out.append(_rooms_candidate(split, k, [("auto_rooms", {"sizes": split})]))
    for c in out:
        c.movement = _compose(players, k, c.method, c.plans, None, c.notes)
    return out


def _forced(out: list[Candidate], players: int, k: int, method: str) -> list[Candidate]:
    """The candidates of a forced method, or MovementError saying why there are none."""
    tables, extra = divmod(players, k)
    if method == "rests":
        if not extra:
            raise MovementError("movement.no_rests", players=players, tables=tables)
        return out
    chosen = [c for c in out if c.method == method or (method == "field" and c.method == "standard")]
    if chosen:
        return chosen
    if method == "standard":
        raise MovementError("movement.standard", k=k, players=players)
    if method == "field":
        examples = ", ".join(str(t) for t in range(k + 1, 41) if designs.perfect_order(t, k) and not standard_ok(t))
        raise MovementError("movement.field", examples=examples, k=k, players=players)
    if method == "scheme":
        raise MovementError("movement.scheme", sizes=", ".join(map(str, BOOK_SCHEMES)), players=players, k=k)
    if method == "skip":
        raise MovementError("movement.skip", k=k, players=players)
    raise MovementError("movement.method_none", method=method, players=players, k=k)


def _check_field(players, k, method) -> None:
    if k not in SEATS:
        raise MovementError("movement.table_size", value=k)
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS[k] <= players <= MAX_PLAYERS:
        raise MovementError("movement.players", low=MIN_PLAYERS[k], high=MAX_PLAYERS, k=k, value=players)
    if method not in METHODS:
        raise MovementError("movement.method", methods=", ".join(METHODS), value=repr(method))


def _check_rooms(players, k, rooms) -> None:
    if sum(rooms) != players:
        raise MovementError("movement.rooms_sum", sizes="+".join(map(str, rooms)), total=sum(rooms), players=players)
    small = [s for s in rooms if s < MIN_PLAYERS[k]]
    if small:
        raise MovementError("movement.rooms_small", low=MIN_PLAYERS[k], sizes=", ".join(map(str, small)))


def _best(options: list[Candidate], players: int, k: int) -> tuple[Candidate, tuple[str, dict]]:
    """The candidate auto takes, with the reason (a message code and params).

    The movements that keep the rules (every set at two tables or more, rests even, enough
    rounds) come first; among them the book's scheme where the seed has one, then those within
    the excess target, there lines kept (fewer sets, each compared at more tables) before players
    who change seats, and the fewest excess and missed meetings.
    """

    def key(c):
        q = c.movement.quality
        book = c.method == "scheme"
        over = q.excess_pct > q.limit
        return (
            not q.meets_rules,
            not book,
            over,
            not q.lines_fixed and not over,
            q.excess_pct + q.unmet_pct,
            q.rounds,
            METHODS.index(c.method),
        )

    ranked = sorted(options, key=key)
    best = ranked[0]
    q = best.movement.quality
    good = [c for c in options if c.movement.quality.meets_rules]
    within = [c for c in good if c.movement.quality.excess_pct <= c.movement.quality.limit]
    if len(options) == 1:
        reason = ("why_only", {})
    elif best.method == "scheme":
        reason = ("why_book", {})
    elif q.perfect and q.apart == 0:
        reason = ("why_perfect", {})
    elif len(good) == 1 and best is good[0]:
        # what each other candidate misses, so the reason names the rule that decided
        others = tuple((c.method, tuple(c.movement.quality.rule_misses())) for c in options if c is not best)
        reason = ("why_rules", {"others": others})
    elif len(within) == 1 and best is within[0]:
        reason = ("why_limit", {"limit": q.limit, "excess": q.excess_pct})
    else:
        reason = ("why_fairest", {"excess": q.excess_pct, "never": q.unmet_pct})
    return best, reason


# --------------------------------------------------------------------------- sessions of R rounds


def _session_candidates(players: int, k: int, rounds: int) -> list[Candidate]:
    """The designs searched for a session of `rounds` rounds (prefprint.designs.session_designs) and
    the affine plane's session (prefprint.designs.plane_session)."""
    out = []
    for _, d in designs.session_designs(k, players, rounds):
        plan = _design_plan(d)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    plane = designs.plane_session(players, k, rounds)
    if plane:
        plan = _plane_plan(players, rounds, *plane)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    return out


def _plane_plan(players: int, rounds: int, groups, sets, resting) -> _Plan:
    """A plane session as a plan: seats given in turn (each player's seats as even as they can be),
    players numbered by their seats in round 1, then the resting."""
    seats = SEATS[4]
    seat_count = [[0] * 4 for _ in range(players)]
    ids: dict[int, int] = {}
    ordered = []
    for tables in groups:
        here = []
        for group in tables:
            order = designs._balanced_seats(group, seat_count)
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
    return _Plan(
        "field",
        players,
        len(groups[0]),
        n_sets,
        rounds,
        plan_rounds,
        notes=[("auto_plane", {"rounds": rounds, "sets": n_sets})],
    )


def _playable(c: Candidate, rounds: int) -> bool:
    """True when the candidate plays `rounds` rounds with every set at two tables or more."""
    full = min(p.full_rounds for p in c.plans)
    return 2 <= rounds <= full and _is_fine(c.plans, rounds, full)


def _is_fine(plans, rounds: int, full: int) -> bool:
    """True when every set played in the first `rounds` rounds is played at two tables or more."""
    if len(plans) > 1:
        return rounds >= 2 and _shared_plays(plans, rounds) >= 2
    return rounds in _fine_rounds(plans, full)


def session_candidates(
    players: int, k: int, rounds: int, method: str = "auto"
) -> tuple[list[Candidate], Candidate | None]:
    """Every way auto knows to play a session of `rounds` rounds, each built for those rounds (the
    full-circle candidates cut short, and the session designs), and the full circle's choice (None for
    a field with no candidate); the list is empty where none plays that many rounds with every set at
    two tables or more. A forced `method` (SESSION_METHODS) keeps only its own candidates, as
    `candidates` does for the full circle."""
    full = candidates(players, k)
    default = _best(full, players, k)[0] if full else None
    out = []
    for c in full + _session_candidates(players, k, rounds):
        if method != "auto" and not (c.method == method or (method == "field" and c.method == "standard")):
            continue
        if _playable(c, rounds):
            c.movement = _compose(players, k, c.method, c.plans, rounds, c.notes)
            c.movement = replace(c.movement, asked=rounds)
            out.append(c)
    return out, default


def _within(q: Quality, players: int, k: int) -> bool:
    """A session's target: nobody meets anybody twice with full tables, repeated meetings ≤ 1 % of
    all meetings where players rest."""
    return not q.repeats or (players % k != 0 and 100 * q.repeats <= q.meetings)


def _best_session(
    options: list[Candidate], default: Candidate | None, rounds: int, players: int, k: int
) -> tuple[Candidate, tuple[str, dict]]:
    """The candidate auto takes for a session of `rounds` rounds, with the reason.

    The ones that keep the rules (every set at two tables or more, rests even) come first, then those
    within the session's target (`_within`), then the fewest repeated meetings (meetings of a pair
    beyond its first) of those that miss it; then the fewest rests (rooms may seat fewer players),
    the most tables playing each set (deals compared more widely), the fewest repeated meetings;
    then the book's scheme, then the full circle's choice (a perfect movement stays perfect in any
    number of rounds).
    """

    def key(c):
        q = c.movement.quality
        within = _within(q, players, k)
        rested = sum(c.movement.stats.rests_per_player.values())
        return (
            not q.meets_rules,
            not within,
            0 if within else q.repeats,
            rested,
            -q.set_plays[0],
            q.repeats,
            q.most,
            c.method != "scheme",
            c is not default,
            q.unmet_pct,
            METHODS.index(c.method),
        )

    best = min(options, key=key)
    q = best.movement.quality
    if len(options) == 1:
        return best, ("why_only", {})
    if not q.repeats:
        return best, ("why_session_clean", {"rounds": rounds})
    if _within(q, players, k):
        return best, (
            "why_session_within",
            {"rounds": rounds, "repeats": q.repeats, "meetings": q.meetings, "plays": q.set_plays[0]},
        )
    return best, ("why_session_fewest", {"rounds": rounds, "repeats": q.repeats, "meetings": q.meetings})


def _session_limit(movement: Movement, players: int, k: int, rounds: int) -> list:
    """A note where a session of `rounds` rounds misses its target (nobody meets anybody twice with
    full tables, repeated meetings ≤ 1 % where players rest) on a field of at least rounds + 1
    tables: what is known about it (designs.session_known) and the best found."""
    q = movement.quality
    tables, extra = divmod(players, k)
    if tables < rounds + 1 or not q.repeats or (extra and 100 * q.repeats <= q.meetings):
        return []
    known = designs.session_known(k, tables, extra, rounds)
    return [
        (
            "session_limit",
            {"rounds": rounds, "repeats": q.repeats, "meetings": q.meetings, "pct": q.repeats_pct, "known": known},
        )
    ]


# --------------------------------------------------------------------------- building


def compare(
    players: int, table_size: int = 4, method: str = "auto", rooms: list[int] | None = None, rounds: int | None = None
) -> tuple[list[Candidate], Candidate, tuple[str, dict]]:
    """The candidates of a field, the one auto takes and why (message code, params): for the full
    session, or (auto, `rounds` given) for a session of that many rounds, each candidate built for it."""
    if rounds is not None and method in SESSION_METHODS and not rooms and _rounds_ok(rounds):
        _check_field(players, table_size, method)
        options, default = session_candidates(players, table_size, rounds, method)
        if options:
            best, reason = _best_session(options, default, rounds, players, table_size)
            return options, best, reason
    options = candidates(players, table_size, method, rooms)
    if not options:
        raise MovementError("movement.refused", players=players, k=table_size, nearby=_nearby(players, table_size))
    best, reason = _best(options, players, table_size)
    return options, best, reason


def _rounds_ok(rounds) -> bool:
    return isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= 2


def build_movement(
    players: int, table_size: int = 4, rounds: int | None = None, method: str = "auto", rooms: list[int] | None = None
) -> Movement:
    """Build and validate a movement for a field of players at tables of 4 or 3.

    `method`: auto (the fairest candidate), standard, field, search, scheme, skip, rooms, or
    rests (the fairest with players resting); `rooms`: sizes of rooms that share the sets;
    `rounds`: an early stop (every played set still at two tables or more).
    """
    k = table_size
    if rounds is not None and method in SESSION_METHODS and not rooms and _rounds_ok(rounds):
        _check_field(players, k, method)
        options, default = session_candidates(players, k, rounds, method)
        if options:
            best, reason = _best_session(options, default, rounds, players, k)
            if best.movement.quality.meets_rules:
                if method == "auto":
                    notes = list(best.notes) + [("auto_choice", {"n": len(options), "reason": reason})]
                    notes += _hints(players, k)
                else:
                    notes = list(best.notes) + [("forced_method", {"method": method})]
                movement = _finish(players, k, best.method, best.plans, rounds, notes, asked=rounds)
                limit = _session_limit(movement, players, k, rounds)
                return replace(movement, notes=movement.notes + tuple(limit)) if limit else movement
        elif default is not None:
            longest = max(min(p.full_rounds for p in c.plans) for c in candidates(players, k))
            if rounds > longest:  # no way to play that many rounds: name the longest there is
                raise MovementError("movement.rounds", low=2, full=longest, players=players, value=rounds)
    options, best, reason = compare(players, k, method, rooms)
    if method == "auto" and not rooms and not _fair(best, players, k):
        raise MovementError("movement.refused", players=players, k=k, nearby=_nearby(players, k))
    notes = list(best.notes)
    if method == "auto" and not rooms:
        notes.append(("auto_choice", {"n": len(options), "reason": reason}))
        notes += _hints(players, k)
    elif method != "auto":
        notes.append(("forced_method", {"method": method}))
    try:
        return _finish(players, k, best.method, best.plans, rounds, notes)
    except MovementError as e:
        if e.message.code != "movement.rounds_once" or method not in SESSION_METHODS or rooms:
            raise
        # the round counts a session of this field can play: the short sessions too, not the full circle's only
        fine = _fine_rounds(best.plans, min(p.full_rounds for p in best.plans))
        short = [r for r in range(2, SHORT_SESSION + 1) if r not in fine and _session_fits(players, k, r, method)]
        raise MovementError("movement.rounds_once", value=rounds, spans=_spans(sorted(short + fine))) from None


SHORT_SESSION = 12  # the longest session whose own movements a refusal looks through to name the rounds possible


def _session_fits(players: int, k: int, rounds: int, method: str) -> bool:
    """A session of `rounds` rounds has a movement by its own rules (as build_movement's session path)."""
    options, default = session_candidates(players, k, rounds, method)
    if not options:
        return False
    best, _ = _best_session(options, default, rounds, players, k)
    return best.movement.quality.meets_rules


def _spans(rounds: list[int]) -> str:
    """Round counts as runs: [2, 3, 8, 9, 10, 11] is «2–3, 8–11»."""
    runs: list[list[int]] = []
    for r in rounds:
        if runs and r == runs[-1][1] + 1:
            runs[-1][1] = r
        else:
            runs.append([r, r])
    return ", ".join(f"{a}–{b}" if b > a else str(a) for a, b in runs)


def _finish(players, k, method, plans, rounds, notes, asked: int = 0) -> Movement:
    """Compose the rooms for the asked rounds (checked) and validate (`asked`: the movement was
    chosen for a session of that many rounds)."""
    full = min(p.full_rounds for p in plans)
    asked = full if rounds is None else rounds
    if not (_rounds_ok(asked) and asked <= full and _is_fine(plans, asked, full)):
        fine = _fine_rounds(plans, full)  # the whole list only to say what went wrong
        if not fine:
            raise MovementError("movement.refused", players=players, k=k, nearby=_nearby(players, k))
        if isinstance(asked, bool) or not isinstance(asked, int) or not 1 <= asked <= full:
            raise MovementError("movement.rounds", low=fine[0], full=full, players=players, value=asked)
        raise MovementError("movement.rounds_once", value=asked, spans=_spans(fine))
    rounds = asked
    notes = list(notes)
    if rounds < full:
        notes.append(("early_stop", {"rounds": rounds, "full": full}))
    movement = _compose(players, k, method, plans, rounds, notes)
    if asked:
        movement = replace(movement, asked=asked)
    validate(movement)
    claim = _meeting_note(movement)
    if claim:
        at = max((i + 1 for i, (code, _) in enumerate(notes) if code in _PLAN_NOTES), default=0)
        movement = replace(movement, notes=tuple(notes[:at] + claim + notes[at:]))
    return movement


# Notes that say how the movement is built (the meetings claim follows them).
_PLAN_NOTES = (
    "auto_standard",
    "auto_field",
    "auto_search",
    "auto_session",
    "auto_plane",
    "auto_rotation",
    "auto_scheme",
    "auto_skip",
    "rest_spot",
    "rest_substitutes",
)


def _meeting_note(movement: Movement) -> list:
    """What holds of the meetings of a one-room movement that keeps the lines but is not perfect as
    printed (rests, an early stop): players of different lines meet at most once. (A perfect one
    says so in the reason auto gives and on the director's sheet.)"""
    q = movement.quality
    if len(movement.rooms) > 1 or not q.lines_fixed or q.more or q.perfect:
        return []
    return [("meet_at_most_once", {"never": q.never})]


def _fine_rounds(plans, full) -> list[int]:
    """The round counts (2..full) after which every played set is played at two tables or more."""
    if len(plans) > 1:
        return [r for r in range(2, full + 1) if _shared_plays(plans, r) >= 2]
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


def _shared_plays(plans, rounds) -> int:
    """The fewest tables playing one set in the first `rounds` rounds once the rooms share sets."""
    offsets = _set_offsets(plans, rounds)
    plays = Counter()
    size = max(p.sets for p in plans)
    for plan, d in zip(plans, offsets):
        for plays_r, _ in plan.rounds[:rounds]:
            plays.update((s - 1 + d) % size for _, s, _ in plays_r)
    return min(plays.values())


def _hints(players: int, k: int) -> list:
    other = 3 if k == 4 else 4
    if players % other == 0 and designs.perfect_order(players // other, other):
        return [(f"hint_tables_of_{other}", {"tables": players // other})]
    return []


def _fair(c: Candidate, players: int, k: int) -> bool:
    """A movement auto may offer: it keeps the rules (every set at two tables or more, rests even,
    enough rounds); its weaknesses are printed with it."""
    return c.movement.quality.meets_rules


def _works(players: int, k: int) -> bool:
    """True when auto finds a movement for this field that it may offer."""
    try:
        options = candidates(players, k)
    except MovementError:
        return False
    return bool(options) and _fair(_best(options, players, k)[0], players, k)


def _nearby(players: int, k: int) -> str:
    """Field sizes near `players` that get a movement, and the same field at the other table size."""
    ok = []
    for n in sorted(range(max(MIN_PLAYERS[k], players - 6), players + 7), key=lambda n: (abs(n - players), n)):
        if n != players and _works(n, k):
            ok.append(n)
            if len(ok) == 2:
                break
    from prefprint.words.messages import Message

    sizes = ", ".join(str(n) for n in sorted(ok))
    other = 3 if k == 4 else 4
    if players >= MIN_PLAYERS[other] and _works(players, other):
        return Message(
            "movement.nearby_both", sizes=sizes, other=Message("movement.nearby_other", players=players, k=other)
        )
    return sizes


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


def _compose(players, k, method, plans, n_rounds, notes) -> Movement:
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


# --------------------------------------------------------------------------- renumbering, sessions


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
    plans = _room_plans(sizes, k)
    notes = [("second_session", {"sizes": sizes})]
    if absent:
        notes.append(("absent", {"numbers": sorted(absent)}))
    players = sum(sizes)
    order = [p for g in groups for p in g]
    movement = _finish(players, k, "by-lines", plans, rounds, notes)
    out = _rename(movement, dict(zip(range(1, players + 1), order)), "by-lines")
    out = replace(out, rooms=tuple(replace(room, lines=lines) for room, lines in zip(out.rooms, labels)))
    validate(out)
    return out


# --------------------------------------------------------------------------- checks and statistics


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


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def statistics(movement: Movement) -> Stats:
    """Meetings of every pair, their histogram over the pairs that can meet, sets and rests per player.

    Players of different rooms never meet, nor do players of one line where every player keeps
    his seat: such pairs are left out of the histogram and counted apart (`apart`: other rooms).
    """
    meetings = Counter()
    sets = Counter()
    rests = Counter()
    seats: dict[int, set] = {}
    for rnd in movement.rounds:
        for table in rnd.tables:
            players = sorted(table.players)
            for a, b in combinations(players, 2):
                meetings[(a, b)] += 1
            sets.update(players)
            for s, p in table.seats:
                seats.setdefault(p, set()).add(s)
        rests.update(rnd.resting)
    fixed = all(len(s) == 1 for s in seats.values())
    everyone = movement.numbers
    groups = [room.players for room in movement.rooms] if len(movement.rooms) > 1 else [everyone]
    eligible = 0
    for group in groups:
        eligible += _pairs(len(group))
        if fixed:
            eligible -= sum(_pairs(c) for c in Counter(next(iter(seats[p])) for p in group if p in seats).values())
    histogram = Counter(meetings.values())
    histogram[0] = eligible - len(meetings)
    apart = _pairs(len(everyone)) - sum(_pairs(len(g)) for g in groups)
    return Stats(
        dict(meetings),
        {h: histogram[h] for h in sorted(histogram) if histogram[h]},
        {p: sets[p] for p in everyone},
        {p: rests[p] for p in everyone},
        eligible,
        fixed,
        apart,
    )


def quality(movement: Movement) -> Quality:
    """Fairness: pairs never / once / more often met (over the pairs that can meet: of one room,
    of different lines where every player keeps his seat), excess meetings, set plays, rests."""
    st = movement.stats
    plays = Counter(t.set for rnd in movement.rounds for t in rnd.tables)
    eligible = st.eligible
    counts = list(st.meetings.values())
    total = sum(counts)
    met = len(counts)
    once = sum(1 for m in counts if m == 1)
    more = met - once
    c = -(-total // eligible) if eligible else 0
    excess = sum(max(0, m - c) for m in counts)
    rests = list(st.rests_per_player.values()) or [0]
    tables = max((len(r.tables) for r in movement.rounds), default=0)
    return Quality(
        len(movement.rounds),
        movement.full_rounds,
        tables,
        len(plays),
        st.lines_fixed,
        eligible,
        eligible - met,
        once,
        more,
        total,
        excess,
        (min(plays.values(), default=0), max(plays.values(), default=0)),
        (min(rests), max(rests)),
        len(movement.rooms),
        st.apart,
        0 if eligible > met else min(counts, default=0),
        max(counts, default=0),
        sum(m - 1 for m in counts if m > 1),
        movement.asked,
    )


def to_dict(movement: Movement) -> dict:
    """The stable JSON shape of a movement (see docs/json.md)."""
    st = movement.stats
    q = movement.quality
    spp = list(st.sets_per_player.values())
    rpp = list(st.rests_per_player.values())
    return {
        "players": movement.players,
        "table_size": movement.table_size,
        "tables": movement.tables,
        "method": movement.method,
        "sets": movement.sets,
        "full_rounds": movement.full_rounds,
        "rooms": [
            {
                "room": r.number,
                "method": r.method,
                "players": [r.players[0], r.players[-1]]
                if r.players == tuple(range(r.players[0], r.players[-1] + 1))
                else list(r.players),
                "tables": list(r.tables),
                "sets": list(r.sets),
                "full_rounds": r.full_rounds,
            }
            for r in movement.rooms
        ],
        "rounds": [
            {
                "round": r.number,
                "resting": list(r.resting),
                "tables": [
                    {"table": t.table, "room": t.room, "set": t.set, "seats": dict(t.seats)}
                    | ({"copy": t.copy} if movement.copies_needed > 1 else {})
                    for t in r.tables
                ],
            }
            for r in movement.rounds
        ],
        "stats": {
            "meetings_histogram": {str(k): v for k, v in st.meetings_histogram.items()},
            "sets_per_player": {"min": min(spp), "max": max(spp)},
            "rests_per_player": {"min": min(rpp), "max": max(rpp)},
            "pairs": {"never": q.never, "once": q.once, "more": q.more} | ({"apart": q.apart} if q.apart else {}),
            "set_plays": {"min": q.set_plays[0], "max": q.set_plays[1]},
        },
        "notes": [{"code": code, **_plain(params)} for code, params in movement.notes],
    }


def _plain(params: dict) -> dict:
    """Note parameters for JSON: a reason (message code and params) becomes its code."""
    return {
        k: (v[0] if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict) else v) for k, v in params.items()
    }
