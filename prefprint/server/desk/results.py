"""The desk's results (docs/desk.md): an evening's results published by a job (prefprint.app.evening_results: the
evening's results, provisional while rows are missing, then the club's season, uploaded where club.toml says),
and the files published opened from the desk: the evening's results site, its PDF and workbook, the season's
site."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.routing import Route

from prefprint.app import evening_results, evenings
from prefprint.app.club_files import NotFound
from prefprint.io import codes
from prefprint.io.layout import CLUB_EVENINGS, RESULTS
from prefprint.server.desk.base import Desk, Refused, endpoint, errors, guard
from prefprint.server.desk.jobs import Steps
from prefprint.server.exports import entered_sources
from prefprint.server.pages import HEADERS
from prefprint.words.messages import Message, text_of

UI = ("results", "publish_results", "provisional", "final", "missing", "open_results", "open_pdf", "open_xlsx",
      "open_season", "warnings")  # fmt: skip
SCRIPT = "desk-results.js"

# what the results say as they go (prefprint.app.evening_results) -> the share of the job done by then
STEPS = Steps(
    {"results.server_rows": 0.05, "results.site_ready": 0.6, "desk.season_making": 0.9, "desk.season_uploading": 0.95},
    {"makeable.step": (0.05, 0.5, "done", "n")},
)
COOKIE = "desk_code"  # the code kept for the links inside a site opened from the desk (they do not carry ?code=)
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
_KINDS = (".html", ".pdf", ".xlsx", ".css", ".png", ".svg")
_DEPTH = 4


def _key(evening: str) -> str:
    return f"results/{evening}"


def links(desk: Desk, evening: str) -> dict:
    """The desk's addresses of what is published now: the evening's results, its PDF and workbook, the season."""
    api = f"/desk/api/evenings/{evening}/results"
    folder = evenings.output_folder(desk.club, evening) / RESULTS
    season = evening_results.season_folder(desk.club)
    inside = f"{CLUB_EVENINGS}/{evening}"  # the evening's copy in the club's site: its link home leads there
    if (season / inside / "index.html").is_file():
        api, folder = f"/desk/api/season/{inside}", season / inside
    out = {key: f"{api}/{name}" for key, name in _FILES if (folder / name).is_file()}
    if (season / "index.html").is_file():
        out["season"] = "/desk/api/season/index.html"
    return out


_FILES = (("results", "index.html"), ("pdf", "results.pdf"), ("xlsx", "results.xlsx"))


def post_results(desk: Desk, request: Request, body: dict) -> dict:
    evening = request.path_params["evening"]
    evenings.spec_path(desk.club, evening)  # NotFound before a job is started
    lang = desk.club.language()

    def work(job):
        done = evening_results.publish_evening(desk.club, evening, entered_sources, job.progress)
        said = (
            Message("desk.results_provisional", n=done.missing) if done.provisional else Message("desk.results_final")
        )
        result = {
            "evening": evening,
            "provisional": done.provisional,
            "missing": done.missing,
            "pending": [{"session": s, "deals": deals} for s, deals in done.pending],
            "links": links(desk, evening),
            "uploaded": text_of(done.uploaded, lang) if done.uploaded else "",
            "warnings": [text_of(w, lang) for w in done.warnings],
        }
        return said, result

    job = desk.jobs.start(_key(evening), lang, work, Message("desk.results_started"), STEPS)
    return job.view()


def get_results(desk: Desk, request: Request, body: dict) -> dict:
    """The links of what is published now and the evening's latest results job (a page opened again follows it)."""
    evening = request.path_params["evening"]
    evenings.spec_path(desk.club, evening)
    job = desk.jobs.last(_key(evening))
    return {"links": links(desk, evening), "job": job.view() if job else None}


def _site_guard(desk: Desk, request: Request) -> None:
    """The desk's guard, the code also taken from the cookie a file opened with ?code= left."""
    try:
        guard(desk, request, False)
    except Refused as e:
        if e.message.code != "desk.forbidden" or not codes.same(request.cookies.get(COOKIE, ""), desk.code):
            raise


def _file(base: Path, path: str) -> Path:
    """The file `path` of the folder `base`: parts of letters, digits, '_', '.', '-' (none hidden, no '..'), one of
    the kinds a site holds, inside the folder once links are followed; else 404."""
    parts = path.split("/")
    if len(parts) > _DEPTH or not all(_PART.fullmatch(p) for p in parts) or not path.endswith(_KINDS):
        raise Refused(404, Message("desk.not_found"))
    file = base.joinpath(*parts)
    try:
        inside = file.resolve().is_relative_to(base.resolve())
    except OSError:
        inside = False
    if not inside or not file.is_file():
        raise Refused(404, Message("desk.not_found"))
    return file


def _served(base_of):
    async def answer(request: Request):
        desk: Desk = request.app.state.desk
        lang = desk.club.language()
        try:
            _site_guard(desk, request)
            file = _file(base_of(desk, request), request.path_params["path"])
        except Refused as e:
            return errors(e.status, e.message, lang)
        except NotFound as e:
            return errors(404, e.text(lang), lang)
        response = FileResponse(file, headers=HEADERS)
        if codes.same(request.query_params.get("code") or "", desk.code):
            response.set_cookie(COOKIE, desk.code, path="/desk/api/", httponly=True, samesite="strict")
        return response

    return answer


def _results_folder(desk: Desk, request: Request) -> Path:
    evening = request.path_params["evening"]
    evenings.spec_path(desk.club, evening)
    return evenings.output_folder(desk.club, evening) / RESULTS


def _season_folder(desk: Desk, request: Request) -> Path:
    return evening_results.season_folder(desk.club)


def routes(api: str) -> list[Route]:
    path = f"{api}/evenings/{{evening}}/results"
    return [
        Route(path, endpoint(get_results)),
        Route(path, endpoint(post_results, changes=True), methods=["POST"]),
        Route(f"{path}/{{path:path}}", _served(_results_folder)),
        Route(f"{api}/season/{{path:path}}", _served(_season_folder)),
    ]
