"""The desk's registry (docs/desk.md): a player's name and aliases edited, two entries merged into one, members
imported from an .xlsx or .csv file. The routes translate JSON; the work is prefprint.app.registry_edits."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from prefprint.app import registry_edits
from prefprint.server.desk.base import Desk, endpoint

UI = (
    "registry", "edit", "name", "aliases", "cancel", "merge_into", "merge_find", "merge_says", "merge", "merged",
    "saved", "import", "drop_here",
)  # fmt: skip
SCRIPT = "desk-registry.js"


def put_player(desk: Desk, request: Request, body: dict) -> dict:
    return registry_edits.edit_player(desk.club, request.path_params["player"], body)


def post_merge(desk: Desk, request: Request, body: dict) -> dict:
    return registry_edits.merge_players(desk.club, body)


def post_import(desk: Desk, request: Request, body: dict) -> dict:
    return registry_edits.import_members(desk.club, body)


def routes(api: str) -> list[Route]:
    return [
        Route(f"{api}/players/merge", endpoint(post_merge, changes=True), methods=["POST"]),
        Route(f"{api}/players/import", endpoint(post_import, changes=True), methods=["POST"]),
        Route(f"{api}/players/{{player}}", endpoint(put_player, changes=True), methods=["PUT"]),
    ]
