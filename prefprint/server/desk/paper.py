"""The desk's paper protocols: a filled protocol workbook taken in (app/paper.py: checked as `prefprint results`
checks it, then the session's protocols.xlsx, which the night's server reads as its paper rows), and a table's
paper protocol typed into a grid, each row checked, previewed and stored by the night's Scoring as a director's row
(server.api.previewed and stored_row: the phone's road, the same engine). The grid needs the evening's night
running: its server is the one writer of the session's rows.
"""

from __future__ import annotations

import base64
import binascii

from starlette.requests import Request
from starlette.routing import Route

from prefprint.app import evenings, paper
from prefprint.app.club_files import FormError
from prefprint.engine.rules import active_seats
from prefprint.io.layout import KIT_WORKBOOK, session_folder
from prefprint.io.spec import load_competition
from prefprint.server.api import previewed, stored_row
from prefprint.server.desk.base import Desk, Refused, endpoint
from prefprint.server.desk.night import Night, running_night
from prefprint.server.rows import FIELDS
from prefprint.server.rows import Refused as RowRefused
from prefprint.words.messages import Message, shown, text_of

UI = ("paper", "upload", "drop", "kept", "grid", "grid_help", "round", "deal", "contract", "declarer",
      "whists", "stored", "correct_reason", "seat_help")  # fmt: skip
SCRIPT = "desk-paper.js"
UPLOAD_LIMIT = paper.MAX_WORKBOOK * 4 // 3 + 10_000  # bytes of the JSON that carries the workbook in base64
HERE = "127.0.0.1"  # the desk's rows come from this laptop: the director's code is taken
ROW_FIELDS = FIELDS - {"token"}


def _session(desk: Desk, evening: str):
    """(competition, event, session folder) of an evening whose kit is printed; Refused 409 otherwise."""
    competition = load_competition(evenings.spec_path(desk.club, evening))
    event = competition.session(1)
    folder = session_folder(competition, event, evenings.output_folder(desk.club, evening))
    if not (folder / KIT_WORKBOOK).is_file():
        raise Refused(409, Message("desk.night_no_kit"))
    return competition, event, folder


def post_workbook(desk: Desk, request: Request, body: dict) -> dict:
    evening = request.path_params["evening"]
    name, data = body.get("filename"), body.get("data")
    problems = []
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        problems.append(("filename", Message("desk.workbook_name")))
    try:
        raw = base64.b64decode(data, validate=True) if isinstance(data, str) else None
    except (binascii.Error, ValueError):
        raw = None
    if not raw:
        problems.append(("data", Message("desk.workbook_data")))
    if problems:
        raise FormError(problems)
    competition, event, folder = _session(desk, evening)
    taken = paper.take_workbook(competition, event, folder, raw, name.strip())
    lang = desk.club.language()
    taken["warnings"] = [text_of(w, lang) for w in taken["warnings"]]
    taken["said"] = Message("desk.workbook_taken", name=shown(name.strip()), n=taken["rows"]).text(lang)
    night = running_night(desk, evening)
    if night is not None:
        s = night.scoring

        async def told():
            s.paper_changed()

        night.call(told)
        taken["progress"] = night.progress()
    return taken


# --------------------------------------------------------------------------- the grid


def _night(desk: Desk, evening: str) -> Night:
    evenings.spec_path(desk.club, evening)
    night = running_night(desk, evening)
    if night is None:
        raise Refused(409, Message("desk.night_not_running"))
    return night


def _answered(night: Night, make):
    """What the night's server answered, its refusal as the desk says it: 422 with the field, else its status."""
    try:
        return night.call(make)
    except RowRefused as e:
        if e.status == 422:
            raise FormError([(e.field or "", e.message)]) from None
        raise Refused(e.status, e.message) from None


def get_table(desk: Desk, request: Request, body: dict) -> dict:
    """A table's rows as its phone gets them (Scoring.table_json), with what the grid needs to show them."""
    night = _night(desk, request.path_params["evening"])
    s, text = night.scoring, request.path_params["table"]
    if not (text.isascii() and text.isdigit()) or int(text) not in s.plays:
        raise Refused(404, Message("serve.no_table", table=text[:10]))
    table, event = int(text), s.event

    async def rows():
        return s.table_json(table)

    return {
        "table": table,
        "tables": sorted(s.plays),
        "seats": list(event.seats),
        "active": {d.dealer: list(active_seats(event.table_size, d.dealer)) for d in event.deals},
        "names": {str(p.number): p.name for p in event.players},
        **_answered(night, rows),
    }


def _row(desk: Desk, request: Request, body: dict) -> tuple[Night, dict]:
    night = _night(desk, request.path_params["evening"])
    unknown = sorted(set(body) - ROW_FIELDS)
    if unknown:
        raise FormError([(unknown[0][:40], Message("serve.unknown_field", field=unknown[0][:40]))])
    return night, body | {"token": night.scoring.codes["director"]}


def post_preview(desk: Desk, request: Request, body: dict) -> dict:
    """What a row typed in the grid would give (server.api.previewed); nothing stored."""
    night, row = _row(desk, request, body)
    s = night.scoring

    async def preview():
        return previewed(s, row, HERE)

    return _answered(night, preview)


def post_row(desk: Desk, request: Request, body: dict) -> dict:
    """A row typed in the grid stored by the night's server as the director's (server.api.stored_row)."""
    night, row = _row(desk, request, body)
    s = night.scoring

    async def store():
        return await stored_row(s, row, HERE)

    answer, status = _answered(night, store)
    return answer | {"progress": night.progress()} | ({"same": True} if status == 200 else {})


def routes(api: str) -> list[Route]:
    where = f"{api}/evenings/{{evening}}"
    return [
        Route(f"{where}/workbook", endpoint(post_workbook, changes=True, limit=UPLOAD_LIMIT), methods=["POST"]),
        Route(f"{where}/tables/{{table}}", endpoint(get_table)),
        Route(f"{where}/preview", endpoint(post_preview, changes=True), methods=["POST"]),
        Route(f"{where}/rows", endpoint(post_row, changes=True), methods=["POST"]),
    ]
