"""The club's files as the director's desk writes them: `club.toml` and the registry `players.toml`.

The same files a person writes by hand (docs/season.md), read by the same readers (prefprint.io.club) and
saved through prefprint.io.toml_saving: the comments of a hand-written file kept, a file edited by hand since
the desk looked at it never overwritten. Every form's problems are listed at once (`FormError`, each with
its field) and nothing is written while one remains.
"""

from __future__ import annotations

import datetime as dt
import json
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit

from prefprint.engine.names import Known, Registry, new_id
from prefprint.errors import PrefprintError
from prefprint.io.club import load_club, load_registry
from prefprint.io.toml_saving import Seen
from prefprint.words import catalog
from prefprint.words.messages import Message, shown, text_of

CLUB_FILE = "club.toml"
REGISTRY_FILE = "players.toml"
EVENINGS = "evenings"  # the evenings' specs, <id>.toml
OUTPUT = "output"  # each evening's kit, database and results: output/<id>/
EVENTS_PATTERN = f"{OUTPUT}/*/results"  # club.toml's `events`: where the evenings' results are published
TITLE_LIMIT = 200  # as the spec's title
CLUB_LIMIT = 100  # as the spec's [event] club, which the club's title becomes
NAME_LIMIT = 100  # as the spec's player name
MAX_NAMES = 1000  # names pasted at once: the largest field a spec takes
_BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F}


class FormError(PrefprintError):
    """A form with mistakes: every problem with its field; nothing was changed."""

    def __init__(self, problems: list[tuple[str, Message]]):
        self.problems = list(problems)
        Exception.__init__(self, "; ".join(f"{f}: {text_of(m, 'en')}" for f, m in self.problems))
        self.message = None

    def text(self, lang: str = "ru") -> str:
        return "\n".join(f"{f}: {text_of(m, lang)}" for f, m in self.problems)

    def errors(self, lang: str) -> list[dict]:
        return [{"field": f, "message": text_of(m, lang)} for f, m in self.problems]


class NotFound(PrefprintError):
    """An evening or a job the desk does not have."""


@dataclass
class Problems:
    """A form's problems as they are found."""

    items: list = field(default_factory=list)

    def add(self, where: str, code: str, **params) -> None:
        self.items.append((where, Message(code, **params)))

    def raise_any(self) -> None:
        if self.items:
            raise FormError(self.items)


@dataclass
class ClubFolder:
    """A club's folder as the desk holds it: its paths and what the desk has seen of its files."""

    folder: Path
    seen: Seen = field(default_factory=Seen)

    def __post_init__(self):
        self.folder = Path(self.folder).resolve()

    @property
    def club_file(self) -> Path:
        return self.folder / CLUB_FILE

    def registry_file(self) -> Path:
        return load_club(self.club_file).registry if self.club_file.is_file() else self.folder / REGISTRY_FILE

    def language(self) -> str:
        """The club's language (Russian where the club is not made yet or its file cannot be read)."""
        try:
            lang = tomllib.loads(self.club_file.read_text(encoding="utf-8"))["club"]["language"]
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
            return catalog.DEFAULT
        return lang if lang in catalog.LANGS else catalog.DEFAULT


def bad_char(text: str) -> str | None:
    """The first character a printer or a spreadsheet should not get (a control, a bidi override), as U+XXXX."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ord(ch) in _BIDI:
            return f"U+{ord(ch):04X}"
    return None


def text_field(problems: Problems, form: dict, key: str, limit: int, required: bool = True, default: str = ""):
    """A text of the form, stripped; its problems said at `key`."""
    value = form.get(key, default)
    if value is None:
        value = default
    if not isinstance(value, str):
        problems.add(key, "desk.not_text", found=shown(json.dumps(value, ensure_ascii=False)))
        return None
    return checked_text(problems, key, value, limit, required)


def checked_text(problems: Problems, where: str, value: str, limit: int, required: bool = True):
    value = value.strip()
    char = bad_char(value)
    if char:
        problems.add(where, "spec.control_char", char=char)
    elif len(value) > limit:
        problems.add(where, "spec.too_long", n=len(value), limit=limit)
    elif required and not value:
        problems.add(where, "desk.required")
    else:
        return value
    return None


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


# --------------------------------------------------------------------------- the club


def save_club(desk: ClubFolder, form: dict) -> None:
    """Create the club (club.toml and an empty players.toml) or rename it; the file's comments are kept."""
    problems = Problems()
    title = text_field(problems, form, "title", CLUB_LIMIT)
    language = form.get("language", catalog.DEFAULT)
    if language not in catalog.LANGS:
        problems.add("language", "desk.language", found=shown(str(language)), langs=", ".join(catalog.LANGS))
    problems.raise_any()
    with desk.seen.lock:
        if desk.club_file.is_file():
            load_club(desk.club_file)  # a hand-written file with mistakes is said, not saved over
            doc = desk.seen.load(desk.club_file)
            doc["club"]["title"] = title
            doc["club"]["language"] = language
            desk.seen.save(desk.club_file, doc)
        else:
            _new_club(desk, title, language)


