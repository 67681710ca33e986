"""The live results site: published again by the server a moment after rows arrive, served under /live/."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from helpers import tiny_event_text
from serving import client, random_bodies, served, wait_live

from prefprint.app import results
from prefprint.engine.fills import random_fills
from prefprint.io.workbook import fill_workbook, write_protocol_workbook
from prefprint.server import live as live_site
from prefprint.server.ranking import provisional_report
from prefprint.words.numbers import number


@pytest.fixture
def live(tmp_path, monkeypatch):
    """The tiny event (6 players, 4 deals: solved in a moment) served with its live site."""
    monkeypatch.setattr(live_site, "LIVE_DELAY", 0.05)
    monkeypatch.setattr(live_site, "LIVE_SOLVE", 0.2)
    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text(), encoding="utf-8")
    tmp_path = tmp_path / "kit"
    app, s = served(tmp_path, spec, live=True)
    with client(app) as c:  # the lifespan: the worker process starts and stops with the app
        yield c, s
    assert not [p for p in multiprocessing.active_children() if p.is_alive()], "the publishing worker outlived the app"


def test_the_live_site_follows_the_rows_and_is_final_when_all_are_in(live):
    c, s = live
    director = s.codes["director"]
    first = wait_live(c, director, 0)  # published from the start: every deal still to come
    assert first["live"] == {
        "at": first["live"]["at"],
        "current": True,
        "final": False,
        "error": None,
        "note": None,
        "unsolved": 0,
        "web": None,  # no [publish] upload in the spec: no copy on a web host
    }
    page = c.get("/live/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "Предварительные итоги" in page.text and page.headers["content-security-policy"]
    assert not (s.folder / "live" / "results.xlsx").exists()  # the live site leaves the workbook out

    bodies = random_bodies(s)
    round1 = [b for b, _ in bodies if b["round"] == 1]
    for body in round1:
        assert c.post("/api/rows", json=body).status_code == 201
    wait_live(c, director, len(round1))
    # a deal the other tables have still to play: no page, its rows without contract or tricks
    deal, table = round1[0]["deal"], round1[0]["table"]
    assert c.get(f"/live/deals/deal-{deal}.html").status_code == 404
    assert c.get("/live/analysis-cache.json").status_code == 404  # every deal's makeable table: never served
    assert c.get("/live/.prefprint-digests").status_code == 404
    at_table = c.get(f"/live/tables/table-{table}.html").text
    assert "ещё играется" in at_table and f'href="../deals/deal-{deal}.html"' not in at_table
    mine = [b for b in round1 if b["table"] == table]
    assert at_table.count('<td class="status l" colspan="4">ещё играется</td>') == len(mine) > 0  # no contract
    assert "появятся, когда их сыграют все столы" in c.get("/live/").text
    # after round 1 of the club night every set is at one table: nothing compared, and the ranking says so
    assert 'id="no-comparisons">Ни одна сдача ещё не сравнена' in c.get("/live/").text

    for body, _ in bodies[len(round1) :]:
        assert c.post("/api/rows", json=body).status_code == 201
    done = wait_live(c, director, len(bodies))
    assert done["live"]["final"] and "Предварительные итоги" not in c.get("/live/").text
    assert "no-comparisons" not in c.get("/live/").text
    shown = c.get(f"/live/deals/deal-{deal}.html")
    assert shown.status_code == 200
    whists = next(w for b, w in bodies if b is round1[0])
    assert all(number(v, trim=True) in shown.text for v in whists.values())
    assert "Двойной болван" in shown.text  # the makeable table, solved by the worker (no kit cache here)
    # the ranking the director and /results show is the worker's, and it is the export's ranking
    exported = s.folder / "exported.xlsx"
    exported.write_bytes(c.get(f"/api/export.xlsx?token={director}").content)
    report = provisional_report(s.competition, s.event, exported, s.folder)
    assert c.get("/api/results").json() == json.loads(json.dumps(results.ranking_json(report)))
    assert c.get("/").text.count('href="/live/"') == 1 and 'href="/live/"' in c.get("/results").text


def test_nothing_outside_the_live_folder_is_served_and_hidden_results_stay_hidden(live):
    c, s = live
    wait_live(c, s.codes["director"], 0)
    for path in (
        "/live/../scoring.sqlite",
        "/live/%2e%2e/serve-secret",
        "/live/..%2fserve-secret",
        "/live/nothing.html",
    ):
        r = c.get(path)
        assert r.status_code == 404, path
        assert "serve-secret" not in r.text and "SQLite" not in r.text
    assert c.post("/api/settings", json={"token": s.codes["director"], "hide_results": True}).status_code == 200
    assert c.get("/live/").status_code == 403
    assert c.get(f"/live/?token={s.codes['director']}").status_code == 200


def test_without_live_there_is_no_live_site(tmp_path):
    app, s = served(tmp_path)
    c = client(app)
    assert c.get("/live/").status_code == 404
    assert "live" not in c.get(f"/api/progress?token={s.codes['director']}").json() or not (tmp_path / "live").exists()
    assert 'href="/live/"' not in c.get("/").text


def test_a_kit_workbook_spoilt_while_serving_is_named_not_touched_and_the_rows_stay(live):
    c, s = live
    director = s.codes["director"]
    wait_live(c, director, 0)
    kit = s.folder / "protocols.xlsx"
    kit.write_bytes(b"PK\x03\x04 not a workbook")  # the director's copy, overwritten by mistake
    bodies = [b for b, _ in random_bodies(s)]
    assert c.post("/api/rows", json=bodies[0]).status_code == 201
    shown = wait_live(c, director, 1)["live"]
    assert "protocols.xlsx" in shown["error"] and "Excel" in shown["error"], shown
    assert kit.read_bytes() == b"PK\x03\x04 not a workbook"

    kit.unlink()  # gone: the export's blank workbook serves again
    assert c.post("/api/rows", json=bodies[1]).status_code == 201
    shown = wait_live(c, director, 2)["live"]
    assert shown["error"] is None and s.store.rows and len(s.store.rows) == 2
    assert not list(s.folder.glob(".live-*"))


def test_rows_typed_into_the_kit_workbook_meanwhile_are_on_the_next_live_site(live):
    c, s = live
    director = s.codes["director"]
    wait_live(c, director, 0)
    bodies = [b for b, _ in random_bodies(s)]
    posted = bodies[0]
    fills, _ = random_fills(s.event, 7)
    here = (posted["deal"], posted["round"], posted["table"])
    paper = next(k for k in fills if k[0] == posted["deal"] and k != here)  # the same deal: two rows to compare
    blank = write_protocol_workbook(s.event, s.folder / ".blank.xlsx")
    fill_workbook(blank, s.folder / "protocols.xlsx", {paper: fills[paper]})  # typed there by the scorer
    blank.unlink()
    assert c.post("/api/rows", json=posted).status_code == 201
    wait_live(c, director, 1)
    exported = s.folder / "exported.xlsx"
    exported.write_bytes(c.get(f"/api/export.xlsx?token={director}").content)
    report = provisional_report(s.competition, s.event, exported, s.folder)
    shown = c.get("/api/results").json()
    assert shown == json.loads(json.dumps(results.ranking_json(report)))
    played = {p["player"] for p in shown["ranking"] if p["max"]}
    assert len(played) == 2 * s.event.table_size  # one row alone has nothing to be compared with


def test_without_the_kit_analysis_the_site_comes_at_once_and_the_tables_follow(tmp_path, monkeypatch):
    """No kit cache: the worker solves the makeable tables in the background and each publish takes those
    solved meanwhile; the site is up at once, and a deal's page says when its table is still to come."""
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text(), encoding="utf-8")
    app, s = served(tmp_path / "kit", spec)
    live = s.folder / "live"
    fills, _ = random_fills(s.event, 3)
    worker = live_site.LiveWorker()  # the live worker's state, here in the test's own process

    def publish():
        out = worker.publish(s.competition, s.event, fills, {}, s.folder, None)
        assert "error" not in out, out
        pages = {
            d.number: (live / "deals" / f"deal-{d.number}.html").read_text(encoding="utf-8") for d in s.event.deals
        }
        tables = {n for n, page in pages.items() if '<table class="dd">' in page}
        return out["unsolved"], tables, {n for n, page in pages.items() if "Таблица ещё считается" in page}

    every = {1, 2, 3, 4}
    try:
        assert publish() == (4, set(), every)  # handed to the background, not waited for
        deadline = time.monotonic() + 60
        while True:
            unsolved, tables, pending = publish()
            assert tables | pending == every and not tables & pending and unsolved == len(pending)
            if not unsolved or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert (unsolved, tables) == (0, every)
    finally:
        worker.memo.background.stop()
    assert not list(s.folder.glob(".live-*"))


