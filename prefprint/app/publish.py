"""Publish checked results: a static HTML site, a PDF and a workbook.

The site (relative to its root, the spec's [publish] url, where the kit's QR codes point):
  index.html              the ranking
  players/player-N.html   player N's score card: round by round, deal by deal
  deals/deal-N.html       the protocol of deal N with names, and its results by line
  tables/table-N.html     round by round what table N played (the table cards' QR code)

Every page's context is built by a function of the report (and a player, deal or table), so
that a competition can build the same pages for each of its sessions.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections import Counter
from fractions import Fraction
from pathlib import Path

from prefprint.analysis import makeable
from prefprint.engine.matchpoints import rounded_percent
from prefprint.io.outdir import digest, write_atomic
from prefprint.io.pool import start_forked
from prefprint.io.render import html, join_reusing, pdf_pages, render_pdfs, render_processes
from prefprint.io.workbook import protocol_cells
from prefprint.views.documents import DEAL_PAGE, PLAYER_PAGE, TABLE_PAGE, deal_view, table_copy
from prefprint.words.i18n import words
from prefprint.words.messages import Message, text_of
from prefprint.words.numbers import number, ranges

EXCLUDED = ("not played", "spoiled", "excluded", "pending")  # rows without matchpoints


# --------------------------------------------------------------------------- reading the report
# The pages read results.Report (one session) and competition.CompetitionReport (the ranking over all).


def row_status(result) -> str:
    """played | adjusted | not played | spoiled of one protocol row."""
    return result.status


IN_PLAY = "in play"  # a played row of a deal other tables have still to play (provisional results)


def in_play(report) -> set[int]:
    """The deals of provisional results that some table has still to play. Their pages are not published, and
    their rows show the matchpoints but not the contract, tricks or whists: a player who has the deal to come
    could read them (a final report has none)."""
    return set(report.partial)


def row_notes(result, lang: str) -> list[str]:
    """Why a row was excluded or adjusted, the rulings on it: in words."""
    return [text_of(n, lang) for n in result.notes]


def counts(result, seat: str) -> bool:
    """True when the row's result for the seat is in the matchpoints (played or adjusted)."""
    return result is not None and row_status(result) in ("played", "adjusted") and seat in result.mp


def report_state(report) -> dict:
    """What every page says about the report: provisional (when, which deals wait) and the rulings."""
    lang = report.event.language
    provisional = report.provisional
    return {
        "provisional": provisional,
        "text": provisional_text(report, lang) if provisional else "",
        "pending": list(report.pending),
        "generated_at": report.generated_at,
        "rulings": [ruling_text(a, lang) for a in report.rulings],
    }


def ruling_text(ruling, lang: str) -> str:
    """A director's ruling as it counted, in words."""
    return text_of(ruling.note(), lang)


def provisional_text(report, lang: str) -> str:
    """ "Provisional results as of 21:40. Scored over the rows entered so far: deals 1–18: 4 of 5 rows. Not yet
    scored: 2 deals: 19, 20" for the pages of provisional results."""
    parts = [Message("results.provisional", time=report.generated_at), *pending_parts(report)]
    if report.partial:
        parts.append(Message("results.in_play_hidden"))
    return " ".join(f"{m.text(lang)}." for m in parts)


def competition_state(report) -> dict:
    """What the overall pages, PDF and workbook of a competition say: provisional when any session is, with
    what each provisional session still waits for."""
    lang = report.competition.language
    provisional = [r for r in report.reports if r.provisional]
    if not provisional:
        return {"provisional": False, "text": "", "rulings": []}
    head = Message("results.provisional", time=provisional[0].generated_at).text(lang)
    sessions = [
        Message(
            "publish.session_pending",
            session=r.event.session_label,
            text=" ".join(f"{m.text(lang)}." for m in pending_parts(r)),
        ).text(lang)
        for r in provisional
    ]
    return {"provisional": True, "text": " ".join([f"{head}.", *sessions]), "rulings": []}


