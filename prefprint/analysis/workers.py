"""The processes that solve deals: for one call of the analysis on every core (`run_tasks`), or outliving it in the
background (`Background`, the scoring server's live worker)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent import futures
from dataclasses import replace

from prefprint.analysis.solver import DealAnalysis, analyse_deal, deal_digest, load_searches
from prefprint.engine.deals import Deal
from prefprint.io.pool import WorkerPool

BACKGROUND_NICE = 10  # Background's processes run this much lower in priority (os.nice): see Background
Progress = Callable[[int, int], None]  # (deals done, deals to solve)


def solve_task(task: tuple[Deal, list[tuple[str, str]], bool]) -> DealAnalysis:
    deal, asked, misere_count = task
    return analyse_deal(deal, asked, misere_count)


def run_tasks(tasks: list, jobs: int | None, progress: Progress | None) -> list[DealAnalysis]:
    """Solve the tasks on `jobs` processes (default: every core), reporting each deal done."""
    say = progress or (lambda done, total: None)
    total = len(tasks)
    say(0, total)
    workers = max(1, min(jobs or os.cpu_count() or 1, total))
    if workers == 1:
        out = []
        for task in tasks:
            out.append(solve_task(task))
            say(len(out), total)
        return out
    out = []
    load_searches()  # the workers fork with the searches loaded, not each loading them
    with WorkerPool(workers) as pool:  # Ctrl-C or a failure: every worker ends at once, running deals unfinished
        pending = set(pool.submit_all(solve_task, tasks))
        while pending:
            done, pending = futures.wait(pending, return_when=futures.FIRST_COMPLETED)
            for f in done:
                out.append(f.result())
            say(len(out), total)
    return out


def _background_start() -> None:
    """In each of Background's processes: a lower priority, where the system has one (BACKGROUND_NICE)."""
    if hasattr(os, "nice"):
        os.nice(BACKGROUND_NICE)


class Background:
    """Deals solved on processes that outlive a call of analyse (the scoring server's live worker, publishing
    again and again): a call takes the deals solved since the one before and hands over those still to
    solve, and returns at once. What a call takes is kept by the cache of its folder: with no folder, the
    next call would hand the same deals over again. `stop()` ends the processes; so does the end of the
    process that made them. Used from one thread, the one that lives as long as the processes (see io.pool).
    The processes run at a lower priority (BACKGROUND_NICE): the publishes and the requests that share the
    cores with them come first.
    """

    def __init__(self, jobs: int | None = None):
        self.jobs = jobs
        self.pool: WorkerPool | None = None
        self.running: dict[tuple, object] = {}  # (deal digest, asked, misère counts) -> its future

    def step(self, tasks: list, answered: Iterable[str] = ()) -> list[DealAnalysis]:
        """The analyses of `tasks` finished so far (a deal that failed raises its error); the rest started.
        `answered`: digests of deals the cache now answers, whose results are forgotten."""
        answered = set(answered)
        for key in [k for k, f in self.running.items() if k[0] in answered and f.done()]:
            del self.running[key]
        out = []
        for task in tasks:
            deal, todo, misere_count = task
            key = (deal_digest(deal), frozenset(todo), misere_count)
            future = self.running.get(key)
            if future is None:
                if self.pool is None:
                    load_searches()
                    self.pool = WorkerPool(self.jobs or os.cpu_count() or 1, _background_start).__enter__()
                self.running[key] = self.pool.submit(solve_task, task)
            elif future.done():  # kept until the cache answers: should this call's result be lost, the next has it
                out.append(replace(future.result(), number=deal.number))
        return out

    def wait(self, timeout: float) -> int:
        """Waits at most `timeout` seconds for every deal under way to be solved: how many are still not."""
        return len(futures.wait([f for f in self.running.values() if not f.done()], timeout).not_done)

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.stop()
        self.pool, self.running = None, {}
