"""The contexts of the results site's pages: the rankings, a deal's protocol, a player's score card, a table.

Every page's context is built by a function of the report (and a player, deal or table), so that a
competition can build the same pages for each of its sessions.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

from prefprint.engine.matchpoints import rounded_percent
from prefprint.engine.model import Event
from prefprint.engine.report import CompetitionReport, DealResult, Report, Result
from prefprint.engine.rules import Outcome
from prefprint.io.workbook import protocol_cells
from prefprint.views import makeable
from prefprint.views.documents import deal_view, table_copy
from prefprint.views.report_state import (
    EXCLUDED,
    IN_PLAY,
    competition_state,
    counts,
    row_notes,
    row_status,
    ruling_text,
)
from prefprint.words.i18n import words
from prefprint.words.messages import Message, text_of


def rows_index(report: Report) -> dict[tuple[int, int, int], Result]:
    """(deal, round, table) -> the result row."""
    return {(r.deal, r.round, r.table): r for d in report.deals for r in d.results}


def role_of(outcome: Outcome | None, seat: str) -> str | None:
    """What a seat did in a deal: declarer, whist, pass, half, allpass, dealer (sat out), catch."""
    if outcome is None:
        return None
    if outcome.table_size == 4 and seat == outcome.dealer:
        return "dealer"
    kind = outcome.contract.kind
    if kind == "allpass":
        return "allpass"
    if seat == outcome.declarer:
        return "declarer"
    if kind == "misere":
        return "catch"
    return dict(outcome.defence).get(seat)


def tricks_of(outcome: Outcome | None, seat: str) -> tuple:
    """(declarer's tricks, the seat's own tricks) as the protocol has them, None where not written."""
    if outcome is None:
        return None, None
    tricks = dict(outcome.tricks)
    if outcome.contract.kind == "allpass":
        return None, tricks.get(seat)
    decl = tricks.get(outcome.declarer)
    own = tricks.get(seat) if seat != outcome.declarer else None
    return decl, own


def _top(result: Result, seat: str) -> int:
    """The top of a seat's line on a deal (lines may differ where results are factored)."""
    return result.tops[seat]


def _shown_status(report: Report, r: Result | None, deal: int) -> str:
    """The status a row is shown with: its own, or (`r` None: the report holds no row) as _missing_status;
    IN_PLAY for a played row of a deal in play."""
    status = row_status(r) if r is not None else _missing_status(report, deal)
    return IN_PLAY if status == "played" and deal in report.partial else status


def _missing_status(report: Report, deal: int) -> str:
    """The status of a row the report does not hold: its deal's (not played, spoiled, pending), pending on a
    deal scored over the rows entered so far, or excluded."""
    if deal in report.partial:
        return "pending"
    status = next((d.status for d in report.deals if d.number == deal), "excluded")
    return status if status in EXCLUDED else "excluded"


def _contract(r: Result | None, lang: str) -> str:
    return r.contract.label(lang) if r is not None and r.contract else ""


def ranking_context(report: Report) -> dict:
    """The ranking page: the standings (names and the report's state come with every page)."""
    return {"standings": report.standings}


