"""What the results pages say of a report: a row's status and notes, provisional results, rulings.

The pages read a Report (one session) and a CompetitionReport (the ranking over all), engine.report's.
"""

from __future__ import annotations

from prefprint.engine.report import CompetitionReport, Report, Result
from prefprint.engine.rulings import Applied
from prefprint.words.messages import Message, text_of
from prefprint.words.numbers import ranges

EXCLUDED = ("not played", "spoiled", "excluded", "pending")  # rows without matchpoints


def row_status(result: Result) -> str:
    """played | adjusted | not played | spoiled of one protocol row."""
    return result.status


IN_PLAY = "in play"  # a played row of a deal other tables have still to play (provisional results)


def in_play(report: Report) -> set[int]:
    """The deals of provisional results that some table has still to play. Their pages are not published, and
    their rows show the matchpoints but not the contract, tricks or whists: a player who has the deal to come
    could read them (a final report has none)."""
    return set(report.partial)


def row_notes(result: Result, lang: str) -> list[str]:
    """Why a row was excluded or adjusted, the rulings on it: in words."""
    return [text_of(n, lang) for n in result.notes]


def counts(result: Result | None, seat: str) -> bool:
    """True when the row's result for the seat is in the matchpoints (played or adjusted)."""
    return result is not None and row_status(result) in ("played", "adjusted") and seat in result.mp


def report_state(report: Report) -> dict:
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


def ruling_text(ruling: Applied, lang: str) -> str:
    """A director's ruling as it counted, in words."""
    return text_of(ruling.note(), lang)


def provisional_text(report: Report, lang: str) -> str:
    """ "Provisional results as of 21:40. Scored over the rows entered so far: deals 1–18: 4 of 5 rows. Not yet
    scored: 2 deals: 19, 20" for the pages of provisional results."""
    parts = [Message("results.provisional", time=report.generated_at), *pending_parts(report)]
    if report.partial:
        parts.append(Message("results.in_play_hidden"))
    return " ".join(f"{m.text(lang)}." for m in parts)


def competition_state(report: CompetitionReport) -> dict:
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


def pending_parts(report: Report) -> list[Message]:
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
