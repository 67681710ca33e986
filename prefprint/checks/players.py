"""Player numbers of a row: readable, of this event, each once in the row."""

from __future__ import annotations

from collections import Counter

from prefprint.checks.cells import clean, integer
from prefprint.checks.found import Findings, Seated
from prefprint.engine.rulings import scope_of
from prefprint.words.messages import shown


def check_players(f: Findings, sheet, srow, planned: dict) -> dict | None:
    """Player numbers: readable, of this event, each once in the row; recorded for the checks across rows."""
    v = srow.values
    rnd, tbl = integer(v["round"]), integer(v["table"])
    players, ok = {}, True
    for s in f.event.seats:
        cell = f.cell_ref(sheet.name, f"{s}_no", srow.row)
        try:
            num = integer(v[f"{s}_no"])
        except ValueError:
            f.problem("results.player_nan", cell=cell, value=shown(v[f"{s}_no"]))
            ok = False
            continue
        num = planned[s] if num is None else num
        if num not in f.event.names:  # absent players and late entries keep their numbers
            f.problem("results.player_unknown", cell=cell, player=num, scope=scope_of(f.event))
            ok = False
            continue
        players[s] = num
    twice = [p for p, n in Counter(players.values()).items() if n > 1]
    if twice:  # named at the second of the two cells
        seat = [s for s, p in players.items() if p == twice[0]][-1]
        f.problem("results.player_twice_in_row", cell=f.cell_ref(sheet.name, f"{seat}_no", srow.row), player=twice[0])
        return None
    for s, num in players.items():
        f.seated.append(Seated(rnd, tbl, s, num, planned[s], f.cell_ref(sheet.name, f"{s}_no", srow.row)))
    return players if ok else None


def check_no_fourth_seat(f: Findings, sheet, srow) -> None:
    """At a table of 3 W is the talon's pocket, not a player's: the sheet has no W columns (a workbook written
    before had them, greyed), and whatever is typed where they would be is not counted, and the scorer is
    told (a result typed one group to the right is otherwise lost in silence)."""
    if f.event.table_size != 3:
        return
    for column in ("W_no", "W_whists", "W_mp"):
        value = clean(srow.values.get(column))
        if value is not None:
            f.warn("results.no_seat_w", cell=f.cell_ref(sheet.name, column, srow.row), value=shown(value))
