"""The scoring server: the tables' phones post their rows, the director watches, corrects and exports.

Starlette (ASGI) served by uvicorn. Every route is in `routes()`; the JSON API is documented in
docs/server.md. Rows are checked by the scoring engine (server.rows), kept by server.db and
ranked by the same results pipeline as `prefprint results --provisional` (`provisional_report`).
With `live`, the whole results site of the rows entered so far (`publish_live`, the same pipeline,
without the PDF) is published again into the folder's live/ a moment after rows change, in a
process of its own so that the tables' requests never wait for it, and served under /live/.
In a later session of a competition the ranking (live/ and the director's) takes in the sessions
before it as their folders beside this one hold them (`earlier_workbooks`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import signal
import tempfile
import time
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from prefprint.analysis.cache import Background
from prefprint.app import results
from prefprint.engine.deals import typed_layout
from prefprint.engine.model import Competition, Event
from prefprint.errors import PrefprintError
from prefprint.io import codes as entry_codes
from prefprint.io.pool import WorkerPool
from prefprint.io.workbook import held, layout_rows, read_meta
from prefprint.server import pages
from prefprint.server.db import Closed, Conflict, Row, Same, Store, Write, entered, now
from prefprint.server.exports import export_workbook, held_workbook, layout_fills
from prefprint.server.rows import FIELDS, MAX_TEXT, Refused, cells_of, entry_of, outcome_of, place, plays, whists_of
from prefprint.views.text import settlement_text
from prefprint.words.messages import Message

MAX_BODY = 8 * 1024  # a row is a few hundred bytes
LAYOUT_FIELDS = ("token", "table", "deal", "pockets", "correct", "reason")
FAILURES = 20  # wrong codes from one address within WINDOW seconds before it must wait (HTTP 429)
WINDOW = 60.0
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
LIVE = "live"  # the folder (in the session's) of the results site kept published while rows arrive
DIRECTOR_COOKIE = "prefprint-director"  # set by the director's page: his browser sees hidden results
LIVE_DELAY = 0.5  # seconds after a change before publishing: the rows of a round come together
# while the worker solves makeable tables the kit's cache does not hold (on every core, in the background) and
# no row comes, live/ is published again this many seconds after the last time with the tables solved meanwhile
LIVE_SOLVE = 5.0
LIVE_RETRIES = 3  # a worker that died while tables were solved is started again this many times in a row
# seconds the live worker is given to end on SIGTERM (its solving processes stopped and waited for, its queues
# released) before it is killed: killed half-way, it leaves the director's terminal a "leaked semaphore" warning
LIVE_STOP_WAIT = 5.0


def session_folder(competition: Competition, event: Event, folder: Path) -> Path:
    """The session's kit folder: the folder itself, or its session-N/ where the competition has several."""
    return folder if len(competition.sessions) == 1 else folder / f"session-{event.session}"


def provisional_report(
    competition: Competition,
    event: Event,
    workbook: Path,
    folder: Path | None = None,
    rulings=None,
    earlier: tuple = (),
    **publish,
):
    """The ranking of a filled workbook by the results pipeline of `prefprint results`: provisional while
    rows are missing, else exactly the final run. Nothing is published unless `publish` options are given
    (pdf=…, spreadsheet=…, …: the live site), then the run publishes into `folder`. `earlier`: the sessions
    before this one, ranked together with it: (event, workbook, rulings) each. The one call of the pipeline
    for the server: repoint it here."""
    sessions = (*earlier, (event, workbook, rulings))
    comp = replace(competition, sessions=tuple(e for e, _, _ in sessions))
    workbooks = [w for _, w, _ in sessions]
    by_session = {e.session: r for e, _, r in sessions}
    # the sessions before this one are read and checked once while their workbooks stay the same (keep)
    run = dict(rulings_of=lambda e: by_session[e.session], publish=bool(publish), keep=bool(earlier), **publish)
    return results.run(comp, workbooks, folder, results.Options(provisional=True, final_when_complete=True, **run))


