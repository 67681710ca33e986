"""Scoring of one duplicate preferans deal in whists: variants, conventions, `settle`.

Pure Python with exact fractions. The same engine serves the calculator, the printed
cost-of-game tables and the cross-check of filled protocols (DOMAIN.md §3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from .errors import ScoringError

CLOCKWISE = ("N", "E", "S", "W")
SEATS = {4: ("N", "E", "S", "W"), 3: ("N", "E", "S")}
COST = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
MISERE_COST = 10
STRAINS = ("♠", "♣", "♦", "♥", "БК")  # in bidding order
LEVELS = tuple(COST)


# --------------------------------------------------------------------------- conventions

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
    misere_gora: int = 10  # gora per trick taken on a misère
    allpass: str = "gora"  # gora | rostov
    allpass_gora: int = 1  # gora per trick on all-pass ("gora")
    allpass_whists: int = 5  # whists per trick written by the fewest-tricks player ("rostov")
    allpass_dealer_pool: bool = False  # the 4-handed dealer gets pool +1 on all-pass
    dark: int = 0  # multiplier of a dark game; 0: dark games are not played

    def items(self):
        return [(f.name, getattr(self, f.name)) for f in fields(self)]


VARIANTS = {
    "sochi": Conventions(),
    "leningrad": Conventions(pool_value=20, remiz=2, whist=2, consolation=2, lone_whist="gentleman",
                             misere_gora=20, allpass_gora=2),
    "rostov": Conventions(lone_whist="gentleman", shortfall=Fraction(1, 2), allpass="rostov",
                          allpass_dealer_pool=True),
    "classic": Conventions(dark=2),
}
_CHOICES = {"lone_whist": ("greedy", "gentleman"), "allpass": ("gora", "rostov")}


def find_variant(name: str) -> Conventions:
    """The preset of a variant by name; ScoringError naming the known ones otherwise."""
    try:
        return VARIANTS[str(name).strip().lower()]
    except KeyError:
        raise ScoringError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}") from None


def conventions_for(variant: str, overrides: dict | None = None) -> Conventions:
    """A variant's conventions with single conventions overridden; lists every bad override."""
    base = find_variant(variant)
    if not overrides:
        return base
    problems, changes = [], {}
    types = {f.name: type(getattr(base, f.name)) for f in fields(base)}
    for key, value in overrides.items():
        if key not in types:
            problems.append(f"unknown convention {key!r}; known: {', '.join(types)}")
            continue
        want = types[key]
        if want is bool:
            ok = isinstance(value, bool)
        elif want is Fraction:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
            value = Fraction(str(value)) if ok else value
        elif want is int:
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        else:
            ok = isinstance(value, str) and value in _CHOICES.get(key, (value,))
        if not ok:
            expected = {bool: "true or false", int: "a whole number >= 0", Fraction: "a number >= 0"}.get(
                want, " or ".join(_CHOICES.get(key, ("text",))))
            problems.append(f"convention {key!r}: expected {expected}, found {value!r}")
        else:
            changes[key] = value
    if problems:
        raise ScoringError("; ".join(problems))
    return replace(base, **changes)


# --------------------------------------------------------------------------- contracts

_ALLPASS_WORDS = {"—", "-", "–", "распасы", "распас", "pass", "all-pass", "allpass", "all pass", "р"}
_MISERE_WORDS = {"мизер", "misere", "misère", "миз", "m"}
_STRAIN_WORDS = {
    "♠": "♠", "s": "♠", "п": "♠", "пики": "♠", "♤": "♠",
    "♣": "♣", "c": "♣", "т": "♣", "к": "♣", "трефы": "♣", "крести": "♣", "♧": "♣",
    "♦": "♦", "d": "♦", "б": "♦", "бубны": "♦", "♢": "♦",
    "♥": "♥", "h": "♥", "ч": "♥", "черви": "♥", "♡": "♥",
    "бк": "БК", "nt": "БК", "б/к": "БК", "n": "БК", "без козыря": "БК",
}


