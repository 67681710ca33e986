"""The desk's seasons through its API: listed, added, edited and removed in club.toml, each answered as the list is;
a form with mistakes refused at its fields, an unknown season 404, a file edited by hand since 409, a request
without the code or from another site 403 — none of them changing a file."""

from __future__ import annotations

import datetime as dt

import pytest
from test_routes import CODE, client_of
from test_routes_hostile import snapshot

from prefprint.io.club import load_club

URL = "/desk/api/seasons"
CUP = {"title": "Кубок осени", "from": "2026-10-01", "to": "2026-11-30", "count": "6", "min_events": "3",
       "score": "places", "place_points": "20, 17, 15, 13, 11"}  # fmt: skip


@pytest.fixture
def client(tmp_path):
    client = client_of(tmp_path)
    assert client.put("/desk/api/club", json={"title": "Клуб «Пуля»", "language": "ru"}).status_code == 200
    return client


def test_the_seasons_are_listed_added_edited_and_removed(client, tmp_path):
    year = dt.date.today().year
    got = client.get(URL).json()
    assert got["seasons"] == [{"n": 1, "title": f"Сезон {year}", "from": f"{year}-01-01", "to": f"{year}-12-31",
                               "count": "all", "min_events": 1, "score": "percent", "place_points": []}]  # fmt: skip
    added = client.post(URL, json=CUP | {"seen": got["seen"]})
    assert added.status_code == 201
    assert added.json()["seasons"][1] == {"n": 2, "title": "Кубок осени", "from": "2026-10-01", "to": "2026-11-30",
        "count": 6, "min_events": 3, "score": "places", "place_points": [20, 17, 15, 13, 11]}  # fmt: skip
    assert client.get(URL).json() == added.json()
    edited = client.put(f"{URL}/2", json=CUP | {"count": "all", "score": "percent", "place_points": "",
                                                "seen": added.json()["seen"]})  # fmt: skip
    assert edited.status_code == 200
    assert edited.json()["seasons"][1] | {"n": 0} == {"n": 0, "title": "Кубок осени", "from": "2026-10-01",
        "to": "2026-11-30", "count": "all", "min_events": 3, "score": "percent", "place_points": []}  # fmt: skip
    removed = client.request("DELETE", f"{URL}/1", json={"seen": edited.json()["seen"]})
    assert removed.status_code == 200 and [s["title"] for s in removed.json()["seasons"]] == ["Кубок осени"]
    (season,) = load_club(tmp_path / "club.toml").seasons
    assert (season.title, season.start, season.rules.count) == ("Кубок осени", dt.date(2026, 10, 1), None)


def test_a_season_with_mistakes_is_refused_at_its_fields_and_nothing_changes(client, tmp_path):
    seen = client.get(URL).json()["seen"]
    before = snapshot(tmp_path)
    for form, fields in [
        ({"to": "2026-09-01"}, {"to"}),  # before `from`
        ({"from": "2026-13-01", "to": "31.12.2026"}, {"from", "to"}),
        ({"count": "x", "min_events": "-1"}, {"count", "min_events"}),
        ({"count": -3, "min_events": 10**40}, {"count", "min_events"}),
        ({"score": "places", "place_points": list(range(50_000))}, {"place_points"}),
        ({"score": "places", "place_points": ["a", 1.5, None]}, {"place_points"}),
        ({"title": "Кубок\u0000\u202e", "score": "points"}, {"title", "score"}),
        ({"title": "", "from": None}, {"title", "from"}),
        ({"place_points": {"1": 20}}, {"place_points"}),
    ]:
        for method, url in (("POST", URL), ("PUT", f"{URL}/1")):
            got = client.request(method, url, json=CUP | form | {"seen": seen})
            assert got.status_code == 422, (form, got.text)
            assert {e["field"] for e in got.json()["errors"]} == fields, (form, got.json())
            assert all(e["message"] for e in got.json()["errors"])
    assert snapshot(tmp_path) == before


def test_refusals_change_nothing(client, tmp_path):
    seen = client.get(URL).json()["seen"]
    before = snapshot(tmp_path)
    for n in ("2", "0", "x", "1" * 30, "%E2%80%AE"):
        assert client.put(f"{URL}/{n}", json=CUP | {"seen": seen}).status_code == 404
        assert client.request("DELETE", f"{URL}/{n}", json={"seen": seen}).status_code == 404
    assert client.request("DELETE", f"{URL}/1", json={}).status_code == 422  # the page did not say what it saw
    assert client.post(URL, content=b"[1, 2]", headers={"Content-Type": "application/json"}).status_code == 422
    assert client.post(URL, json=CUP | {"seen": seen}, headers={"X-Desk-Code": "wrong"}).status_code == 403
    assert client.post(URL, json=CUP | {"seen": seen}, headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.put(f"{URL}/1", json=CUP | {"seen": seen}, headers={"Origin": "null"}).status_code == 403
    headers = {"Origin": "http://evil.example"}
    assert client.request("DELETE", f"{URL}/1", json={"seen": seen}, headers=headers).status_code == 403
    bare = client_of(tmp_path)
    bare.headers.pop("X-Desk-Code")
    assert bare.get(URL).status_code == 403
    assert bare.get(f"{URL}?code={CODE}").status_code == 200
    assert snapshot(tmp_path) == before


def test_a_file_edited_by_hand_since_the_page_read_it_is_refused_and_kept(client, tmp_path):
    seen = client.get(URL).json()["seen"]
    path = tmp_path / "club.toml"
    hand = path.read_text(encoding="utf-8").replace("[[seasons]]", "# our ladder\n[[seasons]]")
    path.write_text(hand, encoding="utf-8")
    for method, url, body in (("POST", URL, CUP), ("PUT", f"{URL}/1", CUP), ("DELETE", f"{URL}/1", {})):
        got = client.request(method, url, json=body | {"seen": seen})
        assert got.status_code == 409 and got.json()["errors"][0]["field"] == "file"
    assert path.read_text(encoding="utf-8") == hand
    fresh = client.get(URL).json()["seen"]
    assert client.post(URL, json=CUP | {"seen": fresh}).status_code == 201
    assert "# our ladder\n[[seasons]]" in path.read_text(encoding="utf-8")


def test_a_club_file_with_a_mistake_is_said_and_not_saved_over(client, tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("-12-31", "-13-31"), encoding="utf-8")
    got = client.get(URL)
    assert got.status_code == 409 and "club.toml" in got.json()["errors"][0]["message"]
    assert client.post(URL, json=CUP | {"seen": "x"}).status_code == 409


def test_a_club_file_that_is_not_utf8_is_said(client, tmp_path):
    path = tmp_path / "club.toml"
    path.write_bytes(path.read_bytes().replace("Пуля".encode(), "Пуля".encode("cp1251")))
    got = client.get(URL)
    assert got.status_code == 409 and "club.toml" in got.json()["errors"][0]["message"]
