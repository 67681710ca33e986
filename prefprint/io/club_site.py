"""The club's site an event's results are published inside: the spec's `[publish] club` names the club's file
(club.toml, relative to the spec), whose title, public address and upload address the evening takes.

    [publish]
    club = "../club.toml"     # the results go into the club's site, evenings/<date>-<spec stem>/
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from prefprint.engine.model import ClubSite
from prefprint.errors import PrefprintError
from prefprint.io.club import load_club
from prefprint.io.layout import evening_site_folder
from prefprint.io.toml_file import typed
from prefprint.words.messages import Message, shown


def read_club_site(problems, pub: dict, spec: Path, date, lang: str) -> ClubSite | None:
    """The club's site `[publish] club` names (None where it names none); a file missing or with mistakes said at
    the key (`problems`: io.toml_file.Problems)."""
    name = typed(problems, pub, ("publish",), "club", "str", "")
    if not name:
        return None
    path = Path(os.path.normpath(spec.parent / os.path.expanduser(name)))
    if not path.is_file():
        problems.add(("publish", "club"), "spec.club_missing", path=str(path))
        return None
    try:
        club = load_club(path)
    except PrefprintError as e:
        problems.add(("publish", "club"), Message("spec.club_broken", path=str(path), error=shown(e.text(lang), 400)))
        return None
    day = date.isoformat() if isinstance(date, dt.date) else str(date or "")
    iso = day if _is_iso(day) else ""
    return ClubSite(
        title=club.title,
        folder=evening_site_folder(spec.stem, iso),
        url=club.url,
        upload=club.upload,
        key=club.upload_key,
        cafile=club.upload_cafile,
        base=str(club.folder),
    )


def _is_iso(day: str) -> bool:
    try:
        dt.date.fromisoformat(day)
    except ValueError:
        return False
    return len(day) == 10
