"""The desk's rulings: added from the form, listed and removed in the evening's rulings file; a form with mistakes
refused at its fields with nothing written; a hand-written file's comments kept, a hand edit never saved over; and
the file the desk writes read by `prefprint results` as the same rulings written by hand."""

from __future__ import annotations

from test_routes import _club_with_evening
from test_routes_hostile import snapshot

from prefprint.app.results import Options, ranking_json, run
from prefprint.engine.fills import random_fills
from prefprint.engine.rulings import load_rulings
from prefprint.io.spec import load_competition
from prefprint.io.workbook import fill_workbook, write_protocol_workbook

ADJUSTED = {"kind": "adjusted", "deal": "7", "player": "5", "percent": "60", "reason": "Неверное объяснение судьи"}
TIME = {"kind": "time", "round": 1, "table": 2, "seats": "N, E", "mp": "1,5", "reason": "Не окончили сдачу"}
HAND = """# Решения судьи — пишет судья Пётр
[[rulings]]   # корректировка
kind = "adjusted"
deal = 7
player = 5
percent = 60
reason = "Неверное объяснение судьи"  # по протоколу
"""


def _paths(folder, evening):
    return folder / "evenings" / f"{evening}.toml", folder / "evenings" / f"{evening}.rulings.toml"


def test_rulings_are_added_listed_and_removed(tmp_path):
    client, evening = _club_with_evening(tmp_path)
    url = f"/desk/api/evenings/{evening}/rulings"
    assert client.get(url).json() == {"file": f"evenings/{evening}.rulings.toml", "rulings": [], "problems": []}
    first = client.post(url, json=ADJUSTED)
    assert first.status_code == 201
    second = client.post(url, json=TIME).json()
    assert [(r["n"], r["kind"], r["reason"]) for r in second["rulings"]] == [
        (1, "adjusted", "Неверное объяснение судьи"),
        (2, "time", "Не окончили сдачу"),
    ]
    assert second["rulings"][0] | {} == {
        "n": 1, "kind": "adjusted", "deal": 7, "player": 5, "percent": 60, "reason": ADJUSTED["reason"], "problems": [],
    }  # fmt: skip
    assert second["rulings"][1]["seats"] == ["N", "E"] and second["rulings"][1]["mp"] == 1.5
    assert client.get(url).json() == second
    spec, path = _paths(tmp_path, evening)
    event = load_competition(spec).sessions[0]
    read = load_rulings(spec, event, path).items
    assert [(r.kind, r.deal, r.player, r.percent, r.mp, r.seats) for r in read] == [
        ("adjusted", 7, 5, 60, None, ()),
        ("time", None, None, None, 1.5, ("N", "E")),
    ]
    left = client.delete(f"{url}/1")
    assert left.status_code == 200 and [r["kind"] for r in left.json()["rulings"]] == ["time"]
    assert [r.kind for r in load_rulings(spec, event, path).items] == ["time"]
    assert client.delete(f"{url}/2").status_code == 404
    assert client.delete(f"{url}/x").status_code == 404
    assert client.get("/desk/api/evenings/2026-01-01-none/rulings").status_code == 404


def test_a_ruling_with_mistakes_is_refused_at_its_fields_and_nothing_changes(tmp_path):
    client, evening = _club_with_evening(tmp_path)
    url = f"/desk/api/evenings/{evening}/rulings"
    client.post(url, json=ADJUSTED)
    before = snapshot(tmp_path)
    bad = client.post(url, json={"kind": "adjusted", "deal": "99", "percent": "150", "seat": "Q", "reason": ""})
    assert bad.status_code == 422
    errors = bad.json()["errors"]
    assert {e["field"] for e in errors} == {"deal", "percent", "seat", "reason"}
    assert any("150" in e["message"] for e in errors if e["field"] == "percent")
    unknown = client.post(url, json={"kind": "fine", "reason": "x"}).json()["errors"]
    assert [e["field"] for e in unknown] == ["kind"]
    which = client.post(url, json={"kind": "adjusted", "deal": 3, "percent": 50, "reason": "x"}).json()["errors"]
    assert [e["field"] for e in which] == [""]  # the ruling as a whole: whose seat
    odd = {"kind": "time", "round": 1, "table": 1, "seats": ["N", None], "mp": 1, "reason": "Поздно\u202e"}
    assert {e["field"] for e in client.post(url, json=odd).json()["errors"]} == {"seats", "reason"}
    assert snapshot(tmp_path) == before


def test_a_hand_written_file_keeps_its_comments(tmp_path):
    client, evening = _club_with_evening(tmp_path)
    spec, path = _paths(tmp_path, evening)
    path.write_text(HAND, encoding="utf-8")
    url = f"/desk/api/evenings/{evening}/rulings"
    assert [r["n"] for r in client.get(url).json()["rulings"]] == [1]
    assert client.post(url, json=TIME).status_code == 201
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HAND)  # every comment and line as written, the new ruling after them
    assert text[len(HAND) :].lstrip("\n").startswith('[[rulings]]\nkind = "time"')
    assert len(load_rulings(spec, load_competition(spec).sessions[0], path).items) == 2


