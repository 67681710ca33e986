"""The desk's routes: its page, its script and the JSON API under /desk/api/ (docs/desk.md).

Every request carries the director's code (`?code=` or the header X-Desk-Code), else 403. A request whose Host
is not the desk's own address is refused (a page of another site reaching 127.0.0.1 under its own name), and so
is a change whose Origin is another site's, even with the code. Each answer of the API is JSON: a form's
problems 422 `{"errors": [{"field", "message"}]}` in the club's language, all of them at once, nothing
changed; a save over a file edited by hand 409; an unknown evening or job 404.
"""

from __future__ import annotations

import json
import re
import traceback
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from prefprint.app import club_files, evenings
from prefprint.app.club_files import ClubFolder, FormError, NotFound
from prefprint.engine.rules import VARIANTS
from prefprint.errors import PrefprintError
from prefprint.io import codes
from prefprint.io.render import html, templates_dir
from prefprint.io.toml_saving import StaleFile
from prefprint.server.desk.jobs import Jobs
from prefprint.server.pages import HEADERS  # the scoring server's pages' headers: the same rules
from prefprint.words.catalog import LANGS, gettext
from prefprint.words.messages import Message, shown

MAX_BODY = 1_000_000  # bytes of a request's JSON: a thousand names of a hundred letters fit four times over
SCRIPT = "desk.js"
UI = (
    "title", "club", "club_title", "language", "create_club", "save", "players", "paste", "add", "added", "known",
    "suggested", "like", "other_person", "evenings", "new_evening", "evening_title", "date", "start", "variant",
    "table_size", "pick", "find", "all", "nobody", "picked", "movement", "create_evening", "print_kit",
    "state_planned", "state_kit", "state_playing", "state_published", "offline",
)  # fmt: skip
_FILE = re.compile(r"[a-z0-9-]+\.(pdf|html|xlsx)")


class Refused(Exception):
    """A request the desk does not answer: its status and the message said."""

    def __init__(self, status: int, message: Message):
        super().__init__(message.code)
        self.status, self.message = status, message


class Desk:
    """The desk's state: the club's folder, the director's code, the addresses it answers as, its jobs."""

    def __init__(self, folder: Path, code: str, hosts: tuple = ()):
        self.club = ClubFolder(folder)
        self.code = code
        self.hosts = tuple(hosts)  # Host headers accepted ("127.0.0.1:8765"); () accepts any (tests)
        self.jobs = Jobs()


def _guard(desk: Desk, request: Request, changes: bool) -> None:
    host = request.headers.get("host", "")
    if desk.hosts and host not in desk.hosts:
        raise Refused(403, Message("desk.foreign_host", host=shown(host)))
    given = request.headers.get("x-desk-code") or request.query_params.get("code") or ""
    if not codes.same(given, desk.code):
        raise Refused(403, Message("desk.forbidden"))
    origin = request.headers.get("origin")
    if changes and origin is not None and origin != f"{request.url.scheme}://{host}":
        raise Refused(403, Message("desk.foreign_origin", origin=shown(origin)))


async def _body(request: Request) -> dict:
    size, chunks = 0, []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused(413, Message("desk.too_large", limit=MAX_BODY))
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        raise FormError([("", Message("desk.bad_json"))])
    return data


def _errors(status: int, message, lang: str, field: str = "") -> JSONResponse:
    text = message.text(lang) if isinstance(message, Message) else message
    return JSONResponse({"errors": [{"field": field, "message": text}]}, status_code=status, headers=HEADERS)


def endpoint(handler, changes: bool = False):
    """A JSON endpoint: the request guarded, its body read, the handler run off the event loop, every refusal
    a JSON answer in the club's language."""

    async def answer(request: Request):
        desk: Desk = request.app.state.desk
        lang = desk.club.language()
        try:
            _guard(desk, request, changes)
            body = await _body(request) if changes else {}
            result = await run_in_threadpool(handler, desk, request, body)
            status = 201 if changes and request.method == "POST" else 200
            return JSONResponse(result, status_code=status, headers=HEADERS)
        except Refused as e:
            return _errors(e.status, e.message, lang)
        except FormError as e:
            return JSONResponse({"errors": e.errors(lang)}, status_code=422, headers=HEADERS)
        except StaleFile as e:
            return _errors(409, e.text(lang), lang, "file")
        except NotFound as e:
            return _errors(404, e.text(lang), lang)
        except PrefprintError as e:  # a hand-written file with mistakes: said with its lines, nothing written
            return _errors(409, e.text(getattr(e, "lang", None) or lang), lang, "file")
        except Exception as e:  # a bug: JSON for the page, the traceback on the desk's terminal
            traceback.print_exc()
            return _errors(500, Message("desk.failed", error=shown(repr(e), 200)), lang)

    return answer


# --------------------------------------------------------------------------- the API


