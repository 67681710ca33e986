"""The rows entered on a scoring server, exported as the kit's protocol workbook with them filled in (the director's
export: a file asked for), and read by `prefprint results` as what was entered for their session
(`entered_sources`). No web framework here: the command line imports it."""

from __future__ import annotations

import io
from pathlib import Path

from prefprint.engine.model import Competition, Event
from prefprint.errors import WorkbookError
from prefprint.io.layout import DB_FILE, KIT_WORKBOOK
from prefprint.io.workbook import fill_workbook, layout_rows, protocol_workbook_bytes
from prefprint.server.db import entered
from prefprint.server.entries import PaperRows, served
from prefprint.words.messages import Message


def layout_fills(event: Event, layouts: dict) -> dict:
    """The layout cells of the layouts entered ({deal: {pocket: cards as text}}): {deal: {sheet row: cards as text}}."""
    out = {}
    for deal, pockets in layouts.items():
        rows = dict(layout_rows(event, event.deal(deal)))
        out[deal] = {rows[p]: text for p, text in pockets.items() if p in rows}
    return out


def export_workbook(event: Event, source: Path | None, target: Path, fills: dict, layouts: dict | None = None) -> Path:
    """The kit's protocols.xlsx (`source`; None: a blank one) with the entered rows (`fills`) and layouts
    (`layouts`, {deal: {pocket: cards as text}}) filled in, rows typed there on paper kept."""
    if source is None:
        source = io.BytesIO(protocol_workbook_bytes(event))
    return fill_workbook(source, target, fills, layouts=layout_fills(event, layouts or {}))


def entered_sources(competition: Competition, workbooks: list[Path]) -> tuple[list, list[Message]]:
    """What `prefprint results` reads for each session: a workbook that is a session's kit protocols.xlsx with a
    scoring server's database beside it (of that event and session) is read as what was entered there, the
    server's rows over the rows typed there on paper (as the director's export has them; nothing is written);
    any other workbook (an export, edited by hand perhaps) as it is. With a Message for each database taken:
    how many rows were taken from which database."""
    sources, said = [], []
    for event, path in zip(competition.sessions, workbooks):
        rows = entered(Path(path).parent, event.digest, event.session) if Path(path).name == KIT_WORKBOOK else None
        if not rows or not (rows[0] or rows[1]):
            sources.append(path)
            continue
        try:
            paper = PaperRows(event, Path(path).parent).entries()
        except WorkbookError:  # the pipeline reads the workbook itself and says what is wrong with it
            sources.append(path)
            continue
        sources.append(served(event, paper, *rows))
        database = str(Path(path).parent / DB_FILE)
        said.append(Message("results.server_rows", path=str(path), n=len(rows[0]), database=database))
    return sources, said
