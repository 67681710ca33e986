"""The desk's routes: its page, its scripts and the JSON API under /desk/api/ (docs/desk.md).

Every request carries the director's code (`?code=` or the header X-Desk-Code), else 403. A request whose Host
is not the desk's own address is refused (a page of another site reaching 127.0.0.1 under its own name), and so
is a change whose Origin is another site's, even with the code. Each answer of the API is JSON: a form's
problems 422 `{"errors": [{"field", "message"}]}` in the club's language, all of them at once, nothing
changed; a save over a file edited by hand 409; an unknown evening or job 404.

The club, its players and its evenings are here; each further part of the desk is a module of PARTS with
`routes(api)` (its routes under the API's prefix), `UI` (the codes desk.ui_* of its words) and `SCRIPT` (its
script in templates/desk/, which adds its sections to the page through desk.js's `parts`).
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

from prefprint.app import club_files, evenings
from prefprint.app.club_files import NotFound
from prefprint.engine.rules import VARIANTS
from prefprint.io import codes
from prefprint.io.render import html, templates_dir
from prefprint.server.desk import checkin, night, paper, registry, results, rulings, seasons
from prefprint.server.desk.base import Desk, Refused, endpoint, errors, guard
from prefprint.server.desk.jobs import KIT_STEPS
from prefprint.server.pages import HEADERS  # the scoring server's pages' headers: the same rules
from prefprint.words.catalog import LANGS, gettext
from prefprint.words.messages import Message, shown

PARTS: tuple = (
    registry,
    seasons,
    checkin,
    night,
    paper,
    rulings,
    results,
)  # the desk's further parts, in the page's order
SCRIPT = "desk.js"
START = "desk-start.js"  # the last script: the page loaded once every part has said what it adds
UI = (
    "title", "club", "club_title", "language", "create_club", "save", "players", "paste", "add", "added", "known",
    "suggested", "like", "other_person", "evenings", "new_evening", "evening_title", "date", "start", "variant",
    "table_size", "pick", "find", "all", "nobody", "picked", "movement", "create_evening", "print_kit", "venue",
    "deals_per_set", "minutes_per_deal", "rounds", "rounds_auto",
    "state_planned", "state_kit", "state_playing", "state_published", "offline",
)  # fmt: skip
LANGUAGE_NAMES = {"ru": "Русский", "en": "English"}  # each in its own language, as a language menu has them
_SCRIPT = re.compile(r"desk(-[a-z]+)?\.js")
_FILE = re.compile(r"[a-z0-9-]+\.(pdf|html|xlsx)")


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
    if night.running_night(desk, evening) is not None:  # its server keeps its rows in the kit's folder
        raise Refused(409, Message("desk.kit_while_served"))

    def work(job):
        written = evenings.print_kit(desk.club, evening, job.progress)
        folder = evenings.output_folder(desk.club, evening)
        pdfs = evenings.kit_pdfs(folder)
        return Message("desk.kit_done", n=len(written)), {"evening": evening, "pdfs": pdfs}

    job = desk.jobs.start(f"kit/{evening}", desk.club.language(), work, Message("desk.kit_started"), KIT_STEPS)
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
        guard(desk, request, False)
        evening, name = request.path_params["evening"], request.path_params["name"]
        evenings.spec_path(desk.club, evening)
        path = evenings.output_folder(desk.club, evening) / name
        if not _FILE.fullmatch(name) or not path.is_file():
            raise Refused(404, Message("desk.not_found"))
    except Refused as e:
        return errors(e.status, e.message, lang)
    except NotFound as e:
        return errors(404, e.text(lang), lang)
    return FileResponse(path, headers=HEADERS)


# --------------------------------------------------------------------------- the page


def words(lang: str) -> dict:
    keys = UI + tuple(key for part in PARTS for key in part.UI)
    return {key: gettext(f"desk.ui_{key}", lang) for key in keys}


def scripts() -> list[str]:
    """The page's scripts in order: desk.js, each part's, and the one that starts the page."""
    return [SCRIPT, *(part.SCRIPT for part in PARTS), START]


def variants(lang: str) -> list:
    """[key, name, what it is] of each variant, as the evening's form offers them."""
    return [[key, gettext(f"variant.{key}", lang), gettext(f"desk.variant_{key}", lang)] for key in VARIANTS]


async def page(request: Request):
    """/: the desk's page (the director's code in its address); without the code, what to open instead."""
    desk: Desk = request.app.state.desk
    lang = desk.club.language()
    try:
        guard(desk, request, False)
    except Refused as e:
        return HTMLResponse(
            html(
                "desk/desk.html",
                lang,
                w=words(lang),
                refused=e.message.text(lang),
                langs=LANGS,
                variants=[],
                scripts=[],
            ),
            status_code=e.status,
            headers=HEADERS,
        )
    page = html(
        "desk/desk.html",
        lang,
        w=words(lang),
        refused="",
        langs=[[code, LANGUAGE_NAMES.get(code, code)] for code in LANGS],
        variants=variants(lang),
        scripts=scripts(),
    )
    return HTMLResponse(page, headers=HEADERS)


async def script(request: Request):
    name = request.path_params["name"]
    if not _SCRIPT.fullmatch(name) or name not in scripts():
        return await not_found(request, None)
    text = (templates_dir() / "desk" / name).read_text(encoding="utf-8")
    return Response(text, media_type="text/javascript; charset=utf-8", headers=HEADERS)


async def not_found(request: Request, exc):
    desk: Desk = request.app.state.desk
    return errors(getattr(exc, "status_code", 404), Message("desk.not_found"), desk.club.language())


def create_desk_app(folder: Path, code: str | None = None, hosts: tuple = ()) -> Starlette:
    """The desk on a club's folder; `code` the director's (default: the folder's own, codes.desk_code)."""
    desk = Desk(folder, code or codes.desk_code(folder), hosts)
    api = "/desk/api"
    routes = [
        Route("/", page),
        Route("/desk/{name}", script),
        Route(f"{api}/club", endpoint(get_club)),
        Route(f"{api}/club", endpoint(put_club, changes=True), methods=["PUT"]),
        Route(f"{api}/players", endpoint(post_players, changes=True), methods=["POST"]),
        Route(f"{api}/movement", endpoint(post_movement, changes=True), methods=["POST"]),
        Route(f"{api}/evenings", endpoint(post_evening, changes=True), methods=["POST"]),
        Route(f"{api}/evenings/{{evening}}/kit", endpoint(post_kit, changes=True), methods=["POST"]),
        Route(f"{api}/evenings/{{evening}}/files/{{name}}", evening_file),
        Route(f"{api}/jobs/{{job}}", endpoint(get_job)),
        *(route for part in PARTS for route in part.routes(api)),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
    app.state.desk = desk
    return app
