"""results.json of a published results folder: the event, its players and every row as scored, for a club's
season to read (docs/json.md, format 1)."""

from __future__ import annotations

from fractions import Fraction

from prefprint.engine.report import CompetitionReport, Report
from prefprint.engine.rules import fmt_json
from prefprint.io.layout import RESULTS_FORMAT, session_name
from prefprint.views.results_pages import role_of
from prefprint.words.numbers import span


def _number(value):
    """An exact number for JSON: an int when whole, else a float to 4 decimals (matchpoints may be thirds)."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else round(float(value), 4)


def _card(report: CompetitionReport, number: int) -> str:
    """The player's score card in the site, from the folder's top: his first session's where there are several."""
    if len(report.competition.sessions) == 1:
        return f"players/player-{number}.html"
    for r in report.reports:
        if any(p.number == number for p in r.event.players) and number in r.per_player:
            return f"{session_name(r.event.session)}/players/player-{number}.html"
    return ""


def _rows(session_report: Report) -> list[dict]:
    """Every seat of every row as scored: who, in which role, the whists, the matchpoints of the maximum, the table-mates."""
    event = session_report.event
    out = []
    for deal in session_report.deals:
        for r in deal.results:
            if r.status not in ("played", "adjusted") or not (r.tops or r.adjusted):
                continue
            for seat in event.seats:
                if seat not in r.players or (seat not in r.mp and seat not in r.adjusted):
                    continue
                out.append(
                    {
                        "session": event.session,
                        "deal": deal.number,
                        "round": r.round,
                        "table": r.table,
                        "seat": seat,
                        "player": r.players[seat],
                        "role": role_of(r.outcome, seat),
                        "whists": fmt_json(r.whists[seat]) if seat in r.whists else None,
                        "mp": _number(r.mp.get(seat, 0)),
                        "max": r.tops.get(seat, r.top),
                        "adjusted": seat in r.adjusted,
                        "mates": [r.players[s] for s in event.seats if s != seat and s in r.players],
                    }
                )
    return out


def partial_json(partial: dict) -> list:
    """Deals scored over the rows entered so far: [{"deal": 3, "rows": 4, "of": 5}, …]."""
    return [{"deal": d, "rows": rows, "of": of} for d, (rows, of) in sorted(partial.items())]


def ranking_json(report: CompetitionReport) -> dict:
    """The ranking over the competition, with each player's sessions: what `prefprint results --json` prints (docs/json.md)."""
    names = report.competition.names
    out = {
        "ranking": [
            {
                "place": span(s.place),
                "player": s.player,
                "name": names.get(s.player, ""),
                "mp": fmt_json(s.mp),
                "max": s.max,
                "percent": s.percent,
                "percent_text": s.percent_text,
                "sessions": [
                    {
                        "session": t.session,
                        "mp": fmt_json(t.mp),
                        "max": t.max,
                        "percent": t.percent,
                        "percent_text": t.percent_text,
                    }
                    for t in report.sessions_of.get(s.player, [])
                ],
            }
            for s in report.standings
        ]
    }
    provisional = [r for r in report.reports if r.provisional]
    if provisional:
        one = len(report.reports) == 1
        out["provisional"] = True
        out["pending"] = (
            [d for r in provisional for d in r.pending]
            if one
            else [{"session": r.event.session, "deals": r.pending} for r in provisional]
        )
        out["partial"] = (
            partial_json(provisional[0].partial)
            if one
            else [{"session": r.event.session, "deals": partial_json(r.partial)} for r in provisional]
        )
        out["generated_at"] = provisional[0].generated_at
    return out


def results_document(report: CompetitionReport) -> dict:
    """The whole of results.json for a competition report (one session or several)."""
    ranking = ranking_json(report)
    competition = report.competition
    first = report.reports[0].event
    ids = {p.number: p.id for p in competition.players}
    return {
        "format": RESULTS_FORMAT,
        "event": {
            "title": competition.title,
            "date": competition.date,
            "club": competition.club,
            "venue": competition.venue,
            "language": competition.language,
            "variant": first.variant,
            "table_size": first.table_size,
        },
        "sessions": [
            {
                "session": r.event.session,
                "title": r.event.session_title,
                "date": r.event.date,
                "deals": len(r.event.deals),
                "provisional": r.provisional,
            }
            for r in report.reports
        ],
        "players": [
            {"number": p.number, "name": p.name, "id": ids.get(p.number) or None, "card": _card(report, p.number)}
            for p in competition.players
        ],
        "rows": [row for r in report.reports for row in _rows(r)],
        **ranking,
    }
