"""A club's evenings as the director's desk makes them: the event spec written from a form, the movement
previewed, the kit printed, and each evening's state read from what its folder holds.

An evening's id is its date and its title in Latin letters (`2026-12-05-klubnyi-vecher`), made of
[a-z0-9-] only: whatever the title, its spec is `evenings/<id>.toml` and its folder `output/<id>/` inside
the club's folder. The spec is the one a person writes by hand (docs/spec.md), read by the same reader.
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path

from prefprint.app.club_files import (
    CLUB_FILE,
    EVENINGS,
    OUTPUT,
    TITLE_LIMIT,
    ClubFolder,
    FormError,
    NotFound,
    Problems,
    text_field,
    toml_string,
)
from prefprint.engine.names import transliterated
from prefprint.engine.rules import VARIANTS, variant_key
from prefprint.errors import MovementError
from prefprint.io.club import load_club, load_registry
from prefprint.io.layout import DB_FILE, KIT_WORKBOOK, PRINTED_SPEC, RESULTS, RESULTS_JSON, session_folder
from prefprint.io.outdir import write_atomic
from prefprint.io.toml_file import unreadable
from prefprint.words import catalog
from prefprint.words.messages import Message, shown

ID = re.compile(r"\d{4}-\d{2}-\d{2}-[a-z0-9]+(-[a-z0-9]+)*")
SLUG_LIMIT = 40
DEFAULT_START = "18:30"
STATES = ("planned", "kit", "playing", "published")
# the spec's bounds (docs/spec.md): deals in a set, minutes a deal, rounds to play
DEALS_PER_SET, MINUTES_PER_DEAL, ROUNDS = (2, 12), (1, 60), (1, 1000)
DEFAULT_MINUTES = 5
_TIME = re.compile(r"(\d{1,2})[:.](\d{2})")


def spec_path(desk: ClubFolder, evening: str) -> Path:
    """The spec of an evening by its id; NotFound for an id that is not one or an evening not there."""
    if not isinstance(evening, str) or not ID.fullmatch(evening) or len(evening) > 11 + SLUG_LIMIT:
        raise NotFound(Message("desk.evening_unknown", id=shown(str(evening))))
    path = desk.folder / EVENINGS / f"{evening}.toml"
    if not path.is_file():
        raise NotFound(Message("desk.evening_unknown", id=shown(evening)))
    return path


def output_folder(desk: ClubFolder, evening: str) -> Path:
    return desk.folder / OUTPUT / evening


def kit_workbooks(desk: ClubFolder, evening: str, competition) -> list[Path]:
    """The kit's protocols.xlsx of every session of the evening (output/<id>/, or its session-N/ each)."""
    folder = output_folder(desk, evening)
    return [session_folder(competition, event, folder) / KIT_WORKBOOK for event in competition.sessions]


def state_of(folder: Path) -> str:
    """planned (a spec only), kit (printed), playing (served: its database), published (its results)."""
    if (folder / RESULTS / RESULTS_JSON).is_file():
        return "published"
    if (folder / DB_FILE).is_file():
        return "playing"
    if (folder / "index.html").is_file():
        return "kit"
    return "planned"


def kit_pdfs(folder: Path) -> list[str]:
    """The kit's PDFs in the order they are printed, the one of everything first."""
    from prefprint.app.kit import PRINT_ALL, PRINT_ORDER

    order = {name: i for i, name in enumerate((PRINT_ALL, *PRINT_ORDER))}
    return sorted((p.name for p in folder.glob("*.pdf")), key=lambda n: (order.get(n[:-4], len(order)), n))


