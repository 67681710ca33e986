"""The rows entered on a scoring server as a protocol workbook: exported to a file (the director's export, an
earlier session's rows), filled in memory (the live site), or held under the kit's protocols.xlsx for
`prefprint results` (`with_entered_rows`). No web framework here: the command line imports it."""

from __future__ import annotations

import hashlib
import io
from contextlib import ExitStack, contextmanager
from pathlib import Path

from prefprint.engine.model import Competition, Event
from prefprint.io.workbook import HeldWorkbook, fill_workbook, held, layout_rows, protocol_workbook_bytes
from prefprint.server.db import DB_FILE, entered
from prefprint.words.messages import Message

KIT_WORKBOOK = "protocols.xlsx"  # the kit's workbook, which a session's folder holds beside its server's database


def layout_fills(event: Event, layouts: dict) -> dict:
    """The layout cells of the layouts entered: {deal: {sheet row: cards as text}}."""
    out = {}
    for deal, layout in layouts.items():
        rows = dict(layout_rows(event, event.deal(deal)))
        out[deal] = {rows[p]: text for p, text in layout["pockets"].items() if p in rows}
    return out


def export_workbook(event: Event, source: Path | None, target: Path, fills: dict, layouts: dict | None = None) -> Path:
    """The kit's protocols.xlsx (`source`; None: a blank one) with the entered rows (`fills`) and layouts
    (`layouts`, as layout_fills gives them) filled in, rows typed there on paper kept."""
    if source is None:
        source = io.BytesIO(protocol_workbook_bytes(event))
    return fill_workbook(source, target, fills, layouts=layouts)


_HELD_BOOK: dict[str, tuple[str, HeldWorkbook]] = {}  # the worker's loaded workbook: event -> (its digest, it)


def held_workbook(event: Event, source: Path | None) -> HeldWorkbook:
    """The kit's protocols.xlsx (`source`; None: a blank one) loaded once per worker, again when it changes."""
    try:
        data = source.read_bytes() if source is not None else None
    except OSError:  # gone since the server looked: as if it were not there
        data = None
    digest = hashlib.sha256(data).hexdigest() if data is not None else "blank"
    if _HELD_BOOK.get(event.digest, ("",))[0] != digest:
        data = data if data is not None else protocol_workbook_bytes(event)
        _HELD_BOOK[event.digest] = (digest, HeldWorkbook(data))
    return _HELD_BOOK[event.digest][1]


@contextmanager
def with_entered_rows(competition: Competition, workbooks: list[Path]):
    """Within the block, each workbook that is a session's kit protocols.xlsx with a scoring server's database
    beside it (of that event and session) reads as the director's export would: the rows entered on the server
    filled in, rows typed there on paper kept (io.workbook.held; nothing is written). Yields a Message for
    each such workbook: how many rows were taken from which database."""
    said = []
    with ExitStack() as stack:
        for event, path in zip(competition.sessions, workbooks):
            if Path(path).name != KIT_WORKBOOK:  # an export (edited by hand, perhaps) is read as it is
                continue
            rows = entered(Path(path).parent, event.digest, event.session)
            if not rows or not (rows[0] or rows[1]):
                continue
            fills, pockets = rows
            layouts = layout_fills(event, {d: {"pockets": p} for d, p in pockets.items()})
            book = held_workbook(event, Path(path)).fill(fills, layouts=layouts)
            stack.enter_context(held(Path(path), book))
            database = str(Path(path).parent / DB_FILE)
            said.append(Message("results.server_rows", path=str(path), n=len(fills), database=database))
        yield said
