"""Read an event spec (TOML) into a Competition of one or more sessions.

Every mistake is reported with its key and line, all at once, in the event's language.
Values that cannot be printed or stored (control characters, impossible times, infinities,
absurd sizes) are refused here (by `toml_file`), before anything is built or written.
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path

from prefprint.engine.deals import make_deals
from prefprint.engine.model import Competition, Event, Player
from prefprint.engine.rules import VARIANTS, conventions_for, variant_key
from prefprint.errors import PrefprintError, SpecError
from prefprint.io.club_site import read_club_site
from prefprint.io.remote import public_url, upload_keys
from prefprint.io.toml_file import (
    Problems,
    in_range,
    key_lines,
    language_in,
    toml_problem,
    typed,
    typed_date,
    typed_time,
    unknown_word,
    unprintable,
    unreadable,
    value_text,
)
from prefprint.movement import METHODS, build_movement, renumber, second_session
from prefprint.words import catalog
from prefprint.words.messages import Message, shown

_MOVEMENT_KEYS = {"method", "rounds", "rooms"}
_KNOWN = {
    "event": {"title", "date", "venue", "language", "start", "club"},
    "game": {"variant", "table_size", "deals_per_set", "minutes_per_deal", "conventions"},
    "movement": _MOVEMENT_KEYS | {"session"},
    "deals": {"seed", "prepared", "source"},
    "players": {"number", "name", "club", "id"},
    "sessions": _MOVEMENT_KEYS | {"title", "date", "start", "by_lines", "absent", "deals"},
    "publish": {
        "url",
        "analysis",
        "upload",
        "key",
        "cafile",
        "club",
    },  # url: the public address; upload: where `publish` sends it
    "serve": {"url"},  # the scoring server's address, for the entry QR codes of the table cards
    "print": {"bleed"},
    "scoring": {"factoring"},  # read by prefprint.engine.rulings
    "rulings": set(),  # [[rulings]]: read and checked by prefprint.engine.rulings
}
DEAL_SOURCES = ("generated", "table")
MAX_NUMBER = 9999
MAX_SESSIONS = 20


def parse_value(text: str):
    """A convention value typed on the command line: true/false, a whole or finite number, or text."""
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
        value = float(t)
    except ValueError:
        return t
    return value if math.isfinite(value) else t


class _SpecProblems(Problems):
    """The spec's problems, which also say whether the sessions' movements can be built."""

    def __init__(self, lines: dict[tuple, int]):
        super().__init__(lines)
        self.unbuilt = False  # a session's movement not built for the problems before it (nothing said of it yet)
        self.blocking = False  # a problem outside [event]: the movement and deals would be built of wrong keys

    def add(self, path: tuple, problem, /, **params):
        """A problem at a key (see `Problems.add`); one outside [event] blocks the movements."""
        self.blocking = self.blocking or not path or path[0] != "event"
        super().add(path, problem, **params)


# --------------------------------------------------------------------------- reading


def load_competition(path) -> Competition:
    """Read, check and expand an event spec of one or more sessions; SpecError lists every problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SpecError(path, [Message("spec.cannot_read", error=unreadable(e))]) from None
    return parse_competition(text, path)


def load_event(path, session: int = 1) -> Event:
    """One session of an event spec (the only one, for a one-session spec)."""
    return load_competition(path).session(session)


def parse_event(text: str, path: Path | str = "event.toml", session: int = 1) -> Event:
    """One session of the text of an event spec (see `load_competition`)."""
    return parse_competition(text, path).session(session)


def _language_of(data) -> str:
    ev = data.get("event") if isinstance(data, dict) else None
    lang = ev.get("language") if isinstance(ev, dict) else None
    return lang if lang in catalog.LANGS else catalog.DEFAULT


