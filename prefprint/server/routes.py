"""The scoring server's routes: the tables' phones post their rows, the director watches, corrects and exports.

Starlette (ASGI) served by uvicorn. Every route is in `routes()`: the pages (server.pages), the
pages' scripts, the live site (server.live) and the JSON API (server.api); `create_app` makes the
server of one session, its state a server.scoring.Scoring.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from prefprint.engine.model import Competition, Event
from prefprint.io import codes as entry_codes
from prefprint.io.layout import LIVE
from prefprint.server import pages
from prefprint.server.api import (
    DIRECTOR_COOKIE,
    api_audit,
    api_clock,
    api_endpoint,
    api_event,
    api_export,
    api_layouts,
    api_preview,
    api_progress,
    api_results,
    api_round,
    api_rows,
    api_settings,
    api_table,
    api_travellers,
    api_waive,
    check_visible,
    client_address,
    learn_address,
    table_number,
)
from prefprint.server.rows import Refused
from prefprint.server.scoring import Scoring
from prefprint.words.messages import Message


def _page(handler):
    async def endpoint(request: Request):
        s: Scoring = request.app.state.scoring
        learn_address(s, request)
        try:
            page = await handler(s, request)
            return page if isinstance(page, Response) else HTMLResponse(page, headers=pages.HEADERS)
        except Refused as e:
            return HTMLResponse(pages.refused(s, e), status_code=e.status, headers=pages.HEADERS)

    return endpoint


async def page_home(s: Scoring, request: Request):
    """/: the page asking for a code; with one, on to the table's or the director's page."""
    token = request.query_params.get("token")
    if token is not None:
        role, table = s.access.who(token, client_address(request))
        where = "/director" if role == "director" else f"/t/{table}"
        return RedirectResponse(f"{where}?token={entry_codes.normal(token)}", status_code=303)
    return HTMLResponse(pages.home(s), headers=pages.HEADERS)


async def page_table(s: Scoring, request: Request):
    """/t/N: the page on which table N enters its rows."""
    table = table_number(s, request)
    token = request.query_params.get("token")
    if not (token or "").strip():  # the address typed from the table card: the code is asked for, not refused
        return pages.table_code(s, table)
    role, mine = s.access.who(token, client_address(request))
    if role == "table" and mine != table:
        raise Refused(403, Message("serve.other_table", table=mine), "table")
    return pages.table(s, table, entry_codes.normal(token), role == "director")


async def page_director(s: Scoring, request: Request):
    """/director: the director's page (it sets the cookie that shows hidden results)."""
    token = request.query_params.get("token")
    s.access.director_here(client_address(request))  # asked from elsewhere: refused before any code is looked at
    s.access.director(token, client_address(request))
    page = HTMLResponse(pages.director(s, entry_codes.normal(token)), headers=pages.HEADERS)
    # the results' pages and the live site's links carry no code: the director's browser shows them when hidden
    page.set_cookie(DIRECTOR_COOKIE, entry_codes.normal(token), httponly=True, samesite="strict")
    return page


async def page_results(s: Scoring, request: Request):
    """/results: the provisional ranking, unless hidden."""
    await check_visible(s, request)
    ranking = await s.ranking()
    return pages.results(s, ranking)


async def page_live(s: Scoring, request: Request):
    """A file of the live results site (folder/live), as `prefprint results` wrote it."""
    await check_visible(s, request)
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
    """/table.js, …: one of the pages' scripts (pages.SCRIPTS)."""
    return Response(
        pages.script(request.url.path.removeprefix("/")),
        media_type="text/javascript; charset=utf-8",
        headers=pages.HEADERS,
    )


async def _home(request: Request):
    s: Scoring = request.app.state.scoring
    learn_address(s, request)
    try:
        return await page_home(s, request)
    except Refused as e:
        return HTMLResponse(pages.refused(s, e), status_code=e.status, headers=pages.HEADERS)


def routes() -> list[Route]:
    """Every route of the server: its pages, their scripts, the live site and the JSON API."""
    return [
        Route("/", _home),
        Route("/t/{table}", _page(page_table)),
        Route("/director", _page(page_director)),
        Route("/results", _page(page_results)),
        Route("/live/{path:path}", _page(page_live)),
        *(Route(f"/{name}", script) for name in pages.SCRIPTS),
        Route("/api/event", api_endpoint(api_event)),
        Route("/api/tables/{table}", api_endpoint(api_table)),
        Route("/api/preview", api_endpoint(api_preview), methods=["POST"]),
        Route("/api/rows", api_endpoint(api_rows), methods=["POST"]),
        Route("/api/layouts", api_endpoint(api_layouts), methods=["POST"]),
        Route("/api/progress", api_endpoint(api_progress)),
        Route("/api/audit", api_endpoint(api_audit)),
        Route("/api/rounds/{round}", api_endpoint(api_round), methods=["POST"]),
        Route("/api/clock", api_endpoint(api_clock), methods=["POST"]),
        Route("/api/missing", api_endpoint(api_waive), methods=["POST"]),
        Route("/api/travellers", api_endpoint(api_travellers)),
        Route("/api/settings", api_endpoint(api_settings), methods=["POST"]),
        Route("/api/results", api_endpoint(api_results)),
        Route("/api/export.xlsx", api_endpoint(api_export)),
    ]


def create_app(competition: Competition, event: Event, folder: Path, **options) -> Starlette:
    """The server of one session, its database in `folder` (the session's kit folder); `options` are
    Scoring's (rulings, hide_results, live: keep folder/live published, earlier_rulings, director_anywhere)."""
    scoring = Scoring(competition, event, folder, **options)

    @asynccontextmanager
    async def lifespan(app):
        scoring.changed()  # the live site from the start, and after a restart caught up with the rows kept
        try:
            yield
        finally:
            if scoring.live:
                await scoring.live.close()

    app = Starlette(routes=routes(), lifespan=lifespan)
    app.state.scoring = scoring
    return app
