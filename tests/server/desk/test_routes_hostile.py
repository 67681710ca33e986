"""The desk's API against hostile requests: no code, a wrong one, another site's page, bad fields, huge names,
control characters, path-like titles and ids, a save over a hand edit. Every answer is JSON with its errors (no
traceback), and a refused request changes no byte of the club's folder."""

from __future__ import annotations

import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_routes import CODE, NAMES, client_of

EVENING = {"title": "Вечер", "date": "2026-12-05", "start": "19:00", "variant": "sochi", "table_size": 4}


def snapshot(folder) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    client = client_of(folder)
    assert client.put("/desk/api/club", json={"title": "Клуб", "language": "ru"}).status_code == 200
    assert client.post("/desk/api/players", json={"names": NAMES}).status_code == 201
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]]
    made = client.post("/desk/api/evenings", json=EVENING | {"players": ids[:12]})
    assert made.status_code == 201
    return folder, client, ids


def _bad(ids):
    """(method, url, json or raw body, extra headers, status) of requests the desk must refuse."""
    no_code = {"X-Desk-Code": ""}
    long_name = "Я" * 101
    return [
        ("GET", "/desk/api/club", None, no_code, 403),
        ("PUT", "/desk/api/club", {"title": "Взлом"}, no_code, 403),
        ("POST", "/desk/api/players", {"names": ["Чужой Игрок"]}, {"X-Desk-Code": "WRONG"}, 403),
        ("POST", "/desk/api/players", {"names": ["Чужой Игрок"]}, {"X-Desk-Code": CODE.lower()}, 403),
        ("POST", "/desk/api/players", {"names": ["Чужой Игрок"]}, {"Origin": "http://evil.example"}, 403),
        ("POST", "/desk/api/players", {"names": ["Чужой Игрок"]}, {"Origin": "null"}, 403),
        ("PUT", "/desk/api/club", {"title": "Взлом"}, {"Origin": "http://127.0.0.1:9"}, 403),
        ("POST", "/desk/api/evenings", EVENING | {"players": ids[:12]}, {"Origin": "https://testserver"}, 403),
        ("POST", "/desk/api/evenings/2026-12-05-vecher/kit", None, no_code, 403),
        ("GET", "/desk/api/evenings/2026-12-05-vecher/files/index.html", None, no_code, 403),
        ("POST", "/desk/api/players", "not json", {}, 422),
        ("POST", "/desk/api/players", "[1, 2]", {}, 422),
        ("POST", "/desk/api/players", '{"names": ["a"]', {}, 422),
        ("POST", "/desk/api/players", b"\xff\xfe{}", {}, 422),
        ("POST", "/desk/api/players", "x" * 1_100_000, {}, 413),
        ("PUT", "/desk/api/club", {"title": ""}, {}, 422),
        ("PUT", "/desk/api/club", {"title": "К" * 101}, {}, 422),
        ("PUT", "/desk/api/club", {"title": "Клуб\x00"}, {}, 422),
        ("PUT", "/desk/api/club", {"title": ["Клуб"], "language": "xx"}, {}, 422),
        ("PUT", "/desk/api/club", {"title": "Клуб", "language": "../../etc"}, {}, 422),
        ("POST", "/desk/api/players", {}, {}, 422),
        ("POST", "/desk/api/players", {"names": "Иванов Иван"}, {}, 422),
        ("POST", "/desk/api/players", {"names": []}, {}, 422),
        ("POST", "/desk/api/players", {"names": ["  ", ""]}, {}, 422),
        ("POST", "/desk/api/players", {"names": [1, None, {"a": 1}]}, {}, 422),
        ("POST", "/desk/api/players", {"names": ["Новый Игрок", long_name]}, {}, 422),
        ("POST", "/desk/api/players", {"names": ["Новый\u202eИгрок"]}, {}, 422),
        ("POST", "/desk/api/players", {"names": ["Новый\x07Игрок", "Другой\x1bИгрок"]}, {}, 422),
        ("POST", "/desk/api/players", {"names": [f"Игрок {i}" for i in range(1001)]}, {}, 422),
        ("POST", "/desk/api/players", {"names": ["Новый Игрок"], "confirm": "yes"}, {}, 422),
        ("POST", "/desk/api/evenings", {}, {}, 422),
        ("POST", "/desk/api/evenings", EVENING | {"title": "../../x", "date": "../../x", "players": ids[:12]}, {}, 422),
        ("POST", "/desk/api/evenings", EVENING | {"title": "/etc/passwd", "players": ["../../etc/passwd"]}, {}, 422),
        ("POST", "/desk/api/evenings", EVENING | {"players": ids[:5]}, {}, 422),
        ("POST", "/desk/api/evenings", EVENING | {"players": ids[:11] + ids[:1]}, {}, 422),
        ("POST", "/desk/api/evenings", EVENING | {"players": ids[:12], "table_size": "4; rm -rf /"}, {}, 422),
        (
            "POST",
            "/desk/api/evenings",
            EVENING | {"players": ids[:12], "start": "99:99", "variant": "x" * 10_000},
            {},
            422,
        ),
        ("POST", "/desk/api/evenings", EVENING | {"players": ids[:12], "title": "В" * 201}, {}, 422),
        ("POST", "/desk/api/evenings", EVENING | {"players": ids[:12], "date": "2026-02-30"}, {}, 422),
        ("POST", "/desk/api/movement", {"players": -1}, {}, 422),
        ("POST", "/desk/api/movement", {"players": 10**9, "table_size": 4}, {}, 422),
        ("POST", "/desk/api/evenings/..%2F..%2Fetc%2Fpasswd/kit", None, {}, 404),
        ("POST", "/desk/api/evenings/2026-12-05-nope/kit", None, {}, 404),
        ("POST", "/desk/api/evenings/evenings/kit", None, {}, 404),
        ("GET", "/desk/api/evenings/2026-12-05-vecher/files/..%2F..%2Fclub.toml", None, {}, 404),
        ("GET", "/desk/api/evenings/2026-12-05-vecher/files/club.toml", None, {}, 404),
        ("GET", "/desk/api/evenings/2026-12-05-vecher/rulings", None, no_code, 403),
        (
            "POST",
            "/desk/api/evenings/2026-12-05-vecher/rulings",
            {"kind": "time"},
            {"Origin": "http://evil.example"},
            403,
        ),
        ("DELETE", "/desk/api/evenings/2026-12-05-vecher/rulings/1", None, no_code, 403),
        ("POST", "/desk/api/evenings/2026-12-05-vecher/results", None, no_code, 403),
        ("GET", "/desk/api/evenings/2026-12-05-vecher/results/index.html", None, no_code, 403),
        ("GET", "/desk/api/season/index.html", None, {"X-Desk-Code": "WRONG"}, 403),
        ("POST", "/desk/api/evenings/2026-12-05-vecher/rulings", {}, {}, 422),
        ("POST", "/desk/api/evenings/2026-12-05-vecher/rulings", {"kind": "adjusted", "deal": "1; rm"}, {}, 422),
        ("POST", "/desk/api/evenings/2026-12-05-vecher/rulings", {"kind": "time", "reason": "\u202e"}, {}, 422),
        ("POST", "/desk/api/evenings/..%2F..%2Fetc/rulings", {"kind": "time"}, {}, 404),
        ("DELETE", "/desk/api/evenings/2026-12-05-vecher/rulings/1", None, {}, 404),
        ("DELETE", "/desk/api/evenings/2026-12-05-vecher/rulings/..%2F..%2Fclub.toml", None, {}, 404),
        ("POST", "/desk/api/evenings/2026-12-05-nope/results", None, {}, 404),
        ("GET", "/desk/api/evenings/2026-12-05-vecher/results/..%2F..%2F..%2Fclub.toml", None, {}, 404),
        ("GET", "/desk/api/season/..%2Fclub.toml", None, {}, 404),
        ("GET", "/desk/api/season/.prefprint", None, {}, 404),
        ("GET", "/desk/api/2026-12-05-vecher/results/index.html", None, {}, 404),
        ("GET", "/desk/api/jobs/nope", None, {}, 404),
        ("GET", "/desk/api/nothing", None, {}, 404),
        ("DELETE", "/desk/api/club", None, {}, 405),
    ]