def parse_competition(text: str, path: Path | str = "event.toml") -> Competition:
    """Parse the text of an event spec (see `load_competition`)."""
    path = Path(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError(path, [toml_problem(e, text)], lang=language_in(text)) from None
    except RecursionError:
        raise SpecError(path, [Message("spec.too_deep")]) from None
    problems = _SpecProblems(key_lines(text))
    lang = _language_of(data)
    unprintable(problems, data)
    if problems.items:  # nothing else is worth reading in a file with unprintable values
        raise SpecError(path, problems.items, lang=lang)
    _sections(problems, data)
    common = _common(problems, data)
    common["club_site"] = read_club_site(problems, _section(data, "publish"), path, common["date"], lang)
    if common["club_site"] and common["club_site"].url and not common["publish_url"]:  # the results' own address
        common["publish_url"] = common["club_site"].url.rstrip("/") + f"/{common['club_site'].folder}/"
    players = _players(problems, data)
    sessions_data = _sessions_data(problems, data)
    # the sessions' keys are read even when the rest has mistakes (all problems at once); their
    # movements are built only when nothing outside [event] is wrong (_SpecProblems.blocking)
    sessions = _build_sessions(problems, data, common, players, sessions_data, path)
    if problems.items:  # the warnings too: a namesake is worth knowing whatever else is wrong
        unbuilt = [Message("spec.movement_unchecked")] if problems.unbuilt else []
        raise SpecError(path, problems.items, _namesakes(players) + unbuilt, lang=lang)
    return Competition(
        title=common["title"],
        date=common["date"],
        venue=common["venue"],
        language=common["language"],
        club=common["club"],
        source=str(path),
        stem=path.stem,
        players=tuple(players),
        sessions=tuple(sessions),
        warnings=tuple(_namesakes(players)),
    )


def _namesakes(players: list[Player]) -> list[Message]:
    """Two players of one name: allowed (namesakes play), said as a warning with both numbers."""
    by_name: dict[str, list[Player]] = {}
    for p in players:
        if p.name:
            by_name.setdefault(" ".join(p.name.casefold().split()), []).append(p)
    return [
        Message("spec.namesakes", name=shown(same[0].name), numbers=", ".join(str(p.number) for p in same))
        for same in by_name.values()
        if len(same) > 1
    ]


def _sections(problems, data):
    for key, value in data.items():
        if key not in _KNOWN:
            unknown_word(problems, (key,), "spec.unknown_section", key, _KNOWN)
        elif key == "rulings":
            continue  # [[rulings]]: read and checked by prefprint.engine.rulings
        elif key in ("players", "sessions"):
            if not isinstance(value, list):
                problems.add((key,), "spec.expected_array", name=key)
            else:
                for i, entry in enumerate(value):
                    if not isinstance(entry, dict):
                        problems.add(
                            (key, i), "spec.expected", what=Message("spec.kind_table"), found=value_text(entry)
                        )
                        continue
                    for sub in entry:
                        if sub not in _KNOWN[key]:
                            unknown_word(problems, (key, i, sub), "spec.unknown_key", sub, sorted(_KNOWN[key]))
        elif not isinstance(value, dict):
            problems.add((key,), "spec.expected", what=Message("spec.kind_table"), found=value_text(value))
        else:
            for sub in value:
                if sub not in _KNOWN[key]:
                    unknown_word(problems, (key, sub), "spec.unknown_key", sub, sorted(_KNOWN[key]))
    if "event" not in data:  # [game] may be left out: sochi at tables of 4, as documented
        problems.add(("event",), "spec.missing_section", name="event")


def _section(data, name) -> dict:
    value = data.get(name, {})
    return value if isinstance(value, dict) else {}


def _common(problems, data) -> dict:
    """The keys every session shares: event, game, print and publish."""
    ev, game = _section(data, "event"), _section(data, "game")
    out = {
        "title": typed(problems, ev, ("event",), "title", "str", "", required="event" in data),
        "date": typed_date(problems, ev, ("event",), "date", ""),
        "venue": typed(problems, ev, ("event",), "venue", "str", ""),
        "club": typed(problems, ev, ("event",), "club", "str", ""),
        "start": typed_time(problems, ev, ("event",), "start", "10:00"),
    }
    language = typed(problems, ev, ("event",), "language", "str", "ru")
    if language not in catalog.LANGS:
        problems.add(
            ("event", "language"),
            "spec.one_of",
            choices=", ".join(f'"{lang}"' for lang in catalog.LANGS),
            found=value_text(language),
        )
        language = "ru"
    out["language"] = language
    variant = typed(problems, game, ("game",), "variant", "str", "sochi")
    overrides = game.get("conventions", {})
    if not isinstance(overrides, dict):
        problems.add(
            ("game", "conventions"), "spec.expected", what=Message("spec.kind_table"), found=value_text(overrides)
        )
        overrides = {}
    out["variant"], out["overrides"], out["conventions"] = variant, dict(overrides), None
    if variant_key(variant) is None:
        unknown_word(
            problems, ("game", "variant"), "spec.unknown_variant", variant, VARIANTS, found=value_text(variant)
        )
    else:
        out["variant"] = variant_key(variant)
        try:
            out["conventions"] = conventions_for(out["variant"], overrides)
        except PrefprintError as e:
            problems.add(("game", "conventions"), e.message)
    table_size = typed(problems, game, ("game",), "table_size", "int", 4)
    if table_size not in (3, 4):
        problems.add(("game", "table_size"), "spec.one_of", choices="4, 3", found=value_text(table_size))
        table_size = 4
    out["table_size"] = table_size
    per_set = typed(problems, game, ("game",), "deals_per_set", "int", table_size)
    out["deals_per_set"] = per_set if in_range(problems, ("game", "deals_per_set"), per_set, 2, 12) else table_size
    minutes = typed(problems, game, ("game",), "minutes_per_deal", "int", 5)
    out["minutes"] = minutes if in_range(problems, ("game", "minutes_per_deal"), minutes, 1, 60) else 5
    pub, prn = _section(data, "publish"), _section(data, "print")
    out["publish_url"] = public_url(problems, pub)
    serve = _section(data, "serve")
    url = typed(problems, serve, ("serve",), "url", "str", "")
    if url and not re.fullmatch(r"https?://[^\s]+", url):
        problems.add(("serve", "url"), "spec.bad_url", found=value_text(url))
        url = ""
    out["serve_url"] = url
    out["upload"], out["upload_key"], out["upload_cafile"] = upload_keys(problems, pub)
    out["analysis"] = typed(problems, pub, ("publish",), "analysis", "bool", True)
    out["bleed"] = typed(problems, prn, ("print",), "bleed", "bool", False)
    return out


def _players(problems, data) -> list[Player]:
    """The players of the competition; an entry without a number gets the next free one."""
    entries = data.get("players")
    if entries is None:
        problems.add(("players",), "spec.no_players")
        return []
    if not isinstance(entries, list):
        return []
    if not entries:
        problems.add(("players",), "spec.no_players")
        return []
    given, unnumbered, seen = {}, [], {}
    for i, p in enumerate(entries):
        if not isinstance(p, dict):
            continue
        where = ("players", i)
        number = typed(problems, p, where, "number", "int", None)
        name = typed(problems, p, where, "name", "str", "")
        club = typed(problems, p, where, "club", "str", "")
        pid = typed(problems, p, where, "id", "str", "").strip()
        if "name" in p and isinstance(p["name"], str) and not p["name"].strip():
            problems.add(where + ("name",), "spec.name_blank")
        if number is None:
            if "number" not in p:
                unnumbered.append((i, name, club, pid))
            continue
        if not in_range(problems, where + ("number",), number, 1, MAX_NUMBER):
            continue
        if number in seen:
            first = given[number]
            problems.add(
                where + ("number",),
                "spec.duplicate_number",
                number=number,
                name=shown(first.name),
                other=seen[number] + 1,
            )
            continue
        seen[number] = i
        given[number] = Player(number, name.strip(), club.strip(), pid)
    next_free = max(given, default=0) + 1
    for _i, name, club, pid in unnumbered:
        given[next_free] = Player(next_free, name.strip(), club.strip(), pid)
        next_free += 1
    if len(given) > 1000:
        problems.add(("players",), "spec.too_many_players", n=len(given), limit=1000)
    return [given[n] for n in sorted(given)]


def _sessions_data(problems, data) -> list[dict]:
    """The [[sessions]] entries (or one session made of [movement] and [deals])."""
    mov = _section(data, "movement")
    sessions = data.get("sessions")
    if sessions is None:
        session = typed(problems, mov, ("movement",), "session", "int", 1)
        if session not in (1, 2):
            problems.add(("movement", "session"), "spec.one_of", choices="1, 2", found=value_text(session))
            session = 1
        # a one-session spec: [movement] and [deals] as they are; session = 2 plays by lines
        return [
            {
                "path": ("movement",),
                "entry": mov,
                "by_lines_alone": session == 2,
                "deals_path": ("deals",),
                "deals": _section(data, "deals"),
            }
        ]
    if not isinstance(sessions, list):
        return []
    if "session" in mov:
        problems.add(("movement", "session"), "spec.session_with_sessions")
    if not sessions:
        problems.add(("sessions",), "spec.no_sessions")
    if len(sessions) > MAX_SESSIONS:
        problems.add(("sessions",), "spec.too_many_sessions", n=len(sessions), limit=MAX_SESSIONS)
        return []
    if "prepared" in _section(data, "deals"):
        problems.add(("deals", "prepared"), "spec.prepared_per_session")
    out = []
    for i, entry in enumerate(sessions):
        if not isinstance(entry, dict):
            continue
        deals = entry.get("deals", {})
        if not isinstance(deals, dict):
            problems.add(
                ("sessions", i, "deals"), "spec.expected", what=Message("spec.kind_table"), found=value_text(deals)
            )
            deals = {}
        for sub in deals:
            if sub not in _KNOWN["deals"]:
                unknown_word(problems, ("sessions", i, "deals", sub), "spec.unknown_key", sub, sorted(_KNOWN["deals"]))
        out.append(
            {
                "path": ("sessions", i),
                "entry": {**{k: v for k, v in mov.items() if k != "session"}, **entry},
                "by_lines_alone": False,
                "deals_path": ("sessions", i, "deals"),
                "deals": deals,
            }
        )
    return out


def _session_keys(problems, sd: dict, k: int, common: dict, by_number: dict) -> dict:
    """The keys of one session, each checked: title, date, start, method, rounds, rooms, by lines, absent."""
    where, entry = sd["path"], sd["entry"]
    title = typed(problems, entry, where, "title", "str", "")
    date = typed_date(problems, entry, where, "date", common["date"]) or common["date"]
    start = typed_time(problems, entry, where, "start", common["start"]) if "start" in entry else common["start"]
    method = typed(problems, entry, where, "method", "str", "auto")
    if method not in METHODS:
        problems.add(where + ("method",), "spec.one_of", choices=", ".join(METHODS), found=value_text(method))
        method = "auto"
    rounds = typed(problems, entry, where, "rounds", "int", None)
    if not in_range(problems, where + ("rounds",), rounds, 1, 1000):
        rounds = None
    rooms = typed(problems, entry, where, "rooms", "list_int", None)
    by_lines = typed(problems, entry, where, "by_lines", "bool", False) or sd["by_lines_alone"]
    absent = typed(problems, entry, where, "absent", "list_int", []) or []
    unknown = sorted({a for a in absent if a not in by_number}) if by_number else []
    if unknown:
        problems.add(
            where + ("absent",), "spec.unknown_players", numbers=", ".join(map(str, unknown[:10])), n=len(unknown)
        )
    if len(set(absent)) != len(absent):
        problems.add(where + ("absent",), "spec.absent_twice")
    if by_lines:
        for key in ("method", "rooms"):
            if key in entry and not sd["by_lines_alone"]:
                problems.add(where + (key,), "spec.by_lines_conflict", key=key)
        if k == 1 and not sd["by_lines_alone"]:
            problems.add(where + ("by_lines",), "spec.by_lines_first")
    return {
        "title": title,
        "date": date,
        "start": start,
        "method": method,
        "rounds": rounds,
        "rooms": rooms,
        "by_lines": by_lines,
        "absent": absent,
    }


def _session_movement(problems, sd: dict, keys: dict, common: dict, present: list, first_movement):
    """The movement of one session of the players present, or None (its problem added)."""
    method, rounds, rooms, absent = keys["method"], keys["rounds"], keys["rooms"], keys["absent"]
    try:
        if sd["by_lines_alone"]:
            first = renumber(build_movement(len(present), common["table_size"], None, method, rooms), present)
            return second_session(first, rounds)
        if keys["by_lines"]:
            return second_session(first_movement, rounds, absent=tuple(absent), present=tuple(present))
        return renumber(build_movement(len(present), common["table_size"], rounds, method, rooms), present)
    except PrefprintError as e:
        problems.add(sd["path"] if sd["entry"] else ("players",), e.message)
        return None


def _session_deals(problems, sd: dict, common: dict, movement, deals_source: str, seed, prepared: dict):
    """The deals of one session's sets, or None (its problem added): a prepared deal must be one of them."""
    try:
        deals = make_deals(
            movement.sets,
            common["deals_per_set"],
            common["table_size"],
            seed,
            prepared,
            dealt_at_table=deals_source == "table",
        )
    except PrefprintError as e:
        problems.add(sd["deals_path"] + ("prepared",), e.message)
        return None
    too_far = sorted(n for n in prepared if not 1 <= n <= len(deals))
    if too_far:
        problems.add(
            sd["deals_path"] + ("prepared",),
            "spec.no_such_deals",
            numbers=", ".join(map(str, too_far[:10])),
            n=len(deals),
        )
        return None
    return deals


def _build_sessions(problems, data, common, players, sessions_data, path) -> list[Event]:
    """Each session as an Event: its keys checked, then its movement and deals, unless a mistake blocks them."""
    numbers = [p.number for p in players]
    by_number = {p.number: p for p in players}
    top_deals = _section(data, "deals")
    events: list[Event] = []
    first_movement = None
    for k, sd in enumerate(sessions_data, 1):
        keys = _session_keys(problems, sd, k, common, by_number)
        absent = keys["absent"]
        deals_source, seed, prepared = _deals_keys(problems, top_deals, sd, k)
        if problems.blocking:  # a mistake of [event] alone (a date, a title) does not keep the movement unchecked
            problems.unbuilt = True
            continue
        present = [n for n in numbers if n not in set(absent)]
        movement = _session_movement(problems, sd, keys, common, present, first_movement)
        if movement is None:
            continue
        if k == 1:
            first_movement = movement
        deals = _session_deals(problems, sd, common, movement, deals_source, seed, prepared)
        if deals is None:
            continue
        events.append(
            Event(
                title=common["title"],
                date=str(keys["date"]),
                venue=common["venue"],
                language=common["language"],
                variant=common["variant"],
                conventions=common["conventions"],
                overrides=common["overrides"],
                table_size=common["table_size"],
                deals_per_set=common["deals_per_set"],
                minutes_per_deal=common["minutes"],
                start=keys["start"],
                seed=str(seed),
                players=tuple(by_number[n] for n in present),
                movement=movement,
                deals=tuple(deals),
                source=str(path),
                stem=path.stem,
                publish_url=common["publish_url"],
                upload=common["upload"],
                upload_key=common["upload_key"],
                upload_cafile=common["upload_cafile"],
                serve_url=common["serve_url"],
                club_site=common["club_site"],
                bleed=common["bleed"],
                analysis=common["analysis"],
                session=k,
                session_count=len(sessions_data),
                session_title=keys["title"],
                deals_source=deals_source,
                absent=tuple(sorted(absent)),
            )
        )
    return events


def _deals_keys(problems, top: dict, sd: dict, k: int):
    """(source, seed, prepared deals by number) of one session."""
    own, where = sd["deals"], sd["deals_path"]
    source = own.get("source", top.get("source", "generated"))
    source_path = where + ("source",) if "source" in own else ("deals", "source")
    if source not in DEAL_SOURCES:
        problems.add(source_path, "spec.one_of", choices=", ".join(DEAL_SOURCES), found=value_text(source))
        source = "generated"
    if "seed" in own:
        seed, seed_path = own["seed"], where + ("seed",)
    else:
        seed, seed_path = top.get("seed", 0), ("deals", "seed")
        if k > 1 and isinstance(seed, (int, str)) and not isinstance(seed, bool):
            seed = f"{seed}/{k}"  # every session plays new deals
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        problems.add(seed_path, "spec.expected", what=Message("spec.kind_seed"), found=value_text(seed))
        seed = 0
    prepared = {}
    raw = own.get("prepared", top.get("prepared", []) if where == ("deals",) else [])
    if not isinstance(raw, list):
        problems.add(where + ("prepared",), "spec.expected_array", name="prepared")
        raw = []
    for i, d in enumerate(raw):
        if not isinstance(d, dict) or not isinstance(d.get("number"), int) or isinstance(d.get("number"), bool):
            problems.add(where + ("prepared", i), "spec.prepared_entry")
            continue
        if d["number"] in prepared:
            problems.add(where + ("prepared", i, "number"), "spec.prepared_twice", number=d["number"])
            continue
        prepared[d["number"]] = d
    if prepared and source == "table":
        problems.add(where + ("prepared",), "spec.prepared_with_table")
    return source, seed, prepared
