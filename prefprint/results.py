"""After play: read the filled protocols, check them, matchpoint, rank and publish."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from .errors import ScoringError, WorkbookError
from .matchpoints import Standing, matchpoint, rank
from .model import Event
from .rules import ContractCell, Outcome, active_seats, fmt_json, parse_contract_cell, parse_seat, settle

TOLERANCE = Fraction(1, 20)  # written whists are rounded to one decimal
_PASS = {"пас", "pass", "п", "p"}
_HALF = {"пол", "half", "полвиста", "h"}
_NOT_PLAYED = {"не сыграна", "не играна", "not played", "нет", "-x-"}
_SPOILED = {"испорчена", "spoiled"}
_ADJUSTED = {"корр", "корр.", "adjusted", "adj", "adj."}


class CellError(ScoringError):
    """A problem that belongs to one cell of a protocol row."""

    def __init__(self, column: str, message: str):
        super().__init__(message)
        self.column = column


@dataclass
class Result:
    """One checked row of a protocol: who sat where and the whists they got."""

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
    top: int = 0
    adjusted: dict = field(default_factory=dict)  # seat -> percentage awarded by the director


@dataclass
class DealResult:
    number: int
    status: str  # played | not played | spoiled
    results: list


@dataclass
class Report:
    event: Event
    deals: list
    standings: list
    warnings: list
    per_player: dict


def _clean(v):
    if isinstance(v, str):
        v = " ".join(v.replace("\u00a0", " ").split())
        return v or None
    return v


def _int(v):
    v = _clean(v)
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError
    if isinstance(v, (int, float)):
        if float(v) != int(v):
            raise ValueError
        return int(v)
    return int(str(v))


def parse_whists(v) -> Fraction | None:
    """A written whist amount: numbers, numbers typed as text, "−5", "+7", "3,3"."""
    v = _clean(v)
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError
    if isinstance(v, int):
        return Fraction(v)
    if isinstance(v, float):
        return Fraction(Decimal(repr(v)))
    text = str(v).replace("−", "-").replace("–", "-").replace(",", ".").replace(" ", "").lstrip("+")
    try:
        return Fraction(Decimal(text))
    except InvalidOperation:
        raise ValueError from None


def _status(value) -> str:
    v = str(_clean(value) or "").lower()
    if v in _NOT_PLAYED:
        return "not played"
    if v in _SPOILED:
        return "spoiled"
    return "played"


def _close(written: Fraction, computed: Fraction) -> bool:
    return abs(written - computed) <= TOLERANCE


def check_workbook(event: Event, sheets, trust: str | None = None):
    """Check every row against the movement and the scoring engine.

    Returns (deals, problems, warnings); problems name the sheet and cell.
    """
    from .workbook import cell_ref

    problems, warnings, deals = [], [], []
    seats = event.seats
    seen_at: dict[tuple, tuple] = {}  # (round, player) -> (table, cell) where he was first written
    for sheet in sheets:
        deal = event.deal(sheet.number)
        expected = {(r.round, r.table): r for r in event.rows_of(deal)}
        status = _status(sheet.status)
        if status != "played":
            deals.append(DealResult(deal.number, status, []))
            continue
        seen = set()
        results = []
        for srow in sheet.rows:
            v = srow.values
            ref = lambda col: cell_ref(sheet.name, col, srow.row)  # noqa: E731
            try:
                rnd, tbl = _int(v["round"]), _int(v["table"])
            except ValueError:
                problems.append(f"{ref('round')}: round and table must be numbers, found "
                                f"\"{v['round']}\", \"{v['table']}\"")
                continue
            key = (rnd, tbl)
            if key not in expected:
                problems.append(f"{ref('round')}: round {rnd}, table {tbl} does not play deal {deal.number} "
                                f"in this movement")
                continue
            if key in seen:
                problems.append(f"{ref('round')}: round {rnd}, table {tbl} is written twice")
                continue
            seen.add(key)
            raw_contract = _clean(v["contract"])
            if isinstance(raw_contract, str) and raw_contract.lower() in _NOT_PLAYED | _SPOILED:
                continue  # this table did not play the deal or spoiled it: excluded, recorded as such
            if isinstance(raw_contract, str) and raw_contract.lower() in _ADJUSTED:
                awarded, bad = _adjusted(event, v, ref)
                players = {}
                for s in seats:
                    try:
                        players[s] = _int(v[f"{s}_no"]) or dict(expected[key].seats)[s]
                    except ValueError:
                        bad.append(f"{ref(f'{s}_no')}: player number \"{v[f'{s}_no']}\" is not a number")
                problems.extend(bad)
                if not bad:
                    results.append(Result(deal.number, rnd, tbl, srow.row, None, players, {}, None,
                                          cells={k: _clean(x) for k, x in v.items()}, adjusted=awarded))
                continue
            row_problems = []
            planned = dict(expected[key].seats)
            players = {}
            for s in seats:
                try:
                    num = _int(v[f"{s}_no"])
                except ValueError:
                    row_problems.append(f"{ref(f'{s}_no')}: player number \"{v[f'{s}_no']}\" is not a number")
                    continue
                if num is None:
                    num = planned[s]
                elif num != planned[s]:
                    warnings.append(f"{ref(f'{s}_no')}: player {num} written in seat {s}; the movement put "
                                    f"{planned[s]} there (the written number counts)")
                if num not in event.names:
                    row_problems.append(f"{ref(f'{s}_no')}: no player {num} in this event")
                players[s] = num
            for s, num in players.items():
                first = seen_at.setdefault((rnd, num), (tbl, ref(f"{s}_no")))
                if first[0] != tbl:
                    warnings.append(f"{ref(f'{s}_no')}: player {num} is written at table {tbl} and at table "
                                    f"{first[0]} ({first[1]}) in round {rnd}")
            twice = sorted({p for p in players.values() if list(players.values()).count(p) > 1})
            if twice:
                row_problems.append(f"{ref('N_no')}: player {twice[0]} is written twice in one row")
            written = {}
            for s in seats:
                try:
                    written[s] = parse_whists(v[f"{s}_whists"])
                except ValueError:
                    row_problems.append(f"{ref(f'{s}_whists')}: whists \"{v[f'{s}_whists']}\" is not a number")
            outcome = None
            contract = None
            if raw_contract is None:
                row_problems.append(f"{ref('contract')}: the contract is missing (round {rnd}, table {tbl})")
            else:
                try:
                    contract = parse_contract_cell(raw_contract)
                except ScoringError as e:
                    row_problems.append(f"{ref('contract')}: {e}")
            if contract is not None:
                try:
                    outcome = _outcome(event, deal, contract, v)
                except ScoringError as e:
                    row_problems.append(f"{ref(getattr(e, 'column', 'decl_seat'))}: {e}")
            computed = settle(outcome, event.conventions).results if outcome else None
            final = {}
            if computed and not row_problems:
                given = {s: w for s, w in written.items() if w is not None}
                if not given:
                    final = {s: computed[s] for s in seats}
                else:
                    total = sum(given.values())
                    if len(given) < len(seats):
                        missing = [s for s in seats if s not in given]
                        row_problems.append(f"{ref(f'{missing[0]}_whists')}: whists of "
                                            f"{', '.join(missing)} are missing (fill all or none)")
                    elif abs(total) > TOLERANCE * len(seats) and trust != "computed":
                        row_problems.append(f"{ref('N_whists')}: whists sum to {_show(total)}, expected 0")
                    else:
                        diff = [s for s in seats if not _close(given[s], computed[s])]
                        if diff and trust is None:
                            shown = ", ".join(f"{s} written {_show(given[s])}, computed {_show(computed[s])}"
                                              for s in diff)
                            row_problems.append(f"{ref(f'{diff[0]}_whists')}: whists differ from the "
                                                f"{contract.label('en')} result: {shown}")
                        elif diff and trust == "written":
                            final = dict(given)
                            warnings.append(f"{ref(f'{diff[0]}_whists')}: written whists kept (--trust written)")
                        else:
                            if diff:
                                warnings.append(f"{ref(f'{diff[0]}_whists')}: computed whists used "
                                                f"(--trust computed)")
                            final = {s: computed[s] for s in seats}
            problems.extend(row_problems)
            if not row_problems and final:
                results.append(Result(deal.number, rnd, tbl, srow.row, contract, players, final, outcome,
                                      cells={k: _clean(x) for k, x in v.items()}))
        missing = [k for k in expected if k not in seen]
        for rnd, tbl in missing:
            problems.append(f"'{sheet.name}': the row of round {rnd}, table {tbl} is missing")
        deals.append(DealResult(deal.number, status, sorted(results, key=lambda r: (r.round, r.table))))
    return deals, problems, warnings


def _adjusted(event: Event, v: dict, ref):
    """The percentages of an adjusted score (written in the MP cells), with any problems."""
    awarded, bad = {}, []
    for s in event.seats:
        raw = v[f"{s}_mp"]
        try:
            pct = parse_whists(str(raw).replace("%", "") if raw is not None else None)
        except ValueError:
            pct = None
        if pct is None or not 0 <= pct <= 100:
            bad.append(f"{ref(f'{s}_mp')}: adjusted score for {s}: expected a percentage 0–100, found \"{raw}\"")
        else:
            awarded[s] = pct
    return awarded, bad


def _show(x: Fraction) -> str:
    return f"{float(x):+.2f}".rstrip("0").rstrip(".") if x.denominator != 1 else f"{x.numerator:+d}"


def _tricks_word(value):
    v = _clean(value)
    if isinstance(v, str) and v.lower() in _PASS:
        return "pass"
    if isinstance(v, str) and v.lower() in _HALF:
        return "half"
    return _int(v)


def _outcome(event: Event, deal, contract: ContractCell, v: dict) -> Outcome:
    """The outcome a protocol row describes, checked under the event's conventions; ScoringError (CellError)."""
    seats_cols = (("decl_seat", "decl_tricks"), ("w1_seat", "w1_tricks"), ("w2_seat", "w2_tricks"))
    got = []
    for sc, tc in seats_cols:
        seat = _clean(v[sc])
        try:
            tricks = _tricks_word(v[tc])
        except ValueError:
            raise CellError(tc, f"tricks \"{v[tc]}\" — expected 0–10, пас/pass or пол/half") from None
        try:
            got.append((parse_seat(seat) if seat else None, tricks))
        except ScoringError as e:
            raise CellError(sc, str(e)) from None
    order = active_seats(event.table_size, deal.dealer)
    if contract.kind == "allpass":
        tricks = {}
        for i, (seat, t) in enumerate(got):
            seat = seat or order[i]
            if seat != order[i]:
                raise ScoringError(f"all-pass: hand {i + 1} is {order[i]}, not {seat}")
            if not isinstance(t, int):
                raise ScoringError(f"all-pass: the tricks of {seat} are missing")
            tricks[seat] = t
        return Outcome.make(event.table_size, deal.dealer, contract, None, tricks, conventions=event.conventions)
    declarer, decl_tricks = got[0]
    if declarer is None:
        raise ScoringError("the declarer's seat is missing")
    if contract.kind == "misere":
        if not isinstance(decl_tricks, int):
            raise ScoringError("a misère needs the declarer's tricks")
        return Outcome.make(event.table_size, deal.dealer, contract, declarer, {declarer: decl_tricks},
                            conventions=event.conventions)
    defence, tricks = {}, {}
    if isinstance(decl_tricks, int):
        tricks[declarer] = decl_tricks
    for seat, t in got[1:]:
        if seat is None:
            continue
        if t == "pass" or t == "half":
            defence[seat] = "pass" if t == "pass" else "half"
        elif t is None and contract.conceded is not None:
            continue  # "без трёх": nobody whists, the defenders' cells may stay blank
        elif t is None:
            raise ScoringError(f"the tricks of {seat} are missing (a number, пас/pass or пол/half)")
        else:
            defence[seat] = "whist"
            tricks[seat] = t
    return Outcome.make(event.table_size, deal.dealer, contract, declarer, tricks, defence,
                        conventions=event.conventions)


