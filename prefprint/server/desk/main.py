"""Starting the desk: on the loopback only (it writes the club's files), its address printed with the director's
code and opened in the browser; stopped (Ctrl-C), it stops the evenings it serves to the tables."""

from __future__ import annotations

from pathlib import Path

from prefprint.errors import Interrupted, PrefprintError
from prefprint.io import codes
from prefprint.words.messages import Message

HOST = "127.0.0.1"
PORT = 8765


def desk_url(port: int, code: str) -> str:
    return f"http://{HOST}:{port}/?code={code}"


def run_desk(folder: Path, port: int | None, say, browser: bool = True, opener=None) -> None:
    """Serve the desk on 127.0.0.1 until Ctrl-C; `port` None or 0: PORT, or a free one if it is taken."""
    import uvicorn

    from prefprint.server.desk.routes import create_desk_app
    from prefprint.server.main import listening_socket

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        sock = listening_socket(HOST, port or PORT)
    except PrefprintError:
        if port:
            raise
        sock = listening_socket(HOST, 0)  # the usual port taken (another desk?): any free one
    port = sock.getsockname()[1]
    app = None
    try:
        code = codes.desk_code(folder)
        app = create_desk_app(folder, code, hosts=(f"{HOST}:{port}", f"localhost:{port}"))
        url = desk_url(port, code)
        say(Message("desk.listening", url=url))
        if browser:
            import webbrowser

            (opener or webbrowser.open)(url)
        config = uvicorn.Config(app, host=HOST, port=port, log_level="warning", access_log=False)
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        raise Interrupted(Message("desk.stopped", path=str(folder))) from None
    finally:
        if app is not None:  # the evenings it serves stop with it, their rows on disk
            app.state.desk.close()
        sock.close()
