"""Publishing a site made here to the web host of the club: the club's site (club.toml) or an evening's results
(its event spec), sent by `prefprint.io.remote.sync` to the file's `[publish] upload` — or, for an evening whose
spec names its club (`[publish] club`) and has no upload of its own, into the club's site: its folder
evenings/<date>-<name>/ at the club's upload address, where the club's next publish finds it as its own.

The command line's `publish`, `results --publish` and `season --publish` after their run, and the scoring server's
live web copy (server.webcopy), call these.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from prefprint.engine.model import Event
from prefprint.io.club import load_club
from prefprint.io.remote import PublishError, SyncReport, Target, parse_target, sync
from prefprint.io.spec import load_competition
from prefprint.words.messages import Message


@dataclass(frozen=True)
class Site:
    """What a file says of its site: a club's (`club`) or an event's (`event`), its language, where it goes (a
    relative upload, key or cafile beside `base`, the file's folder where None), the folder of it the site is
    (`under`: an evening's in its club's site)."""

    kind: str
    path: Path
    language: str
    upload: str
    key: str
    cafile: str = ""
    under: str = ""
    base: Path | None = None


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
    return event_site(load_competition(path).sessions[0], path)


def event_site(event: Event, path: Path) -> Site:
    """Where an event's results go: its own [publish] upload, else into its club's site where the spec names a club
    with one (`path`: the spec)."""
    club = event.club_site
    if event.upload or not (club and club.upload):
        return Site("event", path, event.language, event.upload, event.upload_key, event.upload_cafile)
    return Site("event", path, event.language, club.upload, club.key, club.cafile, club.folder, Path(club.base))


def site_target(site: Site) -> Target:
    """The site's upload address read; PublishError where the file names none."""
    if not site.upload:
        raise PublishError(Message("publish.no_target", path=str(site.path)))
    return parse_target(site.upload, site.key, base=site.base or site.path.parent, cafile=site.cafile)


def publish_site(site: Site, folder: Path, wait: float = 10.0) -> SyncReport:
    """The folder sent to the site's upload address (into its folder `under` there); PublishError where the file
    names none or the upload fails."""
    return sync(folder, site_target(site), wait=wait, under=site.under)


def sync_message(report: SyncReport) -> Message:
    """What an upload did, in words: the files sent, removed and left as they were, or that nothing changed."""
    seconds = round(report.seconds, 2)
    if report.uploaded or report.removed:
        return Message(
            "publish.done",
            where=report.where,
            n=len(report.uploaded),
            kb=round(report.bytes / 1024, 1),
            removed=len(report.removed),
            unchanged=report.unchanged,
            seconds=seconds,
        )
    return Message("publish.nothing", where=report.where, n=report.unchanged, seconds=seconds)
