"""Session designs: line designs for a session of R rounds, stored or searched (`session_designs`).

A session design serves a session of R rounds (a director's 5–8), not the full circle. Over an
abelian group G of order T, round r is a row of values: v_l(r) for every line l (N, E, S, W) and
σ_j(r) for the extra player of line j (fields of k·T + e players, e = 1 … k − 1; None: he rests).
Player x of line l plays set x + v_l(r) (N player x stays at table x); the extra player of line j
plays set σ_j(r), in the seat of the player σ_j(r) − v_j(r) of his line, who rests.
Nobody replays a set and nobody meets anybody twice when, over the rows,
- v_l, v_a − v_b (lines a ≠ b), σ_j and σ_j − v_j take distinct values (hard: replays, rests);
- σ_j − v_b (b ≠ j) take distinct values (soft: else the extra player meets one player twice);
- σ_i − σ_j is 0 at most once (soft: the two extra players meet).
Every prefix of a clean design is clean. tools/make_sessions.py searches them for every field
up to 40 tables (prefprint/movement/data/sessions.txt); beyond, `session_rows` searches now (solutions
are plentiful there).
"""

from __future__ import annotations

from prefprint.movement.designs.design import REST, Design
from prefprint.movement.designs.generator import Xorshift
from prefprint.movement.designs.precomputed import stored_exhausted, stored_sessions

SESSION_ROUNDS = 8  # the longest session the stored designs serve


def product_group(name: str) -> list[list[int]]:
    """The addition table of a product of cyclic groups named like "Z10" or "Z2×Z4" (mixed radix)."""
    orders = [int(part.strip().lstrip("Z")) for part in name.replace("x", "×").split("×")]
    n = 1
    for o in orders:
        n *= o

    def split(a):
        out = []
        for o in orders:
            out.append(a % o)
            a //= o
        return out

    def join(xs):
        a, scale = 0, 1
        for x, o in zip(xs, orders):
            a += (x % o) * scale
            scale *= o
        return a

    parts = [split(a) for a in range(n)]
    return [[join([x + y for x, y in zip(parts[a], parts[b])]) for b in range(n)] for a in range(n)]


def session_groups(order: int) -> list[str]:
    """The groups of this order a session search tries: Z_T, and Z_p × Z_(T/p) where p² divides T."""
    out = [f"Z{order}"]
    for p in (2, 3):
        if order % (p * p) == 0:
            out.append(f"Z{p}×Z{order // p}")
    if order % 8 == 0:
        out.append(f"Z2×Z2×Z{order // 4}")
    return out


class SessionSearch:
    """Depth-first search for the rows of a session design (see the module docstring), soft faults up
    to a budget.

    `lines` k, `extra` e; the first row's line values are 0 (every design can be shifted so).
    Values are tried in a random order (deterministic generator); `limit` caps the nodes.
    """

    def __init__(self, name: str, lines: int, extra: int, seed: int, limit: int, holes: bool = True):
        self.add = add = product_group(name)
        self.n = n = len(add)
        neg = [row.index(0) for row in add]
        self.sub = [[add[a][neg[b]] for b in range(n)] for a in range(n)]
        self.k, self.e = lines, extra
        self.rnd = Xorshift(seed)
        self.limit, self.nodes = limit, 0
        self.holes = holes

    def run(self, rounds: int, budget: int = 0):
        """Rows for `rounds` rounds with at most `budget` soft faults, or None."""
        self._start(rounds, budget)
        return self._rows if self._rec(0, 0, [None] * self._cols) else None

    def _start(self, rounds: int, budget: int) -> None:
        """A run's empty state: the values of every column, the differences of every two, the faults."""
        k, e = self.k, self.e
        cols = self._cols = k + e
        self._rounds, self._budget = rounds, budget
        self._hard = [set() for _ in range(cols)]  # per column: values used (sets)
        self._pair = pair = {}  # (i, j) -> differences used, i < j over lines; (extra j, line b) soft
        for a in range(cols):
            for b in range(a + 1, cols):
                pair[(a, b)] = {}
        self._rows = []
        self._state = {"faults": 0, "holes": [0] * e, "meet0": {}}

    def _undo(self, changes) -> None:
        """Take back what placing one value changed."""
        hard, pair, state = self._hard, self._pair, self._state
        for kind, key, value in reversed(changes):
            if kind == "hard":
                hard[key].discard(value)
            elif kind == "pair":
                d = pair[key]
                d[value] -= 1
                if not d[value]:
                    del d[value]
            elif kind == "fault":
                state["faults"] -= 1
            elif kind == "hole":
                state["holes"][key] -= 1
            elif kind == "meet0":
                state["meet0"][key] -= 1

    def _place(self, row, c, v, changes) -> bool:
        """Put value v in column c of the current row; False if a hard rule or the budget breaks."""
        k, sub, hard, pair, state = self.k, self.sub, self._hard, self._pair, self._state
        if c < k or v is not None:
            if v in hard[c]:
                return False
        if c >= k and v is None:
            j = c - k
            if not self.holes or state["holes"][j]:
                return False
            state["holes"][j] += 1
            changes.append(("hole", j, None))
            return True
        hard[c].add(v)
        changes.append(("hard", c, v))
        for b in range(c):
            w = row[b]
            if w is None:
                continue
            d = sub[v][w]
            used = pair[(b, c)]
            soft = c >= k and (b >= k or b != c - k + 1)
            if b >= k:  # two extra players: only meeting (difference 0) counts
                if d != 0:
                    continue
                key = (b, c)
                if state["meet0"].get(key, 0):
                    state["faults"] += 1
                    changes.append(("fault", None, None))
                state["meet0"][key] = state["meet0"].get(key, 0) + 1
                changes.append(("meet0", key, None))
                continue
            if d in used:
                if not soft:
                    return False
                state["faults"] += 1
                changes.append(("fault", None, None))
            used[d] = used.get(d, 0) + 1
            changes.append(("pair", (b, c), d))
        return state["faults"] <= self._budget

    def _rec(self, r, c, row) -> bool:
        """Fill column c of round r and all after it, depth first; True once every round is filled."""
        k, n, cols = self.k, self.n, self._cols
        self.nodes += 1
        if self.nodes > self.limit:
            return False
        if c == cols:
            self._rows.append(tuple(row))
            if r + 1 == self._rounds or self._rec(r + 1, 0, [None] * cols):
                return True
            self._rows.pop()
            return False
        if r == 0 and c < k:
            values = [0]
        else:
            values = list(range(n))
            for i in range(n - 1, 0, -1):
                j = self.rnd.below(i + 1)
                values[i], values[j] = values[j], values[i]
            if c >= k and self.holes:
                values.append(None)
        for v in values:
            changes = []
            row[c] = v
            if self._place(row, c, v, changes) and self._rec(r, c + 1, row):
                return True
            self._undo(changes)
            row[c] = None
        return False


