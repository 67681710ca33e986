"""The desk's rulings (docs/desk.md): the director's rulings of an evening listed, added from a form and removed, in
the evening's rulings file (prefprint.app.rulings_file), which `prefprint results --rulings` reads."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from prefprint.app import rulings_file
from prefprint.server.desk.base import Desk, endpoint
from prefprint.words.messages import text_of

UI = (
    "rulings", "ruling_kind", "kind_adjusted", "kind_penalty", "kind_time", "ruling_deal", "ruling_player",
    "ruling_round", "ruling_table", "ruling_seat", "ruling_seats", "ruling_percent", "ruling_mp", "ruling_deals",
    "ruling_reason", "add_ruling", "remove", "no_rulings",
)  # fmt: skip
SCRIPT = "desk-rulings.js"


def view(listed: dict, lang: str) -> dict:
    """The file's rulings as the API answers them: each problem in words."""
    rulings = [r | {"problems": [text_of(m, lang) for m in r["problems"]]} for r in listed["rulings"]]
    return {"file": listed["file"], "rulings": rulings, "problems": [text_of(m, lang) for m in listed["problems"]]}


def get_rulings(desk: Desk, request: Request, body: dict) -> dict:
    listed = rulings_file.list_rulings(desk.club, request.path_params["evening"])
    return view(listed, desk.club.language())


def post_ruling(desk: Desk, request: Request, body: dict) -> dict:
    listed = rulings_file.add_ruling(desk.club, request.path_params["evening"], body)
    return view(listed, desk.club.language())


def delete_ruling(desk: Desk, request: Request, body: dict) -> dict:
    listed = rulings_file.remove_ruling(desk.club, request.path_params["evening"], request.path_params["n"])
    return view(listed, desk.club.language())


def routes(api: str) -> list[Route]:
    path = f"{api}/evenings/{{evening}}/rulings"
    return [
        Route(path, endpoint(get_rulings)),
        Route(path, endpoint(post_ruling, changes=True), methods=["POST"]),
        Route(f"{path}/{{n}}", endpoint(delete_ruling, changes=True), methods=["DELETE"]),
    ]
