"""The cost-of-game table: every figure of a variant's scoring, computed by the engine from the conventions.

The context only: app.costs renders it (the kit's costs document, `prefprint costs`'s files)."""

from __future__ import annotations

from fractions import Fraction

from prefprint.engine.rules import (
    LEVELS,
    MISERE_COST,
    SEATS,
    Contract,
    Conventions,
    Entry,
    Outcome,
    ScoringError,
    active_seats,
    both_must_whist,
    rates,
    results_of,
    settle,
)
from prefprint.views.documents.wording import phrase
from prefprint.words.catalog import WordTable, gettext
from prefprint.words.numbers import number

# the words of the cost table, per language, from the catalogues (role.*, role_short.*, convention.*, value.*)
ROLE_SHORT = WordTable("role_short")
ROLE_WORDS = WordTable("role")
CONVENTION_WORDS = WordTable("convention")
VALUE_WORDS = WordTable("value")


def signed(value, lang: str = "ru") -> str:
    """+15, −5, 0, +3,3: whists with their sign for the cost table, in the reader's notation."""
    v = Fraction(value)
    return ("+" if v > 0 else "") + number(v, lang)


_USUAL = Conventions()  # the readings every preset keeps
_FOUR_ONLY = {"consolation_to_dealer", "allpass_dealer_pool"}  # the dealer sits out only at a table of 4


def _in_force(name: str, conv: Conventions, table_size: int) -> bool:
    """Whether a convention changes anything at this table: options not played are not listed."""
    if table_size == 3 and name in _FOUR_ONLY:
        return False
    value = getattr(conv, name)
    if name in ("stalingrad", "sixes_whisted", "concession", "allpass_dealer_pool", "dark"):
        return bool(value)
    return {
        "consolation_to_dealer": bool(conv.consolation),
        "misere_max_tricks": conv.misere_max_tricks < 10,  # no cap: every trick is charged
        "allpass_gora": conv.allpass == "gora",
        "allpass_whists": conv.allpass == "rostov",
        # the readings clubs argue about (issue 38): named only when a club chose other than the usual one
        "shortfall_high": value != _USUAL.shortfall_high,
        "shortfall_low": value != _USUAL.shortfall_low,
        "rostov_allpass": conv.allpass == "rostov" and value != _USUAL.rostov_allpass,
    }.get(name, True)


def conventions_list(conv: Conventions, lang: str, table_size: int = 4) -> list[tuple[str, str]]:
    """(words, value) of every convention in force at the table size."""
    out = []
    for name, value in conv.items():
        if not _in_force(name, conv, table_size):
            continue
        if isinstance(value, bool):
            shown = VALUE_WORDS[lang]["yes" if value else "no"]
        elif isinstance(value, str):
            shown = VALUE_WORDS[lang].get(value, value)
        else:
            shown = number(value, lang)
        out.append((CONVENTION_WORDS[lang][name], shown))
    return out


