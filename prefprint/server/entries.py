"""The rows a scoring server stored as what was entered for its session (engine.entries.Entries): put over the rows
typed on paper into the kit's protocols.xlsx beside it, as the director's export writes them. The live site, the
director's ranking and `prefprint results` read a served session so; no workbook is written or read back for it.
No web framework here: the command line imports it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from prefprint.engine.entries import Entries
from prefprint.engine.model import Event
from prefprint.io.layout import KIT_WORKBOOK
from prefprint.io.workbook import blank_entries, layout_cells, read_entries, read_meta


def served(event: Event, paper: Entries, rows: dict, layouts: dict) -> Entries:
    """What was entered for a served session: the server's rows ({(deal, round, table): cells}) and layouts ({deal:
    {pocket: cards as text}}) put over the rows and layouts typed on paper (`paper`)."""
    return paper.with_rows(rows, layout_cells(event, layouts))


class PaperRows:
    """The kit's protocols.xlsx of a session read into Entries once, again when the file changes (the rows typed
    there on paper), or a blank workbook's where there is none: what the server's rows are put over. Made and
    kept by whoever reads a served session again and again (the server, its live worker)."""

    def __init__(self, event: Event, folder: Path):
        self.event, self.path = event, Path(folder) / KIT_WORKBOOK
        self._read: tuple = (None, None)  # (the file's stamp, its entries)

    def entries(self) -> Entries:
        """The kit's rows as they are now (WorkbookError if its workbook cannot be read)."""
        try:
            stat = self.path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        except OSError:  # no kit workbook (or gone since): a blank one's rows
            stamp = None
        if self._read[0] != stamp or self._read[1] is None:
            self._read = (stamp, self._entries(stamp is not None))
        return self._read[1]

    def _entries(self, there: bool) -> Entries:
        if not there:
            return blank_entries(self.event, self.path)
        return replace(read_entries(self.path, self.event), meta=read_meta(self.path))
