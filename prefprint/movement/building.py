"""Building a movement: the candidate chosen, composed for the rounds asked and checked, or a refusal."""

from __future__ import annotations

from dataclasses import replace

from prefprint.errors import MovementError
from prefprint.movement import designs
from prefprint.movement.choice import MIN_PLAYERS, Candidate, best_candidate, candidates, check_field
from prefprint.movement.composition import compose, fine_rounds, is_fine
from prefprint.movement.model import Movement
from prefprint.movement.short_sessions import (
    SESSION_METHODS,
    best_session,
    session_candidates,
    session_fits,
    session_limit,
)
from prefprint.movement.validation import validate


def compare(
    players: int, table_size: int = 4, method: str = "auto", rooms: list[int] | None = None, rounds: int | None = None
) -> tuple[list[Candidate], Candidate, tuple[str, dict]]:
    """The candidates of a field, the one auto takes and why (message code, params): for the full
    session, or (auto, `rounds` given) for a session of that many rounds, each candidate built for it."""
    if rounds is not None and method in SESSION_METHODS and not rooms and _rounds_ok(rounds):
        check_field(players, table_size, method)
        options, default = session_candidates(players, table_size, rounds, method)
        if options:
            best, reason = best_session(options, default, rounds, players, table_size)
            return options, best, reason
    options = candidates(players, table_size, method, rooms)
    if not options:
        raise MovementError("movement.refused", players=players, k=table_size, nearby=_nearby(players, table_size))
    best, reason = best_candidate(options, players, table_size)
    return options, best, reason


def _rounds_ok(rounds) -> bool:
    return isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= 2


def build_movement(
    players: int, table_size: int = 4, rounds: int | None = None, method: str = "auto", rooms: list[int] | None = None
) -> Movement:
    """Build and validate a movement for a field of players at tables of 4 or 3.

    `method`: auto (the fairest candidate), standard, field, search, scheme, skip, rooms, or
    rests (the fairest with players resting); `rooms`: sizes of rooms that share the sets;
    `rounds`: an early stop (every played set still at two tables or more).
    """
    k = table_size
    if rounds is not None and method in SESSION_METHODS and not rooms and _rounds_ok(rounds):
        check_field(players, k, method)
        options, default = session_candidates(players, k, rounds, method)
        if options:
            best, reason = best_session(options, default, rounds, players, k)
            if best.movement.quality.meets_rules:
                if method == "auto":
                    notes = list(best.notes) + [("auto_choice", {"n": len(options), "reason": reason})]
                    notes += _hints(players, k)
                else:
                    notes = list(best.notes) + [("forced_method", {"method": method})]
                movement = finish(players, k, best.method, best.plans, rounds, notes, asked=rounds)
                limit = session_limit(movement, players, k, rounds)
                return replace(movement, notes=movement.notes + tuple(limit)) if limit else movement
        elif default is not None:
            longest = max(min(p.full_rounds for p in c.plans) for c in candidates(players, k))
            if rounds > longest:  # no way to play that many rounds: name the longest there is
                raise MovementError("movement.rounds", low=2, full=longest, players=players, value=rounds)
    options, best, reason = compare(players, k, method, rooms)
    if method == "auto" and not rooms and not _fair(best, players, k):
        raise MovementError("movement.refused", players=players, k=k, nearby=_nearby(players, k))
    notes = list(best.notes)
    if method == "auto" and not rooms:
        notes.append(("auto_choice", {"n": len(options), "reason": reason}))
        notes += _hints(players, k)
    elif method != "auto":
        notes.append(("forced_method", {"method": method}))
    try:
        return finish(players, k, best.method, best.plans, rounds, notes)
    except MovementError as e:
        if e.message.code != "movement.rounds_once" or method not in SESSION_METHODS or rooms:
            raise
        # the round counts a session of this field can play: the short sessions too, not the full circle's only
        fine = fine_rounds(best.plans, min(p.full_rounds for p in best.plans))
        short = [r for r in range(2, SHORT_SESSION + 1) if r not in fine and session_fits(players, k, r, method)]
        raise MovementError("movement.rounds_once", value=rounds, spans=_spans(sorted(short + fine))) from None


