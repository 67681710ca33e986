"""The written whists of a row: numbers in range, all or none, summing to zero, agreeing with the engine."""

from __future__ import annotations

from functools import lru_cache

from prefprint.checks.cells import TOLERANCE, WHISTS_LIMIT, close, parse_whists
from prefprint.checks.found import Findings, Problem
from prefprint.engine.rules import ContractCell, Outcome, settle
from prefprint.words.messages import Message, shown


@lru_cache(maxsize=1 << 12)
def _settled(outcome: Outcome, conventions) -> tuple:
    """The engine's whists of an outcome, (seat, whists) each: a session's protocols repeat a few hundred."""
    return tuple(settle(outcome, conventions).results.items())


def check_whists(f: Findings, sheet, srow, contract: ContractCell, outcome: Outcome) -> dict | None:
    """Written whists: numbers in range, all or none, summing to zero, agreeing with the engine.

    Where they differ, `--trust` says which count (with a warning); without it they are a problem.
    """
    seats = f.event.seats
    cell = lambda s: f.cell_ref(sheet.name, f"{s}_whists", srow.row)  # noqa: E731
    given = {}
    for s in seats:
        raw = srow.values[f"{s}_whists"]
        try:
            w = parse_whists(raw)
        except ValueError:
            raise Problem(f"{s}_whists", "results.whists_nan", value=shown(raw)) from None
        if w is not None and abs(w) > WHISTS_LIMIT:
            raise Problem(f"{s}_whists", "results.whists_range", value=shown(raw), limit=WHISTS_LIMIT)
        if w is not None:
            given[s] = w
    computed = dict(_settled(outcome, f.event.conventions))
    if not given:
        return {s: computed[s] for s in seats}
    missing = [s for s in seats if s not in given]
    if missing:
        raise Problem(f"{missing[0]}_whists", "results.whists_partial", seats=", ".join(missing))
    total = sum(given.values())
    if abs(total) > TOLERANCE * len(seats) and f.trust != "computed":
        raise Problem("N_whists", "results.whists_sum", total=total)
    diff = [s for s in seats if not close(given[s], computed[s])]
    if diff and f.trust is None:
        pairs = [Message("results.whists_pair", seat=s, written=given[s], computed=computed[s]) for s in diff]
        raise Problem(
            f"{diff[0]}_whists", "results.whists_differ", contract=contract.label(f.event.language), detail=pairs
        )
    if diff and f.trust == "written":
        f.warn("results.trust_written", cell=cell(diff[0]))
        return dict(given)
    if diff:
        f.warn("results.trust_computed", cell=cell(diff[0]))
    return {s: computed[s] for s in seats}
