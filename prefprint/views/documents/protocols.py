"""The protocols: one sheet per deal and copy of its set, two short sheets to a page."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.views.documents.hand_records import deal_view
from prefprint.views.documents.seating import table_copy
from prefprint.views.documents.wording import phrase

# A protocol with at most this many rows fits half an A4 sheet: two such protocols share a page.
HALF_PAGE_ROWS = 10


def protocol_sheets(event: Event) -> list[dict]:
    """One protocol per deal and copy of its set: the rows of the tables that play that copy."""
    copy_of = {(rnd.number, t.table): table_copy(t) for rnd in event.movement.rounds for t in rnd.tables}
    sheets = []
    for d in event.deals:
        view = deal_view(d, event.language)
        by_copy: dict[int, list] = {}
        for row in event.rows_of(d):
            by_copy.setdefault(copy_of.get((row.round, row.table), 1), []).append(row)
        for copy in sorted(by_copy):
            rows = by_copy[copy]
            sheets.append(
                {
                    "view": view,
                    "rows": rows,
                    "copy_no": copy,
                    "copies": len(by_copy),
                    "dealt_by": _dealt_by(event, d.set, rows) if view["blank"] and rows else "",
                }
            )
    return sheets


def _dealt_by(event: Event, set_no: int, rows: list) -> str:
    """Who deals a deal dealt at the table and writes its layout here (or enters it on the phone, where the
    scoring server is used): its first table, or the director where the set is played in several copies
    (every copy must hold the same layout)."""
    phone = "_phone" if event.serve_url else ""
    if event.movement.copies.get(set_no, 1) > 1:
        return phrase(event.language, "movement.protocol_dealt_director" + phone)
    return phrase(event.language, "movement.protocol_dealt_table" + phone, table=rows[0].table, round=rows[0].round)


def pair_sheets(sheets: list[dict], half_rows: int = HALF_PAGE_ROWS) -> list[list[dict]]:
    """Pages of one or two sheets: consecutive short sheets share a page, in order."""
    pages: list[list[dict]] = []
    for sheet in sheets:
        half = len(sheet["rows"]) <= half_rows
        if half and pages and len(pages[-1]) == 1 and len(pages[-1][0]["rows"]) <= half_rows:
            pages[-1].append(sheet)
        else:
            pages.append([sheet])
    return pages


def protocols_context(event: Event) -> dict:
    """The protocol sheets in pages of one or two."""
    return {"pages": pair_sheets(protocol_sheets(event)), "half_rows": HALF_PAGE_ROWS}
