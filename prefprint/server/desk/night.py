"""The desk's night: an evening served to the tables from the desk's own process, as `prefprint serve
evenings/<id>.toml -o output/<id>` serves it (server.main.session_app on the session's folder: the same codes,
database, live site). Its uvicorn runs on a thread of its own with its own event loop, listening on the local
network (0.0.0.0, port 8000 or the next free one), announced as serve announces it. The nights belong to the desk
(Desk.nights): the desk stopped, they stop; a night stopped has every row acknowledged on disk, and the next start
carries on from them.

The paper protocols' part (desk/paper.py) reaches the night's Scoring through `Night.call`, in the night's loop,
where the server's rows change.
"""

from __future__ import annotations

import asyncio
import threading
import time
import traceback

import uvicorn
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from prefprint.app import evenings
from prefprint.app.club_files import FormError, bad_char
from prefprint.app.paper import filled
from prefprint.errors import PrefprintError, WorkbookError
from prefprint.io.lan import is_loopback
from prefprint.io.layout import KIT_WORKBOOK, session_folder
from prefprint.io.render import qr_svg
from prefprint.io.spec import load_competition
from prefprint.server.desk.base import Desk, Refused, endpoint, errors, guard
from prefprint.server.main import (
    UNSPECIFIED,
    address,
    announced,
    announcement,
    listening_socket,
    server_config,
    session_app,
)
from prefprint.server.pages import HEADERS
from prefprint.words.messages import Message

HOST = "0.0.0.0"  # the tables' phones reach the laptop on the local network
PORTS = 20  # ports tried from the usual one on, when it is taken
STARTED = 20.0  # seconds a night's server may take to start
UI = ("night", "night_start", "night_stop", "night_running", "night_director", "night_phones", "night_codes",
      "night_rows", "night_paper", "night_table")  # fmt: skip
SCRIPT = "desk-night.js"


class Night:
    """One evening served: its server on a thread, its addresses, its entry codes and its Scoring."""

    def __init__(self, evening: str, app, sock, host: str, port: int, lan=None):
        self.evening, self.app, self.sock, self.host, self.port = evening, app, sock, host, port
        self.scoring = app.state.scoring
        said = announcement(host, port, self.scoring.codes["director"], False, lan)
        # what serve warns of (who may reach it, no address found); its addresses are the desk's to show
        self.said = [m for m in said if m.code not in ("serve.listening", "serve.also_at")]
        self.addresses = announced(host, port, lan) or [f"http://127.0.0.1:{port}"]
        self.server = uvicorn.Server(server_config(app, host, port))
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._serve, daemon=True, name=f"desk-night-{evening}")

    def _serve(self) -> None:
        self.loop = asyncio.new_event_loop()
        try:
            self.loop.run_until_complete(self.server.serve(sockets=[self.sock]))
        except Exception:  # a bug: the night ends, the traceback on the desk's terminal
            traceback.print_exc()
        finally:
            self.loop.close()
            self.sock.close()
            self.scoring.store.close()  # the folder's lock let go: the next night (or serve) may take it

    def start(self) -> None:
        """The server started; PrefprintError if it did not within STARTED seconds."""
        self.thread.start()
        deadline = time.monotonic() + STARTED
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        if not self.server.started:
            self.stop()
            raise PrefprintError(Message("desk.night_failed"))

    @property
    def running(self) -> bool:
        return self.thread.is_alive() and not self.server.should_exit

    def stop(self) -> None:
        """The server stopped and its port free (its rows are on disk: each was stored before it was answered)."""
        self.server.should_exit = True
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join(timeout=30)
        self.sock.close()

    def call(self, make, timeout: float = 30.0):
        """`make()` (a coroutine) run in the night's event loop, its result (what it raises raised here)."""
        loop = self.loop
        if not self.running or loop is None or loop.is_closed():
            raise Refused(409, Message("desk.night_not_running"))
        return asyncio.run_coroutine_threadsafe(make(), loop).result(timeout)

    def director_url(self) -> str:
        """The director's room with his code, at an address of this laptop (his page answers only here)."""
        here = self.host.strip("[]") in UNSPECIFIED or is_loopback(self.host)
        base = f"http://127.0.0.1:{self.port}" if here else self.addresses[0]
        return f"{base}/director?token={self.scoring.codes['director']}"

    def progress(self) -> dict:
        """{"rows": rows in, "phones": stored by the server, "paper": typed in the workbook only, "of": rows in all}."""
        s = self.scoring

        async def stored():
            return set(s.store.rows)

        phones = self.call(stored)
        try:
            paper = filled(s.paper.entries()) - phones
        except WorkbookError:  # a workbook put there by hand that does not read: its rows not counted
            paper = set()
        paper &= {(deal, rnd, t) for t, plays in s.plays.items() for rnd, deal in plays}
        total = sum(len(plays) for plays in s.plays.values())
        return {"rows": len(phones) + len(paper), "phones": len(phones), "paper": len(paper), "of": total}

    def view(self, lang: str) -> dict:
        """What the desk shows of the night (`lang`: the club's): its addresses, codes, what serve would say."""
        return {
            "evening": self.evening,
            "running": self.running,
            "url": self.addresses[0],
            "addresses": self.addresses,
            "director": self.director_url(),
            "tables": {str(t): code for t, code in self.scoring.codes["tables"].items()},
            "said": [m.text(lang) for m in self.said],
            "progress": self.progress(),
        }


