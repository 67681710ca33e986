"""Check-in on the night: an evening's players as its spec lists them, each ticked came or not, walk-ins added
from the club's registry; the spec rewritten through prefprint.io.toml_saving (a hand-written spec keeps its
comments), the movement recomputed and, where the kit is already printed, what now differs from the paper.

A player keeps his number: a no-show's entry is removed, a walk-in takes the first number freed (so that one
walk-in for one no-show changes nobody's seat), then the numbers after the last. A player is named in the API by
his registry id, or `#<number>` where the spec gives him none. Players change only before the evening is served:
once its scoring database is there, the table codes and the rows are bound to the movement (`Serving`).
"""

from __future__ import annotations

from collections import Counter

import tomlkit

from prefprint.app.club_files import ClubFolder, FormError, Problems
from prefprint.app.evenings import movement_summary, output_folder, spec_path, state_of
from prefprint.engine.model import Event
from prefprint.errors import PrefprintError, SpecError
from prefprint.io.club import load_club, load_registry
from prefprint.io.layout import PRINTED_SPEC
from prefprint.io.spec import parse_competition
from prefprint.io.toml_file import unreadable
from prefprint.io.toml_saving import StaleFile, fingerprint_of
from prefprint.words.messages import Message, shown

MAX_PLAYERS = 1000  # as a spec's players
NAMES_SAID = 30  # names listed in a change before «and N more»


class Serving(PrefprintError):
    """A change of players refused: the evening is being played (its database is there) or published."""


def _read(desk: ClubFolder, evening: str) -> tuple[bytes, Event]:
    """The spec's bytes and its one session (a competition of several sessions is not checked in here)."""
    path = spec_path(desk, evening)
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SpecError(path, [Message("spec.cannot_read", error=unreadable(e))]) from None
    competition = parse_competition(text, path)
    if len(competition.sessions) != 1:
        raise PrefprintError(Message("desk.checkin_sessions", path=str(path)))
    return data, competition.session(1)


def keys_of(players) -> dict[int, str]:
    """Each player's name in the API by number: his registry id, or `#<number>` (no id, or an id given twice)."""
    ids = Counter(p.id for p in players if p.id)
    return {p.number: p.id if p.id and ids[p.id] == 1 else f"#{p.number}" for p in players}


def _movement(event: Event, lang: str) -> dict:
    return movement_summary(event.movement, event.deals_per_set, lang, (event.start, event.minutes_per_deal))


def players_view(desk: ClubFolder, evening: str) -> dict:
    """The evening as check-in shows it: its players, its movement, whether its kit is printed (`kit`), its
    state, `seen` (the spec as read) and, where a kit is printed, what differs from it (`changes`)."""
    lang = desk.language()
    data, event = _read(desk, evening)
    keys = keys_of(event.players)
    state = state_of(output_folder(desk, evening))
    return {
        "players": [{"id": keys[p.number], "name": p.name, "number": p.number} for p in event.players],
        "movement": _movement(event, lang),
        "kit": state != "planned",
        "state": state,
        "seen": fingerprint_of(data),
        "changes": _against_kit(desk, evening, event, lang) if state == "kit" else None,
    }


def set_players(desk: ClubFolder, evening: str, form: dict) -> dict:
    """Rewrite the evening's players as checked in: {"players": [ids], "seen": token}. Answers as `players_view`.
    FormError for unknown or doubled players and a field no movement fits; StaleFile for a spec changed since
    `seen`; Serving once the evening is played."""
    lang = desk.language()
    problems = Problems()
    ids, seen = form.get("players"), form.get("seen")
    if not isinstance(seen, str) or len(seen) > 100:
        problems.add("seen", "desk.seen_missing")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        problems.add("players", "desk.players_kind")
        ids = []
    elif len(ids) > MAX_PLAYERS:
        problems.add("players", "desk.players_many", n=len(ids), limit=MAX_PLAYERS)
        ids = []
    problems.raise_any()
    with desk.seen.lock:
        state = state_of(output_folder(desk, evening))
        path = spec_path(desk, evening)
        if state in ("playing", "published"):
            raise Serving(Message("desk.checkin_serving", state=Message(f"desk.ui_state_{state}")))
        data, event = _read(desk, evening)
        if fingerprint_of(data) != seen:  # edited by hand (or by another page) since this page read it
            raise StaleFile(Message("desk.stale", path=str(path)))
        desk.seen.look(path)  # the save below checks the file against this
        registry = {p.id: p for p in load_registry(load_club(desk.club_file).registry, lang)}
        chosen = _chosen(problems, ids, event, registry)
        problems.raise_any()
        doc = tomlkit.parse(data.decode("utf-8"))
        _rewrite(doc, event, chosen, registry)
        try:
            after = parse_competition(tomlkit.dumps(doc), path)
        except SpecError as e:  # the field no movement (or the spec's rounds) fits: said at the players
            raise FormError([("players", p) for p in e.problems]) from None
        desk.seen.save(path, doc)
    view = players_view(desk, evening)
    if state != "kit":
        view["changes"] = None
    elif view["changes"] is None:  # printed elsewhere (no copy of what was printed): against the spec before
        view["changes"] = changes(event, after.session(1), lang)
    return view