_EARLIER: dict[int, tuple[str, bytes]] = {}  # the worker's exports of earlier sessions: session -> (digest, bytes)


def earlier_workbooks(competition: Competition, event: Event, folder: Path, scratch) -> tuple[list, list]:
    """The filled workbooks of the sessions before `event`'s, as their kit folders beside `folder` hold them:
    the rows entered on that session's server exported into its protocols.xlsx (rows typed there on paper
    kept), or that protocols.xlsx alone.
    `scratch(suffix)` gives a temporary file for an export; an export is kept (by its rows) for the next call.
    Returns ([(event, workbook)], [(session, its folder)] of the sessions whose folder holds neither)."""
    found, missing = [], []
    for e in competition.sessions:
        if e.session >= event.session or len(competition.sessions) == 1:
            break
        there = session_folder(competition, e, Path(folder).parent)
        kit = there / "protocols.xlsx"
        rows = entered(there, e.digest, e.session)
        if rows is None:
            if kit.is_file():
                found.append((e, kit))
            else:
                missing.append((e.session, there))
            continue
        fills, pockets = rows
        stamp = kit.stat() if kit.is_file() else None
        digest = hashlib.sha256(
            json.dumps(
                [sorted(fills.items()), sorted(pockets.items()), stamp and (stamp.st_mtime_ns, stamp.st_size)],
                ensure_ascii=False,
            ).encode()
        ).hexdigest()
        path = scratch(".xlsx")
        if _EARLIER.get(e.session, ("",))[0] == digest:
            path.write_bytes(_EARLIER[e.session][1])
        else:
            layouts = layout_fills(e, {d: {"pockets": p} for d, p in pockets.items()})
            export_workbook(e, kit if stamp else None, path, fills, layouts)
            _EARLIER[e.session] = (digest, path.read_bytes())
        found.append((e, path))
    return found, missing


def session_report(competition, event, workbook, here, out, rulings, earlier_rulings, scratch, **publish):
    """provisional_report of the session (its kit folder `here`) ranked together with the sessions before it
    (earlier_workbooks), else alone; published into `out` if `publish` options are given. Returns (report,
    note): the note (a Message) says which sessions were ranked together, or why this one is ranked alone (a
    session before it is not there, or its workbook has problems)."""
    earlier, missing = earlier_workbooks(competition, event, here, scratch)
    if missing:
        session, there = missing[0]
        note = Message("serve.ranked_alone_missing", session=session, folder=str(there))
    elif earlier:
        together = tuple((e, w, (earlier_rulings or {}).get(e.session)) for e, w in earlier)
        try:
            report = provisional_report(competition, event, workbook, out, rulings, together, **publish)
            sessions = ", ".join(str(e.session) for e, _ in [*earlier, (event, None)])
            return report, Message("serve.ranked_together", sessions=sessions)
        except PrefprintError as e:
            note = Message("serve.ranked_alone_problems", text=e.text(event.language))
    else:
        note = None
    return provisional_report(competition, event, workbook, out, rulings, **publish), note


@contextmanager
def scratch_files(folder: Path, prefix: str):
    """A function giving temporary files in `folder` (mkstemp, `prefix`), every one removed at the end."""
    made = []

    def scratch(suffix: str) -> Path:
        fd, name = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=suffix)
        os.close(fd)
        made.append(Path(name))
        return made[-1]

    try:
        yield scratch
    finally:
        for path in made:
            path.unlink(missing_ok=True)


_SOLVING = Background()  # the worker's processes solving the makeable tables the kit's cache lacks


def _live_worker_start() -> None:
    """In the live worker: SIGTERM (the server stopping it) ends the solving processes and unwinds the publish
    under way, its staged folder, lock and scratch files going with it, rather than ending the worker where
    it stands."""
    signal.signal(signal.SIGTERM, _stop_publishing)


def _stop_publishing(signum, frame):
    _SOLVING.stop()
    raise SystemExit(0)