def pending_parts(report) -> list[Message]:
    """What provisional results still wait for: the deals scored over part of their rows, the deals not scored."""
    parts = []
    partial = report.partial
    if partial:
        groups: dict[tuple, list] = {}
        for deal, rows in sorted(partial.items()):
            groups.setdefault(rows, []).append(deal)
        parts.append(
            Message(
                "results.partial",
                groups=[
                    Message("results.partial_group", n=len(deals), deals=ranges(deals), rows=rows, of=of)
                    for (rows, of), deals in sorted(groups.items(), key=lambda g: g[1][0])
                ],
            )
        )
    if report.pending:
        parts.append(Message("results.pending", n=len(report.pending), deals=ranges(report.pending)))
    elif not partial:
        parts.append(Message("results.none_pending"))
    return parts


def _index(report) -> dict:
    """(deal, round, table) -> the result row."""
    return {(r.deal, r.round, r.table): r for d in report.deals for r in d.results}


def role_of(outcome, seat: str) -> str | None:
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


def tricks_of(outcome, seat: str) -> tuple:
    """(declarer's tricks, the seat's own tricks) as the protocol has them, None where not written."""
    if outcome is None:
        return None, None
    tricks = dict(outcome.tricks)
    if outcome.contract.kind == "allpass":
        return None, tricks.get(seat)
    decl = tricks.get(outcome.declarer)
    own = tricks.get(seat) if seat != outcome.declarer else None
    return decl, own


def _top(result, seat: str) -> int:
    """The top of a seat's line on a deal (lines may differ where results are factored)."""
    return result.tops[seat]


def _shown_status(report, r, deal: int) -> str:
    """The status a row is shown with: its own, or (`r` None: the report holds no row) as _missing_status;
    IN_PLAY for a played row of a deal in play."""
    status = row_status(r) if r is not None else _missing_status(report, deal)
    return IN_PLAY if status == "played" and deal in report.partial else status


def _missing_status(report, deal: int) -> str:
    """The status of a row the report does not hold: its deal's (not played, spoiled, pending), pending on a
    deal scored over the rows entered so far, or excluded."""
    if deal in report.partial:
        return "pending"
    status = next((d.status for d in report.deals if d.number == deal), "excluded")
    return status if status in EXCLUDED else "excluded"


def _contract(r, lang: str) -> str:
    return r.contract.label(lang) if r is not None and r.contract else ""


# --------------------------------------------------------------------------- page contexts


def ranking_context(report) -> dict:
    """The ranking page: the standings (names and the report's state come with every page)."""
    return {"standings": report.standings}


def deal_page(report, d) -> dict:
    """One deal's protocol: every row (excluded ones marked), names, and the results by line."""
    event = report.event
    lang = event.language
    index = _index(report)
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
    dd = makeable.table_view(a, lang)
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
        "dd_lines": makeable.table_lines(dd, words(lang)) if dd else None,
        "lines": _lines(event, d),
        "copies": max((row["copy_no"] for row in rows), default=1),
        "whole": whole,
        "notes": deal_notes,
    }


def _analysed(report, number: int):
    """The double-dummy analysis of a deal of the report (solver.DealAnalysis), None without one."""
    return report.analysis.deals.get(number) if report.analysis is not None else None


def _dd_mark(report, number: int, outcome, role: str | None) -> dict | None:
    """A score card's mark of a deal against double dummy, for the roles that play it (declarer, whister, catcher)."""
    side = makeable.SIDES.get(role)
    if side is None or outcome is None:
        return None
    return makeable.mark(makeable.against(_analysed(report, number), outcome), side)


def _lines(event, d) -> list[dict]:
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


def _positions(event, number: int) -> dict:
    """round -> (table play, seat) of a player in the movement (absent: he rests)."""
    out = {}
    for rnd in event.movement.rounds:
        for t in rnd.tables:
            for seat, p in t.seats:
                if p == number:
                    out[rnd.number] = (t, seat)
    return out


def _percent1(mp, top) -> float:
    """A percentage of a score card to one decimal, rounded half up from the exact value (printed "%.1f")."""
    return float(rounded_percent(Fraction(mp) / top, 1))


def _deals_of_set(event) -> dict[int, list[int]]:
    """The deal numbers of each set."""
    out: dict[int, list[int]] = {}
    for deal in event.deals:
        out.setdefault(deal.set, []).append(deal.number)
    return out


