"""The desk's seasons (docs/desk.md): the `[[seasons]]` of club.toml listed, one added from a form, one edited, one
removed. The routes translate JSON; the work is prefprint.app.seasons_file, checked by the reader of
`prefprint season`."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from prefprint.app import seasons_file
from prefprint.server.desk.base import Desk, endpoint

UI = (
    "seasons", "season_title", "season_from", "season_to", "season_count", "season_count_hint", "season_min_events",
    "season_score", "score_percent", "score_places", "score_percent_means", "score_places_means",
    "season_place_points", "season_place_points_hint", "add_season", "edit", "save", "cancel", "remove", "no_seasons",
    "season_says_count", "season_says_all", "season_says_min", "season_says_percent", "season_says_places",
)  # fmt: skip
SCRIPT = "desk-seasons.js"


def get_seasons(desk: Desk, request: Request, body: dict) -> dict:
    return seasons_file.list_seasons(desk.club)


def post_season(desk: Desk, request: Request, body: dict) -> dict:
    return seasons_file.add_season(desk.club, body)


def put_season(desk: Desk, request: Request, body: dict) -> dict:
    return seasons_file.edit_season(desk.club, request.path_params["n"], body)


def delete_season(desk: Desk, request: Request, body: dict) -> dict:
    return seasons_file.remove_season(desk.club, request.path_params["n"], body)


def routes(api: str) -> list[Route]:
    path = f"{api}/seasons"
    return [
        Route(path, endpoint(get_seasons)),
        Route(path, endpoint(post_season, changes=True), methods=["POST"]),
        Route(f"{path}/{{n}}", endpoint(put_season, changes=True), methods=["PUT"]),
        Route(f"{path}/{{n}}", endpoint(delete_season, changes=True), methods=["DELETE"]),
    ]