def evenings_view(desk: ClubFolder) -> list[dict]:
    """Every evening of evenings/, newest first, with its state and the kit's files where printed."""
    out = []
    for path in sorted((desk.folder / EVENINGS).glob("*.toml"), reverse=True):
        if not ID.fullmatch(path.stem):
            continue
        try:
            event = tomllib.loads(path.read_text(encoding="utf-8")).get("event", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            event = {}
        folder = output_folder(desk, path.stem)
        state = state_of(folder)
        pdfs = kit_pdfs(folder) if state != "planned" else []
        out.append(
            {
                "id": path.stem,
                "title": str(event.get("title", path.stem)),
                "date": str(event.get("date", "")),
                "state": state,
                "spec": f"{EVENINGS}/{path.name}",
                "pdfs": pdfs,
            }
        )
    return out


def club_view(desk: ClubFolder) -> dict:
    """What the desk shows of the club: its title, language, players and evenings (each with its state)."""
    if not desk.club_file.is_file():
        return {"exists": False, "title": "", "language": catalog.DEFAULT, "players": [], "evenings": []}
    club = load_club(desk.club_file)
    players = load_registry(club.registry, club.language)
    desk.seen.look(club.path)
    desk.seen.look(club.registry)
    return {
        "exists": True,
        "title": club.title,
        "language": club.language,
        "players": [{"id": p.id, "name": p.name, "aliases": list(p.aliases)} for p in players],
        "evenings": evenings_view(desk),
    }


def movement_view(
    players: int, table_size: int, lang: str, rounds: int | None = None, per_set: int | None = None, timing=None
) -> dict:
    """The movement prefprint chooses for a field (`rounds` None: the engine's choice), as `movement_summary` has
    it; FormError at `rounds` for a round count the field cannot play, else at `players`, where none is built."""
    from prefprint.movement import build_movement

    try:
        movement = build_movement(players, table_size, rounds)
    except MovementError as e:
        where = "rounds" if rounds is not None and e.message.code.startswith("movement.rounds") else "players"
        raise FormError([(where, e.message)]) from None
    return movement_summary(movement, per_set or table_size, lang, timing)


def _span(low: int, high: int) -> str:
    """ "28" where every player has as many, "26–28" where they differ."""
    return str(high) if low == high else f"{low}–{high}"


def movement_summary(movement, per_set: int, lang: str, timing: tuple[str, int] | None = None) -> dict:
    """A movement as `prefprint movement --json` has it, the rounds counted rather than listed, who rests in each,
    its figures in words (`text`, `fairness`) and the warnings `prefprint movement` prints with it; `timing`
    (start, minutes a deal) adds the time plan (`timing`) and its own warning."""
    from prefprint.movement import to_dict

    data = to_dict(movement)
    rounds = data.pop("rounds")
    data.pop("notes", None)
    data["rounds"] = len(rounds)
    data["resting"] = [r["resting"] for r in rounds]
    data["deals"] = movement.sets * per_set
    data["deals_per_set"] = per_set
    st, pairs = data["stats"], data["stats"]["pairs"]
    data["text"] = Message("desk.movement", tables=movement.tables, rounds=len(rounds), deals=data["deals"]).text(lang)
    data["fairness"] = Message(
        "desk.fairness",
        never=pairs["never"],
        once=pairs["once"],
        more=pairs["more"],
        plays=_span(st["sets_per_player"]["min"] * per_set, st["sets_per_player"]["max"] * per_set),
        smax=st["sets_per_player"]["max"] * per_set,
        rests=_span(st["rests_per_player"]["min"], st["rests_per_player"]["max"]),
        rmax=st["rests_per_player"]["max"],
    ).text(lang)
    weak = movement.quality.weaknesses()
    data["warnings"] = [
        Message("movement.text_warning", text=Message(code, **params)).text(lang) for code, params in weak
    ]
    if timing is not None:
        said, late = _time_plan(len(rounds), per_set * timing[1], timing[0])
        data["timing"] = said.text(lang)
        data["warnings"] += [m.text(lang) for m in late]
    return data


def _time_plan(rounds: int, minutes: int, start: str) -> tuple[Message, list[Message]]:
    """The time plan in words and its warning, as the director's sheet has them (5 minutes between rounds)."""
    h, m = (int(x) for x in start.split(":"))
    played = rounds * minutes + 5 * (rounds - 1)
    end = h * 60 + m + played
    params = {"rounds": rounds, "end": f"{end // 60 % 24:02d}:{end % 60:02d}", "hours": played // 60}
    params["minutes"] = played % 60
    said = Message("desk.timing", minutes=minutes, start=start, end=params["end"])
    if end > 24 * 60:
        return said, [Message("movement.mq_plan_late", **params)]
    if played > 6 * 60:
        return said, [Message("movement.mq_plan_long", **params)]
    return said, []


def preview(form: dict, lang: str) -> dict:
    """The movement of a field being picked: {"players": n, "table_size": 4, "rounds", "deals_per_set",
    "minutes_per_deal", "start"} (all but `players` optional)."""
    problems = Problems()
    size = _table_size(problems, form)
    n = form.get("players")
    if isinstance(n, list):
        n = len(n)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10_000:
        problems.add("players", "desk.players_kind")
    rounds = whole(problems, form, "rounds", ROUNDS, None)
    per_set = whole(problems, form, "deals_per_set", DEALS_PER_SET, None)
    minutes = whole(problems, form, "minutes_per_deal", MINUTES_PER_DEAL, DEFAULT_MINUTES)
    start = _start(problems, form)
    problems.raise_any()
    return movement_view(n, size, lang, rounds, per_set, (start, minutes))


def whole(problems: Problems, form: dict, key: str, bounds: tuple[int, int], default):
    """A whole number of the form within `bounds` (a text of digits too); blank or absent: `default`."""
    value = form.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return default
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= 6:
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and bounds[0] <= value <= bounds[1]:
        return value
    problems.add(key, "desk.whole", low=bounds[0], high=bounds[1], found=shown(str(value)[:40]))
    return default


def _table_size(problems: Problems, form: dict) -> int:
    size = form.get("table_size", 4)
    if isinstance(size, str) and size.strip() in ("3", "4"):
        size = int(size)
    if size not in (3, 4) or isinstance(size, bool):
        problems.add("table_size", "desk.table_size", found=shown(str(size)))
        return 4
    return size


def _date(problems: Problems, form: dict) -> dt.date | None:
    value = form.get("date")
    try:
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
            return dt.date.fromisoformat(value.strip())
    except ValueError:
        pass
    if value in (None, ""):
        problems.add("date", "desk.required")
    else:
        problems.add("date", "desk.date", found=shown(str(value)))
    return None


def _blank(value) -> bool:
    """A form's field left empty: absent, null or a blank text (a list or a number is not blank but wrong)."""
    return value is None or (isinstance(value, str) and not value.strip())


def _start(problems: Problems, form: dict) -> str | None:
    value = DEFAULT_START if _blank(form.get("start")) else form.get("start")
    m = _TIME.fullmatch(value.strip()) if isinstance(value, str) else None
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        problems.add("start", "desk.start", found=shown(str(value)))
        return None
    return f"{int(m.group(1)):02d}:{m.group(2)}"


def _variant(problems: Problems, form: dict) -> str | None:
    value = "sochi" if _blank(form.get("variant")) else form.get("variant")
    key = variant_key(value) if isinstance(value, str) and len(value) <= 40 else None
    if not key:
        problems.add("variant", "desk.variant", found=shown(str(value)), variants=", ".join(VARIANTS))
    return key


def _players(problems: Problems, form: dict, registry) -> list:
    ids = form.get("players")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        problems.add("players", "desk.players_kind")
        return []
    by_id = {p.id: p for p in registry}
    chosen, seen = [], set()
    for i, pid in enumerate(ids):
        if pid not in by_id:
            problems.add(f"players.{i}", "desk.player_unknown", id=shown(pid))
        elif pid in seen:
            problems.add(f"players.{i}", "desk.player_twice", name=shown(by_id[pid].name))
        else:
            seen.add(pid)
            chosen.append(by_id[pid])
    return chosen


def new_id(desk: ClubFolder, date: dt.date, title: str) -> str:
    """`<date>-<title in Latin letters>`, [a-z0-9-] only, unique among the club's evenings."""
    slug = "-".join(re.sub(r"[^a-z0-9]+", " ", transliterated(title)).split())[:SLUG_LIMIT].strip("-") or "evening"
    base = f"{date.isoformat()}-{slug}"
    candidate, n = base, 2
    while (desk.folder / EVENINGS / f"{candidate}.toml").exists() or output_folder(desk, candidate).exists():
        candidate, n = f"{base}-{n}", n + 1
    return candidate


@dataclass(frozen=True)
class Evening:
    """An evening's keys as the desk's form gives them; None and "" where the spec's default is taken."""

    title: str
    date: dt.date
    start: str = DEFAULT_START
    variant: str = "sochi"
    table_size: int = 4
    venue: str = ""
    deals_per_set: int | None = None  # the table size
    minutes_per_deal: int = DEFAULT_MINUTES
    rounds: int | None = None  # what the engine chooses (the full circle)


def create_evening(desk: ClubFolder, form: dict) -> dict:
    """Write the spec of a new evening from the form: {"id", "spec", "movement"}; FormError with every problem."""
    lang = desk.language()
    problems = Problems()
    if not desk.club_file.is_file():
        problems.add("title", "desk.club_missing")
        problems.raise_any()
    club = load_club(desk.club_file)
    registry = load_registry(club.registry, club.language)
    title = text_field(problems, form, "title", TITLE_LIMIT)
    date = _date(problems, form)
    start = _start(problems, form)
    variant = _variant(problems, form)
    size = _table_size(problems, form)
    venue = text_field(problems, form, "venue", TITLE_LIMIT, required=False)
    per_set = whole(problems, form, "deals_per_set", DEALS_PER_SET, None)
    minutes = whole(problems, form, "minutes_per_deal", MINUTES_PER_DEAL, DEFAULT_MINUTES)
    rounds = whole(problems, form, "rounds", ROUNDS, None)
    players = _players(problems, form, registry)
    movement = None
    if not any(f == "players" or f.startswith("players.") for f, _ in problems.items):
        try:
            movement = movement_view(len(players), size, lang, rounds, per_set, (start or DEFAULT_START, minutes))
        except FormError as e:
            problems.items += e.problems
    problems.raise_any()
    evening = Evening(title, date, start, variant, size, venue or "", per_set, minutes, rounds)
    with desk.seen.lock:
        evening_id = new_id(desk, date, title)
        path = desk.folder / EVENINGS / f"{evening_id}.toml"
        write_atomic(path, spec_text(club.title, club.language, evening, players))
    return {"id": evening_id, "spec": f"{EVENINGS}/{path.name}", "movement": movement}


def spec_text(club: str, lang: str, evening: Evening, players) -> str:
    """The event spec as a person writes it (docs/spec.md): the seed drawn at random, each player with his id; a
    key the form left at the spec's default is left out."""
    e = evening
    lines = [
        "# An evening of the club, written by prefprint desk (docs/desk.md); it may be edited by hand (docs/spec.md).",
        "",
        "[event]",
        f"title = {toml_string(e.title)}",
        f"date = {e.date.isoformat()}",
        f"club = {toml_string(club)}",
        *([f"venue = {toml_string(e.venue)}"] if e.venue else []),
        f"language = {toml_string(lang)}",
        f"start = {toml_string(e.start)}",
        "",
        "[game]",
        f"variant = {toml_string(e.variant)}",
        f"table_size = {e.table_size}",
        *([f"deals_per_set = {e.deals_per_set}"] if e.deals_per_set not in (None, e.table_size) else []),
        *([f"minutes_per_deal = {e.minutes_per_deal}"] if e.minutes_per_deal != DEFAULT_MINUTES else []),
        *(["", "[movement]", f"rounds = {e.rounds}"] if e.rounds is not None else []),
        "",
        "[deals]",
        f"seed = {secrets.randbelow(10**9)}",
        "",
        "[publish]",
        f'club = "../{CLUB_FILE}"  # the results go into the club\'s site, evenings/<id>/ (docs/season.md)',
    ]
    for number, p in enumerate(players, 1):
        lines += [
            "",
            "[[players]]",
            f"number = {number}",
            f"name = {toml_string(p.name)}",
            f"id = {toml_string(p.id)}",
        ]
    return "\n".join(lines) + "\n"


def print_kit(desk: ClubFolder, evening: str, progress=None) -> list[Path]:
    """The evening's kit into output/<id>/, as `prefprint kit evenings/<id>.toml -o output/<id>` prints it; the spec
    it was printed from is kept beside it (PRINTED_SPEC), for check-in to say what differs from the paper."""
    from prefprint.app.kit import analysis_wanted, write_competition_kit
    from prefprint.io.spec import parse_competition

    path = spec_path(desk, evening)
    text = read_spec(path)
    competition = parse_competition(text, path)
    folder = output_folder(desk, evening)
    written = write_competition_kit(competition, folder, progress=progress, analysis=analysis_wanted(competition))
    write_atomic(folder / PRINTED_SPEC, text)
    return written


def read_spec(path: Path) -> str:
    """The text of a spec (SpecError where it cannot be read, as the reader says it)."""
    from prefprint.errors import SpecError

    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SpecError(path, [Message("spec.cannot_read", error=unreadable(e))]) from None
