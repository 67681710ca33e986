"""Publishing a site made here to the web host of the club: the club's site (club.toml) or an evening's results
(its event spec), sent to the file's `[publish] upload` by `prefprint.io.remote.sync`.

The command line's `publish`, and `results --publish` and `season --publish` after their run, call these.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from prefprint.io.club import load_club
from prefprint.io.remote import PublishError, SyncReport, parse_target, sync
from prefprint.io.spec import load_competition
from prefprint.words.messages import Message


@dataclass(frozen=True)
class Site:
    """What a file says of its site: a club's (`club`) or an event's (`event`), its language, where it goes."""

    kind: str
    path: Path
    language: str
    upload: str
    key: str
    cafile: str = ""


def read_site(path: Path | str) -> Site:
    """club.toml (a file with a [club] table) or an event spec, read whole: their mistakes said as always."""
    path = Path(path)
    try:
        is_club = "club" in tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        is_club = False  # the spec's reader says what is wrong with it
    if is_club:
        club = load_club(path)
        return Site("club", path, club.language, club.upload, club.upload_key, club.upload_cafile)
    first = load_competition(path).sessions[0]
    return Site("event", path, first.language, first.upload, first.upload_key, first.upload_cafile)


def publish_site(site: Site, folder: Path, wait: float = 10.0) -> SyncReport:
    """The folder sent to the site's upload address (a relative folder or key: beside the file); PublishError
    where the file names none or the upload fails."""
    if not site.upload:
        raise PublishError(Message("publish.no_target", path=str(site.path)))
    target = parse_target(site.upload, site.key, base=site.path.parent, cafile=site.cafile)
    return sync(folder, target, wait=wait)