def _new_club(desk: ClubFolder, title: str, language: str) -> None:
    """club.toml with one season, this year's (every evening counted): the season's site has a ladder from the
    first evening published, with no file edited by hand; and an empty players.toml unless there is one."""
    registry = desk.folder / REGISTRY_FILE
    year = dt.date.today().year
    season = Message("desk.season_title", year=str(year)).text(language)
    text = (
        "# The club's file (docs/season.md), written by prefprint desk; it may be edited by hand.\n\n"
        "[club]\n"
        f"title = {toml_string(title)}\n"
        f"language = {toml_string(language)}\n"
        f'registry = "{REGISTRY_FILE}"          # the club\'s players, beside this file\n'
        f'events = ["{EVENTS_PATTERN}"]     # the evenings\' published results\n\n'
        "[[seasons]]                       # the ladder of the year: every evening counts\n"
        f"title = {toml_string(season)}\n"
        f"from = {year}-01-01\n"
        f"to = {year}-12-31\n"
    )
    desk.seen.check(desk.club_file)
    if not registry.is_file():
        desk.seen.save(
            registry,
            tomlkit.parse("# The club's players (docs/season.md): one [[players]] each, other spellings in aliases.\n"),
        )
    desk.seen.save(desk.club_file, tomlkit.parse(text))


# --------------------------------------------------------------------------- the players


def add_players(desk: ClubFolder, form: dict) -> dict:
    """Register the names pasted: a name the registry has is `known`, a name close to a registered one is
    `suggested` (added only with "confirm": true), any other `added` with an id made of it."""
    problems = Problems()
    if not desk.club_file.is_file():
        problems.add("title", "desk.club_missing")
        problems.raise_any()
    names = form.get("names")
    confirm = form.get("confirm", False)
    if not isinstance(confirm, bool):
        problems.add("confirm", "desk.not_bool", found=shown(json.dumps(confirm, ensure_ascii=False)))
    if not isinstance(names, list) or not names:
        problems.add("names", "desk.names_none")
        names = []
    elif len(names) > MAX_NAMES:
        problems.add("names", "desk.names_many", n=len(names), limit=MAX_NAMES)
        names = []
    typed = []
    for i, name in enumerate(names):
        if not isinstance(name, str):
            problems.add(f"names.{i}", "desk.not_text", found=shown(json.dumps(name, ensure_ascii=False)))
            continue
        text = checked_text(problems, f"names.{i}", name, NAME_LIMIT, required=False)
        if text:
            typed.append(" ".join(text.split()))
    if not typed and not problems.items:
        problems.add("names", "desk.names_none")
    problems.raise_any()
    with desk.seen.lock:
        path = desk.registry_file()
        desk.seen.check(path)
        players = load_registry(path, desk.language())
        answer = sorted_names(players, typed, confirm)
        if answer["added"]:
            doc = desk.seen.load(path)
            entries = doc.get("players")
            if entries is None:
                entries = tomlkit.aot()
                doc.append("players", entries)
            for player in answer["added"]:
                entry = tomlkit.table()
                entry["id"] = player["id"]
                entry["name"] = player["name"]
                entry.trivia.indent = "\n"  # a blank line before each entry, as a person writes them
                entries.append(entry)
            desk.seen.save(path, doc)
    return answer


def sorted_names(players, typed: list[str], confirm: bool) -> dict:
    """`add_players`' answer for typed names and the registry's players (RegisteredPlayer), nothing written: the
    new players of `added` are also matched by the names after theirs."""
    known = [Known(p.id, p.name, (p.name, *p.aliases)) for p in players]
    names = {p.id: p.name for p in players}
    taken = {m for p in players for m in p.merged}  # the ids of entries merged away stay theirs
    registry = Registry(known)
    answer = {"added": [], "suggested": [], "known": []}
    for name in typed:
        match = registry.match(name)
        if match.kind == "exact":
            answer["known"].append({"name": name, "id": match.id})
            continue
        if match.kind == "close" and not confirm:
            pid, reason = match.suggestions[0]
            answer["suggested"].append({"name": name, "like": {"id": pid, "name": names[pid]}, "reason": reason})
            continue
        pid = new_id(name, names.keys() | taken)
        names[pid] = name
        registry.add(Known(pid, name, (name,)))
        answer["added"].append({"id": pid, "name": name})
    return answer