def player_card(report, number: int) -> dict:
    """A player's score card: per round his table, seat and table-mates; per deal his role, the
    contract, the tricks, his whists, matchpoints of the top and the running percentage."""
    event = report.event
    scored: dict[int, dict] = {}  # round -> deal -> (result, seat), as written in the protocols
    for deal_no, r, seat in report.per_player.get(number, []):
        scored.setdefault(r.round, {})[deal_no] = (r, seat)
    where = _positions(event, number)
    index, deals_of_set, total = _index(report), _deals_of_set(event), _Sum()
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


def _card_round(report, number: int, rnd: int, mine: dict, at, index: dict, deals_of_set: dict, total: _Sum) -> dict:
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


def _card_deal(report, n: int, r, s: str) -> dict:
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


# results.pdf prints the score cards as recap lines in a monospaced face: a table cell per
# figure costs WeasyPrint about half a millisecond, so 100 cards of 100 deals as tables would
# double the time of the whole PDF; aligned lines of text cost a tenth of that.
# Heights in millimetres as print.css sets them (.cards): a column is what an A4 page leaves
# under the heading and above the legend.
CARD_COLUMN_MM = 244.0
_RECAP_MM = 2.96  # a recap line: 7 pt mono, line height 1.2
_HEADING_MM = 2.87  # a line of a round's heading: 6.5 pt, line height 1.25
_BLOCK_MM = 0.6  # space above a round
_CARD_MM = 12.0  # a card's name, standing and column heads
_MORE_MM = 7.5  # a card continued in the next column: its name and column heads again
_HEADING_LETTERS = 68  # letters of a round's heading that surely fit one line of a column
NBSP = "\u00a0"
_RECAP = "{deal:>3} {role:<{rw}}{contract:<6}{tricks:>7} {whists:>6} {mp:>7} {run:>8}"
_MARK_WIDTH = len(" ▲10")  # the widest double-dummy mark after a role


def role_width(t: dict) -> int:
    """Letters of a printed score card's role column: its longest role with the widest mark, and a space."""
    marked = max(len(t["role_names"][r]) for r in makeable.SIDES) + _MARK_WIDTH
    plain = max(len(w) for w in (*t["role_names"].values(), t["status_names"]["adjusted"], t["role"]))
    return max(marked, plain) + 1


def _segments(text: str) -> list[tuple[str, str]]:
    """A line as (text, css class) pieces: red suits marked."""
    out, buf = [], ""
    for ch in text:
        if ch in "♥♦":
            if buf:
                out.append((buf, ""))
            out.append((ch, "red"))
            buf = ""
        else:
            buf += ch
    if buf:
        out.append((buf, ""))
    return out


def _fmt(value, lang: str) -> str:
    return number(value, lang)


def recap_head(t: dict) -> str:
    """The column heads of a printed score card."""
    return _RECAP.format(
        deal=t["deal_short"][:3],
        role=t["role"],
        rw=role_width(t),
        contract=t["contract_short"][:6],
        tricks=t["tricks_short"],
        whists=t["whists_short"],
        mp=t["mp"],
        run=t["running_short"],
    )


def recap_line(x: dict, t: dict) -> list[tuple[str, str]]:
    """One deal of a score card as an aligned line (pieces with red suits marked)."""
    if x["out"]:
        text = f"{x['deal']:>3} {t['status_names'][x['status']]}"
        if x["notes"]:
            text += ": " + "; ".join(x["notes"])
        return _segments(text)
    role = t["status_names"]["adjusted"] if x["status"] == "adjusted" else t["role_names"].get(x["role"], "")
    if x.get("dd"):
        role += " " + x["dd"]["text"]
    if x["decl_tricks"] is not None and x["own_tricks"] is not None:
        tricks = f"{x['decl_tricks']} / {x['own_tricks']}"
    else:
        tricks = _fmt(x["decl_tricks"] if x["decl_tricks"] is not None else x["own_tricks"], t["lang"])
    whists = _fmt(x["whists"], t["lang"])  # an adjusted score's percentage is in the row's note
    mp = f"{_fmt(x['mp'], t['lang'])}/{x['top']}" if x["mp"] is not None else ""
    run = _fmt(x["running"], t["lang"])
    text = _RECAP.format(
        deal=x["deal"],
        role=role,
        rw=role_width(t),
        contract=x["contract"],
        tricks=tricks,
        whists=whists,
        mp=mp,
        run=run,
    ).rstrip()
    if x["status"] == IN_PLAY:  # the word across the empty role, contract, tricks and whists
        word = f"{x['deal']:>3} {t['status_names'][IN_PLAY]}"
        text = word + text[len(word) :]
    if x["notes"]:
        text += "\n    " + "; ".join(x["notes"])
    return _segments(text)


