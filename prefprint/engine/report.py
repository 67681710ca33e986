"""What a session's results are made of, for every layer that reads them: the rows and deals as checked
(`Result`, `DealResult`, `Checked`: what prefprint.checks finds), one session's `Report` (app.results scores
it), and the `CompetitionReport` of every session played so far, each player's `SessionTotal` in it
(app.competition combines them). The views, the publishing and the spreadsheet read them; plain data only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from prefprint.engine.matchpoints import Share, Standing
from prefprint.engine.model import Competition, Event
from prefprint.engine.rules import ContractCell, Outcome


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
    results: list[Result]
    notes: list = field(default_factory=list)


@dataclass
class Checked:
    """What the checker found: the deals, the problems (which stop publishing) and the warnings."""

    deals: list[DealResult]
    problems: list
    warnings: list
    pending: list = field(default_factory=list)
    applied: list = field(default_factory=list)  # rulings as they count per player
    partial: dict = field(default_factory=dict)  # provisional: deal -> (rows entered, rows in all)

    def __iter__(self):  # deals, problems, warnings = check_workbook(...)
        return iter((self.deals, self.problems, self.warnings))


@dataclass
class Report:
    """The results of one session: its deals as checked, the standings, and what the pages say of them."""

    event: Event
    deals: list[DealResult]
    standings: list[Standing]
    warnings: list
    per_player: dict  # player -> [(deal, Result, seat), ...]
    rulings: list = field(default_factory=list)  # Applied: every ruling as it counted, with its reason
    provisional: bool = False
    pending: list = field(default_factory=list)  # deals not yet scored (provisional results)
    generated_at: str = ""  # local time of the run, "2026-12-05 22:41"
    factoring: str = "plain"
    partial: dict = field(default_factory=dict)  # deals scored over the rows entered so far: deal -> (rows, of)
    analysis: object = None  # analysis.cache.EventAnalysis of the deals (double dummy); None: not analysed


@dataclass
class SessionTotal(Share):
    """A player's matchpoints and maximum in one session; `digits`: decimals of that session's ranking."""

    session: int
    mp: object
    max: int
    digits: int = 2


@dataclass
class CompetitionReport:
    """The reports of the sessions played so far and the ranking over all their protocols."""

    competition: Competition
    reports: list[Report]  # of each session given, in session order
    standings: list[Standing]
    sessions_of: dict = field(default_factory=dict)  # player -> [SessionTotal, ...]
    warnings: list = field(default_factory=list)

    @property
    def sessions(self) -> list[Event]:
        return [r.event for r in self.reports]
