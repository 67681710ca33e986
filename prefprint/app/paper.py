"""An evening's paper protocols: a filled protocol workbook taken in as the session's workbook.

The workbook is checked as `prefprint results` checks it (app.results.run: the workbook identified as this event's,
read by io.workbook.read_entries, every row through prefprint.checks), rows not filled yet allowed (the evening may
still be playing). When it reads, it becomes the kit's protocols.xlsx of the session's folder, which the scoring
server reads as the rows typed on paper (server.entries.PaperRows): swapped in whole, the one before kept beside it
as protocols-<time>.xlsx. A workbook with problems changes nothing: all of them are said, each with its sheet and cell.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import shutil
from pathlib import Path

from prefprint.app.club_files import FormError
from prefprint.app.results import Options, run
from prefprint.engine.entries import Entries
from prefprint.engine.model import Competition, Event
from prefprint.errors import WorkbookError, WorkbooksError
from prefprint.io.layout import KIT_WORKBOOK
from prefprint.io.outdir import write_atomic
from prefprint.io.workbook import deal_sheet_number, read_entries
from prefprint.words.messages import Message, text_of

MAX_WORKBOOK = 10_000_000  # bytes: a kit's workbook of a hundred tables is well under a megabyte
_CELL = re.compile(r"'(.*)'!([A-Z]+[0-9]+)")


class WorkbookProblems(FormError):
    """A workbook that does not read: every problem with its sheet and cell where it names one, and the round and
    table of the protocol row it is in (`rows`: {(deal, sheet row): (round, table)} of the workbook's rows)."""

    def __init__(self, problems: list, rows: dict | None = None):
        super().__init__(problems)
        self.rows = rows or {}

    def errors(self, lang: str) -> list[dict]:
        return [{"field": f, "message": text_of(m, lang)} | place_of(m, self.rows) for f, m in self.problems]


def place_of(problem, rows: dict | None = None) -> dict:
    """{"sheet", "cell", "deal", "round", "table"} of what a problem names (its `cell` "'Сдача 7'!F9" or its
    `sheet`; round and table where `rows` has the cell's row), or {}."""
    params = getattr(problem, "params", {}) or {}
    found = _CELL.fullmatch(str(params.get("cell", "")))
    if found:
        sheet, cell = found.group(1), found.group(2)
    elif isinstance(params.get("sheet"), str):
        sheet, cell = params["sheet"].strip("'"), None
    else:
        return {}
    deal, copy = deal_sheet_number(sheet)
    deal = deal if not copy else None
    place = {"sheet": sheet, "cell": cell, "deal": deal}
    line = int(cell.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) if cell else None
    if (deal, line) in (rows or {}):
        place["round"], place["table"] = rows[(deal, line)]
    return place


def rows_at(path: Path, event: Event) -> dict:
    """{(deal, sheet row): (round, table)} of a workbook's protocol rows ({} where its sheets cannot be read)."""
    try:
        entries = read_entries(path, event)
    except WorkbookError as e:
        entries = e.entries
    out = {}
    for deal in entries.deals if entries else []:
        for row in deal.rows:
            rnd, table = row.values.get("round"), row.values.get("table")
            if isinstance(rnd, int) and isinstance(table, int):
                out[(deal.number, row.row)] = (rnd, table)
    return out


def filled(entries: Entries) -> set[tuple[int, int, int]]:
    """(deal, round, table) of every row with something in its contract cell."""
    out = set()
    for deal in entries.deals:
        for row in deal.rows:
            values = row.values
            if values.get("contract") not in (None, "") and isinstance(values.get("round"), int):
                out.add((deal.number, values["round"], values.get("table")))
    return out


def checked(competition: Competition, event: Event, path: Path, name: str) -> list[Message]:
    """The warnings of a workbook checked as `prefprint results --provisional` checks the first session's (`event`);
    WorkbookProblems with every problem (the file named `name`, as the director knows it)."""
    options = Options(provisional=True, publish=False, pdf=False, spreadsheet=False)
    try:
        report = run(competition, [path], None, options)
    except (WorkbookError, WorkbooksError) as e:
        problems = [("file", _named(p, path, name)) for p in e.problems]
        raise WorkbookProblems(problems, rows_at(path, event)) from None
    return [_named(w, path, name) for w in report.warnings]


def _named(said, path: Path, name: str):
    """A message naming the uploaded file by the name it was given, not by the copy checked."""
    if isinstance(said, Message) and said.params.get("path") == str(path):
        return Message(said.code, **(said.params | {"path": name}))
    return said


def take_workbook(competition: Competition, event: Event, folder: Path, data: bytes, name: str, now=None) -> dict:
    """The filled workbook `data` (uploaded as `name`) checked and made the session's protocols.xlsx in `folder`:
    {"workbook", "kept" (the previous one's name, or None), "rows" (rows filled), "warnings"}. WorkbookProblems
    (nothing changed) when it does not read."""
    if len(data) > MAX_WORKBOOK:
        raise FormError([("file", Message("desk.workbook_large", limit=MAX_WORKBOOK))])
    folder = Path(folder)
    candidate = folder / f".upload-{secrets.token_hex(6)}.xlsx"
    write_atomic(candidate, data)
    try:
        warnings = checked(competition, event, candidate, name)
        rows = filled(read_entries(candidate, event))
        target = folder / KIT_WORKBOOK
        kept = _keep(target, now or dt.datetime.now())
        os.replace(candidate, target)
    finally:
        candidate.unlink(missing_ok=True)
    return {"workbook": KIT_WORKBOOK, "kept": kept, "rows": len(rows), "warnings": warnings}


def _keep(target: Path, now: dt.datetime) -> str | None:
    """The workbook there now kept as protocols-<time>.xlsx beside it (its name), before another takes its place."""
    if not target.is_file():
        return None
    base = f"{target.stem}-{now.strftime('%Y%m%d-%H%M%S')}"
    kept, n = target.with_name(f"{base}.xlsx"), 2
    while kept.exists():
        kept, n = target.with_name(f"{base}-{n}.xlsx"), n + 1
    try:
        os.link(target, kept)
    except OSError:  # a file system without hard links
        shutil.copy2(target, kept)
    return kept.name