def _round_block(rnd: dict, t: dict) -> dict:
    from prefprint.io.render import short_name

    if rnd["rest"]:
        return {
            "kind": "round",
            "title": f"{t['round']} {rnd['round']} · {t['rest']}",
            "detail": "",
            "lines": [],
            "height": _HEADING_MM + _BLOCK_MM,
        }
    room = f" · {t['room'].lower()} {rnd['room']}" if rnd.get("room") else ""  # as the table card names it
    title = f"{t['round']} {rnd['round']} · {t['table'].lower()} {rnd['table']}{room} · {rnd['seat']}"
    total = f" · {_fmt(rnd['mp'], t['lang'])}/{rnd['top']}" if rnd["top"] else ""
    # a table-mate's seat, number and name on one line: the line breaks only between table-mates
    mates = ", ".join(NBSP.join((s, str(p), *short_name(name).split())) for s, p, name in rnd["mates"])
    detail = f"{total} — {mates}"
    lines = [recap_line(x, t) for x in rnd["deals"]]
    heading_lines = _wrapped_lines(title + detail, _HEADING_LETTERS)
    height = heading_lines * _HEADING_MM + _BLOCK_MM + _RECAP_MM * sum(1 + bool(x["notes"]) for x in rnd["deals"])
    return {"kind": "round", "title": title, "detail": detail, "lines": lines, "height": height}


def _wrapped_lines(text: str, letters: int) -> int:
    """Lines of `text` wrapped at its ordinary spaces (never at a no-break space) to `letters` a line."""
    lines, used = 1, 0
    for word in text.split(" "):
        if used and used + 1 + len(word) > letters:
            lines, used = lines + 1, len(word)
        else:
            used += len(word) + bool(used)
    return lines


def print_card_pages(cards: list[dict], t: dict, room: float = CARD_COLUMN_MM) -> list[list[list[dict]]]:
    """Score cards for print: pages of two columns of blocks (a card's heading, its rounds).

    A card longer than a column starts on a new page; a shorter one goes where it fits whole,
    so that a club night prints four cards a page. Rounds are never split; heights are
    reckoned in millimetres from the print CSS (a test renders the densest page).
    """
    columns: list[list[dict]] = [[]]
    used = 0.0

    def new_column():
        nonlocal used
        columns.append([])
        used = 0

    for card in cards:
        rounds = [_round_block(r, t) for r in card["rounds"]]
        heading = {"kind": "card", "card": card, "height": _CARD_MM, "more": False}
        size = heading["height"] + sum(r["height"] for r in rounds)
        if size > room:
            if columns[-1]:
                new_column()
            if len(columns) % 2 == 0:  # a long card starts on the left of a page
                new_column()
        elif used + size > room and columns[-1]:
            new_column()
        columns[-1].append(heading)
        used += heading["height"]
        for block in rounds:
            if used + block["height"] > room and columns[-1]:
                new_column()
                columns[-1].append({"kind": "card", "card": card, "height": _MORE_MM, "more": True})
                used += _MORE_MM
            columns[-1].append(block)
            used += block["height"]
    return [columns[i : i + 2] for i in range(0, len(columns), 2)]


def _result_row(event, r, status: str, players: dict) -> dict:
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


def table_page(report, table: int) -> dict:
    """Round by round at one table: who sat where, the set, and each deal's result there."""
    event = report.event
    index = _index(report)
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


def tables_of(event) -> list[int]:
    return sorted({t.table for rnd in event.movement.rounds for t in rnd.tables})


# --------------------------------------------------------------------------- writing