@dataclass(frozen=True)
class Contract:
    """A contract: a game (level, strain), a misère or an all-pass."""

    kind: str  # game | misere | allpass
    level: int | None = None
    strain: str | None = None

    @classmethod
    def parse(cls, text) -> "Contract":
        """Parse "7♠", "6S", "8 БК", "10NT", "мизер", "misere", "—", "распасы", "pass"."""
        raw = "" if text is None else str(text)
        t = " ".join(raw.replace("\u00a0", " ").split()).lower()
        if t in _ALLPASS_WORDS:
            return cls("allpass")
        if t in _MISERE_WORDS:
            return cls("misere")
        m = re.fullmatch(r"(\d+)\s*(.*)", t)
        if not m:
            raise ScoringError(f'contract "{raw}" — expected a level 6–10 and a suit (♠ ♣ ♦ ♥ or БК/NT), '
                               "мизер/misere, or — for all-pass")
        level, strain = int(m.group(1)), m.group(2).strip()
        if level not in COST:
            raise ScoringError(f'contract "{raw}" — levels are 6–10')
        if strain not in _STRAIN_WORDS:
            raise ScoringError(f'contract "{raw}" — unknown suit "{m.group(2)}"; use ♠ ♣ ♦ ♥ (S C D H) or БК/NT')
        return cls("game", level, _STRAIN_WORDS[strain])

    def __str__(self) -> str:
        return {"allpass": "—", "misere": "мизер"}.get(self.kind) or f"{self.level}{self.strain}"

    def label(self, lang: str = "ru") -> str:
        """The contract as printed in a language: "6БК" / "6NT", "мизер" / "misère"."""
        if lang == "en":
            return {"allpass": "—", "misere": "misère"}.get(self.kind) or \
                f"{self.level}{'NT' if self.strain == 'БК' else self.strain}"
        return str(self)

    @property
    def cost(self) -> int:
        return MISERE_COST if self.kind == "misere" else COST.get(self.level, 0)


# --------------------------------------------------------------------------- outcomes

_DEFENCE_WORDS = {
    "whist": "whist", "w": "whist", "вист": "whist", "в": "whist",
    "pass": "pass", "p": "pass", "пас": "pass", "п": "pass",
    "half": "half", "h": "half", "пол": "half", "полвиста": "half", "полвист": "half", "half-whist": "half",
}
# Russian initials С В Ю З (север, восток, юг, запад), and Cyrillic Е typed for a Latin E
_SEAT_WORDS = {"n": "N", "e": "E", "s": "S", "w": "W", "с": "N", "в": "E", "ю": "S", "з": "W", "е": "E"}


def parse_seat(text) -> str:
    """A seat from N E S W (also Cyrillic С В Ю З)."""
    seat = _SEAT_WORDS.get(str(text).strip().lower())
    if seat is None:
        raise ScoringError(f"seat {text!r} — expected N, E, S or W")
    return seat


