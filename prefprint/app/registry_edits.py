"""The registry as the director's desk edits it: a player's name and aliases changed, two entries merged into one,
members imported from a spreadsheet (docs/desk.md).

Saved as club_files saves: through prefprint.io.toml_saving (a hand-written players.toml keeps its comments, a
file edited by hand since the desk read it is never overwritten), every problem of a form listed at once and
nothing written while one remains.

A merge keeps one entry: the dropped entry's name and aliases become aliases of the kept one, its id goes into the
kept entry's `merged` list, and the dropped entry leaves players.toml. Published results are never rewritten: the
season reads an evening's dropped id as the kept one (`merged`, docs/season.md). The evenings' specs under
evenings/ that name the dropped id are rewritten to name the kept one (their comments kept), so that evenings
published later carry it.
"""

from __future__ import annotations

import base64
import binascii
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from prefprint.app.club_files import (
    EVENINGS,
    MAX_NAMES,
    NAME_LIMIT,
    ClubFolder,
    FormError,
    NotFound,
    Problems,
    add_players,
    bad_char,
    checked_text,
    text_field,
)
from prefprint.engine.names import plain
from prefprint.io.club import RegisteredPlayer, load_registry
from prefprint.io.members import Cell, MembersFileError, table_of
from prefprint.io.toml_saving import put_key
from prefprint.words.messages import Message, shown

MAX_ALIASES = 50  # other spellings of one player
FILENAME_LIMIT = 200
# a column's title that holds whole names, and those of a surname and a first name to be joined
NAME_TITLES = {"name", "full name", "player", "имя", "фио", "ф.и.о.", "ф. и. о.", "игрок", "участник", "фамилия и имя"}
SURNAME_TITLES = {"фамилия", "surname", "last name", "family name"}
FIRST_TITLES = {"имя", "first name", "given name"}
TITLE_ROWS = 5  # rows where the titles are looked for


def player_view(p: RegisteredPlayer) -> dict:
    return {"id": p.id, "name": p.name, "aliases": list(p.aliases), "merged": list(p.merged)}


def _club_there(desk: ClubFolder) -> None:
    if not desk.club_file.is_file():
        raise FormError([("", Message("desk.club_missing"))])


def _entry(doc, pid: str):
    """The [[players]] table of the id in the tomlkit document."""
    return next(e for e in doc.get("players", []) if str(e.get("id")) == pid)


def _set_aliases(entry, aliases: list[str]) -> None:
    if aliases:
        put_key(entry, "aliases", aliases)
    elif "aliases" in entry:
        del entry["aliases"]


# --------------------------------------------------------------------------- a player edited


def _spellings(problems: Problems, form: dict, current: RegisteredPlayer) -> tuple[str | None, list[str]]:
    """The name and aliases of the form, each checked; the aliases without the name and without repeats."""
    name = text_field(problems, form, "name", NAME_LIMIT)
    name = " ".join(name.split()) if name else name
    raw = form.get("aliases", list(current.aliases))
    aliases: list[str] = []
    if not isinstance(raw, list):
        problems.add("aliases", "desk.aliases_kind")
        return name, aliases
    if len(raw) > MAX_ALIASES:
        problems.add("aliases", "desk.aliases_many", n=len(raw), limit=MAX_ALIASES)
        return name, aliases
    seen = {plain(name)} if name else set()
    for i, alias in enumerate(raw):
        if not isinstance(alias, str):
            problems.add(f"aliases.{i}", "desk.not_text", found=shown(json.dumps(alias, ensure_ascii=False)))
            continue
        text = checked_text(problems, f"aliases.{i}", alias, NAME_LIMIT, required=False)
        if text and plain(text) not in seen:
            seen.add(plain(text))
            aliases.append(" ".join(text.split()))
    return name, aliases


