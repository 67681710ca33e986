"""The protocol cells of an outcome: what N writes, as the site, results.xlsx and the scoring server show it."""

from __future__ import annotations

from prefprint.engine.cells import protocol_cells
from prefprint.engine.rules import Outcome


def test_a_game_conceded_before_play_shows_the_declarer_alone():
    """No defence was said: no «пол» or «пас» for the defenders (the site once showed both as half-whisting)."""
    outcome = Outcome.make(4, "W", "6♠ без 3", "N")
    assert protocol_cells(outcome, "ru") == [("N", ""), ("", ""), ("", "")]


def test_a_played_game_shows_each_defenders_answer():
    outcome = Outcome.make(4, "W", "7♠", "N", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"})
    assert protocol_cells(outcome, "ru") == [("N", 7), ("E", 3), ("S", "пас")]
    half = Outcome.make(4, "W", "6♠", "N", {"N": 6}, {"E": "pass", "S": "half"})
    assert protocol_cells(half, "en")[2][0] == "S" and protocol_cells(half, "ru")[2][1] == "пол"