def deal_page(report: Report, d: DealResult) -> dict:
    """One deal's protocol: every row (excluded ones marked), names, and the results by line."""
    event = report.event
    lang = event.language
    index = rows_index(report)
    copy_of = {(rnd.number, t.table): table_copy(t) for rnd in event.movement.rounds for t in rnd.tables}
    deal = event.deal(d.number)
    rows, seen = [], set()
    planned = [(row.round, row.table, dict(row.seats)) for row in event.rows_of(deal)]
    extra = [
        (r.round, r.table, r.players) for r in d.results if (r.round, r.table) not in {(a, b) for a, b, _ in planned}
    ]
    for rnd, table, seats in planned + extra:
        if (rnd, table) in seen:
            continue
        seen.add((rnd, table))
        r = index.get((d.number, rnd, table))
        status = _shown_status(report, r, d.number)
        players = r.players if r is not None else seats
        row = {"round": rnd, "table": table, "copy_no": copy_of.get((rnd, table), 1)}
        rows.append(row | _result_row(event, r, status, players))
    whole = d.status in ("not played", "spoiled")  # the deal as a whole: said once, not on every row
    deal_notes = [text_of(n, lang) for n in d.notes]
    if whole:
        for row in rows:
            row["notes"] = [n for n in row["notes"] if n not in deal_notes]
    top = max((_top(r, s) for r in d.results if row_status(r) in ("played", "adjusted") for s in r.mp), default=0)
    a = _analysed(report, d.number)
    dd = makeable.grid_view(a, lang)
    for row in rows:
        r = index.get((d.number, row["round"], row["table"]))
        x = makeable.against(a, r.outcome) if dd and r is not None and row["status"] == "played" else None
        row["dd"] = {"text": x.dd_text(), "mark": makeable.mark(x)} if x else None
    return {
        "number": d.number,
        "status": d.status,
        "view": deal_view(deal, lang),
        "rows": rows,
        "top": top,
        "dd": dd,
        # still being solved (in the background, for the scoring server's live site)
        "dd_pending": report.analysis is not None and d.number in report.analysis.unsolved,
        "dd_lines": makeable.grid_lines(dd, words(lang)) if dd else None,
        "lines": _lines(event, d),
        "copies": max((row["copy_no"] for row in rows), default=1),
        "whole": whole,
        "notes": deal_notes,
    }


def _analysed(report: Report, number: int):
    """The double-dummy analysis of a deal of the report (solver.DealAnalysis), None without one."""
    return report.analysis.deals.get(number) if report.analysis is not None else None


def _dd_mark(report: Report, number: int, outcome: Outcome | None, role: str | None) -> dict | None:
    """A score card's mark of a deal against double dummy, for the roles that play it (declarer, whister, catcher)."""
    side = makeable.SIDES.get(role)
    if side is None or outcome is None:
        return None
    return makeable.mark(makeable.against(_analysed(report, number), outcome), side)


def _lines(event: Event, d: DealResult) -> list[dict]:
    """Per seat: each result played (whists) → how many tables → the matchpoints it scored."""
    lines = []
    for s in event.seats:
        played = [r for r in d.results if row_status(r) == "played" and s in r.mp]
        freq = Counter(r.whists[s] for r in played)
        mp = {r.whists[s]: r.mp[s] for r in played}
        top = {r.whists[s]: _top(r, s) for r in played}
        results = [
            {"whists": w, "adjusted": None, "count": n, "mp": mp[w], "percent": _share(mp[w], top[w])}
            for w, n in sorted(freq.items(), reverse=True)
        ]
        adjusted = Counter(
            (r.adjusted or {}).get(s)
            for r in d.results
            if row_status(r) == "adjusted" and (r.adjusted or {}).get(s) is not None
        )
        adj_mp = {(r.adjusted or {}).get(s): r.mp.get(s) for r in d.results if row_status(r) == "adjusted"}
        results += [
            {
                "whists": None,
                "adjusted": pct,
                "count": n,
                "mp": adj_mp.get(pct),
                "percent": float(rounded_percent(Fraction(pct) / 100, 1)),
            }
            for pct, n in sorted(adjusted.items())
        ]
        lines.append({"seat": s, "results": results})
    return lines


def _share(mp, top) -> float | None:
    """Matchpoints as a percentage of the top, to one decimal (None without a top)."""
    return _percent1(mp, top) if top else None


def _positions(event: Event, number: int) -> dict:
    """round -> (table play, seat) of a player in the movement (absent: he rests)."""
    return event.movement.places.get(number, {})


@lru_cache(maxsize=1 << 14)
def _percent1(mp, top) -> float:
    """A percentage of a score card to one decimal, rounded half up from the exact value (printed "%.1f")."""
    return float(rounded_percent(Fraction(mp) / top, 1))


def _deals_of_set(event: Event) -> dict[int, list[int]]:
    """The deal numbers of each set."""
    out: dict[int, list[int]] = {}
    for deal in event.deals:
        out.setdefault(deal.set, []).append(deal.number)
    return out


