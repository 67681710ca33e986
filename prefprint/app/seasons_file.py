"""The club's seasons as the director's desk edits them: the `[[seasons]]` of club.toml (docs/season.md) listed,
one added from a form, one edited, one removed (docs/desk.md).

A season from the form is written into the text club.toml would have and read by the reader of `prefprint season`
(prefprint.io.club.parse_club): every problem it finds in that season said at its field (`to` before `from`, a
count that is neither a number nor "all", place points missing for a season scored by places…), nothing written
while one remains. The file is saved through prefprint.io.toml_saving: a hand-written club.toml keeps its comments
and layout, and a file changed since the page read it (`seen`, the fingerprint of its bytes) is never written over.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import tomlkit
from tomlkit.items import AoT, Table, Whitespace

from prefprint.app.club_files import TITLE_LIMIT, ClubFolder, FormError, NotFound, Problems, bad_char, checked_text
from prefprint.errors import PrefprintError
from prefprint.io.club import MAX_EVENINGS, ClubError, Season, load_club, parse_club
from prefprint.io.toml_file import unreadable
from prefprint.io.toml_saving import StaleFile, fingerprint_of, put_key
from prefprint.words.messages import Message, shown

KEYS = ("title", "from", "to", "count", "min_events", "score", "place_points")  # in the order of docs/season.md
_WHERE = re.compile(r"seasons\[(\d+)\](?:\.([a-z_]+))?")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_WHOLE = re.compile(r"[+-]?\d{1,12}")
_BIG = 10**12  # a number past this is written as the text it came as (the reader says it is not a count)


def season_view(n: int, season: Season) -> dict:
    rules = season.rules
    return {
        "n": n,
        "title": season.title,
        "from": season.start.isoformat(),
        "to": season.end.isoformat(),
        "count": "all" if rules.count is None else rules.count,
        "min_events": rules.min_events,
        "score": rules.score,
        "place_points": list(rules.place_points),
    }


def _club_text(desk: ClubFolder) -> bytes:
    if not desk.club_file.is_file():
        raise FormError([("", Message("desk.club_missing"))])
    return desk.club_file.read_bytes()


def list_seasons(desk: ClubFolder) -> dict:
    """{"seasons": [{"n", "title", "from", "to", "count", "min_events", "score", "place_points"}], "seen"}: the
    seasons of club.toml as `prefprint season` reads them, `n` counted from 1 in the file's order. A club file with
    mistakes is said (ClubError, each at its line)."""
    if not desk.club_file.is_file():
        return {"seasons": [], "seen": ""}
    with desk.seen.lock:
        data = desk.club_file.read_bytes()
        desk.seen.look(desk.club_file)  # what the page shows is the file as it is now
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PrefprintError(Message("club.unreadable", path=str(desk.club_file), error=unreadable(e))) from None
    club = parse_club(text, desk.club_file)
    return {"seasons": [season_view(i, s) for i, s in enumerate(club.seasons, 1)], "seen": fingerprint_of(data)}


# --------------------------------------------------------------------------- a season from the form


def _typed(key: str, value):
    """A form's value as the file holds it: dates typed as 2026-09-01 read as dates, numbers typed as text read as
    numbers, place points typed as "20, 17, 15" read as a list; anything else as it came, for the reader to say
    what is wrong with it (a value TOML cannot hold, such as a table, written as its JSON text)."""
    if isinstance(value, str):
        value = value.strip()
        if key in ("from", "to") and _DATE.fullmatch(value):
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                return value
        if key in ("count", "min_events") and _WHOLE.fullmatch(value):
            return int(value)
        if key == "place_points":
            return [_typed("count", v) for v in re.split(r"[\s,;]+", value) if v]
        return value
    if isinstance(value, list) and key == "place_points":
        return [_typed("count", v) for v in value]
    if isinstance(value, bool) or isinstance(value, float) and value == value and abs(value) < _BIG:
        return value
    if isinstance(value, int) and abs(value) < _BIG:
        return value
    return json.dumps(value, ensure_ascii=False)


def season_of(form: dict) -> tuple[dict, Problems]:
    """The season's keys from the form (empty fields left out, so that the reader's defaults hold), and the
    problems found before the reader: a title with a control character or too long, too many place points."""
    problems = Problems()
    season = {}
    for key in KEYS:
        value = form.get(key)
        if value is None or value == "" or value == []:
            continue
        if key == "title" and isinstance(value, str):
            value = checked_text(problems, "title", value, TITLE_LIMIT)
            if value is None:
                continue
        texts = [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
        char = next((c for c in map(bad_char, texts) if c), None)
        if char:  # said here: the reader would stop at it and say nothing else
            problems.add(key, "spec.control_char", char=char)
            continue
        value = _typed(key, value)
        if key == "place_points" and isinstance(value, list) and len(value) > MAX_EVENINGS:
            problems.add(key, "club.points_range", high=100_000, n=MAX_EVENINGS)
            continue
        season[key] = value
    return season, problems


def _form_problems(error: ClubError, index: int) -> list[tuple[str, Message]]:
    """The reader's problems of the season `index` at the form's fields (the key that has it; a key missing at
    that key), any other at the form as a whole."""
    out = []
    for problem in error.problems:
        what = problem.params.get("what") if problem.code in ("spec.at_line", "spec.at") else None
        m = _WHERE.match(str(problem.params.get("key", ""))) if what is not None else None
        if not m or int(m.group(1)) != index + 1:
            out.append(("", problem))
        elif isinstance(what, Message) and what.code == "spec.missing_key":
            out.append((str(what.params.get("key", "")), Message("desk.required")))
        else:
            out.append((m.group(2) or "", what))
    return out


def _entries(desk: ClubFolder, seen) -> tuple:
    """club.toml as a tomlkit document and its [[seasons]] (made where there are none), after the checks that the
    page saw the file as it is now (`seen`) and that the file reads without a mistake."""
    if not isinstance(seen, str) or len(seen) > 100:
        raise FormError([("seen", Message("desk.seen_club_missing"))])
    data = _club_text(desk)
    if fingerprint_of(data) != seen:  # edited by hand (or by another page) since this page read it
        raise StaleFile(Message("desk.stale", path=str(desk.club_file)))
    load_club(desk.club_file)  # a hand-written file with mistakes is said, not saved over
    desk.seen.look(desk.club_file)  # the save below checks the file against this
    doc = desk.seen.load(desk.club_file)
    entries = doc.get("seasons")
    if entries is None:
        entries = tomlkit.aot()
        doc.append("seasons", entries)
    if not isinstance(entries, AoT):
        raise ClubError(desk.club_file, [Message("club.array_of_tables", key="seasons")])
    return doc, entries


def _tail(table) -> list:
    """The comments and blank lines that end a table, taken off it: they belong to what follows it (a comment over
    [publish], say), which a season added or removed must not take or lose."""
    body = table.value.body
    keys = [i for i, (k, _) in enumerate(body) if k is not None]
    if not keys:
        return []
    tail = body[keys[-1] + 1 :]
    del body[keys[-1] + 1 :]  # keyless items after every key: the table's index of its keys is unchanged
    return tail


def _move_tail(last, entry) -> None:
    entry.value.body.extend(_tail(last))


def _before(doc, name: str):
    """The table (or the last entry of an array of tables) written just before `name` in the document, if any."""
    previous = None
    for key, item in doc.body:
        if key is not None and key.key == name:
            return previous
        if isinstance(item, AoT) and len(item):
            previous = item[-1]
        elif isinstance(item, Table):
            previous = item
    return None


def _fill(entry, season: dict) -> None:
    """The table's keys made the season's: each set in place, a key the form left empty removed."""
    for key in KEYS:
        if key not in season:
            if key in entry:
                del entry[key]
        elif not _same(entry.get(key), season[key]):
            put_key(entry, key, season[key])


def _same(item, value) -> bool:
    """The file's value is the form's already (left as written: an array's layout, say)."""
    plain = item.unwrap() if hasattr(item, "unwrap") else item
    return type(plain) is type(value) and plain == value


def _checked_save(desk: ClubFolder, doc, index: int, problems: Problems) -> None:
    """Save the document if the reader finds no problem in it (else FormError with those of the season `index`
    at its fields, and those found before)."""
    found = list(problems.items)
    try:
        parse_club(tomlkit.dumps(doc), desk.club_file)
    except ClubError as e:
        said = {f for f, _ in found}  # a field said already is left out of the file: not said twice
        found += [(f, m) for f, m in _form_problems(e, index) if f not in said or not f]
    if found:
        raise FormError(found)
    desk.seen.save(desk.club_file, doc)


def add_season(desk: ClubFolder, form: dict) -> dict:
    """Add one season after the others ({<the keys>, "seen"}); answers as `list_seasons`."""
    season, problems = season_of(form)
    with desk.seen.lock:
        doc, entries = _entries(desk, form.get("seen"))
        entry = tomlkit.table()
        for key in KEYS:
            if key in season:
                entry[key] = season[key]
        entry.trivia.indent = "\n"  # a blank line before it, as a person writes them
        if len(entries):
            _move_tail(entries[-1], entry)
        entries.append(entry)
        _checked_save(desk, doc, len(entries) - 1, problems)
    return list_seasons(desk)


def _numbered(entries, n) -> int:
    number = int(n) if isinstance(n, str) and n.isdigit() and len(n) < 6 else 0
    if not 1 <= number <= len(entries):
        raise NotFound(Message("desk.season_unknown", n=shown(str(n), 20), count=len(entries)))
    return number - 1


def edit_season(desk: ClubFolder, n, form: dict) -> dict:
    """Make the n-th season (counted from 1) the form's: keys changed in place (their comments kept), keys left
    empty removed; NotFound for a season the file does not have."""
    season, problems = season_of(form)
    with desk.seen.lock:
        doc, entries = _entries(desk, form.get("seen"))
        index = _numbered(entries, n)
        _fill(entries[index], season)
        _checked_save(desk, doc, index, problems)
    return list_seasons(desk)


def remove_season(desk: ClubFolder, n, form: dict) -> dict:
    """Remove the n-th season (counted from 1); NotFound for a season the file does not have."""
    with desk.seen.lock:
        doc, entries = _entries(desk, form.get("seen"))
        index = _numbered(entries, n)
        tail = _tail(entries[index]) if index == len(entries) - 1 else []
        del entries[index]
        if len(entries):
            entries[-1].value.body.extend(tail)
        else:
            before = _before(doc, "seasons")
            del doc["seasons"]
            if before is not None:
                ends_blank = before.value.body and isinstance(before.value.body[-1][1], Whitespace)
                before.value.body.extend(
                    tail[1:] if ends_blank and tail and isinstance(tail[0][1], Whitespace) else tail
                )
        _checked_save(desk, doc, -1, Problems())
    return list_seasons(desk)


__all__ = ["KEYS", "add_season", "edit_season", "list_seasons", "remove_season"]
