"""The state of one served session: who asks, the rows and layouts posted, the progress and the ranking.

Rows are checked by the scoring engine (server.rows), kept by server.db (through server.writer) and
ranked by the results pipeline (server.ranking); with `live`, the live site is kept published by
server.live.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import tempfile
from pathlib import Path

from prefprint.app import results
from prefprint.engine.deals import typed_layout
from prefprint.engine.model import Competition, Event
from prefprint.errors import PrefprintError
from prefprint.io import codes as entry_codes
from prefprint.io.layout import KIT_WORKBOOK, LIVE
from prefprint.io.workbook import layout_rows, read_meta
from prefprint.server import progress
from prefprint.server.access import Access
from prefprint.server.clock import Clock, Plan, scheduled
from prefprint.server.db import Row, Store, Write, now
from prefprint.server.entries import PaperRows, served
from prefprint.server.exports import export_workbook
from prefprint.server.live import LiveSite
from prefprint.server.ranking import EarlierSessions, session_report
from prefprint.server.rows import (
    Refused,
    cells_of,
    entry_of,
    flag,
    outcome_of,
    place,
    plays,
    reason_of,
    whists_of,
)
from prefprint.server.webcopy import WebCopy
from prefprint.server.writer import Writer
from prefprint.words.messages import Message


def _correction(body: dict, director: bool, replaces: bool) -> tuple[bool, str]:
    """("correct", the reason, stripped) of a posted row or layout: a bool, a short text, and a reason
    whenever the director replaces what is there."""
    correct = flag(body, "correct", False)
    return correct, reason_of(body, needed=correct and director and replaces)


class Scoring:
    """The state of one served session."""

    def __init__(
        self,
        competition: Competition,
        event: Event,
        folder: Path,
        rulings=None,
        hide_results: bool = False,
        live: bool = False,
        earlier_rulings: dict | None = None,
        director_anywhere: bool = False,
    ):
        """`live`: keep the results site of the rows entered published in folder/live (served under /live/).
        `earlier_rulings`: the rulings of the sessions before this one by session (ranked together with it).
        `director_anywhere`: the director's code is taken from any address, not only this machine's."""
        self.plan = Plan.of(event)
        self.now = lambda: dt.datetime.now().astimezone()  # the clock's time (a test sets its own)
        self.competition, self.event, self.folder, self.rulings = competition, event, Path(folder), rulings
        self.earlier_rulings = earlier_rulings or {}
        web = WebCopy.of(event, self.folder / LIVE, Path(competition.source)) if live else None
        self.live = LiveSite(self, web) if live else None  # folder/live kept published (and sent) while rows arrive
        self.lang = event.language
        self.codes = entry_codes.codes(event, entry_codes.secret(self.folder))
        self.access = Access(self.codes, director_anywhere)
        self.source = self.folder / KIT_WORKBOOK  # the kit's workbook, paper rows and all, if it is there
        if self.source.is_file():  # before the store takes the folder: refused, it leaves the folder free
            meta = read_meta(self.source)
            if meta and meta.get("digest") != event.digest:
                raise PrefprintError("serve.workbook_other", path=str(self.source))
        self.store = Store(self.folder, event.digest, event.session)
        if hide_results and "hide_results" not in self.store.settings:
            self.store.set("hide_results", True)
        self.where = plays(event)
        self.plays = progress.plays(event, self.where)  # table -> its (round, deal) in order
        self.writer = Writer(self.store)
        self.ranked = (None, None)  # (version, ranking JSON or Refused)
        self.ranking_lock = None
        self.paper = PaperRows(event, self.folder)  # its rows, read again when it changes (the director's ranking)
        self.earlier = EarlierSessions(competition, event, self.folder)  # the sessions before, ranked with it

    # ------------------------------------------------------------------ rows

    def checked_row(self, body: dict, address: str):
        """(outcome, settlement, write) of a posted row; Refused for anything wrong."""
        role, mine = self.access.who(body.get("token"), address)
        table = body.get("table")
        if role == "table" and table != mine:
            raise Refused(403, Message("serve.other_table", table=mine), "table")
        table, rnd, deal = place(self.event, body, self.where)
        by = "director" if role == "director" else f"table {mine}"
        closed = role == "table" and rnd in self.store.closed
        try:
            outcome, settlement = outcome_of(self.event, body, self.event.deal(deal).dealer)
        except Refused:
            if closed:  # a closed round says so before what is wrong with the row
                raise Refused(403, Message("serve.round_closed", round=rnd), "round") from None
            raise
        row = Row(
            deal,
            rnd,
            table,
            entry_of(self.event, outcome),
            cells_of(self.event, outcome, settlement),
            whists_of(settlement),
            by,
            now(),
        )
        if closed and not self.store.holds(row):  # the very row sent again is acknowledged, even in a closed round
            raise Refused(403, Message("serve.round_closed", round=rnd), "round")
        correct, reason = _correction(body, role == "director", (deal, rnd, table) in self.store.rows)
        return outcome, settlement, Write(row, correct, reason, address, role == "director")

    def table_json(self, table: int) -> dict:
        """What a table's page shows (server.progress.table_view)."""
        return progress.table_view(self, table)

    def table_rows(self, table: int) -> list[dict]:
        """The rows of a table's rounds, entered or not, as its page shows them."""
        out = []
        for (rnd, t), play in sorted(self.where.items()):
            if t != table:
                continue
            for d in self.event.deals:
                if d.set == play.set:
                    row = self.store.rows.get((d.number, rnd, table))
                    out.append(
                        {
                            "round": rnd,
                            "deal": d.number,
                            "dealer": d.dealer,
                            "seats": dict(play.seats),
                            "entered": row.json() if row else None,
                            "closed": rnd in self.store.closed,
                            "layout": self.layout_json(d.number),
                        }
                    )
        return out

    def layout_json(self, deal: int) -> dict | None:
        """A deal dealt at the table: its layout as entered ({"pockets", "by", "at"}, pockets None while
        not entered) and the pockets to fill; None for a deal that came with its layout."""
        if not self.event.dealt_at_table:
            return None
        entered = self.store.layouts.get(deal)
        pockets = [p for p, _ in layout_rows(self.event, self.event.deal(deal))]
        return {"pockets": pockets, "entered": entered}

    def checked_layout(self, body: dict, address: str) -> tuple[int, dict, str, bool, str]:
        """(deal, pockets, by, correct, reason) of a posted layout; Refused for anything wrong."""
        role, mine = self.access.who(body.get("token"), address)
        table, deal = body.get("table"), body.get("deal")
        if role == "table" and table != mine:
            raise Refused(403, Message("serve.other_table", table=mine), "table")
        if not self.event.dealt_at_table:
            raise Refused(422, Message("serve.layout_prepared"), "deal")
        if isinstance(deal, bool) or not isinstance(deal, int):
            raise Refused(422, Message("serve.not_number", field="deal"), "deal")
        if not 1 <= deal <= len(self.event.deals):
            raise Refused(422, Message("serve.no_deal_at_all", deal=deal, n=len(self.event.deals)), "deal")
        sets = {play.set for (_, t), play in self.where.items() if t == table}
        if role == "table" and self.event.deal(deal).set not in sets:
            raise Refused(422, Message("serve.layout_not_yours", table=table, deal=deal), "deal")
        pockets = body.get("pockets")
        wanted = [p for p, _ in layout_rows(self.event, self.event.deal(deal))]
        if not isinstance(pockets, dict) or set(pockets) != set(wanted):
            raise Refused(422, Message("serve.layout_pockets", pockets=", ".join(wanted)), "pockets")
        if any(not isinstance(v, str) or len(v) > 80 for v in pockets.values()):
            raise Refused(422, Message("serve.layout_pockets", pockets=", ".join(wanted)), "pockets")
        # each problem named by its pocket as the page names it ("E", "Прикуп, нижняя"), not by a field
        named = {p: Message(f"serve.ui_{p}").text(self.lang) if p.startswith("talon") else p for p in wanted}
        _, problems = typed_layout(self.event.deal(deal), {p: (pockets[p], named[p]) for p in wanted})
        if problems:
            text = "; ".join(p.text(self.lang) for p in problems)
            raise Refused(422, Message("serve.layout_wrong", text=text), "pockets")
        old = self.store.layouts.get(deal)
        correct, reason = _correction(body, role == "director", old is not None)
        if old and correct and role == "table" and old["by"] != f"table {mine}":
            # who entered it in the reader's words: `by` is kept as stored ("table 3", "director")
            if old["by"] == "director":
                raise Refused(403, Message("serve.layout_directors"), "deal")
            raise Refused(403, Message("serve.layout_theirs", table=old["by"].removeprefix("table ")), "deal")
        by = "director" if role == "director" else f"table {mine}"
        return deal, {p: pockets[p].strip() for p in wanted}, by, correct, reason

    def clock(self) -> Clock:
        """The round clock as the director left it, else as the spec's start runs it."""
        return Clock.kept(self.store.settings.get("clock")) or scheduled(self.event.date, self.event.start, self.now())

    def progress(self) -> dict:
        """What the director's page shows (server.progress.director_view)."""
        return progress.director_view(self)

    def live_json(self) -> dict | None:
        """What the director is told of live/: when it was published, over how many changes, or why not."""
        return self.live.json(self.store.version) if self.live else None

    # ------------------------------------------------------------------ the workbook and the ranking

    def fills(self) -> dict:
        """The cells of every entered row, a snapshot taken in the event loop (where the rows change)."""
        return {(r.deal, r.round, r.table): r.cells for r in self.store.rows.values()}

    def layouts(self) -> dict:
        """The pockets of every layout entered ({deal: {pocket: cards}}), a snapshot like fills()."""
        return {deal: dict(layout["pockets"]) for deal, layout in self.store.layouts.items()}

    def export(self, target: Path, fills: dict) -> Path:
        """The kit's protocols.xlsx with the entered rows (`fills`) filled in, rows typed there on paper kept."""
        return export_workbook(
            self.event, self.source if self.source.is_file() else None, target, fills, self.layouts()
        )

    def export_bytes(self, fills: dict) -> bytes:
        """The exported workbook (`export`) as bytes, written to a temporary file and removed."""
        fd, name = tempfile.mkstemp(dir=self.folder, prefix=".export-", suffix=".xlsx")
        os.close(fd)
        path = Path(name)
        try:
            return self.export(path, fills).read_bytes()
        finally:
            path.unlink(missing_ok=True)

    def _ranking(self, rows: dict, layouts: dict):
        """The ranking of the rows entered (over the kit's paper rows), or Refused saying what is wrong."""
        try:
            entries = served(self.event, self.paper.entries(), rows, layouts)
            report, _ = session_report(
                self.competition, self.event, entries, self.folder, self.rulings, self.earlier_rulings, self.earlier
            )
            return results.ranking_json(report)
        except PrefprintError as e:
            return Refused(409, Message("serve.ranking_problems", text=e.text(self.lang)))

    async def ranking(self):
        """The provisional ranking, made again only when rows changed since the last one (with `live`,
        by the worker publishing live/, waited for; here only if that failed)."""
        if self.live and self.live.ranked[0] != self.store.version:
            self.changed()
            while self.live.ranked[0] != self.store.version and not self.live.task.done():
                await asyncio.sleep(0.05)
            if self.live.ranked[0] == self.store.version:
                return self.live.ranked[1]
        if self.ranking_lock is None:
            self.ranking_lock = asyncio.Lock()
        async with self.ranking_lock:
            version = self.store.version
            if self.ranked[0] != version:
                self.ranked = (version, await asyncio.to_thread(self._ranking, self.fills(), self.layouts()))
            return self.ranked[1]

    # ------------------------------------------------------------------ the live site

    def paper_changed(self) -> None:
        """The kit's workbook was replaced (its paper rows changed, the desk took a filled one): the ranking, the
        pages and the live site made again as after a row stored (in the event loop, where the rows change)."""
        self.store.version += 1
        self.changed()

    def changed(self) -> None:
        """Rows or rounds changed: the live site published again soon (LiveSite.changed)."""
        if self.live:
            self.live.changed()
