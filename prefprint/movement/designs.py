"""Line designs behind the movements: perfect ones from finite fields, searched ones elsewhere.

Pure Python. A *line design* keeps every player in one seat (his line) for the whole session.
It is one array per line: `rows[line][player][round]` is the set (0-based) that player plays in
that round, or `REST`. Line 0 is N: N player t stays at table t, so `rows[0]` also says which
set lies on which table. The other lines follow the sets: in round r the E player at table t is
the one whose row holds the set of table t.

- `perfect_design`: every two players of different lines meet exactly once, everybody plays
  every set once. Positions are the elements of a ring G (a cyclic group Z_m with gcd(m, 6) = 1,
  finite fields GF(q), and direct products of them — MacNeish); an item of kind c (a set or a
  line) sits at position i + c·r in round r. Players of lines a and b meet exactly once because
  a − b is a unit; that needs 4 distinct non-zero coefficients with unit differences at tables of
  4 (3 at tables of 3): Z_m with gcd(m, 6) = 1 (the seed's standard movement: sets −1, E +1,
  S +2, W −2), GF(q) for q ≥ 5 (q ≥ 4 at tables of 3), and their products. With `spot` the last
  position keeps no N player: whoever comes there rests (fields of k·q − 1 players).
- `group_design`: any other number of full tables. Player x of a line plays set x + π(r) in
  round r over the group Z_T (Z_2 × Z_T/2 where 4 divides T, so that orthomorphisms exist);
  every such design is a valid movement, and an annealing of the permutations π makes meetings
  as even as it can (`_GroupSearch`).
- `substitute_design`: k·T + 1 … k·T + k − 1 players on T tables: lines E (, S, W) get one
  extra player who sits in for the one of the line who rests; everybody rests at most once. A
  formula over the ring where it allows (nobody then meets anybody twice), else a search for a
  transversal of the line's square (`_rester_schedule`).
- `rotating_design`: small fields (up to 6 tables) where players change seats so that nearly
  everybody meets everybody (`_RotatingSearch`).

- session designs (`session_designs`, `plane_session`): for a session of R ≤ 8 rounds, not the
  full circle — line designs over a group whose R rows are searched so that nobody meets anybody
  twice (tools/make_sessions.py, prefprint/data/sessions.txt), and for 21, 22, 25, 26 players at
  tables of 4 the lines of the affine plane of order 5 (players change seats).

The searched designs up to 40 tables are computed ahead by tools/make_designs.py and shipped in
prefprint/movement/data/designs.txt (read through importlib.resources); others are searched on demand with
a smaller effort. Every search is deterministic (its own random generator, fixed seeds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from math import gcd

REST = -1


@dataclass(frozen=True)
class Design:
    """A line design: tables, rounds (= sets) and each line's rows (see the module docstring)."""

    table_size: int
    tables: int
    rounds: int
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    method: str  # "standard", "field" or "search"
    ring: str = ""  # how a perfect design was built, e.g. "GF(8)", "GF(8) × Z5"
    session: bool = False  # searched for a session of `rounds` rounds (see session_design)
    spot: bool = False  # a session design whose last position has no N player (whoever comes there rests)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(line) for line in self.rows)


# --------------------------------------------------------------------------- rings


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, m) with q = p**m for a prime p, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    m = 0
    while q % p == 0:
        q //= p
        m += 1
    return (p, m) if q == 1 else None


def _poly_mod(a: list[int], f: list[int], p: int) -> list[int]:
    """a mod f over GF(p); coefficient lists, lowest degree first, f monic."""
    a = a[:]
    while len(a) >= len(f):
        lead = a[-1] % p
        if lead:
            shift = len(a) - len(f)
            for i, c in enumerate(f):
                a[shift + i] = (a[shift + i] - lead * c) % p
        a.pop()
    return a