def _chosen(problems: Problems, ids: list, event: Event, registry: dict) -> list[str]:
    """The ids given, each once, each a player of the evening or of the registry."""
    here = set(keys_of(event.players).values())
    chosen, taken = [], set()
    for i, pid in enumerate(ids):
        if pid not in here and pid not in registry:
            problems.add(f"players.{i}", "desk.player_unknown", id=shown(pid, 100))
        elif pid in taken:
            name = registry[pid].name if pid in registry else pid
            problems.add(f"players.{i}", "desk.player_twice", name=shown(name))
        else:
            taken.add(pid)
            chosen.append(pid)
    return chosen


def _rewrite(doc, event: Event, chosen: list[str], registry: dict) -> None:
    """The spec's [[players]] as checked in: no-shows' entries removed, the others kept as written (a number
    written where the reader gave one), walk-ins appended on the numbers freed first."""
    keys = keys_of(event.players)
    numbers = _entry_numbers(doc.get("players") or [])
    entries = doc.get("players")
    if entries is None:
        entries = tomlkit.aot()
        doc.append("players", entries)
    wanted = set(chosen)
    freed = []
    for i in reversed(range(len(entries))):
        number = numbers[i]
        if keys[number] in wanted:
            if "number" not in entries[i]:
                entries[i]["number"] = number
        else:
            freed.append(number)
            del entries[i]
    present = {keys[n] for n in numbers if keys[n] in wanted}
    free = sorted(freed) + list(range(max(numbers, default=0) + 1, max(numbers, default=0) + 1 + len(chosen)))
    for pid in (p for p in chosen if p not in present):
        entry = tomlkit.table()
        entry["number"] = free.pop(0)
        entry["name"] = registry[pid].name
        entry["id"] = pid
        entry.trivia.indent = "\n"  # a blank line before each entry, as a person writes them
        entries.append(entry)


def _entry_numbers(entries) -> list[int]:
    """The number the spec's reader gives each [[players]] entry: its own, or the next free after the last given."""
    given = [e.get("number") for e in entries]
    following = max((n for n in given if isinstance(n, int)), default=0) + 1
    out = []
    for n in given:
        if n is None:
            n, following = following, following + 1
        out.append(int(n))
    return out


# --------------------------------------------------------------------------- what differs from the paper


def _against_kit(desk: ClubFolder, evening: str, event: Event, lang: str) -> dict | None:
    """What differs from the kit the desk printed (its copy of the spec), None where there is no copy."""
    printed = output_folder(desk, evening) / PRINTED_SPEC
    try:
        # read as if where the spec is: its relative paths ([publish] club) are the spec's
        competition = parse_competition(printed.read_text(encoding="utf-8"), spec_path(desk, evening))
    except (OSError, UnicodeDecodeError, PrefprintError):
        return None
    return changes(competition.session(1), event, lang)


def _ident(p) -> str:
    return p.id or f"name:{' '.join(p.name.casefold().split())}"


def places(event: Event) -> dict[str, tuple]:
    """Each player's (table, seat) round by round, None in a round he rests, by his id (else his name)."""
    who = {p.number: _ident(p) for p in event.players}
    out = {ident: [None] * len(event.movement.rounds) for ident in who.values()}
    for i, rnd in enumerate(event.movement.rounds):
        for t in rnd.tables:
            for seat, number in t.seats:
                out[who[number]][i] = (t.table, seat)
    return {ident: tuple(p) for ident, p in out.items()}


def changes(before: Event, after: Event, lang: str) -> dict:
    """What differs between two versions of an evening in words: tables and rounds, new and gone players, who
    sits elsewhere and who now rests; `text` the lines the page shows."""
    was, now = places(before), places(after)
    names = {_ident(p): p.name for p in (*before.players, *after.players)}
    both = [i for i in now if i in was]
    resting = [i for i in both if now[i] != was[i] and now[i].count(None) > was[i].count(None)]
    moved = [i for i in both if now[i] != was[i] and i not in resting]
    said = {
        "tables": [before.movement.tables, after.movement.tables],
        "rounds": [len(before.movement.rounds), len(after.movement.rounds)],
        "new": [names[i] for i in now if i not in was],
        "gone": [names[i] for i in was if i not in now],
        "moved": [names[i] for i in moved],
        "resting": [names[i] for i in resting],
    }
    (t0, t1), (r0, r1) = said["tables"], said["rounds"]
    lines = [Message("desk.changes_field", t0=t0, t1=t1, r0=r0, r1=r1)]
    for key in ("new", "gone", "moved", "resting"):
        if said[key]:
            lines.append(Message(f"desk.changes_{key}", n=len(said[key]), names=_listed(said[key], lang)))
    if len(lines) == 1 and (t0, r0) == (t1, r1):
        lines = [Message("desk.changes_none")]
    said["text"] = [m.text(lang) for m in lines]
    said["same"] = lines[0].code == "desk.changes_none"
    return said


def _listed(names: list[str], lang: str) -> str:
    shown_names = ", ".join(names[:NAMES_SAID])
    if len(names) > NAMES_SAID:
        shown_names += " " + Message("desk.changes_more", n=len(names) - NAMES_SAID).text(lang)
    return shown_names
