"""The stable JSON shape of a movement (docs/json.md)."""

from __future__ import annotations

from prefprint.movement.model import Movement


def to_dict(movement: Movement) -> dict:
    """The stable JSON shape of a movement (see docs/json.md)."""
    st = movement.stats
    q = movement.quality
    spp = list(st.sets_per_player.values())
    rpp = list(st.rests_per_player.values())
    return {
        "players": movement.players,
        "table_size": movement.table_size,
        "tables": movement.tables,
        "method": movement.method,
        "sets": movement.sets,
        "full_rounds": movement.full_rounds,
        "rooms": [
            {
                "room": r.number,
                "method": r.method,
                "players": [r.players[0], r.players[-1]]
                if r.players == tuple(range(r.players[0], r.players[-1] + 1))
                else list(r.players),
                "tables": list(r.tables),
                "sets": list(r.sets),
                "full_rounds": r.full_rounds,
            }
            for r in movement.rooms
        ],
        "rounds": [
            {
                "round": r.number,
                "resting": list(r.resting),
                "tables": [
                    {"table": t.table, "room": t.room, "set": t.set, "seats": dict(t.seats)}
                    | ({"copy": t.copy} if movement.copies_needed > 1 else {})
                    for t in r.tables
                ],
            }
            for r in movement.rounds
        ],
        "stats": {
            "meetings_histogram": {str(k): v for k, v in st.meetings_histogram.items()},
            "sets_per_player": {"min": min(spp), "max": max(spp)},
            "rests_per_player": {"min": min(rpp), "max": max(rpp)},
            "pairs": {"never": q.never, "once": q.once, "more": q.more} | ({"apart": q.apart} if q.apart else {}),
            "set_plays": {"min": q.set_plays[0], "max": q.set_plays[1]},
        },
        "notes": [{"code": code, **_plain(params)} for code, params in movement.notes],
    }


def _plain(params: dict) -> dict:
    """Note parameters for JSON: a reason (message code and params) becomes its code."""
    return {
        k: (v[0] if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict) else v) for k, v in params.items()
    }
