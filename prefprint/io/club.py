"""A club's files: `club.toml` (its seasons and where its evenings are), `players.toml` (its registry) and each
evening's `results.json`, read with every problem placed at its line and key.

    [club]
    title = "Клуб «Пуля»"
    language = "ru"
    registry = "players.toml"
    events = ["events/*/results"]      # results folders, globs relative to club.toml

    [grade]                            # optional: the grade's constants (prefprint.engine.grade)
    half_life = 300

    [[seasons]]
    title = "Осень 2026"
    from = 2026-09-01
    to = 2026-12-31
    count = 8                          # the best N evenings, or "all"
    min_events = 5
    score = "percent"                  # or "places", with place_points = [20, 17, 15, 13, …]

    [publish]                          # optional: where `prefprint publish` sends the site (docs/publish.md)
    upload = "sftp://club@example.org/www/results"
    url = "https://club.example.org/results/"   # its public address, printed for the players

The registry, one `[[players]]` each: `id` (text, or a number as a federation's are), `name`,
`aliases = [...]`, `merged = [...]` (the ids of entries merged into it); a registry named in club.toml must
be there. `add_players` appends newcomers to it, the rest of the file kept as it was written. A pattern of `events` that finds no folder is said
at its line; none finding any is an error (`EveningsMissing`). What a season makes of them (`SeasonReport`, its
`PlayedEvening`s) is kept beside them, where both the app that builds it and the views that show it see it.
"""

from __future__ import annotations

import datetime as dt
import difflib
import glob
import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from prefprint.engine.grade import Grade, Settings
from prefprint.engine.ladder import SCORES, Line, Rules
from prefprint.engine.matchpoints import Place
from prefprint.engine.names import plain
from prefprint.errors import PrefprintError, SpecError
from prefprint.io.layout import RESULTS_FORMAT, RESULTS_JSON
from prefprint.io.remote import public_url, upload_keys
from prefprint.io.toml_file import (
    Problems,
    key_lines,
    language_in,
    toml_problem,
    typed,
    unknown_word,
    unprintable,
    unreadable,
)
from prefprint.words import catalog
from prefprint.words.messages import Message, shown

MAX_EVENINGS = 10_000  # a season's count and min_events: more than any club plays
_KNOWN = {
    "club": {"title", "language", "registry", "events"},
    "grade": {"half_life", "start", "prior", "provisional_below"},
    "seasons": {"title", "from", "to", "count", "min_events", "score", "place_points"},
    "publish": {"upload", "key", "cafile", "url"},  # where `prefprint publish` sends the club's site, its address
}
_PLAYER_KEYS = {"id", "name", "aliases", "merged"}


class ClubError(SpecError):
    """A club file or a registry with mistakes; lists every problem with its key and line."""


class EveningsError(PrefprintError):
    """Several evenings that cannot be read, each said on its line."""

    def __init__(self, errors: list[PrefprintError]):
        self.errors = list(errors)
        Exception.__init__(self, self.text("en"))
        self.message = None

    def text(self, lang: str = "ru") -> str:
        return "\n".join(e.text(lang) for e in self.errors)


@dataclass(frozen=True)
class Season:
    """One season of the club: its title, its dates (inclusive) and how it is scored."""

    title: str
    start: dt.date
    end: dt.date
    rules: Rules

    def holds(self, day: dt.date) -> bool:
        """The day falls within the season, its first and last days included."""
        return self.start <= day <= self.end


@dataclass(frozen=True)
class RegisteredPlayer:
    """A player of the registry."""

    id: str
    name: str
    aliases: tuple = ()
    merged: tuple = ()  # the ids of entries merged into this one: an evening that names one counts for this


@dataclass
class Club:
    """A club file read: its title and language, the registry's path, the evenings' patterns, the seasons."""

    path: Path
    title: str
    language: str
    registry: Path
    events: list[str]
    seasons: list[Season]
    grade: Settings = field(default_factory=Settings)
    event_lines: tuple = ()  # the line of club.toml of each pattern of `events`
    upload: str = ""  # [publish] upload: sftp://…, ftp://…, ftps://… or a folder ("": not set)
    upload_key: str = ""  # [publish] key: the SSH key of an sftp:// upload
    upload_cafile: str = ""  # [publish] cafile: the certificate an FTPS host's is checked against
    url: str = ""  # [publish] url: the public address of the club's site, printed for the players

    @property
    def folder(self) -> Path:
        return self.path.parent


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PrefprintError(Message("club.unreadable", path=str(path), error=unreadable(e))) from None


