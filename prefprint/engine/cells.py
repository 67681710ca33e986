"""The protocol cells of an outcome: what N writes in a row's contract, seat and tricks cells."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.engine.rules import Outcome, active_seats, settle
from prefprint.words.catalog import gettext


def protocol_cells(outcome, lang: str) -> list:
    """A row's declarer, whister 1, whister 2 as (seat, tricks) pairs, as N writes them in the protocol (пас, пол
    for a defender who did not whist); all-pass: first, second, third hand; a misère or a game conceded before
    play: the declarer alone; none: three empty pairs. The site's protocols and results.xlsx show a row so,
    whatever spelling was typed."""
    o = outcome
    if o is None:
        return [("", "")] * 3
    pas, half = gettext("sheet.pass", lang), gettext("sheet.half", lang)
    tricks, defence = dict(o.tricks), dict(o.defence)
    if o.contract.kind == "allpass":
        return [(s, tricks.get(s, "")) for s in active_seats(o.table_size, o.dealer)]
    out = [(o.declarer, tricks.get(o.declarer, ""))]
    if o.contract.kind == "misere" or o.conceded is not None:  # a game conceded before play: no defence was said
        return out + [("", "")] * 2
    for s in o.defenders():
        word = defence.get(s)
        out.append((s, tricks.get(s, "") if word == "whist" else pas if word == "pass" else half))
    return out


def row_cells(event: Event, outcome: Outcome, with_whists: bool = True) -> dict:
    """The workbook cells a table's N would fill for an outcome (whists rounded to 0.1): `protocol_cells` by column."""
    lang = event.language
    cells = {"contract": outcome.cell.label(lang)}
    for (seat, tricks), who in zip(protocol_cells(outcome, lang), ("decl", "w1", "w2")):
        if seat:
            cells[f"{who}_seat"], cells[f"{who}_tricks"] = seat, None if tricks == "" else tricks
    if with_whists:
        res = settle(outcome, event.conventions).results
        for s in event.seats:
            cells[f"{s}_whists"] = round(float(res[s]), 1)
    return cells
