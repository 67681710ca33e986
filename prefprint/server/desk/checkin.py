"""The desk's check-in on the night (docs/desk.md): an evening's players ticked came or not, walk-ins added, the
spec rewritten and the movement recomputed (prefprint.app.checkin); the page's part is desk-checkin.js."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from prefprint.app import checkin
from prefprint.server.desk.base import Desk, Refused, endpoint

UI = (
    "checkin", "came", "walk_in", "walk_in_add", "walk_in_this", "save_players", "saved", "changes", "reprint",
    "checkin_closed",
)  # fmt: skip
SCRIPT = "desk-checkin.js"


def get_players(desk: Desk, request: Request, body: dict) -> dict:
    return checkin.players_view(desk.club, request.path_params["evening"])


def put_players(desk: Desk, request: Request, body: dict) -> dict:
    try:
        return checkin.set_players(desk.club, request.path_params["evening"], body)
    except checkin.Serving as e:
        raise Refused(409, e.message) from None


def routes(api: str) -> list[Route]:
    return [
        Route(f"{api}/evenings/{{evening}}/players", endpoint(get_players)),
        Route(f"{api}/evenings/{{evening}}/players", endpoint(put_players, changes=True), methods=["PUT"]),
    ]
