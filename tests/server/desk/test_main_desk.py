"""`prefprint desk`: its address on 127.0.0.1 with the director's code (the same every start), the browser opened
unless --no-browser, another port when the usual one is taken."""

from __future__ import annotations

import re
import socket

import pytest
from click.testing import CliRunner

from prefprint.cli import cli
from prefprint.io import codes
from prefprint.server.desk import main


@pytest.fixture
def started(monkeypatch):
    """The desk started without serving: what it was given to run."""
    runs = []
    monkeypatch.setattr("uvicorn.Server.run", lambda self, sockets=None: runs.append((self.config, sockets)))
    return runs


def test_the_desk_prints_its_address_and_opens_the_browser(tmp_path, started):
    said, opened = [], []
    port = _free_port()
    main.run_desk(tmp_path / "club", port, said.append, browser=True, opener=opened.append)
    code = codes.desk_code(tmp_path / "club")
    url = f"http://127.0.0.1:{port}/?code={code}"
    assert [m.text("ru") for m in said] == [f"стол судьи открыт: {url} (Ctrl-C — закрыть)"]
    assert opened == [url]
    config, _ = started[0]
    assert config.host == "127.0.0.1" and config.port == port
    assert config.app.state.desk.hosts == (f"127.0.0.1:{port}", f"localhost:{port}")
    assert re.fullmatch(r"[A-Z]{12}", code)
    assert (tmp_path / "club" / "desk-secret").stat().st_mode & 0o777 == 0o600


def test_the_code_is_the_same_every_start_and_another_folders_differs(tmp_path):
    assert codes.desk_code(tmp_path / "a") == codes.desk_code(tmp_path / "a") != codes.desk_code(tmp_path / "b")


def test_the_usual_port_taken_another_is_used(tmp_path, started, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setattr(main, "PORT", taken.getsockname()[1])
        main.run_desk(tmp_path, None, lambda m: None, browser=False)
        assert started[0][0].port not in (0, taken.getsockname()[1])


def test_the_command_starts_it_without_the_browser(tmp_path, started, monkeypatch):
    monkeypatch.setattr("webbrowser.open", lambda url: pytest.fail("the browser was opened"))
    port = _free_port()
    result = CliRunner().invoke(cli, ["desk", str(tmp_path), "--port", str(port), "--no-browser"])
    assert result.exit_code == 0, result.output
    assert f"http://127.0.0.1:{port}/?code={codes.desk_code(tmp_path)}" in result.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_ctrl_c_stops_the_evenings_the_desk_serves(tmp_path, monkeypatch):
    from prefprint.errors import Interrupted

    stopped = []

    class Night:
        def stop(self):
            stopped.append(self)

    def interrupted(server, sockets=None):
        server.config.app.state.desk.nights["2026-12-05-vecher"] = Night()
        raise KeyboardInterrupt

    monkeypatch.setattr("uvicorn.Server.run", interrupted)
    with pytest.raises(Interrupted):
        main.run_desk(tmp_path, _free_port(), lambda m: None, browser=False)
    assert len(stopped) == 1
