"""What the checks find: the rows and deals read, and the problems and warnings, kept in one `Findings`.

The rows, deals and what was found (`Result`, `DealResult`, `Checked`) are engine.report's: the views read them too."""

from __future__ import annotations

from dataclasses import dataclass

from prefprint.engine.model import Event
from prefprint.engine.report import Checked, DealResult, Result
from prefprint.engine.rulings import Rulings
from prefprint.io.workbook import cell_ref, status_ref
from prefprint.words.messages import Message


class Problem(Exception):
    """A problem found in one cell of a row: stops the checks of that row."""

    def __init__(self, column: str, code: str, **params):
        super().__init__(code)
        self.column, self.code, self.params = column, code, params


@dataclass
class Seated:
    """A player number as written in a row, for the checks across rows and sheets."""

    round: int
    table: int
    seat: str
    player: int
    planned: int
    cell: str


class Findings:
    """The run of the checks over one workbook: what they are told (event, trust, rulings, provisional)
    and what they find (problems, warnings, the players as seated, deals pending or partial, rulings applied)."""

    cell_ref = staticmethod(cell_ref)
    status_ref = staticmethod(status_ref)

    def __init__(self, event: Event, trust: str | None, rulings: Rulings, provisional: bool):
        self.event, self.trust, self.rulings, self.provisional = event, trust, rulings, provisional
        self.problems, self.warnings, self.seated, self.pending, self.applied = [], [], [], [], []
        self.partial = {}

    def problem(self, code, **params):
        self.problems.append(Message(code, **params))

    def warn(self, code, **params):
        self.warnings.append(Message(code, **params))

    def checked(self, deals: list) -> Checked:
        return Checked(deals, self.problems, self.warnings, self.pending, self.applied, self.partial)


__all__ = ["Checked", "DealResult", "Findings", "Problem", "Result", "Seated"]
