"""Rotating designs: small fields where players change seats so that nearly everybody meets."""

from __future__ import annotations

from dataclasses import dataclass

from prefprint.movement.designs.generator import Xorshift
from prefprint.movement.designs.precomputed import stored


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


class RotatingSearch:
    """Annealing of a rotating design: in one round two players of different tables swap.

    Rests are fixed in turn (everybody rests as often as anybody, ±1); table t plays set
    (r·T + t) mod S in round r. Cost: Σ meetings² over all pairs + weight × sets played twice;
    the best design without a replayed set is kept.
    """

    def __init__(self, players: int, table_size: int, rounds: int, sets: int, seed: int):
        k, P = table_size, players
        self.k, self.P, self.R, self.S = k, P, rounds, sets
        self.T = T = P // k
        rnd = self.rnd = Xorshift(seed)
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


def balanced_seats(group, seat_count: list[list[int]]) -> list[int]:
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
            order = balanced_seats(group, seat_count)
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