def _read_toml(path: Path) -> tuple[dict, str, str]:
    """(data, text, language guessed from the text) of a TOML file; ClubError for a file TOML cannot read."""
    return _parse_toml(path, _read_text(path))


def _parse_toml(path: Path, text: str) -> tuple[dict, str, str]:
    try:
        return tomllib.loads(text), text, language_in(text)
    except tomllib.TOMLDecodeError as e:
        raise ClubError(path, [toml_problem(e, text)], lang=language_in(text)) from None


def load_club(path: Path | str) -> Club:
    """Read club.toml; every problem at its line and key, in the club's language (ClubError)."""
    path = Path(path)
    return _club_of(path, *_read_toml(path))


def parse_club(text: str, path: Path) -> Club:
    """club.toml's text read as `load_club` reads the file at `path` (the desk checks a text before it saves it)."""
    return _club_of(path, *_parse_toml(path, text))


def _club_of(path: Path, data: dict, text: str, lang: str) -> Club:
    problems = Problems(key_lines(text))
    unprintable(problems, data)
    if problems.items:  # nothing else is worth reading in a file with unprintable values
        raise ClubError(path, problems.items, lang=lang)
    for key, value in data.items():
        if key not in _KNOWN:
            unknown_word(problems, (key,), "spec.unknown_section", key, _KNOWN)
            continue
        entries = value if isinstance(value, list) else [value]
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                problems.add(
                    (key,), "spec.expected", what=Message("spec.kind_table"), found=shown(type(entry).__name__)
                )
                continue
            where = (key, i) if isinstance(value, list) else (key,)
            for sub in entry:
                if sub not in _KNOWN[key]:
                    unknown_word(problems, where + (sub,), "spec.unknown_key", sub, sorted(_KNOWN[key]))
    head = data.get("club") if isinstance(data.get("club"), dict) else {}
    if "club" not in data:
        problems.add(("club",), "spec.missing_key", key="club")
    title = typed(problems, head, ("club",), "title", "str", "", required="club" in data)
    language = typed(problems, head, ("club",), "language", "str", catalog.DEFAULT)
    if language not in catalog.LANGS:
        problems.add(("club", "language"), "spec.expected", what=", ".join(catalog.LANGS), found=shown(language))
        language = catalog.DEFAULT
    registry = typed(problems, head, ("club",), "registry", "str", "players.toml")
    if "registry" in head and registry and not (path.parent / registry).is_file():
        _registry_missing(problems, path.parent / registry)
    events = head.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        problems.add(("club", "events"), "club.events_kind", found=shown(repr(events)))
        events = []
    elif "club" in data and not events:
        problems.add(("club", "events") if "events" in head else ("club",), "club.events_none")
    seasons = [_season(problems, s, i) for i, s in enumerate(_list_of(problems, data, "seasons"))]
    grade = _grade(problems, data.get("grade") if isinstance(data.get("grade"), dict) else {})
    pub = data.get("publish") if isinstance(data.get("publish"), dict) else {}
    (upload, key, cafile), url = upload_keys(problems, pub), public_url(problems, pub)
    if problems.items:
        raise ClubError(path, problems.items, lang=language if language in catalog.LANGS else lang)
    places = _item_lines(text, problems.lines.get(("club", "events"), 0), events)
    seasons = [s for s in seasons if s]
    return Club(path, title, language, path.parent / registry, events, seasons, grade, places, upload, key, cafile, url)


def _registry_missing(problems, path: Path) -> None:
    """A registry named but not there: said with the nearest file of its folder where a typo explains it."""
    near = difflib.get_close_matches(path.name, [p.name for p in path.parent.glob("*.toml")], n=1, cutoff=0.6)
    if near:
        problems.add(("club", "registry"), "club.registry_missing_near", path=str(path), near=shown(near[0]))
    else:
        problems.add(("club", "registry"), "club.registry_missing", path=str(path))


def _item_lines(text: str, first: int, items: list[str]) -> tuple:
    """The line of each string of an array whose key is on line `first`: where it is written, or `first`."""
    lines, at = text.splitlines(), max(first, 1)
    out = []
    for item in items:
        written = (json.dumps(item, ensure_ascii=False), f"'{item}'")
        found = next((i for i in range(at, len(lines) + 1) if any(w in lines[i - 1] for w in written)), 0)
        out.append(found or first)
        at = found or at
    return tuple(out)