def competition_nav(sessions, names: dict | None = None) -> dict:
    """What a session's pages say of the competition: this session's name, every session (number, name,
    the players absent from it: a score card links to the player's cards of the sessions he played) and the
    names of the competition's players (of those absent from a session too)."""
    return {"sessions": [(e.session, e.session_label, tuple(e.absent)) for e in sessions], "names": names or {}}


def absent_text(event, names: dict) -> str:
    """ "Не участвует в этой сессии: 17 Егоров Егор" under a session's ranking; "" when all play."""
    absent = list(event.absent)
    if not absent:
        return ""
    players = ", ".join(f"{n} {names.get(n, '')}".strip() for n in absent)
    return Message("publish.absent", n=len(absent), players=players).text(event.language)


_PAGES: dict[bytes, list] = {}  # site_pages(memo=True): pages by the digest of what they were built from
KEEP_PAGES = 4  # sites kept


def site_pages(report, comp: dict | None = None, memo: bool = False, downloads=()) -> list[tuple[str, str]]:
    """_site_pages; with `memo` the pages built before from the same report, `comp` and `downloads` (equal as
    pickled)."""
    if not memo:
        return _site_pages(report, comp, downloads)
    key = hashlib.sha256(pickle.dumps((report, comp, tuple(downloads)))).digest()
    pages = _PAGES.pop(key, None) or _site_pages(report, comp, downloads)
    while len(_PAGES) >= KEEP_PAGES:  # the least recently used go first
        del _PAGES[next(iter(_PAGES))]
    _PAGES[key] = pages
    return pages


def _site_common(report, comp: dict | None = None, downloads=()) -> dict:
    """What every page of a session's site is rendered with (see _site_pages)."""
    event = report.event
    if comp is not None:
        comp = {**comp, "label": event.session_label}
    absent = absent_text(event, {**(comp or {}).get("names", {}), **event.names})
    return {
        "event": event,
        "names": event.names,
        "state": report_state(report),
        "comp": comp,
        "downloads": tuple(downloads),
        "absent": absent,
        "deal_numbers": [d.number for d in report.deals],
        "tables": tables_of(event),
        # deals without a page: not begun, or still to be played at some table (in_play)
        "pending": {d.number for d in report.deals if d.status == "pending"} | in_play(report),
    }


def index_page(report, common: dict) -> str:
    """A session's ranking, the page its site opens with (`common`: _site_common)."""
    return html("results_index.html", report.event.language, **common, **ranking_context(report))


def competition_index(report, downloads=(), ctx: dict | None = None) -> str:
    """A competition's overall ranking, the page its site opens with (`ctx`: competition_context)."""
    ctx = ctx or competition_context(report)
    return html(
        "results_competition.html", report.competition.language, printed=False, downloads=tuple(downloads), **ctx
    )


def _site_pages(report, comp: dict | None = None, downloads=()) -> list[tuple[str, str]]:
    """(relative path, HTML) of every page of the site; `comp` (competition_nav): a session's site in a competition;
    `downloads`: the files published beside it (results.pdf, results.xlsx), linked from its ranking."""
    event = report.event
    lang = event.language
    common = _site_common(report, comp, downloads)
    pages = [("index.html", lambda: index_page(report, common))]
    for d in report.deals:
        if d.number in common["pending"]:
            continue  # no protocol yet: the ranking lists it as pending
        pages.append(
            (
                DEAL_PAGE.format(n=d.number),
                lambda d=d: html("results_deal.html", lang, d=deal_page(report, d), **common),
            )
        )
    for p in event.players:
        pages.append(
            (
                PLAYER_PAGE.format(n=p.number),
                lambda p=p: html("results_player.html", lang, card=player_card(report, p.number), **common),
            )
        )
    for table in common["tables"]:
        pages.append(
            (
                TABLE_PAGE.format(n=table),
                lambda table=table: html("results_table.html", lang, tp=table_page(report, table), **common),
            )
        )
    return built(pages)


FORK_PAGES = 40  # a site of this many pages or more is built by two processes where there are two cores


