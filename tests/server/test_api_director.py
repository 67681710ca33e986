"""The director's code stays on the server's machine: his pages and API refused from elsewhere, unless
the server was started with --director-anywhere (and then his page says the code travels in clear)."""

from __future__ import annotations

import warnings

from serving import CLUB, served

PHONE = ("192.168.1.20", 50123)  # a machine of the club's Wi-Fi
LAPTOP = "192.168.1.5"  # the server's own address on it


def _client(app, client=PHONE, base_url="http://testserver"):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        return TestClient(app, client=client, base_url=base_url)


def test_the_directors_pages_and_api_refused_from_another_machine(tmp_path):
    app, s = served(tmp_path)
    c, key = _client(app), s.codes["director"]
    page = c.get(f"/director?token={key}")
    assert page.status_code == 403 and "только на компьютере, где запущен сервер" in page.text
    assert c.get("/director").status_code == 403  # refused before any code is asked for
    for url in (f"/api/progress?token={key}", f"/api/audit?token={key}", f"/api/travellers?token={key}"):
        r = c.get(url)
        assert (r.status_code, r.json()["field"]) == (403, "token"), url
        assert "--director-anywhere" in r.json()["error"]
    assert c.get(f"/api/tables/1?token={key}").status_code == 403  # the director's code on a table's page too
    assert c.post("/api/clock", json={"token": key, "action": "start"}).status_code == 403
    assert c.post("/api/rounds/1", json={"token": key, "closed": True}).status_code == 403
    assert not s.store.closed and "clock" not in s.store.settings
    # a table's phone works as before
    assert c.get(f"/api/tables/1?token={s.codes['tables'][1]}").status_code == 200
    assert c.get(f"/t/1?token={s.codes['tables'][1]}").status_code == 200
    assert not s.access.failures  # the director's code from elsewhere is no wrong code


def test_the_refusal_in_the_events_language(tmp_path):
    spec = tmp_path / "club-en.toml"
    spec.write_text(CLUB.read_text(encoding="utf-8").replace('language = "ru"', 'language = "en"'), encoding="utf-8")
    app, s = served(tmp_path / "kit", spec=spec)
    assert s.lang == "en"
    page = _client(app).get(f"/director?token={s.codes['director']}")
    assert page.status_code == 403 and "page opens only on the computer running the server" in page.text
    r = _client(app).get(f"/api/progress?token={s.codes['director']}")
    assert r.status_code == 403 and r.json()["error"].startswith("the director's page opens only on the computer")


def test_the_servers_own_addresses_are_its_machine(tmp_path):
    app, s = served(tmp_path)
    key = s.codes["director"]
    for address in ("127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1"):
        assert _client(app, (address, 40000)).get(f"/api/progress?token={key}").status_code == 200, address
    # the laptop's browser at the laptop's Wi-Fi address: both ends of its connection are that address
    own = _client(app, (LAPTOP, 40000), base_url=f"http://{LAPTOP}:8000")
    assert own.get(f"/director?token={key}").status_code == 200
    assert _client(app).get(f"/api/progress?token={key}").status_code == 403  # a phone still is not


def test_director_anywhere_answers_and_says_the_code_travels_in_clear(tmp_path):
    app, s = served(tmp_path, director_anywhere=True)
    c, key = _client(app), s.codes["director"]
    page = c.get(f"/director?token={key}")
    assert page.status_code == 200 and "идёт по сети открытым текстом" in page.text
    assert c.get(f"/api/progress?token={key}").status_code == 200
    app, s = served(tmp_path / "here")
    assert "открытым текстом" not in _client(app, ("127.0.0.1", 1)).get(f"/director?token={key}").text
