"""Plane sessions: up to 5 rounds for 21, 22, 25 or 26 players from the affine plane of order 5."""

from __future__ import annotations

from prefprint.movement.designs.precomputed import stored_planes

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
    tools/make_sessions.py (`set_order`) and stored ("plane" lines of sessions.txt).

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


def set_order(groups, sets: int, limit: int = 200_000):
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


def check_sets(groups, sets) -> None:
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
