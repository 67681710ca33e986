"""The live site copied to the event's web host while rows arrive: a real FTP server on 127.0.0.1 holds what live/
holds a moment after a row; with the host down the rows are taken as fast as ever and the director is told why."""

from __future__ import annotations

import socket
import time

import pytest
from helpers import tiny_event_text
from servers import tree
from serving import client, random_bodies, served, wait_live

from prefprint.server import live as live_site
from prefprint.server import webcopy


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(live_site, "LIVE_DELAY", 0.05)
    monkeypatch.setattr(live_site, "LIVE_SOLVE", 0.2)
    monkeypatch.setattr(webcopy, "PUSH_EVERY", 0.2)


def _served(tmp_path, url: str):
    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text() + f'\n[publish]\nupload = "{url}"\n', encoding="utf-8")
    return served(tmp_path / "kit", spec, live=True)


def _web(c, director: str, until, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        web = c.get(f"/api/progress?token={director}").json()["live"]["web"]
        if until(web):
            return web
        time.sleep(0.05)
    raise AssertionError(f"the web copy did not come: {web}")


def test_a_row_is_on_the_web_copy_a_moment_after_it_is_on_the_live_site(tmp_path, ftp_server, fast):
    app, s = _served(tmp_path, ftp_server.url)
    director = s.codes["director"]
    with client(app) as c:
        wait_live(c, director, 0)
        _web(c, director, lambda w: w["at"] and not w["sending"])
        before = tree(ftp_server.root)
        assert before == tree(s.folder / "live") and "index.html" in before  # the empty site, on the web from the start
        body, _ = random_bodies(s)[0]
        assert c.post("/api/rows", json=body).status_code == 201
        posted = time.monotonic()
        wait_live(c, director, 1)
        while time.monotonic() - posted < 20:  # the upload that follows the publish of the row
            web = c.get(f"/api/progress?token={director}").json()["live"]["web"]
            if tree(ftp_server.root) == tree(s.folder / "live") != before and not web["sending"]:
                break
            time.sleep(0.05)
        took = time.monotonic() - posted
        assert tree(ftp_server.root) == tree(s.folder / "live") != before, "the web copy is not the live site"
        assert took < 10 and web["error"] is None and web["at"], (took, web)
        assert web["where"] == ftp_server.url  # named without the password


def test_with_the_host_down_rows_are_taken_as_ever_and_the_director_is_told_why(tmp_path, ftp_server, fast):
    ftp_server.kill()  # the club's host unreachable all evening
    app, s = _served(tmp_path, ftp_server.url)
    director = s.codes["director"]
    with client(app) as c:
        web = _web(c, director, lambda w: w["error"])
        assert "127.0.0.1" in web["error"] and web["at"] is None
        took = []
        for body, _ in random_bodies(s)[:8]:
            started = time.monotonic()
            assert c.post("/api/rows", json=body).status_code == 201
            took.append(time.monotonic() - started)
        assert max(took) < 1.0, took  # no row waits for the dead link
        wait_live(c, director, 8)  # the live site itself is published as ever
        page = c.get(f"/director?token={director}")
        assert page.status_code == 200


def test_a_host_that_never_answers_holds_up_neither_the_rows_nor_the_servers_end(tmp_path, fast, monkeypatch):
    monkeypatch.setenv("PREFPRINT_FTP_PASSWORD", "x")
    silent = socket.socket()  # takes the connection and never says a word: the upload waits for its timeout
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    try:
        app, s = _served(tmp_path, f"ftp://club@127.0.0.1:{silent.getsockname()[1]}/")
        director = s.codes["director"]
        with client(app) as c:
            _web(c, director, lambda w: w["sending"])
            for body, _ in random_bodies(s)[:4]:
                started = time.monotonic()
                assert c.post("/api/rows", json=body).status_code == 201
                assert time.monotonic() - started < 1.0
            wait_live(c, director, 4)
            closing = time.monotonic()
        assert time.monotonic() - closing < 8.0  # the server's end does not wait for the upload's 20 s timeout
    finally:
        silent.close()


def test_a_club_evenings_live_copy_is_at_its_place_in_the_clubs_site_beside_the_clubs_pages(tmp_path, ftp_server, fast):
    (tmp_path / "club.toml").write_text(
        f'[club]\ntitle = "Клуб «Пуля»"\nevents = ["kit/results"]\n\n[publish]\nupload = "{ftp_server.url}"\n',
        encoding="utf-8",
    )
    (ftp_server.root / "index.html").write_text("the club's own home")  # not prefprint's: never touched
    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text() + '\n[publish]\nclub = "club.toml"\n', encoding="utf-8")
    app, s = served(tmp_path / "kit", spec, live=True)
    director = s.codes["director"]
    with client(app) as c:
        wait_live(c, director, 0)
        web = _web(c, director, lambda w: w["at"] and not w["sending"])
    assert web["where"] == f"{ftp_server.url.rstrip('/')}/evenings/2027-01-01-tiny"
    remote = tree(ftp_server.root)
    assert {n.removeprefix("evenings/2027-01-01-tiny/"): b for n, b in remote.items() if n.startswith("evenings/")} == (
        tree(s.folder / "live")
    )
    assert remote["index.html"] == b"the club's own home"
    page = (ftp_server.root / "evenings" / "2027-01-01-tiny" / "index.html").read_text(encoding="utf-8")
    assert '<a class="home" href="../../index.html">Клуб «Пуля»</a>' in page
