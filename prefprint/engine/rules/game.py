"""What every rule of the game counts with: the seats, levels, strains, costs and obligations; `refusal`, a rule broken."""

from __future__ import annotations

from prefprint.errors import ScoringError
from prefprint.movement import SEATS  # noqa: F401  (the seats of a table of 4 and of 3, as the movement seats them)
from prefprint.words.messages import Message

CLOCKWISE = ("N", "E", "S", "W")
COST = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
MISERE_COST = 10
STRAINS = ("♠", "♣", "♦", "♥", "БК")  # in bidding order
LEVELS = tuple(COST)


def refusal(code: str, **params) -> ScoringError:
    """The ScoringError saying which rule an outcome or a cell breaks (a catalogue message, rules.*)."""
    return ScoringError(Message(code, **params))
