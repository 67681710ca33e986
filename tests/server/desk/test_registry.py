"""The desk's registry through its API: a player's name and aliases edited, two entries merged, members imported
from a file; and the hostile requests (unknown ids, a merge with oneself, huge names, path-like ids and file names,
a save over a hand edit), each refused with its errors and no byte of the club's folder changed."""

from __future__ import annotations

import base64
import json

import pytest
from test_routes import CODE, NAMES, client_of

from prefprint.io.club import load_registry


def snapshot(folder) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def club(tmp_path):
    client = client_of(tmp_path)
    assert client.put("/desk/api/club", json={"title": "Клуб", "language": "ru"}).status_code == 200
    assert (
        client.post("/desk/api/players", json={"names": NAMES[:6] + ["Иванов И."], "confirm": True}).status_code == 201
    )
    return tmp_path, client


def players(client) -> dict:
    return {p["id"]: p for p in client.get("/desk/api/club").json()["players"]}


def csv_body(text: str, name: str = "члены.csv", encoding: str = "utf-8") -> dict:
    return {"filename": name, "data": base64.b64encode(text.encode(encoding)).decode()}


def test_a_player_is_renamed_and_given_aliases(club):
    folder, client = club
    r = client.put("/desk/api/players/petrov-petr", json={"name": "Петров Пётр Ильич", "aliases": ["Петров П."]})
    assert r.status_code == 200, r.text
    assert r.json() == {"id": "petrov-petr", "name": "Петров Пётр Ильич", "aliases": ["Петров П."], "merged": []}
    assert players(client)["petrov-petr"]["aliases"] == ["Петров П."]
    taken = client.put("/desk/api/players/petrov-petr", json={"name": "Иванов И.", "aliases": ["Сидоров  Сергей"]})
    assert taken.status_code == 422
    errors = {e["field"]: e["message"] for e in taken.json()["errors"]}
    assert set(errors) == {"name", "aliases.0"} and "уже у игрока «Сидоров Сергей»" in errors["aliases.0"]


def test_two_entries_merged_are_one_player_in_the_registry(club):
    folder, client = club
    r = client.post("/desk/api/players/merge", json={"keep": "ivanov-ivan", "drop": "ivanov-i"})
    assert r.status_code == 201, r.text
    assert r.json()["kept"]["aliases"] == ["Иванов И."] and r.json()["kept"]["merged"] == ["ivanov-i"]
    now = players(client)
    assert "ivanov-i" not in now and now["ivanov-ivan"]["aliases"] == ["Иванов И."]
    registry = load_registry(folder / "players.toml", "ru")
    assert [p.merged for p in registry if p.id == "ivanov-ivan"] == [("ivanov-i",)]
    # the dropped spelling is now the kept player's: pasted again, it is known
    again = client.post("/desk/api/players", json={"names": ["Иванов И."]}).json()
    assert again["known"] == [{"name": "Иванов И.", "id": "ivanov-ivan"}]


def test_members_are_imported_from_a_file_as_pasted_names_are(club):
    folder, client = club
    text = "№;ФИО;Телефон\n1;Новикова Ольга;+7 900\n2;Петров Пётр;\n3;Смирнова А.;\n"
    r = client.post("/desk/api/players/import", json=csv_body(text, encoding="cp1251"))
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["added"] == [{"id": "novikova-olga", "name": "Новикова Ольга"}]
    assert got["known"] == [{"name": "Петров Пётр", "id": "petrov-petr"}]
    assert [s["like"]["name"] for s in got["suggested"]] == ["Смирнова Анна"]
    assert (got["file"], got["names"]) == ("члены.csv", 3)
    assert "novikova-olga" in players(client)


