"""After play: read the filled protocols, check them, matchpoint, rank and publish.

The steps are separate: `read` (the workbook as typed) → `check_workbook` (every row against the
movement and the scoring engine, rulings applied) → `score` (matchpoints, totals, ranking) →
`publish`. `run` does all four.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from prefprint.engine.matchpoints import Standing, matchpoint, rank
from prefprint.engine.model import Event
from prefprint.engine.rules import (
    ContractCell,
    Outcome,
    active_seats,
    fmt_json,
    parse_contract_cell,
    parse_seat,
    settle,
)
from prefprint.engine.rulings import Applied, Rulings, penalty_top, scope_of
from prefprint.errors import ScoringError, WorkbookError
from prefprint.words.messages import Message, shown

TOLERANCE = Fraction(1, 20)  # written whists are rounded to one decimal
WHISTS_LIMIT = 100000  # far beyond any deal's result
STATUSES = ("played", "not played", "spoiled", "adjusted")
_PASS = {"пас", "pass", "п", "p"}
_HALF = {"пол", "half", "полвиста", "h"}
_PLAYED = {"сыграна", "сыграно", "played", ""}
_NOT_PLAYED = {"не сыграна", "не играна", "не сыграно", "not played", "нет", "-x-"}
_SPOILED = {"испорчена", "испорчено", "spoiled"}
_ADJUSTED = {"корр", "корр.", "adjusted", "adj", "adj."}
_ROW_WORDS = {**dict.fromkeys(_NOT_PLAYED, "not played"), **dict.fromkeys(_SPOILED, "spoiled"),
              **dict.fromkeys(_ADJUSTED, "adjusted")}
_SEAT_COLUMNS = (("decl_seat", "decl_tricks"), ("w1_seat", "w1_tricks"), ("w2_seat", "w2_tricks"))
# the cells a scorer types a result into (round, table and the players' numbers come printed)
_RESULT_CELLS = ("contract",) + tuple(c for pair in _SEAT_COLUMNS for c in pair) + tuple(
    f"{s}_{what}" for s in "NESW" for what in ("whists", "mp"))


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


@dataclass
class Report:
    event: Event
    deals: list
    standings: list
    warnings: list
    per_player: dict
    rulings: list = field(default_factory=list)  # Applied: every ruling as it counted, with its reason
    provisional: bool = False
    pending: list = field(default_factory=list)  # deals not yet scored (provisional results)
    generated_at: str = ""  # local time of the run, "2026-12-05 22:41"
    factoring: str = "plain"
    partial: dict = field(default_factory=dict)  # deals scored over the rows entered so far: deal -> (rows, of)
    analysis: object = None  # analysis.EventAnalysis of the deals (double dummy); None: not analysed


# --------------------------------------------------------------------------- reading cells

def _clean(v):
    if isinstance(v, str):
        v = " ".join(v.replace("\u00a0", " ").split())
        return v or None
    return v


def _word(v) -> str:
    """A typed word as compared: compatibility forms folded (NFKC), lower case, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", str(v)).casefold().split())


def _int(v):
    v = _clean(v)
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError
    if isinstance(v, float):
        if not math.isfinite(v) or v != int(v):
            raise ValueError
        return int(v)
    if isinstance(v, int):
        return v
    text = unicodedata.normalize("NFKC", str(v)).strip()
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        raise ValueError
    return int(text)


