"""The output folder's layout: the name of every file and folder prefprint writes or reads there, in one place.

An event's folder (`output/<spec stem>/`) holds its kit, a competition's kit a session-N/ folder a session; a
session's folder holds the kit's protocol workbook and, when it is served, the scoring server's database, its
secret and its live site; the results go into results/ (a competition's, a session-N/ each inside). A club's site
holds each evening's results in its evenings/<date>-<name>/."""

from __future__ import annotations

from pathlib import Path

KIT_WORKBOOK = "protocols.xlsx"  # the kit's protocol workbook, filled on paper or exported from a server
DB_FILE = "scoring.sqlite"  # the scoring server's rows, beside the kit's workbook
SECRET_FILE = "serve-secret"  # the secret the entry codes are made from
LIVE = "live"  # the results site the scoring server keeps published while rows arrive (in the session's folder)
EXPORTS = "exports"  # the director's exports of the server's rows
RESULTS = "results"  # the results of `prefprint results` (in the event's folder)
RESULTS_JSON = "results.json"  # what a published results site says of itself (read by a club's season)
RESULTS_FORMAT = 1  # the version of results.json's shape
ANALYSIS_CACHE = "analysis-cache.json"  # the double-dummy answers, kept for the next run
PRINTED_SPEC = "printed-spec.toml"  # the spec the director's desk printed the kit from (check-in compares with it)
CLUB_EVENINGS = "evenings"  # a club's site: each evening's results inside it, evenings/<date>-<name>/


def evening_site_folder(name: str, date: str) -> str:
    """An evening's folder in its club's site, evenings/<date>-<name>: `name` the spec's stem (which is also the
    folder its results are published in, output/<stem>/results), the date put before a name not starting with it."""
    return f"{CLUB_EVENINGS}/{name if not date or name.startswith(date) else f'{date}-{name}'}"


def session_name(session: int) -> str:
    """The folder of one session of a competition: session-N."""
    return f"session-{session}"


def session_number(name: str) -> int | None:
    """The session a folder's name stands for (session-N), else None."""
    head, _, number = name.partition("-")
    return int(number) if head == "session" and number.isdecimal() else None


def session_folder(competition, event, folder: Path) -> Path:
    """A session's kit folder in the event's `folder`: the folder itself, or its session-N/ where the competition
    has several."""
    return Path(folder) if len(competition.sessions) == 1 else Path(folder) / session_name(event.session)
