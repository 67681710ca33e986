"""The whole workbook: each deal sheet row by row through the checks, then the checks across rows and sheets."""

from __future__ import annotations

from prefprint.checks.adjusted import check_adjusted, check_adjusted_complete
from prefprint.checks.cells import cells_of, entered, integer, row_word
from prefprint.checks.contract import check_contract
from prefprint.checks.formulas import check_formulas
from prefprint.checks.found import Checked, DealResult, Findings, Problem, Result
from prefprint.checks.keys import check_row_keys, check_rows_missing
from prefprint.checks.outcome import check_outcome
from prefprint.checks.players import check_no_fourth_seat, check_players
from prefprint.checks.rulings import apply_rulings
from prefprint.checks.seating import check_same_player_all_round, check_two_tables
from prefprint.checks.status import check_deal_blank, check_results_ignored, check_status, excluded_deal
from prefprint.checks.title import check_title
from prefprint.checks.whists import check_whists
from prefprint.engine.model import Event
from prefprint.engine.rulings import Rulings
from prefprint.words.messages import Message


def check_workbook(
    event: Event, sheets, trust: str | None = None, rulings: Rulings | None = None, provisional: bool = False
) -> Checked:
    """Check every row against the movement and the scoring engine and apply the director's rulings.

    Problems name the sheet and cell (or the ruling's file and line); with `provisional`, deals
    with rows not yet filled are left out (listed in `pending`) instead of being problems.
    """
    f = Findings(event, trust, rulings or Rulings(), provisional)
    if not provisional and not any(entered(row) for sheet in sheets for row in sheet.rows):
        rows = sum(len(event.rows_of(deal)) for deal in event.deals)
        return Checked([], [Message("results.workbook_blank", n=rows, deals=len(event.deals))], [])
    deals = [check_sheet(f, sheet) for sheet in sheets]
    flagged = check_two_tables(f)
    check_same_player_all_round(f, flagged)
    apply_rulings(f, {d.number: d for d in deals})
    check_adjusted_complete(f, deals)
    check_title(f, sheets)
    return f.checked(deals)


def check_sheet(f: Findings, sheet) -> DealResult:
    """One deal's sheet: its status, its rows' keys, then every row entered (all of them unless provisional)."""
    deal = f.event.deal(sheet.number)
    expected = {(r.round, r.table): r for r in f.event.rows_of(deal)}
    status = check_status(f, sheet)
    rows = check_row_keys(f, sheet, deal.number, expected)
    if status != "played":
        check_results_ignored(f, sheet, rows)
        return excluded_deal(f, sheet, deal.number, status, expected, rows)
    written = {key: srow for key, srow in rows.items() if entered(srow)}
    if not written:
        check_deal_blank(f, sheet, len(expected))
        return DealResult(deal.number, "pending", [])
    if f.provisional:  # scored over the rows entered so far, as a running score is
        if len(written) < len(expected):
            f.partial[deal.number] = (len(written), len(expected))
        rows = written
    else:
        check_rows_missing(f, sheet, expected, rows)
    results = [
        check_row(f, sheet, deal, rows[key], dict(expected[key].seats)) for key in sorted(expected) if key in rows
    ]
    return DealResult(deal.number, "played", [r for r in results if r is not None])


def check_row(f: Findings, sheet, deal, srow, planned: dict) -> Result | None:
    """One row: formulas, players, then the director's word, or the contract, outcome and whists."""
    v = srow.values
    if check_formulas(f, sheet, srow):
        return None
    players = check_players(f, sheet, srow, planned)
    check_no_fourth_seat(f, sheet, srow)
    word = row_word(v["contract"])
    rnd, tbl = integer(v["round"]), integer(v["table"])
    if players is None:
        return None
    if word in ("not played", "spoiled"):
        note = Message("results.note_not_played" if word == "not played" else "results.note_spoiled")
        return Result(
            deal.number, rnd, tbl, srow.row, None, players, {}, cells=cells_of(srow), status=word, notes=[note]
        )
    if word == "adjusted":
        awarded = check_adjusted(f, sheet, srow)
        if awarded is None:
            return None
        return Result(
            deal.number,
            rnd,
            tbl,
            srow.row,
            None,
            players,
            {},
            cells=cells_of(srow),
            adjusted=awarded,
            status="adjusted",
        )
    try:
        contract = check_contract(v, rnd, tbl)
        outcome = check_outcome(f.event, deal, contract, v)
        whists = check_whists(f, sheet, srow, contract, outcome)
    except Problem as p:
        f.problem(p.code, cell=f.cell_ref(sheet.name, p.column, srow.row), **p.params)
        return None
    if whists is None:
        return None
    return Result(deal.number, rnd, tbl, srow.row, contract, players, whists, outcome, cells=cells_of(srow))