def publish_live(
    competition: Competition,
    event: Event,
    source: Path | None,
    fills: dict,
    folder: Path,
    rulings,
    layouts=None,
    earlier_rulings=None,
):
    """The results site of the rows entered so far, published into folder/live by the pipeline of
    `prefprint results --no-pdf`: provisional while rows are missing, final when none is; in a later
    session of a competition ranked together with the sessions before it (session_report). The workbook
    read is the kit's protocols.xlsx (`source`) with the rows filled in as the director's export has them,
    filled in memory (io.workbook.held), not written and read back.

    The makeable tables come from the kit's cache; the deals it does not hold are solved in the background on
    every core (_SOLVING), the site published meanwhile with the tables solved so far (kept in live/).

    Runs in the server's worker process. Returns {"final": bool, "ranking": results.ranking_json, "note":
    text or None, "unsolved": deals whose makeable table is still to be solved} or {"error": text}
    (nothing changed).
    """
    with scratch_files(folder, ".live-") as scratch:
        try:
            book = held_workbook(event, source).fill(fills, layouts=layouts)
            with held(Path(folder) / "protocols.xlsx", book) as path:
                live = dict(pdf=False, spreadsheet=False, analysis=True, analysis_background=_SOLVING)
                report, note = session_report(
                    competition, event, path, folder, Path(folder) / LIVE, rulings, earlier_rulings, scratch, **live
                )
                return {
                    "final": not any(r.provisional for r in report.reports),
                    "ranking": results.ranking_json(report),
                    "note": note.text(event.language) if note else None,
                    "unsolved": sum(len(r.analysis.unsolved) for r in report.reports if r.analysis),
                }
        except PrefprintError as e:
            return {"error": e.text(event.language)}


class Writer:
    """One writer: the rows arriving together are stored in one transaction (group commit)."""

    def __init__(self, store: Store):
        self.store = store
        self.pending: list = []
        self.task = None
        self.lock = None

    async def submit(self, write: Write):
        fut = asyncio.get_running_loop().create_future()
        self.pending.append((write, fut))
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._drain())
        return await fut

    async def _drain(self):
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                async with self._lock():
                    writes = [w for w, _ in batch]
                    outcomes = await asyncio.to_thread(self.store.write, writes)
                    self.store.remember(writes, outcomes)
            except Exception as e:  # the disk refused: nobody is told the row is stored
                outcomes = [e] * len(batch)
            for (_, fut), out in zip(batch, outcomes):
                if not fut.done():
                    fut.set_result(out)

    def _lock(self):
        if self.lock is None:
            self.lock = asyncio.Lock()
        return self.lock

    async def run(self, fn, *args):
        """Any other write (close a round, a setting), after the rows before it."""
        async with self._lock():
            return await asyncio.to_thread(fn, *args)


