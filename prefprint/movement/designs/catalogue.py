"""The line designs a field can play: full tables, substitutes, a rest spot; their meetings."""

from __future__ import annotations

from prefprint.movement.designs.design import REST, Design
from prefprint.movement.designs.groups import group_design
from prefprint.movement.designs.perfect import perfect_design
from prefprint.movement.designs.precomputed import stored
from prefprint.movement.designs.substitutes import substitute_design


def base_design(table_size: int, tables: int) -> Design | None:
    """The design for full tables: perfect where a ring allows it, else a searched group design."""
    if tables < 2:
        return None
    return perfect_design(tables, table_size) or group_design(table_size, tables)


def rest_design(table_size: int, tables: int, extra: int) -> Design | None:
    """`extra` (1 .. k−1) more players than the tables seat, by substitutes (stored schedules or now)."""
    base = base_design(table_size, tables)
    if base is None:
        return None
    keys = [("rest", table_size, tables, line) for line in range(1, extra + 1)]
    known = stored()
    if all(key in known for key in keys):
        return substitute_design(base, extra, schedules=[known[key] for key in keys])
    return substitute_design(base, extra)


def line_designs(table_size: int, players: int) -> list[Design]:
    """Every line design known for a field: full tables, substitutes, a rest spot."""
    tables, extra = divmod(players, table_size)
    out = []
    if extra == 0:
        d = base_design(table_size, tables)
        if d:
            out.append(d)
        return out
    if extra == table_size - 1:
        spot = perfect_design(tables + 1, table_size, spot=True)
        if spot:
            out.append(spot)
    d = rest_design(table_size, tables, extra)
    if d:
        out.append(d)
    return out


def measure(design: Design) -> tuple[int, int, int]:
    """(excess meetings, pairs never met, all meetings) of a design, lines fixed."""
    k, R = design.table_size, design.rounds
    sizes = design.sizes
    offset = [sum(sizes[:i]) for i in range(k)]
    meet = {}
    for r in range(R):
        at = {}
        for ln, line in enumerate(design.rows):
            for x, row in enumerate(line):
                if row[r] != REST:
                    at.setdefault(row[r], []).append(offset[ln] + x)
        for here in at.values():
            for i in range(len(here)):
                for j in range(i + 1, len(here)):
                    key = (here[i], here[j])
                    meet[key] = meet.get(key, 0) + 1
    total = sum(meet.values())
    eligible = sum(sizes[a] * sizes[b] for a in range(k) for b in range(a + 1, k))
    c = -(-total // eligible)
    excess = sum(max(0, m - c) for m in meet.values())
    return excess, eligible - len(meet), total