def player_card(report: Report, number: int, index: dict | None = None) -> dict:
    """A player's score card: per round his table, seat and table-mates; per deal his role, the
    contract, the tricks, his whists, matchpoints of the top and the running percentage."""
    event = report.event
    scored: dict[int, dict] = {}  # round -> deal -> (result, seat), as written in the protocols
    for deal_no, r, seat in report.per_player.get(number, []):
        scored.setdefault(r.round, {})[deal_no] = (r, seat)
    where = _positions(event, number)
    index, deals_of_set, total = index or rows_index(report), _deals_of_set(event), _Sum()
    rounds = []
    for rnd in event.movement.rounds:
        mine, at = scored.get(rnd.number, {}), where.get(rnd.number)
        if at is None and not mine:
            rounds.append({"round": rnd.number, "rest": True})
        else:
            rounds.append(_card_round(report, number, rnd.number, mine, at, index, deals_of_set, total))
    standing = next((s for s in report.standings if s.player == number), None)
    rulings = [ruling_text(a, event.language) for a in report.rulings if a.player == number]
    return {
        "player": next(p for p in event.players if p.number == number),
        "standing": standing,
        "rulings": rulings,
        "marked": any(x["dd"] for r in rounds if not r["rest"] for x in r["deals"]),
        "rounds": rounds,
        "played": sum(1 for r in rounds if not r["rest"] for d in r["deals"] if d["mp"] is not None),
    }


class _Sum:
    """Matchpoints and tops added up: of a round, or of the card so far."""

    def __init__(self):
        self.mp, self.top = Fraction(0), 0

    def add(self, mp, top: int) -> None:
        self.mp += mp
        self.top += top


def _card_round(
    report: Report, number: int, rnd: int, mine: dict, at, index: dict, deals_of_set: dict, total: _Sum
) -> dict:
    """One round of a score card: the table, seat and mates, and a line a deal of the set he played (`total`:
    the card's sum so far, carried on)."""
    first = next(iter(mine.values()), None)
    table = first[0].table if first else at[0].table
    seat = first[1] if first else at[1]
    numbers = sorted(set(mine) | set(deals_of_set.get(at[0].set, []) if at else ()))
    deals, this, seated = [], _Sum(), None
    for n in numbers:
        r, s = mine.get(n, (None, seat))
        if r is None:
            r = index.get((n, rnd, table))
            if r is not None and counts(r, s) and r.players.get(s) != number:
                r = None  # someone else was written in his seat: not his result
        if r is not None and seated is None:
            seated = r.players  # who sat at the table, as the protocol has it
        row = _card_deal(report, n, r, s)
        if counts(r, s):
            row["mp"], row["top"] = r.mp[s], _top(r, s)
            this.add(r.mp[s], row["top"])
            total.add(r.mp[s], row["top"])
        if total.top:
            row["running"] = _percent1(total.mp, total.top)
        deals.append(row)
    names = report.event.names
    mates = seated or (dict(at[0].seats) if at else {})
    return {
        "round": rnd,
        "rest": False,
        "table": table,
        "room": report.event.movement.room_named(table),
        "seat": seat,
        "set": at[0].set if at else None,
        "mates": [(s, p, names.get(p, "")) for s, p in mates.items() if p != number],
        "deals": deals,
        "mp": this.mp,
        "top": this.top,
        "percent": _percent1(this.mp, this.top) if this.top else None,
        "running": _percent1(total.mp, total.top) if total.top else None,
    }


def _card_deal(report: Report, n: int, r: Result | None, s: str) -> dict:
    """A deal's line of a score card as the protocol has it (`r`: the row, None where he has none); the
    matchpoints and the running percentage are the round's to fill in."""
    lang = report.event.language
    status = _shown_status(report, r, n)
    shown = r if status != IN_PLAY else None  # a row in play: the matchpoints only
    outcome = shown.outcome if shown is not None else None
    decl, own = tricks_of(outcome, s)
    role = role_of(outcome, s)
    return {
        "deal": n,
        "status": status,
        "out": status in EXCLUDED,
        "role": role,
        "dd": _dd_mark(report, n, outcome, role) if status == "played" else None,
        "contract": _contract(shown, lang),
        "decl_tricks": decl,
        "own_tricks": own,
        "whists": shown.whists.get(s) if shown is not None else None,
        "adjusted": (shown.adjusted or {}).get(s) if shown is not None else None,
        "mp": None,
        "top": None,
        "running": None,
        "notes": row_notes(shown, lang) if shown is not None else [],
    }


