"""Choosing how to play a field: its candidates (designs, schemes, rooms) and the one auto takes."""

from __future__ import annotations

from dataclasses import dataclass

from prefprint.errors import MovementError
from prefprint.movement import designs
from prefprint.movement.composition import compose, shared_plays
from prefprint.movement.model import SEATS, Movement
from prefprint.movement.plans import (
    BOOK_SCHEMES,
    Plan,
    design_plan,
    rotation_plan,
    scheme_plan,
    skip_plan,
    standard_ok,
)

METHODS = ("auto", "standard", "field", "search", "scheme", "skip", "rooms", "rests")


MIN_PLAYERS = {4: 8, 3: 6}
MAX_PLAYERS = 1000


@dataclass
class Candidate:
    """One way to play a field: its method, room plans and notes; `movement` once built."""

    method: str
    plans: list
    notes: list
    movement: Movement | None = None


def _design_candidates(players: int, k: int) -> list[Candidate]:
    out = []
    for d in designs.line_designs(k, players):
        plan = design_plan(d)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    rot = designs.rotating_design(players, k)
    if rot:
        plan = rotation_plan(rot)
        out.append(Candidate(plan.method, [plan], list(plan.notes)))
    return out


def _room_sizes(k: int, limit: int) -> dict[int, int]:
    """Room sizes that play a perfect movement or a book scheme: players -> resting per round."""
    options = {}
    for t in range(k + 1, limit // k + 2):
        if designs.perfect_order(t, k):
            options.setdefault(k * t, 0)
            if k * t - 1 >= MIN_PLAYERS[k]:
                options.setdefault(k * t - 1, k - 1)
    if k == 4:
        for n in (8, 9, 12, 13):
            options[n] = n % 4
    return options


def split_rooms(players: int, table_size: int) -> list[int] | None:
    """The best split of a field into rooms that each play well; None if there is none.

    Best: fewest players resting per round, then fewest rooms, then the most even sizes.
    """
    options = _room_sizes(table_size, players)
    best: dict[int, tuple] = {0: ((0, 0, 0), [])}
    for n in range(1, players + 1):
        for size, rest in options.items():
            if size <= n and (n - size) in best:
                (r0, c0, _), parts = best[n - size]
                if parts and size > parts[-1]:
                    continue  # keep parts in non-increasing order: one search per split
                new = parts + [size]
                key = (r0 + rest, c0 + 1, max(new) - min(new))
                if n not in best or key < best[n][0]:
                    best[n] = (key, new)
    if players not in best or len(best[players][1]) < 2:
        return None
    return best[players][1]


def _single_candidates(players: int, k: int, forced: str | None = None) -> list[Candidate]:
    """Every one-room way to play a field (or only those of a forced method)."""
    out = _design_candidates(players, k)
    if k == 4 and players in BOOK_SCHEMES:
        plan = scheme_plan(players)
        out.append(Candidate("scheme", [plan], list(plan.notes)))
    tables, extra = divmod(players, k)
    if forced == "skip" and not extra and tables >= 2:
        plan = skip_plan(tables, k)
        out.append(Candidate("skip", [plan], list(plan.notes)))
    return out


def _room_options(size: int, k: int) -> list[Candidate]:
    """The one-room candidates of a room of this size, best first (as auto ranks them)."""
    options = _single_candidates(size, k)
    if not options:
        raise MovementError("movement.rooms_small", low=MIN_PLAYERS[k], sizes=str(size))
    for c in options:
        c.movement = compose(size, k, c.method, c.plans, None, [])
    best, _ = best_candidate(options, size, k)
    ranked = [best] + [c for c in options if c is not best]
    # a room of a few players is better off with a few more rounds than with two
    return sorted(ranked, key=lambda c: c.movement.full_rounds < 3)


def room_plans(sizes: list[int], k: int) -> list[Plan]:
    """A plan for every room such that all rooms play the same rounds and every shared set is
    played at two tables or more: each room's best where they fit together, else the longest
    common session, each room with the plan whose own length is nearest to it (the least cut)."""
    options = [_room_options(n, k) for n in sizes]
    plans = [room[0].plans[0] for room in options]
    if shared_plays(plans, min(p.full_rounds for p in plans)) >= 2:
        return plans  # every room plays its own best
    lengths = sorted({c.movement.full_rounds for room in options for c in room}, reverse=True)
    for rounds in lengths:
        fitting = [[c for c in room if c.movement.full_rounds >= rounds] for room in options]
        if not all(fitting):
            continue
        chosen = [
            min(room, key=lambda c: c.movement.full_rounds - rounds)
            if room[0].movement.full_rounds - rounds > 0
            else room[0]
            for room in fitting
        ]
        plans = [c.plans[0] for c in chosen]
        if shared_plays(plans, min(p.full_rounds for p in plans)) >= 2:
            return plans
    return [room[0].plans[0] for room in options]


def _rooms_candidate(sizes: list[int], k: int, notes: list) -> Candidate:
    return Candidate("rooms", room_plans(sizes, k), notes)


def candidates(
    players: int, table_size: int = 4, method: str = "auto", rooms: list[int] | None = None
) -> list[Candidate]:
    """The ways to play a field, each built for the full session (`Candidate.movement`)."""
    k = table_size
    check_field(players, k, method)
    if rooms:
        _check_rooms(players, k, rooms)
        out = (
            [_rooms_candidate(list(rooms), k, [("forced_rooms", {"sizes": list(rooms)})])]
            if len(rooms) > 1
            else _single_candidates(players, k)
        )
    elif method == "rooms":
        split = split_rooms(players, k)
        if not split:
            raise MovementError("movement.rooms_none", players=players, k=k)
        out = [_rooms_candidate(split, k, [("auto_rooms", {"sizes": split})])]
    else:
        out = _single_candidates(players, k, method if method != "auto" else None)
        if method != "auto":
            out = _forced(out, players, k, method)
        elif players <= 400:  # beyond, rooms never beat one field and only cost time
            split = split_rooms(players, k)
            if split:
                out.append(_rooms_candidate(split, k, [("auto_rooms", {"sizes": split})]))
    for c in out:
        c.movement = compose(players, k, c.method, c.plans, None, c.notes)
    return out


def _forced(out: list[Candidate], players: int, k: int, method: str) -> list[Candidate]:
    """The candidates of a forced method, or MovementError saying why there are none."""
    tables, extra = divmod(players, k)
    if method == "rests":
        if not extra:
            raise MovementError("movement.no_rests", players=players, tables=tables)
        return out
    chosen = [c for c in out if c.method == method or (method == "field" and c.method == "standard")]
    if chosen:
        return chosen
    if method == "standard":
        raise MovementError("movement.standard", k=k, players=players)
    if method == "field":
        examples = ", ".join(str(t) for t in range(k + 1, 41) if designs.perfect_order(t, k) and not standard_ok(t))
        raise MovementError("movement.field", examples=examples, k=k, players=players)
    if method == "scheme":
        raise MovementError("movement.scheme", sizes=", ".join(map(str, BOOK_SCHEMES)), players=players, k=k)
    if method == "skip":
        raise MovementError("movement.skip", k=k, players=players)
    raise MovementError("movement.method_none", method=method, players=players, k=k)


def check_field(players, k, method) -> None:
    """MovementError unless the table size, the number of players and the method are ones a movement is built for."""
    if k not in SEATS:
        raise MovementError("movement.table_size", value=k)
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS[k] <= players <= MAX_PLAYERS:
        raise MovementError("movement.players", low=MIN_PLAYERS[k], high=MAX_PLAYERS, k=k, value=players)
    if method not in METHODS:
        raise MovementError("movement.method", methods=", ".join(METHODS), value=repr(method))


def _check_rooms(players, k, rooms) -> None:
    if sum(rooms) != players:
        raise MovementError("movement.rooms_sum", sizes="+".join(map(str, rooms)), total=sum(rooms), players=players)
    small = [s for s in rooms if s < MIN_PLAYERS[k]]
    if small:
        raise MovementError("movement.rooms_small", low=MIN_PLAYERS[k], sizes=", ".join(map(str, small)))


def best_candidate(options: list[Candidate], players: int, k: int) -> tuple[Candidate, tuple[str, dict]]:
    """The candidate auto takes, with the reason (a message code and params).

    The movements that keep the rules (every set at two tables or more, rests even, enough
    rounds) come first; among them the book's scheme where the seed has one, then those within
    the excess target, there lines kept (fewer sets, each compared at more tables) before players
    who change seats, and the fewest excess and missed meetings.
    """

    def key(c):
        q = c.movement.quality
        book = c.method == "scheme"
        over = q.excess_pct > q.limit
        return (
            not q.meets_rules,
            not book,
            over,
            not q.lines_fixed and not over,
            q.excess_pct + q.unmet_pct,
            q.rounds,
            METHODS.index(c.method),
        )

    ranked = sorted(options, key=key)
    best = ranked[0]
    q = best.movement.quality
    good = [c for c in options if c.movement.quality.meets_rules]
    within = [c for c in good if c.movement.quality.excess_pct <= c.movement.quality.limit]
    if len(options) == 1:
        reason = ("why_only", {})
    elif best.method == "scheme":
        reason = ("why_book", {})
    elif q.perfect and q.apart == 0:
        reason = ("why_perfect", {})
    elif len(good) == 1 and best is good[0]:
        # what each other candidate misses, so the reason names the rule that decided
        others = tuple((c.method, tuple(c.movement.quality.rule_misses())) for c in options if c is not best)
        reason = ("why_rules", {"others": others})
    elif len(within) == 1 and best is within[0]:
        reason = ("why_limit", {"limit": q.limit, "excess": q.excess_pct})
    else:
        reason = ("why_fairest", {"excess": q.excess_pct, "never": q.unmet_pct})
    return best, reason