def test_a_worker_killed_while_the_tables_are_solved_is_started_again_without_a_row(tmp_path, monkeypatch):
    """kill -9 of the live worker while it solves (the club night, no kit cache): the director's page says
    so, and a new worker carries on without waiting for a row."""
    monkeypatch.setattr(live_site, "LIVE_DELAY", 0.05)
    monkeypatch.setattr(live_site, "LIVE_SOLVE", 0.2)
    app, s = served(tmp_path / "kit", live=True)
    director = s.codes["director"]
    with client(app) as c:

        def live():
            return c.get(f"/api/progress?token={director}").json()["live"]

        deadline = time.monotonic() + 60
        while not (live()["at"] and live()["unsolved"]) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = live()["unsolved"]
        (worker,) = s.live.pool._processes
        os.kill(worker.pid, signal.SIGKILL)
        seen, deadline = [], time.monotonic() + 60
        while time.monotonic() < deadline:  # the death told, then tables solved by a new worker, with no row
            state = live()
            seen.append(state["error"])
            if any(seen) and state["error"] is None and state["unsolved"] < left:
                break
            time.sleep(0.05)
        assert any(e and "процесс публикации прервался" in e and "запущен снова" in e for e in seen), seen
        assert state["error"] is None and state["unsolved"] < left, state
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]


