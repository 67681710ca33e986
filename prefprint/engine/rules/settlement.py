"""Settling a deal: the entries written on the score sheet, the whists of every seat, and the rates printed from them.

Pure Python with exact fractions. The same settling serves the calculator, the printed cost-of-game tables and
the cross-check of filled protocols.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from prefprint.engine.rules.conventions import Conventions
from prefprint.engine.rules.game import COST, MISERE_COST, OBLIGATION, SEATS
from prefprint.engine.rules.outcome import Outcome


def obligation(level: int, conv: Conventions | None = None) -> int:
    """Tricks the defence must take against a game; none on a 10 that is checked, not whisted."""
    if level == 10 and conv is not None and conv.tens == "checked":
        return 0
    return OBLIGATION[level]


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
            for s, short in _shortfalls(level, must, conv, tricks, w1, w2).items():
                if short:
                    add(Entry("gora", s, conv.shortfall * c * short, why="shortfall"))
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


def _shortfalls(level, must, conv, tricks, w1, w2) -> dict:
    """Both whisted a made contract and the defence fell short: the tricks each whister answers for."""
    missing = must - tricks[w1] - tricks[w2]
    if level in (6, 7):
        half = must // 2
        if conv.shortfall_low == "side":
            # only the side's missing tricks, charged to whoever fell short of his half; the other's extra
            # tricks cover his partner's (both short: each his own, which adds up to the side's shortfall)
            return {s: max(0, half - tricks[s] - max(0, tricks[o] - half)) for s, o in ((w1, w2), (w2, w1))}
        return {s: max(0, half - tricks[s]) for s in (w1, w2)}
    if conv.shortfall_high == "split":
        return {w1: Fraction(missing, 2), w2: Fraction(missing, 2)}
    if conv.shortfall_high == "each":
        return {w1: missing, w2: missing}
    return {w2: missing}


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
            if other in low or not tricks[other]:
                continue
            if conv.rostov_allpass == "difference":  # in full, for the tricks the other took beyond his own
                amount = Fraction(conv.allpass_whists * (tricks[other] - fewest))
            else:
                amount = Fraction(conv.allpass_whists * tricks[other], len(low))
            add(Entry("whists", s, amount, on=other, why="allpass"))


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
