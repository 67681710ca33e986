"""Matchpoints per deal and line, totals, percentages and ranking. Pure Python."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple


def matchpoint(results: list) -> list[int]:
    """2 for every other result of the line that is lower, 1 for every equal one, 0 for higher.

    The top is 2·(n−1); the matchpoints of a line sum to n·(n−1).
    """
    ordered = sorted(results)
    return [2 * bisect_left(ordered, r) + (bisect_right(ordered, r) - bisect_left(ordered, r) - 1) for r in results]


@lru_cache(maxsize=1 << 16)  # the same few thousand ratios on every page of a site
def rounded_percent(ratio, digits: int = 2) -> Fraction:
    """A ratio as a percentage rounded half away from zero from the exact value: 0.68125 -> 68.13."""
    scaled = Fraction(ratio) * 100 * 10**digits
    whole = (abs(scaled) * 2 + 1) // 2
    return Fraction(whole if scaled >= 0 else -whole, 10**digits)


def percent_text(ratio, digits: int = 2) -> str:
    """A percentage as printed: "68.13"; "—" where there is no ratio (a maximum of 0)."""
    if ratio is None:
        return "—"
    value = rounded_percent(ratio, digits)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value.numerator) * 10**digits // value.denominator, 10**digits)
    return f"{sign}{whole}.{part:0{digits}d}" if digits else f"{sign}{whole}"


def percent_digits(ratios) -> int:
    """Decimals that tell every two different percentages of a ranking apart: 2, or more where two look alike."""
    distinct = sorted({Fraction(r) for r in ratios if r is not None})
    for digits in range(2, 7):
        shown = [percent_text(r, digits) for r in distinct]
        if len(set(shown)) == len(shown):
            return digits
    return 6


class Share:
    """Matchpoints `mp` of a maximum `max` as a ratio and a percentage, printed to `digits` decimals."""

    @property
    def ratio(self) -> Fraction | None:
        """MP / maximum, exact; None where the player has no maximum yet."""
        return Fraction(self.mp) / self.max if self.max else None

    @property
    def percent(self) -> float | None:
        """The percentage to two decimals (rounded half up), None without a maximum."""
        return None if self.ratio is None else float(rounded_percent(self.ratio))

    @property
    def percent_text(self) -> str:
        """The percentage as printed, to the ranking's decimals; "—" without a maximum."""
        return percent_text(self.ratio, self.digits)


class Place(NamedTuple):
    """A place in a ranking: the first and the last of the places its players share (the same when alone).
    Printed «3–4» or «3» (words.numbers.span) where a page, a sheet or JSON shows it."""

    first: int
    last: int


def places(keys: list) -> list[Place]:
    """The places of a ranking already in order, one per entry: entries with equal `keys` share a place."""
    out: list[Place] = []
    i = 0
    while i < len(keys):
        j = i
        while j + 1 < len(keys) and keys[j + 1] == keys[i]:
            j += 1
        out += [Place(i + 1, j + 1)] * (j - i + 1)
        i = j + 1
    return out


@dataclass(frozen=True)
class Standing(Share):
    """A player's line in the ranking; `digits`: decimals of the ranking's percentages."""

    place: Place
    player: int
    mp: int | Fraction  # a fraction only where an adjusted score was awarded
    max: int
    deals: int
    digits: int = 2


def rank(totals: dict[int, tuple[int, int, int]]) -> list[Standing]:
    """Ranking by percentage of the maximum possible (exact); ties share a place (3–4).

    totals: player -> (matchpoints, maximum possible, deals counted).
    """

    def ratio(p):
        mp, mx, _ = totals[p]
        return Fraction(mp) / mx if mx else Fraction(-1)

    order = sorted(totals, key=lambda p: (-ratio(p), p))
    out = [Standing(place, p, *totals[p]) for p, place in zip(order, places([ratio(p) for p in order]))]
    digits = percent_digits(s.ratio for s in out)
    return [replace(s, digits=digits) for s in out]
