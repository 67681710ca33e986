"""Who sat where across the rows of a round: one table a player, one player a seat for the whole round."""

from __future__ import annotations

from collections import Counter, defaultdict

from prefprint.checks.found import Findings


def check_two_tables(f: Findings) -> set:
    """A player written at two tables of one round: the cells that differ from the movement are wrong."""
    flagged = set()
    by_round = defaultdict(lambda: defaultdict(list))
    for rec in f.seated:
        by_round[rec.round][rec.player].append(rec)
    for rnd, players in sorted(by_round.items()):
        for player, recs in sorted(players.items()):
            if len({r.table for r in recs}) < 2:
                continue
            odd = [r for r in recs if r.player != r.planned] or [r for r in recs if r.table != recs[0].table]
            for r in odd:
                other = next(x for x in recs if x.table != r.table)
                f.problem(
                    "results.player_two_tables",
                    cell=r.cell,
                    player=player,
                    table=r.table,
                    round=rnd,
                    other=other.table,
                    other_cell=other.cell,
                    planned=r.planned,
                )
                flagged.add(id(r))
    return flagged


def check_same_player_all_round(f: Findings, flagged: set) -> None:
    """One seat of a table holds one player for the whole round; a consistent change is a substitute."""
    by_place = defaultdict(list)
    for rec in f.seated:
        by_place[(rec.round, rec.table, rec.seat)].append(rec)
    for (rnd, tbl, seat), recs in sorted(by_place.items(), key=lambda kv: (*kv[0][:2], "NESW".index(kv[0][2]))):
        counts = Counter(r.player for r in recs)
        if len(counts) > 1:
            main = max(counts, key=lambda p: (counts[p], p == recs[0].planned))
            first = next(r for r in recs if r.player == main)
            for r in recs:
                if r.player != main and id(r) not in flagged:
                    f.problem(
                        "results.player_inconsistent",
                        cell=r.cell,
                        round=rnd,
                        table=tbl,
                        seat=seat,
                        player=r.player,
                        other=main,
                        other_cell=first.cell,
                    )
        elif recs[0].player != recs[0].planned and not any(id(r) in flagged for r in recs):
            f.warn(
                "results.substitute",
                cell=recs[0].cell,
                round=rnd,
                table=tbl,
                seat=seat,
                player=recs[0].player,
                planned=recs[0].planned,
            )


def players_at(f: Findings, rnd: int, tbl: int) -> dict:
    """Who sat at a table in a round, as written (the movement's seating where nothing was read)."""
    seats = {}
    for row in f.event.movement.rounds[rnd - 1].tables if rnd <= len(f.event.movement.rounds) else ():
        if row.table == tbl:
            seats = dict(row.seats)
    written = defaultdict(Counter)
    for rec in f.seated:
        if (rec.round, rec.table) == (rnd, tbl):
            written[rec.seat][rec.player] += 1
    seats.update({s: c.most_common(1)[0][0] for s, c in written.items()})
    return seats
