"""The director's rulings applied to the rows they name: adjusted scores and penalties."""

from __future__ import annotations

from prefprint.checks.found import DealResult, Findings
from prefprint.checks.seating import players_at
from prefprint.engine.rulings import Applied, penalty_top


def apply_rulings(f: Findings, deals: dict) -> None:
    """Every ruling of the event on its row (or its player, or a table's round), in the order written."""
    for ruling in f.rulings.items:
        if ruling.kind == "adjusted":
            apply_adjusted(f, ruling, deals)
        else:
            apply_penalty(f, ruling, deals)


def waits(f: Findings, ruling, deal: DealResult) -> bool:
    """A ruling on rows not entered yet: it waits (provisional results say so; a final run has
    the deal's own problem)."""
    if f.provisional:
        f.warn("rulings.pending", where=ruling.where, deal=deal.number)
    return True


def ruling_row(f: Findings, ruling, deal: DealResult):
    """The (row, seat, player) a ruling names: by round, table and seat, or by the player."""
    if deal.status == "pending":
        waits(f, ruling, deal)
        return None
    partial = deal.number in f.partial
    if ruling.round is not None and ruling.table is not None:
        row = next((r for r in deal.results if (r.round, r.table) == (ruling.round, ruling.table)), None)
        if row is None and partial:
            waits(f, ruling, deal)
            return None
        if row is None:
            f.problem("rulings.no_row", where=ruling.where, round=ruling.round, table=ruling.table, deal=deal.number)
            return None
        seat = ruling.seat or next((s for s, p in row.players.items() if p == ruling.player), None)
        if seat is None:
            f.problem(
                "rulings.not_at_table",
                where=ruling.where,
                player=ruling.player,
                round=row.round,
                table=row.table,
                seats=", ".join(map(str, row.players.values())),
            )
            return None
        if ruling.player is not None and row.players.get(seat) != ruling.player:
            f.problem(
                "rulings.seat_player",
                where=ruling.where,
                seat=seat,
                written=row.players.get(seat),
                player=ruling.player,
            )
            return None
        return row, seat, row.players[seat]
    for row in deal.results:
        for seat, player in row.players.items():
            if player == ruling.player and (ruling.seat is None or ruling.seat == seat):
                return row, seat, player
    if partial:
        waits(f, ruling, deal)
    else:
        f.problem("rulings.no_player_row", where=ruling.where, player=ruling.player, deal=deal.number)
    return None


def apply_adjusted(f: Findings, ruling, deals: dict) -> None:
    """An adjusted score: the seat's percentage of the top, once a seat."""
    found = ruling_row(f, ruling, deals[ruling.deal])
    if found is None:
        return
    row, seat, player = found
    if seat in row.adjusted:
        f.problem("rulings.twice", where=ruling.where, seat=seat, other=f"{row.adjusted[seat]}%")
        return
    row.adjusted[seat] = ruling.percent
    a = Applied(ruling, player, deal=ruling.deal, round=row.round, table=row.table, seat=seat)
    row.notes.append(a.note())
    f.applied.append(a)


def apply_penalty(f: Findings, ruling, deals: dict) -> None:
    """A penalty (matchpoints, or a percentage of a top) on a player, a row's seat or a table's round."""
    if ruling.kind == "time":
        places = [
            (s, p)
            for s, p in players_at(f, ruling.round, ruling.table).items()
            if not ruling.seats or s in ruling.seats
        ]
        where = (None, ruling.round, ruling.table)
    elif ruling.player is not None:
        places = [(ruling.seat, ruling.player)]
        where = (ruling.deal, ruling.round, ruling.table)
    else:
        found = ruling_row(f, ruling, deals[ruling.deal])
        if found is None:
            return
        row, seat, player = found
        places = [(seat, player)]
        where = (ruling.deal, row.round, row.table)
    top = penalty_top(f.event, ruling.deal if ruling.kind == "penalty" else None)
    amount = ruling.mp if ruling.mp is not None else ruling.percent * top / 100
    for seat, player in places:
        a = Applied(ruling, player, -amount, deal=where[0], round=where[1], table=where[2], seat=seat)
        f.applied.append(a)
        deal = deals.get(ruling.deal) if ruling.deal else None
        for row in deal.results if deal else ():
            if player in row.players.values():
                row.notes.append(a.note())
