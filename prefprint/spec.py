"""Read an event spec (TOML) into an Event; every mistake is reported with its key and line."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path

from .deals import DealError, make_deals
from .errors import MovementError, ScoringError, SpecError
from .model import Event, Player
from .movement import METHODS, build_movement, second_session
from .rules import VARIANTS, conventions_for

_KNOWN = {
    "event": {"title", "date", "venue", "language", "start"},
    "game": {"variant", "table_size", "deals_per_set", "minutes_per_deal", "conventions"},
    "movement": {"method", "rounds", "rooms", "session"},
    "deals": {"seed", "prepared"},
    "players": {"number", "name", "club"},
    "publish": {"url"},
    "print": {"bleed"},
}


def parse_value(text: str):
    """A convention value typed on the command line: true/false, a number, or text."""
    t = text.strip()
    if t.lower() in ("true", "yes"):
        return True
    if t.lower() in ("false", "no"):
        return False
    try:
        return int(t)
    except ValueError:
        pass
    try:
        return float(t)
    except ValueError:
        return t


def _key_lines(text: str) -> dict[tuple, int]:
    """Line number of every key path, e.g. ("players", 2, "number") -> 31 (1-based)."""
    lines: dict[tuple, int] = {}
    path: tuple = ()
    counts: dict[tuple, int] = {}
    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("[["):
            name = tuple(s.strip("[] ").split("."))
            idx = counts.get(name, 0)
            counts[name] = idx + 1
            path = name + (idx,)
            lines.setdefault(path, i)
        elif s.startswith("["):
            path = tuple(s.strip("[] ").split("."))
            lines.setdefault(path, i)
        else:
            m = re.match(r"""^\s*("?)([A-Za-z0-9_\-]+)\1\s*=""", line)
            if m:
                lines.setdefault(path + (m.group(2),), i)
    return lines


class _Problems:
    def __init__(self, lines):
        self.lines = lines
        self.items = []

    def add(self, path: tuple, message: str):
        line = None
        for n in range(len(path), 0, -1):
            line = self.lines.get(tuple(path[:n]))
            if line:
                break
        key = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in path).replace(".[", "[")
        where = f"line {line}, " if line else ""
        self.items.append(f"{where}{key}: {message}")


def _typed(problems, table, path, key, kind, default=None, required=False):
    if key not in table:
        if required:
            problems.add(path, f"missing key {key!r}")
        return default
    value = table[key]
    ok = {
        "str": isinstance(value, str),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "date": isinstance(value, (dt.date, str)),
        "list_int": isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value),
    }[kind]
    if not ok:
        expected = {"str": "text", "int": "a whole number", "date": "a date (2026-12-05)",
                    "list_int": "a list of whole numbers"}[kind]
        problems.add(path + (key,), f"expected {expected}, found {value!r}")
        return default
    return value


