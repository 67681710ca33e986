"""Check-in through the desk's API: the evening's players read and rewritten, the movement recomputed, what
differs from a printed kit said; and the hostile requests — unknown ids, an id twice, another evening's player,
a huge list, a stale page, an evening being played — each refused with its field, nothing written."""

from __future__ import annotations

import pytest
from helpers import stub_render
from test_routes import NAMES, client_of, wait_job
from test_routes_hostile import snapshot


@pytest.fixture
def desk(tmp_path, monkeypatch):
    """A club of 18 players with two evenings: one of 16 (its kit printed) and one of 12."""
    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    client = client_of(tmp_path)
    client.put("/desk/api/club", json={"title": "Клуб"})
    client.post("/desk/api/players", json={"names": NAMES})
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]]
    form = {"title": "Вечер", "date": "2026-12-05", "players": ids[:16]}
    evening = client.post("/desk/api/evenings", json=form).json()["id"]
    other = client.post("/desk/api/evenings", json=form | {"title": "Другой", "players": ids[:12]}).json()["id"]
    assert wait_job(client, client.post(f"/desk/api/evenings/{evening}/kit").json()["job"])["state"] == "done"
    return tmp_path, client, evening, other, ids


def test_the_players_are_read_with_the_movement_and_the_kit(desk):
    _, client, evening, other, ids = desk
    got = client.get(f"/desk/api/evenings/{evening}/players").json()
    assert [p["id"] for p in got["players"]] == ids[:16] and got["players"][0]["name"] == NAMES[0]
    assert got["kit"] is True and got["state"] == "kit" and got["changes"]["same"] is True
    assert got["movement"]["text"] == "4 стола, 7 туров, 28 сдач"
    assert client.get(f"/desk/api/evenings/{other}/players").json()["kit"] is False


def test_fifteen_came_and_a_walk_in_the_movement_and_the_changes(desk):
    folder, client, evening, _, ids = desk
    got = client.get(f"/desk/api/evenings/{evening}/players").json()
    came = ids[1:16] + [ids[17]]  # the first stayed home, Громов walked in
    put = client.put(f"/desk/api/evenings/{evening}/players", json={"players": came, "seen": got["seen"]})
    assert put.status_code == 200, put.json()
    answer = put.json()
    assert sorted(p["id"] for p in answer["players"]) == sorted(came)
    assert answer["movement"]["players"] == 16 and answer["seen"] != got["seen"]
    assert answer["changes"]["text"] == [
        "было 4 стола и 7 туров, стало 4 стола и 7 туров",
        "новые игроки (1): Громов Антон",
        "не пришли (1): Иванов Иван",
    ]
    spec = (folder / "evenings" / f"{evening}.toml").read_text(encoding="utf-8")
    assert "Иванов Иван" not in spec and 'number = 1\nname = "Громов Антон"\nid = "gromov-anton"' in spec
    job = client.post(f"/desk/api/evenings/{evening}/kit").json()["job"]  # «print again»
    assert wait_job(client, job)["state"] == "done"
    again = client.get(f"/desk/api/evenings/{evening}/players").json()
    assert again["changes"]["same"] is True  # the kit now is what the players are


def _refused(client, folder, evening, body, status=422):
    before = snapshot(folder)
    r = client.put(f"/desk/api/evenings/{evening}/players", json=body)
    assert r.status_code == status, r.json()
    assert snapshot(folder) == before
    return r.json()["errors"]


def test_unknown_doubled_and_other_evenings_players_are_refused_at_their_place(desk):
    folder, client, evening, other, ids = desk
    # "#40": a player of a spec without his id, nobody of this evening
    seen = client.get(f"/desk/api/evenings/{evening}/players").json()["seen"]
    errors = _refused(client, folder, evening, {"players": [*ids[:15], "nobody", ids[3], "#40", 7], "seen": seen})
    assert errors == [{"field": "players", "message": "ожидается список игроков реестра"}]
    came = [*ids[:15], "nobody", ids[3], "#40", other, "../club"]
    errors = _refused(client, folder, evening, {"players": came, "seen": seen})
    assert [e["field"] for e in errors] == ["players.15", "players.16", "players.17", "players.18", "players.19"]
    assert "nobody" in errors[0]["message"] and "выбран дважды" in errors[1]["message"]
    assert other in errors[3]["message"]  # an evening's id is no player
    other_seen = client.get(f"/desk/api/evenings/{other}/players").json()["seen"]
    errors = _refused(client, folder, evening, {"players": ids[:16], "seen": other_seen}, 409)
    assert "изменён вручную" in errors[0]["message"]  # another evening's token is not this spec's
    assert client.put("/desk/api/evenings/2026-12-05-nope/players", json={"players": [], "seen": ""}).status_code == 404


def test_a_huge_list_and_missing_keys_are_refused(desk):
    folder, client, evening, _, ids = desk
    seen = client.get(f"/desk/api/evenings/{evening}/players").json()["seen"]
    errors = _refused(client, folder, evening, {"players": ids * 100, "seen": seen})
    assert errors == [{"field": "players", "message": "игроков вечера — до 1000, а выбрано 1800"}]
    errors = _refused(client, folder, evening, {"players": ids[:16]})
    assert errors[0]["field"] == "seen"
    errors = _refused(client, folder, evening, {"players": ids[:5], "seen": seen})
    assert errors[0]["field"] == "players" and "от 8 до 1000" in errors[0]["message"]


def test_a_stale_page_and_an_evening_being_played_are_refused(desk):
    folder, client, evening, _, ids = desk
    seen = client.get(f"/desk/api/evenings/{evening}/players").json()["seen"]
    spec = folder / "evenings" / f"{evening}.toml"
    spec.write_text(spec.read_text(encoding="utf-8") + "# a note by hand\n", encoding="utf-8")
    errors = _refused(client, folder, evening, {"players": ids[1:16], "seen": seen}, 409)
    assert errors[0]["message"].startswith(f"файл {spec} изменён вручную")
    seen = client.get(f"/desk/api/evenings/{evening}/players").json()["seen"]
    (folder / "output" / evening / "scoring.sqlite").write_bytes(b"")
    errors = _refused(client, folder, evening, {"players": ids[1:16], "seen": seen}, 409)
    assert errors[0]["message"] == ("состав уже не изменить (идёт игра): коды столов и записи привязаны к расстановке")


def test_a_change_from_another_site_is_refused(desk):
    folder, client, evening, _, ids = desk
    seen = client.get(f"/desk/api/evenings/{evening}/players").json()["seen"]
    before = snapshot(folder)
    r = client.put(
        f"/desk/api/evenings/{evening}/players",
        json={"players": ids[1:16], "seen": seen},
        headers={"Origin": "http://evil.example"},
    )
    assert r.status_code == 403 and snapshot(folder) == before
