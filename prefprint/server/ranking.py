"""The ranking of a served session: by the results pipeline of `prefprint results --provisional`.

In a later session of a competition the ranking takes in the sessions before it as their folders
beside this one hold them (`earlier_workbooks`). The director's ranking (server.scoring) and the live
site (server.live) both come from `session_report`.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from prefprint.app import results
from prefprint.engine.model import Competition, Event
from prefprint.errors import PrefprintError
from prefprint.server.db import entered
from prefprint.server.exports import export_workbook, layout_fills
from prefprint.words.messages import Message


def session_folder(competition: Competition, event: Event, folder: Path) -> Path:
    """The session's kit folder: the folder itself, or its session-N/ where the competition has several."""
    return folder if len(competition.sessions) == 1 else folder / f"session-{event.session}"


def provisional_report(
    competition: Competition,
    event: Event,
    workbook: Path,
    folder: Path | None = None,
    rulings=None,
    earlier: tuple = (),
    **publish,
):
    """The ranking of a filled workbook by the results pipeline of `prefprint results`: provisional while
    rows are missing, else exactly the final run. Nothing is published unless `publish` options are given
    (pdf=…, spreadsheet=…, …: the live site), then the run publishes into `folder`. `earlier`: the sessions
    before this one, ranked together with it: (event, workbook, rulings) each. The one call of the pipeline
    for the server: repoint it here."""
    sessions = (*earlier, (event, workbook, rulings))
    comp = replace(competition, sessions=tuple(e for e, _, _ in sessions))
    workbooks = [w for _, w, _ in sessions]
    by_session = {e.session: r for e, _, r in sessions}
    # the sessions before this one are read and checked once while their workbooks stay the same (keep)
    run = dict(rulings_of=lambda e: by_session[e.session], publish=bool(publish), keep=bool(earlier), **publish)
    return results.run(comp, workbooks, folder, results.Options(provisional=True, final_when_complete=True, **run))


_EARLIER: dict[int, tuple[str, bytes]] = {}  # the worker's exports of earlier sessions: session -> (digest, bytes)


def earlier_workbooks(competition: Competition, event: Event, folder: Path, scratch) -> tuple[list, list]:
    """The filled workbooks of the sessions before `event`'s, as their kit folders beside `folder` hold them:
    the rows entered on that session's server exported into its protocols.xlsx (rows typed there on paper
    kept), or that protocols.xlsx alone.
    `scratch(suffix)` gives a temporary file for an export; an export is kept (by its rows) for the next call.
    Returns ([(event, workbook)], [(session, its folder)] of the sessions whose folder holds neither)."""
    found, missing = [], []
    for e in competition.sessions:
        if e.session >= event.session or len(competition.sessions) == 1:
            break
        there = session_folder(competition, e, Path(folder).parent)
        kit = there / "protocols.xlsx"
        rows = entered(there, e.digest, e.session)
        if rows is None:
            if kit.is_file():
                found.append((e, kit))
            else:
                missing.append((e.session, there))
            continue
        fills, pockets = rows
        stamp = kit.stat() if kit.is_file() else None
        digest = hashlib.sha256(
            json.dumps(
                [sorted(fills.items()), sorted(pockets.items()), stamp and (stamp.st_mtime_ns, stamp.st_size)],
                ensure_ascii=False,
            ).encode()
        ).hexdigest()
        path = scratch(".xlsx")
        if _EARLIER.get(e.session, ("",))[0] == digest:
            path.write_bytes(_EARLIER[e.session][1])
        else:
            layouts = layout_fills(e, {d: {"pockets": p} for d, p in pockets.items()})
            export_workbook(e, kit if stamp else None, path, fills, layouts)
            _EARLIER[e.session] = (digest, path.read_bytes())
        found.append((e, path))
    return found, missing


def session_report(competition, event, workbook, here, out, rulings, earlier_rulings, scratch, **publish):
    """provisional_report of the session (its kit folder `here`) ranked together with the sessions before it
    (earlier_workbooks), else alone; published into `out` if `publish` options are given. Returns (report,
    note): the note (a Message) says which sessions were ranked together, or why this one is ranked alone (a
    session before it is not there, or its workbook has problems)."""
    earlier, missing = earlier_workbooks(competition, event, here, scratch)
    if missing:
        session, there = missing[0]
        note = Message("serve.ranked_alone_missing", session=session, folder=str(there))
    elif earlier:
        together = tuple((e, w, (earlier_rulings or {}).get(e.session)) for e, w in earlier)
        try:
            report = provisional_report(competition, event, workbook, out, rulings, together, **publish)
            sessions = ", ".join(str(e.session) for e, _ in [*earlier, (event, None)])
            return report, Message("serve.ranked_together", sessions=sessions)
        except PrefprintError as e:
            note = Message("serve.ranked_alone_problems", text=e.text(event.language))
    else:
        note = None
    return provisional_report(competition, event, workbook, out, rulings, **publish), note


@contextmanager
def scratch_files(folder: Path, prefix: str):
    """A function giving temporary files in `folder` (mkstemp, `prefix`), every one removed at the end."""
    made = []

    def scratch(suffix: str) -> Path:
        fd, name = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=suffix)
        os.close(fd)
        made.append(Path(name))
        return made[-1]

    try:
        yield scratch
    finally:
        for path in made:
            path.unlink(missing_ok=True)