def _result_row(event: Event, r: Result | None, status: str, players: dict) -> dict:
    """What a protocol row shows on the deal page and on the table page: its status, the contract and
    cells as written, each seat's player, whists and matchpoints (None where it does not count), notes.
    A row IN_PLAY shows the players and matchpoints only."""
    lang = event.language
    shown = r if status != IN_PLAY else None
    return {
        "status": status,
        "out": status in EXCLUDED,
        "contract": _contract(shown, lang),
        "cells": protocol_cells(shown.outcome if shown is not None else None, lang),
        "seats": [
            {
                "seat": s,
                "player": players.get(s),
                "whists": shown.whists.get(s) if shown is not None else None,
                "mp": r.mp.get(s) if counts(r, s) else None,
                "adjusted": (r.adjusted or {}).get(s) if r is not None else None,
            }
            for s in event.seats
        ],
        "notes": row_notes(shown, lang) if shown is not None else [],
    }


def table_page(report: Report, table: int, index: dict | None = None) -> dict:
    """Round by round at one table: who sat where, the set, and each deal's result there."""
    event = report.event
    index = index or rows_index(report)
    names = event.names
    deals_of_set = _deals_of_set(event)
    rounds = []
    for rnd in event.movement.rounds:
        tp = next((t for t in rnd.tables if t.table == table), None)
        if tp is None:
            continue
        seats = dict(tp.seats)
        deals = []
        for n in deals_of_set.get(tp.set, []):
            r = index.get((n, rnd.number, table))
            if r is not None:
                seats = {**seats, **r.players}
            status = _shown_status(report, r, n)
            deals.append({"deal": n, "top": r.top if r is not None else None} | _result_row(event, r, status, seats))
        rounds.append(
            {
                "round": rnd.number,
                "set": tp.set,
                "copy_no": table_copy(tp),
                "players": [(s, p, names.get(p, "")) for s, p in seats.items()],
                "deals": deals,
            }
        )
    return {"table": table, "rounds": rounds}


def tables_of(event: Event) -> list[int]:
    """The numbers of the tables of the movement, each with its page."""
    return sorted({t.table for rnd in event.movement.rounds for t in rnd.tables})


def competition_nav(sessions: list[Event], names: dict | None = None) -> dict:
    """What a session's pages say of the competition: this session's name, every session (number, name,
    the players absent from it: a score card links to the player's cards of the sessions he played) and the
    names of the competition's players (of those absent from a session too)."""
    return {"sessions": [(e.session, e.session_label, tuple(e.absent)) for e in sessions], "names": names or {}}


def absent_text(event: Event, names: dict) -> str:
    """ "Не участвует в этой сессии: 17 Егоров Егор" under a session's ranking; "" when all play."""
    absent = list(event.absent)
    if not absent:
        return ""
    players = ", ".join(f"{n} {names.get(n, '')}".strip() for n in absent)
    return Message("publish.absent", n=len(absent), players=players).text(event.language)


def competition_context(report: CompetitionReport) -> dict:
    """The overall ranking of a competition: each player's total and every session's share."""
    comp = report.competition
    rows = []
    sessions = [r.event.session for r in report.reports]
    for s in report.standings:
        per = {t.session: t for t in report.sessions_of.get(s.player, [])}
        rows.append({"standing": s, "sessions": [per.get(k) for k in sessions]})
    return {
        "competition": comp,
        "event": comp,
        "rows": rows,
        "sessions": report.sessions,
        "names": comp.names,
        "reports": report.reports,
        "state": competition_state(report),
        "absent": {r.event.session: absent_text(r.event, comp.names) for r in report.reports},
    }