def built(pages: list) -> list[tuple[str, str]]:
    """[(path, build)] -> [(path, what build() gives)]: every other page built in a child forked for it
    (io.pool.start_forked) while this process builds the rest, where there are cores to spare."""

    def build(part):
        return [make() for _, make in part]

    if len(pages) < FORK_PAGES or (os.cpu_count() or 1) < 2:
        return [(path, make()) for path, make in pages]
    theirs = start_forked(build, pages[1::2])
    try:
        mine = build(pages[0::2])
    except BaseException:
        try:
            theirs()  # the child ended and reaped, whatever it gave
        except BaseException:  # noqa: BLE001 - the first failure is the one to tell
            pass
        raise
    texts = [None] * len(pages)
    texts[0::2], texts[1::2] = mine, theirs()
    return [(path, text) for (path, _), text in zip(pages, texts)]


_PDF_CARD_PAGES = 25  # pages of score cards per part of results.pdf
_PDF_DEALS_PART = 12  # protocols per part


def pdf_parts(report, comp: dict | None = None) -> list[str]:
    """The HTML parts of results.pdf: the ranking, the score cards, the protocols (`comp`: competition_nav)."""
    event = report.event
    lang = event.language
    common = {"event": event, "names": event.names, "state": report_state(report)}
    parts = [
        html(
            "results_print.html",
            lang,
            **common,
            **ranking_context(report),
            card_pages=[],
            deals=[],
            absent=absent_text(event, {**(comp or {}).get("names", {}), **event.names}),
        )
    ]

    cards = [player_card(report, p.number) for p in sorted(event.players, key=lambda p: p.number)]
    pages = print_card_pages(cards, words(lang))
    marked = any(card["marked"] for card in cards)
    for i in range(0, len(pages), _PDF_CARD_PAGES):
        parts.append(
            html(
                "results_print.html",
                lang,
                **common,
                standings=None,
                card_pages=pages[i : i + _PDF_CARD_PAGES],
                recap_head=recap_head(words(lang)),
                deals=[],
                marked=marked,
            )
        )
    playing = in_play(report)
    deals = [deal_page(report, d) for d in report.deals if d.status != "pending" and d.number not in playing]
    for i in range(0, len(deals), _PDF_DEALS_PART):
        mark_new_pages(deals[i : i + _PDF_DEALS_PART])
        parts.append(
            html(
                "results_print.html",
                lang,
                **common,
                standings=None,
                card_pages=[],
                deals=deals[i : i + _PDF_DEALS_PART],
            )
        )
    return parts


# Lower bounds of a printed protocol's height (results.pdf), in millimetres: a row of the table
# (8.5 pt text, its padding and rule), the heading and legend, the layout's row of hands, the
# space and rule between two protocols; the page's height inside its margins (print.css @page).
_ROW_MM_AT_LEAST = 4.0
_DEAL_MM_AT_LEAST = 20.0
_HANDS_MM_AT_LEAST = 20.0
_GAP_MM = 10.0
_PAGE_MM = 297.0 - 12.0 - 14.0


def mark_new_pages(deals: list[dict]) -> None:
    """Mark (new_page) each printed protocol that surely starts a page: even at its least height it does not fit
    under the one before. Only where the layout would put it there anyway, so that the pages stay the same:
    WeasyPrint then lays it out once instead of trying the foot of the page first."""
    used = None  # the least height of the page filled so far; None at the top of the part
    for d in deals:
        rows = len(d["rows"]) + sum(1 for r in d["rows"] if r["notes"])
        least = _DEAL_MM_AT_LEAST + rows * _ROW_MM_AT_LEAST + (0 if d["view"]["blank"] else _HANDS_MM_AT_LEAST)
        d["new_page"] = used is not None and used + _GAP_MM + least > _PAGE_MM
        # on this page or the next: in either case at least its own height is used
        used = least


