"""Reading a TOML file with every problem at its line and key.

The readers of the event spec (`io/spec.py`) and of a club's files (`io/club.py`: club.toml and its
registry of players) share these: the line of every key (`key_lines`), the problems placed at them
(`Problems`), TOML's own syntax errors said in words (`toml_problem`), values of the kind a key
expects (`typed`, `typed_time`, `typed_date`, `in_range`), values that cannot be printed or stored
(`unprintable`) and a word that is not a known one, with the nearest known one (`unknown_word`).
Their words are the catalogue's `spec.*` messages.
"""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
import tomllib
import unicodedata

from prefprint.words import catalog
from prefprint.words.messages import Message, shown

# the longest text of a key, by its name (titles and names are printed on every sheet); any other key 1000
TEXT_LIMITS = {"title": 200, "venue": 200, "date": 100, "name": 100, "club": 100, "id": 100, "seed": 200, "url": 500}


# --------------------------------------------------------------------------- where a key is


def key_lines(text: str) -> dict[tuple, int]:
    """Line number of every key path, e.g. ("players", 2, "number") -> 31 (1-based).

    Tables inside an array of tables ([sessions.deals] after the 2nd [[sessions]]) get the
    index of that entry: ("sessions", 1, "deals").
    """
    lines: dict[tuple, int] = {}
    path: tuple = ()
    counts: dict[tuple, int] = {}

    def indexed(name: tuple) -> tuple:
        out: tuple = ()
        for part in name:
            out += (part,)
            if out in counts and len(out) < len(name):
                out += (counts[out] - 1,)
        return out

    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("[["):
            name = tuple(p.strip().strip('"') for p in s.strip("[] ").split("."))
            base = indexed(name)
            counts[name] = counts.get(name, 0) + 1
            path = base + (counts[name] - 1,)
            lines.setdefault(path, i)
        elif s.startswith("["):
            path = indexed(tuple(p.strip().strip('"') for p in s.split("]")[0].strip("[ ").split(".")))
            lines.setdefault(path, i)
        else:
            m = re.match(r"""^\s*("?)([A-Za-z0-9_\-]+)\1\s*[=.]""", line)
            if m:
                lines.setdefault(path + (m.group(2),), i)
    return lines


def _key_text(path: tuple) -> str:
    # entries of an array counted from 1, as a director counts them: players[7] is the 7th [[players]]
    return ".".join(str(p) if not isinstance(p, int) else f"[{p + 1}]" for p in path).replace(".[", "[")


class Problems:
    """Problems of one file, each placed at its key and line (listed in the order of the file's lines)."""

    def __init__(self, lines: dict[tuple, int]):
        self.lines = lines
        self.items: list[Message] = []

    def add(self, path: tuple, problem, /, **params):
        """A problem at a key: a catalogue code with its parameters, or a ready Message."""
        what = Message(problem, **params) if isinstance(problem, str) and problem in catalog.keys() else problem
        line = None
        for n in range(len(path), 0, -1):
            line = self.lines.get(tuple(path[:n]))
            if line:
                break
        key = _key_text(path)
        if line:
            self.items.append(Message("spec.at_line", line=line, key=key, what=what))
        else:
            self.items.append(Message("spec.at", key=key, what=what))
        self.items.sort(key=lambda m: m.params.get("line", 0))  # stable: keys without a line first


_KIND_WORDS = {
    "str": "spec.kind_text",
    "int": "spec.kind_int",
    "bool": "spec.kind_bool",
    "date": "spec.kind_date",
    "list_int": "spec.kind_list_int",
    "table": "spec.kind_table",
    "time": "spec.kind_time",
}


def typed(problems: Problems, table: dict, path: tuple, key: str, kind: str, default=None, required=False):
    """table[key] if it has the expected kind; else a problem at the key and the default."""
    if key not in table:
        if required:
            problems.add(path, "spec.missing_key", key=key)
        return default
    value = table[key]
    ok = {
        "str": isinstance(value, str),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "bool": isinstance(value, bool),
        "date": isinstance(value, (dt.date, str)),
        "time": isinstance(value, (dt.time, str)),
        "list_int": isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value),
        "table": isinstance(value, dict),
    }[kind]
    if not ok:
        problems.add(path + (key,), "spec.expected", what=Message(_KIND_WORDS[kind]), found=value_text(value))
        return default
    if kind == "date" and isinstance(value, dt.date):
        return value.isoformat() if not isinstance(value, dt.datetime) else value.date().isoformat()
    return value


