"""What every route of the desk shares: the desk's state (`Desk`), the guard of each request (the director's code,
the desk's own Host, a change only from the desk's own page), a JSON body read with its limit, and `endpoint`,
which turns a handler `(desk, request, body) -> dict` into a JSON answer with every refusal said in the club's
language. The desk's parts (routes.py and the modules it lists in PARTS) are built of these."""

from __future__ import annotations

import json
import threading
import traceback
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from prefprint.app.club_files import ClubFolder, FormError, NotFound
from prefprint.errors import PrefprintError
from prefprint.io import codes
from prefprint.io.toml_saving import StaleFile
from prefprint.server.desk.jobs import Jobs
from prefprint.server.pages import HEADERS  # the scoring server's pages' headers: the same rules
from prefprint.words.messages import Message, shown

MAX_BODY = 1_000_000  # bytes of a request's JSON: a thousand names of a hundred letters fit four times over


class Refused(Exception):
    """A request the desk does not answer: its status and the message said."""

    def __init__(self, status: int, message: Message):
        super().__init__(message.code)
        self.status, self.message = status, message


class Desk:
    """The desk's state: the club's folder, the director's code, the addresses it answers as, its jobs and the
    evenings it serves to the tables (its nights, desk/night.py)."""

    def __init__(self, folder: Path, code: str, hosts: tuple = ()):
        self.club = ClubFolder(folder)
        self.code = code
        self.hosts = tuple(hosts)  # Host headers accepted ("127.0.0.1:8765"); () accepts any (tests)
        self.jobs = Jobs()
        self.nights: dict = {}  # evening id -> its night.Night while it is served
        self.nights_lock = threading.Lock()

    def close(self) -> None:
        """Every night stopped (the desk stops): each server's rows are on disk."""
        with self.nights_lock:
            nights, self.nights = list(self.nights.values()), {}
        for night in nights:
            night.stop()


def guard(desk: Desk, request: Request, changes: bool) -> None:
    host = request.headers.get("host", "")
    if desk.hosts and host not in desk.hosts:
        raise Refused(403, Message("desk.foreign_host", host=shown(host)))
    given = request.headers.get("x-desk-code") or request.query_params.get("code") or ""
    if not codes.same(given, desk.code):
        raise Refused(403, Message("desk.forbidden"))
    origin = request.headers.get("origin")
    if changes and origin is not None and origin != f"{request.url.scheme}://{host}":
        raise Refused(403, Message("desk.foreign_origin", origin=shown(origin)))


def _not_json(word: str):
    raise ValueError(word)


async def read_body(request: Request, limit: int = MAX_BODY) -> dict:
    size, chunks = 0, []
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(413, Message("desk.too_large", limit=limit))
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"{}", parse_constant=_not_json)
    except (ValueError, RecursionError):  # not JSON (NaN and Infinity are not), or nested deeper than it reads
        data = None
    if not isinstance(data, dict):
        raise FormError([("", Message("desk.bad_json"))])
    return data


def errors(status: int, message, lang: str, field: str = "") -> JSONResponse:
    text = message.text(lang) if isinstance(message, Message) else message
    return JSONResponse({"errors": [{"field": field, "message": text}]}, status_code=status, headers=HEADERS)


def endpoint(handler, changes: bool = False, limit: int = MAX_BODY):
    """A JSON endpoint: the request guarded, its body read (at most `limit` bytes), the handler run off the event
    loop, every refusal a JSON answer in the club's language."""

    async def answer(request: Request):
        desk: Desk = request.app.state.desk
        lang = desk.club.language()
        try:
            guard(desk, request, changes)
            body = await read_body(request, limit) if changes else {}
            result = await run_in_threadpool(handler, desk, request, body)
            status = 201 if changes and request.method == "POST" else 200
            return JSONResponse(result, status_code=status, headers=HEADERS)
        except Refused as e:
            return errors(e.status, e.message, lang)
        except FormError as e:
            return JSONResponse({"errors": e.errors(lang)}, status_code=422, headers=HEADERS)
        except StaleFile as e:
            return errors(409, e.text(lang), lang, "file")
        except NotFound as e:
            return errors(404, e.text(lang), lang)
        except PrefprintError as e:  # a hand-written file with mistakes: said with its lines, nothing written
            return errors(409, e.text(getattr(e, "lang", None) or lang), lang, "file")
        except Exception as e:  # a bug: JSON for the page, the traceback on the desk's terminal
            traceback.print_exc()
            return errors(500, Message("desk.failed", error=shown(repr(e), 200)), lang)

    answer.changes, answer.limit = changes, limit if changes else None  # what a sweep of the routes needs to know
    return answer
