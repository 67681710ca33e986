"""Views of the event model for printing: one context builder per document, a module each.

- `table_cards`: the table cards (rounds, moves of players and boxes, the entry code);
- `director`: the director's sheet, with `movement_quality` its part on the movement's fairness;
- `itineraries`: a strip per player; `start_list`: the wall start list;
- `protocols`: the protocol sheets; `hand_records`: the deals as printed (`deal_view`);
- `costs`: the cost-of-game table;
- shared by them: `addresses` (the results site's pages the QR codes point at), `seating` (who sits
  where, which copy a table plays), `wording` (a catalogue message in the document's language).

Callers import from this package: the names below are those of the modules.
"""

from __future__ import annotations

from prefprint.engine.rules import SEATS
from prefprint.views.documents.addresses import DEAL_PAGE, PLAYER_PAGE, TABLE_PAGE, site_url
from prefprint.views.documents.costs import (
    CONVENTION_WORDS,
    ROLE_SHORT,
    ROLE_WORDS,
    VALUE_WORDS,
    conventions_list,
    costs_context,
    signed,
)
from prefprint.views.documents.director import (
    LONG_SESSION_MINUTES,
    ROUND_PAGE_TABLES,
    dealing_notes,
    director_context,
    plan_warning,
)
from prefprint.views.documents.hand_records import deal_view, deals_context
from prefprint.views.documents.itineraries import itineraries_context
from prefprint.views.documents.movement_quality import movement_quality_context
from prefprint.views.documents.protocols import HALF_PAGE_ROWS, pair_sheets, protocol_sheets, protocols_context
from prefprint.views.documents.seating import table_copy
from prefprint.views.documents.start_list import FIGURE_MM, first_seats, sort_key, start_list_context
from prefprint.views.documents.table_cards import card_entry, dealing_tables, seat_text, table_cards_context

__all__ = [
    "CONVENTION_WORDS",
    "DEAL_PAGE",
    "FIGURE_MM",
    "HALF_PAGE_ROWS",
    "LONG_SESSION_MINUTES",
    "PLAYER_PAGE",
    "ROLE_SHORT",
    "ROLE_WORDS",
    "ROUND_PAGE_TABLES",
    "SEATS",
    "TABLE_PAGE",
    "VALUE_WORDS",
    "card_entry",
    "conventions_list",
    "costs_context",
    "deal_view",
    "dealing_notes",
    "dealing_tables",
    "deals_context",
    "director_context",
    "first_seats",
    "itineraries_context",
    "movement_quality_context",
    "pair_sheets",
    "plan_warning",
    "protocol_sheets",
    "protocols_context",
    "seat_text",
    "signed",
    "site_url",
    "sort_key",
    "start_list_context",
    "table_cards_context",
    "table_copy",
]