def test_the_worker_starts_solving_first_and_its_first_publish_finds_the_tables_under_way(tmp_path, monkeypatch):
    """No kit cache: the worker's first job hands every makeable table to the background, the very tasks
    its publishes hand it, so that the solving starts while the first publish reads the rows."""
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text(), encoding="utf-8")
    app, s = served(tmp_path / "kit", spec)
    worker = live_site.LiveWorker()  # the live worker's state, here in the test's own process
    solving = worker.memo.background
    try:
        worker.start_solving(s.event, s.folder)
        handed = set(solving.running)
        assert handed
        assert "error" not in worker.publish(s.competition, s.event, {}, {}, s.folder, None)
        assert set(solving.running) == handed  # none handed over twice
        assert solving.wait(60) == 0
        assert worker.publish(s.competition, s.event, {}, {}, s.folder, None)["unsolved"] == 0
    finally:
        solving.stop()


def _keep_live_of(monkeypatch, unsolved, published):
    """A Scoring as keep_live sees it, its worker a thread; publish_live counted in `published` and telling
    `unsolved()` deals left."""
    monkeypatch.setattr(live_site, "LIVE_DELAY", 0.01)
    monkeypatch.setattr(live_site, "LIVE_POLL", 0.05)
    monkeypatch.setattr(live_site, "LIVE_SOLVE", 60.0)  # no publish on the beat within the test

    def publish(*job):
        published.append(time.monotonic())
        return {"unsolved": unsolved()}

    monkeypatch.setattr(live_site, "publish_live", publish)
    scoring = SimpleNamespace(
        store=SimpleNamespace(version=1),
        fills=dict,
        layouts=dict,
        **dict.fromkeys(("competition", "event", "folder", "rulings", "earlier_rulings", "lang")),
    )
    site = live_site.LiveSite(scoring)
    site.pool = ThreadPoolExecutor(1)
    return site


def test_the_tables_are_published_as_soon_as_they_are_solved(monkeypatch):
    """While the worker solves and no row comes, live/ is published again the moment it has solved every
    table (it is asked every LIVE_POLL seconds), not LIVE_SOLVE seconds after the last publish."""
    polls, published = [], []

    def solving(timeout):
        polls.append(timeout)
        time.sleep(timeout)
        return max(0, 3 - len(polls))

    monkeypatch.setattr(live_site, "_solving", solving)
    s = _keep_live_of(monkeypatch, lambda: max(0, 3 - len(polls)), published)
    started = time.monotonic()
    asyncio.run(asyncio.wait_for(s.keep(), 10))
    s.pool.shutdown()
    assert len(published) == 2 and len(polls) == 3 and s.state["unsolved"] == 0
    assert published[1] - started < 5


def test_rows_that_come_while_the_tables_are_solved_are_published_at_once(monkeypatch):
    """Rows that come while the worker is asked about its solving (never done here) are published LIVE_DELAY
    later, as ever, without waiting for the solving or for LIVE_SOLVE."""
    published, asked = [], threading.Event()
    s = _keep_live_of(monkeypatch, lambda: 5, published)

    def solving(timeout):
        asked.set()
        time.sleep(timeout)
        return 5

    monkeypatch.setattr(live_site, "_solving", solving)

    async def rows_come():
        task = asyncio.ensure_future(s.keep())
        await asyncio.to_thread(asked.wait, 10)
        s.scoring.store.version = 2  # as Scoring.changed: a row stored, the waiting publisher woken
        s.wake.set()
        while s.state["version"] != 2:
            await asyncio.sleep(0.01)
        task.cancel()

    asyncio.run(asyncio.wait_for(rows_come(), 10))
    s.pool.shutdown()
    assert len(published) == 2 and published[1] - published[0] < 2