def club_view(desk: Desk) -> dict:
    """The club as GET /desk/api/club has it: each evening with its latest kit job (`job`), so that a page
    opened again follows a job still running and says how the last one ended."""
    view = evenings.club_view(desk.club)
    for evening in view["evenings"]:
        job = desk.jobs.last(f"kit/{evening['id']}")
        if job is not None:
            evening["job"] = job.view()
    return view


def get_club(desk: Desk, request: Request, body: dict) -> dict:
    return club_view(desk)


def put_club(desk: Desk, request: Request, body: dict) -> dict:
    club_files.save_club(desk.club, body)
    return club_view(desk)


def post_players(desk: Desk, request: Request, body: dict) -> dict:
    return club_files.add_players(desk.club, body)


def post_movement(desk: Desk, request: Request, body: dict) -> dict:
    return evenings.preview(body, desk.club.language())


def post_evening(desk: Desk, request: Request, body: dict) -> dict:
    return evenings.create_evening(desk.club, body)


def post_kit(desk: Desk, request: Request, body: dict) -> dict:
    evening = request.path_params["evening"]
    evenings.spec_path(desk.club, evening)  # NotFound before a job is started

    def work(job):
        written = evenings.print_kit(desk.club, evening, job.progress)
        folder = evenings.output_folder(desk.club, evening)
        pdfs = sorted(p.name for p in folder.glob("*.pdf"))
        return Message("desk.kit_done", n=len(written)), {"evening": evening, "pdfs": pdfs}

    job = desk.jobs.start(f"kit/{evening}", desk.club.language(), work, Message("desk.kit_started"))
    return job.view()


def get_job(desk: Desk, request: Request, body: dict) -> dict:
    job = desk.jobs.get(request.path_params["job"])
    if job is None:
        raise NotFound(Message("desk.job_unknown", job=shown(request.path_params["job"])))
    return job.view()


async def evening_file(request: Request):
    """/desk/api/evenings/{id}/files/{name}: a file of the evening's kit (a PDF opened in the browser)."""
    desk: Desk = request.app.state.desk
    lang = desk.club.language()
    try:
        _guard(desk, request, False)
        evening, name = request.path_params["evening"], request.path_params["name"]
        evenings.spec_path(desk.club, evening)
        path = evenings.output_folder(desk.club, evening) / name
        if not _FILE.fullmatch(name) or not path.is_file():
            raise Refused(404, Message("desk.not_found"))
    except Refused as e:
        return _errors(e.status, e.message, lang)
    except NotFound as e:
        return _errors(404, e.text(lang), lang)
    return FileResponse(path, headers=HEADERS)


# --------------------------------------------------------------------------- the page


def words(lang: str) -> dict:
    return {key: gettext(f"desk.ui_{key}", lang) for key in UI}


def variants(lang: str) -> list:
    """[key, name] of each variant, as the evening's form offers them."""
    return [[key, gettext(f"variant.{key}", lang)] for key in VARIANTS]


async def page(request: Request):
    """/: the desk's page (the director's code in its address); without the code, what to open instead."""
    desk: Desk = request.app.state.desk
    lang = desk.club.language()
    try:
        _guard(desk, request, False)
    except Refused as e:
        return HTMLResponse(
            html("desk/desk.html", lang, w=words(lang), refused=e.message.text(lang), langs=LANGS, variants=[]),
            status_code=e.status,
            headers=HEADERS,
        )
    page = html("desk/desk.html", lang, w=words(lang), refused="", langs=LANGS, variants=variants(lang))
    return HTMLResponse(page, headers=HEADERS)


async def script(request: Request):
    text = (templates_dir() / "desk" / SCRIPT).read_text(encoding="utf-8")
    return Response(text, media_type="text/javascript; charset=utf-8", headers=HEADERS)


async def not_found(request: Request, exc):
    desk: Desk = request.app.state.desk
    return _errors(getattr(exc, "status_code", 404), Message("desk.not_found"), desk.club.language())


def create_desk_app(folder: Path, code: str | None = None, hosts: tuple = ()) -> Starlette:
    """The desk on a club's folder; `code` the director's (default: the folder's own, codes.desk_code)."""
    desk = Desk(folder, code or codes.desk_code(folder), hosts)
    api = "/desk/api"
    routes = [
        Route("/", page),
        Route(f"/desk/{SCRIPT}", script),
        Route(f"{api}/club", endpoint(get_club)),
        Route(f"{api}/club", endpoint(put_club, changes=True), methods=["PUT"]),
        Route(f"{api}/players", endpoint(post_players, changes=True), methods=["POST"]),
        Route(f"{api}/movement", endpoint(post_movement, changes=True), methods=["POST"]),
        Route(f"{api}/evenings", endpoint(post_evening, changes=True), methods=["POST"]),
        Route(f"{api}/evenings/{{evening}}/kit", endpoint(post_kit, changes=True), methods=["POST"]),
        Route(f"{api}/evenings/{{evening}}/files/{{name}}", evening_file),
        Route(f"{api}/jobs/{{job}}", endpoint(get_job)),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
    app.state.desk = desk
    return app
