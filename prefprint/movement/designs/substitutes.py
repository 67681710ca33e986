"""Rests by substitutes: an extra player of a line sits in for the one of the line who rests."""

from __future__ import annotations

from prefprint.movement.designs.design import REST, Design
from prefprint.movement.designs.generator import Xorshift
from prefprint.movement.designs.perfect import linear_schedules


def rester_schedule(base: Design, line: int, seed: int, moves: int) -> list[int | None] | None:
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
    rnd = Xorshift(seed)
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
    the line who rests; everyone of those lines rests at most once (see rester_schedule).

    `schedules` (per extended line, the resting player per round) skips the search.
    """
    k, T, R = base.table_size, base.tables, base.rounds
    if not 1 <= extra <= k - 1 or base.rounds != base.tables or T < 2:
        return None
    if schedules is None:
        perfect = base.method in ("standard", "field")
        schedules = linear_schedules(T, k, extra) if perfect else None
        if schedules is None:
            schedules = [
                rester_schedule(base, line, seed + line, moves if moves is not None else min(400 * T, 40_000))
                for line in range(1, extra + 1)
            ]
            if None in schedules and perfect:
                schedules = linear_schedules(T, k, extra, strict=False)
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
