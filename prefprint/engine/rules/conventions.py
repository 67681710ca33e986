"""Scoring conventions: the named rules a variant presets (Sochi, Leningrad, Rostov...), and their overrides."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from prefprint.engine.rules.game import refusal as _error
from prefprint.errors import ScoringError
from prefprint.words.messages import Message, shown

if TYPE_CHECKING:
    from prefprint.engine.rules.contracts import Contract


class ConventionsError(ScoringError):
    """Every bad convention override at once: one message joining them; `problems` holds one per override."""

    def __init__(self, problems):
        self.problems = list(problems)
        joined = self.problems[-1]
        for problem in reversed(self.problems[:-1]):
            joined = Message("rules.joined", first=problem, rest=joined)
        super().__init__(joined)


@dataclass(frozen=True)
class Conventions:
    """Named scoring conventions; a variant is a preset of them."""

    pool_value: int = 10  # whists per pool point
    remiz: int = 1  # gora per undertrick, in units of the contract cost c
    whist: int = 1  # whists per defence trick, in units of c
    consolation: int = 1  # whists per undertrick written by every other player, in units of c
    consolation_to_dealer: bool = True  # the 4-handed dealer writes consolation too
    lone_whist: str = "greedy"  # greedy | gentleman
    shortfall: Fraction = Fraction(1)  # gora per missing whist trick, in units of c
    shortfall_high: str = "second"  # second | split | each: both whisted a made 8–10 and fell short
    shortfall_low: str = "half"  # half | side: both whisted a made 6 or 7 and fell short
    tens: str = "whisted"  # whisted | checked: a 10 is played out with no obligation for the defence
    stalingrad: bool = False  # 6♠ is whisted by both defenders
    sixes_whisted: bool = False  # every 6 is whisted by both defenders (classic)
    misere_gora: int = 10  # gora per trick taken on a misère
    misere_max_tricks: int = 10  # tricks charged on a misère (Ural–Siberian record: 1)
    allpass: str = "gora"  # gora | rostov
    allpass_gora: int = 1  # gora per trick on all-pass ("gora")
    allpass_whists: int = 5  # whists per trick written by the fewest-tricks player ("rostov")
    rostov_allpass: str = "tricks"  # tricks | difference: what the fewest-tricks players write ("rostov")
    allpass_dealer_pool: bool = False  # the 4-handed dealer gets pool +1 on all-pass
    dark: int = 0  # multiplier of a dark game; 0: dark games are not played
    concession: bool = False  # the declarer may concede before play ("без трёх"): gora only, no whists

    def items(self):
        return [(f.name, getattr(self, f.name)) for f in fields(self)]


_SOCHI = Conventions()
_ROSTOV = Conventions(lone_whist="gentleman", shortfall=Fraction(1, 2), allpass="rostov", allpass_dealer_pool=True)
VARIANTS = {
    "sochi": _SOCHI,
    "leningrad": Conventions(
        pool_value=20, remiz=2, whist=2, consolation=2, lone_whist="gentleman", misere_gora=20, allpass_gora=2
    ),
    "rostov": _ROSTOV,
    # 004_…: dark games ×2, "все простые игры (6 взяток) обязательно вистуются", all-pass 20 a trick in the
    # full record (the record is written ten times smaller: 2 gora), "без четырёх" before play
    "classic": Conventions(dark=2, allpass_gora=2, sixes_whisted=True, concession=True),
    # 000_…: "ответственный вист": a whister's shortfall is a full remiz; the Rostov game otherwise
    "responsible": replace(_ROSTOV, shortfall=Fraction(1)),
    # 000_…: "урало-сибирская система записи": no consolation, the misère penalty is one trick's
    "ural": replace(_SOCHI, consolation=0, misere_max_tricks=1),
}
_CHOICES = {
    "lone_whist": ("greedy", "gentleman"),
    "allpass": ("gora", "rostov"),
    "tens": ("whisted", "checked"),
    "shortfall_high": ("second", "split", "each"),
    "shortfall_low": ("half", "side"),
    "rostov_allpass": ("tricks", "difference"),
}
_RANGES = {"misere_max_tricks": (1, 10), "pool_value": (1, 1000)}


# what players call the variants, in either language
_VARIANT_WORDS = {
    "сочи": "sochi",
    "сочинка": "sochi",
    "ленинград": "leningrad",
    "ленинградка": "leningrad",
    "питер": "leningrad",
    "ростов": "rostov",
    "классика": "classic",
    "классический": "classic",
    "классическая": "classic",
    "ответственный": "responsible",
    "ответственный вист": "responsible",
    "урал": "ural",
    "урало-сибирская": "ural",
    "урало-сибирская запись": "ural",
    "уральская": "ural",
}


def variant_key(name) -> str | None:
    """The registry key of a variant named in English or Russian ("Сочи", "sochi"), or None."""
    word = " ".join(str(name).replace("ё", "е").split()).lower()
    return word if word in VARIANTS else _VARIANT_WORDS.get(word)


def find_variant(name: str) -> Conventions:
    """The preset of a variant by name; ScoringError naming the known ones otherwise."""
    key = variant_key(name)
    if key is None:
        raise _error("rules.unknown_variant", name=shown(name), known=", ".join(VARIANTS))
    return VARIANTS[key]


def _convention_problem(key: str, want: type, value):
    """The value to use for one override, or the Message saying what is wrong with it."""
    if want is bool:
        if isinstance(value, bool):
            return value, None
        expected = Message("rules.expect_bool")
    elif want is Fraction:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return Fraction(str(value)), None
        expected = Message("rules.expect_number")
    elif want is int:
        lo, hi = _RANGES.get(key, (0, 1000))
        if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
            return value, None
        expected = Message("rules.expect_int", lo=lo, hi=hi)
    else:
        if isinstance(value, str) and value in _CHOICES[key]:
            return value, None
        *head, last = _CHOICES[key]
        expected = Message("rules.expect_choice", head=", ".join(head), last=last)
    return None, Message("rules.convention_value", key=shown(key), expected=expected, value=shown(value))


def conventions_for(variant: str, overrides: dict | None = None) -> Conventions:
    """A variant's conventions with single conventions overridden; lists every bad override."""
    base = find_variant(variant)
    if not overrides:
        return base
    problems, changes = [], {}
    types = {f.name: type(getattr(base, f.name)) for f in fields(base)}
    unknown = [shown(key) for key in overrides if key not in types]
    if unknown:
        problems.append(
            Message("rules.unknown_convention", n=len(unknown), keys=", ".join(unknown), known=", ".join(types))
        )
    for key, value in overrides.items():
        if key not in types:
            continue
        value, problem = _convention_problem(key, types[key], value)
        if problem:
            problems.append(problem)
        else:
            changes[key] = value
    if problems:
        raise ConventionsError(problems)
    return replace(base, **changes)


def checked_ten(contract: Contract, conv: Conventions | None) -> bool:
    """A 10 under `tens = "checked"`: played out with no whisting, so the defenders give no answer."""
    return conv is not None and conv.tens == "checked" and contract.kind == "game" and contract.level == 10


def both_must_whist(contract: Contract, conv: Conventions) -> bool:
    """Whether the conventions make both defenders whist this contract (Stalingrad, classic sixes)."""
    return (
        contract.kind == "game"
        and contract.level == 6
        and (conv.sixes_whisted or (conv.stalingrad and contract.strain == "♠"))
    )