def session_faults(name: str, lines: int, rows) -> int:
    """Repeated meetings of a session design's rows (its soft faults); hard faults raise ValueError."""
    add = product_group(name)
    neg = [row.index(0) for row in add]
    k = lines
    cols = len(rows[0])
    faults = 0
    for a in range(cols):
        vals = [r[a] for r in rows if r[a] is not None]
        if len(set(vals)) != len(vals):
            raise ValueError(f"column {a} repeats a set")
        if a >= k and sum(r[a] is None for r in rows) > 1:
            raise ValueError(f"extra column {a} rests twice")
        for b in range(a + 1, cols):
            diffs = [add[r[b]][neg[r[a]]] for r in rows if r[a] is not None and r[b] is not None]
            if a >= k:
                faults += max(0, diffs.count(0) - 1)
                continue
            repeats = len(diffs) - len(set(diffs))
            if repeats and (b < k or a == b - k + 1):
                raise ValueError(f"columns {a}, {b} repeat a difference")
            faults += repeats
    return faults


def session_rows(table_size: int, tables: int, extra: int, rounds: int) -> tuple[int, str, tuple] | None:
    """(faults, group name, rows) for a session of `rounds` rounds: the stored design with the fewest
    faults that is long enough, else one searched now (fields beyond the stored ones), else None."""
    found = [
        (f, name, rows[:rounds])
        for f, name, rows in stored_sessions().get((table_size, tables, extra), ())
        if len(rows) >= rounds and (f == 0 or len(rows) == rounds)
    ]
    if found:
        return min(found, key=lambda x: x[0])
    if tables <= 40 or rounds > tables - 1:
        return None
    for name in session_groups(tables):
        for seed in range(1, 4):
            rows = SessionSearch(name, table_size, extra, seed, 20_000).run(rounds)
            if rows:
                return 0, name, tuple(rows)
    return None


def session_known(table_size: int, tables: int, extra: int, rounds: int) -> tuple[str, dict]:
    """What is known where no clean session design of `rounds` rounds is stored: a message code and
    params (an exhaustive search over the groups tried, recorded by tools/make_sessions.py, or not)."""
    groups = ", ".join(session_groups(tables))
    # none of R' ≤ R rounds means none of R rounds either: a clean design's prefixes are clean
    if any((table_size, tables, extra, r) in stored_exhausted() for r in range(2, rounds + 1)):
        return "movement.session_exhaustive", {"groups": groups}
    return "movement.session_unproven", {"groups": groups}


def session_design(table_size: int, tables: int, extra: int, rows, name: str, spot: bool = False) -> Design:
    """The line design of session rows over the group `name` (see the module docstring); with `spot` the last
    position has no N player (whoever comes there rests) and `tables` is the group's order − 1."""
    add = product_group(name)
    n = len(add)
    neg = [row.index(0) for row in add]
    k, R = table_size, len(rows)
    last = n - 1 if spot else None
    out = []
    for line in range(k):
        players = []
        for x in range(n):
            if line == 0 and x == last:
                continue
            row = []
            for r in range(R):
                s = add[x][rows[r][line]]
                idle = spot and s == add[last][rows[r][0]]
                resting = (
                    line >= 1
                    and line <= extra
                    and rows[r][k + line - 1] is not None
                    and x == add[rows[r][k + line - 1]][neg[rows[r][line]]]
                )
                row.append(REST if idle or resting else s)
            players.append(tuple(row))
        if 1 <= line <= extra:
            players.append(tuple(REST if rows[r][k + line - 1] is None else rows[r][k + line - 1] for r in range(R)))
        out.append(tuple(players))
    return Design(k, n - 1 if spot else n, R, tuple(out), "search", name, session=True, spot=spot)


def session_designs(table_size: int, players: int, rounds: int) -> list[tuple[int, Design]]:
    """The session designs for a field and a session length: (repeated meetings, design), by
    substitutes (k·T + e players) and, for k·T + k − 1 players, with a rest spot on T + 1 positions."""
    k = table_size
    tables, extra = divmod(players, k)
    out = []
    if tables >= 2 and rounds >= 2:
        found = session_rows(k, tables, extra, rounds)
        if found:
            out.append((found[0], session_design(k, tables, extra, found[2], found[1])))
    if extra == k - 1 and rounds >= 2:
        found = session_rows(k, tables + 1, 0, rounds)
        if found:
            out.append((found[0], session_design(k, tables, 0, found[2], found[1], spot=True)))
    return out
