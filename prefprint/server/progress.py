"""The room as the director sees it: each table's round, its last row, its missing rows; the deals' travellers.

A round is over when the director closed it or the clock is past it (server.clock). The rows of a round
over that a table has not entered are that table's missing rows until the director enters them or
waives them; rounds still to come are never missing. A table is late when it has missing rows, or when
the round it is entering is behind the clock's.
"""

from __future__ import annotations

from prefprint.server.clock import Position


def over_rounds(closed: set[int], position: Position | None) -> set[int] | range:
    """The rounds over: closed by the director, or their time up by the clock."""
    if position is None or not position.over:
        return closed
    return closed | set(range(1, position.over + 1))


def table_rows(event, where: dict, table: int) -> list[tuple[int, int]]:
    """(round, deal) of every row a table plays, in round and deal order."""
    out = []
    for (rnd, t), play in sorted(where.items()):
        if t == table:
            out += [(rnd, d.number) for d in event.deals if d.set == play.set]
    return out


def missing_rows(plays: list[tuple[int, int]], table: int, store, over) -> list[list[int]]:
    """[round, deal] of the table's rows of rounds over, neither entered nor waived."""
    return [
        [rnd, deal]
        for rnd, deal in plays
        if rnd in over and (deal, rnd, table) not in store.rows and (deal, rnd, table) not in store.waived
    ]


def table_state(plays: list[tuple[int, int]], table: int, store, over, position: Position | None) -> dict:
    """{"table", "round", "last_entry", "late", "missing"} of one table: `round` the first round with a row
    neither entered nor waived (None when every row is in), `last_entry` when its last row was stored."""
    waiting = [
        rnd for rnd, deal in plays if (deal, rnd, table) not in store.rows and (deal, rnd, table) not in store.waived
    ]
    stamps = [row.at for rnd, deal in plays if (row := store.rows.get((deal, rnd, table)))]
    missing = missing_rows(plays, table, store, over)
    entering = waiting[0] if waiting else None
    behind = position is not None and entering is not None and entering < position.round
    return {
        "table": table,
        "round": entering,
        "last_entry": max(stamps) if stamps else None,
        "late": bool(missing) or behind,
        "missing": missing,
    }


def travellers(event, where: dict, store) -> list[dict]:
    """Every deal's rows entered so far, in round order: [{"deal", "rows": [{"round", "table", "seats",
    "entered"}]}] (the director's live travellers)."""
    out = []
    for d in event.deals:
        rows = []
        for p in event.rows_of(d):
            row = store.rows.get((d.number, p.round, p.table))
            if row is not None and (p.round, p.table) in where:
                rows.append({"round": p.round, "table": p.table, "seats": dict(p.seats), "entered": row.json()})
        out.append({"deal": d.number, "rows": rows})
    return out
