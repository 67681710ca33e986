"""A competition of one or more sessions: which workbook is which session, and one ranking over all.

Seed §9: every player's matchpoints over all protocols of the competition, divided by the sum
of the maxima; each deal is matchpointed within its own session and line.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from prefprint.engine.deals import typed_layout
from prefprint.engine.entries import Entries
from prefprint.engine.matchpoints import rank
from prefprint.engine.model import Competition, Event
from prefprint.engine.report import CompetitionReport, SessionTotal
from prefprint.errors import PrefprintError, WorkbookError, WorkbooksError
from prefprint.io.workbook import read_meta
from prefprint.words.messages import Message, shown


def identify(competition: Competition, workbooks: list) -> tuple[list[tuple[Event, object]], list]:
    """Pair the workbooks with sessions 1, 2, … in order; refuse another event, session or a repeat.

    Returns the pairs and warnings (a workbook that does not say what it belongs to is checked by its
    rows only). Every workbook is looked at: the mismatches of all of them are listed together, one line
    a workbook (WorkbookError, or WorkbooksError for several). What was entered (engine.entries.Entries: the
    rows of a scoring server over its kit's workbook) is identified by the workbook's it was put over."""
    if len(workbooks) > len(competition.sessions):  # the command line, not a file, is wrong: exit 2
        raise PrefprintError(Message("competition.too_many", n=len(workbooks), count=len(competition.sessions)))
    pairs, warnings, errors = [], [], []
    # what each workbook says of itself; None: nothing
    sessions = [path.meta if isinstance(path, Entries) else read_meta(path) for path in workbooks]
    first_of: dict = {}
    for i, path in enumerate(workbooks):
        event = competition.sessions[i]
        file = path.source if isinstance(path, Entries) else path
        key = Path(file).resolve() if file is not None else i
        if key in first_of:
            errors.append(WorkbookError(file, [Message("competition.same_file", place=i + 1, first=first_of[key] + 1)]))
            continue
        first_of[key] = i
        meta = sessions[i]
        if meta is None:
            warnings.append(Message("competition.no_meta", path=str(file)))
        else:
            problem = _mismatch(event, meta, i, sessions)
            if problem:
                errors.append(WorkbookError(file, [problem]))
                continue
        pairs.append((event, path))
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise WorkbooksError(errors)
    return pairs, warnings


def _mismatch(event: Event, meta: dict, place: int, metas: list) -> Message | None:
    """Why the workbook at `place` (0-based) is not the one of `event`: another event, another session
    (naming the place where it belongs when it is given too), a spec changed since printing."""
    title, session, digest = meta.get("event"), meta.get("session"), meta.get("digest")
    if title != event.title:  # the digest alone cannot tell: events dealt at the table share it (no hands)
        return Message("competition.other_event", found=shown(title, 60), expected=shown(event.title, 60))
    if any(m and m.get("session") == session and m.get("event") == title for m in metas[:place]):
        return Message("competition.session_twice", session=session)
    if session != event.session:
        found = session if isinstance(session, int) else shown(session)
        given = [i + 1 for i, m in enumerate(metas) if m and m.get("session") == event.session]
        if given:
            return Message(
                "competition.swapped", found=found, expected=event.session, position=place + 1, other=given[0]
            )
        return Message("competition.other_session", found=found, expected=event.session, position=place + 1)
    if digest != event.digest:
        return Message("competition.spec_changed", session=event.session)
    return None


def combine(competition: Competition, reports: list) -> CompetitionReport:
    """One ranking over the sessions' reports: Σ MP / Σ maxima per player (exact), ties share a place."""
    totals: dict[int, list] = {}
    sessions_of: dict[int, list[SessionTotal]] = {}
    for report in reports:
        for s in report.standings:
            t = totals.setdefault(s.player, [0, 0, 0])
            t[0] += s.mp
            t[1] += s.max
            t[2] += s.deals
            sessions_of.setdefault(s.player, []).append(SessionTotal(report.event.session, s.mp, s.max, s.digits))
    standings = rank({p: tuple(v) for p, v in totals.items()})
    warnings = [w for r in reports for w in r.warnings]
    return CompetitionReport(competition, list(reports), standings, sessions_of, warnings)


def with_layouts(event: Event, typed: dict) -> tuple[Event, list]:
    """A session dealt at the table with the layouts its first tables entered (engine.entries.Entries.layouts).

    Deals whose layout was not entered stay without one (published without a diagram).
    """
    if not event.dealt_at_table:
        return event, []
    deals, problems = list(event.deals), []
    for number, cells in typed.items():
        deal, bad = typed_layout(event.deal(number), cells)
        problems += bad
        if deal:
            deals[number - 1] = deal
    return replace(event, deals=tuple(deals)), problems
