"""The players' itineraries: a strip per player with his table and seat in every round."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.views.documents.addresses import PLAYER_PAGE, site_url
from prefprint.views.documents.seating import where_next


def itineraries_context(event: Event) -> dict:
    """A strip per player: his table, seat and set in every round (none where he rests), his page's address."""
    pos = where_next(event)
    set_at = {(rnd.number, t.table): t.set for rnd in event.movement.rounds for t in rnd.tables}
    rooms = len(event.movement.rooms) > 1
    room_of = {p: room.number for room in event.movement.rooms for p in room.players}
    strips = []
    for p in event.players:
        legs = []
        for rnd in event.movement.rounds:
            at = pos.get((rnd.number, p.number))
            legs.append(
                {
                    "round": rnd.number,
                    "table": at[0] if at else None,
                    "seat": at[1] if at else None,
                    "set": set_at[(rnd.number, at[0])] if at else None,
                }
            )
        strips.append(
            {
                "player": p,
                "legs": legs,
                "url": site_url(event, PLAYER_PAGE, p.number),
                "room": room_of.get(p.number) if rooms else None,
            }
        )
    return {"strips": strips, "plan": dict((r, s) for r, s, _ in event.time_plan())}
