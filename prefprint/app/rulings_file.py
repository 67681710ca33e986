"""A desk evening's rulings file, `evenings/<id>.rulings.toml`: the `[[rulings]]` a director writes by hand
(docs/rulings.md), listed, added one at a time from a form and removed.

A ruling from the form is checked by the reader of `prefprint results --rulings` (engine.rulings.parse_rulings,
which load_rulings runs) on the file as it would be saved, then, once printed, by the checks of the results
against the rows typed into the kit's workbook so far: every problem said at its field, nothing written while
one remains. The file is saved through io.toml_saving (a hand-written file's comments kept, a hand edit made
since the desk read it never overwritten). Its name has a dot, which an evening's id never has: it is never taken
for an evening, whatever an evening is called.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import tomlkit
from tomlkit.items import AoT

from prefprint.app.club_files import EVENINGS, ClubFolder, FormError, NotFound, bad_char
from prefprint.app.competition import with_layouts
from prefprint.app.evenings import kit_workbooks, spec_path
from prefprint.checks import check_workbook
from prefprint.engine.rulings import Rulings, parse_rulings
from prefprint.errors import SpecError, WorkbookError
from prefprint.io.spec import load_competition
from prefprint.io.workbook import read_entries
from prefprint.words.messages import Message, shown

SUFFIX = ".rulings.toml"
NUMBERS = ("session", "deal", "round", "table", "player", "percent", "mp")
LISTS = ("seats", "deals")
_KEY = re.compile(r"rulings\[(\d+)\](?:\.(.+))?")
_WHOLE = re.compile(r"[+-]?\d{1,9}")
_DECIMAL = re.compile(r"[+-]?\d{1,9}[.,]\d{1,9}")


def rulings_path(desk: ClubFolder, evening: str) -> Path:
    """The evening's rulings file (there or not); NotFound for an evening the desk does not have."""
    spec_path(desk, evening)
    return desk.folder / EVENINGS / f"{evening}{SUFFIX}"


def _header(title: str) -> str:
    return (
        f"# The director's rulings of {title} (docs/rulings.md), written by prefprint desk; it may be edited by\n"
        f"# hand. prefprint results reads it with --rulings (docs/desk.md).\n"
    )


def _plain(value):
    """A TOML value as JSON has it (dates and times as text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (dt.date, dt.time, dt.datetime)):
        return value.isoformat()
    return value


def _entries(doc) -> list:
    entries = doc.get("rulings", [])
    return entries if isinstance(entries, list) else []


def _problems_by_entry(text: str, path: Path, spec: Path) -> tuple[dict[int, list[tuple]], list[Message]]:
    """The reader's problems of a rulings text for each session of the evening: {entry index: [(field, Message)]}
    and those of the file as a whole; each problem once, however many sessions say it."""
    by_entry: dict[int, list] = {}
    whole: list = []
    seen = set()
    for event in load_competition(spec).sessions:
        for problem in parse_rulings(text, path, event)[1]:
            where = problem.params.get("where")
            m = _KEY.fullmatch(str(where.params.get("key", ""))) if isinstance(where, Message) else None
            key = (m.group(1), m.group(2)) if m else None
            if (key, problem.code, repr(problem.params)) in seen:
                continue
            seen.add((key, problem.code, repr(problem.params)))
            if m:
                by_entry.setdefault(int(m.group(1)) - 1, []).append((m.group(2) or "", problem))
            else:
                whole.append(problem)
    return by_entry, whole


def list_rulings(desk: ClubFolder, evening: str) -> dict:
    """{"file", "rulings": [{"n", <the keys as written>, "problems": [Message]}]}: the file's rulings in order,
    `n` counted from 1 as the reader counts them, each with what the reader says of it."""
    path = rulings_path(desk, evening)
    with desk.seen.lock:
        desk.seen.look(path)  # what the page shows is the file as it is now
        doc = desk.seen.load(path)
    text = tomlkit.dumps(doc)
    by_entry, whole = _problems_by_entry(text, path, spec_path(desk, evening))
    out = []
    for i, entry in enumerate(_entries(doc)):
        plain = _plain(entry.unwrap() if hasattr(entry, "unwrap") else entry)
        item = plain if isinstance(plain, dict) else {"value": plain}
        out.append({**item, "n": i + 1, "problems": [m for _, m in by_entry.get(i, [])]})  # n: the desk's
    return {"file": f"{EVENINGS}/{path.name}", "rulings": out, "problems": whole}


def _typed(key: str, value):
    """A form's value as the file has it: numbers typed as text read as numbers (a decimal comma too), a list
    typed as "N, E" or "11 12" as a list; anything else as it came (the reader says what is wrong with it)."""
    if isinstance(value, str):
        value = value.strip()
        if key in NUMBERS:
            if _WHOLE.fullmatch(value):
                return int(value)
            if _DECIMAL.fullmatch(value):
                return float(value.replace(",", "."))
        if key in LISTS:
            return [_typed("deal" if key == "deals" else "seat", v) for v in re.split(r"[\s,;]+", value) if v]
    return value


def ruling_of(form: dict) -> dict:
    """The ruling's keys from the form: empty fields left out, in the order of docs/rulings.md."""
    order = ("kind", "session", "deal", "player", "round", "table", "seat", "seats", "percent", "mp", "deals")
    keys = [k for k in order if k in form] + sorted(k for k in form if k not in order and k != "reason")
    ruling = {}
    for key in [*keys, "reason"]:
        value = _typed(key, form.get(key))
        if value is None or value == "" or value == []:
            continue
        ruling[str(key)] = _writable(value)
    return ruling


