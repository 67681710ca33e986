"""What the checks find: the rows and deals read, and the problems and warnings, kept in one `Findings`."""

from __future__ import annotations

from dataclasses import dataclass, field

from prefprint.engine.model import Event
from prefprint.engine.rules import ContractCell, Outcome
from prefprint.engine.rulings import Rulings
from prefprint.io.workbook import cell_ref, status_ref
from prefprint.words.messages import Message


@dataclass
class Result:
    """One row of a protocol: who sat where, what happened and the whists and matchpoints it got.

    `status` is played | not played | spoiled | adjusted; `notes` (Messages) say why a row is
    excluded or adjusted and which rulings touch it. Scored seats have `mp` and `tops`; an adjusted
    seat has `adjusted[seat]`, the percentage of the top awarded.
    """

    deal: int
    round: int
    table: int
    row: int
    contract: ContractCell | None  # as written: contract, dark, tricks conceded
    players: dict  # seat -> player number (as written)
    whists: dict  # seat -> Fraction
    outcome: Outcome | None = None
    cells: dict = field(default_factory=dict)  # raw values for display
    mp: dict = field(default_factory=dict)
    top: int = 0  # the largest top of the row's seats
    adjusted: dict = field(default_factory=dict)  # seat -> percentage awarded by the director
    status: str = "played"
    notes: list = field(default_factory=list)
    tops: dict = field(default_factory=dict)  # seat -> top of that seat's line


@dataclass
class DealResult:
    """Every row of one deal in (round, table) order, excluded ones included."""

    number: int
    status: str  # played | not played | spoiled | pending
    results: list
    notes: list = field(default_factory=list)


@dataclass
class Checked:
    """What the checker found: the deals, the problems (which stop publishing) and the warnings."""

    deals: list
    problems: list
    warnings: list
    pending: list = field(default_factory=list)
    applied: list = field(default_factory=list)  # rulings as they count per player
    partial: dict = field(default_factory=dict)  # provisional: deal -> (rows entered, rows in all)

    def __iter__(self):  # deals, problems, warnings = check_workbook(...)
        return iter((self.deals, self.problems, self.warnings))


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
