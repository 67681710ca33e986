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


@pytest.mark.parametrize("host", ["192.0.2.7", "no-such-host.invalid", "a" * 70, "club\u202e.lan"])
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
    monkeypatch.setattr("prefprint.server.main.lan_addresses", lambda: ["192.168.1.10"])  # no route looked up
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port = probe.getsockname()[1]
    args = ["serve", str(CLUB), "-o", str(tmp_path), "--host", "0.0.0.0", "--port", str(port)]
    result = CliRunner().invoke(cli, args + (["--director-anywhere"] if anywhere else []))
    assert result.exit_code == 0, result.output
    assert served["app"].state.scoring.access.anywhere is anywhere
    said = (
        "код судьи идёт по сети открытым текстом" if anywhere else "страница судьи откроется только на этом компьютере"
    )
    assert said in result.output
    assert f"http://192.168.1.10:{port}/director?token=" in result.output and "0.0.0.0:" not in result.output
    served["app"].state.scoring.store.close()


def test_a_server_on_every_address_is_announced_at_this_machine_s_addresses_on_the_network():
    from prefprint.server.main import announced

    lan = lambda: ["192.168.1.10", "10.0.0.5"]  # noqa: E731
    assert announced("0.0.0.0", 8000, lan) == ["http://192.168.1.10:8000", "http://10.0.0.5:8000"]
    assert announced("::", 8001, lan) == ["http://192.168.1.10:8001", "http://10.0.0.5:8001"]
    assert announced("192.168.1.10", 8000, lambda: ["10.0.0.5"]) == ["http://192.168.1.10:8000"]
    assert announced("fe80::1", 8000, lan) == ["http://[fe80::1]:8000"]
    assert announced("0.0.0.0", 8000, lambda: []) == []


def _said(messages, lang="en"):
    return [m.text(lang) for m in messages]


def test_the_announcement_names_every_address_found_and_never_0_0_0_0():
    from prefprint.server.main import announcement

    said = _said(announcement("0.0.0.0", 8000, "KEY", False, lambda: ["192.168.1.10", "10.0.0.5"]))
    assert said[-2] == (
        "scoring server: http://192.168.1.10:8000 (director: http://192.168.1.10:8000/director?token=KEY); "
        "Ctrl-C stops it"
    )
    assert said[-1] == "this computer's other addresses on the network: http://10.0.0.5:8000"
    assert said[0].startswith("address 0.0.0.0 is open to other computers")
    assert "the director's page opens only on this computer" in said[1]
    one = _said(announcement("0.0.0.0", 8000, "KEY", True, lambda: ["192.168.1.10"]), "ru")
    assert one[-1].startswith("сервер подсчёта: http://192.168.1.10:8000 ") and "0.0.0.0:" not in " ".join(one)
    assert "код судьи идёт по сети открытым текстом" in one[1]


def test_no_address_found_is_said_and_the_laptop_s_own_address_announced():
    from prefprint.server.main import announcement

    said = _said(announcement("0.0.0.0", 8000, "KEY", False, lambda: []), "ru")
    assert said[-2] == (
        "сервер слушает все адреса этого компьютера (0.0.0.0), но его адрес в локальной сети не найден: "
        "посмотрите его в настройках сети и дайте телефонам http://АДРЕС:8000"
    )
    assert said[-1].startswith("сервер подсчёта: http://127.0.0.1:8000 ")


def test_a_server_on_this_laptop_only_is_announced_as_it_listens():
    from prefprint.server.main import announcement

    def lan():
        raise AssertionError("not looked up")

    said = _said(announcement("127.0.0.1", 8000, "KEY", False, lan))
    assert said == [
        "scoring server: http://127.0.0.1:8000 (director: http://127.0.0.1:8000/director?token=KEY); Ctrl-C stops it"
    ]


def _contents(folder):
    return {p.relative_to(folder): p.read_bytes() if p.is_file() else None for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("kit_there", [False, True])
def test_serve_refused_its_port_leaves_the_folder_as_it_was(tmp_path, kit_there):
    """`prefprint serve` on a port another program holds writes nothing: no scoring.sqlite, no serve-secret,
    not even the folder; a kit's folder (its secret, an earlier database) is left byte for byte."""
    from click.testing import CliRunner
    from serving import CLUB

    from prefprint.cli.main import cli
    from prefprint.io.codes import secret

    folder = tmp_path / "kit"
    if kit_there:
        secret(folder)
        (folder / "index.html").write_text("<p>kit</p>", encoding="utf-8")
        (folder / "scoring.sqlite").write_bytes(b"earlier rows")
    before = _contents(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", str(CLUB), "-o", str(folder), "--host", "127.0.0.1", "--port", str(port), "--lang", "en"]
        result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"Error: port {port} on 127.0.0.1 is taken by another program (another scoring server?): give another "
        f"port, e.g. --port {port + 1}\n"
    )
    assert _contents(tmp_path) == before
    assert folder.is_dir() is kit_there
