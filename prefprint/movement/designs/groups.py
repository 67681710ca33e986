"""Group designs for any number of full tables, annealed or stored (`group_design`)."""

from __future__ import annotations

from prefprint.movement.designs.design import REST, Design
from prefprint.movement.designs.generator import Xorshift
from prefprint.movement.designs.precomputed import stored


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
        self.rnd = rnd = Xorshift(seed)
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
