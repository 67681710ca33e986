"""Outcomes: what a table writes, checked against the rules and the conventions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from prefprint.engine.rules import VARIANTS, Outcome, parse_contract_cell, settle
from prefprint.errors import ScoringError


def test_dark_only_where_played():
    o = Outcome.make(4, "W", "6♠", "N", {"N": 6, "E": 4}, {"E": "whist", "S": "pass"}, dark=True)
    with pytest.raises(ScoringError, match="dark games are not played"):
        settle(o, VARIANTS["sochi"])
    with pytest.raises(ScoringError) as e:
        Outcome.make(
            4, "W", "7♠ втёмную", "N", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"}, conventions=VARIANTS["leningrad"]
        )
    assert e.value.text() == "в этих соглашениях втёмную не играют"
    assert Outcome.make(
        4, "W", "7♠ втёмную", "N", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"}
    ).cell == parse_contract_cell("7♠ dark")


def test_concession_given_twice_must_agree():
    assert Outcome.make(4, "W", "6♠ без 3", "N", conceded=3).conceded == 3
    with pytest.raises(ScoringError, match="the tricks conceded are given twice: 3 and 4"):
        Outcome.make(4, "W", "6♠ без 3", "N", conceded=4)
    with pytest.raises(ScoringError, match="down 7 on 6: one can concede 1 to 6 tricks"):
        Outcome.make(4, "W", "6♠", "N", conceded=7)
    with pytest.raises(ScoringError, match="the declarer has 3 tricks, not 5"):
        Outcome.make(4, "W", "6♠ без 3", "N", {"N": 5})
    with pytest.raises(ScoringError, match="only a game can be conceded, not a misère"):
        Outcome.make(4, "W", "мизер без 1", "N", {"N": 1})


def test_a_checked_ten_needs_no_defence():
    conv = replace(VARIANTS["sochi"], tens="checked")
    made = Outcome.make(4, "W", "10♠", "N", {"N": 10}, conventions=conv)
    assert dict(made.defence) == {"E": "whist", "S": "whist"} and dict(made.tricks) == {"N": 10, "E": 0, "S": 0}
    unwhisted = Outcome.make(4, "W", "10♠", "N", {}, {"E": "pass", "S": "pass"})
    assert settle(made, conv).results == settle(unwhisted, conv).results
    short = Outcome.make(4, "W", "10♠", "N", {"N": 8, "E": 1, "S": 1}, conventions=conv)
    assert settle(short, conv).results == {"N": -230, "E": 80, "S": 80, "W": 70}
    with pytest.raises(ScoringError) as e:
        Outcome.make(4, "W", "10♠", "N", {"N": 8}, conventions=conv)
    assert e.value.message.code == "rules.checked_ten"
    with pytest.raises(ScoringError) as e:  # whisted tens still want the defence
        Outcome.make(4, "W", "10♠", "N", {"N": 10}, conventions=VARIANTS["sochi"])
    assert e.value.message.code == "rules.defence_missing"
    at_three = Outcome.make(3, "N", "10♠", "E", {"E": 10}, conventions=conv)
    assert dict(at_three.defence) == {"N": "whist", "S": "whist"}


def test_a_misere_says_which_tricks_are_wrong():
    """No tricks at all: the declarer's are missing; the catchers' written: only the declarer's are written."""
    with pytest.raises(ScoringError) as e:
        Outcome.make(4, "W", "мизер", "N", {}, {})
    assert e.value.text("ru") == "не указаны взятки играющего"
    with pytest.raises(ScoringError) as e:
        Outcome.make(4, "W", "мизер", "N", {"N": 0, "E": 5}, {})
    assert e.value.text("ru") == "на мизере пишутся только взятки играющего"
