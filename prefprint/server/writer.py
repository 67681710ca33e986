"""The server's one writer: the rows arriving together are stored in one transaction."""

from __future__ import annotations

import asyncio

from prefprint.server.db import Store, Write


class Writer:
    """One writer: the rows arriving together are stored in one transaction (group commit)."""

    def __init__(self, store: Store):
        self.store = store
        self.pending: list = []
        self.task = None
        self.lock = None

    async def submit(self, write: Write):
        """A row stored with the others waiting: its outcome as Store.write gives it (None: stored), or what failed."""
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
