"""Where the server listens: a port taken or an address that is not this computer's is one line in words."""

from __future__ import annotations

import socket

import pytest

from prefprint.errors import PrefprintError
from prefprint.server.main import listening_socket


def test_a_taken_port_is_said_in_words_with_another_port_to_try():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(PrefprintError) as e:
            listening_socket("127.0.0.1", port)
    assert e.value.text("ru") == (
        f"порт {port} на 127.0.0.1 уже занят другой программой (может быть, другим "
        f"сервером подсчёта): укажите другой порт, например --port {port + 1}"
    )
    assert e.value.text("en").startswith(f"port {port} on 127.0.0.1 is taken by another program")


@pytest.mark.parametrize("host", ["192.0.2.7", "no-such-host.invalid"])
def test_an_address_not_of_this_computer_is_said_in_words(host):
    with pytest.raises(PrefprintError) as e:
        listening_socket(host, 8000)
    assert e.value.text("ru").startswith(f"{host} — не адрес этого компьютера")


def test_a_free_port_is_bound_before_the_server_is_announced():
    sock = listening_socket("127.0.0.1", 0)
    try:
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()


@pytest.mark.parametrize("anywhere", [False, True])
def test_serve_director_anywhere_reaches_the_server_and_is_said(tmp_path, monkeypatch, anywhere):
    """`serve --director-anywhere`: the server takes the director's code from any address and says so at start;
    without it, listening beyond the laptop, it says the director's page opens on this computer only."""
    import uvicorn
    from click.testing import CliRunner
    from serving import CLUB

    from prefprint.cli.main import cli

    served = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.setdefault("app", self.config.app))
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port = probe.getsockname()[1]
    args = ["serve", str(CLUB), "-o", str(tmp_path), "--host", "0.0.0.0", "--port", str(port)]
    result = CliRunner().invoke(cli, args + (["--director-anywhere"] if anywhere else []))
    assert result.exit_code == 0, result.output
    assert served["app"].state.scoring.director_anywhere is anywhere
    said = (
        "код судьи идёт по сети открытым текстом" if anywhere else "страница судьи откроется только на этом компьютере"
    )
    assert said in result.output
    served["app"].state.scoring.store.close()
