"""Perfect line designs over a ring, and the linear rest schedules of their substitutes."""

from __future__ import annotations

from prefprint.movement.designs.design import REST, Design
from prefprint.movement.designs.rings import ring_of


def perfect_design(order: int, table_size: int, spot: bool = False) -> Design | None:
    """The perfect design on `order` positions (all tables, or order − 1 tables and a rest spot)."""
    ring = ring_of(order, table_size)
    if ring is None:
        return None
    scaled = [[ring.mul(ring.coeff(kind), r) for r in range(order)] for kind in range(table_size)]

    def at(item, kind, r):
        """Position of `item` of `kind` (0 = set, 1.. = lines E, S, W) in round r."""
        return ring.add(item, scaled[kind][r])

    set_at = {}  # (round, position) -> set
    for r in range(order):
        for s in range(order):
            set_at[(r, at(s, 0, r))] = s
    last = order - 1 if spot else None
    rows = [tuple(tuple(set_at[(r, t)] for r in range(order)) for t in range(order) if t != last)]
    for kind in range(1, table_size):
        rows.append(
            tuple(
                tuple(REST if (p := at(x, kind, r)) == last else set_at[(r, p)] for r in range(order))
                for x in range(order)
            )
        )
    return Design(
        table_size,
        order - 1 if spot else order,
        order,
        tuple(rows),
        "standard" if ring.standard else "field",
        ring.name,
    )


def linear_schedules(order: int, table_size: int, extra: int, strict: bool = True) -> list[list[int]] | None:
    """Resting players of lines E (, S, W) of a perfect design when each gets one more player.

    The rester of line l in round r is player a_l·r; the extra player takes his seat, so he moves
    with v_l = a_l + c_l. v_l − c_set and a_l must be units (he never replays, everyone rests
    once); where v_l also differs by a unit from every other coefficient (N's 0 too) and from the
    other extra players' v, he meets everyone at most once. None if the ring has no such v
    (with `strict` False: the v with the fewest other lines he moves along with).
    """
    ring = ring_of(order, table_size)
    if ring is None:
        return None
    taken = [0] + [ring.coeff(kind) for kind in range(1, table_size)]
    out = []
    for line in range(1, extra + 1):
        hard = (ring.coeff(0), ring.coeff(line))
        options = [v for v in range(1, order) if all(ring.unit(ring.sub(v, c)) for c in hard) and v not in taken]
        if not options:
            return None
        v = max(options, key=lambda v: sum(ring.unit(ring.sub(v, c)) for c in taken))
        if strict and not all(ring.unit(ring.sub(v, c)) for c in taken):
            return None
        taken.append(v)
        a = ring.sub(v, ring.coeff(line))
        out.append([ring.mul(a, r) for r in range(order)])
    return out
