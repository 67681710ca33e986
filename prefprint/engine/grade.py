"""A player's grade: the percentage he would score in a field of his own strength, following his form. Pure Python.

Modelled on the English Bridge Union's NGS, for an individual game. On every deal a player is
compared with the others who held his cards at the other tables; from the grades of them all
before the evening his expected percentage is

    expected = 50 + own grade − the average grade of the others compared,

and the grade his result on the deal shows (the performance) is the one that would have expected
exactly that result:

    performance = percentage scored − 50 + the average grade of the others compared.

The grade is the average of a player's performances, each weighted by 2^(−a/H), where a is the
number of his deals played since (the weight halves every H deals), with the start value counted
as `prior` deals played before his first. After an evening of n deals with performances q₁…qₙ:

    weight ← weight · 2^(−n/H) + n
    grade  ← (grade · (weight_before · 2^(−n/H)) + q₁ + … + qₙ) / weight

Every deal of an evening is scored against the grades of before the evening, so the order of the
deals within it changes nothing. A grade resting on fewer than `provisional_below` deals is
provisional. docs/season.md works an example through.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

HALF_LIFE = 300  # deals: a deal's weight halves after so many later deals of the player
START = 50  # the grade of a newcomer: the average, so that a club's grades stay centred on 50
PRIOR = 24  # the start value weighs as much as this many deals (one evening)
PROVISIONAL_BELOW = 120  # deals: a grade on fewer is provisional


@dataclass(frozen=True)
class Settings:
    """The constants of the grade (the club file's [grade] may change them)."""

    half_life: int = HALF_LIFE
    start: float = START
    prior: int = PRIOR
    provisional_below: int = PROVISIONAL_BELOW


@dataclass
class Grade:
    """A player's grade now, the deals it rests on, and its value before and after every evening he played."""

    value: float
    weight: float
    deals: int = 0
    history: list = field(default_factory=list)  # [Step]

    def provisional(self, settings: Settings) -> bool:
        """Fewer deals behind it than the settings ask for a settled grade."""
        return self.deals < settings.provisional_below


@dataclass(frozen=True)
class Step:
    """One evening in a player's grade: before and after, and the percentage expected against the one scored."""

    evening: str
    before: float
    after: float
    deals: int
    expected: float  # the evening's expected percentage from the grades before it
    scored: float  # the evening's percentage over the deals graded


def expected(own: float, others: list[float]) -> float:
    """The percentage a player of grade `own` is expected to score against the grades `others`."""
    return 50 + own - sum(others) / len(others)


def performance(percent: float, others: list[float]) -> float:
    """The grade that would have expected `percent` against `others` exactly."""
    return percent - 50 + sum(others) / len(others)


def grades(evenings: list, settings: Settings = Settings()) -> dict:
    """Every player's grade after `evenings`, given in order, each as (key, comparisons).

    A comparison is one deal's line: [(player, ratio scored on the deal)], the players who held the
    same cards at different tables (a line of one compares nobody and is skipped).
    """
    out: dict = {}
    for key, comparisons in evenings:
        update(out, key, comparisons, settings)
    return out


def update(out: dict, key: str, comparisons: list, settings: Settings = Settings()) -> None:
    """Grade one evening into `out` (player -> Grade): performances against the grades of before it, then each update."""

    def now(player) -> float:
        return out[player].value if player in out else settings.start

    done: dict = {}  # player -> [performances], [expected], [scored]
    for line in comparisons:
        if len(line) < 2:
            continue
        before = [now(p) for p, _ in line]
        total = sum(before)
        for (player, ratio), own in zip(line, before):
            others = (total - own) / (len(line) - 1)
            percent = float(Fraction(ratio) * 100)
            q, e, s = done.setdefault(player, ([], [], []))
            q.append(percent - 50 + others)
            e.append(50 + own - others)
            s.append(percent)
    for player, (q, e, s) in done.items():
        grade = out.setdefault(player, Grade(settings.start, settings.prior))
        decay = 2 ** (-len(q) / settings.half_life)
        old = grade.value
        weight = grade.weight * decay + len(q)
        grade.value = (grade.value * grade.weight * decay + sum(q)) / weight
        grade.weight = weight
        grade.deals += len(q)
        grade.history.append(Step(key, old, grade.value, len(q), sum(e) / len(e), sum(s) / len(s)))