def running_night(desk: Desk, evening: str) -> Night | None:
    """The evening's night if it is being served (one that ended by itself is forgotten)."""
    with desk.nights_lock:
        night = desk.nights.get(evening)
        if night is not None and not night.running:
            desk.nights.pop(evening, None)
            night = None
    return night


def _socket(host: str, port: int, given: bool):
    """The night's socket: on `port`, else (not `given`) on the next free one of PORTS."""
    last = port if given else min(port + PORTS, 65536) - 1
    for tried in range(port, last + 1):
        try:
            return listening_socket(host, tried)
        except PrefprintError as e:
            if tried == last or getattr(e.message, "code", "") != "serve.port_taken":
                raise
    raise AssertionError("no port tried")


def _where(body: dict) -> tuple[str, int | None]:
    host, port = body.get("host", HOST), body.get("port")
    if not isinstance(host, str) or not host.strip() or len(host) > 100 or bad_char(host):
        raise FormError([("host", Message("desk.night_host"))])
    if port is not None and (isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535):
        raise FormError([("port", Message("desk.night_port"))])
    return host.strip(), port


def start_night(desk: Desk, evening: str, host: str = HOST, port: int | None = None, lan=None) -> Night:
    """The evening served (the night already running if it is); Refused 409 when its kit is not printed."""
    spec = evenings.spec_path(desk.club, evening)
    with desk.nights_lock:
        night = desk.nights.get(evening)
        if night is not None and night.running:
            return night
        competition = load_competition(spec)
        event = competition.session(1)
        folder = session_folder(competition, event, evenings.output_folder(desk.club, evening))
        if not (folder / KIT_WORKBOOK).is_file():
            raise Refused(409, Message("desk.night_no_kit"))
        sock = _socket(host, port or address(event, None, None)[1], port is not None)
        try:
            app = session_app(competition, event, folder, spec)
        except BaseException:
            sock.close()
            raise
        try:
            night = Night(evening, app, sock, host, sock.getsockname()[1], lan)
        except BaseException:
            sock.close()
            app.state.scoring.store.close()
            raise
        night.start()
        desk.nights[evening] = night
    return night


# --------------------------------------------------------------------------- the API


def post_night(desk: Desk, request: Request, body: dict) -> dict:
    host, port = _where(body)
    return start_night(desk, request.path_params["evening"], host, port).view(desk.club.language())


def get_night(desk: Desk, request: Request, body: dict) -> dict:
    evening = request.path_params["evening"]
    evenings.spec_path(desk.club, evening)
    night = running_night(desk, evening)
    return night.view(desk.club.language()) if night else {"evening": evening, "running": False}


def delete_night(desk: Desk, request: Request, body: dict) -> dict:
    evening = request.path_params["evening"]
    evenings.spec_path(desk.club, evening)
    with desk.nights_lock:
        night = desk.nights.pop(evening, None)
    if night is not None:
        night.stop()
    return {"evening": evening, "running": False}


async def night_qr(request: Request):
    """/desk/api/evenings/{id}/night/qr.svg: the QR code of the address the phones open (the server's home page,
    which asks for the table's code), the one the kit's cards print (io.render.qr_svg)."""
    desk: Desk = request.app.state.desk
    lang = desk.club.language()
    try:
        guard(desk, request, False)
        night = running_night(desk, request.path_params["evening"])
        if night is None:
            raise Refused(404, Message("desk.night_not_running"))
    except Refused as e:
        return errors(e.status, e.message, lang)
    svg = str(qr_svg(night.addresses[0] + "/"))
    if "xmlns=" not in svg:  # made to sit inside a page: a file of its own names its namespace
        svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    return Response(svg, media_type="image/svg+xml", headers=HEADERS)


def routes(api: str) -> list[Route]:
    where = f"{api}/evenings/{{evening}}/night"
    return [
        Route(where, endpoint(get_night)),
        Route(where, endpoint(post_night, changes=True), methods=["POST"]),
        Route(where, endpoint(delete_night, changes=True), methods=["DELETE"]),
        Route(f"{where}/qr.svg", night_qr),
    ]