@cache
def _irreducible(p: int, m: int) -> tuple[int, ...]:
    """The first monic polynomial of degree m irreducible over GF(p) (coefficients, lowest first)."""

    def polys(d):
        for n in range(p**d):
            yield [(n // p**i) % p for i in range(d)] + [1]

    for f in polys(m):
        if all(any(_poly_mod(f, g, p)) for d in range(1, m // 2 + 1) for g in polys(d)):
            return tuple(f)
    raise ArithmeticError(f"no irreducible polynomial of degree {m} over GF({p})")


class Field:
    """GF(q), q = p**m: elements are 0..q-1, read as base-p digits of a polynomial in α."""

    def __init__(self, q: int):
        self.q = q
        self.p, self.m = prime_power(q)
        self.modulus = _irreducible(self.p, self.m) if self.m > 1 else (0, 1)

    def digits(self, a: int) -> list[int]:
        return [(a // self.p**i) % self.p for i in range(self.m)]

    def number(self, digits: list[int]) -> int:
        return sum((d % self.p) * self.p**i for i, d in enumerate(digits))

    def add(self, a: int, b: int) -> int:
        return self.number([x + y for x, y in zip(self.digits(a), self.digits(b))])

    def neg(self, a: int) -> int:
        return self.number([-x for x in self.digits(a)])

    def mul(self, a: int, b: int) -> int:
        x, y = self.digits(a), self.digits(b)
        prod = [0] * (2 * self.m - 1)
        for i, u in enumerate(x):
            for j, v in enumerate(y):
                prod[i + j] += u * v
        return self.number(_poly_mod(prod, list(self.modulus), self.p) if self.m > 1 else prod)

    def const(self, c: int) -> int:
        return c % self.p

    @property
    def alpha(self) -> int:
        return self.p if self.m > 1 else 1


@dataclass(frozen=True)
class _Component:
    """One factor of a product ring: its order, +, ·, units, and the coefficients (set, E, S, W)."""

    order: int
    name: str
    add: tuple[tuple[int, ...], ...]
    neg: tuple[int, ...]
    mul: object  # (a, b) -> a·b
    unit: object  # a -> bool
    coeffs: tuple[int, ...]


def _cyclic(m: int, kinds: int) -> _Component:
    coeffs = tuple(c % m for c in (-1, 1, 2, -2)[:kinds])  # sets −1, E +1, S +2, W −2: the seed's movement
    add = tuple(tuple((a + b) % m for b in range(m)) for a in range(m))
    return _Component(
        m, f"Z{m}", add, tuple((-a) % m for a in range(m)), lambda a, b: a * b % m, lambda a: gcd(a, m) == 1, coeffs
    )


def _field(q: int, kinds: int) -> _Component | None:
    f = Field(q)
    wanted = [
        f.neg(1),
        1,
        f.const(2),
        f.neg(f.const(2)),
        f.alpha,
        f.neg(f.alpha),
        f.add(f.alpha, 1),
        f.mul(f.alpha, f.alpha),
        f.add(f.alpha, f.const(2)),
    ]
    coeffs = []
    for c in wanted:
        if c and c not in coeffs:
            coeffs.append(c)
    if len(coeffs) < kinds:
        return None
    add = tuple(tuple(f.add(a, b) for b in range(q)) for a in range(q))
    return _Component(
        q, f"GF({q})", add, tuple(f.neg(a) for a in range(q)), f.mul, lambda a: a != 0, tuple(coeffs[:kinds])
    )


class _Ring:
    """A direct product of components, elements numbered 0..order-1 (mixed radix)."""

    def __init__(self, parts: list[_Component]):
        self.parts = parts
        self.order = 1
        for c in parts:
            self.order *= c.order
        self.name = " × ".join(c.name for c in parts)
        self.standard = len(parts) == 1 and parts[0].name.startswith("Z")

    def split(self, a: int) -> list[int]:
        out = []
        for c in self.parts:
            out.append(a % c.order)
            a //= c.order
        return out

    def join(self, xs) -> int:
        a, scale = 0, 1
        for x, c in zip(xs, self.parts):
            a += x * scale
            scale *= c.order
        return a

    def add(self, a: int, b: int) -> int:
        return self.join([c.add[x][y] for c, x, y in zip(self.parts, self.split(a), self.split(b))])

    def sub(self, a: int, b: int) -> int:
        return self.join([c.add[x][c.neg[y]] for c, x, y in zip(self.parts, self.split(a), self.split(b))])

    def mul(self, a: int, b: int) -> int:
        return self.join([c.mul(x, y) for c, x, y in zip(self.parts, self.split(a), self.split(b))])

    def unit(self, a: int) -> bool:
        return all(c.unit(x) for c, x in zip(self.parts, self.split(a)))

    def coeff(self, kind: int) -> int:
        """The coefficient of a kind: 0 = set, 1.. = lines E, S, W (N stays: 0)."""
        return self.join([c.coeffs[kind] for c in self.parts])


@cache
def _ring(order: int, kinds: int) -> _Ring | None:
    """A ring of this order with `kinds` coefficients (set + moving lines) whose differences are
    units, or None: fields GF(2^a) (a ≥ 2), GF(3^b) (b ≥ 2) and Z_m with gcd(m, 6) = 1."""
    if order < kinds + 1:
        return None
    least = kinds + 1  # a field needs `kinds` distinct non-zero elements
    rest, parts = order, []
    for p in (2, 3):
        q = 1
        while rest % p == 0:
            rest //= p
            q *= p
        if q > 1:
            if q < least:
                return None
            parts.append(_field(q, kinds))
    if rest > 1:
        parts.append(_cyclic(rest, kinds))
    return _Ring(parts) if parts and all(parts) else None


def perfect_order(order: int, table_size: int) -> bool:
    """True when `order` tables admit a perfect line design (MacNeish over fields and Z_m)."""
    return _ring(order, table_size) is not None


# --------------------------------------------------------------------------- perfect designs


def perfect_design(order: int, table_size: int, spot: bool = False) -> Design | None:
    """The perfect design on `order` positions (all tables, or order − 1 tables and a rest spot)."""
    ring = _ring(order, table_size)
    if ring is None:
        return None
    scaled = [[ring.mul(ring.coeff(kind), r) for r in range(order)] for kind in range(table_size)]

    def at(item, kind, r):
        """Position of `item` of `kind` (0 = set, 1.. = lines E, S, W) in round r."""
        return ring.add(item, scaled[kind][r])

    set_at = {}  # (round, position) -> set
    for r in range(order):
        for s in range(order):
            set_at[(r, at(s, 0, r))] = s
    last = order - 1 if spot else None
    rows = [tuple(tuple(set_at[(r, t)] for r in range(order)) for t in range(order) if t != last)]
    for kind in range(1, table_size):
        rows.append(
            tuple(
                tuple(REST if (p := at(x, kind, r)) == last else set_at[(r, p)] for r in range(order))
                for x in range(order)
            )
        )
    return Design(
        table_size,
        order - 1 if spot else order,
        order,
        tuple(rows),
        "standard" if ring.standard else "field",
        ring.name,
    )


def _linear_schedules(order: int, table_size: int, extra: int, strict: bool = True) -> list[list[int]] | None:
    """Resting players of lines E (, S, W) of a perfect design when each gets one more player.

    The rester of line l in round r is player a_l·r; the extra player takes his seat, so he moves
    with v_l = a_l + c_l. v_l − c_set and a_l must be units (he never replays, everyone rests
    once); where v_l also differs by a unit from every other coefficient (N's 0 too) and from the
    other extra players' v, he meets everyone at most once. None if the ring has no such v
    (with `strict` False: the v with the fewest other lines he moves along with).
    """
    ring = _ring(order, table_size)
    if ring is None:
        return None
    taken = [0] + [ring.coeff(kind) for kind in range(1, table_size)]
    out = []
    for line in range(1, extra + 1):
        hard = (ring.coeff(0), ring.coeff(line))
        options = [v for v in range(1, order) if all(ring.unit(ring.sub(v, c)) for c in hard) and v not in taken]
        if not options:
            return None
        v = max(options, key=lambda v: sum(ring.unit(ring.sub(v, c)) for c in taken))
        if strict and not all(ring.unit(ring.sub(v, c)) for c in taken):
            return None
        taken.append(v)
        a = ring.sub(v, ring.coeff(line))
        out.append([ring.mul(a, r) for r in range(order)])
    return out


# --------------------------------------------------------------------------- search


class _Random:
    """A small deterministic generator (xorshift64*), the same on every Python."""

    def __init__(self, seed: int):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def next(self) -> int:
        s = self.s
        s ^= s >> 12
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= s >> 27
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n: int) -> int:
        return (self.next() >> 11) % n

    def random(self) -> float:
        return (self.next() >> 11) / 9007199254740992.0


# --------------------------------------------------------------------------- group designs


def _group(order: int) -> tuple[list[list[int]], list[int], str]:
    """An abelian group of this order (addition table, negation, name) that may have orthomorphisms.

    Z_n when n is odd or n ≡ 2 (mod 4) (no group of that order has one); Z_2 × Z_(n/2) otherwise,
    whose 2-part is not cyclic.
    """
    if order % 4:
        add = [[(a + b) % order for b in range(order)] for a in range(order)]
        return add, [(-a) % order for a in range(order)], f"Z{order}"
    h = order // 2

    def pair(a):
        return a % 2, a // 2

    def num(x, y):
        return x % 2 + 2 * (y % h)

    add = [[num(pair(a)[0] + pair(b)[0], pair(a)[1] + pair(b)[1]) for b in range(order)] for a in range(order)]
    return add, [num(-pair(a)[0], -pair(a)[1]) for a in range(order)], f"Z2×Z{h}"


class _GroupSearch:
    """Annealing of a group design: player x of line l plays set x + π_l(r) in round r.

    π_0 is the identity (N stays); every state is a valid movement. Players x of line l and y of
    line m meet as often as π_l − π_m takes the value y − x, so the cost is Σ counts² over the
    pairs of lines. Half of the moves aim at a value taken twice.
    """

    def __init__(self, order: int, lines: int, seed: int):
        self.n, self.k = order, lines
        self.add, self.neg, self.name = _group(order)
        self.rnd = rnd = _Random(seed)
        self.pi = [list(range(order))]
        for _ in range(1, lines):
            p = list(range(order))
            for i in range(order - 1, 0, -1):
                j = rnd.below(i + 1)
                p[i], p[j] = p[j], p[i]
            self.pi.append(p)
        self.pairs = [(a, b) for a in range(lines) for b in range(a + 1, lines)]
        self.count = {}
        for a, b in self.pairs:
            c = [0] * order
            for r in range(order):
                c[self.diff(a, b, r)] += 1
            self.count[(a, b)] = c
        self.cost = sum(v * v for c in self.count.values() for v in c)

    def diff(self, a: int, b: int, r: int) -> int:
        return self.add[self.pi[a][r]][self.neg[self.pi[b][r]]]

    def _swap_delta(self, ln, r1, r2):
        """Swap π_ln(r1) and π_ln(r2) in the counts; returns (delta, undo list)."""
        add, neg, pi = self.add, self.neg, self.pi
        p = pi[ln]
        v1, v2 = p[r1], p[r2]
        delta = 0
        undo = []
        for m in range(self.k):
            if m == ln:
                continue
            q = pi[m]
            if ln < m:
                c = self.count[(ln, m)]
                olds = (add[v1][neg[q[r1]]], add[v2][neg[q[r2]]])
                news = (add[v2][neg[q[r1]]], add[v1][neg[q[r2]]])
            else:
                c = self.count[(m, ln)]
                olds = (add[q[r1]][neg[v1]], add[q[r2]][neg[v2]])
                news = (add[q[r1]][neg[v2]], add[q[r2]][neg[v1]])
            for d in olds:
                delta += 1 - 2 * c[d]
                c[d] -= 1
            for d in news:
                delta += 1 + 2 * c[d]
                c[d] += 1
            undo.append((c, olds, news))
        return delta, undo

    def anneal(self, moves: int, hot: float = 2.0, cold: float = 0.05) -> None:
        """Anneal; self.best holds the best permutations seen."""
        import math

        exp = math.exp
        rnd, n, k = self.rnd, self.n, self.k
        ratio = (cold / hot) ** (1 / max(1, moves))
        temp = hot
        best = self.cost
        self.best = [p[:] for p in self.pi]
        for _ in range(moves):
            temp *= ratio
            if rnd.below(2):
                a, b = self.pairs[rnd.below(len(self.pairs))]
                c = self.count[(a, b)]
                bad = [d for d in range(n) if c[d] > 1]
                if not bad:
                    continue
                d = bad[rnd.below(len(bad))]
                rounds = [r for r in range(n) if self.diff(a, b, r) == d]
                r1 = rounds[rnd.below(len(rounds))]
                ln = b if a == 0 or rnd.below(2) else a
            else:
                ln = 1 + rnd.below(k - 1)
                r1 = rnd.below(n)
            r2 = rnd.below(n - 1)
            if r2 >= r1:
                r2 += 1
            delta, undo = self._swap_delta(ln, r1, r2)
            if delta <= 0 or rnd.random() < exp(-delta / temp):
                p = self.pi[ln]
                p[r1], p[r2] = p[r2], p[r1]
                self.cost += delta
                if self.cost < best:
                    best = self.cost
                    self.best = [x[:] for x in self.pi]
            else:
                for c, olds, news in undo:
                    for d in olds:
                        c[d] += 1
                    for d in news:
                        c[d] -= 1


def _group_rows(add: list[list[int]], pis: list[list[int]], spot: bool) -> list:
    """The rows of a group design (see _GroupSearch); with a spot the last N player is missing."""
    n = len(add)
    idle = [add[n - 1][r] for r in range(n)]  # the set the missing N player would play
    rows = []
    for ln, pi in enumerate(pis):
        line = []
        for x in range(n):
            if spot and ln == 0 and x == n - 1:
                continue
            line.append([REST if spot and add[x][pi[r]] == idle[r] else add[x][pi[r]] for r in range(n)])
        rows.append(line)
    return rows


# --------------------------------------------------------------------------- rests by substitutes


def _rester_schedule(base: Design, line: int, seed: int, moves: int) -> list[int | None] | None:
    """For each round, the player of `line` who rests while the line's extra player takes his seat.

    The extra player must not replay a set: the sets of the resting players, one per round, must
    differ (a transversal of the line's square), except that the extra player may himself rest
    once (a near-transversal: cyclic squares of even order have no transversal). Among those, the
    one where the extra player meets the players of the other lines most evenly.
    Returns the resting player per round (None: the extra player rests), or None if none found.
    """
    k, T, R = base.table_size, base.tables, base.rounds
    Y = base.rows[line]
    table_of = [{base.rows[0][t][r]: t for t in range(T)} for r in range(R)]
    occupant = [[{table_of[r][row[r]]: x for x, row in enumerate(base.rows[m])} for r in range(R)] for m in range(k)]
    others = [m for m in range(k) if m != line]
    rnd = _Random(seed)
    # start from player π(r) (the set player 0 plays): in a group design of odd order the extra
    # player then plays 2·π(r), a transversal already
    rho = [Y[0][r] for r in range(R)]
    if sorted(rho) != list(range(T)):
        rho = list(range(T))
        for i in range(T - 1, 0, -1):
            j = rnd.below(i + 1)
            rho[i], rho[j] = rho[j], rho[i]
    sets = [0] * R
    meet = [[0] * T for _ in range(k)]
    state = [0, 0]  # clashes (a set twice), Σ meetings²

    def place(r, sign):
        s = Y[rho[r]][r]
        if sign > 0:
            state[0] += sets[s] >= 1
        else:
            state[0] -= sets[s] >= 2
        sets[s] += sign
        t = table_of[r][s]
        for m in others:
            row = meet[m]
            y = occupant[m][r][t]
            state[1] += 2 * row[y] + 1 if sign > 0 else 1 - 2 * row[y]
            row[y] += sign

    def cost():
        clash = state[0]
        return 60 * max(0, clash - 1) + 8 * min(clash, 1) + state[1]

    for r in range(R):
        place(r, 1)
    import math

    exp = math.exp
    now = cost()
    best, best_rho = now, rho[:]

    def swap(r1, r2):
        """Rounds r1 and r2 exchange their shifts, the counts of meetings kept up to date."""
        place(r1, -1)
        place(r2, -1)
        rho[r1], rho[r2] = rho[r2], rho[r1]
        place(r1, 1)
        place(r2, 1)

    temp, ratio = 3.0, (0.05 / 3.0) ** (1 / max(1, moves))
    for _ in range(moves):
        temp *= ratio
        r1 = rnd.below(R)
        r2 = rnd.below(R - 1)
        if r2 >= r1:
            r2 += 1
        swap(r1, r2)
        new = cost()
        if new <= now or rnd.random() < exp((now - new) / temp):
            now = new
            if now < best:
                best, best_rho = now, rho[:]
        else:
            swap(r1, r2)  # undone
    seen = set()
    out: list[int | None] = []
    for r in range(R):
        s = Y[best_rho[r]][r]
        out.append(None if s in seen else best_rho[r])
        seen.add(s)
    return out if out.count(None) <= 1 else None


def substitute_design(
    base: Design, extra: int, seed: int = 1, moves: int | None = None, schedules: list | None = None
) -> Design | None:
    """A design for `extra` more players: lines E (, S, W) get one player who sits in for the one of
    the line who rests; everyone of those lines rests at most once (see _rester_schedule).

    `schedules` (per extended line, the resting player per round) skips the search.
    """
    k, T, R = base.table_size, base.tables, base.rounds
    if not 1 <= extra <= k - 1 or base.rounds != base.tables or T < 2:
        return None
    if schedules is None:
        perfect = base.method in ("standard", "field")
        schedules = _linear_schedules(T, k, extra) if perfect else None
        if schedules is None:
            schedules = [
                _rester_schedule(base, line, seed + line, moves if moves is not None else min(400 * T, 40_000))
                for line in range(1, extra + 1)
            ]
            if None in schedules and perfect:
                schedules = _linear_schedules(T, k, extra, strict=False)
            if schedules is None or None in schedules:
                return None
    rows = [list(line) for line in base.rows]
    for line, schedule in enumerate(schedules, 1):
        Y = base.rows[line]
        regular = [list(row) for row in Y]
        extra_row = []
        for r, x in enumerate(schedule):
            if x is None:
                extra_row.append(REST)
            else:
                extra_row.append(Y[x][r])
                regular[x][r] = REST
        rows[line] = [tuple(row) for row in regular] + [tuple(extra_row)]
    return Design(k, T, R, tuple(tuple(tuple(row) for row in line) for line in rows), base.method, base.ring)


# --------------------------------------------------------------------------- the catalogue

DATA = "data/designs.txt"


@cache
def stored() -> dict:
    """Designs computed ahead by tools/make_designs.py (prefprint/movement/data/designs.txt).

    {("group", k, T): (group name, [π_1, π_2, ...]), ("rest", k, T, line): [rester per round],
     ("rotation", k, players): (sets, players of every table of every round in a row)}
    """
    try:
        text = resources.files("prefprint.movement").joinpath(DATA).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    out = {}
    for raw in text.splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        head, *parts = raw.split("|")
        words = head.split()
        ints = [[None if v == "-" else int(v) for v in part.split()] for part in parts]
        if words[0] == "group":
            out[("group", int(words[1]), int(words[2]))] = (words[3], ints)
        elif words[0] == "rest":
            out[("rest", int(words[1]), int(words[2]), int(words[3]))] = ints[0]
        elif words[0] == "rotation":
            out[("rotation", int(words[1]), int(words[2]))] = (int(words[3]), [p for part in ints for p in part])
    return out


def group_design(table_size: int, tables: int, moves: int | None = None, seed: int = 1) -> Design:
    """A searched group design on this many tables: stored, or annealed now (see _GroupSearch;
    the effort shrinks with the size so that a big field is still built in seconds)."""
    add, _, name = _group(tables)
    found = stored().get(("group", table_size, tables))
    if found and found[0] == name and moves is None and seed == 1:
        pis = [list(range(tables))] + found[1]
    else:
        search = _GroupSearch(tables, table_size, seed)
        search.anneal(moves if moves is not None else min(60_000, 3_600_000 // tables))
        pis = search.best
    rows = _group_rows(add, pis, False)
    return Design(table_size, tables, tables, tuple(tuple(tuple(r) for r in line) for line in rows), "search", name)


def base_design(table_size: int, tables: int) -> Design | None:
    """The design for full tables: perfect where a ring allows it, else a searched group design."""
    if tables < 2:
        return None
    return perfect_design(tables, table_size) or group_design(table_size, tables)


def rest_design(table_size: int, tables: int, extra: int) -> Design | None:
    """`extra` (1 .. k−1) more players than the tables seat, by substitutes (stored schedules or now)."""
    base = base_design(table_size, tables)
    if base is None:
        return None
    keys = [("rest", table_size, tables, line) for line in range(1, extra + 1)]
    known = stored()
    if all(key in known for key in keys):
        return substitute_design(base, extra, schedules=[known[key] for key in keys])
    return substitute_design(base, extra)


def line_designs(table_size: int, players: int) -> list[Design]:
    """Every line design this engine knows for a field: full tables, substitutes, a rest spot."""
    tables, extra = divmod(players, table_size)
    out = []
    if extra == 0:
        d = base_design(table_size, tables)
        if d:
            out.append(d)
        return out
    if extra == table_size - 1:
        spot = perfect_design(tables + 1, table_size, spot=True)
        if spot:
            out.append(spot)
    d = rest_design(table_size, tables, extra)
    if d:
        out.append(d)
    return out


def measure(design: Design) -> tuple[int, int, int]:
    """(excess meetings, pairs never met, all meetings) of a design, lines fixed."""
    k, R = design.table_size, design.rounds
    sizes = design.sizes
    offset = [sum(sizes[:i]) for i in range(k)]
    meet = {}
    for r in range(R):
        at = {}
        for ln, line in enumerate(design.rows):
            for x, row in enumerate(line):
                if row[r] != REST:
                    at.setdefault(row[r], []).append(offset[ln] + x)
        for here in at.values():
            for i in range(len(here)):
                for j in range(i + 1, len(here)):
                    key = (here[i], here[j])
                    meet[key] = meet.get(key, 0) + 1
    total = sum(meet.values())
    eligible = sum(sizes[a] * sizes[b] for a in range(k) for b in range(a + 1, k))
    c = -(-total // eligible)
    excess = sum(max(0, m - c) for m in meet.values())
    return excess, eligible - len(meet), total


# --------------------------------------------------------------------------- rotating designs


@dataclass(frozen=True)
class Rotation:
    """A design where players change seats from round to round (small fields).

    seating[r][t]: the players at table t in round r in seat order (N, E, S, W); table t plays set
    (r·T + t) mod sets in round r; resting[r]: who rests. Players are 0..players-1.
    """

    table_size: int
    players: int
    tables: int
    rounds: int
    sets: int
    seating: tuple
    resting: tuple

    def set_of(self, r: int, t: int) -> int:
        return (r * self.tables + t) % self.sets


def rotation_rounds(players: int, table_size: int) -> int:
    """Rounds of a rotating design: as many as let every two players meet about once, and at
    least min(tables, 7)."""
    tables = players // table_size
    per_round = tables * table_size * (table_size - 1) // 2
    return max(min(tables, 7), players * (players - 1) // 2 // per_round)


def _rests_in_turn(players: int, idle: int, rounds: int) -> list[list[int]]:
    return [[(r * idle + i) % players for i in range(idle)] for r in range(rounds)]


class _RotatingSearch:
    """Annealing of a rotating design: in one round two players of different tables swap.

    Rests are fixed in turn (everybody rests as often as anybody, ±1); table t plays set
    (r·T + t) mod S in round r. Cost: Σ meetings² over all pairs + weight × sets played twice;
    the best design without a replayed set is kept.
    """

    def __init__(self, players: int, table_size: int, rounds: int, sets: int, seed: int):
        k, P = table_size, players
        self.k, self.P, self.R, self.S = k, P, rounds, sets
        self.T = T = P // k
        rnd = self.rnd = _Random(seed)
        self.resting = _rests_in_turn(P, P - k * T, rounds)
        self.tables = []
        for r in range(rounds):
            active = [p for p in range(P) if p not in self.resting[r]]
            for i in range(len(active) - 1, 0, -1):
                j = rnd.below(i + 1)
                active[i], active[j] = active[j], active[i]
            self.tables.append([active[t * k : (t + 1) * k] for t in range(T)])
        self.M = [[0] * P for _ in range(P)]
        self.count = [[0] * sets for _ in range(P)]
        for r in range(rounds):
            for t, group in enumerate(self.tables[r]):
                for a in group:
                    self.count[a][(r * T + t) % sets] += 1
                    for b in group:
                        if a != b:
                            self.M[a][b] += 1
        self.meet = sum(v * v for row in self.M for v in row) // 2
        self.repeats = sum(max(0, c - 1) for row in self.count for c in row)
        self.best = None
        self.best_cost = None

    def anneal(self, moves: int, hot: float = 3.0, cold: float = 0.1, weight: float = 6.0) -> None:
        import math

        exp = math.exp
        rnd, k, R, T, S, M, count = self.rnd, self.k, self.R, self.T, self.S, self.M, self.count
        ratio = (cold / hot) ** (1 / max(1, moves))
        temp = hot
        for _ in range(moves):
            temp *= ratio
            r = rnd.below(R)
            t1 = rnd.below(T)
            t2 = rnd.below(T - 1)
            if t2 >= t1:
                t2 += 1
            g1, g2 = self.tables[r][t1], self.tables[r][t2]
            i, j = rnd.below(k), rnd.below(k)
            x, y = g1[i], g2[j]
            s1, s2 = (r * T + t1) % S, (r * T + t2) % S
            cx, cy = count[x], count[y]
            rep = (cx[s2] >= 1) - (cx[s1] >= 2) + (cy[s1] >= 1) - (cy[s2] >= 2)
            dm = 0
            mx, my = M[x], M[y]
            for a in g1:
                if a != x:
                    dm += 2 * (my[a] - mx[a]) + 2
            for b in g2:
                if b != y:
                    dm += 2 * (mx[b] - my[b]) + 2
            delta = dm + weight * rep
            if delta <= 0 or rnd.random() < exp(-delta / temp):
                for a in g1:
                    if a != x:
                        mx[a] -= 1
                        M[a][x] -= 1
                        my[a] += 1
                        M[a][y] += 1
                for b in g2:
                    if b != y:
                        my[b] -= 1
                        M[b][y] -= 1
                        mx[b] += 1
                        M[b][x] += 1
                g1[i], g2[j] = y, x
                cx[s1] -= 1
                cx[s2] += 1
                cy[s2] -= 1
                cy[s1] += 1
                self.meet += dm
                self.repeats += rep
                if not self.repeats and (self.best_cost is None or self.meet < self.best_cost):
                    self.best_cost = self.meet
                    self.best = [[g[:] for g in groups] for groups in self.tables]


def _balanced_seats(group, seat_count: list[list[int]]) -> list[int]:
    """The players of a table in the seat order that evens out how often each sits in each seat."""
    from itertools import permutations

    return list(min(permutations(group), key=lambda order: sum(seat_count[p][s] for s, p in enumerate(order))))


def make_rotation(players: int, table_size: int, sets: int, groups) -> Rotation:
    """A rotating design from the players of every table (any order): seats are given in turn."""
    k = table_size
    rounds = len(groups)
    seat_count = [[0] * k for _ in range(players)]
    seating = []
    for tables in groups:
        here = []
        for group in tables:
            order = _balanced_seats(group, seat_count)
            for seat, p in enumerate(order):
                seat_count[p][seat] += 1
            here.append(tuple(order))
        seating.append(tuple(here))
    resting = _rests_in_turn(players, players - k * (players // k), rounds)
    return Rotation(k, players, players // k, rounds, sets, tuple(seating), tuple(tuple(sorted(r)) for r in resting))


def rotating_design(players: int, table_size: int) -> Rotation | None:
    """The stored rotating design of a small field (tools/make_designs.py), or None."""
    found = stored().get(("rotation", table_size, players))
    if not found:
        return None
    sets, flat = found
    k, T = table_size, players // table_size
    per_round = T * k
    groups = [
        [flat[r * per_round + t * k : r * per_round + (t + 1) * k] for t in range(T)]
        for r in range(len(flat) // per_round)
    ]
    return make_rotation(players, k, sets, groups)


# --------------------------------------------------------------------------- session designs

# A session design serves a session of R rounds (a director's 5–8), not the full circle. Over an
# abelian group G of order T, round r is a row of values: v_l(r) for every line l (N, E, S, W) and
# σ_j(r) for the extra player of line j (fields of k·T + e players, e = 1 … k − 1; None: he rests).
# Player x of line l plays set x + v_l(r) (N player x stays at table x); the extra player of line j
# plays set σ_j(r), in the seat of the player σ_j(r) − v_j(r) of his line, who rests.
# Nobody replays a set and nobody meets anybody twice when, over the rows,
# - v_l, v_a − v_b (lines a ≠ b), σ_j and σ_j − v_j take distinct values (hard: replays, rests);
# - σ_j − v_b (b ≠ j) take distinct values (soft: else the extra player meets one player twice);
# - σ_i − σ_j is 0 at most once (soft: the two extra players meet).
# Every prefix of a clean design is clean. tools/make_sessions.py searches them for every field
# up to 40 tables (prefprint/data/sessions.txt); beyond, `session_rows` searches now (solutions
# are plentiful there).

SESSIONS = "data/sessions.txt"
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


class _SessionSearch:
    """Depth-first search for the rows of a session design (see above), soft faults up to a budget.

    `lines` k, `extra` e; the first row's line values are 0 (every design can be shifted so).
    Values are tried in a random order (deterministic generator); `limit` caps the nodes.
    """

    def __init__(self, name: str, lines: int, extra: int, seed: int, limit: int, holes: bool = True):
        self.add = add = product_group(name)
        self.n = n = len(add)
        neg = [row.index(0) for row in add]
        self.sub = [[add[a][neg[b]] for b in range(n)] for a in range(n)]
        self.k, self.e = lines, extra
        self.rnd = _Random(seed)
        self.limit, self.nodes = limit, 0
        self.holes = holes

    def run(self, rounds: int, budget: int = 0):
        """Rows for `rounds` rounds with at most `budget` soft faults, or None."""
        k, e, n, sub = self.k, self.e, self.n, self.sub
        cols = k + e
        hard = [set() for _ in range(cols)]  # per column: values used (sets)
        pair = {}  # (i, j) -> differences used, i < j over lines; (extra j, line b) soft
        for a in range(cols):
            for b in range(a + 1, cols):
                pair[(a, b)] = {}
        rows = []
        state = {"faults": 0, "holes": [0] * e, "meet0": {}}

        def undo(changes):
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

        def place(row, c, v, changes):
            """Put value v in column c of the current row; False if a hard rule or the budget breaks."""
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
            return state["faults"] <= budget

        def rec(r, c, row):
            self.nodes += 1
            if self.nodes > self.limit:
                return False
            if c == cols:
                rows.append(tuple(row))
                if r + 1 == rounds or rec(r + 1, 0, [None] * cols):
                    return True
                rows.pop()
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
                if place(row, c, v, changes) and rec(r, c + 1, row):
                    return True
                undo(changes)
                row[c] = None
            return False

        return rows if rec(0, 0, [None] * cols) else None


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


@cache
def stored_sessions() -> dict:
    """Session designs computed ahead by tools/make_sessions.py (prefprint/data/sessions.txt).

    {(k, T, e): [(faults, group name, rows), ...]}: rows of values (see above), the clean ones
    (faults 0) as long as found, the others for one session length each.
    """
    try:
        text = resources.files("prefprint.movement").joinpath(SESSIONS).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    out: dict = {}
    for raw in text.splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        head, *parts = raw.split("|")
        words = head.split()
        if words[0] != "session":
            continue
        k, tables, extra, faults = map(int, words[1:5])
        rows = tuple(tuple(None if v == "-" else int(v) for v in part.split()) for part in parts)
        out.setdefault((k, tables, extra), []).append((faults, words[5], rows))
    return out


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
            rows = _SessionSearch(name, table_size, extra, seed, 20_000).run(rounds)
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


@cache
def stored_exhausted() -> frozenset:
    """(k, T, e, R) for which tools/make_sessions.py searched every design over the groups tried
    (no node limit) and found none without repeated meetings ("exhausted" lines of sessions.txt)."""
    try:
        text = resources.files("prefprint.movement").joinpath(SESSIONS).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return frozenset()
    return frozenset(tuple(map(int, raw.split()[1:5])) for raw in text.splitlines() if raw.startswith("exhausted "))


def session_design(table_size: int, tables: int, extra: int, rows, name: str, spot: bool = False) -> Design:
    """The line design of session rows over the group `name` (see above); with `spot` the last
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


PLANE_FIELDS = (21, 22, 25, 26)


def plane_groups(players: int, rounds: int):
    """The tables and the resting of a session of up to 5 rounds for 21, 22, 25 or 26 players at
    tables of 4 from the affine plane of order 5, or None (see plane_session). Players are 0 … P − 1."""
    if players not in PLANE_FIELDS or not 2 <= rounds <= 5:
        return None
    groups, resting = [], []
    for r in range(rounds):
        line = [[(x, (r * x + b) % 5) for x in range(5)] for b in range(5)]
        if players >= 25:
            tables = [[p for p in pts if p[0] != r] for pts in line]
            column = [(r, y) for y in range(5)] + ([(5, 0)] if players == 26 else [])  # (5, 0): the point ∞
            sit = column[-4:] if players == 26 else column[:4]
            tables.append(sit)
            rest = [p for p in column if p not in sit]
        else:
            gone = {(0, y) for y in range(1 if players == 21 else 2, 5)}
            out = {(1, r)} | ({(2, (2 * r + 1) % 5)} if players == 22 else set())
            tables = [t for t in ([p for p in pts if p not in gone and p not in out] for pts in line) if len(t) == 4]
            rest = sorted(out)
        groups.append(tables)
        resting.append(rest)
    points = sorted({p for tables in groups for t in tables for p in t} | {p for rest in resting for p in rest})
    ids = {p: i for i, p in enumerate(points)}
    return (
        [[[ids[p] for p in t] for t in tables] for tables in groups],
        [sorted(ids[p] for p in rest) for rest in resting],
    )


def plane_session(players: int, table_size: int, rounds: int):
    """A session of up to 5 rounds for 21, 22, 25 or 26 players at tables of 4 from the affine plane
    of order 5 (points (x, y) of Z5², lines y = m·x + b of slope m, and x = b): every two points lie
    on exactly one line, so players who sit on distinct lines never meet twice. Players change seats.

    Round r plays the lines of slope r. 25 and 26 players: the points of the line x = r leave every
    line of slope r (tables of 4) and sit at a sixth table (26: with the extra player ∞), the others
    of them rest — distinct lines x = r, so nobody rests twice. 21 and 22 players: the points
    (0, 2 … 4) (and (0, 1) for 21) are missing; lines through them are tables of 4, the line through
    (0, 0) (and (0, 1)) loses the point (1, r) (and (2, 2r + 1)), who rests.
    The sets (no set replayed, every one at two tables or more, the fewest found) are chosen by
    tools/make_sessions.py (`_set_order`) and stored ("plane" lines of sessions.txt).

    Returns (tables of every round as player lists, sets of every round's tables, resting), or None.
    """
    if table_size != 4:
        return None
    found = plane_groups(players, rounds)
    sets = stored_planes().get((players, rounds))
    if not found or not sets:
        return None
    groups, resting = found
    return groups, sets, resting


@cache
def stored_planes() -> dict:
    """{(players, rounds): sets of every round's tables} of the plane sessions (tools/make_sessions.py)."""
    try:
        text = resources.files("prefprint.movement").joinpath(SESSIONS).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    out = {}
    for raw in text.splitlines():
        if raw.startswith("plane "):
            head, *parts = raw.split("|")
            players, rounds = map(int, head.split()[1:3])
            out[(players, rounds)] = [[int(v) for v in part.split()] for part in parts]
    return out


def _set_order(groups, sets: int, limit: int = 200_000):
    """Sets for the tables of every round (one of `sets`) such that the tables of one round play
    different sets, nobody plays a set twice and every set is played at two tables or more; None if
    there is none (or none within `limit` nodes). A colouring of the tables (two conflict when they
    play in one round or share a player) by backtracking, the most constrained table first (DSatur)."""
    cells = [(r, i) for r in range(len(groups)) for i in range(len(groups[r]))]
    n = len(cells)
    players = [set(groups[r][i]) for r, i in cells]
    conflicts = [
        [j for j in range(n) if j != c and (cells[j][0] == cells[c][0] or players[j] & players[c])] for c in range(n)
    ]
    colour = [None] * n
    plays = [0] * sets
    nodes = [0]

    def rec(done):
        nodes[0] += 1
        if nodes[0] > limit:
            return False
        if done == n:
            return all(k >= 2 for k in plays)
        if sum(max(0, 2 - k) for k in plays) > n - done:
            return False
        c = max(
            (c for c in range(n) if colour[c] is None),
            key=lambda c: (len({colour[j] for j in conflicts[c] if colour[j] is not None}), len(conflicts[c]), -c),
        )
        banned = {colour[j] for j in conflicts[c]}
        for s in sorted((s for s in range(sets) if s not in banned), key=lambda s: (plays[s], s)):
            colour[c] = s
            plays[s] += 1
            if rec(done + 1):
                return True
            plays[s] -= 1
            colour[c] = None
        return False

    if not rec(0):
        return None
    out = [[None] * len(tables) for tables in groups]
    for (r, i), s in zip(cells, colour):
        out[r][i] = s
    return out


def _check_sets(groups, sets) -> None:
    """Raise ValueError unless the sets of every round's tables differ in a round, nobody plays a set
    twice and every set is played at two tables or more."""
    seen: dict = {}
    plays: dict = {}
    for tables, row in zip(groups, sets):
        if len(set(row)) != len(row) or len(row) != len(tables):
            raise ValueError("a set twice in one round")
        for group, s in zip(tables, row):
            plays[s] = plays.get(s, 0) + 1
            for p in group:
                if s in seen.setdefault(p, set()):
                    raise ValueError(f"player {p} replays set {s}")
                seen[p].add(s)
    if sorted(plays) != list(range(len(plays))) or min(plays.values()) < 2:
        raise ValueError("a set played at one table")
