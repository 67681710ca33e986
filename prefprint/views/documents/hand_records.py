"""The hand records: each deal's pockets and talon as printed, with its makeable contracts when analysed."""

from __future__ import annotations

from prefprint.engine.deals import card_text, hand_by_suit
from prefprint.engine.model import Event
from prefprint.engine.rules import active_seats
from prefprint.views.makeable import grid_lines, grid_view
from prefprint.words.i18n import words


def deal_view(deal, lang: str) -> dict:
    """A deal for print: each pocket's cards by suit, the talon top and bottom."""
    pockets = {}
    for seat in ("N", "E", "S", "W"):
        cards = deal.hand(seat)
        pockets[seat] = hand_by_suit(cards, lang) if cards else None
    blank = not deal.hands  # dealt at the first table: the protocol carries a grid to write it in
    return {
        "deal": deal,
        "pockets": pockets,
        "talon": [card_text(c, lang) for c in deal.talon],
        "talon_pocket": deal.talon_pocket,
        "red": [c[0] >= 2 for c in deal.talon],
        "void": any(ranks == "—" for hand in pockets.values() if hand for _, ranks in hand),
        "blank": blank,
        "active": active_seats(deal.table_size, deal.dealer),
    }


def deals_context(event: Event, analysis=None) -> dict:
    """The hand records: every deal's pockets, and its makeable table when `analysis` is given."""

    views = [deal_view(d, event.language) for d in event.deals]
    for v in views:
        v["dd"] = grid_view(analysis.deals.get(v["deal"].number), event.language) if analysis else None
        v["dd_lines"] = grid_lines(v["dd"], words(event.language)) if v["dd"] else None
    return {
        "views": views,
        "void": any(v["void"] for v in views),
        "analysed": any(v["dd"] for v in views),
        "copies": event.movement.copies,
    }