def _correction(body: dict, director: bool, replaces: bool) -> tuple[bool, str]:
    """("correct", the reason, stripped) of a posted row or layout: a bool, a short text, and a reason
    whenever the director replaces what is there."""
    correct = body.get("correct", False)
    if not isinstance(correct, bool):
        raise Refused(422, Message("serve.not_bool", field="correct"), "correct")
    reason = body.get("reason", "")
    if not isinstance(reason, str) or len(reason) > MAX_TEXT["reason"]:
        raise Refused(422, Message("serve.reason_text", n=MAX_TEXT["reason"]), "reason")
    if correct and director and replaces and not reason.strip():
        raise Refused(422, Message("serve.reason_needed"), "reason")
    return correct, reason.strip()


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
    ):
        """`live`: keep the results site of the rows entered published in folder/live (served under /live/).
        `earlier_rulings`: the rulings of the sessions before this one by session (ranked together with it)."""
        self.competition, self.event, self.folder, self.rulings = competition, event, Path(folder), rulings
        self.earlier_rulings = earlier_rulings or {}
        self.live = live  # keep folder/live published (publish_live)
        self.live_state: dict = {"version": None, "at": None}  # what live/ shows: rows version, when, final/error
        self.live_task = None
        self.live_wake = asyncio.Event()  # rows came while the worker waits to publish tables solved meanwhile
        self.live_deaths = 0  # workers that died one after the other
        self.live_pool = None
        self.lang = event.language
        self.codes = entry_codes.codes(event, entry_codes.secret(self.folder))
        self.by_code = {c: ("table", t) for t, c in self.codes["tables"].items()}
        self.by_code[self.codes["director"]] = ("director", None)
        self.store = Store(self.folder, event.digest, event.session)
        if hide_results and "hide_results" not in self.store.settings:
            self.store.set("hide_results", True)
        self.where = plays(event)
        self.writer = Writer(self.store)
        self.failures: dict[str, list] = {}
        self.ranked = (None, None)  # (version, ranking JSON or Refused)
        self.ranking_lock = None
        self.source = self.folder / "protocols.xlsx"  # the kit's workbook, paper rows and all, if it is there
        if self.source.is_file():
            meta = read_meta(self.source)
            if meta and meta.get("digest") != event.digest:
                raise PrefprintError("serve.workbook_other", path=str(self.source))

    # ------------------------------------------------------------------ who asks

    def who(self, token, address: str) -> tuple[str, int | None]:
        """("director", None) or ("table", n) for a code; Refused 403 (429 after too many wrong codes)."""
        stamp = time.monotonic()
        fails = self.failures.get(address)
        if fails and stamp - fails[1] > WINDOW:
            fails = self.failures.pop(address)
            fails = None
        if fails and fails[0] >= FAILURES:
            raise Refused(429, Message("serve.too_many_codes"), "token")
        role = self.role(token)
        if role is not None:
            return role
        if fails is None:
            self.failures[address] = fails = [0, stamp]
        fails[0] += 1
        raise Refused(403, Message("serve.bad_code"), "token")

    def role(self, token) -> tuple[str, int | None] | None:
        """The role of a code (as `who`), None for no code or a wrong one, which is not counted."""
        if isinstance(token, str) and len(token) <= MAX_TEXT["token"]:
            typed = entry_codes.normal(token)
            for code, role in self.by_code.items():
                if entry_codes.same(typed, code):
                    return role
        return None

    def director(self, token, address: str) -> None:
        if self.who(token, address)[0] != "director":
            raise Refused(403, Message("serve.director_only"), "token")

    # ------------------------------------------------------------------ rows

    def checked_row(self, body: dict, address: str):
        """(outcome, settlement, write) of a posted row; Refused for anything wrong."""
        role, mine = self.who(body.get("token"), address)
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

    def table_rows(self, table: int) -> list[dict]:
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
        role, mine = self.who(body.get("token"), address)
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

    def progress(self) -> dict:
        rounds = []
        total = done = 0
        for rnd in self.event.movement.rounds:
            tables = []
            for t in rnd.tables:
                deals = [d.number for d in self.event.deals if d.set == t.set]
                missing = [d for d in deals if (d, rnd.number, t.table) not in self.store.rows]
                tables.append({"table": t.table, "deals": deals, "missing": missing})
                total += len(deals)
                done += len(deals) - len(missing)
            rounds.append({"round": rnd.number, "closed": rnd.number in self.store.closed, "tables": tables})
        return {
            "rounds": rounds,
            "rows": done,
            "of": total,
            "version": self.store.version,
            "hide_results": bool(self.store.settings.get("hide_results")),
            "live": self.live_json(),
        }

    def live_json(self) -> dict | None:
        """What the director is told of live/: when it was published, over how many changes, or why not."""
        if not self.live:
            return None
        state = self.live_state
        return {
            "at": state["at"],
            "current": state["version"] == self.store.version,
            "final": bool(state.get("final")),
            "error": state.get("error"),
            "note": state.get("note"),
            "unsolved": state.get("unsolved") or 0,
        }

    # ------------------------------------------------------------------ the workbook and the ranking

    def fills(self) -> dict:
        """The cells of every entered row, a snapshot taken in the event loop (where the rows change)."""
        return {(r.deal, r.round, r.table): r.cells for r in self.store.rows.values()}

    def layouts(self) -> dict:
        """The layout cells of every layout entered (layout_fills), a snapshot like fills()."""
        return layout_fills(self.event, self.store.layouts)

    def export(self, target: Path, fills: dict) -> Path:
        """The kit's protocols.xlsx with the entered rows (`fills`) filled in, rows typed there on paper kept."""
        return export_workbook(
            self.event, self.source if self.source.is_file() else None, target, fills, self.layouts()
        )

    def export_bytes(self, fills: dict) -> bytes:
        fd, name = tempfile.mkstemp(dir=self.folder, prefix=".export-", suffix=".xlsx")
        os.close(fd)
        path = Path(name)
        try:
            return self.export(path, fills).read_bytes()
        finally:
            path.unlink(missing_ok=True)

    def _ranking(self, fills: dict):
        with scratch_files(self.folder, ".ranking-") as scratch:
            try:
                path = self.export(scratch(".xlsx"), fills)
                report, _ = session_report(
                    self.competition,
                    self.event,
                    path,
                    self.folder,
                    self.folder,
                    self.rulings,
                    self.earlier_rulings,
                    scratch,
                )
                return results.ranking_json(report)
            except PrefprintError as e:
                return Refused(409, Message("serve.ranking_problems", text=e.text(self.lang)))

    async def ranking(self):
        """The provisional ranking, made again only when rows changed since the last one (with `live`,
        by the worker publishing live/, waited for; here only if that failed)."""
        if self.live and self.ranked[0] != self.store.version:
            self.changed()
            while self.ranked[0] != self.store.version and self.live_task is not None and not self.live_task.done():
                await asyncio.sleep(0.05)
        if self.ranking_lock is None:
            self.ranking_lock = asyncio.Lock()
        async with self.ranking_lock:
            version = self.store.version
            if self.ranked[0] != version:
                self.ranked = (version, await asyncio.to_thread(self._ranking, self.fills()))
            return self.ranked[1]

    # ------------------------------------------------------------------ the live site

    def changed(self) -> None:
        """Rows or rounds changed: publish live/ again soon (one run at a time, the last change always in)."""
        if self.live and (self.live_task is None or self.live_task.done()):
            self.live_task = asyncio.ensure_future(self._keep_live())
        elif self.live:
            self.live_wake.set()  # waiting to publish the tables solved meanwhile: publish the rows now

    async def _keep_live(self) -> None:
        await asyncio.sleep(LIVE_DELAY)
        while True:
            if self.live_state["version"] == self.store.version:
                if not self.live_state.get("unsolved"):
                    return
                # makeable tables are being solved: again a moment later, or as soon as rows come
                self.live_wake.clear()
                try:
                    await asyncio.wait_for(self.live_wake.wait(), LIVE_SOLVE)
                except TimeoutError:
                    pass
                else:
                    await asyncio.sleep(LIVE_DELAY)
            version, fills = self.store.version, self.fills()
            source = self.source if self.source.is_file() else None
            if self.live_pool is None:  # one worker, started afresh (not forked from the event loop)
                self.live_pool = WorkerPool(1, _live_worker_start, spawn=True).__enter__()
            job = (
                self.competition,
                self.event,
                source,
                fills,
                self.folder,
                self.rulings,
                self.layouts(),
                self.earlier_rulings,
            )
            try:
                out = await asyncio.wrap_future(self.live_pool.submit(publish_live, *job))
            except Exception as e:  # the worker died (out of memory, killed): a new one next time
                self.stop_live()
                self.live_deaths += 1
                unsolved = self.live_state.get("unsolved") or 0
                if unsolved and self.live_deaths <= LIVE_RETRIES:  # tables were being solved: a new worker carries on
                    out = {"error": Message("serve.live_restarted", error=type(e).__name__).text(self.lang)}
                    out["unsolved"] = unsolved
                else:
                    out = {"error": Message("serve.live_failed", error=type(e).__name__).text(self.lang)}
            else:
                self.live_deaths = 0
            ranking = out.pop("ranking", None)
            if ranking is not None:
                self.ranked = (version, ranking)
            self.live_state = {"version": version, "at": time.strftime("%H:%M:%S"), **out}

    def stop_live(self) -> None:
        """The worker ended now, a publish under way or not (the next one takes over its folder)."""
        if self.live_pool is not None:
            self.live_pool.stop(LIVE_STOP_WAIT)
            self.live_pool = None