_EXAMPLES = (  # (contract cell, tricks, defence); those the conventions forbid are left out
    ("6♠", {"N": 6, "E": 4}, {"E": "whist", "S": "pass"}),
    ("7♥", {"N": 5, "E": 5}, {"E": "whist", "S": "pass"}),
    ("7♣", {"N": 9, "E": 1}, {"E": "whist", "S": "pass"}),
    ("8♦", {"N": 8, "E": 1, "S": 1}, {"E": "whist", "S": "whist"}),
    ("6♣", {"N": 7, "E": 1, "S": 2}, {"E": "whist", "S": "whist"}),  # E is a trick short of his share
    ("6♠", {"N": 7, "E": 1, "S": 2}, {"E": "whist", "S": "whist"}),
    ("6♦", {"N": 7, "E": 3, "S": 0}, {"E": "whist", "S": "whist"}),  # E's extra trick covers S: "side" only
    ("8♣", {"N": 10, "E": 0, "S": 0}, {"E": "whist", "S": "whist"}),  # the high shortfall, when not the second's
    ("7♠", {}, {"E": "pass", "S": "half"}),
    ("9БК", {"N": 10, "E": 0}, {"E": "whist", "S": "pass"}),
    ("10♥", {"N": 10}, {"E": "pass", "S": "pass"}),
    ("10♥", {"N": 9, "E": 1, "S": 0}, {"E": "whist", "S": "whist"}),
    ("мизер", {"N": 3}, {}),
    ("7♠ втёмную", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"}),
    ("6♠ без 4", {}, {}),
)


def _lone_strain(level: int, conv: Conventions) -> str | None:
    """A suit a lone whister may defend at this level under the conventions (None: both must whist)."""
    for strain in ("♠", "♣"):
        if not both_must_whist(Contract("game", level, strain), conv):
            return strain
    return None


def _worked_examples(conv: Conventions, table_size: int, dealer: str, lang: str) -> list[dict]:
    """The worked examples the conventions allow, each different in what it shows."""
    out = []
    for text, tricks, defence in _EXAMPLES:
        if text == "6♠" and defence["S"] == "whist" and not conv.stalingrad:
            continue  # both whist on 6♠: only news under Stalingrad
        if text == "6♦" and conv.shortfall_low == _USUAL.shortfall_low:
            continue
        if text == "8♣" and conv.shortfall_high == _USUAL.shortfall_high:
            continue
        if text.startswith("10") and conv.tens != "checked":
            continue
        if text == "мизер" and conv.misere_max_tricks >= 3:
            continue
        try:
            outcome = Outcome.make(table_size, dealer, text, "N", tricks, defence, conventions=conv)
        except ScoringError:
            continue
        res = settle(outcome, conv).results
        out.append(
            {
                "contract": outcome.cell.label(lang),
                "tricks": tricks,
                "defence": defence,
                "conceded": outcome.conceded,
                "cells": [(s, signed(res[s], lang)) for s in SEATS[table_size]],
            }
        )
    return out


def _whist_share(level: int, must: int, conv: Conventions, table_size: int, dealer: str) -> int:
    """Both whisted a 6 or 7, the contract made, the defence short: the tricks each whister answers for
    himself (his part of the obligation).

    Asked of the engine: the first whister takes 0, 1, … of the tricks the defence took.
    """
    for share in range(must):
        tricks = {"N": 11 - must, "E": share, "S": must - 1 - share}
        outcome = Outcome.make(
            table_size, dealer, f"{level}♥", "N", tricks, {"E": "whist", "S": "whist"}, conventions=conv
        )
        payers = {e.seat for e in settle(outcome, conv).entries if e.why == "shortfall"}
        if "E" not in payers:
            return share
    return must


def _levels_text(levels: list[int], lang: str) -> str:
    """6 и 7; 8–10; 8 и 9: levels as a reader says them."""
    if len(levels) > 2 and levels[-1] - levels[0] == len(levels) - 1:
        return f"{levels[0]}–{levels[-1]}"
    words = [str(n) for n in levels]
    joint = f" {gettext('word.and', lang)} "
    return joint.join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]


def _responsibility(levels: list[dict], conv: Conventions, table_size: int, dealer: str, lang: str) -> str:
    """The whist shortfall rule in plain words, every figure asked of the engine.

    The shares of 6 and 7 are found by the engine; who pays on 8–10 when both whisted follows
    `shortfall_high` (the second whister, the two half each, or each the whole), as `settle` does.
    """
    shares, high = [], {"second": [], "split": [], "each": []}
    for L in levels:
        if not L["obligation"]:
            continue  # a checked 10: no obligation, no shortfall
        if L["level"] in (6, 7):
            shares.append((L["level"], _whist_share(L["level"], L["obligation"], conv, table_size, dealer)))
        else:
            high[conv.shortfall_high].append(L["level"])
    parts = [phrase(lang, "costs.short_when"), phrase(lang, "costs.short_lone")]
    if shares:
        each = "; ".join(phrase(lang, "costs.short_share_item", level=lvl, n=n) for lvl, n in shares)
        key = "costs.short_side" if conv.shortfall_low == "side" else "costs.short_split"
        parts.append(phrase(lang, key, levels=_levels_text([lvl for lvl, _ in shares], lang), shares=each))
    for reading, key in (
        ("second", "costs.short_second"),
        ("split", "costs.short_halves"),
        ("each", "costs.short_each"),
    ):
        if high[reading]:
            parts.append(phrase(lang, key, levels=_levels_text(high[reading], lang)))
    return " ".join(parts)


_SEAT_OF = {"declarer": "N", "whister": "E", "passer": "S", "dealer": "W"}  # the seats of the examples' roles


def _lone_whist_rows(
    level: int, strain: str | None, conv: Conventions, table_size: int, dealer: str, roles: list, lang: str
) -> list[dict]:
    """A level's rows under a lone whister, from 10 tricks taken down: each role's result."""
    rows = []
    for taken in range(10, max(-1, level - 5), -1) if strain else ():
        outcome = Outcome.make(
            table_size,
            dealer,
            f"{level}{strain}",
            "N",
            {"N": taken, "E": 10 - taken},
            {"E": "whist", "S": "pass"},
            conventions=conv,
        )
        res = settle(outcome, conv).results
        rows.append(
            {"tricks": taken, "diff": taken - level, "cells": [signed(res[_SEAT_OF[role]], lang) for role in roles]}
        )
    return rows