def _list_of(problems, data: dict, key: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        problems.add((key,), "club.array_of_tables", key=key)
        return []
    return [v for v in value if isinstance(v, dict)]


def _season(problems, entry: dict, i: int) -> Season | None:
    where = ("seasons", i)
    title = typed(problems, entry, where, "title", "str", "", required=True)
    start = _date(problems, entry, where, "from")
    end = _date(problems, entry, where, "to")
    if start and end and end < start:
        problems.add(where + ("to",), "club.season_backwards", start=start.isoformat(), end=end.isoformat())
    count = entry.get("count", "all")
    if count == "all":
        count = None
    elif not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_EVENINGS:
        problems.add(where + ("count",), "club.count_kind", found=shown(repr(count)))
        count = None
    min_events = typed(problems, entry, where, "min_events", "int", 1)
    if min_events is not None and not 0 <= min_events <= MAX_EVENINGS:
        problems.add(where + ("min_events",), "spec.range", low=0, high=MAX_EVENINGS, found=shown(repr(min_events)))
        min_events = 0
    score = typed(problems, entry, where, "score", "str", "percent")
    if score not in SCORES:
        unknown_word(problems, where + ("score",), "club.score_unknown", score, SCORES)
    points = typed(problems, entry, where, "place_points", "list_int", [])
    if points and not all(0 <= x <= 100_000 for x in points) or len(points or ()) > MAX_EVENINGS:
        problems.add(where + ("place_points",), "club.points_range", high=100_000, n=MAX_EVENINGS)
        points = []
    if score == "places" and not points:
        problems.add(where + ("place_points",), "club.points_missing")
    if not (title and start and end):
        return None
    return Season(title, start, end, Rules(count, min_events or 0, score, tuple(points or ())))


def _date(problems, entry: dict, where: tuple, key: str) -> dt.date | None:
    value = entry.get(key)
    if value is None:
        problems.add(where, "spec.missing_key", key=key)
        return None
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    problems.add(where + (key,), "spec.expected", what=Message("spec.kind_date"), found=shown(repr(value)))
    return None


def _grade(problems, entry: dict) -> Settings:
    default = Settings()
    values = {}
    for key in ("half_life", "start", "prior", "provisional_below"):
        value = typed(problems, entry, ("grade",), key, "int", getattr(default, key))
        if value is not None and not 0 <= value <= 100_000 or key == "half_life" and value == 0:
            problems.add(
                ("grade", key), "spec.range", low=1 if key == "half_life" else 0, high=100_000, found=str(value)
            )
            value = getattr(default, key)
        values[key] = value
    return Settings(**values)


# --------------------------------------------------------------------------- the registry


def load_registry(path: Path, lang: str) -> list[RegisteredPlayer]:
    """The club's players; an id or a spelling given twice names both lines (ClubError)."""
    if not path.is_file():
        return []
    data, text, _ = _read_toml(path)
    lines = key_lines(text)
    problems = Problems(lines)
    unprintable(problems, data)
    if problems.items:
        raise ClubError(path, problems.items, lang=lang)
    for key in data:
        if key != "players":
            unknown_word(problems, (key,), "spec.unknown_section", key, ["players"])
    players, ids, spellings = [], {}, {}
    for i, entry in enumerate(_list_of(problems, data, "players")):
        where = ("players", i)
        for sub in entry:
            if sub not in _PLAYER_KEYS:
                unknown_word(problems, where + (sub,), "spec.unknown_key", sub, sorted(_PLAYER_KEYS))
        raw = entry.get("id")
        if isinstance(raw, int) and not isinstance(raw, bool):  # a federation's number, written as one
            pid = str(raw)
        else:
            pid = typed(problems, entry, where, "id", "str", "", required=True)
        name = typed(problems, entry, where, "name", "str", "", required=True)
        aliases = entry.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            problems.add(where + ("aliases",), "club.aliases_kind")
            aliases = []
        merged = entry.get("merged", [])
        if not isinstance(merged, list) or not all(
            isinstance(m, str | int) and not isinstance(m, bool) for m in merged
        ):
            problems.add(where + ("merged",), "club.merged_kind")
            merged = []
        merged = [str(m) for m in merged]
        line = lines.get(where, 0)
        for key, at in [(pid, "id"), *((m, "merged") for m in merged)]:
            if key and key in ids:
                problems.add(where + (at,), "club.id_twice", id=shown(key), first=ids[key], second=line)
            elif key:
                ids[key] = line
        for spelling in [name, *aliases]:
            key = plain(spelling)
            if not key:
                continue
            if key in spellings and spellings[key][0] != pid:
                problems.add(where, "club.name_twice", name=shown(spelling), first=spellings[key][1], second=line)
            spellings.setdefault(key, (pid, line))
        if pid and name:
            players.append(RegisteredPlayer(pid, name, tuple(aliases), tuple(merged)))
    if problems.items:
        raise ClubError(path, problems.items, lang=lang)
    return players


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def add_players(path: Path, newcomers: list[tuple[str, str]]) -> None:
    """Append [[players]] entries (id, name) to the registry, the file's own text kept; written atomically."""
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    blocks = [f"\n[[players]]\nid = {_toml_string(pid)}\nname = {_toml_string(name)}\n" for pid, name in newcomers]
    text = old + ("" if not old or old.endswith("\n") else "\n") + "".join(blocks)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# --------------------------------------------------------------------------- the evenings


@dataclass(frozen=True)
class EveningFile:
    """One evening's published results, as its results.json has them."""

    folder: Path
    data: dict

    @property
    def date(self) -> dt.date:
        return dt.date.fromisoformat(self.data["event"]["date"])

    @property
    def key(self) -> str:
        return f"{self.data['event']['date']} {self.data['event']['title']}"


class EveningsMissing(ClubError):
    """No pattern of the club's `events` finds a folder: each said at its line of club.toml."""


def _pattern_folders(club: Club, pattern: str) -> list[Path]:
    full = pattern if os.path.isabs(pattern) else str(club.folder / pattern)
    return [Path(name) for name in sorted(glob.glob(full)) if Path(name).is_dir()]


def ranking_place(text: str) -> Place:
    """A place of results.json's ranking as numbers: the file (format 1) writes it as printed, «3–4» or «3»."""
    first, _, last = text.partition("–")
    return Place(int(first), int(last or first))


def evening_folders(club: Club) -> list[Path]:
    """The results folders the club's patterns find, each once however many patterns find it, in name order."""
    found: dict[str, Path] = {}
    for pattern in club.events:
        for path in _pattern_folders(club, pattern):
            found.setdefault(os.path.realpath(path), path)
    return sorted(found.values())


def patterns_unmatched(club: Club) -> list[Message]:
    """A warning for each pattern of `events` that finds no folder, at its line of club.toml (the file named);
    EveningsMissing where none finds one."""
    lines = {("club", "events", i): line for i, line in enumerate(club.event_lines)}
    problems = Problems(lines)
    for i, pattern in enumerate(club.events):
        if not _pattern_folders(club, pattern):
            problems.add(("club", "events", i), "club.pattern_unmatched", pattern=shown(pattern))
    if club.events and len(problems.items) == len(club.events):
        raise EveningsMissing(club.path, problems.items, lang=club.language)
    return [Message("club.in_file", path=str(club.path), what=m) for m in problems.items]


def read_evening(folder: Path) -> EveningFile:
    """A results folder's results.json; PrefprintError that says how to publish it again where it has none."""
    path = folder / RESULTS_JSON
    if not path.is_file() and not (folder / "index.html").is_file():
        raise PrefprintError(Message("club.results_not_published", folder=str(folder)))
    if not path.is_file():
        raise PrefprintError(Message("club.no_results_json", folder=str(folder)))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise PrefprintError(Message("club.bad_results_json", path=str(path), error=shown(str(e), 120))) from None
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        raise PrefprintError(
            Message(
                "club.results_json_format",
                path=str(path),
                found=str(data.get("format") if isinstance(data, dict) else None),
                format=RESULTS_FORMAT,
            )
        )
    try:
        dt.date.fromisoformat(data["event"]["date"])
        data["event"]["title"], data["players"], data["rows"], data["ranking"]  # noqa: B018
    except (KeyError, TypeError, ValueError):
        raise PrefprintError(
            Message("club.results_json_format", path=str(path), found="?", format=RESULTS_FORMAT)
        ) from None
    return EveningFile(folder, data)


# --------------------------------------------------------------------------- what a season makes of them


@dataclass
class PlayedEvening:
    """One evening as the season uses it: its file, and each registered player's line of it."""

    file: EveningFile
    lines: dict  # registry id -> {"number", "name", "ratio", "place" (a Place), "percent_text", "card", "deals"}
    comparisons: list  # per deal and seat: [(player key, ratio)]

    @property
    def key(self) -> str:
        return self.file.key

    @property
    def date(self) -> dt.date:
        return self.file.date


@dataclass
class SeasonReport:
    """Everything a club's site shows: the evenings, each season's standings, the grades, and what was said
    (app.season builds it, views.season shows it)."""

    club: Club
    players: dict[str, RegisteredPlayer]  # by registry id
    evenings: list[PlayedEvening]
    seasons: list[tuple[Season, list[Line], list[PlayedEvening]]]
    grades: dict[str, Grade]  # by registry id
    warnings: list = field(default_factory=list)
    added: list = field(default_factory=list)  # [(id, name)] registered by this run
