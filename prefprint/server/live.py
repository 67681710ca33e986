"""The live results site: the rows entered so far published into the session's live/ by a worker process.

With `live`, the whole results site of the rows entered (`publish_live`, the pipeline of `prefprint
results`, without the PDF) is published again a moment after rows change (`keep_live`), in a process
of its own so that the tables' requests never wait for it; the server serves it under /live/.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

from prefprint.analysis import makeable
from prefprint.analysis.workers import Background
from prefprint.app import results
from prefprint.app.memo import Memo
from prefprint.engine.model import Competition, Event
from prefprint.errors import PrefprintError
from prefprint.io.layout import LIVE
from prefprint.io.pool import WorkerPool
from prefprint.server.entries import PaperRows, served
from prefprint.server.ranking import EarlierSessions, session_report
from prefprint.server.webcopy import WebCopy
from prefprint.words.messages import Message

# publishing waits until no row came for LIVE_DELAY seconds (the rows of a round come together), at most LIVE_SETTLE
LIVE_DELAY = 0.05
LIVE_SETTLE = 0.5
# while the worker solves makeable tables the kit's cache does not hold (on every core, in the background) and
# no row comes, live/ is published again as soon as every table is solved, and meanwhile this many seconds
# after the last time with the tables solved so far
LIVE_SOLVE = 5.0
LIVE_POLL = 0.5  # seconds the worker is asked to wait at a time for its solving to end (rows wait no longer)
LIVE_RETRIES = 3  # a worker that died while tables were solved is started again this many times in a row
# seconds the live worker is given to end on SIGTERM (its solving processes stopped and waited for, its queues
# released) before it is killed: killed half-way, it leaves the director's terminal a "leaked semaphore" warning
LIVE_STOP_WAIT = 5.0


class LiveWorker:
    """The live worker process's own state, made when the process starts (`_live_worker_start`): what its earlier
    runs checked and built and the processes solving the makeable tables the kit's cache lacks (app.memo.Memo), the
    kit's paper rows (PaperRows) and the sessions before this one (EarlierSessions), each read again only when
    it changed."""

    def __init__(self):
        self.memo = Memo(background=Background())
        self.paper: PaperRows | None = None
        self.earlier: EarlierSessions | None = None

    def start_solving(self, event: Event, folder: Path) -> None:
        """First thing: the makeable tables the caches lack are handed to the background, so that they are solved
        while the first publish reads and checks the rows (it finds them under way)."""
        makeable.start_solving(event.deals, makeable.cache_sources(Path(folder) / LIVE), self.memo.background)

    def publish(
        self,
        competition: Competition,
        event: Event,
        rows: dict,
        layouts: dict,
        folder: Path,
        rulings,
        earlier_rulings=None,
    ) -> dict:
        """The results site of the rows entered so far (`rows` {(deal, round, table): cells}, `layouts` {deal:
        {pocket: cards}}), put over the rows typed on paper into the kit's protocols.xlsx (server.entries), published
        into folder/live by the pipeline of `prefprint results --no-pdf`: provisional while rows are missing, final
        when none is; in a later session of a competition ranked together with the sessions before it
        (session_report). The makeable tables come from the kit's cache; the deals it does not hold are solved in
        the background on every core, the site published meanwhile with the tables solved so far.

        Returns {"final": bool, "ranking": results.ranking_json, "note": text or None, "unsolved": deals whose
        makeable table is still to be solved} or {"error": text} (nothing changed)."""
        if self.paper is None or self.paper.event.digest != event.digest:
            self.paper = PaperRows(event, folder)
            self.earlier = EarlierSessions(competition, event, folder)
        try:
            entries = served(event, self.paper.entries(), rows, layouts)
            live = dict(pdf=False, spreadsheet=False, analysis=True, memo=self.memo)
            report, note = session_report(
                competition, event, entries, Path(folder) / LIVE, rulings, earlier_rulings, self.earlier, **live
            )
        except PrefprintError as e:
            return {"error": e.text(event.language)}
        return {
            "final": not any(r.provisional for r in report.reports),
            "ranking": results.ranking_json(report),
            "note": note.text(event.language) if note else None,
            "unsolved": sum(len(r.analysis.unsolved) for r in report.reports if r.analysis),
        }


# The live worker process's LiveWorker, made by the process's initializer: a process of a pool has no caller to
# be handed its state, and the server's own process never sets it.
_WORKER: LiveWorker | None = None


def _live_worker_start() -> None:
    """In the live worker: its state made; SIGTERM (the server stopping it) ends the solving processes and unwinds
    the publish under way, its staged folder and lock going with it, rather than ending the worker where it
    stands."""
    global _WORKER
    _WORKER = LiveWorker()
    signal.signal(signal.SIGTERM, _stop_publishing)


def _stop_publishing(signum, frame):
    _WORKER.memo.background.stop()
    raise SystemExit(0)


def _start_solving(event: Event, folder: Path) -> None:
    _WORKER.start_solving(event, folder)


def _solving(timeout: float) -> int:
    """In the live worker: waits at most `timeout` seconds for the tables under way; how many are not solved."""
    return _WORKER.memo.background.wait(timeout)


def publish_live(*job) -> dict:
    """In the live worker: LiveWorker.publish of the job (the server's LiveSite hands it over)."""
    return _WORKER.publish(*job)


class LiveSite:
    """The results site of a served session kept published in its live/ while rows arrive: the worker process
    that publishes it (publish_live), what live/ shows and since when (`state`), the ranking the last publish
    made (`ranked`), the task that publishes again (`changed`). Made by the session's Scoring, whose rows it
    publishes (`scoring`: its store, fills(), layouts(), the event and its rulings)."""

    def __init__(self, scoring, web: WebCopy | None = None):
        self.scoring = scoring
        self.web = web  # the copy on the event's web host, sent after each publish
        self.state: dict = {"version": None, "at": None}  # what live/ shows: rows version, when, final/error/unsolved
        self.ranked: tuple = (None, None)  # (rows version, ranking JSON) of the last publish
        self.task: asyncio.Task | None = None
        self.wake = asyncio.Event()  # rows came while the worker waits to publish tables solved meanwhile
        self.deaths = 0  # workers that died one after the other
        self.pool: WorkerPool | None = None

    def changed(self) -> None:
        """Rows or rounds changed: publish live/ again soon (one run at a time, the last change always in)."""
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self.keep())
        else:
            self.wake.set()  # waiting to publish the tables solved meanwhile: publish the rows now

    def stop(self) -> None:
        """The worker ended now, a publish under way or not (the next one takes over its folder)."""
        if self.pool is not None:
            self.pool.stop(LIVE_STOP_WAIT)
            self.pool = None

    async def close(self) -> None:
        """The server stops: the publishing task cancelled, the worker ended."""
        if self.task is not None:
            self.task.cancel()
        if self.web is not None:
            await self.web.close()
        await asyncio.to_thread(self.stop)

    def json(self, version: int) -> dict:
        """What the director is told of live/ (the rows at `version`): when it was published, whether it shows
        them all, or why not."""
        state = self.state
        return {
            "at": state["at"],
            "current": state["version"] == version,
            "final": bool(state.get("final")),
            "error": state.get("error"),
            "note": state.get("note"),
            "unsolved": state.get("unsolved") or 0,
            "web": self.web.json() if self.web is not None else None,
        }

    async def keep(self) -> None:
        """live/ published again by the worker (publish_live) until it shows the session's rows and every makeable
        table; the worker started afresh where it died."""
        s = self.scoring
        await self._settle()
        while True:
            if self.state["version"] == s.store.version:
                if not self.state.get("unsolved"):
                    return
                await self._while_solving()
            version, rows, layouts = s.store.version, s.fills(), s.layouts()
            if self.pool is None:
                self._start_worker()
            job = (s.competition, s.event, rows, layouts, s.folder, s.rulings, s.earlier_rulings)
            try:
                out = await asyncio.wrap_future(self.pool.submit(publish_live, *job))
            except Exception as e:  # the worker died (out of memory, killed): a new one next time
                self.stop()
                self.deaths += 1
                unsolved = self.state.get("unsolved") or 0
                if unsolved and self.deaths <= LIVE_RETRIES:  # tables were being solved: a new worker carries on
                    out = {"error": Message("serve.live_restarted", error=type(e).__name__).text(s.lang)}
                    out["unsolved"] = unsolved
                else:
                    out = {"error": Message("serve.live_failed", error=type(e).__name__).text(s.lang)}
            else:
                self.deaths = 0
            ranking = out.pop("ranking", None)
            if ranking is not None:
                self.ranked = (version, ranking)
            self.state = {"version": version, "at": time.strftime("%H:%M:%S"), **out}
            if self.web is not None and "error" not in out:
                self.web.published()
            if version != s.store.version:
                await self._settle()  # rows came while it published: more of them may be coming

    async def _settle(self) -> None:
        """Returns once no row came for LIVE_DELAY seconds, or LIVE_SETTLE seconds after it was called."""
        loop = asyncio.get_running_loop()
        until, seen = loop.time() + LIVE_SETTLE, self.scoring.store.version
        while True:
            await asyncio.sleep(LIVE_DELAY)
            if self.scoring.store.version == seen or loop.time() >= until:
                return
            seen = self.scoring.store.version

    def _start_worker(self) -> None:
        """One worker, started afresh (not forked from the event loop); it starts solving the tables at once."""
        self.pool = WorkerPool(1, _live_worker_start, spawn=True).__enter__()
        self.pool.submit(_start_solving, self.scoring.event, self.scoring.folder)  # its failure: the next publish's

    async def _while_solving(self) -> None:
        """Makeable tables are being solved and live/ shows every row: returns when every table is solved (the
        worker asked every LIVE_POLL seconds), once rows that came settle (_settle), or LIVE_SOLVE seconds after the last
        publish (the tables solved so far published), whichever is first; at once if the worker dies meanwhile
        (the publish tells)."""
        self.wake.clear()
        loop = asyncio.get_running_loop()
        rows = asyncio.ensure_future(self.wake.wait())
        until, asked = loop.time() + LIVE_SOLVE, None
        try:
            while loop.time() < until:
                if self.pool is None:  # died: a new worker carries on after LIVE_SOLVE, or with the rows
                    asked = asyncio.ensure_future(asyncio.sleep(until - loop.time()))
                else:
                    asked = asyncio.wrap_future(self.pool.submit(_solving, min(LIVE_POLL, until - loop.time())))
                await asyncio.wait({rows, asked}, return_when=asyncio.FIRST_COMPLETED)
                if rows.done():
                    await self._settle()
                    return
                if asked.result() == 0:
                    return
        except Exception:  # the worker died: the publish finds out
            return
        finally:
            rows.cancel()
            if asked is not None:
                asked.cancel()