def test_a_file_edited_by_hand_meanwhile_is_not_saved_over(tmp_path):
    client, evening = _club_with_evening(tmp_path)
    _, path = _paths(tmp_path, evening)
    url = f"/desk/api/evenings/{evening}/rulings"
    client.post(url, json=ADJUSTED)
    client.get(url)
    path.write_text(path.read_text(encoding="utf-8") + "# edited by hand\n", encoding="utf-8")
    edited = path.read_bytes()
    for answer in (client.post(url, json=TIME), client.delete(f"{url}/1")):
        assert answer.status_code == 409 and answer.json()["errors"][0]["field"] == "file"
        assert path.read_bytes() == edited
    assert client.get(url).status_code == 200  # the page reloaded shows the edit, and then saves
    assert client.post(url, json=TIME).status_code == 201
    assert "# edited by hand" in path.read_text(encoding="utf-8")


def test_a_hand_written_file_with_mistakes_is_said_not_added_to(tmp_path):
    client, evening = _club_with_evening(tmp_path)
    _, path = _paths(tmp_path, evening)
    path.write_text(HAND.replace("percent = 60", "percent = 160"), encoding="utf-8")
    url = f"/desk/api/evenings/{evening}/rulings"
    [listed] = client.get(url).json()["rulings"]
    assert "160" in listed["problems"][0]
    refused = client.post(url, json=TIME)
    assert refused.status_code == 409 and "rulings[1].percent" in refused.json()["errors"][0]["message"]
    assert client.delete(f"{url}/1").status_code == 200  # a broken ruling can still be removed


def test_the_desks_file_is_read_by_results_as_the_same_rulings_written_by_hand(tmp_path):
    client, evening = _club_with_evening(tmp_path)
    spec, path = _paths(tmp_path, evening)
    competition = load_competition(spec)
    event = competition.sessions[0]
    row = event.rows_of(event.deal(2))[0]
    adjusted = {"kind": "adjusted", "deal": 2, "round": row.round, "table": row.table, "seat": "N", "percent": 40}
    rulings = [adjusted | {"reason": "Неверное объяснение"}, {"kind": "penalty", "player": 3, "mp": 2, "reason": "Шум"}]
    for ruling in rulings:
        assert client.post(f"/desk/api/evenings/{evening}/rulings", json=ruling).status_code == 201
    hand = tmp_path / "hand.toml"
    hand.write_text(
        "# by hand\n[[rulings]]\n"
        + "".join(f"{k} = {v!r}\n".replace("'", '"') for k, v in rulings[0].items())
        + '\n[[rulings]]\nkind = "penalty"\nplayer = 3\nmp = 2\nreason = "Шум"\n',
        encoding="utf-8",
    )
    workbook = write_protocol_workbook(event, tmp_path / "blank.xlsx")
    fill_workbook(workbook, workbook, random_fills(event, 5)[0])

    def ranked(file):
        read = load_rulings(spec, event, file)
        report = run(competition, [workbook], None, Options(rulings_of=lambda e: read, publish=False))
        notes = [a.note().text("ru") for a in report.reports[0].rulings]
        return ranking_json(report), notes

    desk, desk_notes = ranked(path)
    assert len(desk_notes) == 2 and "Шум" in desk_notes[1]
    assert (desk, desk_notes) == ranked(hand)
    assert desk != ranked(None)[0]  # the rulings count


def test_a_ruling_is_checked_against_the_rows_typed_in_so_far(tmp_path, monkeypatch):
    from helpers import stub_render
    from test_routes import wait_job

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    client, evening = _club_with_evening(tmp_path)
    assert wait_job(client, client.post(f"/desk/api/evenings/{evening}/kit").json()["job"])["state"] == "done"
    spec, path = _paths(tmp_path, evening)
    event = load_competition(spec).sessions[0]
    workbook = tmp_path / "output" / evening / "protocols.xlsx"
    fill_workbook(workbook, workbook, {k: v for k, v in random_fills(event, 3)[0].items() if k[0] == 1})
    row = event.rows_of(event.deal(1))[0]
    stranger = next(p for p in sorted(event.names) if p not in dict(row.seats).values())
    url = f"/desk/api/evenings/{evening}/rulings"
    at_row = {"kind": "adjusted", "deal": 1, "round": row.round, "table": row.table, "percent": 50, "reason": "x"}
    refused = client.post(url, json=at_row | {"player": stranger})
    assert refused.status_code == 422 and not path.exists()
    [error] = refused.json()["errors"]
    assert error["field"] == "" and f"игрока {stranger} не было за столом {row.table}" in error["message"]
    seat, player = next(iter(dict(row.seats).items()))
    assert client.post(url, json=at_row | {"player": player}).status_code == 201
    twice = client.post(url, json=at_row | {"seat": seat}).json()["errors"]
    assert [e["field"] for e in twice] == [""] and "уже" in twice[0]["message"]  # the seat adjusted once already
    waiting = {"kind": "adjusted", "deal": 2, "player": stranger, "percent": 50, "reason": "x"}
    assert client.post(url, json=waiting).status_code == 201  # deal 2 not typed in yet: the results will check it
