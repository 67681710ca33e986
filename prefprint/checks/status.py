"""A deal's status cell (played, not played, spoiled) and what follows from it for the deal's rows."""

from __future__ import annotations

from prefprint.checks.cells import NOT_PLAYED, PLAYED, SPOILED, cells_of, clean, entered, mixed_scripts, row_word, word
from prefprint.checks.found import DealResult, Findings, Result
from prefprint.checks.players import check_players
from prefprint.engine.entries import Formula
from prefprint.io.workbook import FIRST_ROW, STATUS_WORDS
from prefprint.words.messages import Message, shown


def check_status(f: Findings, sheet) -> str:
    """The deal's status cell: blank or a known word; a typo is never taken for "played"."""
    if isinstance(sheet.status, Formula):
        f.problem("workbook.formula", cell=f.status_ref(sheet.name), formula=shown(sheet.status.text))
        return "played"
    typed = word(clean(sheet.status) or "")
    for status, words in (("played", PLAYED), ("not played", NOT_PLAYED), ("spoiled", SPOILED)):
        if typed in words:
            return status
    mixed = mixed_scripts(typed)
    f.problem(
        "results.status_mixed" if mixed else "results.status_unknown",
        cell=f.status_ref(sheet.name),
        value=shown(sheet.status),
        words=", ".join(STATUS_WORDS[f.event.language]),
    )
    return "played"


def check_results_ignored(f: Findings, sheet, rows: dict) -> None:
    """Results written under a deal status "not played" or "spoiled" are not counted: say so."""
    n = sum(
        1
        for srow in rows.values()
        if entered(srow) and row_word(srow.values["contract"]) not in ("not played", "spoiled")
    )
    if n:
        f.warn("results.status_ignores_rows", cell=f.status_ref(sheet.name), status=shown(sheet.status), n=n)


def check_deal_blank(f: Findings, sheet, n: int) -> None:
    """No row of a played deal entered: one line for the deal (provisional: it waits)."""
    if f.provisional:
        f.pending.append(sheet.number)
    else:
        f.problem("results.deal_blank", cell=f.cell_ref(sheet.name, "contract", FIRST_ROW), n=n)


def excluded_deal(f: Findings, sheet, deal: int, status: str, expected: dict, rows: dict) -> DealResult:
    """A deal not played or spoiled as a whole: its rows are kept, excluded, with a note."""
    note = Message("results.note_deal_not_played" if status == "not played" else "results.note_deal_spoiled")
    results = []
    for key, planned in expected.items():
        srow = rows.get(key)
        players = dict(planned.seats)
        if srow is not None:
            players = check_players(f, sheet, srow, players) or players
        results.append(
            Result(
                deal,
                key[0],
                key[1],
                srow.row if srow else 0,
                None,
                players,
                {},
                cells=cells_of(srow),
                status=status,
                notes=[note],
            )
        )
    return DealResult(deal, status, results, [note])
