"""The designs computed ahead and shipped in prefprint/movement/data/, each file read once."""

from __future__ import annotations

from functools import cache
from importlib import resources

DATA = "data/designs.txt"


@cache
def stored() -> dict:
    """Designs computed ahead by tools/make_designs.py (prefprint/movement/data/designs.txt).

    {("group", k, T): (group name, [π_1, π_2, ...]), ("rest", k, T, line): [rester per round],
     ("rotation", k, players): (sets, players of every table of every round in a row)}
    """
    try:
        text = resources.files("prefprint.movement").joinpath(DATA).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    out = {}
    for raw in text.splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        head, *parts = raw.split("|")
        words = head.split()
        ints = [[None if v == "-" else int(v) for v in part.split()] for part in parts]
        if words[0] == "group":
            out[("group", int(words[1]), int(words[2]))] = (words[3], ints)
        elif words[0] == "rest":
            out[("rest", int(words[1]), int(words[2]), int(words[3]))] = ints[0]
        elif words[0] == "rotation":
            out[("rotation", int(words[1]), int(words[2]))] = (int(words[3]), [p for part in ints for p in part])
    return out


SESSIONS = "data/sessions.txt"


@cache
def _session_lines() -> tuple[str, ...]:
    """The lines of prefprint/movement/data/sessions.txt (tools/make_sessions.py), read once; none if it is missing."""
    try:
        text = resources.files("prefprint.movement").joinpath(SESSIONS).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return ()
    return tuple(text.splitlines())


@cache
def stored_sessions() -> dict:
    """Session designs computed ahead by tools/make_sessions.py ("session" lines of sessions.txt).

    {(k, T, e): [(faults, group name, rows), ...]}: rows of values (see prefprint.movement.designs.sessions),
    the clean ones (faults 0) as long as found, the others for one session length each.
    """
    out: dict = {}
    for raw in _session_lines():
        if not raw.strip() or raw.startswith("#"):
            continue
        head, *parts = raw.split("|")
        words = head.split()
        if words[0] != "session":
            continue
        k, tables, extra, faults = map(int, words[1:5])
        rows = tuple(tuple(None if v == "-" else int(v) for v in part.split()) for part in parts)
        out.setdefault((k, tables, extra), []).append((faults, words[5], rows))
    return out


@cache
def stored_exhausted() -> frozenset:
    """(k, T, e, R) for which tools/make_sessions.py searched every design over the groups tried
    (no node limit) and found none without repeated meetings ("exhausted" lines of sessions.txt)."""
    return frozenset(tuple(map(int, raw.split()[1:5])) for raw in _session_lines() if raw.startswith("exhausted "))


@cache
def stored_planes() -> dict:
    """{(players, rounds): sets of every round's tables} of the plane sessions ("plane" lines of sessions.txt)."""
    out = {}
    for raw in _session_lines():
        if raw.startswith("plane "):
            head, *parts = raw.split("|")
            players, rounds = map(int, head.split()[1:3])
            out[(players, rounds)] = [[int(v) for v in part.split()] for part in parts]
    return out
