"""Starting the scoring server: its folder, its address, uvicorn."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from urllib.parse import urlsplit

from prefprint.engine.model import Competition, Event
from prefprint.errors import Interrupted, PrefprintError
from prefprint.io import codes
from prefprint.io.lan import is_loopback, lan_addresses
from prefprint.words.messages import Message

UNSPECIFIED = ("0.0.0.0", "::", "")  # every address of this machine: announced as its addresses on the network


def codes_of(event: Event, folder: Path) -> dict:
    """The entry codes of a session (the folder's secret written on first use, as the kit does)."""
    return codes.codes(event, codes.secret(folder))


def address(event: Event, host: str | None, port: int | None) -> tuple[str, int]:
    """Where to listen: as given, else the host and port of [serve] url, else 127.0.0.1:8000."""
    url = urlsplit(event.serve_url) if event.serve_url else None
    return host or (url.hostname if url and url.hostname else "127.0.0.1"), port or (
        url.port if url and url.port else 8000
    )


# why an address cannot be listened on -> the message that says it and what to do
_BIND_REFUSED = {
    errno.EADDRINUSE: "serve.port_taken",
    errno.EADDRNOTAVAIL: "serve.not_this_machine",
    errno.EACCES: "serve.port_forbidden",
}


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is announced: a port taken or an address that is not
    this laptop's is one line in the event's language (uvicorn would log its English and exit)."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, ValueError):  # ValueError: a name no resolver takes (too long a label, a bidi mark)
        raise PrefprintError("serve.not_this_machine", host=host, port=port) from None
    family, kind, proto, _, where = info[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
    except OSError as e:
        sock.close()
        if e.errno in _BIND_REFUSED:
            raise PrefprintError(_BIND_REFUSED[e.errno], host=host, port=port, next=port + 1) from None
        raise
    return sock


def announced(host: str, port: int, lan=None) -> list[str]:
    """The addresses to announce for a server listening on `host`: the host itself, or for every address
    (0.0.0.0, ::) this machine's addresses on the local network, which a phone can type ([] if none is
    found: the caller says so). `lan` finds them (default lan_addresses, which sends nothing)."""
    if host.strip("[]") not in UNSPECIFIED:
        return [f"http://{f'[{host}]' if ':' in host else host}:{port}"]
    return [f"http://{a}:{port}" for a in (lan or lan_addresses)()]


def announcement(host: str, port: int, key: str, director_anywhere: bool, lan=None) -> list[Message]:
    """What the server says when it starts: who may reach it, and where."""
    said = []
    if not is_loopback(host):
        said.append(Message("serve.not_loopback", host=host))
    if director_anywhere:
        said.append(Message("serve.director_anywhere"))
    elif not is_loopback(host):
        said.append(Message("serve.director_here"))
    urls = announced(host, port, lan)
    if not urls:  # listening on every address, none of them found: this laptop's own address works for the director
        said.append(Message("serve.no_lan_address", host=host, port=port))
        urls = [f"http://127.0.0.1:{port}"]
    said.append(Message("serve.listening", url=urls[0], key=key))
    if len(urls) > 1:
        said.append(Message("serve.also_at", urls=", ".join(urls[1:])))
    return said


def run_server(
    competition: Competition,
    event: Event,
    folder: Path,
    spec,
    host,
    port,
    hide_results: bool,
    say,
    director_anywhere: bool = False,
) -> None:
    """Serve a session until Ctrl-C (or SIGTERM); rows acknowledged are on disk whenever it stops.
    The director's pages answer only on this machine unless `director_anywhere`. The address is bound
    before anything is written: a server refused its port leaves the folder as it was."""
    import uvicorn

    host, port = address(event, host, port)
    sock = listening_socket(host, port)
    try:
        app = session_app(competition, event, folder, spec, hide_results, director_anywhere)
        for message in announcement(host, port, app.state.scoring.codes["director"], director_anywhere):
            say(message)
        uvicorn.Server(server_config(app, host, port)).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: every acknowledged row is on disk, the next start carries on
        raise Interrupted(Message("serve.stopped", path=str(folder))) from None
    finally:
        sock.close()


def server_config(app, host: str, port: int):
    """uvicorn's settings of a scoring server (`prefprint serve`'s, the desk's night's): quiet, its connections
    and requests bounded."""
    import uvicorn

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        limit_concurrency=500,
        timeout_keep_alive=30,
        h11_max_incomplete_event_size=16 * 1024,
    )


def session_app(
    competition: Competition,
    event: Event,
    folder: Path,
    spec,
    hide_results: bool = False,
    director_anywhere: bool = False,
):
    """The server's application on the session's folder (its database and secret made on first use), its live
    site kept published, as `prefprint serve` serves it."""
    from prefprint.engine.rulings import load_rulings
    from prefprint.server.routes import create_app

    rulings = load_rulings(spec, event)
    earlier = {e.session: load_rulings(spec, e) for e in competition.sessions if e.session < event.session}
    return create_app(
        competition,
        event,
        folder,
        rulings=rulings,
        hide_results=hide_results,
        live=True,
        earlier_rulings=earlier,
        director_anywhere=director_anywhere,
    )