def _levels(conv: Conventions, table_size: int, dealer: str, roles: list, lang: str) -> list[dict]:
    """Every level's rates and its rows under a lone whister."""
    levels = []
    for level in LEVELS:
        r = rates(level, conv, table_size)
        strain = _lone_strain(level, conv)
        levels.append(
            {
                "level": level,
                "cost": r["cost"],
                "obligation": r["obligation"],
                "made": r["made"],
                "trick": r["trick"],
                "under": r["undertrick"],
                "short": r["shortfall"],
                "half": r["half"],
                "conceded": r["conceded"],
                "rows": _lone_whist_rows(level, strain, conv, table_size, dealer, roles, lang),
                "strain": strain,
            }
        )
    return levels


def _misere_and_allpass(conv: Conventions, table_size: int) -> tuple[dict, dict]:
    """The misère and all-pass parts, from the same entries settle writes."""
    misere = {
        "made": results_of([Entry("pool", "N", Fraction(MISERE_COST))], table_size, conv.pool_value),
        "per_trick": results_of([Entry("gora", "N", Fraction(conv.misere_gora))], table_size, conv.pool_value),
        "cap": conv.misere_max_tricks,
    }
    allpass = {
        "zero": results_of([Entry("pool", "N", Fraction(1))], table_size, conv.pool_value),
        "per_trick": results_of([Entry("gora", "N", Fraction(conv.allpass_gora))], table_size, conv.pool_value),
        "dealer_pool": table_size == 4 and conv.allpass_dealer_pool,
    }
    return misere, allpass


def _allpass_examples(conv: Conventions, table_size: int, dealer: str, hands, lang: str) -> list[dict]:
    """All-pass deals of several splits of the tricks: each hand's result, and the dealer's at a table of 4."""
    examples = []
    for split in ((0, 4, 6), (1, 4, 5), (2, 3, 5), (2, 4, 4), (3, 3, 4), (1, 2, 7), (0, 5, 5), (1, 3, 5)):
        outcome = Outcome.make(table_size, dealer, "—", None, dict(zip(hands, split)), conventions=conv)
        res = settle(outcome, conv).results
        examples.append(
            {
                "split": "–".join(map(str, split)),
                "talon": 10 - sum(split),
                "cells": [signed(res[s], lang) for s in hands],
            }
            | ({"dealer": signed(res[dealer], lang)} if table_size == 4 else {})
        )
    return examples


def _checked_ten(conv: Conventions, table_size: int, dealer: str, lang: str) -> dict | None:
    """A checked 10 made: the declarer's result and each other's (None where tens are not checked)."""
    if conv.tens != "checked":
        return None
    made = settle(Outcome.make(table_size, dealer, "10♠", "N", {"N": 10}, {"E": "pass", "S": "pass"}), conv)
    return {"declarer": signed(made["N"], lang), "other": signed(made["E"], lang)}


def costs_context(variant: str, conv: Conventions, table_size: int, lang: str) -> dict:
    """Every figure of the cost-of-game table, computed by the scoring engine from the conventions."""
    four = table_size == 4
    dealer = "W" if four else "N"
    roles = ["declarer", "whister", "passer"] + (["dealer"] if four else [])
    levels = _levels(conv, table_size, dealer, roles, lang)
    misere, allpass = _misere_and_allpass(conv, table_size)
    hands = active_seats(table_size, dealer)
    return {
        "variant": variant,
        "conv": conv,
        "table_size": table_size,
        "four": four,
        "roles": roles,
        "role_words": ROLE_WORDS[lang],
        "role_short": ROLE_SHORT[lang],
        "levels": levels,
        "misere": misere,
        "allpass": allpass,
        "allpass_examples": _allpass_examples(conv, table_size, dealer, hands, lang),
        "allpass_hands": hands,
        "examples": _worked_examples(conv, table_size, dealer, lang),
        "conventions": conventions_list(conv, lang, table_size),
        "signed": lambda v: signed(v, lang),
        "dealer_seat": dealer,
        "checked": _checked_ten(conv, table_size, dealer, lang),
        "half_levels": [L for L in levels if L["half"] and L["strain"]],
        "compulsory": "sixes" if conv.sixes_whisted else "stalingrad" if conv.stalingrad else None,
        "responsibility": _responsibility(levels, conv, table_size, dealer, lang),
        "misere_cost": MISERE_COST,
        # results of a table of 3 are thirds: each is rounded, so a row may miss 0 by a step
        "rounding": phrase(lang, "costs.rounding_3", step=number(Fraction(1, 10), lang)) if not four else "",
    }
