"""Director's rulings: adjusted scores for one seat, procedural and time penalties, factoring. Pure Python.

Rulings are `[[rulings]]` tables in the event spec or in a `rulings.toml` beside it; `[scoring]
factoring` in the spec chooses how deals with fewer results in a line count ("plain": the seed's
percentage of the maximum; "neuberg": results scaled to the full field). Every mistake is
reported with its file, line and key, all at once.
"""

from __future__ import annotations

import math
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from prefprint.errors import SpecError
from prefprint.words.messages import Message, shown

FACTORINGS = ("plain", "neuberg")
KINDS = ("adjusted", "penalty", "time")
_KEYS = {
    "adjusted": {"kind", "session", "deal", "round", "table", "seat", "player", "percent", "reason"},
    "penalty": {"kind", "session", "deal", "round", "table", "seat", "player", "mp", "percent", "reason"},
    "time": {"kind", "session", "round", "table", "seats", "deals", "mp", "percent", "reason"},
}
MAX_REASON = 300
MAX_MP = 1000


@dataclass(frozen=True)
class Ruling:
    """One ruling as written; `where` says its file and line for messages."""

    kind: str  # adjusted | penalty | time
    reason: str
    where: Message  # its file, line and key
    deal: int | None = None
    round: int | None = None
    table: int | None = None
    seat: str | None = None
    player: int | None = None
    percent: Fraction | None = None  # adjusted: of the top; penalty, time: of a top
    mp: Fraction | None = None  # penalty, time: matchpoints taken off
    seats: tuple = ()  # time: the seats at fault (all seats of the table if empty)
    deals: tuple = ()  # time: the deals not finished when the round ended


@dataclass(frozen=True)
class Rulings:
    """Every ruling of an event and the factoring of its deals."""

    items: tuple = ()
    factoring: str = "plain"


@dataclass
class Applied:
    """A ruling as it counted for one player: matchpoints given (adjusted) or taken off (penalty, time)."""

    ruling: Ruling
    player: int
    mp: Fraction = Fraction(0)  # added to the player's total (negative for a penalty)
    deal: int | None = None
    round: int | None = None
    table: int | None = None
    seat: str | None = None
    notes: list = field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.ruling.kind

    @property
    def reason(self) -> str:
        return self.ruling.reason

    @property
    def percent(self):
        return self.ruling.percent

    def note(self) -> Message:
        """What the ruling did, with its reason, for the published pages."""
        r = self.ruling
        if r.kind == "adjusted":
            return Message(
                "rulings.note_adjusted",
                deal=self.deal,
                seat=self.seat,
                player=self.player,
                percent=Fraction(r.percent),
                reason=r.reason,
            )
        return Message(
            "rulings.note_time" if r.kind == "time" else "rulings.note_penalty",
            player=self.player,
            mp=Fraction(-self.mp),
            round=self.round or "",
            table=self.table or "",
            reason=r.reason,
        )


def _key_lines(text: str, array: str) -> dict[tuple, int]:
    """Line of every `[[array]]` entry and of its keys: (index,) and (index, key) -> line (1-based)."""
    lines: dict[tuple, int] = {}
    index = -1
    inside = False
    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("["):
            inside = s.replace(" ", "") == f"[[{array}]]"
            if inside:
                index += 1
                lines[(index,)] = i
            continue
        m = re.match(r"""\s*("?)([A-Za-z0-9_\-]+)\1\s*=""", line)
        if inside and m:
            lines.setdefault((index, m.group(2)), i)
    return lines


def scope_of(event) -> Message:
    """Where a player is looked for: "в турнире", or "в сессии 2" in a competition of several sessions."""
    return Message("results.in_event") if event.session_count == 1 else Message("results.in_session", n=event.session)


