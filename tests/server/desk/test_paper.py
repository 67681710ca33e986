"""The desk's paper protocols: a filled workbook uploaded (checked as `prefprint results` checks it, then the
session's protocols.xlsx, its rows seen by the night), every problem said with its sheet and cell and nothing
changed, another event's workbook refused; and a table's protocol typed in the grid, each row stored by the night's
server as the director's, its whists the engine's."""

from __future__ import annotations

import base64
import io
import random

import httpx
import pytest
from nights import club_with_evening, desk_client, event_of, kit_folder, start

from prefprint.engine.cells import row_cells
from prefprint.engine.fills import random_outcome
from prefprint.engine.rules import active_seats, fmt_json, settle
from prefprint.io.workbook import fill_workbook, protocol_workbook_bytes
from prefprint.server.desk import paper

UPLOAD = "/desk/api/evenings/{}/workbook"


@pytest.fixture
def desk(tmp_path):
    client, evening = club_with_evening(tmp_path / "club")
    yield tmp_path, client, evening
    client.app.state.desk.close()


def rows_of(event, n: int) -> list[tuple[int, int, int, str]]:
    """(deal, round, table, dealer) of the first `n` rows of round 1."""
    out = []
    for play in event.movement.rounds[0].tables:
        out += [(d.number, 1, play.table, d.dealer) for d in event.deals if d.set == play.set]
    return out[:n]


def filled(event, target, n: int = 5, seed: int = 1, change=None) -> dict:
    """A kit workbook at `target` with `n` rows typed (random outcomes; `change(cells)` alters the first):
    {(deal, round, table): cells}."""
    rng, fills = random.Random(seed), {}
    for deal, rnd, table, dealer in rows_of(event, n):
        fills[(deal, rnd, table)] = row_cells(event, random_outcome(rng, event.table_size, dealer, event.conventions))
    if change:
        change(fills[next(iter(fills))])
    fill_workbook(io.BytesIO(protocol_workbook_bytes(event)), target, fills)
    return fills


def upload(client, evening, data: bytes, name: str = "protocols filled.xlsx"):
    return client.post(UPLOAD.format(evening), json={"filename": name, "data": base64.b64encode(data).decode()})


def snapshot(folder) -> dict:
    return {p.name: p.read_bytes() for p in kit_folder(folder).iterdir() if p.is_file()}


def test_a_good_workbook_becomes_the_evenings_and_the_night_sees_its_rows(desk):
    tmp, client, evening = desk
    folder = tmp / "club"
    night = start(client).json()
    kit = (kit_folder(folder) / "protocols.xlsx").read_bytes()
    filled(event_of(folder), tmp / "typed.xlsx", n=5)
    data = (tmp / "typed.xlsx").read_bytes()
    taken = upload(client, evening, data)
    assert taken.status_code == 201, taken.json()
    answer = taken.json()
    assert (answer["rows"], answer["workbook"], answer["warnings"]) == (5, "protocols.xlsx", [])
    assert answer["said"] == "книга «protocols filled.xlsx» принята: 5 строк заполнено"
    assert answer["progress"] == {"rows": 5, "phones": 0, "paper": 5, "of": night["progress"]["of"]}
    assert (kit_folder(folder) / "protocols.xlsx").read_bytes() == data
    assert (kit_folder(folder) / answer["kept"]).read_bytes() == kit  # protocols-<time>.xlsx
    assert answer["kept"].startswith("protocols-") and not list(kit_folder(folder).glob(".upload-*"))
    assert client.get(f"/desk/api/evenings/{evening}/night").json()["progress"]["paper"] == 5
    director = night["director"].split("token=")[1]
    progress = httpx.get(f"{night['url']}/api/progress?token={director}").json()
    assert progress["version"] == 1  # the server's pages, ranking and live site made again with the paper rows


def test_a_workbook_with_mistakes_says_each_with_its_sheet_and_cell_and_changes_nothing(desk):
    tmp, client, evening = desk
    folder = tmp / "club"
    event = event_of(folder)
    before = snapshot(folder)

    def wrong(cells):
        cells["N_whists"] = (cells.get("N_whists") or 0) + 5

    fills = filled(event, tmp / "typed.xlsx", n=3, change=wrong)
    refused = upload(client, evening, (tmp / "typed.xlsx").read_bytes())
    assert refused.status_code == 422
    [problem] = refused.json()["errors"]
    deal = next(iter(fills))[0]
    assert problem["field"] == "file" and problem["sheet"] == f"Сдача {deal}" and problem["deal"] == deal
    assert problem["cell"][0].isalpha() and problem["message"].startswith(f"'Сдача {deal}'!{problem['cell']}:")
    assert "сумма вистов +5" in problem["message"]
    assert (problem["round"], problem["table"]) == next(iter(fills))[1:]  # the grid's row it is in
    assert snapshot(folder) == before


def test_a_formula_saved_without_its_value_is_a_problem_at_its_cell(desk):
    tmp, client, evening = desk
    before = snapshot(tmp / "club")
    filled(event_of(tmp / "club"), tmp / "typed.xlsx", n=2, change=lambda cells: cells.update(N_whists="=1+2"))
    refused = upload(client, evening, (tmp / "typed.xlsx").read_bytes())
    assert refused.status_code == 422
    errors = refused.json()["errors"]
    assert any("формул" in e["message"] and e.get("cell") for e in errors), errors
    assert snapshot(tmp / "club") == before


