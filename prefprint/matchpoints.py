"""Matchpoints per deal and line, totals, percentages and ranking. Pure Python."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction


def matchpoint(results: list) -> list[int]:
    """2 for every other result of the line that is lower, 1 for every equal one, 0 for higher.

    The top is 2·(n−1); the matchpoints of a line sum to n·(n−1).
    """
    ordered = sorted(results)
    return [2 * bisect_left(ordered, r) + (bisect_right(ordered, r) - bisect_left(ordered, r) - 1)
            for r in results]


@dataclass(frozen=True)
class Standing:
    """A player's line in the ranking."""

    place: str
    player: int
    mp: int | Fraction  # a fraction only where an adjusted score was awarded
    max: int
    deals: int

    @property
    def ratio(self) -> Fraction:
        return Fraction(self.mp) / self.max if self.max else Fraction(0)

    @property
    def percent(self) -> float:
        return round(float(self.ratio) * 100, 2)


def rank(totals: dict[int, tuple[int, int, int]]) -> list[Standing]:
    """Ranking by percentage of the maximum possible (exact); ties share a place ("3–4").

    totals: player -> (matchpoints, maximum possible, deals counted).
    """
    def ratio(p):
        mp, mx, _ = totals[p]
        return Fraction(mp) / mx if mx else Fraction(-1)

    order = sorted(totals, key=lambda p: (-ratio(p), p))
    out = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and ratio(order[j + 1]) == ratio(order[i]):
            j += 1
        place = str(i + 1) if i == j else f"{i + 1}–{j + 1}"
        for p in order[i:j + 1]:
            mp, mx, n = totals[p]
            out.append(Standing(place, p, mp, mx, n))
        i = j + 1
    return out