def parse_defence(text) -> str:
    """whist / pass / half from English or Russian words."""
    word = _DEFENCE_WORDS.get(str(text).strip().lower())
    if word is None:
        raise ScoringError(f"defence {text!r} — expected whist, pass or half (вист, пас, пол)")
    return word


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

    @classmethod
    def make(cls, table_size, dealer, contract, declarer=None, tricks=None, defence=None, dark=False):
        """Build an outcome from loose values (strings allowed), checking it."""
        contract = contract if isinstance(contract, Contract) else Contract.parse(contract)
        outcome = cls(int(table_size), parse_seat(dealer), contract,
                      parse_seat(declarer) if declarer not in (None, "") else None,
                      tuple((parse_seat(s), int(t)) for s, t in (tricks or {}).items()),
                      tuple((parse_seat(s), parse_defence(w)) for s, w in (defence or {}).items()),
                      bool(dark))
        outcome.check()
        return outcome

    @property
    def players(self) -> tuple[str, ...]:
        return active_seats(self.table_size, self.dealer)

    def defenders(self) -> tuple[str, str]:
        """(W1, W2): W1 sits on the declarer's left and speaks first."""
        order = [s for s in CLOCKWISE if s in self.players]
        i = order.index(self.declarer)
        return order[(i + 1) % 3], order[(i + 2) % 3]

    def check(self) -> None:
        """Raise ScoringError saying what is wrong with an impossible outcome."""
        if self.table_size not in SEATS:
            raise ScoringError(f"table size must be 4 or 3, not {self.table_size}")
        if self.dealer not in SEATS[self.table_size]:
            raise ScoringError(f"dealer {self.dealer} does not sit at a table of {self.table_size}")
        tricks, defence = dict(self.tricks), dict(self.defence)
        if len(tricks) != len(self.tricks) or len(defence) != len(self.defence):
            raise ScoringError("a seat is given twice")
        if self.declarer is not None and self.declarer not in self.players:
            why = "the dealer sits out at a table of 4" if self.declarer == self.dealer else "not at the table"
            raise ScoringError(f"declarer {self.declarer} cannot play: {why}")
        for seat, t in self.tricks:
            if not 0 <= t <= 10:
                raise ScoringError(f"{seat} took {t} tricks — tricks are 0–10")
            if seat not in self.players:
                raise ScoringError(f"{seat} does not play this deal (dealer {self.dealer})")
        kind = self.contract.kind
        if kind == "allpass":
            if self.declarer or defence:
                raise ScoringError("all-pass has no declarer and no defence")
            if set(tricks) != set(self.players) or sum(tricks.values()) != 10:
                given = ", ".join(f"{s}={t}" for s, t in self.tricks) or "none"
                raise ScoringError(f"all-pass needs the tricks of {', '.join(self.players)} adding to 10; "
                                   f"given {given}")
            if self.dark:
                raise ScoringError("all-pass cannot be played dark")
            return
        if self.declarer is None:
            raise ScoringError(f"{kind} needs a declarer")
        if self.declarer not in self.players:
            why = "the dealer sits out at a table of 4" if self.declarer == self.dealer else "not at the table"
            raise ScoringError(f"declarer {self.declarer} cannot play: {why}")
        for seat in list(defence) + list(tricks):
            if seat not in self.players:
                raise ScoringError(f"{seat} does not play this deal (dealer {self.dealer})")
        if kind == "misere":
            if defence:
                raise ScoringError("a misère is not whisted")
            if set(tricks) - {self.declarer} or self.declarer not in tricks:
                raise ScoringError("a misère needs the declarer's tricks only")
            return
        if self.declarer in defence:
            raise ScoringError(f"whister {self.declarer} sits at the declarer's seat")
        w1, w2 = self.defenders()
        if set(defence) != {w1, w2}:
            raise ScoringError(f"the defence of {w1} and {w2} must be given as whist, pass or half")
        words = sorted(defence.values())
        if "half" in words:
            if self.contract.level not in (6, 7):
                raise ScoringError(f"half-whist is only possible on 6 and 7, not on {self.contract.level}")
            if words != ["half", "pass"]:
                raise ScoringError("half-whist is only possible after the other defender passed")
        whisters = [s for s in (w1, w2) if defence[s] == "whist"]
        if not whisters:
            return  # both pass or half-whist: no play, tricks do not matter
        if self.declarer not in tricks:
            raise ScoringError("the declarer's tricks are missing")
        passers = [s for s in (w1, w2) if defence[s] == "pass"]
        if any(s in tricks for s in passers):
            raise ScoringError(f"{passers[0]} passed: the whister's tricks hold all the defence's tricks")
        missing = [s for s in whisters if s not in tricks]
        if missing:
            raise ScoringError(f"the tricks of whister {missing[0]} are missing")
        total = sum(tricks.values())
        if total != 10:
            detail = ", ".join(f"{s}={t}" for s, t in self.tricks)
            raise ScoringError(f"tricks add up to {total}, expected 10 ({detail})")
        if self.dark and not self.contract.kind == "game":
            raise ScoringError("only a game can be played dark")


