"""The scoring engine: case files, the DOMAIN examples, invariants by hypothesis."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefprint.errors import ScoringError
from prefprint.rules import (COST, OBLIGATION, SEATS, VARIANTS, Contract, Outcome, active_seats, conventions_for,
                             rates, settle)

CASES = sorted((Path(__file__).parent / "cases" / "scoring").glob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_file(path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    conv = conventions_for(case["variant"])

    def run():
        outcome = Outcome.make(case["table_size"], case["dealer"], case["contract"], case.get("declarer"),
                               case.get("tricks"), case.get("defence"), case.get("dark", False))
        return settle(outcome, conv).results

    if "error" in case:
        with pytest.raises(ScoringError) as e:
            run()
        assert str(e.value) == case["error"]
    else:
        expected = {s: Fraction(str(v)) for s, v in case["expected"].items()}
        assert run() == expected


def test_contract_text_round_trips():
    for level in COST:
        for strain in ("♠", "♣", "♦", "♥", "БК"):
            c = Contract.parse(f"{level}{strain}")
            assert Contract.parse(str(c)) == c and c.level == level
    assert Contract.parse("7S") == Contract.parse("7♠") == Contract.parse(" 7 ♠ ")
    assert Contract.parse("8NT") == Contract.parse("8бк") == Contract("game", 8, "БК")
    assert Contract.parse("Мизер").kind == "misere" and Contract.parse("—").kind == "allpass"
    assert Contract.parse("распасы").kind == Contract.parse("pass").kind == "allpass"
    with pytest.raises(ScoringError, match='contract "11♠" — levels are 6–10'):
        Contract.parse("11♠")


def test_unknown_variant_and_convention():
    with pytest.raises(ScoringError, match="unknown variant 'moscow'; known: sochi, leningrad, rostov, classic"):
        conventions_for("moscow")
    with pytest.raises(ScoringError) as e:
        conventions_for("sochi", {"bombs": 1, "lone_whist": "lazy"})
    assert "unknown convention 'bombs'" in str(e.value)
    assert "convention 'lone_whist': expected greedy or gentleman, found 'lazy'" in str(e.value)


def test_dark_only_where_played():
    o = Outcome.make(4, "W", "6♠", "N", {"N": 6, "E": 4}, {"E": "whist", "S": "pass"}, dark=True)
    with pytest.raises(ScoringError, match="dark games are not played"):
        settle(o, VARIANTS["sochi"])


def test_consolation_to_dealer_can_be_switched_off():
    conv = conventions_for("sochi", {"consolation_to_dealer": False})
    o = Outcome.make(4, "W", "7♠", "N", {"N": 5, "E": 5}, {"E": "whist", "S": "pass"})
    res = settle(o, conv).results
    assert res["W"] == 28 - 8 and sum(res.values()) == 0


# --------------------------------------------------------------------------- random outcomes

@st.composite
def outcomes(draw):
    size = draw(st.sampled_from((3, 4)))
    dealer = draw(st.sampled_from(SEATS[size]))
    players = active_seats(size, dealer)
    kind = draw(st.sampled_from(("game", "game", "game", "misere", "allpass")))
    dark = False
    if kind == "allpass":
        a = draw(st.integers(0, 10))
        b = draw(st.integers(0, 10 - a))
        return Outcome.make(size, dealer, "—", None, dict(zip(players, (a, b, 10 - a - b))))
    declarer = draw(st.sampled_from(players))
    if kind == "misere":
        return Outcome.make(size, dealer, "мизер", declarer, {declarer: draw(st.integers(0, 10))})
    level = draw(st.sampled_from(tuple(COST)))
    contract = f"{level}{draw(st.sampled_from(('♠', '♣', '♦', '♥', 'БК')))}"
    order = [s for s in "NESW" if s in players]
    i = order.index(declarer)
    w1, w2 = order[(i + 1) % 3], order[(i + 2) % 3]
    pattern = draw(st.sampled_from(("ww", "wp", "pw", "pp", "half")))
    dark = draw(st.booleans())
    taken = draw(st.integers(0, 10))
    if pattern == "pp":
        return Outcome.make(size, dealer, contract, declarer, {}, {w1: "pass", w2: "pass"}, dark)
    if pattern == "half":
        if level > 7:
            return Outcome.make(size, dealer, contract, declarer, {}, {w1: "pass", w2: "pass"}, dark)
        return Outcome.make(size, dealer, contract, declarer, {}, {w1: "pass", w2: "half"}, dark)
    if pattern in ("wp", "pw"):
        whister, passer = (w1, w2) if pattern == "wp" else (w2, w1)
        return Outcome.make(size, dealer, contract, declarer, {declarer: taken, whister: 10 - taken},
                            {whister: "whist", passer: "pass"}, dark)
    first = draw(st.integers(0, 10 - taken))
    return Outcome.make(size, dealer, contract, declarer, {declarer: taken, w1: first, w2: 10 - taken - first},
                        {w1: "whist", w2: "whist"}, dark)


def _rotate(seat, size, k):
    seats = SEATS[size]
    return seats[(seats.index(seat) + k) % size]


@settings(max_examples=300, deadline=None)
@given(outcomes(), st.sampled_from(tuple(VARIANTS)))
def test_whists_sum_to_zero_and_are_exact(outcome, variant):
    conv = VARIANTS[variant]
    if outcome.dark and not conv.dark:
        outcome = Outcome(outcome.table_size, outcome.dealer, outcome.contract, outcome.declarer,
                          outcome.tricks, outcome.defence, False)
    res = settle(outcome, conv).results
    assert sum(res.values()) == 0
    assert all(isinstance(v, Fraction) for v in res.values())
    # the table mean divides by N, a split all-pass or gentleman whist by 2: nothing finer
    assert all((v * 2 * outcome.table_size).denominator == 1 for v in res.values())


@settings(max_examples=200, deadline=None)
@given(outcomes(), st.sampled_from(tuple(VARIANTS)), st.integers(1, 3))
def test_turning_the_table_turns_the_results(outcome, variant, k):
    """Seats are only names: moving everybody k seats clockwise moves the results with them."""
    conv = VARIANTS[variant]
    outcome = Outcome(outcome.table_size, outcome.dealer, outcome.contract, outcome.declarer,
                      outcome.tricks, outcome.defence, outcome.dark and bool(conv.dark))
    n = outcome.table_size
    if n == 3 and k == 3:
        k = 1
    r = lambda s: _rotate(s, n, k)  # noqa: E731
    turned = Outcome(n, r(outcome.dealer), outcome.contract, outcome.declarer and r(outcome.declarer),
                     tuple((r(s), t) for s, t in outcome.tricks), tuple((r(s), w) for s, w in outcome.defence),
                     outcome.dark)
    a, b = settle(outcome, conv).results, settle(turned, conv).results
    assert all(b[r(s)] == a[s] for s in SEATS[n])


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(tuple(VARIANTS)), st.sampled_from((3, 4)), st.sampled_from(tuple(COST)),
       st.integers(0, 10))
def test_cost_table_parts_add_up_to_settle(variant, size, level, taken):
    """The printed parts (made, per trick, per undertrick, shortfall) give the engine's result."""
    conv = VARIANTS[variant]
    dealer = "W" if size == 4 else "N"
    rt = rates(level, conv, size)
    o = Outcome.make(size, dealer, f"{level}♠", "N", {"N": taken, "E": 10 - taken}, {"E": "whist", "S": "pass"})
    res = settle(o, conv).results
    under = max(0, level - taken)
    defence = 10 - taken
    if under == 0:
        short = max(0, OBLIGATION[level] - defence)
        decl = rt["made"]["declarer"] - rt["trick"] * defence + short * rt["shortfall"]["declarer"]
        whister = rt["made"]["whister"] + rt["trick"] * defence + short * rt["shortfall"]["whister"]
        assert res["N"] == decl and res["E"] == whister
    else:
        split = Fraction(1, 2) if conv.lone_whist == "gentleman" else 1
        assert res["N"] == under * rt["undertrick"]["declarer"] - rt["trick"] * defence
        assert res["E"] == under * rt["undertrick"]["whister"] + rt["trick"] * defence * split