def analyse_reports(
    reports: list,
    folder: Path,
    staging: Path,
    wanted: bool = True,
    jobs: int | None = None,
    progress=None,
    background=None,
) -> None:
    """Carry the analysis cache into the staged folder and (if wanted) analyse each report's deals.

    The whole table of every deal and the contracts played are solved where the cache (the kit's,
    or `prefprint analyse`'s, in the folder around the results) does not hold them. Every session
    of a competition shares the one cache at the top of the folder. `background` (cache.Background):
    solved there while the pages are published with what is solved so far (the scoring server's live
    site); the deals left carry what the cache holds (`analysis.unsolved`).
    """
    makeable.carry_cache(makeable.cache_sources(folder), staging)
    if not wanted:
        return
    say = progress or (lambda msg: None)
    for report in reports:
        event = report.event
        outcomes = [
            (d.number, r.outcome)
            for d in report.deals
            for r in d.results
            if r.outcome is not None and row_status(r) == "played"
        ]
        requests = makeable.results_requests(event.deals, outcomes)
        if len(reports) > 1:
            say(Message("makeable.session", n=event.session))
        report.analysis = makeable.solve(event.deals, staging, requests, jobs, say, background)


def publish(
    report,
    folder: Path,
    jobs: int | None = None,
    comp: dict | None = None,
    pdf: bool = True,
    previous=None,
    root: Path | None = None,
) -> list[Path]:
    """index.html, deals/, players/, tables/, results.pdf and results.xlsx in a folder (`comp`: of a
    competition's session, its pages linked to the overall ranking one folder up). `pdf`: False leaves
    results.pdf out. `previous` (io.outdir.Previous of the folder `root` replaces): unchanged files
    hard-linked, unchanged parts of the PDF not rendered again."""
    written = publish_site(report, folder, comp, previous, root, workbook=not pdf, downloads=downloads_of(pdf))
    if pdf:
        written += publish_pdf(report, folder, jobs, comp, previous, root)
    return written


def downloads_of(pdf: bool = True, spreadsheet: bool = True) -> tuple[str, ...]:
    """The files a results folder has beside its site, which its ranking links to."""
    return ("results.pdf",) * pdf + ("results.xlsx",) * spreadsheet


def _writer(previous, root: Path | None):
    """write_atomic, or the previous folder's writer that hard-links what did not change."""
    if previous is None or root is None:
        return write_atomic
    return lambda path, data: previous.write(root, path, data)


def publish_site(
    report,
    folder: Path,
    comp: dict | None = None,
    previous=None,
    root: Path | None = None,
    workbook: bool = True,
    memo: bool = False,
    downloads=(),
) -> list[Path]:
    """The site (index.html, deals/, players/, tables/): what a reader needs first; and (`workbook`) results.xlsx.
    `memo`: for a process that publishes again and again (the scoring server's worker): the pages of a
    report and `comp` the same as a publish before (an earlier session) are not built again. `downloads`: the
    files published beside the site (downloads_of), linked from its ranking."""
    folder = Path(folder)
    write = _writer(previous, root)
    written = [write(folder / path, text) for path, text in site_pages(report, comp, memo, downloads)]
    if workbook:
        written += publish_workbook(report, folder)
    return written


def publish_workbook(report, folder: Path) -> list[Path]:
    from prefprint.io.workbook import write_results_workbook

    return [write_results_workbook(report, Path(folder) / "results.xlsx", report_state(report)["text"])]


def publish_pdf(
    report,
    folder: Path,
    jobs: int | None = None,
    comp: dict | None = None,
    previous=None,
    root: Path | None = None,
    progress=None,
    workbook: bool = True,
) -> list[Path]:
    """results.pdf (only the parts whose HTML changed since `previous` rendered) and (`workbook`) results.xlsx,
    written while the other processes render."""
    path = Path(folder) / "results.pdf"
    written: list[Path] = []
    meanwhile = (lambda: written.extend(publish_workbook(report, folder))) if workbook else None
    with render_processes(jobs) as pool:  # they warm up while the HTML is built
        data = render_changed(pdf_parts(report, comp), path, jobs, previous, root, meanwhile, progress, pool)
    return written + [write_atomic(path, data)]