def score(event: Event, deals: list) -> tuple[list[Standing], dict]:
    """Matchpoint every played deal per line, total per player and rank."""
    totals: dict[int, list] = {p.number: [0, 0, 0] for p in event.players}
    per_player: dict[int, list] = {p.number: [] for p in event.players}
    for d in deals:
        if d.status != "played" or not d.results:
            continue
        scored = [r for r in d.results if not r.adjusted]
        for s in event.seats:
            values = [r.whists[s] for r in scored]
            top = 2 * max(0, len(values) - 1)
            # an adjusted score is the awarded share of the top of the results actually played
            mps = matchpoint(values) + [r.adjusted[s] * top / 100 for r in d.results if r.adjusted]
            for r, mp in zip(scored + [r for r in d.results if r.adjusted], mps):
                mp = int(mp) if Fraction(mp).denominator == 1 else Fraction(mp)
                r.mp[s] = mp
                r.top = top
                player = r.players[s]
                t = totals.setdefault(player, [0, 0, 0])
                t[0] += mp
                t[1] += top
                t[2] += 1
                per_player.setdefault(player, []).append((d.number, r, s))
    standings = rank({p: tuple(v) for p, v in totals.items()})
    return standings, per_player


def run(event: Event, workbook: Path, folder: Path, trust: str | None = None, publish: bool = True) -> Report:
    """Read, check, score and (unless problems stop it) publish the results of an event."""
    from .workbook import read_protocol_workbook

    outputs = {Path(folder, name).resolve() for name in ("index.html", "results.pdf", "results.xlsx")}
    if Path(workbook).resolve() in outputs:
        raise WorkbookError(workbook, [f"the results would overwrite the input workbook; choose another "
                                       f"output folder than {folder}"])
    sheets = read_protocol_workbook(workbook, event)
    deals, problems, warnings = check_workbook(event, sheets, trust)
    if problems:
        raise WorkbookError(workbook, problems, warnings)
    standings, per_player = score(event, deals)
    report = Report(event, deals, standings, warnings, per_player)
    if publish:
        from .publish import publish as write_site
        write_site(report, Path(folder))
    return report


def ranking_json(report: Report) -> dict:
    names = report.event.names
    return {"ranking": [{"place": s.place, "player": s.player, "name": names.get(s.player, ""),
                         "mp": fmt_json(s.mp), "max": s.max, "percent": s.percent} for s in report.standings]}
