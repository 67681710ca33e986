"""Settling a deal: the case files, the rules' own examples, invariants by hypothesis, the cost table."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefprint.engine.rules import (
    COST,
    OBLIGATION,
    SEATS,
    VARIANTS,
    Contract,
    Outcome,
    active_seats,
    both_must_whist,
    conventions_for,
    obligation,
    rates,
    settle,
)
from prefprint.errors import ScoringError

CASES = sorted((Path(__file__).parents[1] / "cases" / "scoring").glob("*.toml"))
CASES_TODAY = 61  # the case files in tests/cases/scoring; more may come, none may go unnoticed


def test_the_case_files_are_found():
    """A glob that finds no file runs no case: the count fails instead."""
    assert len(CASES) >= CASES_TODAY, f"{len(CASES)} scoring case files found, {CASES_TODAY} expected"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_file(path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    conv = conventions_for(case["variant"], case.get("conventions"))

    def run():
        outcome = Outcome.make(
            case["table_size"],
            case["dealer"],
            case["contract"],
            case.get("declarer"),
            case.get("tricks"),
            case.get("defence"),
            case.get("dark", False),
            case.get("concede"),
        )
        return settle(outcome, conv).results

    if "error" in case:
        with pytest.raises(ScoringError) as e:
            run()
        assert e.value.text("en") == case["error"]
        assert "error_ru" in case, f"{path.name}: an error case states its Russian text too"
        assert e.value.text("ru") == case["error_ru"] != case["error"]
    else:
        expected = {s: Fraction(str(v)) for s, v in case["expected"].items()}
        assert run() == expected


def test_consolation_to_dealer_can_be_switched_off():
    conv = conventions_for("sochi", {"consolation_to_dealer": False})
    o = Outcome.make(4, "W", "7♠", "N", {"N": 5, "E": 5}, {"E": "whist", "S": "pass"})
    res = settle(o, conv).results
    assert res["W"] == 28 - 8 and sum(res.values()) == 0


def test_classic_all_pass_is_twenty_a_trick_in_the_full_record():
    """004_…: "каждая взятка равна 20", the record written ten times smaller: 2 gora = 20 whists a trick."""
    one = Outcome.make(3, "N", "—", None, {"N": 1, "E": 4, "S": 5})
    two = Outcome.make(3, "N", "—", None, {"N": 2, "E": 3, "S": 5})
    assert settle(two, VARIANTS["classic"])["N"] - settle(one, VARIANTS["classic"])["N"] == -20


# --------------------------------------------------------------------------- issue 38: who answers for a shortfall


def _shortfall_gora(conv, size, level, e, s):
    """Both whisted a made game (N declares, E and S defend): the shortfall gora of each, from the entries."""
    dealer = "W" if size == 4 else "N"
    tricks = {"N": 10 - e - s, "E": e, "S": s}
    o = Outcome.make(size, dealer, f"{level}♥", "N", tricks, {"E": "whist", "S": "whist"}, conventions=conv)
    gora = {"E": Fraction(0), "S": Fraction(0)}
    for entry in settle(o, conv).entries:
        if entry.why == "shortfall":
            gora[entry.seat] += entry.amount
    return gora


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(tuple(VARIANTS)), st.sampled_from((3, 4)), st.sampled_from((6, 7)), st.data())
def test_side_charges_only_the_sides_missing_tricks_to_who_fell_short(variant, size, level, data):
    must = OBLIGATION[level]
    e = data.draw(st.integers(0, must - 1))
    s = data.draw(st.integers(0, must - 1 - e))
    side_conv = conventions_for(variant, {"shortfall_low": "side"})
    side = _shortfall_gora(side_conv, size, level, e, s)
    half = _shortfall_gora(conventions_for(variant, {"shortfall_low": "half"}), size, level, e, s)
    unit = side_conv.shortfall * COST[level]
    assert sum(side.values()) == unit * (must - e - s) <= sum(half.values())
    for seat, took in (("E", e), ("S", s)):
        assert (side[seat] > 0) == (took < must // 2) and side[seat] <= half[seat]
    if max(e, s) > must // 2:
        assert side != half  # one took more than his half (only possible on a 6): it covers his partner
    else:
        assert side == half  # neither took more than his half: each answers for his own


@pytest.mark.parametrize("variant", tuple(VARIANTS))
@pytest.mark.parametrize("level", (8, 9, 10))
def test_the_readings_of_a_high_shortfall(variant, level):
    """8–10, both whisted and took nothing: the second whister, the two half each, or each the whole trick."""
    unit = VARIANTS[variant].shortfall * COST[level]
    readings = {"second": (0, unit), "split": (unit / 2, unit / 2), "each": (unit, unit)}
    for size in (3, 4):
        for reading, (e, s) in readings.items():
            conv = conventions_for(variant, {"shortfall_high": reading})
            assert _shortfall_gora(conv, size, level, 0, 0) == {"E": e, "S": s}, (size, reading)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from((3, 4)), st.data())
def test_the_rostov_difference(size, data):
    """Each of the fewest writes allpass_whists a trick the other took beyond him, in full; alone on 0 tricks
    the fewest writes what he writes under "tricks"."""
    dealer = "W" if size == 4 else "N"
    players = active_seats(size, dealer)
    a = data.draw(st.integers(0, 10))
    b = data.draw(st.integers(0, 10 - a))
    c = 10 - a - b - data.draw(st.integers(0, min(2, 10 - a - b)))
    tricks = dict(zip(players, (a, b, c)))
    o = Outcome.make(size, dealer, "—", None, tricks)
    rostov = VARIANTS["rostov"]
    difference = settle(o, replace(rostov, rostov_allpass="difference"))
    fewest = min(tricks.values())
    low = [p for p in players if tricks[p] == fewest]
    for p in players:
        wrote = sum(e.amount for e in difference.entries if e.what == "whists" and e.seat == p)
        assert wrote == (5 * sum(t - fewest for t in tricks.values()) if p in low else 0)
    if fewest == 0 and len(low) == 1:
        assert difference.results == settle(o, rostov).results


# --------------------------------------------------------------------------- random outcomes


@st.composite
def conventions(draw):
    """A preset, half the time with the conventions of issue 12 switched at random, half those of issue 38."""
    conv = VARIANTS[draw(st.sampled_from(tuple(VARIANTS)))]
    if draw(st.booleans()):
        conv = replace(
            conv,
            tens=draw(st.sampled_from(("whisted", "checked"))),
            stalingrad=draw(st.booleans()),
            sixes_whisted=draw(st.booleans()),
            concession=draw(st.booleans()),
            misere_max_tricks=draw(st.integers(1, 10)),
            dark=draw(st.sampled_from((0, 2, 3))),
        )
    if draw(st.booleans()):  # the readings of issue 38
        conv = replace(
            conv,
            shortfall_high=draw(st.sampled_from(("second", "split", "each"))),
            shortfall_low=draw(st.sampled_from(("half", "side"))),
            rostov_allpass=draw(st.sampled_from(("tricks", "difference"))),
        )
    return conv


@st.composite
def cases(draw):
    """Conventions and an outcome they allow."""
    conv = draw(conventions())
    size = draw(st.sampled_from((3, 4)))
    dealer = draw(st.sampled_from(SEATS[size]))
    players = active_seats(size, dealer)
    kind = draw(st.sampled_from(("game", "game", "game", "misere", "allpass")))

    def make(*args, **kwargs):
        return conv, Outcome.make(size, dealer, *args, conventions=conv, **kwargs)

    if kind == "allpass":
        a = draw(st.integers(0, 10))
        b = draw(st.integers(0, 10 - a))
        talon = draw(st.integers(0, min(2, 10 - a - b)))  # the talon's tricks are not written
        return make("—", None, dict(zip(players, (a, b, 10 - a - b - talon))))
    declarer = draw(st.sampled_from(players))
    if kind == "misere":
        return make("мизер", declarer, {declarer: draw(st.integers(0, 10))})
    level = draw(st.sampled_from(tuple(COST)))
    contract = Contract("game", level, draw(st.sampled_from(("♠", "♣", "♦", "♥", "БК"))))
    dark = bool(conv.dark) and draw(st.booleans())
    if conv.concession and draw(st.integers(0, 3)) == 0:
        return make(contract, declarer, {}, {}, dark, draw(st.integers(1, level)))
    order = [s for s in "NESW" if s in players]
    i = order.index(declarer)
    w1, w2 = order[(i + 1) % 3], order[(i + 2) % 3]
    pattern = "ww" if both_must_whist(contract, conv) else draw(st.sampled_from(("ww", "wp", "pw", "pp", "half")))
    taken = draw(st.integers(0, 10))
    if pattern == "pp" or (pattern == "half" and level > 7):
        return make(contract, declarer, {}, {w1: "pass", w2: "pass"}, dark)
    if pattern == "half":
        return make(contract, declarer, {}, {w1: "pass", w2: "half"}, dark)
    if pattern in ("wp", "pw"):
        whister, passer = (w1, w2) if pattern == "wp" else (w2, w1)
        return make(
            contract, declarer, {declarer: taken, whister: 10 - taken}, {whister: "whist", passer: "pass"}, dark
        )
    first = draw(st.integers(0, 10 - taken))
    return make(
        contract, declarer, {declarer: taken, w1: first, w2: 10 - taken - first}, {w1: "whist", w2: "whist"}, dark
    )


def _rotate(seat, size, k):
    seats = SEATS[size]
    return seats[(seats.index(seat) + k) % size]


@settings(max_examples=300, deadline=None)
@given(cases())
def test_whists_sum_to_zero_and_are_exact(case):
    conv, outcome = case
    res = settle(outcome, conv).results
    assert sum(res.values()) == 0
    assert all(isinstance(v, Fraction) for v in res.values())
    # the table mean divides by N, a split all-pass or gentleman whist by 2: nothing finer
    assert all((v * 2 * outcome.table_size).denominator == 1 for v in res.values())


@settings(max_examples=200, deadline=None)
@given(cases(), st.integers(1, 3))
def test_turning_the_table_turns_the_results(case, k):
    """Seats are only names: moving everybody k seats clockwise moves the results with them."""
    conv, outcome = case
    n = outcome.table_size
    if n == 3 and k == 3:
        k = 1
    r = lambda s: _rotate(s, n, k)  # noqa: E731
    turned = replace(
        outcome,
        dealer=r(outcome.dealer),
        declarer=outcome.declarer and r(outcome.declarer),
        tricks=tuple((r(s), t) for s, t in outcome.tricks),
        defence=tuple((r(s), w) for s, w in outcome.defence),
    )
    a, b = settle(outcome, conv).results, settle(turned, conv).results
    assert all(b[r(s)] == a[s] for s in SEATS[n])


@settings(max_examples=60, deadline=None)
@given(conventions(), st.sampled_from((3, 4)), st.sampled_from(tuple(COST)), st.data())
def test_a_concession_is_gora_only(conv, size, level, data):
    """ "Без N" writes the declarer's gora for N tricks and nothing else: the others share it equally."""
    conv = replace(conv, concession=True)
    dealer = data.draw(st.sampled_from(SEATS[size]))
    declarer = data.draw(st.sampled_from(active_seats(size, dealer)))
    conceded = data.draw(st.integers(1, level))
    dark = bool(conv.dark) and data.draw(st.booleans())
    outcome = Outcome.make(size, dealer, f"{level}♥", declarer, {}, {}, dark, conceded, conventions=conv)
    res = settle(outcome, conv).results
    gora = conv.remiz * COST[level] * conceded
    factor = conv.dark if dark else 1
    assert res[declarer] == -10 * gora * Fraction(size - 1, size) * factor
    assert {v for s, v in res.items() if s != declarer} == {10 * gora * Fraction(1, size) * factor}


