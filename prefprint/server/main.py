"""Starting the scoring server: its folder, its address, uvicorn."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from urllib.parse import urlsplit

from prefprint.engine.model import Competition, Event
from prefprint.errors import Interrupted, PrefprintError
from prefprint.io import codes
from prefprint.words.messages import Message

LOOPBACK = ("127.0.0.1", "::1", "localhost")


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
    except socket.gaierror:
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
    The director's pages answer only on this machine unless `director_anywhere`."""
    import uvicorn

    from prefprint.engine.rulings import load_rulings
    from prefprint.server.routes import create_app

    rulings = load_rulings(spec, event)
    earlier = {e.session: load_rulings(spec, e) for e in competition.sessions if e.session < event.session}
    app = create_app(
        competition,
        event,
        folder,
        rulings=rulings,
        hide_results=hide_results,
        live=True,
        earlier_rulings=earlier,
        director_anywhere=director_anywhere,
    )
    host, port = address(event, host, port)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}"
    sock = listening_socket(host, port)
    if host not in LOOPBACK:
        say(Message("serve.not_loopback", host=host))
    if director_anywhere:
        say(Message("serve.director_anywhere"))
    elif host not in LOOPBACK:
        say(Message("serve.director_here"))
    say(Message("serve.listening", url=url, key=app.state.scoring.codes["director"]))
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        limit_concurrency=500,
        timeout_keep_alive=30,
        h11_max_incomplete_event_size=16 * 1024,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: every acknowledged row is on disk, the next start carries on
        raise Interrupted(Message("serve.stopped", path=str(folder))) from None
    finally:
        sock.close()
