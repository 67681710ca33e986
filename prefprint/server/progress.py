"""The room as the pages show it: each table's round, last row and missing rows; the deals' travellers.

A round is over when the director closed it or the clock is past it (server.clock). The rows of a round
over that a table has not entered are that table's missing rows until the director enters them or
waives them; rounds still to come are never missing. A table is late when it has missing rows, or when
the round it is entering is behind the clock's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prefprint.server.clock import Position

if TYPE_CHECKING:  # the session's state, which these views read (scoring imports this module)
    from prefprint.server.scoring import Scoring


def over_rounds(closed: set[int], position: Position | None) -> set[int] | range:
    """The rounds over: closed by the director, or their time up by the clock."""
    if position is None or not position.over:
        return closed
    return closed | set(range(1, position.over + 1))


def by_set(event) -> dict[int, list[int]]:
    """The deals of each set."""
    out: dict[int, list[int]] = {}
    for d in event.deals:
        out.setdefault(d.set, []).append(d.number)
    return out


def plays(event, where: dict) -> dict[int, list[tuple[int, int]]]:
    """Every table's rows, (round, deal) in round and deal order (made once a session: the pages ask often)."""
    deals = by_set(event)
    out: dict[int, list[tuple[int, int]]] = {}
    for (rnd, t), play in sorted(where.items()):
        out.setdefault(t, []).extend((rnd, deal) for deal in deals.get(play.set, []))
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


def table_view(s: Scoring, table: int) -> dict:
    """What a table's page shows: {"rows": its rows (Scoring.table_rows), "missing": [[round, deal], …], "clock"};
    `s` the session's server.scoring.Scoring."""
    clock, now = s.clock(), s.now()
    over = over_rounds(s.store.closed, clock.position(s.plan, now))
    return {
        "rows": s.table_rows(table),
        "missing": missing_rows(s.plays[table], table, s.store, over),
        "clock": clock.json(s.plan, now),
    }


def _rounds(s: Scoring, over) -> tuple[list[dict], int, int]:
    """The rows not entered by round and table, with the rows entered and the rows in all."""
    rounds = []
    total = done = 0
    sets = by_set(s.event)
    for rnd in s.event.movement.rounds:
        tables = []
        for t in rnd.tables:
            deals = sets.get(t.set, [])
            missing = [d for d in deals if (d, rnd.number, t.table) not in s.store.rows]
            tables.append({"table": t.table, "deals": deals, "missing": missing})
            total += len(deals)
            done += len(deals) - len(missing)
        closed = rnd.number in s.store.closed
        rounds.append({"round": rnd.number, "closed": closed, "over": rnd.number in over, "tables": tables})
    return rounds, done, total


def director_view(s: Scoring) -> dict:
    """What the director's page shows: the rows not entered by round and table, the clock, each table's round,
    last row and missing rows, the live site's state; `s` the session's server.scoring.Scoring."""
    clock, now = s.clock(), s.now()
    position = clock.position(s.plan, now)
    over = over_rounds(s.store.closed, position)
    states = [table_state(rows, t, s.store, over, position) for t, rows in sorted(s.plays.items())]
    rounds, done, total = _rounds(s, over)
    return {
        "rounds": rounds,
        "clock": clock.json(s.plan, now),
        "tables": states,
        "rows": done,
        "of": total,
        "version": s.store.version,
        "hide_results": bool(s.store.settings.get("hide_results")),
        "live": s.live_json(),
    }
