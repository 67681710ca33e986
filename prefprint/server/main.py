"""Starting the scoring server: its folder, its address, uvicorn."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from prefprint.engine.model import Competition, Event
from prefprint.io import codes
from prefprint.words.messages import Message

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def session_folder(competition: Competition, event: Event, folder: Path) -> Path:
    """The session's kit folder: the folder itself, or its session-N/ where the competition has several."""
    return folder if len(competition.sessions) == 1 else folder / f"session-{event.session}"


def codes_of(event: Event, folder: Path) -> dict:
    """The entry codes of a session (the folder's secret written on first use, as the kit does)."""
    return codes.codes(event, codes.secret(folder))


def address(event: Event, host: str | None, port: int | None) -> tuple[str, int]:
    """Where to listen: as given, else the host and port of [serve] url, else 127.0.0.1:8000."""
    url = urlsplit(event.serve_url) if event.serve_url else None
    return host or (url.hostname if url and url.hostname else "127.0.0.1"), port or (url.port if url and url.port else 8000)


def run_server(competition: Competition, event: Event, folder: Path, spec, host, port, hide_results: bool,
               say) -> None:
    """Serve a session until Ctrl-C (or SIGTERM); rows acknowledged are on disk whenever it stops."""
    import uvicorn

    from prefprint.engine.rulings import load_rulings
    from prefprint.server.app import create_app

    rulings = load_rulings(spec, event)
    app = create_app(competition, event, folder, rulings, hide_results)
    host, port = address(event, host, port)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}"
    if host not in LOOPBACK:
        say(Message("serve.not_loopback", host=host))
    say(Message("serve.listening", url=url, key=app.state.scoring.codes["director"]))
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, limit_concurrency=500, timeout_keep_alive=30,
                h11_max_incomplete_event_size=16 * 1024)
