"""The server's JSON API: a request's body read and checked, the answer of each endpoint.

Documented in docs/server.md. Every handler takes the session's Scoring and the request; `api_endpoint`
turns Refused into its status with {"error", "field"}.
"""

from __future__ import annotations

import asyncio
import json
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from prefprint.server.db import Closed, Conflict, Same
from prefprint.server.progress import travellers
from prefprint.server.rows import FIELDS, Refused, flag, place, reason_of
from prefprint.server.scoring import Scoring
from prefprint.views.text import settlement_text
from prefprint.words.messages import Message

MAX_BODY = 8 * 1024  # a row is a few hundred bytes
LAYOUT_FIELDS = ("token", "table", "deal", "pockets", "correct", "reason")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DIRECTOR_COOKIE = "prefprint-director"  # set by the director's page: his browser sees hidden results


def client_address(request: Request) -> str:
    """The address the request came from (counted against wrong codes)."""
    return request.client.host if request.client else "?"


def learn_address(s: Scoring, request: Request) -> None:
    """The local end of the request's connection is an address of this machine (Scoring.here)."""
    server = request.scope.get("server")
    if server and server[0] not in s.access.own:
        s.access.own.add(server[0])


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


def api_endpoint(handler):
    """A JSON endpoint: Refused becomes its status with {"error", "field"}."""

    async def endpoint(request: Request):
        s: Scoring = request.app.state.scoring
        learn_address(s, request)
        try:
            return await handler(s, request)
        except Refused as e:
            return _refusal(s, e)

    return endpoint


async def api_event(s: Scoring, request: Request):
    """GET /api/event: the session's heading, rounds, tables, deals, language and seats."""
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
    """GET /api/tables/N: the rows of table N, for its code or the director's."""
    table = table_number(s, request)
    role, mine = s.access.who(request.query_params.get("token"), client_address(request))
    if role == "table" and mine != table:
        raise Refused(403, Message("serve.other_table", table=mine), "table")
    return JSONResponse(s.table_json(table))


def table_number(s: Scoring, request: Request) -> int:
    """The table of the request's path, or Refused 404 for a table that does not play."""
    text = request.path_params["table"]
    if not _digits(text) or int(text) not in {t for _, t in s.where}:
        raise Refused(404, Message("serve.no_table", table=text[:10]), "table")
    return int(text)


def previewed(s: Scoring, body: dict, address: str) -> dict:
    """What a row would give: {"whists", "words", "entered", "same"}; nothing is stored (Refused for anything wrong).
    The phone's preview and the desk's grid of a paper protocol (in the server's event loop)."""
    outcome, settlement, write = s.checked_row(body, address)
    words = settlement_text(outcome, settlement, s.lang, printed=True).split("\n")
    entered = (write.row.deal, write.row.round, write.row.table) in s.store.rows
    same = s.store.holds(write.row)
    return {"whists": write.row.whists, "words": words, "entered": entered, "same": same}


async def api_preview(s: Scoring, request: Request):
    """What a row would give, in words and numbers, for the table to confirm; nothing is stored."""
    return JSONResponse(previewed(s, await _body(request), client_address(request)))


async def stored_row(s: Scoring, body: dict, address: str) -> tuple[dict, int]:
    """(answer, status) of a row posted: stored (201), or the very row stored already (200, «same»); Refused for
    anything wrong. A phone's POST /api/rows and the desk's grid of a paper protocol (in the server's event loop)."""
    _, _, write = s.checked_row(body, address)
    out = await s.writer.submit(write)
    if isinstance(out, Conflict):
        raise Refused(409, Message("serve.already"), "deal")
    if isinstance(out, Closed):
        raise Refused(403, Message("serve.round_closed", round=write.row.round), "round")
    if isinstance(out, Exception) and not isinstance(out, Same):
        raise Refused(503, Message("serve.not_stored", why=type(out).__name__))
    if out is None:
        s.changed()
    answer = {"whists": write.row.whists, "deal": write.row.deal, "round": write.row.round, "table": write.row.table}
    # the very row sent again (its answer lost on the way): 200, stored already
    return answer | ({"same": True} if out else {}), 200 if out else 201


async def api_rows(s: Scoring, request: Request):
    """POST /api/rows: a row stored (201), or the very row stored already (200, «same»)."""
    answer, status = await stored_row(s, await _body(request), client_address(request))
    return JSONResponse(answer, status_code=status)


async def api_layouts(s: Scoring, request: Request):
    """POST /api/layouts: the layout of a deal dealt at the table stored."""
    address = client_address(request)
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
    """GET /api/progress: the rows entered and missing by round and table, for the director."""
    s.access.director(request.query_params.get("token"), client_address(request))
    return JSONResponse(s.progress())