def test_every_refusal_is_json_and_changes_nothing(club):
    folder, client, ids = club
    before = snapshot(folder)
    for method, url, body, headers, status in _bad(ids):
        kwargs = {"headers": headers}
        if isinstance(body, dict):
            kwargs["json"] = body
        elif body is not None:
            kwargs["content"] = body if isinstance(body, bytes) else body.encode()
        answer = client.request(method, url, **kwargs)
        assert answer.status_code == status, (method, url, answer.status_code, answer.text[:300])
        errors = answer.json()["errors"]
        assert errors and all(set(e) == {"field", "message"} and e["message"] for e in errors), (url, errors)
        assert "Traceback" not in answer.text
        assert snapshot(folder) == before, (method, url)


def test_every_problem_of_a_form_is_said_at_once_in_russian(club):
    _, client, _ = club
    answer = client.post(
        "/desk/api/evenings",
        json={
            "title": "",
            "date": "5.12.2026",
            "start": "25:00",
            "variant": "бридж",
            "table_size": 5,
            "players": "все",
        },
    )
    assert [e["field"] for e in answer.json()["errors"]] == [
        "title",
        "date",
        "start",
        "variant",
        "table_size",
        "players",
    ]
    assert answer.json()["errors"][1]["message"] == "дата пишется ГГГГ-ММ-ДД (2026-12-05), а не «5.12.2026»"