# ---------------------------------------------------------------------- HTTP


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _digits(text: str) -> bool:
    """ASCII digits only: «²» or «١» pass str.isdigit, and int() refuses the one and reads the other as 1."""
    return text.isascii() and text.isdigit()


class _LongNumber(Exception):
    pass


def _small_int(text: str) -> int:
    """A whole number of a request: no field of the API takes more than 18 digits (Python refuses past 4,300)."""
    if len(text.lstrip("-")) > 18:
        raise _LongNumber
    return int(text)


async def _body(request: Request, fields=FIELDS) -> dict:
    """A JSON object of at most MAX_BODY bytes with known fields, or Refused 4xx."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise Refused(415, Message("serve.not_json"))
    length = request.headers.get("content-length")
    if length and (not _digits(length) or int(length) > MAX_BODY):
        raise Refused(413, Message("serve.too_large", n=MAX_BODY))
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise Refused(413, Message("serve.too_large", n=MAX_BODY))
    try:
        body = json.loads(data.decode("utf-8"), parse_int=_small_int)
    except _LongNumber:
        raise Refused(422, Message("serve.long_number")) from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused(400, Message("serve.bad_json")) from None
    if not isinstance(body, dict):
        raise Refused(400, Message("serve.bad_json"))
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise Refused(422, Message("serve.unknown_field", field=unknown[0][:40]), unknown[0][:40])
    return body


def _refusal(s: Scoring, e: Refused) -> JSONResponse:
    return JSONResponse({"error": e.message.text(s.lang), "field": e.field}, status_code=e.status)


def _api(handler):
    """A JSON endpoint: Refused becomes its status with {"error", "field"}."""

    async def endpoint(request: Request):
        s: Scoring = request.app.state.scoring
        try:
            return await handler(s, request)
        except Refused as e:
            return _refusal(s, e)

    return endpoint


async def api_event(s: Scoring, request: Request):
    e = s.event
    return JSONResponse(
        {
            "event": e.heading,
            "session": e.session,
            "rounds": len(e.movement.rounds),
            "tables": e.movement.tables,
            "deals": len(e.deals),
            "language": e.language,
            "seats": list(e.seats),
        }
    )


async def api_table(s: Scoring, request: Request):
    table = _table_number(s, request)
    role, mine = s.who(request.query_params.get("token"), _address(request))
    if role == "table" and mine != table:
        raise Refused(403, Message("serve.other_table", table=mine), "table")
    return JSONResponse(s.table_rows(table))


def _table_number(s: Scoring, request: Request) -> int:
    text = request.path_params["table"]
    if not _digits(text) or int(text) not in {t for _, t in s.where}:
        raise Refused(404, Message("serve.no_table", table=text[:10]), "table")
    return int(text)


async def api_preview(s: Scoring, request: Request):
    """What a row would give, in words and numbers, for the table to confirm; nothing is stored."""

    outcome, settlement, write = s.checked_row(await _body(request), _address(request))
    words = settlement_text(outcome, settlement, s.lang).split("\n")
    entered = (write.row.deal, write.row.round, write.row.table) in s.store.rows
    same = s.store.holds(write.row)
    return JSONResponse({"whists": write.row.whists, "words": words, "entered": entered, "same": same})


async def api_rows(s: Scoring, request: Request):
    _, _, write = s.checked_row(await _body(request), _address(request))
    out = await s.writer.submit(write)
    if isinstance(out, Conflict):
        raise Refused(409, Message("serve.already"), "deal")
    if isinstance(out, Closed):
        raise Refused(403, Message("serve.round_closed", round=write.row.round), "round")
    if isinstance(out, Exception) and not isinstance(out, Same):
        raise Refused(503, Message("serve.not_stored", why=type(out).__name__))
    if out is None:
        s.changed()
    return JSONResponse(  # the very row sent again (its answer lost on the way): 200, stored already
        {"whists": write.row.whists, "deal": write.row.deal, "round": write.row.round, "table": write.row.table}
        | ({"same": True} if out else {}),
        status_code=200 if out else 201,
    )


async def api_layouts(s: Scoring, request: Request):
    address = _address(request)
    deal, pockets, by, correct, reason = s.checked_layout(await _body(request, LAYOUT_FIELDS), address)
    try:
        layout = await s.writer.run(s.store.write_layout, deal, pockets, by, address, correct, reason)
    except Same:  # the very layout sent again: stored already
        return JSONResponse({"deal": deal, "pockets": pockets, "same": True})
    except Conflict:
        raise Refused(409, Message("serve.layout_already"), "deal") from None
    s.store.remember_layout(deal, layout)
    s.changed()
    return JSONResponse({"deal": deal, "pockets": pockets}, status_code=201)


async def api_progress(s: Scoring, request: Request):
    s.director(request.query_params.get("token"), _address(request))
    return JSONResponse(s.progress())


async def api_audit(s: Scoring, request: Request):
    s.director(request.query_params.get("token"), _address(request))
    return JSONResponse(s.store.audit())


async def api_round(s: Scoring, request: Request):
    body = await _body(request, ("token", "closed"))
    s.director(body.get("token"), _address(request))
    text = request.path_params["round"]
    if not _digits(text) or not 1 <= int(text) <= len(s.event.movement.rounds):
        raise Refused(404, Message("serve.no_round_at_all", round=text[:10]), "round")
    closed = body.get("closed", True)
    if not isinstance(closed, bool):
        raise Refused(422, Message("serve.not_bool", field="closed"), "closed")
    await s.writer.run(s.store.close_round, int(text), "director", closed)
    return JSONResponse({"round": int(text), "closed": closed})


async def api_settings(s: Scoring, request: Request):
    body = await _body(request, ("token", "hide_results"))
    s.director(body.get("token"), _address(request))
    hide = body.get("hide_results")
    if not isinstance(hide, bool):
        raise Refused(422, Message("serve.not_bool", field="hide_results"), "hide_results")
    await s.writer.run(s.store.set, "hide_results", hide)
    return JSONResponse({"hide_results": hide})


async def _visible(s: Scoring, request: Request) -> None:
    """Results hidden by the director: his code (typed, or the cookie his page set) shows them; a visitor with
    no code is told they are hidden, and is not counted among wrong codes."""
    if s.store.settings.get("hide_results"):
        token = request.query_params.get("token")
        if token:
            s.director(token, _address(request))
        elif (s.role(request.cookies.get(DIRECTOR_COOKIE)) or ("",))[0] != "director":  # a stale cookie: not counted
            raise Refused(403, Message("serve.results_hidden"))


async def api_results(s: Scoring, request: Request):
    await _visible(s, request)
    ranking = await s.ranking()
    if isinstance(ranking, Refused):
        raise ranking
    return JSONResponse(ranking)


async def api_export(s: Scoring, request: Request):
    s.director(request.query_params.get("token"), _address(request))
    data = await asyncio.to_thread(s.export_bytes, s.fills())
    name = f"protocols-{time.strftime('%Y%m%d-%H%M%S')}.xlsx"
    return Response(data, media_type=XLSX, headers={"Content-Disposition": f'attachment; filename="{name}"'})


# ---------------------------------------------------------------------- pages


def _page(handler):
    async def endpoint(request: Request):
        s: Scoring = request.app.state.scoring
        try:
            page = await handler(s, request)
            return page if isinstance(page, Response) else HTMLResponse(page, headers=pages.HEADERS)
        except Refused as e:
            return HTMLResponse(pages.refused(s, e), status_code=e.status, headers=pages.HEADERS)

    return endpoint


async def page_home(s: Scoring, request: Request):
    token = request.query_params.get("token")
    if token is not None:
        role, table = s.who(token, _address(request))
        where = "/director" if role == "director" else f"/t/{table}"
        return RedirectResponse(f"{where}?token={entry_codes.normal(token)}", status_code=303)
    return HTMLResponse(pages.home(s), headers=pages.HEADERS)


async def page_table(s: Scoring, request: Request):
    table = _table_number(s, request)
    token = request.query_params.get("token")
    role, mine = s.who(token, _address(request))
    if role == "table" and mine != table:
        raise Refused(403, Message("serve.other_table", table=mine), "table")
    return pages.table(s, table, entry_codes.normal(token), role == "director")


async def page_director(s: Scoring, request: Request):
    token = request.query_params.get("token")
    s.director(token, _address(request))
    page = HTMLResponse(pages.director(s, entry_codes.normal(token)), headers=pages.HEADERS)
    # the results' pages and the live site's links carry no code: the director's browser shows them when hidden
    page.set_cookie(DIRECTOR_COOKIE, entry_codes.normal(token), httponly=True, samesite="strict")
    return page


async def page_results(s: Scoring, request: Request):
    await _visible(s, request)
    ranking = await s.ranking()
    return pages.results(s, ranking)


async def page_live(s: Scoring, request: Request):
    """A file of the live results site (folder/live), as `prefprint results` wrote it."""
    await _visible(s, request)
    root = (s.folder / LIVE).resolve()
    target = (root / request.path_params.get("path", "")).resolve()
    if not target.is_relative_to(root):
        raise Refused(404, Message("serve.live_missing"))
    if target.is_dir():
        target = target / "index.html"
    if target.suffix != ".html":  # the site is its pages; its caches (the makeable tables of every deal) are not served
        raise Refused(404, Message("serve.live_missing"))
    if not target.is_file():
        if not s.live or root.is_dir():
            raise Refused(404, Message("serve.live_missing"))
        s.changed()
        raise Refused(503, Message("serve.live_pending"))
    return FileResponse(target, headers=pages.HEADERS)


async def script(request: Request):
    return Response(pages.script(), media_type="text/javascript; charset=utf-8", headers=pages.HEADERS)


async def _home(request: Request):
    s: Scoring = request.app.state.scoring
    try:
        return await page_home(s, request)
    except Refused as e:
        return HTMLResponse(pages.refused(s, e), status_code=e.status, headers=pages.HEADERS)


def routes() -> list[Route]:
    return [
        Route("/", _home),
        Route("/t/{table}", _page(page_table)),
        Route("/director", _page(page_director)),
        Route("/results", _page(page_results)),
        Route("/live/{path:path}", _page(page_live)),
        Route("/entry.js", script),
        Route("/api/event", _api(api_event)),
        Route("/api/tables/{table}", _api(api_table)),
        Route("/api/preview", _api(api_preview), methods=["POST"]),
        Route("/api/rows", _api(api_rows), methods=["POST"]),
        Route("/api/layouts", _api(api_layouts), methods=["POST"]),
        Route("/api/progress", _api(api_progress)),
        Route("/api/audit", _api(api_audit)),
        Route("/api/rounds/{round}", _api(api_round), methods=["POST"]),
        Route("/api/settings", _api(api_settings), methods=["POST"]),
        Route("/api/results", _api(api_results)),
        Route("/api/export.xlsx", _api(api_export)),
    ]


def create_app(competition: Competition, event: Event, folder: Path, **options) -> Starlette:
    """The server of one session, its database in `folder` (the session's kit folder); `options` are
    Scoring's (rulings, hide_results, live: keep folder/live published, earlier_rulings)."""
    scoring = Scoring(competition, event, folder, **options)

    @asynccontextmanager
    async def lifespan(app):
        scoring.changed()  # the live site from the start, and after a restart caught up with the rows kept
        try:
            yield
        finally:
            if scoring.live_task is not None:
                scoring.live_task.cancel()
            await asyncio.to_thread(scoring.stop_live)

    app = Starlette(routes=routes(), lifespan=lifespan)
    app.state.scoring = scoring
    return app