def parse_whists(v) -> Fraction | None:
    """A written whist amount: numbers, numbers typed as text, "−5", "+7", "3,3"; ValueError if none."""
    v = _clean(v)
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError
    if isinstance(v, int):
        return Fraction(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError
        return Fraction(Decimal(repr(v)))
    text = unicodedata.normalize("NFKC", str(v)).replace("−", "-").replace("–", "-").replace(",", ".")
    text = text.replace(" ", "").lstrip("+")
    if len(text) > 30:
        raise ValueError
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise ValueError from None
    if not d.is_finite():
        raise ValueError
    if d.adjusted() > 9:  # far out of range: do not build a huge number
        return Fraction(10 ** 10)
    return Fraction(d)


def _close(written: Fraction, computed: Fraction) -> bool:
    return abs(written - computed) <= TOLERANCE


def _show(x: Fraction) -> str:
    return f"{float(x):+.2f}".rstrip("0").rstrip(".") if x.denominator != 1 else f"{x.numerator:+d}"


def _mixed_scripts(word: str) -> bool:
    """Cyrillic and Latin letters in one word: a look-alike letter typed on the other keyboard."""
    return bool(re.search(r"[а-яё]", word)) and bool(re.search(r"[a-z]", word))


def _entered(srow) -> bool:
    """Something typed into a row's result cells (a contract, seats, tricks, whists or percentages)."""
    return any(_clean(srow.values.get(c)) is not None for c in _RESULT_CELLS)


def _row_word(value) -> str | None:
    """not played | spoiled | adjusted where a contract cell holds the director's word."""
    value = _clean(value)
    return _ROW_WORDS.get(_word(value)) if isinstance(value, str) else None


def _tricks_word(value):
    v = _clean(value)
    if isinstance(v, str) and _word(v) in _PASS:
        return "pass"
    if isinstance(v, str) and _word(v) in _HALF:
        return "half"
    return _int(v)


class _Problem(Exception):
    """A problem found in one cell of a row: stops the checks of that row."""

    def __init__(self, column: str, code: str, **params):
        super().__init__(code)
        self.column, self.code, self.params = column, code, params


@dataclass
class _Seated:
    """A player number as written in a row, for the checks across rows and sheets."""

    round: int
    table: int
    seat: str
    player: int
    planned: int
    cell: str


# --------------------------------------------------------------------------- the checker

class _Checker:
    """Every check of a filled workbook, one small method per kind of mistake."""

    def __init__(self, event: Event, trust: str | None, rulings: Rulings, provisional: bool):
        from prefprint.io.workbook import cell_ref, status_ref

        self.event, self.trust, self.rulings, self.provisional = event, trust, rulings, provisional
        self.cell_ref, self.status_ref = cell_ref, status_ref
        self.problems, self.warnings, self.seated, self.pending, self.applied = [], [], [], [], []
        self.partial = {}

    def problem(self, code, **params):
        self.problems.append(Message(code, **params))

    def warn(self, code, **params):
        self.warnings.append(Message(code, **params))

    # ------------------------------------------------------------------ sheets

    def sheet(self, sheet) -> DealResult:
        deal = self.event.deal(sheet.number)
        expected = {(r.round, r.table): r for r in self.event.rows_of(deal)}
        status = self.check_status(sheet)
        rows = self.check_row_keys(sheet, deal.number, expected)
        if status != "played":
            self.check_results_ignored(sheet, rows)
            return self.excluded_deal(sheet, deal.number, status, expected, rows)
        entered = {key: srow for key, srow in rows.items() if _entered(srow)}
        if not entered:
            self.check_deal_blank(sheet, len(expected))
            return DealResult(deal.number, "pending", [])
        if self.provisional:  # scored over the rows entered so far, as a running score is
            if len(entered) < len(expected):
                self.partial[deal.number] = (len(entered), len(expected))
            rows = entered
        else:
            self.check_rows_missing(sheet, expected, rows)
        results = [self.row(sheet, deal, rows[key], dict(expected[key].seats)) for key in sorted(expected)
                   if key in rows]
        return DealResult(deal.number, "played", [r for r in results if r is not None])

    def check_deal_blank(self, sheet, n: int) -> None:
        """No row of a played deal entered: one line for the deal (provisional: it waits)."""
        if self.provisional:
            self.pending.append(sheet.number)
        else:
            from prefprint.io.workbook import FIRST_ROW

            self.problem("results.deal_blank", cell=self.cell_ref(sheet.name, "contract", FIRST_ROW), n=n)

    def check_results_ignored(self, sheet, rows: dict) -> None:
        """Results written under a deal status "not played" or "spoiled" are not counted: say so."""
        n = sum(1 for srow in rows.values()
                if _entered(srow) and _row_word(srow.values["contract"]) not in ("not played", "spoiled"))
        if n:
            self.warn("results.status_ignores_rows", cell=self.status_ref(sheet.name), status=shown(sheet.status),
                      n=n)

    def check_status(self, sheet) -> str:
        """The deal's status cell: blank or a known word; a typo is never taken for "played"."""
        from prefprint.io.workbook import Formula

        if isinstance(sheet.status, Formula):
            self.problem("workbook.formula", cell=self.status_ref(sheet.name), formula=shown(sheet.status.text))
            return "played"
        word = _word(_clean(sheet.status) or "")
        for status, words in (("played", _PLAYED), ("not played", _NOT_PLAYED), ("spoiled", _SPOILED)):
            if word in words:
                return status
        mixed = _mixed_scripts(word)
        self.problem("results.status_mixed" if mixed else "results.status_unknown", cell=self.status_ref(sheet.name),
                     value=shown(sheet.status), words=self.status_words())
        return "played"

    def status_words(self) -> str:
        from prefprint.io.workbook import STATUS_WORDS

        return ", ".join(STATUS_WORDS[self.event.language])

    def check_row_keys(self, sheet, deal: int, expected: dict) -> dict:
        """Round and table of every row: numbers, a table that plays the deal, written once."""
        rows = {}
        for srow in sheet.rows:
            v = srow.values
            cell = self.cell_ref(sheet.name, "round", srow.row)
            try:
                key = (_int(v["round"]), _int(v["table"]))
            except ValueError:
                self.problem("results.round_table_nan", cell=cell, round=shown(v["round"]), table=shown(v["table"]))
                continue
            if key not in expected:
                self.problem("results.row_not_in_movement", cell=cell, round=key[0], table=key[1], deal=deal)
            elif key in rows:
                self.problem("results.row_twice", cell=cell, round=key[0], table=key[1], other=rows[key].row)
            else:
                rows[key] = srow
        return rows

    def check_rows_missing(self, sheet, expected: dict, rows: dict) -> None:
        from prefprint.io.workbook import sheet_ref

        for rnd, tbl in expected:
            if (rnd, tbl) not in rows:
                self.problem("results.row_missing", sheet=sheet_ref(sheet.name), round=rnd, table=tbl)

    def excluded_deal(self, sheet, deal: int, status: str, expected: dict, rows: dict) -> DealResult:
        """A deal not played or spoiled as a whole: its rows are kept, excluded, with a note."""
        note = Message("results.note_deal_not_played" if status == "not played" else "results.note_deal_spoiled")
        results = []
        for key, planned in expected.items():
            srow = rows.get(key)
            players = dict(planned.seats)
            if srow is not None:
                players = self.check_players(sheet, srow, players) or players
            results.append(Result(deal, key[0], key[1], srow.row if srow else 0, None, players, {},
                                  cells=_cells(srow), status=status, notes=[note]))
        return DealResult(deal, status, results, [note])

    # ------------------------------------------------------------------ rows

    def row(self, sheet, deal, srow, planned: dict) -> Result | None:
        v = srow.values
        if self.check_formulas(sheet, srow):
            return None
        players = self.check_players(sheet, srow, planned)
        word = _row_word(v["contract"])
        rnd, tbl = _int(v["round"]), _int(v["table"])
        if players is None:
            return None
        if word in ("not played", "spoiled"):
            note = Message("results.note_not_played" if word == "not played" else "results.note_spoiled")
            return Result(deal.number, rnd, tbl, srow.row, None, players, {}, cells=_cells(srow), status=word,
                          notes=[note])
        if word == "adjusted":
            awarded = self.check_adjusted(sheet, srow)
            if awarded is None:
                return None
            return Result(deal.number, rnd, tbl, srow.row, None, players, {}, cells=_cells(srow), adjusted=awarded,
                          status="adjusted")
        try:
            contract = self.check_contract(v, rnd, tbl)
            outcome = self.check_outcome(deal, contract, v)
            whists = self.check_whists(sheet, srow, contract, outcome)
        except _Problem as p:
            self.problem(p.code, cell=self.cell_ref(sheet.name, p.column, srow.row), **p.params)
            return None
        if whists is None:
            return None
        return Result(deal.number, rnd, tbl, srow.row, contract, players, whists, outcome, cells=_cells(srow))

    def check_formulas(self, sheet, srow) -> bool:
        """A formula saved without its value cannot be read: say so rather than take it for blank."""
        from prefprint.io.workbook import Formula

        found = False
        for col, value in srow.values.items():
            if isinstance(value, Formula):
                self.problem("workbook.formula", cell=self.cell_ref(sheet.name, col, srow.row),
                             formula=shown(value.text))
                found = True
        return found

    def check_players(self, sheet, srow, planned: dict) -> dict | None:
        """Player numbers: readable, of this event, each once in the row; recorded for the checks across rows."""
        v = srow.values
        rnd, tbl = _int(v["round"]), _int(v["table"])
        players, ok = {}, True
        for s in self.event.seats:
            cell = self.cell_ref(sheet.name, f"{s}_no", srow.row)
            try:
                num = _int(v[f"{s}_no"])
            except ValueError:
                self.problem("results.player_nan", cell=cell, value=shown(v[f"{s}_no"]))
                ok = False
                continue
            num = planned[s] if num is None else num
            if num not in self.event.names:  # absent players and late entries keep their numbers
                self.problem("results.player_unknown", cell=cell, player=num, scope=scope_of(self.event))
                ok = False
                continue
            players[s] = num
        twice = [p for p, n in Counter(players.values()).items() if n > 1]
        if twice:  # named at the second of the two cells
            seat = [s for s, p in players.items() if p == twice[0]][-1]
            self.problem("results.player_twice_in_row", cell=self.cell_ref(sheet.name, f"{seat}_no", srow.row),
                         player=twice[0])
            return None
        for s, num in players.items():
            self.seated.append(_Seated(rnd, tbl, s, num, planned[s], self.cell_ref(sheet.name, f"{s}_no", srow.row)))
        return players if ok else None

    def check_adjusted(self, sheet, srow) -> dict | None:
        """The percentages of an adjusted row (its MP cells); a blank one may come from a ruling."""
        awarded, ok = {}, True
        for s in self.event.seats:
            raw = srow.values[f"{s}_mp"]
            if _clean(raw) is None:
                continue
            try:
                pct = parse_whists(str(raw).replace("%", ""))
            except ValueError:
                pct = None
            if pct is None or not 0 <= pct <= 100:
                self.problem("results.adjusted_pct", cell=self.cell_ref(sheet.name, f"{s}_mp", srow.row), seat=s,
                             value=shown(raw))
                ok = False
            else:
                awarded[s] = pct
        return awarded if ok else None

    def check_contract(self, v: dict, rnd: int, tbl: int) -> ContractCell:
        raw = _clean(v["contract"])
        if raw is None:
            raise _Problem("contract", "results.contract_missing", round=rnd, table=tbl)
        text = str(raw)
        if len(text) > 40 or any(unicodedata.category(c) == "Cc" for c in text):
            raise _Problem("contract", "results.contract_bad", value=shown(v["contract"]))
        try:
            return parse_contract_cell(v["contract"] if isinstance(raw, str) else unicodedata.normalize("NFKC", text))
        except (ScoringError, ValueError) as e:
            detail = getattr(e, "message", None)
            if isinstance(detail, Message):  # the engine says what is wrong, quoting the cell
                raise _Problem("contract", "results.contract_rules", detail=detail) from None
            raise _Problem("contract", "results.contract_bad", value=shown(v["contract"])) from None

    def check_outcome(self, deal, contract: ContractCell, v: dict) -> Outcome:
        """The outcome the row describes: seats and tricks readable, then the engine's own checks."""
        got = []
        for sc, tc in _SEAT_COLUMNS:
            seat = _clean(v[sc])
            try:
                tricks = _tricks_word(v[tc])
            except ValueError:
                raise _Problem(tc, "results.tricks_bad", value=shown(v[tc])) from None
            if seat is not None:
                try:
                    seat = parse_seat(unicodedata.normalize("NFKC", str(seat))) if len(str(seat)) <= 3 else None
                except ScoringError:
                    seat = None
                if seat is None:
                    raise _Problem(sc, "results.seat_bad", value=shown(v[sc]))
            got.append((seat, tricks))
        if contract.kind == "allpass":  # the hands in order where their seats are left blank
            order = active_seats(self.event.table_size, deal.dealer)
            got = [(seat or order[i], t) for i, (seat, t) in enumerate(got)]
        try:
            return _outcome(self.event, deal, contract, got)
        except ScoringError as e:
            detail = e.message if e.message else str(e)
            raise _Problem(_cell_to_fix(e.message, got), "results.outcome", detail=detail) from None

    def check_whists(self, sheet, srow, contract: ContractCell, outcome: Outcome) -> dict | None:
        """Written whists: numbers in range, all or none, summing to zero, agreeing with the engine."""
        seats = self.event.seats
        cell = lambda s: self.cell_ref(sheet.name, f"{s}_whists", srow.row)  # noqa: E731
        given = {}
        for s in seats:
            raw = srow.values[f"{s}_whists"]
            try:
                w = parse_whists(raw)
            except ValueError:
                raise _Problem(f"{s}_whists", "results.whists_nan", value=shown(raw)) from None
            if w is not None and abs(w) > WHISTS_LIMIT:
                raise _Problem(f"{s}_whists", "results.whists_range", value=shown(raw), limit=WHISTS_LIMIT)
            if w is not None:
                given[s] = w
        computed = settle(outcome, self.event.conventions).results
        if not given:
            return {s: computed[s] for s in seats}
        missing = [s for s in seats if s not in given]
        if missing:
            raise _Problem(f"{missing[0]}_whists", "results.whists_partial", seats=", ".join(missing))
        total = sum(given.values())
        if abs(total) > TOLERANCE * len(seats) and self.trust != "computed":
            raise _Problem("N_whists", "results.whists_sum", total=_show(total))
        diff = [s for s in seats if not _close(given[s], computed[s])]
        if diff and self.trust is None:
            pairs = [Message("results.whists_pair", seat=s, written=_show(given[s]), computed=_show(computed[s]))
                     for s in diff]
            raise _Problem(f"{diff[0]}_whists", "results.whists_differ", contract=contract.label(self.event.language),
                           detail=pairs)
        if diff and self.trust == "written":
            self.warn("results.trust_written", cell=cell(diff[0]))
            return dict(given)
        if diff:
            self.warn("results.trust_computed", cell=cell(diff[0]))
        return {s: computed[s] for s in seats}

    # ------------------------------------------------------------------ across rows and sheets

    def check_two_tables(self) -> set:
        """A player written at two tables of one round: the cells that differ from the movement are wrong."""
        flagged = set()
        by_round = defaultdict(lambda: defaultdict(list))
        for rec in self.seated:
            by_round[rec.round][rec.player].append(rec)
        for rnd, players in sorted(by_round.items()):
            for player, recs in sorted(players.items()):
                if len({r.table for r in recs}) < 2:
                    continue
                odd = [r for r in recs if r.player != r.planned] or [r for r in recs if r.table != recs[0].table]
                for r in odd:
                    other = next(x for x in recs if x.table != r.table)
                    self.problem("results.player_two_tables", cell=r.cell, player=player, table=r.table, round=rnd,
                                 other=other.table, other_cell=other.cell, planned=r.planned)
                    flagged.add(id(r))
        return flagged

    def check_same_player_all_round(self, flagged: set) -> None:
        """One seat of a table holds one player for the whole round; a consistent change is a substitute."""
        by_place = defaultdict(list)
        for rec in self.seated:
            by_place[(rec.round, rec.table, rec.seat)].append(rec)
        for (rnd, tbl, seat), recs in sorted(by_place.items(), key=lambda kv: (*kv[0][:2], "NESW".index(kv[0][2]))):
            counts = Counter(r.player for r in recs)
            if len(counts) > 1:
                main = max(counts, key=lambda p: (counts[p], p == recs[0].planned))
                first = next(r for r in recs if r.player == main)
                for r in recs:
                    if r.player != main and id(r) not in flagged:
                        self.problem("results.player_inconsistent", cell=r.cell, round=rnd, table=tbl, seat=seat,
                                     player=r.player, other=main, other_cell=first.cell)
            elif recs[0].player != recs[0].planned and not any(id(r) in flagged for r in recs):
                self.warn("results.substitute", cell=recs[0].cell, round=rnd, table=tbl, seat=seat,
                          player=recs[0].player, planned=recs[0].planned)

    def check_title(self, sheets) -> None:
        """The title printed on the sheets is the event's: a workbook of another event is suspicious."""
        titles = {_clean(s.title) for s in sheets if isinstance(_clean(s.title), str)}
        expected = _clean(self.event.heading) or ""
        if titles and expected not in titles and _clean(self.event.title) not in titles:
            self.warn("workbook.title_differs", found=shown(sorted(titles)[0]), expected=shown(expected))

    # ------------------------------------------------------------------ rulings

    def apply_rulings(self, deals: dict) -> None:
        for ruling in self.rulings.items:
            if ruling.kind == "adjusted":
                self.apply_adjusted(ruling, deals)
            else:
                self.apply_penalty(ruling, deals)

    def waits(self, ruling, deal: DealResult) -> bool:
        """A ruling on rows not entered yet: it waits (provisional results say so; a final run has
        the deal's own problem)."""
        if self.provisional:
            self.warn("rulings.pending", where=ruling.where, deal=deal.number)
        return True

    def ruling_row(self, ruling, deal: DealResult):
        """The (row, seat, player) a ruling names: by round, table and seat, or by the player."""
        if deal.status == "pending":
            self.waits(ruling, deal)
            return None
        partial = deal.number in self.partial
        if ruling.round is not None and ruling.table is not None:
            row = next((r for r in deal.results if (r.round, r.table) == (ruling.round, ruling.table)), None)
            if row is None and partial:
                self.waits(ruling, deal)
                return None
            if row is None:
                self.problem("rulings.no_row", where=ruling.where, round=ruling.round, table=ruling.table,
                             deal=deal.number)
                return None
            seat = ruling.seat or next((s for s, p in row.players.items() if p == ruling.player), None)
            if seat is None:
                self.problem("rulings.not_at_table", where=ruling.where, player=ruling.player, round=row.round,
                             table=row.table, seats=", ".join(map(str, row.players.values())))
                return None
            if ruling.player is not None and row.players.get(seat) != ruling.player:
                self.problem("rulings.seat_player", where=ruling.where, seat=seat, written=row.players.get(seat),
                             player=ruling.player)
                return None
            return row, seat, row.players[seat]
        for row in deal.results:
            for seat, player in row.players.items():
                if player == ruling.player and (ruling.seat is None or ruling.seat == seat):
                    return row, seat, player
        if partial:
            self.waits(ruling, deal)
        else:
            self.problem("rulings.no_player_row", where=ruling.where, player=ruling.player, deal=deal.number)
        return None

    def apply_adjusted(self, ruling, deals: dict) -> None:
        found = self.ruling_row(ruling, deals[ruling.deal])
        if found is None:
            return
        row, seat, player = found
        if seat in row.adjusted:
            self.problem("rulings.twice", where=ruling.where, seat=seat, other=f"{row.adjusted[seat]}%")
            return
        row.adjusted[seat] = ruling.percent
        a = Applied(ruling, player, deal=ruling.deal, round=row.round, table=row.table, seat=seat)
        row.notes.append(a.note())
        self.applied.append(a)

    def apply_penalty(self, ruling, deals: dict) -> None:
        if ruling.kind == "time":
            places = [(s, p) for s, p in self.players_at(ruling.round, ruling.table).items()
                      if not ruling.seats or s in ruling.seats]
            where = (None, ruling.round, ruling.table)
        elif ruling.player is not None:
            places = [(ruling.seat, ruling.player)]
            where = (ruling.deal, ruling.round, ruling.table)
        else:
            found = self.ruling_row(ruling, deals[ruling.deal])
            if found is None:
                return
            row, seat, player = found
            places = [(seat, player)]
            where = (ruling.deal, row.round, row.table)
        top = penalty_top(self.event, ruling.deal if ruling.kind == "penalty" else None)
        amount = ruling.mp if ruling.mp is not None else ruling.percent * top / 100
        for seat, player in places:
            a = Applied(ruling, player, -amount, deal=where[0], round=where[1], table=where[2], seat=seat)
            self.applied.append(a)
            deal = deals.get(ruling.deal) if ruling.deal else None
            for row in deal.results if deal else ():
                if player in row.players.values():
                    row.notes.append(a.note())

    def players_at(self, rnd: int, tbl: int) -> dict:
        """Who sat at a table in a round, as written (the movement's seating where nothing was read)."""
        seats = {}
        for row in self.event.movement.rounds[rnd - 1].tables if rnd <= len(self.event.movement.rounds) else ():
            if row.table == tbl:
                seats = dict(row.seats)
        written = defaultdict(Counter)
        for rec in self.seated:
            if (rec.round, rec.table) == (rnd, tbl):
                written[rec.seat][rec.player] += 1
        seats.update({s: c.most_common(1)[0][0] for s, c in written.items()})
        return seats

    def check_adjusted_complete(self, deals) -> None:
        """Every seat of an adjusted row has its percentage, in the workbook or by a ruling."""
        for d in deals:
            for r in d.results:
                if r.status != "adjusted":
                    continue
                for s in self.event.seats:
                    if s not in r.adjusted:
                        from prefprint.io.workbook import sheet_name

                        self.problem("results.adjusted_pct", cell=self.cell_ref(
                            sheet_name(self.event.language, d.number), f"{s}_mp", r.row), seat=s, value=shown(None))
                if r.adjusted:
                    detail = [Message("results.note_pct", seat=s, percent=Fraction(p)) for s, p in r.adjusted.items()]
                    r.notes.insert(0, Message("results.note_adjusted", detail=detail))


def _num(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}".rstrip("0")


def _cells(srow) -> dict:
    return {k: _clean(x) for k, x in srow.values.items()} if srow else {}


def check_workbook(event: Event, sheets, trust: str | None = None, rulings: Rulings | None = None,
                   provisional: bool = False) -> Checked:
    """Check every row against the movement and the scoring engine and apply the director's rulings.

    Problems name the sheet and cell (or the ruling's file and line); with `provisional`, deals
    with rows not yet filled are left out (listed in `pending`) instead of being problems.
    """
    checker = _Checker(event, trust, rulings or Rulings(), provisional)
    if not provisional and not any(_entered(row) for sheet in sheets for row in sheet.rows):
        rows = sum(len(event.rows_of(deal)) for deal in event.deals)
        return Checked([], [Message("results.workbook_blank", n=rows, deals=len(event.deals))], [])
    deals = [checker.sheet(sheet) for sheet in sheets]
    flagged = checker.check_two_tables()
    checker.check_same_player_all_round(flagged)
    checker.apply_rulings({d.number: d for d in deals})
    checker.check_adjusted_complete(deals)
    checker.check_title(sheets)
    return Checked(deals, checker.problems, checker.warnings, checker.pending, checker.applied, checker.partial)


def _outcome(event: Event, deal, contract: ContractCell, got: list) -> Outcome:
    """The outcome of a row from its (seat, tricks) pairs, under the event's conventions; the engine's
    ScoringError, or _Problem at a cell, says what is impossible."""
    order = active_seats(event.table_size, deal.dealer)
    if contract.kind == "allpass":
        tricks = {}
        for i, (seat, t) in enumerate(got):
            if seat != order[i]:
                raise _Problem(_SEAT_COLUMNS[i][0], "results.allpass_hand", hand=i + 1, seat=order[i], found=seat)
            if not isinstance(t, int):
                raise _Problem(_SEAT_COLUMNS[i][1], "results.tricks_missing", seat=seat)
            tricks[seat] = t
        return Outcome.make(event.table_size, deal.dealer, contract, None, tricks, conventions=event.conventions)
    declarer, decl_tricks = got[0]
    if declarer is None:
        raise _Problem("decl_seat", "results.declarer_missing")
    if contract.kind == "misere":
        if not isinstance(decl_tricks, int):
            raise _Problem("decl_tricks", "results.tricks_missing", seat=declarer)
        return Outcome.make(event.table_size, deal.dealer, contract, declarer, {declarer: decl_tricks},
                            conventions=event.conventions)
    if contract.conceded is None:
        _check_defenders(event, deal, declarer, got)
    defence, tricks = {}, {}
    if isinstance(decl_tricks, int):
        tricks[declarer] = decl_tricks
    for (_, column), (seat, t) in zip(_SEAT_COLUMNS[1:], got[1:]):
        if seat is None:
            continue
        if t == "pass" or t == "half":
            defence[seat] = t
        elif t is None and contract.conceded is not None:
            continue  # "без трёх": nobody whists, the defenders' cells may stay blank
        elif t is None:
            raise _Problem(column, "results.tricks_missing", seat=seat)
        else:
            defence[seat] = "whist"
            tricks[seat] = t
    return Outcome.make(event.table_size, deal.dealer, contract, declarer, tricks, defence,
                        conventions=event.conventions)


def _check_defenders(event: Event, deal, declarer: str, got: list) -> None:
    """Both defenders of a game are written: a blank seat cell is named, with the seats it may hold."""
    players = active_seats(event.table_size, deal.dealer)
    if declarer not in players:
        return  # the engine says why the declarer cannot play
    defenders = [s for s in players if s != declarer]
    written = {seat for seat, _ in got[1:]}
    missing = [s for s in defenders if s not in written]
    blank = [column for (column, _), (seat, _) in zip(_SEAT_COLUMNS[1:], got[1:]) if seat is None]
    if missing and blank:
        raise _Problem(blank[0], "results.defender_missing", seats=", ".join(missing), n=len(missing))


def _seat_column(got: list, seat, part: int, after: int = -1) -> str | None:
    """The seat (part 0) or tricks (part 1) column of the first pair after `after` where a seat is written."""
    return next((_SEAT_COLUMNS[i][part] for i, (s, _) in enumerate(got) if s == seat and i > after), None)


def _word_column(got: list, words: tuple) -> str | None:
    """The tricks column of the first defender written with one of the words ("pass", "half")."""
    return next((_SEAT_COLUMNS[i][1] for i, (_, t) in enumerate(got) if i and t in words), None)


_CONTRACT_ERRORS = {"rules.allpass_dark", "rules.dark_game", "rules.dark_not_played", "rules.concede_game",
                    "rules.concede_range", "rules.concede_twice", "rules.concede_not_played", "rules.no_suit"}


def _cell_to_fix(message, got: list) -> str:
    """The column of the cell an impossible outcome is to be fixed in, from the engine's message."""
    code = getattr(message, "code", "")
    params = getattr(message, "params", {})
    seat = params.get("seat")
    if code in _CONTRACT_ERRORS:
        return "contract"
    column = {
        "rules.tricks_range": lambda: _seat_column(got, seat, 1),
        "rules.passer_tricks": lambda: _seat_column(got, seat, 1),
        "rules.whister_tricks": lambda: _seat_column(got, seat, 1),
        "rules.not_playing": lambda: _seat_column(got, seat, 0),
        "rules.whister_is_declarer": lambda: _seat_column(got, seat, 0, after=0),
        "rules.seat_twice": lambda: next((_SEAT_COLUMNS[i][0] for i, (s, _) in enumerate(got)
                                          if s is not None and s in [x for x, _ in got[:i]]), None),
        "rules.half_level": lambda: _word_column(got, ("half",)),
        "rules.half_order": lambda: _word_column(got, ("half",)),
        "rules.sixes_whisted": lambda: _word_column(got, ("pass", "half")),
        "rules.stalingrad": lambda: _word_column(got, ("pass", "half")),
        "rules.checked_ten": lambda: _word_column(got, ("pass", "half")),
        "rules.concede_defence": lambda: next((_SEAT_COLUMNS[i][1] for i, (_, t) in enumerate(got)
                                               if i and t not in (None, "pass")), None),
        "rules.tricks_sum": lambda: "decl_tricks",
        "rules.declarer_tricks": lambda: "decl_tricks",
        "rules.concede_tricks": lambda: "decl_tricks",
        "rules.allpass_sum": lambda: "decl_tricks",
    }.get(code, lambda: None)()
    return column or "decl_seat"


# --------------------------------------------------------------------------- scoring

def _exact(x):
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else x


def score(event: Event, deals: list, applied: list = (), factoring: str = "plain") -> tuple[list[Standing], dict]:
    """Matchpoint every played deal per line, total per player (rulings counted) and rank.

    plain (the seed): top 2·(n−1) over the n results of the line; neuberg: results scaled to the
    full field of N tables, (mp + 1)·N/n − 1, top 2·(N−1). An adjusted seat gets its percentage of
    the top of its line.
    """
    totals: dict[int, list] = {p.number: [0, 0, 0] for p in event.players}
    per_player: dict[int, list] = {p.number: [] for p in event.players}
    for d in deals:
        if d.status != "played":
            continue
        full = len(event.rows_of(event.deal(d.number)))
        for s in event.seats:
            scored = [r for r in d.results if r.status == "played" and s not in r.adjusted]
            n = len(scored)
            mps = matchpoint([r.whists[s] for r in scored])
            if factoring == "neuberg":
                top = 2 * (full - 1)
                mps = [Fraction((m + 1) * full, n) - 1 for m in mps]
            else:
                top = 2 * max(0, n - 1)
            given = [(r, m) for r, m in zip(scored, mps)]
            given += [(r, r.adjusted[s] * top / 100) for r in d.results if s in r.adjusted]
            for r, mp in given:
                r.mp[s] = _exact(mp)
                r.tops[s] = top
                r.top = max(r.top, top)
                t = totals.setdefault(r.players[s], [0, 0, 0])
                t[0] += r.mp[s]
                t[1] += top
                t[2] += 1
                per_player.setdefault(r.players[s], []).append((d.number, r, s))
    rows = {(d.number, r.round, r.table): r for d in deals for r in d.results}
    for a in applied:
        if a.kind == "adjusted":
            a.mp = Fraction(rows[(a.deal, a.round, a.table)].mp.get(a.seat, 0))
        else:
            totals.setdefault(a.player, [0, 0, 0])[0] += a.mp
    standings = rank({p: (_exact(v[0]), v[1], v[2]) for p, v in totals.items()})
    return standings, per_player


# --------------------------------------------------------------------------- the whole run

def read(event: Event, workbook: Path) -> list:
    """The deal sheets of a filled workbook as typed (WorkbookError if it cannot be read)."""
    from prefprint.io.workbook import read_protocol_workbook

    return read_protocol_workbook(workbook, event)


def report_of(event: Event, checked: Checked, rulings: Rulings | None = None, provisional: bool = False) -> Report:
    """Score checked deals into a report."""
    factoring = (rulings or Rulings()).factoring
    standings, per_player = score(event, checked.deals, checked.applied, factoring)
    return Report(event, checked.deals, standings, checked.warnings, per_player, checked.applied, provisional,
                  list(checked.pending), dt.datetime.now().strftime("%Y-%m-%d %H:%M"), factoring,
                  dict(checked.partial))


def problems_error(event: Event, workbook: Path, problems: list, warnings: list, provisional: bool) -> WorkbookError:
    """The error listing a workbook's problems; rows not yet filled hint at --provisional."""
    missing = sum(p.params.get("n", 1) for p in problems if isinstance(p, Message) and p.code in (
        "results.row_missing", "results.contract_missing", "results.deal_blank"))
    hint = [Message("results.provisional_hint", n=missing)] if missing and not provisional else []
    return WorkbookError(workbook, problems, warnings + hint, lang=event.language)


def run(event: Event, workbook: Path, folder: Path, trust: str | None = None, publish: bool = True,
        rulings: Rulings | None = None, provisional: bool = False, inputs: tuple = (), analysis: bool = False,
        jobs: int | None = None, progress=None, pdf: bool = True, site_ready=None) -> Report:
    """Read, check, score and (unless problems stop it) publish the results of an event.

    The output folder is checked first (it must not hold an input; another run must not be
    writing to it); the site is written into a temporary folder and swapped in, then (`pdf`)
    the same site with results.pdf and results.xlsx is swapped in: readers see the old folder,
    the new site, then the new site with its PDF and workbook, never a mix (without `pdf` the
    workbook comes with the site). Files that did not change are hard-linked from
    the folder replaced, and the PDF's parts that did not change are not rendered again.
    `analysis`: the pages set the results against double dummy (prefprint.makeable).
    `site_ready(path)` is called when the site is in place and the PDF follows.
    """
    from prefprint.io.outdir import OutputFolder

    out = OutputFolder(folder, inputs=(workbook, event.source, *inputs)) if publish else None
    if out:
        out.check()
    sheets = read(event, workbook)
    checked = check_workbook(event, sheets, trust, rulings, provisional)
    if checked.problems:
        raise problems_error(event, workbook, checked.problems, checked.warnings, provisional)
    report = report_of(event, checked, rulings, provisional)
    if out:
        from prefprint.app.publish import analyse_reports, publish_pdf, publish_site

        def site(staging, previous):
            analyse_reports([report], out.folder, staging, analysis, jobs, progress)
            publish_site(report, staging, previous=previous, root=staging, workbook=not pdf)

        def pdf_of(staging, previous):
            publish_pdf(report, staging, jobs, previous=previous, root=staging)

        publish_in_stages(out, site, pdf_of if pdf else None, site_ready)
    return report


def publish_in_stages(out, site, pdf=None, site_ready=None) -> None:
    """The site swapped into the output folder first, then (if `pdf`) the site with its PDF; the folder
    stays locked from the first stage to the last. `site(staging, previous)` and `pdf(staging, previous)`
    write into the staged folder (previous: what the folder held, io.outdir.Previous); `site_ready(path)`
    is told the site's index.html between the two."""
    from prefprint.io.outdir import Previous

    with out.locked():
        previous = Previous(out.folder)
        with out.stage() as staging:
            site(staging, previous)
            previous.save(staging)
        if pdf is None:
            return
        if site_ready:
            site_ready(out.given / "index.html")
        try:
            with out.stage(keep=True) as staging:
                pdf(staging, previous)
                previous.save(staging)
        except KeyboardInterrupt:
            from prefprint.errors import Interrupted

            raise Interrupted(Message("interrupted.site", path=str(out.given))) from None


def partial_json(partial: dict) -> list:
    """Deals scored over the rows entered so far: [{"deal": 3, "rows": 4, "of": 5}, …]."""
    return [{"deal": d, "rows": rows, "of": of} for d, (rows, of) in sorted(partial.items())]


def ranking_json(report: Report) -> dict:
    names = report.event.names
    out = {"ranking": [{"place": s.place, "player": s.player, "name": names.get(s.player, ""),
                        "mp": fmt_json(s.mp), "max": s.max, "percent": s.percent} for s in report.standings]}
    if report.provisional:
        out["provisional"] = True
        out["pending"] = report.pending
        out["partial"] = partial_json(report.partial)
        out["generated_at"] = report.generated_at
    return out