SHORT_SESSION = 12  # the longest session whose own movements a refusal looks through to name the rounds possible


def _spans(rounds: list[int]) -> str:
    """Round counts as runs: [2, 3, 8, 9, 10, 11] is «2–3, 8–11»."""
    runs: list[list[int]] = []
    for r in rounds:
        if runs and r == runs[-1][1] + 1:
            runs[-1][1] = r
        else:
            runs.append([r, r])
    return ", ".join(f"{a}–{b}" if b > a else str(a) for a, b in runs)


def finish(players, k, method, plans, rounds, notes, asked: int = 0) -> Movement:
    """Compose the rooms for the asked rounds (checked) and validate (`asked`: the movement was
    chosen for a session of that many rounds)."""
    full = min(p.full_rounds for p in plans)
    asked = full if rounds is None else rounds
    if not (_rounds_ok(asked) and asked <= full and is_fine(plans, asked, full)):
        fine = fine_rounds(plans, full)  # the whole list only to say what went wrong
        if not fine:
            raise MovementError("movement.refused", players=players, k=k, nearby=_nearby(players, k))
        if isinstance(asked, bool) or not isinstance(asked, int) or not 1 <= asked <= full:
            raise MovementError("movement.rounds", low=fine[0], full=full, players=players, value=asked)
        raise MovementError("movement.rounds_once", value=asked, spans=_spans(fine))
    rounds = asked
    notes = list(notes)
    if rounds < full:
        notes.append(("early_stop", {"rounds": rounds, "full": full}))
    movement = compose(players, k, method, plans, rounds, notes)
    if asked:
        movement = replace(movement, asked=asked)
    validate(movement)
    claim = _meeting_note(movement)
    if claim:
        at = max((i + 1 for i, (code, _) in enumerate(notes) if code in _PLAN_NOTES), default=0)
        movement = replace(movement, notes=tuple(notes[:at] + claim + notes[at:]))
    return movement


# Notes that say how the movement is built (the meetings claim follows them).
_PLAN_NOTES = (
    "auto_standard",
    "auto_field",
    "auto_search",
    "auto_session",
    "auto_plane",
    "auto_rotation",
    "auto_scheme",
    "auto_skip",
    "rest_spot",
    "rest_substitutes",
)


def _meeting_note(movement: Movement) -> list:
    """What holds of the meetings of a one-room movement that keeps the lines but is not perfect as
    printed (rests, an early stop): players of different lines meet at most once. (A perfect one
    says so in the reason auto gives and on the director's sheet.)"""
    q = movement.quality
    if len(movement.rooms) > 1 or not q.lines_fixed or q.more or q.perfect:
        return []
    return [("meet_at_most_once", {"never": q.never})]


def _hints(players: int, k: int) -> list:
    other = 3 if k == 4 else 4
    if players % other == 0 and designs.perfect_order(players // other, other):
        return [(f"hint_tables_of_{other}", {"tables": players // other})]
    return []


def _fair(c: Candidate, players: int, k: int) -> bool:
    """A movement auto may offer: it keeps the rules (every set at two tables or more, rests even,
    enough rounds); its weaknesses are printed with it."""
    return c.movement.quality.meets_rules


def _works(players: int, k: int) -> bool:
    """True when auto finds a movement for this field that it may offer."""
    try:
        options = candidates(players, k)
    except MovementError:
        return False
    return bool(options) and _fair(best_candidate(options, players, k)[0], players, k)


def _nearby(players: int, k: int) -> str:
    """Field sizes near `players` that get a movement, and the same field at the other table size."""
    ok = []
    for n in sorted(range(max(MIN_PLAYERS[k], players - 6), players + 7), key=lambda n: (abs(n - players), n)):
        if n != players and _works(n, k):
            ok.append(n)
            if len(ok) == 2:
                break
    from prefprint.words.messages import Message

    sizes = ", ".join(str(n) for n in sorted(ok))
    other = 3 if k == 4 else 4
    if players >= MIN_PLAYERS[other] and _works(players, other):
        return Message(
            "movement.nearby_both", sizes=sizes, other=Message("movement.nearby_other", players=players, k=other)
        )
    return sizes