@settings(max_examples=200, deadline=None)
@given(conventions(), st.sampled_from((3, 4)), st.sampled_from(tuple(COST)), st.integers(0, 10))
def test_cost_table_parts_add_up_to_settle(conv, size, level, taken):
    """The printed parts (made, per trick, per undertrick, shortfall) give the engine's result."""
    dealer = "W" if size == 4 else "N"
    rt = rates(level, conv, size)
    contract = Contract("game", level, "♣")
    if both_must_whist(contract, conv):
        return  # no lone whister on a compulsory 6: the sheet prints no whist-pass table for it
    o = Outcome.make(
        size, dealer, contract, "N", {"N": taken, "E": 10 - taken}, {"E": "whist", "S": "pass"}, conventions=conv
    )
    res = settle(o, conv).results
    under = max(0, level - taken)
    defence = 10 - taken
    if under == 0:
        short = max(0, obligation(level, conv) - defence)
        decl = rt["made"]["declarer"] - rt["trick"] * defence + short * rt["shortfall"]["declarer"]
        whister = rt["made"]["whister"] + rt["trick"] * defence + short * rt["shortfall"]["whister"]
        assert res["N"] == decl and res["E"] == whister
    else:
        split = Fraction(1, 2) if conv.lone_whist == "gentleman" else 1
        assert res["N"] == under * rt["undertrick"]["declarer"] - rt["trick"] * defence
        assert res["E"] == under * rt["undertrick"]["whister"] + rt["trick"] * defence * split


def test_checked_ten_made_is_an_unwhisted_ten():
    for variant in VARIANTS:
        conv = replace(VARIANTS[variant], tens="checked")
        for size, dealer in ((4, "W"), (3, "N")):
            unwhisted = Outcome.make(size, dealer, "10♦", "N", {}, {"E": "pass", "S": "pass"})
            checked = Outcome.make(size, dealer, "10♦", "N", {"N": 10, "E": 0, "S": 0}, {"E": "whist", "S": "whist"})
            assert settle(checked, conv).results == settle(unwhisted, conv).results