def _hostile(ids):
    """(method, url, body, headers, status, field) the registry's routes refuse."""
    return [
        ("PUT", "/desk/api/players/nobody", {"name": "X"}, {}, 404, ""),
        ("PUT", "/desk/api/players/..%2F..%2Fclub.toml", {"name": "X"}, {}, 404, ""),
        ("PUT", "/desk/api/players/" + "a" * 5000, {"name": "X"}, {}, 404, ""),
        ("PUT", f"/desk/api/players/{ids[0]}", {"name": "Я" * 100_000}, {}, 422, "name"),
        ("PUT", f"/desk/api/players/{ids[0]}", {"name": "Иванов\u202eИван"}, {}, 422, "name"),
        ("PUT", f"/desk/api/players/{ids[0]}", {"name": "Иванов Иван", "aliases": ["a"] * 10_000}, {}, 422, "aliases"),
        ("PUT", f"/desk/api/players/{ids[0]}", {"name": {"x": 1}}, {}, 422, "name"),
        ("PUT", f"/desk/api/players/{ids[0]}", "x" * 1_100_000, {}, 413, ""),
        ("PUT", f"/desk/api/players/{ids[0]}", {"name": "Взлом"}, {"X-Desk-Code": ""}, 403, ""),
        ("POST", "/desk/api/players/merge", {"keep": ids[0], "drop": ids[0]}, {}, 422, "drop"),
        ("POST", "/desk/api/players/merge", {"keep": "nobody", "drop": "../players"}, {}, 422, "keep"),
        ("POST", "/desk/api/players/merge", {"keep": [ids[0]], "drop": None}, {}, 422, "keep"),
        (
            "POST",
            "/desk/api/players/merge",
            {"keep": ids[0], "drop": ids[1]},
            {"Origin": "http://evil.example"},
            403,
            "",
        ),
        ("POST", "/desk/api/players/import", csv_body('=HYPERLINK("x")\n'), {}, 422, "file"),
        ("POST", "/desk/api/players/import", csv_body("Орлов\x00Денис\n", "../../players.toml.csv"), {}, 422, "file"),
        ("POST", "/desk/api/players/import", {"filename": "x.xlsx", "data": "UEsDBA=="}, {}, 422, "file"),
        ("POST", "/desk/api/players/import", {"filename": "x.csv", "data": "%%%"}, {}, 422, "file"),
        ("POST", "/desk/api/players/import", {"filename": "x.csv"}, {}, 422, "file"),
        ("POST", "/desk/api/players/import", csv_body("Имя\n" * 10_000), {}, 422, "file"),
    ]


def test_hostile_requests_are_refused_with_their_errors_and_change_nothing(club):
    folder, client = club
    ids = list(players(client))
    before = snapshot(folder)
    for method, url, body, headers, status, where in _hostile(ids):
        content = body if isinstance(body, str) else json.dumps(body)
        r = client.request(method, url, content=content, headers={"Content-Type": "application/json"} | headers)
        assert r.status_code == status, (method, url[:80], r.text[:300])
        errors = r.json()["errors"]
        assert errors and errors[0]["field"] == where and all(e["message"] for e in errors), (url[:80], errors)
        assert snapshot(folder) == before, url[:80]


def test_a_bad_file_is_said_with_its_name_and_cell(club):
    _, client = club
    r = client.post("/desk/api/players/import", json=csv_body("ФИО\nОрлов Денис\n=1+1\nБелова\x07Ирина\n", "list.csv"))
    said = [e["message"] for e in r.json()["errors"]]
    assert said == [
        "файл «list.csv», ячейка A3: формула «=1+1» вместо имени: впишите имя текстом",
        "файл «list.csv», ячейка A4: содержит управляющий символ U+0007; уберите его",
    ]


def test_a_registry_edited_by_hand_is_not_saved_over(club):
    folder, client = club
    path = folder / "players.toml"
    hand = path.read_text(encoding="utf-8") + '\n[[players]]\nid = "x"\nname = "Орлов Денис"  # by hand\n'
    path.write_text(hand, encoding="utf-8")
    for method, url, body in [
        ("PUT", "/desk/api/players/petrov-petr", {"name": "Петров П."}),
        ("POST", "/desk/api/players/merge", {"keep": "ivanov-ivan", "drop": "ivanov-i"}),
        ("POST", "/desk/api/players/import", csv_body("Белова Ирина\n")),
    ]:
        r = client.request(method, url, json=body)
        assert r.status_code == 409, (url, r.text)
        assert r.json()["errors"][0]["message"].startswith(f"файл {path} изменён вручную")
        assert path.read_text(encoding="utf-8") == hand
    client.get("/desk/api/club")  # the page reloaded: the edit seen, the change made over it
    assert client.put("/desk/api/players/x", json={"name": "Орлов Денис Ильич"}).status_code == 200
    assert "# by hand" in path.read_text(encoding="utf-8")


def test_before_the_club_is_made_nothing_is_edited(tmp_path):
    client = client_of(tmp_path)
    for method, url, body in [
        ("PUT", "/desk/api/players/a", {"name": "А"}),
        ("POST", "/desk/api/players/merge", {"keep": "a", "drop": "b"}),
        ("POST", "/desk/api/players/import", csv_body("А Б\n")),
    ]:
        assert client.request(method, url, json=body).status_code == 422
    assert list(tmp_path.iterdir()) == []


def test_the_page_loads_the_registrys_script_with_its_words(club):
    _, client = club
    page = client.get(f"/?code={CODE}").text
    assert '<script type="module" src="/desk/desk-registry.js">' in page
    data = json.loads(page.split('<script type="application/json" id="data">')[1].split("</script>")[0])
    assert data["words"]["merge_into"] == "Объединить с…" and data["words"]["registry"] == "Реестр игроков"
    script = client.get("/desk/desk-registry.js")
    assert script.status_code == 200 and "parts.club.push(registrySection)" in script.text
