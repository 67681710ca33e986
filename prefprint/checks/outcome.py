"""Seats and tricks of a row: readable, then the outcome they describe under the event's conventions.

The engine says what is impossible; the cell named is the one to fix (`cell_to_fix`).
"""

from __future__ import annotations

import unicodedata

from prefprint.checks.cells import SEAT_COLUMNS, clean, tricks_word
from prefprint.checks.found import Problem
from prefprint.engine.model import Event
from prefprint.engine.rules import ContractCell, Outcome, active_seats, checked_ten, parse_seat
from prefprint.errors import ScoringError
from prefprint.words.messages import shown


def check_outcome(event: Event, deal, contract: ContractCell, v: dict) -> Outcome:
    """The outcome the row describes: seats and tricks readable, then the engine's own checks."""
    got = []
    for sc, tc in SEAT_COLUMNS:
        seat = clean(v[sc])
        try:
            tricks = tricks_word(v[tc])
        except ValueError:
            raise Problem(tc, "results.tricks_bad", value=shown(v[tc])) from None
        if seat is not None:
            try:
                seat = parse_seat(unicodedata.normalize("NFKC", str(seat))) if len(str(seat)) <= 3 else None
            except ScoringError:
                seat = None
            if seat is None:
                raise Problem(sc, "results.seat_bad", value=shown(v[sc]))
        got.append((seat, tricks))
    if contract.kind == "allpass":  # the hands in order where their seats are left blank
        order = active_seats(event.table_size, deal.dealer)
        got = [(seat or order[i], t) for i, (seat, t) in enumerate(got)]
    try:
        return _outcome(event, deal, contract, got)
    except ScoringError as e:
        detail = e.message if e.message else str(e)
        raise Problem(cell_to_fix(e.message, got), "results.outcome", detail=detail) from None


def _outcome(event: Event, deal, contract: ContractCell, got: list) -> Outcome:
    """The outcome of a row from its (seat, tricks) pairs, under the event's conventions; the engine's
    ScoringError, or Problem at a cell, says what is impossible."""
    order = active_seats(event.table_size, deal.dealer)
    if contract.kind == "allpass":
        tricks = {}
        for i, (seat, t) in enumerate(got):
            if seat != order[i]:
                raise Problem(SEAT_COLUMNS[i][0], "results.allpass_hand", hand=i + 1, seat=order[i], found=seat)
            if not isinstance(t, int):
                raise Problem(SEAT_COLUMNS[i][1], "results.tricks_missing", seat=seat)
            tricks[seat] = t
        return Outcome.make(event.table_size, deal.dealer, contract, None, tricks, conventions=event.conventions)
    declarer, decl_tricks = got[0]
    if declarer is None:
        raise Problem("decl_seat", "results.declarer_missing")
    if contract.kind == "misere":
        if not isinstance(decl_tricks, int):
            raise Problem("decl_tricks", "results.tricks_missing", seat=declarer)
        return Outcome.make(
            event.table_size, deal.dealer, contract, declarer, {declarer: decl_tricks}, conventions=event.conventions
        )
    # a checked 10 made: played out without whisting, the defenders' cells may stay blank (the engine fills them)
    checked_made = checked_ten(contract.contract, event.conventions) and decl_tricks == 10
    if contract.conceded is None and not checked_made:
        _check_defenders(event, deal, declarer, got)
    defence, tricks = {}, {}
    if isinstance(decl_tricks, int):
        tricks[declarer] = decl_tricks
    for (_, column), (seat, t) in zip(SEAT_COLUMNS[1:], got[1:]):
        if seat is None:
            continue
        if t == "pass" or t == "half":
            defence[seat] = t
        elif t is None and (contract.conceded is not None or checked_made):
            continue  # "без трёх": nobody whists, the defenders' cells may stay blank
        elif t is None:
            raise Problem(column, "results.tricks_missing", seat=seat)
        else:
            defence[seat] = "whist"
            tricks[seat] = t
    return Outcome.make(
        event.table_size, deal.dealer, contract, declarer, tricks, defence, conventions=event.conventions
    )


def _check_defenders(event: Event, deal, declarer: str, got: list) -> None:
    """Both defenders of a game are written: a blank seat cell is named, with the seats it may hold."""
    players = active_seats(event.table_size, deal.dealer)
    if declarer not in players:
        return  # the engine says why the declarer cannot play
    defenders = [s for s in players if s != declarer]
    written = {seat for seat, _ in got[1:]}
    missing = [s for s in defenders if s not in written]
    blank = [column for (column, _), (seat, _) in zip(SEAT_COLUMNS[1:], got[1:]) if seat is None]
    if missing and blank:
        raise Problem(blank[0], "results.defender_missing", seats=", ".join(missing), n=len(missing))


def _seat_column(got: list, seat, part: int, after: int = -1) -> str | None:
    """The seat (part 0) or tricks (part 1) column of the first pair after `after` where a seat is written."""
    return next((SEAT_COLUMNS[i][part] for i, (s, _) in enumerate(got) if s == seat and i > after), None)


def _word_column(got: list, words: tuple) -> str | None:
    """The tricks column of the first defender written with one of the words ("pass", "half")."""
    return next((SEAT_COLUMNS[i][1] for i, (_, t) in enumerate(got) if i and t in words), None)


_CONTRACT_ERRORS = {
    "rules.allpass_dark",
    "rules.dark_game",
    "rules.dark_not_played",
    "rules.concede_game",
    "rules.concede_range",
    "rules.concede_twice",
    "rules.concede_not_played",
    "rules.no_suit",
}


def cell_to_fix(message, got: list) -> str:
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
        "rules.seat_twice": lambda: next(
            (SEAT_COLUMNS[i][0] for i, (s, _) in enumerate(got) if s is not None and s in [x for x, _ in got[:i]]), None
        ),
        "rules.half_level": lambda: _word_column(got, ("half",)),
        "rules.half_order": lambda: _word_column(got, ("half",)),
        "rules.sixes_whisted": lambda: _word_column(got, ("pass", "half")),
        "rules.stalingrad": lambda: _word_column(got, ("pass", "half")),
        "rules.checked_ten": lambda: _word_column(got, ("pass", "half")),
        "rules.concede_defence": lambda: next(
            (SEAT_COLUMNS[i][1] for i, (_, t) in enumerate(got) if i and t not in (None, "pass")), None
        ),
        "rules.tricks_sum": lambda: "decl_tricks",
        "rules.declarer_tricks": lambda: "decl_tricks",
        "rules.concede_tricks": lambda: "decl_tricks",
        "rules.allpass_sum": lambda: "decl_tricks",
    }.get(code, lambda: None)()
    return column or "decl_seat"