def edit_player(desk: ClubFolder, pid: str, form: dict) -> dict:
    """Change a player's name and aliases ({"name", "aliases": [...]}; aliases left out are kept): each checked as
    a pasted name is, none another player's spelling. NotFound for an id the registry does not have."""
    _club_there(desk)
    with desk.seen.lock:
        path = desk.registry_file()
        desk.seen.check(path)
        players = load_registry(path, desk.language())
        current = next((p for p in players if p.id == pid), None)
        if current is None:
            raise NotFound(Message("desk.player_unknown", id=shown(pid)))
        problems = Problems()
        name, aliases = _spellings(problems, form, current)
        others = {plain(s): p for p in players if p.id != pid for s in (p.name, *p.aliases)}
        for where, spelling in [("name", name), *((f"aliases.{i}", a) for i, a in enumerate(aliases))]:
            other = others.get(plain(spelling)) if spelling else None
            if other:
                problems.add(where, "desk.name_taken", name=shown(spelling), other=shown(other.name))
        problems.raise_any()
        doc = desk.seen.load(path)
        entry = _entry(doc, pid)
        if entry.get("name") != name:
            entry["name"] = name
        if list(entry.get("aliases", [])) != aliases:
            _set_aliases(entry, aliases)
        desk.seen.save(path, doc)
        return player_view(RegisteredPlayer(pid, name, tuple(aliases), current.merged))


# --------------------------------------------------------------------------- two entries merged


def _merge_ids(problems: Problems, form: dict, players: list[RegisteredPlayer]) -> dict:
    by_id = {p.id: p for p in players}
    found = {}
    for key in ("keep", "drop"):
        value = form.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if value is None or value == "":
            problems.add(key, "desk.required")
        elif not isinstance(value, str):
            problems.add(key, "desk.not_text", found=shown(json.dumps(value, ensure_ascii=False)))
        elif value not in by_id:
            problems.add(key, "desk.player_unknown", id=shown(value))
        else:
            found[key] = by_id[value]
    if len(found) == 2 and found["keep"].id == found["drop"].id:
        problems.add("drop", "desk.merge_self", name=shown(found["keep"].name))
    return found