def _writable(value):
    """A value TOML can hold: a null inside a list or a table as an empty text (the reader then says it is wrong)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return [_writable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _writable(v) for k, v in value.items()}
    return value


def _unprintable(ruling: dict) -> list:
    """A text with a control character or a bidi override (the desk's forms take none), at its key."""
    out = []
    for key, value in ruling.items():
        texts = [key, *(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))]
        char = next((c for c in map(bad_char, texts) if c), None)
        if char:
            out.append((key, Message("spec.control_char", char=char)))
    return out


def add_ruling(desk: ClubFolder, evening: str, form: dict) -> dict:
    """Add one ruling at the end of the file (made, with a header, if not there); FormError with every problem
    the reader finds in it, nothing written. A file whose own rulings have mistakes is said (SpecError)."""
    path = rulings_path(desk, evening)
    spec = spec_path(desk, evening)
    ruling = ruling_of(form)
    with desk.seen.lock:
        doc = desk.seen.load(path)
        if not path.is_file():
            doc = tomlkit.parse(_header(_title(spec)))
        before, whole = _problems_by_entry(tomlkit.dumps(doc), path, spec)
        if "rulings" in doc and not isinstance(doc["rulings"], AoT):
            whole.append(Message("rulings.not_list", path=path.name))
        if whole or before:
            raise SpecError(path, whole + [m for i in sorted(before) for _, m in before[i]])
        index = len(_entries(doc))
        # the new ruling written at the end as a person would write it: after a blank line
        text = tomlkit.dumps(doc).rstrip("\n") + "\n\n" + tomlkit.dumps({"rulings": [ruling]})
        found, whole = _problems_by_entry(text.lstrip("\n"), path, spec)
        problems = [(f, m) for f, m in found.get(index, [])] + [("", m) for m in whole]
        where = Message("desk.ruling_whole")
        problems = [(f, Message(m.code, **(m.params | {"where": where}))) for f, m in problems]
        if not problems:
            problems = [
                ("", Message(m.code, **(m.params | {"where": where})))
                for m in _row_problems(desk, evening, text.lstrip("\n"), index)
            ]
        if problems or _unprintable(ruling):
            raise FormError(problems + _unprintable(ruling))
        doc = tomlkit.parse(text.lstrip("\n"))
        desk.seen.save(path, doc)
    return list_rulings(desk, evening)


def _row_problems(desk: ClubFolder, evening: str, text: str, index: int) -> list[Message]:
    """What the checks of `prefprint results` say of the ruling `index` of a rulings text against the rows typed
    into the kit's workbook so far, checked as provisional results are (a ruling on rows not entered waits): a row
    the deal does not have, a player who did not play it, a seat adjusted twice."""
    path, spec = rulings_path(desk, evening), spec_path(desk, evening)
    competition = load_competition(spec)
    key = f"rulings[{index + 1}]"
    out = []
    for event, workbook in zip(competition.sessions, kit_workbooks(desk, evening, competition)):
        if not workbook.is_file():
            continue
        try:
            entries = read_entries(workbook, event)
        except WorkbookError:
            continue  # the workbook's own problems are the results' to say
        event, _ = with_layouts(event, entries.layouts)
        items = parse_rulings(spec.read_text(encoding="utf-8"), spec, event)[0] + parse_rulings(text, path, event)[0]
        checked = check_workbook(event, entries.deals, None, Rulings(tuple(items)), provisional=True)
        for problem in checked.problems:
            where = problem.params.get("where") if isinstance(problem, Message) else None
            if isinstance(where, Message) and (where.params.get("path"), where.params.get("key")) == (path.name, key):
                out.append(problem)
    return out


def remove_ruling(desk: ClubFolder, evening: str, n) -> dict:
    """Remove the n-th ruling (counted from 1) of the file as the desk last showed it; NotFound for none such."""
    path = rulings_path(desk, evening)
    with desk.seen.lock:
        doc = desk.seen.load(path)
        entries = _entries(doc)
        number = int(n) if isinstance(n, str) and n.isdigit() and len(n) < 6 else 0
        if not 1 <= number <= len(entries):
            raise NotFound(Message("desk.ruling_unknown", n=shown(str(n)), count=len(entries)))
        del entries[number - 1]
        if not entries:
            del doc["rulings"]
        desk.seen.save(path, doc)
    return list_rulings(desk, evening)


def _title(spec: Path) -> str:
    try:
        return load_competition(spec).title
    except SpecError:
        return spec.stem