async def api_audit(s: Scoring, request: Request):
    """GET /api/audit: the corrections, with what each replaced, for the director."""
    s.access.director(request.query_params.get("token"), client_address(request))
    # read in a thread: the connection is the writer's too, and waits while it commits (an fsync)
    return JSONResponse(await asyncio.to_thread(s.store.audit))


async def api_round(s: Scoring, request: Request):
    """POST /api/rounds/N: round N closed to the tables, or opened again, by the director."""
    body = await _body(request, ("token", "closed"))
    s.access.director(body.get("token"), client_address(request))
    text = request.path_params["round"]
    if not _digits(text) or not 1 <= int(text) <= len(s.event.movement.rounds):
        raise Refused(404, Message("serve.no_round_at_all", round=text[:10]), "round")
    closed = flag(body, "closed", True)
    await s.writer.run(s.store.close_round, int(text), "director", closed)
    return JSONResponse({"round": int(text), "closed": closed})


async def api_settings(s: Scoring, request: Request):
    """POST /api/settings: the results hidden from all but the director, or shown."""
    body = await _body(request, ("token", "hide_results"))
    s.access.director(body.get("token"), client_address(request))
    hide = flag(body, "hide_results", None)
    await s.writer.run(s.store.set, "hide_results", hide)
    return JSONResponse({"hide_results": hide})


async def check_visible(s: Scoring, request: Request) -> None:
    """Results hidden by the director: his code (typed, or the cookie his page set) shows them; a visitor with
    no code is told they are hidden, and is not counted among wrong codes."""
    if s.store.settings.get("hide_results"):
        token = request.query_params.get("token")
        if token:
            s.access.director(token, client_address(request))
        elif (s.access.role(request.cookies.get(DIRECTOR_COOKIE)) or ("",))[
            0
        ] != "director":  # a stale cookie: not counted
            raise Refused(403, Message("serve.results_hidden"))
        elif not s.access.anywhere and not s.access.here(client_address(request)):
            raise Refused(403, Message("serve.results_hidden"))


async def api_results(s: Scoring, request: Request):
    """GET /api/results: the provisional ranking as JSON, unless hidden."""
    await check_visible(s, request)
    ranking = await s.ranking()
    if isinstance(ranking, Refused):
        raise ranking
    return JSONResponse(ranking)


async def api_export(s: Scoring, request: Request):
    """GET /api/export.xlsx: the kit's workbook with the rows entered, for the director."""
    s.access.director(request.query_params.get("token"), client_address(request))
    data = await asyncio.to_thread(s.export_bytes, s.fills())
    name = f"protocols-{time.strftime('%Y%m%d-%H%M%S')}.xlsx"
    return Response(data, media_type=XLSX, headers={"Content-Disposition": f'attachment; filename="{name}"'})


CLOCK_ACTIONS = ("start", "pause", "resume", "next", "back")


async def api_clock(s: Scoring, request: Request):
    """POST /api/clock: the director starts the clock, pauses it, resumes it, moves it a round on or back."""
    body = await _body(request, ("token", "action"))
    s.access.director(body.get("token"), client_address(request))
    action = body.get("action")
    if action not in CLOCK_ACTIONS:
        raise Refused(422, Message("serve.clock_action", actions=", ".join(CLOCK_ACTIONS)), "action")
    now, clock = s.now(), s.clock()
    after = {
        "start": lambda: clock.start(now),
        "pause": lambda: clock.pause(now),
        "resume": lambda: clock.resume(now),
        "next": lambda: clock.move(s.plan, now, 1),
        "back": lambda: clock.move(s.plan, now, -1),
    }[action]()
    if after is None:
        raise Refused(409, Message(f"serve.clock_cannot_{action}"), "action")
    await s.writer.run(s.store.set, "clock", after.stored())
    return JSONResponse(after.json(s.plan, now))


async def api_waive(s: Scoring, request: Request):
    """POST /api/missing: a row of a round over that a table has not entered waived by the director (it is
    missing no longer), or the waiver withdrawn; audited with the reason."""
    body = await _body(request, ("token", "table", "round", "deal", "waived", "reason"))
    s.access.director(body.get("token"), client_address(request))
    table, rnd, deal = place(s.event, body, s.where)
    waived = flag(body, "waived", True)
    reason = reason_of(body, needed=True)
    if (deal, rnd, table) in s.store.rows:
        raise Refused(409, Message("serve.waive_entered"), "deal")
    changed = await s.writer.run(s.store.waive, (deal, rnd, table), waived, "director", reason, client_address(request))
    if changed:
        s.changed()
    return JSONResponse({"table": table, "round": rnd, "deal": deal, "waived": waived})


async def api_travellers(s: Scoring, request: Request):
    """GET /api/travellers: every deal's rows as they come, for the director."""
    s.access.director(request.query_params.get("token"), client_address(request))
    return JSONResponse(travellers(s.event, s.where, s.store))