def _specs_naming(desk: ClubFolder, problems: Problems, keep: str, drop: str) -> list[Path]:
    """The evenings' specs that name the dropped id; a problem for each that names both (two people played)."""
    naming = []
    for path in sorted((desk.folder / EVENINGS).glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue  # a spec a person broke: the kit says so; no id of it is read
        entries = data.get("players")
        ids = {str(p.get("id")) for p in entries if isinstance(p, dict)} if isinstance(entries, list) else set()
        if drop in ids and keep in ids:
            problems.add("drop", "desk.merge_both_played", spec=f"{EVENINGS}/{path.name}")
        elif drop in ids:
            naming.append(path)
    return naming


def merge_players(desk: ClubFolder, form: dict) -> dict:
    """Merge the entry `drop` into `keep` ({"keep": id, "drop": id}): the dropped name and aliases become the kept
    entry's aliases, the dropped id (and those merged into it) its `merged`; the specs that name the dropped id
    name the kept one. Refused (nothing written) where a spec names both: two people played that evening."""
    _club_there(desk)
    with desk.seen.lock:
        path = desk.registry_file()
        desk.seen.check(path)
        players = load_registry(path, desk.language())
        problems = Problems()
        found = _merge_ids(problems, form, players)
        problems.raise_any()
        keep, drop = found["keep"], found["drop"]
        specs = _specs_naming(desk, problems, keep.id, drop.id)
        problems.raise_any()
        seen = {plain(keep.name)} | {plain(a) for a in keep.aliases}
        aliases = list(keep.aliases)
        for spelling in (drop.name, *drop.aliases):
            if plain(spelling) not in seen:
                seen.add(plain(spelling))
                aliases.append(spelling)
        merged = [*keep.merged, drop.id, *drop.merged]
        docs = [(spec, desk.seen.load(spec)) for spec in specs]  # each checked before anything is written
        doc = desk.seen.load(path)
        for spec, spec_doc in docs:
            for entry in spec_doc.get("players", []):
                if str(entry.get("id")) == drop.id:
                    entry["id"] = keep.id
            desk.seen.save(spec, spec_doc)
        entries = doc["players"]
        _set_aliases(_entry(doc, keep.id), aliases)
        put_key(_entry(doc, keep.id), "merged", merged)
        del entries[next(i for i, e in enumerate(entries) if str(e.get("id")) == drop.id)]
        desk.seen.save(path, doc)
    kept = RegisteredPlayer(keep.id, keep.name, tuple(aliases), tuple(merged))
    return {"kept": player_view(kept), "dropped": drop.id, "specs": [f"{EVENINGS}/{s.name}" for s in specs]}


# --------------------------------------------------------------------------- members imported


@dataclass(frozen=True)
class Column:
    """Where a file's names are: the cells joined into one name, and the rows after the titles."""

    columns: tuple  # column letters, joined in this order («Фамилия», «Имя»)
    first_row: int  # index of the first row of names among the rows that hold something


def _title(value) -> str:
    return " ".join(str(value).casefold().split()).rstrip(":") if isinstance(value, str) else ""


def _lettered(value) -> bool:
    """Text with a letter in it: a name, not a number (a CSV's cells are all text)."""
    return isinstance(value, str) and any(c.isalpha() for c in value)


def _letters(cell: Cell) -> str:
    return cell.ref.rstrip("0123456789")


def name_columns(rows: list[list[Cell]]) -> Column:
    """The column of names: titled name/имя/ФИО/игрок, or «Фамилия» and «Имя» joined, in one of the first
    `TITLE_ROWS` rows (a list's own title may come first); without such titles, the first column that holds
    text (a column of numbers, №, is passed over), every row a name."""
    for i, row in enumerate(rows[:TITLE_ROWS]):
        titles = {_title(c.value): _letters(c) for c in row}
        surname = next((titles[t] for t in titles if t in SURNAME_TITLES), None)
        first = next((titles[t] for t in titles if t in FIRST_TITLES), None)
        if surname and first:
            return Column((surname, first), i + 1)
        whole = next((titles[t] for t in titles if t in NAME_TITLES), None) or surname
        if whole:
            return Column((whole,), i + 1)
    texts = sorted({_letters(c) for row in rows for c in row if _lettered(c.value)}, key=lambda s: (len(s), s))
    return Column((texts[0],) if texts else (_letters(rows[0][0]),) if rows else (), 0)


def _cell_text(problems: Problems, file: str, cell: Cell) -> str | None:
    """A cell's text as a name, or None with its problem said (the file and the cell named)."""

    def said(code: str, **params) -> None:
        problems.add("file", "desk.import_cell", file=file, cell=cell.ref, problem=Message(code, **params))

    value = cell.value
    if not isinstance(value, str) or not (_lettered(value) or value.lstrip().startswith("=")):
        said("desk.import_not_text", found=shown(str(value)))
        return None
    text = " ".join(value.split())
    if text.startswith("="):
        said("desk.import_formula", found=shown(text))
    elif bad_char(value):
        said("spec.control_char", char=bad_char(value))
    elif len(text) > NAME_LIMIT:
        said("spec.too_long", n=len(text), limit=NAME_LIMIT)
    else:
        return text
    return None


def names_of(problems: Problems, file: str, rows: list[list[Cell]]) -> list[str]:
    """The names of a file's rows (`name_columns`), each cell checked as a pasted name is."""
    where = name_columns(rows)
    names = []
    for row in rows[where.first_row :]:
        by_column = {_letters(c): c for c in row}
        parts = [_cell_text(problems, file, by_column[col]) for col in where.columns if col in by_column]
        name = " ".join(p for p in parts if p)
        if name and len(name) > NAME_LIMIT:
            first = by_column[where.columns[0]]
            problems.add(
                "file", "desk.import_cell", file=file, cell=first.ref,
                problem=Message("spec.too_long", n=len(name), limit=NAME_LIMIT),
            )  # fmt: skip
        elif name:
            names.append(name)
    return names


def import_members(desk: ClubFolder, form: dict) -> dict:
    """Register the names of a members' file ({"filename", "data": base64, "confirm"}) as pasted names are
    (club_files.add_players: known, suggested, added); a file with any problem is refused whole, each problem
    with the file and the cell."""
    _club_there(desk)
    problems = Problems()
    filename = text_field(problems, form, "filename", FILENAME_LIMIT, required=False) or ""
    data = form.get("data")
    raw = b""
    if not isinstance(data, str):
        problems.add("file", "desk.import_none")
    else:
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            problems.add("file", "desk.import_base64")
    problems.raise_any()
    base = Path(filename.replace("\\", "/")).name or "?"  # a path sent is only a name said
    file = shown(base, 60)
    try:
        rows = table_of(base, raw)
    except MembersFileError as e:
        raise FormError([("file", e.message)]) from None
    names = names_of(problems, file, rows)
    if not names and not problems.items:
        problems.add("file", "desk.import_empty", file=file)
    if len(names) > MAX_NAMES:
        problems.add("file", "desk.import_many", file=file, n=len(names), limit=MAX_NAMES)
    problems.raise_any()
    answer = add_players(desk, {"names": names, "confirm": form.get("confirm", False)})
    return answer | {"file": base, "names": len(names)}