# --------------------------------------------------------------------------- settlement

@dataclass(frozen=True)
class Entry:
    """One line written on the score sheet: pool or gora of a seat, or whists of one on another."""

    what: str  # pool | gora | whists
    seat: str
    amount: Fraction
    on: str | None = None  # whists: the seat written on
    why: str = ""  # made, unwhisted, half, remiz, consolation, tricks, shortfall, misere, allpass, dealer


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
    outcome.check()
    if outcome.dark and not conv.dark:
        raise ScoringError("dark games are not played under these conventions")
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
            add(Entry("gora", outcome.declarer, Fraction(conv.misere_gora * t), why="misere"))
    else:
        _settle_game(outcome, conv, tricks, add)
    factor = conv.dark if outcome.dark else 1
    results = results_of(entries, outcome.table_size, conv.pool_value, factor)
    assert sum(results.values()) == 0 and set(results) == set(seats)
    return Settlement(results, tuple(entries), factor)


def _settle_game(outcome, conv, tricks, add):
    level = outcome.contract.level
    c = Fraction(COST[level])
    obligation = OBLIGATION[level]
    declarer = outcome.declarer
    defence = dict(outcome.defence)
    w1, w2 = outcome.defenders()
    whisters = [s for s in (w1, w2) if defence[s] == "whist"]
    half = [s for s in (w1, w2) if defence[s] == "half"]
    if not whisters:
        add(Entry("pool", declarer, c, why="unwhisted"))
        if half:
            add(Entry("whists", half[0], conv.whist * c * obligation / 2, on=declarer, why="half"))
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
        if under == 0 and defence_tricks < obligation:
            if level in (6, 7):
                for s in whisters:
                    short = max(0, obligation // 2 - tricks[s])
                    if short:
                        add(Entry("gora", s, conv.shortfall * c * short, why="shortfall"))
            else:
                add(Entry("gora", w2, conv.shortfall * c * (obligation - defence_tricks), why="shortfall"))
        return
    whister = whisters[0]
    passer = w2 if whister == w1 else w1
    if defence_tricks:
        if under and conv.lone_whist == "gentleman":
            add(Entry("whists", whister, per_trick * defence_tricks / 2, on=declarer, why="tricks"))
            add(Entry("whists", passer, per_trick * defence_tricks / 2, on=declarer, why="tricks"))
        else:
            add(Entry("whists", whister, per_trick * defence_tricks, on=declarer, why="tricks"))
    if under == 0 and defence_tricks < obligation:
        add(Entry("gora", whister, conv.shortfall * c * (obligation - defence_tricks), why="shortfall"))


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
                add(Entry("whists", s, Fraction(conv.allpass_whists * tricks[other], len(low)), on=other,
                          why="allpass"))


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
    consolation = [Entry("whists", s, conv.consolation * c, on=decl)
                   for s in SEATS[table_size] if s != decl
                   and not (table_size == 4 and s == dealer and not conv.consolation_to_dealer)]
    return {
        "cost": c,
        "obligation": OBLIGATION[level],
        "made": role_results([Entry("pool", decl, c)], table_size, conv, roles),
        "trick": conv.whist * c,
        "undertrick": role_results([Entry("gora", decl, conv.remiz * c)] + consolation, table_size, conv, roles),
        "shortfall": role_results([Entry("gora", w1, conv.shortfall * c)], table_size, conv, roles),
        "half": role_results([Entry("pool", decl, c), Entry("whists", w1, conv.whist * c * OBLIGATION[level] / 2,
                                                              on=decl)], table_size, conv, roles)
        if level in (6, 7) else None,
    }
