"""Sessions of R rounds: every candidate built for those rounds, and the one auto takes."""

from __future__ import annotations

from dataclasses import replace

from prefprint.movement import designs
from prefprint.movement.choice import METHODS, Candidate, best_candidate, candidates
from prefprint.movement.composition import compose, is_fine
from prefprint.movement.fairness import Quality
from prefprint.movement.model import Movement
from prefprint.movement.plans import design_plan, plane_plan

SESSION_METHODS = ("auto", "field", "search")  # those that also take the designs made for a session of R rounds


def _session_candidates(players: int, k: int, rounds: int) -> list[Candidate]:
    """The designs searched for a session of `rounds` rounds (prefprint.movement.designs.session_designs)
    and the affine plane's session (prefprint.movement.designs.plane_session)."""
    out = []
    for _, d in designs.session_designs(k, players, rounds):
        plan = design_plan(d)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    plane = designs.plane_session(players, k, rounds)
    if plane:
        plan = plane_plan(players, rounds, *plane)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    return out


def _playable(c: Candidate, rounds: int) -> bool:
    """True when the candidate plays `rounds` rounds with every set at two tables or more."""
    full = min(p.full_rounds for p in c.plans)
    return 2 <= rounds <= full and is_fine(c.plans, rounds, full)


def session_candidates(
    players: int, k: int, rounds: int, method: str = "auto"
) -> tuple[list[Candidate], Candidate | None]:
    """Every way auto knows to play a session of `rounds` rounds, each built for those rounds (the
    full-circle candidates cut short, and the session designs), and the full circle's choice (None for
    a field with no candidate); the list is empty where none plays that many rounds with every set at
    two tables or more. A forced `method` (SESSION_METHODS) keeps only its own candidates, as
    `candidates` does for the full circle."""
    full = candidates(players, k)
    default = best_candidate(full, players, k)[0] if full else None
    out = []
    for c in full + _session_candidates(players, k, rounds):
        if method != "auto" and not (c.method == method or (method == "field" and c.method == "standard")):
            continue
        if _playable(c, rounds):
            c.movement = compose(players, k, c.method, c.plans, rounds, c.notes)
            c.movement = replace(c.movement, asked=rounds)
            out.append(c)
    return out, default


def _within(q: Quality, players: int, k: int) -> bool:
    """A session's target: nobody meets anybody twice with full tables, repeated meetings ≤ 1 % of
    all meetings where players rest."""
    return not q.repeats or (players % k != 0 and 100 * q.repeats <= q.meetings)


def best_session(
    options: list[Candidate], default: Candidate | None, rounds: int, players: int, k: int
) -> tuple[Candidate, tuple[str, dict]]:
    """The candidate auto takes for a session of `rounds` rounds, with the reason.

    The ones that keep the rules (every set at two tables or more, rests even) come first, then those
    within the session's target (`_within`), then the fewest repeated meetings (meetings of a pair
    beyond its first) of those that miss it; then the fewest rests (rooms may seat fewer players),
    the most tables playing each set (deals compared more widely), the fewest repeated meetings;
    then the book's scheme, then the full circle's choice (a perfect movement stays perfect in any
    number of rounds).
    """

    def key(c):
        q = c.movement.quality
        within = _within(q, players, k)
        rested = sum(c.movement.stats.rests_per_player.values())
        return (
            not q.meets_rules,
            not within,
            0 if within else q.repeats,
            rested,
            -q.set_plays[0],
            q.repeats,
            q.most,
            c.method != "scheme",
            c is not default,
            q.unmet_pct,
            METHODS.index(c.method),
        )

    best = min(options, key=key)
    q = best.movement.quality
    if len(options) == 1:
        return best, ("why_only", {})
    if not q.repeats:
        return best, ("why_session_clean", {"rounds": rounds})
    if _within(q, players, k):
        return best, (
            "why_session_within",
            {"rounds": rounds, "repeats": q.repeats, "meetings": q.meetings, "plays": q.set_plays[0]},
        )
    return best, ("why_session_fewest", {"rounds": rounds, "repeats": q.repeats, "meetings": q.meetings})


def session_limit(movement: Movement, players: int, k: int, rounds: int) -> list:
    """A note where a session of `rounds` rounds misses its target (nobody meets anybody twice with
    full tables, repeated meetings ≤ 1 % where players rest) on a field of at least rounds + 1
    tables: what is known about it (designs.session_known) and the best found."""
    q = movement.quality
    tables, extra = divmod(players, k)
    if tables < rounds + 1 or not q.repeats or (extra and 100 * q.repeats <= q.meetings):
        return []
    known = designs.session_known(k, tables, extra, rounds)
    return [
        (
            "session_limit",
            {"rounds": rounds, "repeats": q.repeats, "meetings": q.meetings, "pct": q.repeats_pct, "known": known},
        )
    ]


def session_fits(players: int, k: int, rounds: int, method: str) -> bool:
    """A session of `rounds` rounds has a movement by its own rules (as build_movement's session path)."""
    options, default = session_candidates(players, k, rounds, method)
    if not options:
        return False
    best, _ = best_session(options, default, rounds, players, k)
    return best.movement.quality.meets_rules