class _Reader:
    """Checks the rulings of one file, collecting every problem with its line and key."""

    def __init__(self, path: Path, text: str, event):
        self.path = path
        self.lines = _key_lines(text, "rulings")
        self.event = event
        self.problems = []

    def where(self, i: int, key: str | None = None) -> Message:
        line = self.lines.get((i, key)) or self.lines.get((i,))
        name = f"rulings[{i + 1}]" + (f".{key}" if key else "")  # counted from 1, as a director counts
        if line:
            return Message("rulings.where_line", path=self.path.name, line=line, key=name)
        return Message("rulings.where", path=self.path.name, key=name)

    def add(self, i, at, code, **params):
        self.problems.append(Message(code, where=self.where(i, at), **params))

    def whole(self, entry, i, key, low, high, required=False):
        """A whole number low…high, or None."""
        if key not in entry:
            if required:
                self.add(i, key, "rulings.missing", key=key)
            return None
        v = entry[key]
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            self.add(i, key, "rulings.range", key=key, low=low, high=high, value=shown(v))
            return None
        return v

    def amount(self, entry, i, key, high, strict=True):
        """A finite number 0 (or above 0 if strict)…high, as a Fraction, or None."""
        if key not in entry:
            return None
        v = entry[key]
        ok = (
            isinstance(v, (int, float))
            and not isinstance(v, bool)
            and math.isfinite(v)
            and (0 < v if strict else 0 <= v)
            and v <= high
        )
        if not ok:
            self.add(i, key, "rulings.amount", key=key, high=high, value=shown(v))
            return None
        return Fraction(str(v)) if isinstance(v, float) else Fraction(v)

    def seat(self, entry, i, key, value):
        seats = self.event.seats
        if not isinstance(value, str) or value.strip().upper() not in seats:
            self.add(i, key, "rulings.seat", value=shown(value), seats=", ".join(seats))
            return None
        return value.strip().upper()

    def reason(self, entry, i):
        v = entry.get("reason")
        if not isinstance(v, str) or not v.strip():
            self.add(i, "reason", "rulings.reason_missing")
            return ""
        if len(v) > MAX_REASON or any(unicodedata.category(c) == "Cc" for c in v):
            self.add(i, "reason", "rulings.reason_bad", limit=MAX_REASON, value=shown(v))
            return ""
        return " ".join(v.split())

    def ruling(self, entry, i) -> Ruling | None:
        if not isinstance(entry, dict):
            self.add(i, None, "rulings.not_table")
            return None
        kind = entry.get("kind")
        if kind not in KINDS:
            self.add(i, "kind", "rulings.kind", value=shown(kind), kinds=", ".join(KINDS))
            return None
        for key in entry:
            if key not in _KEYS[kind]:
                self.add(i, key, "rulings.unknown_key", key=shown(key), kind=kind, keys=", ".join(sorted(_KEYS[kind])))
        ev = self.event
        before = len(self.problems)
        # in a competition of several sessions every ruling names its session; others are read with theirs
        session = self.whole(entry, i, "session", 1, ev.session_count, required=ev.session_count > 1)
        if session is None and ev.session_count > 1 or session not in (None, ev.session):
            return None
        tables = max((t.table for r in ev.movement.rounds for t in r.tables), default=1)
        deal = self.whole(entry, i, "deal", 1, len(ev.deals), required=kind == "adjusted")
        rnd = self.whole(entry, i, "round", 1, len(ev.movement.rounds), required=kind == "time")
        table = self.whole(entry, i, "table", 1, tables, required=kind == "time")
        player = self.whole(entry, i, "player", 1, max(ev.names, default=1))
        if player is not None and player not in ev.names:
            self.add(i, "player", "rulings.no_player", player=player, scope=scope_of(ev))
            player = None
        seat = self.seat(entry, i, "seat", entry["seat"]) if "seat" in entry else None
        reason = self.reason(entry, i)
        percent = self.amount(entry, i, "percent", 100, strict=kind != "adjusted")
        mp = self.amount(entry, i, "mp", MAX_MP)
        seats, deals = (), ()
        if kind == "time":
            raw = entry.get("seats", [])
            if not isinstance(raw, list):
                self.add(i, "seats", "rulings.seats")
            else:
                seats = tuple(s for s in (self.seat(entry, i, "seats", x) for x in raw) if s)
            raw = entry.get("deals", [])
            if not isinstance(raw, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= len(ev.deals) for d in raw
            ):
                self.add(i, "deals", "rulings.deals", n=len(ev.deals), value=shown(raw))
            else:
                deals = tuple(raw)
        if kind == "adjusted":
            if "percent" not in entry:
                self.add(i, "percent", "rulings.missing", key="percent")
            if player is None and (seat is None or rnd is None or table is None) and len(self.problems) == before:
                self.add(i, None, "rulings.which_seat")
        else:
            if ("mp" in entry) == ("percent" in entry):
                self.add(i, None, "rulings.mp_or_percent")
            if (
                kind == "penalty"
                and player is None
                and (seat is None or rnd is None or table is None or deal is None)
                and len(self.problems) == before
            ):
                self.add(i, None, "rulings.which_player")
        if len(self.problems) > before:
            return None
        return Ruling(kind, reason, self.where(i), deal, rnd, table, seat, player, percent, mp, seats, deals)


def parse_rulings(text: str, path, event, data: dict | None = None) -> tuple[list[Ruling], list[Message]]:
    """The `[[rulings]]` of a TOML text and the problems found (each with file, line and key)."""
    path = Path(path)
    if data is None:
        try:
            data = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as e:
            return [], [Message("rulings.toml", path=path.name, detail=shown(e, 120))]
    reader = _Reader(path, text, event)
    entries = data.get("rulings", [])
    if not isinstance(entries, list):
        return [], [Message("rulings.not_list", path=path.name)]
    rulings = [r for r in (reader.ruling(e, i) for i, e in enumerate(entries)) if r]
    return rulings, reader.problems


def load_rulings(spec_path, event, extra_path=None) -> Rulings:
    """The rulings of an event: `[[rulings]]` and `[scoring]` of its spec, and `rulings.toml` beside it
    (or the file given). SpecError lists every mistake."""
    spec_path = Path(spec_path)
    problems, items = [], []
    factoring = "plain"
    try:
        text = spec_path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        text, data = "", {}  # the spec reader has said what is wrong with the spec itself
    found, bad = parse_rulings(text, spec_path, event, data)
    items += found
    problems += bad
    scoring = data.get("scoring", {})
    if isinstance(scoring, dict) and "factoring" in scoring:
        factoring = scoring["factoring"]
        if factoring not in FACTORINGS:
            problems.append(
                Message("rulings.factoring", path=spec_path.name, value=shown(factoring), known=", ".join(FACTORINGS))
            )
            factoring = "plain"
    beside = Path(extra_path) if extra_path else spec_path.parent / "rulings.toml"
    if extra_path or beside.is_file():
        try:
            extra = beside.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise SpecError(beside, [Message("rulings.unreadable", detail=shown(e, 120))]) from None
        found, bad = parse_rulings(extra, beside, event)
        items += found
        if bad and not problems:
            spec_path = beside  # the file the problems are in
        problems += bad
    if problems:
        raise SpecError(spec_path, problems)
    return Rulings(tuple(items), factoring)


def penalty_top(event, deal: int | None) -> int:
    """The top a penalty's percentage is taken of: the full top of the deal named (2·(tables − 1)),
    or the largest of the event."""
    deals = [event.deal(deal)] if deal else event.deals
    return max((2 * (len(event.rows_of(d)) - 1) for d in deals), default=0)
