"""A season's ladder: the evenings each player played, which of them count, the score and the places. Pure Python.

Two ways of scoring a season, as clubs keep them:
- `percent`: the average of the percentages of the evenings counted;
- `places`: the sum of the place points of the evenings counted (20, 17, 15, 13, …; the last value
  repeats; players tied for places share the points of those places equally).

`count` keeps a player's best N evenings (the others are dropped); `min_events` is the number of
evenings a player needs to be ranked. Qualified players are ranked first, ties sharing a place
(«4–5»); the others follow, unranked, with the evenings they still need.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from prefprint.engine.matchpoints import Place, places

SCORES = ("percent", "places")


@dataclass(frozen=True)
class Finish:
    """A player's result of one evening: his ratio of the maximum and his place (first and last, tied)."""

    ratio: Fraction
    first: int
    last: int


@dataclass(frozen=True)
class Evening:
    """One evening as the season reads it: when, and each registered player's finish."""

    key: str  # unique within the club: the date and the title
    date: dt.date
    finishes: dict  # player id -> Finish


@dataclass(frozen=True)
class Rules:
    """How a season is scored."""

    count: int | None = None  # the best N evenings; None: all
    min_events: int = 1
    score: str = "percent"
    place_points: tuple = ()


@dataclass(frozen=True)
class Line:
    """A player's line in the season's standings."""

    place: Place | None  # (4, 5) for «4–5»; None for a player not yet qualified
    player: str
    events: int
    counted: tuple  # the keys of the evenings counted, in date order
    dropped: tuple  # the keys of the evenings dropped, in date order
    score: Fraction
    to_qualify: int  # evenings still needed; 0 when qualified
    change: int | None = None  # places gained since the evening before the last (negative: lost); None: new

    @property
    def qualified(self) -> bool:
        """Enough evenings played to be ranked."""
        return self.to_qualify == 0


def place_points(first: int, last: int, points: tuple) -> Fraction:
    """The points of places first…last shared equally; the last value of `points` repeats."""
    if not points:
        return Fraction(0)
    values = [points[min(p, len(points)) - 1] for p in range(first, last + 1)]
    return Fraction(sum(values), len(values))


def evening_value(finish: Finish, rules: Rules) -> Fraction:
    """What one evening is worth in the season: its ratio, or its place points."""
    if rules.score == "places":
        return place_points(finish.first, finish.last, rules.place_points)
    return finish.ratio


def _line(player: str, played: list, rules: Rules) -> Line:
    """A player's counted and dropped evenings and his score; `played` is [(evening, finish)] in date order."""
    best = sorted(played, key=lambda ef: (-evening_value(ef[1], rules), ef[0].date, ef[0].key))
    keep = best if rules.count is None else best[: rules.count]
    kept = {e.key for e, _ in keep}
    values = [evening_value(f, rules) for _, f in keep]
    if rules.score == "places":
        score = sum(values, Fraction(0))
    else:
        score = sum(values, Fraction(0)) / len(values) if values else Fraction(0)
    return Line(
        place=None,
        player=player,
        events=len(played),
        counted=tuple(e.key for e, _ in played if e.key in kept),
        dropped=tuple(e.key for e, _ in played if e.key not in kept),
        score=score,
        to_qualify=max(0, rules.min_events - len(played)),
    )


def _placed(lines: list[Line]) -> list[Line]:
    """Qualified lines ranked by score (ties share a place), then the others by score, unranked."""
    qualified = sorted((x for x in lines if x.qualified), key=lambda x: (-x.score, x.player))
    others = sorted((x for x in lines if not x.qualified), key=lambda x: (-x.score, -x.events, x.player))
    out = [_with(x, place=place) for x, place in zip(qualified, places([x.score for x in qualified]))]
    return out + others


def _with(line: Line, **changes) -> Line:
    return Line(**{**line.__dict__, **changes})


def _first_place(place: Place | None) -> int | None:
    return place.first if place else None


def standings(evenings: list[Evening], rules: Rules) -> list[Line]:
    """The standings after every evening given, and each place's change since the evening before the last."""
    ordered = sorted(evenings, key=lambda e: (e.date, e.key))
    now = _standings(ordered, rules)
    if len(ordered) < 2:
        return now
    before = {x.player: _first_place(x.place) for x in _standings(ordered[:-1], rules)}
    out = []
    for x in now:
        was, is_ = before.get(x.player), _first_place(x.place)
        out.append(_with(x, change=None if was is None or is_ is None else was - is_))
    return out


def _standings(ordered: list[Evening], rules: Rules) -> list[Line]:
    played: dict[str, list] = {}
    for evening in ordered:
        for player, finish in evening.finishes.items():
            played.setdefault(player, []).append((evening, finish))
    return _placed([_line(player, rows, rules) for player, rows in played.items()])
