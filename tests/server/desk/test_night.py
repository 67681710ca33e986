"""The desk's night: an evening served to the tables from the desk's process, as `prefprint serve` serves it (the
same codes, a phone's row stored), the same night answered to a second start, its port free once stopped, and no
night before the kit is printed."""

from __future__ import annotations

import json
import random
import socket

import httpx
import pytest
from click.testing import CliRunner
from nights import EVENING, club_with_evening, event_of, free_port, kit_folder, start

from prefprint.cli import cli
from prefprint.engine.fills import random_outcome
from prefprint.engine.rules import fmt_json, settle
from prefprint.server.desk import night as night_module
from prefprint.server.main import listening_socket
from prefprint.server.rows import request_of


@pytest.fixture
def desk(tmp_path):
    client, evening = club_with_evening(tmp_path)
    yield tmp_path, client, evening
    client.app.state.desk.close()  # a test that failed half-way leaves no server behind


def test_the_night_starts_and_says_where_the_phones_go(desk):
    folder, client, evening = desk
    port = free_port()
    started = start(client, port=port)
    assert started.status_code == 201, started.json()
    night = started.json()
    url = f"http://127.0.0.1:{port}"
    assert night["running"] is True and night["url"] == url and night["addresses"] == [url]
    assert night["director"].startswith(f"{url}/director?token=")
    assert night["progress"] == {"rows": 0, "phones": 0, "paper": 0, "of": 132}
    assert sorted(night["tables"]) == ["1", "2", "3"]
    # the director's room answers with his code: the desk links it
    assert httpx.get(night["director"]).status_code == 200
    assert client.get(f"/desk/api/evenings/{evening}/night").json() == night
    assert (kit_folder(folder) / "scoring.sqlite").is_file()


def test_a_second_start_answers_the_night_running(desk):
    _, client, evening = desk
    first = start(client).json()
    again = start(client)  # another port asked for: the night running is the answer
    assert again.status_code == 201 and again.json() == first
    assert list(client.app.state.desk.nights) == [evening]


def test_the_codes_are_serves(desk):
    folder, client, evening = desk
    night = start(client).json()
    spec = folder / "evenings" / f"{evening}.toml"
    result = CliRunner().invoke(cli, ["serve", str(spec), "-o", str(kit_folder(folder)), "--tokens", "--json"])
    assert result.exit_code == 0, result.output
    tokens = json.loads(result.output)
    assert night["tables"] == tokens["tables"]
    assert night["director"].endswith(f"/director?token={tokens['director']}")


def test_a_phones_row_with_its_tables_code_is_stored(desk):
    folder, client, evening = desk
    night = start(client).json()
    event = event_of(folder)
    play = event.movement.rounds[0].tables[0]
    deal = next(d for d in event.deals if d.set == play.set)
    outcome = random_outcome(random.Random(3), event.table_size, deal.dealer, event.conventions)
    where = {"token": night["tables"][str(play.table)], "table": play.table, "round": 1, "deal": deal.number}
    body = where | request_of(event, outcome)
    answer = httpx.post(f"{night['url']}/api/rows", json=body)
    assert answer.status_code == 201, answer.text
    expected = {s: fmt_json(v) for s, v in settle(outcome, event.conventions).results.items()}
    assert answer.json()["whists"] == expected
    state = client.get(f"/desk/api/evenings/{evening}/night").json()
    assert state["progress"] == {"rows": 1, "phones": 1, "paper": 0, "of": 132}
    table = client.get(f"/desk/api/evenings/{evening}/tables/{play.table}").json()
    [row] = [r for r in table["rows"] if r["entered"]]
    assert (row["round"], row["deal"], row["entered"]["whists"]) == (1, deal.number, expected)


def test_stopping_frees_the_port_and_keeps_the_rows(desk):
    _, client, evening = desk
    port = free_port()
    start(client, port=port)
    stopped = client.delete(f"/desk/api/evenings/{evening}/night")
    assert stopped.status_code == 200 and stopped.json() == {"evening": evening, "running": False}
    listening_socket("127.0.0.1", port).close()  # what the next serve would do: the port is free
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/")
    assert client.get(f"/desk/api/evenings/{evening}/night").json() == {"evening": evening, "running": False}
    assert client.get(f"/desk/api/evenings/{evening}/tables/1").status_code == 409
    assert start(client, port=port).json()["running"] is True  # started again on the same folder


def test_the_desk_stopped_stops_its_nights(desk):
    _, client, evening = desk
    port = free_port()
    start(client, port=port)
    night = client.app.state.desk.nights[evening]
    client.app.state.desk.close()
    assert not night.thread.is_alive() and client.app.state.desk.nights == {}
    listening_socket("127.0.0.1", port).close()


def test_no_night_before_the_kit_is_printed(tmp_path):
    client, evening = club_with_evening(tmp_path, kit=False)
    refused = start(client)
    assert refused.status_code == 409
    assert refused.json()["errors"][0]["message"].startswith("сначала напечатайте комплект вечера")
    assert client.app.state.desk.nights == {} and not (kit_folder(tmp_path) / "scoring.sqlite").exists()
    assert client.post("/desk/api/evenings/2026-01-01-nobody/night", json={}).status_code == 404


def test_the_usual_port_taken_the_next_free_one_is_used(desk, monkeypatch):
    _, client, evening = desk
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        usual = taken.getsockname()[1]
        monkeypatch.setattr(night_module, "address", lambda event, host, port: ("127.0.0.1", usual))
        night = client.post(f"/desk/api/evenings/{evening}/night", json={"host": "127.0.0.1"}).json()
    assert night["running"] and usual < int(night["url"].rsplit(":", 1)[1]) <= usual + night_module.PORTS


def test_a_port_asked_for_and_taken_is_said(desk):
    _, client, evening = desk
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        refused = start(client, port=taken.getsockname()[1])
    assert refused.status_code == 409 and "занят" in refused.json()["errors"][0]["message"]
    assert start(client, port="8000").status_code == 422


def test_by_default_it_listens_on_the_local_network_as_serve_warns(desk, monkeypatch):
    folder, client, evening = desk
    monkeypatch.setattr("prefprint.server.main.lan_addresses", lambda: ["192.0.2.7"])  # found, nothing sent
    port = free_port()
    night = client.post(f"/desk/api/evenings/{evening}/night", json={"port": port}).json()
    assert client.app.state.desk.nights[evening].host == "0.0.0.0"
    assert night["addresses"] == [f"http://192.0.2.7:{port}"]
    assert night["director"].startswith(f"http://127.0.0.1:{port}/director?token=")  # his page answers only here
    assert any("открыт для других компьютеров сети" in line for line in night["said"])
    qr = client.get(f"/desk/api/evenings/{evening}/night/qr.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml") and b"<svg" in qr.content
    assert EVENING == evening


def test_no_kit_printed_over_the_evening_served(desk):
    folder, client, evening = desk
    start(client)
    refused = client.post(f"/desk/api/evenings/{evening}/kit")
    assert refused.status_code == 409 and refused.json()["errors"][0]["message"].startswith("вечер обслуживается")
    assert (kit_folder(folder) / "scoring.sqlite").is_file() and client.app.state.desk.jobs.jobs == {}
