"""The ranking of a served session: by the results pipeline of `prefprint results --provisional`.

In a later session of a competition the ranking takes in the sessions before it as their folders
beside this one hold them (`earlier_sessions`). The director's ranking (server.scoring) and the live
site (server.live) both come from `session_report`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from prefprint.app import results
from prefprint.engine.entries import Entries
from prefprint.engine.model import Competition, Event
from prefprint.errors import PrefprintError, WorkbookError
from prefprint.io.layout import KIT_WORKBOOK, session_folder
from prefprint.server.db import entered
from prefprint.server.entries import PaperRows, served
from prefprint.words.messages import Message


def provisional_report(
    competition: Competition,
    event: Event,
    entries: Entries | Path,
    folder: Path | None = None,
    rulings=None,
    earlier: tuple = (),
    memo: results.Memo | None = None,
    **publish,
):
    """The ranking of what was entered (a filled workbook, or Entries) by the results pipeline of `prefprint
    results`: provisional while rows are missing, else exactly the final run. Nothing is published unless
    `publish` options are given (pdf=…, spreadsheet=…, …: the live site), then the run publishes into `folder`.
    `earlier`: the sessions before this one, ranked together with it: (event, what was entered, rulings) each;
    `memo`: see results.run. The one call of the pipeline for the server: repoint it here."""
    sessions = (*earlier, (event, entries, rulings))
    comp = replace(competition, sessions=tuple(e for e, _, _ in sessions))
    sources = [w for _, w, _ in sessions]
    by_session = {e.session: r for e, _, r in sessions}
    run = dict(rulings_of=lambda e: by_session[e.session], publish=bool(publish), **publish)
    options = results.Options(provisional=True, final_when_complete=True, **run)
    return results.run(comp, sources, folder, options, memo)


class EarlierSessions:
    """What was entered for the sessions before a served one, as their kit folders beside its folder hold them:
    the rows entered on that session's server over the rows typed on paper into its protocols.xlsx, or that
    protocols.xlsx alone. Each kit workbook read is kept for the next time (PaperRows)."""

    def __init__(self, competition: Competition, event: Event, folder: Path):
        self.competition, self.event, self.folder = competition, event, Path(folder)
        self._paper: dict[int, PaperRows] = {}

    def entries(self) -> tuple[list, list]:
        """([(event, what was entered)], [(session, its folder)] of the sessions whose folder holds neither)."""
        found, missing = [], []
        for e in self.competition.sessions:
            if e.session >= self.event.session or len(self.competition.sessions) == 1:
                break
            there = session_folder(self.competition, e, self.folder.parent)
            kit = there / KIT_WORKBOOK
            rows = entered(there, e.digest, e.session)
            if rows is None:
                if kit.is_file():
                    found.append((e, kit))
                else:
                    missing.append((e.session, there))
                continue
            paper = self._paper.setdefault(e.session, PaperRows(e, there))
            try:
                found.append((e, served(e, paper.entries(), *rows)))
            except WorkbookError:  # the pipeline reads the workbook itself and says what is wrong with it
                found.append((e, kit))
        return found, missing


def session_report(competition, event, entries, out, rulings, earlier_rulings, earlier: EarlierSessions, **publish):
    """provisional_report of the session ranked together with the sessions before it (`earlier`), else alone;
    published into `out` if `publish` options are given. Returns (report, note): the note (a Message) says which
    sessions were ranked together, or why this one is ranked alone (a session before it is not there, or what was
    entered for it has problems)."""
    before, missing = earlier.entries()
    if missing:
        session, there = missing[0]
        note = Message("serve.ranked_alone_missing", session=session, folder=str(there))
    elif before:
        together = tuple((e, w, (earlier_rulings or {}).get(e.session)) for e, w in before)
        try:
            report = provisional_report(competition, event, entries, out, rulings, together, **publish)
            sessions = ", ".join(str(e.session) for e, _ in [*before, (event, None)])
            return report, Message("serve.ranked_together", sessions=sessions)
        except PrefprintError as e:
            note = Message("serve.ranked_alone_problems", text=e.text(event.language))
    else:
        note = None
    return provisional_report(competition, event, entries, out, rulings, **publish), note