def test_a_path_like_title_gets_a_safe_id_inside_the_club(tmp_path):
    client = client_of(tmp_path)
    client.put("/desk/api/club", json={"title": "Клуб"})
    client.post("/desk/api/players", json={"names": NAMES})
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]][:12]
    made = [
        client.post("/desk/api/evenings", json=EVENING | {"title": title, "players": ids}).json()["id"]
        for title in ("../../x", "/etc/passwd", "..", "C:\\Windows\\system32", "%2e%2e%2f", "<script>")
    ]
    assert made == [
        "2026-12-05-x",
        "2026-12-05-etc-passwd",
        "2026-12-05-evening",
        "2026-12-05-c-windows-system32",
        "2026-12-05-2e-2e-2f",
        "2026-12-05-script",
    ]
    assert sorted(p.name for p in (tmp_path / "evenings").iterdir()) == sorted(f"{m}.toml" for m in made)
    assert {p.name for p in tmp_path.iterdir()} == {"club.toml", "players.toml", "evenings"}


def test_a_host_name_not_the_desks_is_refused(tmp_path):
    from starlette.testclient import TestClient

    from prefprint.server.desk import create_desk_app

    app = create_desk_app(tmp_path, CODE, hosts=("127.0.0.1:8765",))
    client = TestClient(app, base_url="http://127.0.0.1:8765", headers={"X-Desk-Code": CODE})
    assert client.get("/desk/api/club").status_code == 200
    rebound = client.get("/desk/api/club", headers={"Host": "evil.example:8765"})
    assert rebound.status_code == 403 and "evil.example" in rebound.json()["errors"][0]["message"]
    assert (
        client.put("/desk/api/club", json={"title": "К"}, headers={"Origin": "http://127.0.0.1:8765"}).status_code
        == 200
    )


_TEXT = st.one_of(st.text(max_size=30), st.text(string.printable, max_size=5), st.just("../../x"), st.none())
_VALUE = st.one_of(_TEXT, st.integers(-5, 5000), st.booleans(), st.lists(_TEXT, max_size=3))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.fixed_dictionaries({}, optional={k: _VALUE for k in ("title", "date", "start", "variant", "table_size")}),
       n=st.integers(0, 20))  # fmt: skip
def test_any_evening_form_is_made_or_refused_with_its_fields(club, form, n):
    folder, client, ids = club
    before = snapshot(folder)
    answer = client.post("/desk/api/evenings", json=form | {"players": ids[:n]})
    assert answer.status_code in (201, 422), answer.text
    if answer.status_code == 422:
        fields = {e["field"].split(".")[0] for e in answer.json()["errors"]}
        assert fields <= {"title", "date", "start", "variant", "table_size", "players"}, fields
        assert snapshot(folder) == before
    else:
        spec = folder / answer.json()["spec"]
        assert spec.parent == folder / "evenings" and json.dumps(answer.json())
