"""The live site copied to the event's web host while rows arrive: after each publish of live/, the same folder sent
to the spec's `[publish] upload` (io.remote.sync: only what changed, safely), in the background. An evening of a
club ([publish] club, no upload of its own) goes into the club's site, at the place its final results will have
(evenings/<date>-<name>/, a competition's session in its session-N/ there), which they replace when published.

At most one upload runs at a time, and one starts at most every PUSH_EVERY seconds; a publish made while one runs
is sent after it, so the web copy always ends with the last publish. An upload runs on a thread of its own: a slow
or dead link never holds up a table's row or the director's page, which says when the web copy was last brought
up to date, or why not.
"""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial
from pathlib import Path

from prefprint.app.upload import event_site, site_target
from prefprint.errors import PrefprintError
from prefprint.io.layout import session_name
from prefprint.io.remote import Target, sync
from prefprint.words.messages import Message

PUSH_EVERY = 3.0  # seconds between the starts of two uploads


def _in_thread(fn, *args) -> asyncio.Future:
    """fn(*args) on a daemon thread of its own, its result or error as a future of the running loop: an upload to a
    host that stopped answering (20 s before its timeout) never holds up the server's end, as a thread of the loop's
    executor would."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()

    def settle(result, error) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def run() -> None:
        try:
            result, error = fn(*args), None
        except BaseException as e:  # noqa: BLE001 - handed to the loop, which raises it where the upload is awaited
            result, error = None, e
        try:
            loop.call_soon_threadsafe(settle, result, error)
        except RuntimeError:  # the loop closed meanwhile: the server has ended, nobody waits for it
            pass

    threading.Thread(target=run, name="web-copy", daemon=True).start()
    return future


class WebCopy:
    """The live site's copy on the web host (`target`) of a served session: when it was last brought up to date
    (`at`), or why not (`error`), and the upload under way."""

    def __init__(self, folder: Path, target: Target, lang: str, under: str = ""):
        self.folder, self.target, self.lang, self.under = Path(folder), target, lang, under
        self.at: str | None = None  # the local time ("20:41") of the last upload that went through
        self.error: str | None = None  # why the last upload failed, in the director's words
        self.task: asyncio.Task | None = None
        self.again = False  # published while an upload ran: send once more after it
        self.last = None  # the event loop's time the last upload started
        self.sent = 0  # uploads that went through

    @classmethod
    def of(cls, event, folder: Path, spec: Path) -> WebCopy | None:
        """The web copy of a session whose spec names an upload address, its own or its club's, else None."""
        site = event_site(event, spec)
        if not site.upload:
            return None
        under = site.under + (f"/{session_name(event.session)}" if site.under and event.session_count > 1 else "")
        return cls(folder, site_target(site), event.language, under)

    def published(self) -> None:
        """live/ was published again: send it soon (one upload at a time, the last publish always sent)."""
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._send())
        else:
            self.again = True

    async def _send(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self.again = False
            if self.last is not None and loop.time() < self.last + PUSH_EVERY:
                await asyncio.sleep(self.last + PUSH_EVERY - loop.time())
            self.last = loop.time()
            try:
                await _in_thread(partial(sync, under=self.under), self.folder, self.target, 0.0)
            except PrefprintError as e:
                self.error = e.text(self.lang)
            except OSError as e:  # the local folder swapped while it was read: the next upload takes the new one
                self.error = Message("serve.web_failed", where=self.target.where, error=type(e).__name__).text(
                    self.lang
                )
            else:
                self.at, self.error = time.strftime("%H:%M"), None
                self.sent += 1
            if not self.again:
                return

    async def close(self) -> None:
        """The server stops: no upload started any more (one under way ends by itself, its thread not waited for)."""
        if self.task is not None:
            self.task.cancel()

    def json(self) -> dict:
        """What the director is told of the web copy."""
        return {
            "where": f"{self.target.where.rstrip('/')}/{self.under}" if self.under else self.target.where,
            "at": self.at,
            "error": self.error,
            "sending": bool(self.task and not self.task.done()),
            "sent": self.sent,
        }
