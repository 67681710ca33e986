"""Checks of a movement independent of its own validate() and statistics, for the movement tests."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from prefprint.movement import Movement


def recheck(m: Movement) -> dict:
    """Check a movement without the engine's own validate(); return the meetings of every pair."""
    seats = ("N", "E", "S", "W")[: m.table_size]
    roster = sorted(m.numbers)
    assert len(roster) == m.players == len(set(roster))
    played, plays, meet = {}, Counter(), Counter()
    for rnd in m.rounds:
        present = list(rnd.resting)
        assert len({t.table for t in rnd.tables}) == len(rnd.tables)  # a table once per round
        assert len({(t.set, t.copy) for t in rnd.tables}) == len(rnd.tables)  # one box at one table
        for t in rnd.tables:
            assert tuple(s for s, _ in t.seats) == seats  # every table full, seats in order
            plays[t.set] += 1
            for _, p in t.seats:
                assert t.set not in played.setdefault(p, set()), f"player {p} replays set {t.set}"
                played[p].add(t.set)
            present += [p for _, p in t.seats]
            for a, b in combinations(sorted(p for _, p in t.seats), 2):
                meet[(a, b)] += 1
        assert sorted(present) == roster  # each once: seated or resting
    assert sorted(plays) == list(range(1, m.sets + 1))  # the printed sets are exactly the played ones
    assert min(plays.values()) >= 2  # every set can be matchpointed
    copies = Counter()
    for (s, c), route in m.routes().items():
        assert [r for r, _ in route] == sorted({r for r, _ in route})  # a copy is at one table per round
        copies[s] = max(copies[s], c)
    assert dict(copies) == m.copies
    return meet


def rests_of(m: Movement) -> Counter:
    rests = Counter({p: 0 for p in m.numbers})
    for rnd in m.rounds:
        rests.update(rnd.resting)
    return rests


def line_of(m: Movement) -> dict:
    out = {}
    for rnd in m.rounds:
        for t in rnd.tables:
            for s, p in t.seats:
                assert out.setdefault(p, s) == s, "a player changed his line"
    return out


def repeats(meet: Counter) -> int:
    return sum(m - 1 for m in meet.values() if m > 1)
