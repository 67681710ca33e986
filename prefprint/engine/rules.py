"""Scoring of one duplicate preferans deal in whists: variants, conventions, `settle`.

Pure Python with exact fractions. The same engine serves the calculator, the printed
cost-of-game tables and the cross-check of filled protocols (DOMAIN.md §3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import NamedTuple

from prefprint.errors import ScoringError
from prefprint.words.catalog import gettext
from prefprint.words.messages import Message, shown

CLOCKWISE = ("N", "E", "S", "W")
SEATS = {4: ("N", "E", "S", "W"), 3: ("N", "E", "S")}
COST = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
MISERE_COST = 10
STRAINS = ("♠", "♣", "♦", "♥", "БК")  # in bidding order
LEVELS = tuple(COST)


# --------------------------------------------------------------------------- conventions


def _error(code: str, **params) -> ScoringError:
    return ScoringError(Message(code, **params))


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
    tens: str = "whisted"  # whisted | checked: a 10 is played out with no obligation for the defence
    stalingrad: bool = False  # 6♠ is whisted by both defenders
    sixes_whisted: bool = False  # every 6 is whisted by both defenders (classic)
    misere_gora: int = 10  # gora per trick taken on a misère
    misere_max_tricks: int = 10  # tricks charged on a misère (Ural–Siberian record: 1)
    allpass: str = "gora"  # gora | rostov
    allpass_gora: int = 1  # gora per trick on all-pass ("gora")
    allpass_whists: int = 5  # whists per trick written by the fewest-tricks player ("rostov")
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
_CHOICES = {"lone_whist": ("greedy", "gentleman"), "allpass": ("gora", "rostov"), "tens": ("whisted", "checked")}
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


def obligation(level: int, conv: Conventions | None = None) -> int:
    """Tricks the defence must take against a game; none on a 10 that is checked, not whisted."""
    if level == 10 and conv is not None and conv.tens == "checked":
        return 0
    return OBLIGATION[level]


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


# --------------------------------------------------------------------------- contracts


def _words(text) -> str:
    """A cell as typed, for matching: one line, lower case, ё as е, single spaces, no emoji selectors."""
    t = "" if text is None else str(text)
    t = t.replace("\u00a0", " ").replace("\ufe0f", "").replace("ё", "е").replace("Ё", "е").lower()
    return " ".join(t.split())


_ALLPASS_WORDS = {"—", "-", "–", "распасы", "распас", "распасовка", "pass", "all-pass", "allpass", "all pass", "р"}
_MISERE_WORDS = {"мизер", "misere", "misère", "miser", "миз", "m"}
_STRAIN_FORMS = {
    "♠": ("♠", "♤", "s", "п", "пика", "пики", "пик", "пиках", "пиковая", "пиковую", "spade", "spades"),
    "♣": (
        "♣",
        "♧",
        "c",
        "т",
        "к",
        "трефа",
        "трефы",
        "треф",
        "трефах",
        "трефовая",
        "трефовую",
        "крести",
        "крестей",
        "крест",
        "club",
        "clubs",
    ),
    "♦": (
        "♦",
        "♢",
        "d",
        "б",
        "бубна",
        "бубны",
        "бубен",
        "бубнах",
        "бубновая",
        "бубновую",
        "буби",
        "diamond",
        "diamonds",
    ),
    "♥": (
        "♥",
        "♡",
        "h",
        "ч",
        "черва",
        "червы",
        "черви",
        "червей",
        "черв",
        "червах",
        "червовая",
        "червовую",
        "heart",
        "hearts",
    ),
    "БК": (
        "бк",
        "б/к",
        "б.к.",
        "б/к.",
        "б.к",
        "nt",
        "n",
        "без козыря",
        "без козырей",
        "бескозырка",
        "бескозырная",
        "бескозырную",
        "no trump",
        "no trumps",
        "notrump",
        "notrumps",
        "no-trump",
        "no-trumps",
    ),
}
_STRAIN_WORDS = {form: strain for strain, forms in _STRAIN_FORMS.items() for form in forms}
_LEVEL_WORDS = {
    **{w: 6 for w in ("шесть", "шестерная", "шестерную", "six")},
    **{w: 7 for w in ("семь", "семерная", "семерную", "seven")},
    **{w: 8 for w in ("восемь", "восьмерная", "восьмерную", "eight")},
    **{w: 9 for w in ("девять", "девятерная", "девятерную", "nine")},
    **{w: 10 for w in ("десять", "десятерная", "десятерную", "ten")},
}
_COUNT_WORDS = {
    **{w: 1 for w in ("один", "одна", "одну", "одной", "одного", "one")},
    **{w: 2 for w in ("два", "две", "двух", "two")},
    **{w: 3 for w in ("три", "трех", "three")},
    **{w: 4 for w in ("четыре", "четырех", "four")},
    **{w: 5 for w in ("пять", "пяти", "five")},
    **{w: 6 for w in ("шесть", "шести", "six")},
    **{w: 7 for w in ("семь", "семи", "seven")},
    **{w: 8 for w in ("восемь", "восьми", "eight")},
    **{w: 9 for w in ("девять", "девяти", "nine")},
    **{w: 10 for w in ("десять", "десяти", "ten")},
}
_DARK = re.compile(r"(?:^|\s)(?:втемную|в темную|темную|темная|dark)(?=\s|$)")
_NO_TALON = re.compile(r"(?:^|\s)(?:без прикупа|no talon)(?=\s|$)")  # scored as the same game
_CONCEDE = re.compile(r"\s(без|down)\s+(\S+)(?:\s+(?:взяток|взятки|взятку|tricks?))?$")
_LEVEL = re.compile(r"(\d+|[^\W\d_]+)\s*-?\s*(.*)")


@dataclass(frozen=True)
class Contract:
    """A contract: a game (level, strain), a misère or an all-pass."""

    kind: str  # game | misere | allpass
    level: int | None = None
    strain: str | None = None  # None only for a game conceded before a suit was named

    @classmethod
    def parse(cls, text) -> Contract:
        """Parse "7♠", "6S", "8 БК", "10NT", "семь пик", "мизер", "misere", "—", "распасы", "pass"."""
        cell = parse_contract_cell(text)
        if cell.dark or cell.conceded is not None or cell.contract.strain is None and cell.kind == "game":
            raise _error("rules.contract_plain", text=shown(text))
        return cell.contract

    def __str__(self) -> str:
        return {"allpass": "—", "misere": "мизер"}.get(self.kind) or f"{self.level}{self.strain or ''}"

    def label(self, lang: str = "ru") -> str:
        """The contract as printed in a language: "6БК" / "6NT", "мизер" / "misère"."""
        if self.kind == "allpass":
            return "—"
        if self.kind == "misere":
            return gettext("word.misere", lang)
        return f"{self.level}{gettext('word.no_trump', lang) if self.strain == 'БК' else self.strain or ''}"

    @property
    def cost(self) -> int:
        return MISERE_COST if self.kind == "misere" else COST.get(self.level, 0)


class ContractCell(NamedTuple):
    """What a scorer writes in the contract cell: the contract, played dark or not, tricks conceded or None."""

    contract: Contract
    dark: bool = False
    conceded: int | None = None

    def label(self, lang: str = "ru") -> str:
        """The cell as printed: "7♠ втёмную", "6♠ без 4" / "7♠ dark", "6♠ down 4"."""
        text = self.contract.label(lang)
        if self.dark:
            text += " " + gettext("contract.dark", lang)
        if self.conceded is not None:
            text += f" {gettext('contract.down', lang)} {self.conceded}"
        return text

    def __str__(self) -> str:
        return self.label("ru")

    @property
    def kind(self) -> str:
        return self.contract.kind

    @property
    def level(self) -> int | None:
        return self.contract.level

    @property
    def strain(self) -> str | None:
        return self.contract.strain

    @property
    def cost(self) -> int:
        return self.contract.cost


_TOO_LARGE = 10**9  # stands for a number of more digits than any count or level could have


def _whole(word: str) -> int | None:
    """A whole number written in digits ("7", "07"), None for a word; 5,000 digits stand as a number too large.

    (int() refuses more than 4,300 digits with a ValueError of its own, and "²" is a digit it cannot read.)
    """
    if not word.isdecimal():
        return None
    return int(word) if len(word.lstrip("0")) <= 9 else _TOO_LARGE


def _take_concession(t: str, raw) -> tuple[str, int | None]:
    """Split "6♠ без 3" into "6♠" and 3; "6 без козыря" is a suit, not a concession."""
    m = _CONCEDE.search(t)
    if not m:
        return t, None
    count = m.group(2)
    if _whole(count) is not None and _whole(count) != _TOO_LARGE:
        return t[: m.start()], _whole(count)
    if count in _COUNT_WORDS:
        return t[: m.start()], _COUNT_WORDS[count]
    if m.group(1) == "без" and count.startswith("козыр"):
        return t, None
    raise _error("rules.contract_count", text=shown(raw))


def parse_contract_cell(text) -> ContractCell:
    """Parse a contract cell as players write it: "7♠", "семь пик", "7♠ втёмную", "6♠ без 3", "мизер", "—".

    `str()` of the result parses back to the same cell. Raises ScoringError naming the accepted forms.
    """
    t = _words(text)
    if not t:
        raise _error("rules.contract_form", text=shown(text))
    if t in _ALLPASS_WORDS:
        return ContractCell(Contract("allpass"))
    dark = bool(_DARK.search(t))
    t = " ".join(_NO_TALON.sub(" ", _DARK.sub(" ", t)).split())
    t, conceded = _take_concession(t, text)
    if t in _MISERE_WORDS:
        return ContractCell(Contract("misere"), dark, conceded)
    if t in _ALLPASS_WORDS:
        return ContractCell(Contract("allpass"), dark, conceded)
    m = _LEVEL.fullmatch(t)
    if not m:
        raise _error("rules.contract_form", text=shown(text))
    word, rest = m.group(1), m.group(2).strip()
    level = _whole(word) if word.isdecimal() else _LEVEL_WORDS.get(word)
    if level is None:
        raise _error("rules.contract_form", text=shown(text))
    if level not in COST:
        raise _error("rules.contract_level", text=shown(text))
    if not rest and conceded is not None:
        return ContractCell(Contract("game", level, None), dark, conceded)
    if not rest:
        raise _error("rules.contract_no_suit", text=shown(text))
    if rest not in _STRAIN_WORDS:
        raise _error("rules.contract_suit", text=shown(text), suit=shown(rest))
    return ContractCell(Contract("game", level, _STRAIN_WORDS[rest]), dark, conceded)


def _cell_of(contract) -> ContractCell:
    if isinstance(contract, ContractCell):
        return contract
    if isinstance(contract, Contract):
        return ContractCell(contract)
    return parse_contract_cell(contract)


# --------------------------------------------------------------------------- outcomes

_DEFENCE_WORDS = {
    "whist": "whist",
    "w": "whist",
    "вист": "whist",
    "в": "whist",
    "pass": "pass",
    "p": "pass",
    "пас": "pass",
    "п": "pass",
    "half": "half",
    "h": "half",
    "пол": "half",
    "полвиста": "half",
    "полвист": "half",
    "half-whist": "half",
}
# Russian initials С В Ю З (север, восток, юг, запад), and Cyrillic Е typed for a Latin E
_SEAT_WORDS = {"n": "N", "e": "E", "s": "S", "w": "W", "с": "N", "в": "E", "ю": "S", "з": "W", "е": "E"}


def parse_seat(text) -> str:
    """A seat from N E S W (also Cyrillic С В Ю З)."""
    seat = _SEAT_WORDS.get(str(text).strip().lower())
    if seat is None:
        raise _error("rules.seat", text=shown(text))
    return seat


def parse_defence(text) -> str:
    """whist / pass / half from English or Russian words."""
    word = _DEFENCE_WORDS.get(str(text).strip().lower())
    if word is None:
        raise _error("rules.defence_word", text=shown(text))
    return word


def parse_tricks(text) -> int:
    """A number of tricks 0–10 as typed."""
    try:
        tricks = int(str(text).strip())
    except ValueError:
        raise _error("rules.tricks_number", text=shown(text)) from None
    if not 0 <= tricks <= 10:
        raise _error("rules.tricks_number", text=shown(text))
    return tricks


def active_seats(table_size: int, dealer: str) -> tuple[str, ...]:
    """The players of a deal in the order first, second, third hand.

    At a table of 4 the dealer sits out and the first hand is on his left. At a table of 3
    the box marks the first hand as "dealer" (seed §4), so the order starts at that seat.
    """
    seats = SEATS[table_size]
    i = seats.index(dealer)
    if table_size == 4:
        return tuple(seats[(i + j) % 4] for j in (1, 2, 3))
    return tuple(seats[(i + j) % 3] for j in (0, 1, 2))


def _given(pairs) -> str:
    return ", ".join(f"{s}={t}" for s, t in pairs) or "—"


@dataclass(frozen=True)
class Outcome:
    """What happened in one deal at one table."""

    table_size: int
    dealer: str
    contract: Contract
    declarer: str | None = None
    tricks: tuple[tuple[str, int], ...] = ()  # declarer and defenders who played; all-pass: each hand
    defence: tuple[tuple[str, str], ...] = ()  # defender -> whist | pass | half
    dark: bool = False
    conceded: int | None = None  # tricks the declarer conceded before play ("без трёх")

    @classmethod
    def make(
        cls,
        table_size,
        dealer,
        contract,
        declarer=None,
        tricks=None,
        defence=None,
        dark=False,
        conceded=None,
        conventions: Conventions | None = None,
    ):
        """Build an outcome from loose values (strings allowed, the contract as a scorer writes it), checking it.

        With `conventions`, also what they forbid (dark games, concessions, a pass on a compulsory whist).
        """
        cell = _cell_of(contract)
        if conceded is not None and cell.conceded is not None and int(conceded) != cell.conceded:
            raise _error("rules.concede_twice", a=cell.conceded, b=conceded)
        outcome = cls(
            int(table_size),
            parse_seat(dealer),
            cell.contract,
            parse_seat(declarer) if declarer not in (None, "") else None,
            tuple((parse_seat(s), int(t)) for s, t in (tricks or {}).items()),
            tuple((parse_seat(s), parse_defence(w)) for s, w in (defence or {}).items()),
            bool(dark) or cell.dark,
            cell.conceded if conceded is None else int(conceded),
        )
        if checked_ten(outcome.contract, conventions) and outcome.conceded is None:
            outcome = outcome._checked_defence()
        outcome.check(conventions)
        return outcome

    def _checked_defence(self) -> Outcome:
        """A checked 10 is played out without whisting: a defender given no answer plays, with his tricks.

        Made (the declarer's 10 tricks), the defenders took none; short, their tricks must be given.
        """
        if self.declarer not in self.players:
            return self  # the check says why
        tricks, defence = dict(self.tricks), dict(self.defence)
        for seat in (s for s in self.players if s != self.declarer and s not in defence):
            if seat not in tricks and tricks.get(self.declarer) == 10:
                tricks[seat] = 0
            elif seat not in tricks and self.declarer in tricks:
                raise _error("rules.checked_ten")
            defence[seat] = "whist"
        return replace(self, tricks=tuple(tricks.items()), defence=tuple(defence.items()))

    @property
    def cell(self) -> ContractCell:
        """The contract cell a scorer writes for this outcome."""
        return ContractCell(self.contract, self.dark, self.conceded)

    @property
    def players(self) -> tuple[str, ...]:
        return active_seats(self.table_size, self.dealer)

    def defenders(self) -> tuple[str, str]:
        """(W1, W2): W1 sits on the declarer's left and speaks first."""
        order = [s for s in CLOCKWISE if s in self.players]
        i = order.index(self.declarer)
        return order[(i + 1) % 3], order[(i + 2) % 3]

    def check(self, conventions: Conventions | None = None) -> None:
        """Raise ScoringError saying what is wrong with an impossible outcome (under the conventions, if given)."""
        self._check_table()
        kind = self.contract.kind
        if self.dark and kind == "allpass":
            raise _error("rules.allpass_dark")
        if self.dark and kind != "game":
            raise _error("rules.dark_game", what=Message(f"rules.word_{kind}"))
        if self.conceded is not None and kind != "game":
            raise _error("rules.concede_game", what=Message(f"rules.word_{kind}"))
        {"allpass": self._check_allpass, "misere": self._check_misere, "game": self._check_game}[kind]()
        if conventions is not None:
            self._check_conventions(conventions)

    def _check_table(self) -> None:
        if self.table_size not in SEATS:
            raise _error("rules.table_size", n=self.table_size)
        if self.dealer not in SEATS[self.table_size]:
            raise _error("rules.dealer_absent", seat=self.dealer, n=self.table_size)
        if len(dict(self.tricks)) != len(self.tricks) or len(dict(self.defence)) != len(self.defence):
            raise _error("rules.seat_twice")
        if self.declarer is not None and self.declarer not in self.players:
            code = "rules.declarer_dealer" if self.declarer == self.dealer else "rules.declarer_absent"
            raise _error(code, seat=self.declarer)
        for seat, t in self.tricks:
            if not 0 <= t <= 10:
                raise _error("rules.tricks_range", seat=seat, tricks=t)
        for seat in [s for s, _ in self.tricks] + [s for s, _ in self.defence]:
            if seat not in self.players:
                raise _error("rules.not_playing", seat=seat, dealer=self.dealer)

    def _check_allpass(self) -> None:
        tricks = dict(self.tricks)
        if self.declarer or self.defence:
            raise _error("rules.allpass_roles")
        hands = ", ".join(self.players)
        if set(tricks) != set(self.players):
            raise _error("rules.allpass_hands", hands=hands, given=_given(self.tricks))
        # seed §7: the talon-taker's tricks (at most the two talon cards) are not written
        if not 8 <= sum(tricks.values()) <= 10:
            raise _error("rules.allpass_sum", hands=hands, total=sum(tricks.values()))

    def _check_misere(self) -> None:
        if self.declarer is None:
            raise _error("rules.needs_declarer", what=Message("rules.word_misere"))
        if self.defence:
            raise _error("rules.misere_whisted")
        if self.declarer not in dict(self.tricks):
            raise _error("rules.declarer_tricks")
        if set(dict(self.tricks)) != {self.declarer}:
            raise _error("rules.misere_tricks")

    def _check_game(self) -> None:
        if self.declarer is None:
            raise _error("rules.needs_declarer", what=Message("rules.word_game"))
        if self.contract.strain is None and self.conceded is None:
            raise _error("rules.no_suit", text=shown(self.contract))
        if self.declarer in dict(self.defence):
            raise _error("rules.whister_is_declarer", seat=self.declarer)
        if self.conceded is not None:
            return self._check_concession()
        tricks, defence = dict(self.tricks), dict(self.defence)
        w1, w2 = self.defenders()
        if set(defence) != {w1, w2}:
            raise _error("rules.defence_missing", w1=w1, w2=w2)
        if "half" in defence.values():
            if self.contract.level not in (6, 7):
                raise _error("rules.half_level", level=self.contract.level)
            if (defence[w1], defence[w2]) != ("pass", "half"):
                raise _error("rules.half_order", w1=w1, w2=w2)
        whisters = [s for s in (w1, w2) if defence[s] == "whist"]
        if not whisters:
            return  # both pass or half-whist: no play, tricks do not matter
        if self.declarer not in tricks:
            raise _error("rules.declarer_tricks")
        passers = [s for s in (w1, w2) if defence[s] == "pass"]
        if any(s in tricks for s in passers):
            raise _error("rules.passer_tricks", seat=passers[0])
        missing = [s for s in whisters if s not in tricks]
        if missing:
            raise _error("rules.whister_tricks", seat=missing[0])
        total = sum(tricks.values())
        if total != 10:
            raise _error("rules.tricks_sum", total=total, detail=_given(self.tricks))

    def _check_concession(self) -> None:
        n, level = self.conceded, self.contract.level
        if not 1 <= n <= level:
            raise _error("rules.concede_range", n=n, level=level)
        if any(w != "pass" for _, w in self.defence) or set(dict(self.tricks)) - {self.declarer}:
            raise _error("rules.concede_defence", n=n)
        tricks = dict(self.tricks)
        if self.declarer in tricks and tricks[self.declarer] != level - n:
            raise _error("rules.concede_tricks", n=n, level=level, expected=level - n, tricks=tricks[self.declarer])

    def _check_conventions(self, conv: Conventions) -> None:
        if self.dark and not conv.dark:
            raise _error("rules.dark_not_played")
        if self.conceded is not None:
            if not conv.concession:
                raise _error("rules.concede_not_played")
            return
        defence = dict(self.defence)
        if both_must_whist(self.contract, conv) and set(defence.values()) != {"whist"}:
            raise _error("rules.sixes_whisted" if conv.sixes_whisted else "rules.stalingrad")
        tricks = dict(self.tricks)
        if (
            self.contract.level == 10
            and conv.tens == "checked"
            and "whist" not in defence.values()
            and tricks.get(self.declarer, 10) < 10
        ):
            raise _error("rules.checked_ten")


# --------------------------------------------------------------------------- settlement


@dataclass(frozen=True)
class Entry:
    """One line written on the score sheet: pool or gora of a seat, or whists of one on another."""

    what: str  # pool | gora | whists
    seat: str
    amount: Fraction
    on: str | None = None  # whists: the seat written on
    why: str = ""  # made, unwhisted, half, remiz, consolation, tricks, shortfall, misere, conceded, allpass, dealer


@dataclass(frozen=True)
class Settlement:
    """Result of a deal: whists per seat (exact, summing to zero) and what was written."""

    results: dict
    entries: tuple[Entry, ...]
    factor: int = 1  # dark multiplier

    def __getitem__(self, seat):
        return self.results[seat]


def results_of(entries, table_size: int, pool_value: int, factor: int = 1) -> dict:
    """R_i = V_i − mean(V) + Σ_j (w_ij − w_ji), V_i = P·pool_i − 10·gora_i, over all seats."""
    seats = SEATS[table_size]
    value = {s: Fraction(0) for s in seats}
    balance = {s: Fraction(0) for s in seats}
    for e in entries:
        if e.what == "pool":
            value[e.seat] += pool_value * e.amount
        elif e.what == "gora":
            value[e.seat] -= 10 * e.amount
        else:
            balance[e.seat] += e.amount
            balance[e.on] -= e.amount
    mean = sum(value.values()) / len(seats)
    return {s: factor * (value[s] - mean + balance[s]) for s in seats}


def settle(outcome: Outcome, conv: Conventions) -> Settlement:
    """The whists of every seat for one deal outcome under the given conventions."""
    outcome.check(conv)
    entries = []
    add = entries.append
    tricks = dict(outcome.tricks)
    kind = outcome.contract.kind
    seats = SEATS[outcome.table_size]
    if kind == "allpass":
        _settle_allpass(outcome, conv, tricks, add)
    elif kind == "misere":
        t = tricks[outcome.declarer]
        if t == 0:
            add(Entry("pool", outcome.declarer, Fraction(MISERE_COST), why="misere"))
        else:
            add(
                Entry(
                    "gora", outcome.declarer, Fraction(conv.misere_gora * min(t, conv.misere_max_tricks)), why="misere"
                )
            )
    elif outcome.conceded is not None:
        # 004_…: "записав соответствующее количество очков в гору, не позволить противникам записать на себя висты"
        c = Fraction(COST[outcome.contract.level])
        add(Entry("gora", outcome.declarer, conv.remiz * c * outcome.conceded, why="conceded"))
    else:
        _settle_game(outcome, conv, tricks, add)
    factor = conv.dark if outcome.dark else 1
    results = results_of(entries, outcome.table_size, conv.pool_value, factor)
    assert sum(results.values()) == 0 and set(results) == set(seats)
    return Settlement(results, tuple(entries), factor)


def _settle_game(outcome, conv, tricks, add):
    level = outcome.contract.level
    c = Fraction(COST[level])
    must = obligation(level, conv)
    declarer = outcome.declarer
    defence = dict(outcome.defence)
    w1, w2 = outcome.defenders()
    whisters = [s for s in (w1, w2) if defence[s] == "whist"]
    half = [s for s in (w1, w2) if defence[s] == "half"]
    if not whisters:
        add(Entry("pool", declarer, c, why="unwhisted"))
        if half:
            add(Entry("whists", half[0], conv.whist * c * must / 2, on=declarer, why="half"))
        return
    taken = tricks[declarer]
    defence_tricks = 10 - taken
    under = max(0, level - taken)
    per_trick = conv.whist * c
    if under == 0:
        add(Entry("pool", declarer, c, why="made"))
    else:
        add(Entry("gora", declarer, conv.remiz * c * under, why="remiz"))
        others = [s for s in SEATS[outcome.table_size] if s != declarer]
        if outcome.table_size == 4 and not conv.consolation_to_dealer:
            others.remove(outcome.dealer)
        for s in others:
            if conv.consolation:
                add(Entry("whists", s, conv.consolation * c * under, on=declarer, why="consolation"))
    if len(whisters) == 2:
        for s in whisters:
            if tricks[s]:
                add(Entry("whists", s, per_trick * tricks[s], on=declarer, why="tricks"))
        if under == 0 and defence_tricks < must:
            if level in (6, 7):
                for s in whisters:
                    short = max(0, must // 2 - tricks[s])
                    if short:
                        add(Entry("gora", s, conv.shortfall * c * short, why="shortfall"))
            else:
                add(Entry("gora", w2, conv.shortfall * c * (must - defence_tricks), why="shortfall"))
        return
    whister = whisters[0]
    passer = w2 if whister == w1 else w1
    if defence_tricks:
        if under and conv.lone_whist == "gentleman":
            add(Entry("whists", whister, per_trick * defence_tricks / 2, on=declarer, why="tricks"))
            add(Entry("whists", passer, per_trick * defence_tricks / 2, on=declarer, why="tricks"))
        else:
            add(Entry("whists", whister, per_trick * defence_tricks, on=declarer, why="tricks"))
    if under == 0 and defence_tricks < must:
        add(Entry("gora", whister, conv.shortfall * c * (must - defence_tricks), why="shortfall"))


def _settle_allpass(outcome, conv, tricks, add):
    players = outcome.players
    for s in players:
        if tricks[s] == 0:
            add(Entry("pool", s, Fraction(1), why="allpass"))
    if outcome.table_size == 4 and conv.allpass_dealer_pool:
        add(Entry("pool", outcome.dealer, Fraction(1), why="dealer"))
    if conv.allpass == "gora":
        for s in players:
            if tricks[s]:
                add(Entry("gora", s, Fraction(conv.allpass_gora * tricks[s]), why="allpass"))
        return
    fewest = min(tricks[s] for s in players)
    low = [s for s in players if tricks[s] == fewest]
    for s in low:
        for other in players:
            if other not in low and tricks[other]:
                add(
                    Entry("whists", s, Fraction(conv.allpass_whists * tricks[other], len(low)), on=other, why="allpass")
                )


def fmt_whists(value: Fraction, places: int = 1) -> str:
    """A whist amount for print: whole numbers as they are, others rounded ("−3.3")."""
    value = Fraction(value)
    if value.denominator == 1:
        text = str(value.numerator)
    else:
        text = f"{float(value):.{places}f}"
    return text.replace("-", "−")


def fmt_json(value: Fraction):
    """A whist amount for JSON: an int when whole, else a decimal with 2 places."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else round(float(value), 2)


# --------------------------------------------------------------------------- rates for printed tables


def role_results(entries, table_size, conv, roles: dict) -> dict:
    """Results of named roles (e.g. {"declarer": "N", ...}) from a list of entries."""
    res = results_of(entries, table_size, conv.pool_value)
    return {role: res[seat] for role, seat in roles.items()}


def rates(level: int, conv: Conventions, table_size: int) -> dict:
    """The linear parts of a game's result, per role, for the cost-of-game table.

    Built from the same entries `settle` writes, so the printed table and the calculator
    agree by construction (tests check the sum of parts against `settle`).
    """
    c = Fraction(COST[level])
    dealer = "W" if table_size == 4 else "N"  # N declares, E is W1 and S is W2 at both sizes
    decl, w1, w2 = "N", "E", "S"
    roles = {"declarer": decl, "whister": w1, "other": w2}
    if table_size == 4:
        roles["dealer"] = dealer
    consolation = [
        Entry("whists", s, conv.consolation * c, on=decl)
        for s in SEATS[table_size]
        if s != decl and not (table_size == 4 and s == dealer and not conv.consolation_to_dealer)
    ]
    return {
        "cost": c,
        "obligation": obligation(level, conv),
        "made": role_results([Entry("pool", decl, c)], table_size, conv, roles),
        "trick": conv.whist * c,
        "undertrick": role_results([Entry("gora", decl, conv.remiz * c)] + consolation, table_size, conv, roles),
        "shortfall": role_results([Entry("gora", w1, conv.shortfall * c)], table_size, conv, roles),
        "half": role_results(
            [Entry("pool", decl, c), Entry("whists", w1, conv.whist * c * OBLIGATION[level] / 2, on=decl)],
            table_size,
            conv,
            roles,
        )
        if level in (6, 7)
        else None,
        "conceded": role_results([Entry("gora", decl, conv.remiz * c)], table_size, conv, roles),
    }