def test_another_events_workbook_is_refused(desk):
    tmp, client, evening = desk
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]]
    form = {"title": "Другой турнир", "date": "2026-12-06", "table_size": 4, "players": ids}
    other = client.post("/desk/api/evenings", json=form).json()["id"]
    from prefprint.io.spec import load_competition

    event = load_competition(tmp / "club" / "evenings" / f"{other}.toml").session(1)
    filled(event, tmp / "other.xlsx", n=2)
    before = snapshot(tmp / "club")
    refused = upload(client, evening, (tmp / "other.xlsx").read_bytes())
    assert refused.status_code == 422
    [problem] = refused.json()["errors"]
    assert problem["message"].startswith("книга протоколов другого турнира: «Другой турнир», а не «Вечер»")
    assert snapshot(tmp / "club") == before


def test_what_is_no_workbook_is_said_so(desk):
    tmp, client, evening = desk
    before = snapshot(tmp / "club")
    not_xlsx = upload(client, evening, b"round;table\n1;1\n", "protocols.csv")
    assert not_xlsx.status_code == 422 and ".xlsx" in not_xlsx.json()["errors"][0]["message"]
    bad = client.post(UPLOAD.format(evening), json={"filename": "", "data": "not base64!"})
    assert bad.status_code == 422 and {e["field"] for e in bad.json()["errors"]} == {"filename", "data"}
    huge = client.post(UPLOAD.format(evening), json={"filename": "a.xlsx", "data": "A" * paper.UPLOAD_LIMIT})
    assert huge.status_code == 413
    assert snapshot(tmp / "club") == before


def test_no_upload_before_the_kit(tmp_path):
    client, evening = club_with_evening(tmp_path, kit=False)
    refused = upload(client, evening, b"PK")
    assert refused.status_code == 409 and "напечатайте комплект" in refused.json()["errors"][0]["message"]


# --------------------------------------------------------------------------- the grid


def test_a_typed_row_is_stored_as_the_directors_with_the_engines_whists(desk):
    tmp, client, evening = desk
    event = event_of(tmp / "club")
    start(client)
    deal, rnd, table, dealer = rows_of(event, 1)[0]
    active = active_seats(event.table_size, dealer)
    declarer, left, right = active[0], active[1], active[2]
    row = {"table": table, "round": rnd, "deal": deal, "contract": "6п", "declarer": declarer,
           "defence": {left: "whist", right: "pass"}, "tricks": {declarer: 7, left: 3}}  # fmt: skip
    preview = client.post(f"/desk/api/evenings/{evening}/preview", json=row)
    assert preview.status_code == 201, preview.json()
    from prefprint.engine.rules import Outcome, parse_contract_cell

    outcome = Outcome.make(
        event.table_size, dealer, parse_contract_cell("6♠"), declarer, {declarer: 7, left: 3},
        {left: "whist", right: "pass"}, False, conventions=event.conventions,
    )  # fmt: skip
    whists = {s: fmt_json(v) for s, v in settle(outcome, event.conventions).results.items()}
    assert preview.json()["whists"] == whists and preview.json()["entered"] is False
    stored = client.post(f"/desk/api/evenings/{evening}/rows", json=row)
    assert stored.status_code == 201, stored.json()
    assert stored.json()["whists"] == whists
    assert stored.json()["progress"]["phones"] == 1 and stored.json()["progress"]["rows"] == 1
    seen = client.get(f"/desk/api/evenings/{evening}/tables/{table}").json()
    [entered] = [r["entered"] for r in seen["rows"] if r["entered"]]
    assert entered["by"] == "director" and entered["contract"] == "6♠" and entered["whists"] == whists
    again = client.post(f"/desk/api/evenings/{evening}/rows", json=row)  # the same row sent again: stored once
    assert again.json()["same"] is True and again.json()["progress"]["rows"] == 1
    other = row | {"tricks": {declarer: 6, left: 4}}
    assert client.post(f"/desk/api/evenings/{evening}/rows", json=other).status_code == 409
    unreasoned = client.post(f"/desk/api/evenings/{evening}/rows", json=other | {"correct": True})
    assert unreasoned.status_code == 422 and unreasoned.json()["errors"][0]["field"] == "reason"
    corrected = client.post(f"/desk/api/evenings/{evening}/rows", json=other | {"correct": True, "reason": "бланк"})
    assert corrected.status_code == 201 and corrected.json()["progress"]["rows"] == 1


def test_a_wrong_row_is_refused_at_its_field_and_an_allpass_is_typed_as_at_the_table(desk):
    tmp, client, evening = desk
    event = event_of(tmp / "club")
    start(client)
    deal, rnd, table, dealer = rows_of(event, 2)[1]
    active = active_seats(event.table_size, dealer)
    bad = {"table": table, "round": rnd, "deal": deal, "contract": "пас", "tricks": {s: 11 for s in active}}
    refused = client.post(f"/desk/api/evenings/{evening}/rows", json=bad)
    assert refused.status_code == 422 and refused.json()["errors"][0]["field"] == "tricks"
    allpass = bad | {"tricks": dict(zip(active, (4, 3, 3)))}
    assert client.post(f"/desk/api/evenings/{evening}/rows", json=allpass).status_code == 201
    assert client.post(f"/desk/api/evenings/{evening}/rows", json=allpass | {"token": "X"}).status_code == 422
    assert client.get(f"/desk/api/evenings/{evening}/tables/99").status_code == 404


def test_the_grid_needs_the_night(desk):
    _, client, evening = desk
    refused = client.get(f"/desk/api/evenings/{evening}/tables/1")
    assert refused.status_code == 409 and "Начать вечер" in refused.json()["errors"][0]["message"]
    assert client.post(f"/desk/api/evenings/{evening}/rows", json={}).status_code == 409


def test_the_desks_words_of_these_parts_are_in_both_languages(tmp_path):
    from prefprint.server.desk.routes import words

    assert all(words("ru")[k] and words("en")[k] != words("ru")[k] for k in paper.UI)
    assert desk_client(tmp_path).get("/desk/desk-paper.js").status_code == 200