def load_event(path) -> Event:
    """Read, check and expand an event spec; raise SpecError listing every problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SpecError(path, [f"cannot read the file: {e}"]) from None
    return parse_event(text, path)


def parse_event(text: str, path: Path | str = "event.toml") -> Event:
    """Parse the text of an event spec (see `load_event`)."""
    path = Path(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError(path, [f"not valid TOML: {e}"]) from None
    problems = _Problems(_key_lines(text))
    for key, value in data.items():
        if key not in _KNOWN:
            problems.add((key,), f"unknown section; expected one of {', '.join(_KNOWN)}")
        elif key == "players":
            if not isinstance(value, list):
                problems.add((key,), "expected [[players]] entries")
        elif not isinstance(value, dict):
            problems.add((key,), "expected a table")
        else:
            for sub in value:
                if sub not in _KNOWN[key]:
                    problems.add((key, sub), f"unknown key; expected one of {', '.join(sorted(_KNOWN[key]))}")

    ev = data.get("event", {}) if isinstance(data.get("event"), dict) else {}
    game = data.get("game", {}) if isinstance(data.get("game"), dict) else {}
    mov = data.get("movement", {}) if isinstance(data.get("movement"), dict) else {}
    dl = data.get("deals", {}) if isinstance(data.get("deals"), dict) else {}
    pub = data.get("publish", {}) if isinstance(data.get("publish"), dict) else {}
    prn = data.get("print", {}) if isinstance(data.get("print"), dict) else {}
    if "event" not in data:
        problems.add(("event",), "missing section [event]")
    if "game" not in data:
        problems.add(("game",), "missing section [game]")

    title = _typed(problems, ev, ("event",), "title", "str", "", required="event" in data)
    date = _typed(problems, ev, ("event",), "date", "date", "")
    venue = _typed(problems, ev, ("event",), "venue", "str", "")
    start = _typed(problems, ev, ("event",), "start", "str", "10:00")
    if not re.fullmatch(r"\d{1,2}:\d{2}", start or ""):
        problems.add(("event", "start"), f"expected a time like \"10:00\", found {start!r}")
    publish_url = _typed(problems, pub, ("publish",), "url", "str", "")
    if publish_url and not re.fullmatch(r"https?://[^\s]+", publish_url):
        problems.add(("publish", "url"), f"expected an address starting with https://, found {publish_url!r}")
    bleed = prn.get("bleed", False)
    if not isinstance(bleed, bool):
        problems.add(("print", "bleed"), f"expected true or false, found {bleed!r}")
        bleed = False
    language = _typed(problems, ev, ("event",), "language", "str", "ru")
    if language not in ("ru", "en"):
        problems.add(("event", "language"), f"expected \"ru\" or \"en\", found {language!r}")
        language = "ru"

    variant = _typed(problems, game, ("game",), "variant", "str", "sochi", required="game" in data)
    conv = None
    if variant not in VARIANTS:
        problems.add(("game", "variant"), f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    else:
        overrides = game.get("conventions", {})
        if not isinstance(overrides, dict):
            problems.add(("game", "conventions"), "expected a table of conventions")
            overrides = {}
        try:
            conv = conventions_for(variant, overrides)
        except ScoringError as e:
            for part in str(e).split("; "):
                problems.add(("game", "conventions"), part)
    overrides = game.get("conventions", {}) if isinstance(game.get("conventions"), dict) else {}
    table_size = _typed(problems, game, ("game",), "table_size", "int", 4)
    if table_size not in (3, 4):
        problems.add(("game", "table_size"), f"expected 4 or 3, found {table_size}")
        table_size = 4
    per_set = _typed(problems, game, ("game",), "deals_per_set", "int", table_size)
    if not 2 <= per_set <= 12:
        problems.add(("game", "deals_per_set"), f"expected 2 to 12 deals per set, found {per_set}")
        per_set = table_size
    minutes = _typed(problems, game, ("game",), "minutes_per_deal", "int", 5)
    if not 1 <= minutes <= 60:
        problems.add(("game", "minutes_per_deal"), f"expected 1 to 60 minutes, found {minutes}")

    players = []
    seen = {}
    for i, p in enumerate(data.get("players", []) if isinstance(data.get("players"), list) else []):
        where = ("players", i)
        if not isinstance(p, dict):
            problems.add(where, "expected a table with number and name")
            continue
        number = _typed(problems, p, where, "number", "int", None, required=True)
        name = _typed(problems, p, where, "name", "str", "")
        if number is None:
            continue
        if number in seen:
            problems.add(where + ("number",), f"duplicate player number {number} (also players[{seen[number]}])")
            continue
        seen[number] = i
        players.append(Player(number, name))
    n = len(players)
    if "players" not in data:
        problems.add(("players",), "no [[players]] given")
    elif players and sorted(seen) != list(range(1, n + 1)):
        missing = sorted(set(range(1, n + 1)) - set(seen))
        problems.add(("players",), f"player numbers must be 1…{n}; missing {missing[:10]}")

    method = _typed(problems, mov, ("movement",), "method", "str", "auto")
    if method not in METHODS:
        problems.add(("movement", "method"), f"expected one of {', '.join(METHODS)}, found {method!r}")
        method = "auto"
    rounds = _typed(problems, mov, ("movement",), "rounds", "int", None)
    rooms = _typed(problems, mov, ("movement",), "rooms", "list_int", None)
    session = _typed(problems, mov, ("movement",), "session", "int", 1)
    if session not in (1, 2):
        problems.add(("movement", "session"), f"expected 1 or 2 (2: by lines), found {session}")
        session = 1

    seed = dl.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        problems.add(("deals", "seed"), f"expected a number or text, found {seed!r}")
        seed = 0
    prepared = {}
    for i, d in enumerate(dl.get("prepared", []) if isinstance(dl.get("prepared", []), list) else []):
        if not isinstance(d, dict) or not isinstance(d.get("number"), int):
            problems.add(("deals", "prepared", i), "expected a table with a deal number and the cards of N, E, S, W, talon")
            continue
        prepared[d["number"]] = d

    movement = None
    if n and not problems.items:
        try:
            movement = build_movement(n, table_size, None if session == 2 else rounds, method, rooms)
            if session == 2:
                movement = second_session(movement, rounds)
        except MovementError as e:
            key = ("movement",) if mov else ("players",)
            problems.add(key, str(e))
    deals = []
    if movement is not None:
        try:
            deals = make_deals(movement.sets, per_set, table_size, seed, prepared)
        except DealError as e:
            problems.add(("deals", "prepared"), str(e))
        too_far = [k for k in prepared if not 1 <= k <= movement.sets * per_set]
        if too_far:
            problems.add(("deals", "prepared"), f"deal numbers {too_far} do not exist "
                                                f"(the event has {movement.sets * per_set} deals)")
    if problems.items:
        raise SpecError(path, problems.items)
    return Event(title, str(date), venue, language, variant, conv, dict(overrides), table_size, per_set, minutes,
                 start, str(seed), tuple(sorted(players, key=lambda p: p.number)), movement, tuple(deals),
                 str(path), path.stem, publish_url=publish_url, bleed=bleed)