def value_text(value) -> str:
    """A value found in the file as a problem shows it: text as it is, a table or an array by its kind."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, (dict, list)):
        return shown(type(value).__name__)
    return shown(repr(value))


def in_range(problems, path, value, low, high) -> bool:
    """True when the value is None or within low..high; else a problem at the key."""
    if value is not None and not low <= value <= high:
        problems.add(path, "spec.range", low=low, high=high, found=value_text(value))
        return False
    return True


# --------------------------------------------------------------------------- values that cannot be printed or stored

_BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def _bad_char(text: str) -> str | None:
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ord(ch) in _BIDI:
            return f"U+{ord(ch):04X}"
    return None


def unprintable(problems: Problems, data, path=()):
    """Refuse control characters, infinities and too long texts anywhere in the file (they crash printers and Excel)."""
    if isinstance(data, dict):
        for k, v in data.items():
            char = _bad_char(str(k))
            if char:
                problems.add(path, "spec.control_char_key", char=char)
                continue
            unprintable(problems, v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            unprintable(problems, v, path + (i,))
    elif isinstance(data, str):
        char = _bad_char(data)
        if char:
            problems.add(path, "spec.control_char", char=char)
        limit = TEXT_LIMITS.get(path[-1] if path and isinstance(path[-1], str) else "", 1000)
        if len(data) > limit:
            problems.add(path, "spec.too_long", n=len(data), limit=limit)
    elif isinstance(data, float) and not math.isfinite(data):
        problems.add(path, "spec.not_finite", found=value_text(data))


# --------------------------------------------------------------------------- times and dates


def typed_time(problems, table, path, key, default):
    """A time of day as HH:MM: a TOML time, or text such as "9:30" or "09.30"; else a problem at the key."""
    value = typed(problems, table, path, key, "time", default)
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    m = re.fullmatch(r"(\d{1,2})[:.](\d{2})", str(value).strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        problems.add(path + (key,), "spec.bad_time", found=value_text(value))
        return default
    return f"{int(m.group(1)):02d}:{m.group(2)}"


# a date written as text: 2026-12-05 or 05.12.2026 (also with / and one-digit day or month), anywhere in it
_DATE_TEXT = (
    re.compile(r"(?<![\d.-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])"),
    re.compile(r"(?<![\d./])(\d{1,2})([./])(\d{1,2})\2(\d{4})(?![\d./])"),
)


def typed_date(problems, table, path, key, default):
    """A date: a TOML date, or text printed as it is — but a day that does not exist is refused at its line.

    TOML itself refuses `date = 2026-02-30`; written in quotes, "2026-02-30" (or "30.02.2026")
    would be printed on every sheet: it is refused the same, whatever words stand around it.
    """
    value = typed(problems, table, path, key, "date", default)
    if not isinstance(value, str) or value is default:
        return value
    for pattern in _DATE_TEXT:
        for m in pattern.finditer(value):
            if pattern is _DATE_TEXT[0]:
                readings = [(m.group(1), m.group(2), m.group(3))]
            else:  # 05.12.2026; with slashes also the American 12/05/2026
                readings = [(m.group(4), m.group(3), m.group(1))]
                readings += [(m.group(4), m.group(1), m.group(3))] if m.group(2) == "/" else []
            if not any(_real_date(*r) for r in readings):
                problems.add(path + (key,), "spec.bad_date", found=value_text(m.group(0)))
                return default
    return value


def _real_date(year: str, month: str, day: str) -> bool:
    try:
        dt.date(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


# --------------------------------------------------------------------------- what TOML cannot read

# what tomllib says (English) -> catalogue code of the same in words
_TOML_WORDS = (
    ("Illegal character", "spec.toml_character"),
    ("Expected '=' after a key", "spec.toml_equals"),
    ("Invalid value", "spec.toml_value"),
    ("Unclosed", "spec.toml_unclosed"),
    ("Cannot overwrite", "spec.toml_twice"),
    ("Cannot declare", "spec.toml_twice"),
    ("Unterminated string", "spec.toml_string"),
    ("Invalid initial character for a key", "spec.toml_key"),
    ("Expected newline or end of document", "spec.toml_newline"),
    ("Invalid statement", "spec.toml_statement"),
    ("Invalid date or datetime", "spec.toml_date"),
    ("Expected ']", "spec.toml_bracket"),
    ("Cannot mutate", "spec.toml_twice"),
    ("Cannot redefine", "spec.toml_twice"),
    ("Duplicate inline table key", "spec.toml_twice"),
    ("Unescaped '\\'", "spec.toml_escape"),
    ("Escaped character", "spec.toml_escape"),
    ("Invalid hex value", "spec.toml_escape"),
)
# an unquoted value that reads as a date or a time, as TOML would take it
_DATE_LIKE = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*=\s*(\d{4}-\d{1,2}-\d{1,2}\S*|\d{1,2}:\d{2}\S*)\s*(#.*)?$")


def toml_problem(e: tomllib.TOMLDecodeError, source: str = "") -> Message:
    """A TOML syntax error with its line and column, said in words."""
    text = str(e)
    m = re.search(r"\(at line (\d+), column (\d+)\)", text)
    what = next((Message(code) for start, code in _TOML_WORDS if text.startswith(start)), None)
    lines = source.splitlines()
    if m and 0 < int(m.group(1)) <= len(lines):  # 2026-13-45, 25:00: the key and the value said as they are
        date = _DATE_LIKE.match(lines[int(m.group(1)) - 1])
        if date:
            code = "spec.toml_time_key" if ":" in date.group(2) and "-" not in date.group(2) else "spec.toml_date_key"
            what = Message(code, key=date.group(1), value=date.group(2)[:40])
    detail = what or shown(re.sub(r"\s*\(at line.*\)$", "", text), 80)
    if m:
        return Message("spec.not_toml_at", line=int(m.group(1)), column=int(m.group(2)), what=detail)
    return Message("spec.not_toml", error=detail)


def unreadable(e: Exception):
    """Why a file could not be read: a text that is not UTF-8 said in words, at its byte; else what the system says."""
    if isinstance(e, UnicodeDecodeError):
        return Message("spec.not_utf8", at=e.start)
    return shown(str(e), 120)


def language_in(text: str) -> str:
    """The language of a file that TOML cannot read, from its raw text (`language = "en"`), else Russian."""
    m = re.search(r'^\s*language\s*=\s*"(' + "|".join(catalog.LANGS) + ')"', text, re.M)
    return m.group(1) if m else "ru"


# --------------------------------------------------------------------------- a word not known


def unknown_word(problems, path, code, word, known, **fields):
    """A word not among the known ones, with the nearest known one when a typo explains it."""
    near = difflib.get_close_matches(str(word).lower(), [k.lower() for k in known], n=1, cutoff=0.6)
    known = list(known)
    if near:
        near = next(k for k in known if k.lower() == near[0])
        problems.add(path, code + "_near", near=shown(near), known=", ".join(known), **fields)
    else:
        problems.add(path, code, known=", ".join(known), **fields)
