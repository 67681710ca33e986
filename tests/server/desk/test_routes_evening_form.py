"""The evening's form beyond title, date and players: venue, deals per set, minutes a deal and rounds, each with
the spec's default when left blank and its mistake said beside it; the preview with the engine's warnings; the
variants offered with what each is."""

from __future__ import annotations

import json
import tomllib

import pytest
from test_routes import NAMES, client_of
from test_routes_hostile import snapshot

from prefprint.io.spec import load_competition

FORM = {"title": "Вечер", "date": "2026-12-05", "start": "19:00", "variant": "sochi", "table_size": 4}


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    folder = tmp_path_factory.mktemp("form")
    client = client_of(folder)
    client.put("/desk/api/club", json={"title": "Клуб"})
    client.post("/desk/api/players", json={"names": NAMES})
    return folder, client, [p["id"] for p in client.get("/desk/api/club").json()["players"]]


def test_the_fields_given_are_written_and_read_by_the_kit(club):
    folder, client, ids = club
    form = FORM | {"venue": "Клуб «Пуля», Невский 1", "deals_per_set": "5", "minutes_per_deal": 6, "rounds": "5"}
    made = client.post("/desk/api/evenings", json=form | {"players": ids[:16]})
    assert made.status_code == 201, made.json()
    spec = folder / made.json()["spec"]
    data = tomllib.loads(spec.read_text(encoding="utf-8"))
    assert data["event"]["venue"] == "Клуб «Пуля», Невский 1"
    assert data["game"] == {"variant": "sochi", "table_size": 4, "deals_per_set": 5, "minutes_per_deal": 6}
    assert data["movement"] == {"rounds": 5}
    event = load_competition(spec).session(1)
    assert (event.venue, event.deals_per_set, event.minutes_per_deal, len(event.movement.rounds)) == (
        "Клуб «Пуля», Невский 1",
        5,
        6,
        5,
    )
    movement = made.json()["movement"]
    assert movement["rounds"] == 5 and movement["deals"] == event.movement.sets * 5
    assert movement["timing"] == "тур — 30 минут; с 19:00 до 21:50"


def test_fields_left_blank_are_the_specs_defaults(club):
    folder, client, ids = club
    blank = {"venue": "", "deals_per_set": "", "minutes_per_deal": None, "rounds": " "}
    made = client.post("/desk/api/evenings", json=FORM | blank | {"title": "Пусто", "players": ids[:12]})
    assert made.status_code == 201, made.json()
    data = tomllib.loads((folder / made.json()["spec"]).read_text(encoding="utf-8"))
    assert "venue" not in data["event"] and "movement" not in data
    assert data["game"] == {"variant": "sochi", "table_size": 4}
    event = load_competition(folder / made.json()["spec"]).session(1)
    assert (event.deals_per_set, event.minutes_per_deal, len(event.movement.rounds)) == (4, 5, 11)


def test_every_mistake_is_said_beside_its_field_and_nothing_written(club):
    folder, client, ids = club
    before = snapshot(folder)
    bad = {"venue": "Зал\u202e", "deals_per_set": "1", "minutes_per_deal": 61, "rounds": "пять", "table_size": 3}
    r = client.post("/desk/api/evenings", json=FORM | bad | {"players": ids[:12]})
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["venue", "deals_per_set", "minutes_per_deal", "rounds"]
    assert r.json()["errors"][1]["message"] == "ожидается целое число от 2 до 12, а не «1»"
    too_many = client.post("/desk/api/evenings", json=FORM | {"rounds": 40, "players": ids[:16]})
    assert too_many.status_code == 422
    assert too_many.json()["errors"] == [
        {"field": "rounds", "message": "туров может быть от 2 до 7 (полный круг) для 16 участников, а не 40"}
    ]
    for value in (True, 2.5, [3], "9" * 50):
        r = client.post("/desk/api/evenings", json=FORM | {"deals_per_set": value, "players": ids[:12]})
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == "deals_per_set"
    assert snapshot(folder) == before


def test_the_preview_follows_rounds_and_deals_and_says_the_engines_warnings(club):
    _, client, _ = club
    fair = client.post("/desk/api/movement", json={"players": 20, "table_size": 4}).json()
    assert (fair["rounds"], fair["deals"], fair["warnings"]) == (5, 20, [])  # `prefprint movement` warns of nothing
    full = client.post("/desk/api/movement", json={"players": 16, "table_size": 4}).json()
    assert (full["rounds"], full["deals"]) == (7, 28)
    assert full["fairness"] == (  # one number where every player has as many
        "пары игроков: не встречаются — 64, встречаются один раз — 0, чаще — 56; каждый играет 28 сдач, отдыхает 0 туров"
    )
    odd = client.post("/desk/api/movement", json={"players": 15, "table_size": 4, "rounds": "2"}).json()
    assert odd["fairness"].endswith("; каждый играет 4–8 сдач, отдыхает 0–1 тур")  # a span where they differ
    assert full["warnings"] == [
        "Внимание: лишних встреч 33,3 % (больше 10 %): 64 пары не встречаются, другие — до 3 раз"
    ]  # as `prefprint movement --players 16` prints it
    short = client.post("/desk/api/movement", json={"players": 16, "rounds": "3", "deals_per_set": 2}).json()
    assert (short["rounds"], short["deals"], short["deals_per_set"]) == (3, 8, 2)
    assert short["warnings"] == [
        "Внимание: лишних встреч 11,1 % (больше 10 %): 32 пары не встречаются, другие — до 3 раз"
    ]  # as `prefprint movement --players 16 --rounds 3` prints it
    late = client.post("/desk/api/movement", json={"players": 16, "start": "23:00", "minutes_per_deal": 10}).json()
    assert late["timing"] == "тур — 40 минут; с 23:00 до 04:10"
    assert late["warnings"][-1].startswith("План времени: 7 туров кончаются в 04:10 — после полуночи")
    refused = client.post("/desk/api/movement", json={"players": 16, "rounds": 40, "deals_per_set": 13})
    assert [e["field"] for e in refused.json()["errors"]] == ["deals_per_set"]
    refused = client.post("/desk/api/movement", json={"players": 16, "rounds": 40})
    assert refused.json()["errors"][0]["field"] == "rounds"


def test_each_variant_is_offered_with_what_it_is(club):
    _, client, _ = club
    page = client.get("/").text
    data = json.loads(page.split('<script type="application/json" id="data">')[1].split("</script>")[0])
    variants = {key: (name, about) for key, name, about in data["variants"]}
    assert variants["leningrad"] == ("Ленинград", "пуля по 20, всё ×2, джентльменский вист")
    assert all(about for _, about in variants.values()) and len(variants) == 6
    for key in ("venue", "deals_per_set", "minutes_per_deal", "rounds", "rounds_auto"):
        assert data["words"][key]