def render_changed(
    parts: list[str],
    path: Path,
    jobs: int | None = None,
    previous=None,
    root: Path | None = None,
    while_waiting=None,
    progress=None,
    pool=None,
) -> bytes:
    """The PDF of HTML parts, those whose digest the old PDF at `path` has taken from it, the others rendered
    (`pool`: render processes started, io.render.render_processes)."""
    digests = [digest(p) for p in parts]
    old, old_parts = previous.pdf(root, path) if previous is not None and root is not None else (None, [])
    where = {m.get("digest"): i for i, m in enumerate(old_parts)} if old else {}
    todo = {str(i): [p] for i, p in enumerate(parts) if digests[i] not in where}
    if todo:
        rendered = render_pdfs(todo, jobs, progress, while_waiting, pool)
    else:
        if pool is not None:
            pool.stop()  # nothing to render: the processes need not finish warming up
        rendered = {}
        if while_waiting:
            while_waiting()
    pieces = [rendered[str(i)] if str(i) in rendered else where[d] for i, d in enumerate(digests)]
    data = join_reusing(pieces, old, old_parts)
    if previous is not None and root is not None:
        previous.wrote_pdf(
            root,
            path,
            [
                {"digest": d, "pages": pdf_pages(p) if isinstance(p, bytes) else old_parts[p]["pages"]}
                for d, p in zip(digests, pieces)
            ],
        )
    return data


def competition_context(report) -> dict:
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


def publish_competition(
    report, folder: Path, jobs: int | None = None, pdf: bool = True, previous=None, root: Path | None = None
) -> list[Path]:
    """The overall ranking (index.html, results.pdf, results.xlsx) and each session's site in session-N/."""
    written = publish_competition_site(report, folder, previous, root, workbook=not pdf, downloads=downloads_of(pdf))
    if pdf:
        written += publish_competition_pdf(report, folder, jobs, previous, root)
    return written


def publish_competition_site(
    report,
    folder: Path,
    previous=None,
    root: Path | None = None,
    workbook: bool = True,
    memo: bool = False,
    downloads=(),
) -> list[Path]:
    """Each session's site in session-N/ and the overall index.html; (`workbook`) the results.xlsx files.
    `memo`, `downloads`: see publish_site."""
    folder = Path(folder)
    written = []
    comp = competition_nav(report.sessions, report.competition.names)
    for session in report.reports:
        where = folder / f"session-{session.event.session}"
        written += publish_site(session, where, comp, previous, root, workbook=workbook, memo=memo, downloads=downloads)
    ctx = competition_context(report)
    write = _writer(previous, root)
    written.append(write(folder / "index.html", competition_index(report, downloads, ctx)))
    if workbook:
        written += publish_competition_workbook(report, folder, ctx)
    return written


def publish_indexes(report, folder: Path, downloads, previous=None, root: Path | None = None) -> list[Path]:
    """The rankings again, linking `downloads` (the files a later stage put beside the site): a session's
    index.html, or a competition's and each of its sessions'. `report`: a Report or a CompetitionReport."""
    folder = Path(folder)
    write = _writer(previous, root)
    if not hasattr(report, "reports"):
        return [write(folder / "index.html", index_page(report, _site_common(report, None, downloads)))]
    comp = competition_nav(report.sessions, report.competition.names)
    written = [
        write(folder / f"session-{r.event.session}" / "index.html", index_page(r, _site_common(r, comp, downloads)))
        for r in report.reports
    ]
    return [*written, write(folder / "index.html", competition_index(report, downloads))]


def publish_competition_workbook(report, folder: Path, ctx: dict | None = None) -> list[Path]:
    from prefprint.io.workbook import write_competition_workbook

    ctx = ctx or competition_context(report)
    notes = {r.event.session: report_state(r)["text"] for r in report.reports}
    return [write_competition_workbook(report, Path(folder) / "results.xlsx", ctx["state"]["text"], notes)]


def publish_competition_pdf(
    report, folder: Path, jobs: int | None = None, previous=None, root: Path | None = None, workbook: bool = True
) -> list[Path]:
    """Each session's results.pdf in session-N/ and the overall results.pdf; (`workbook`) the results.xlsx files."""
    folder = Path(folder)
    written = []
    comp = competition_nav(report.sessions, report.competition.names)
    for session in report.reports:
        written += publish_pdf(
            session, folder / f"session-{session.event.session}", jobs, comp, previous, root, workbook=workbook
        )
    ctx = competition_context(report)
    text = html("results_competition.html", report.competition.language, printed=True, **ctx)
    path = folder / "results.pdf"
    if workbook:
        written += publish_competition_workbook(report, folder, ctx)
    written.append(write_atomic(path, render_changed([text], path, jobs, previous, root)))
    return written
