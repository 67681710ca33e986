"""A later session of a competition on the scoring server: its ranking and live site take in the sessions
before it, as their kit folders beside its own hold them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import tiny_event_text
from serving import client, random_bodies, wait_live

from prefprint.app import results
from prefprint.io.spec import load_competition
from prefprint.server import live as live_site
from prefprint.server.db import entered
from prefprint.server.routes import create_app
from prefprint.words.dates import moment_text


def _two_sessions(tmp_path):
    spec = tmp_path / "two.toml"
    text = tiny_event_text("\n").replace(
        "[deals]", '[[sessions]]\ntitle = "Первая"\n[[sessions]]\ntitle = "Вторая"\n[deals]'
    )
    spec.write_text(text, encoding="utf-8")
    return load_competition(spec)


@pytest.fixture
def kit(tmp_path, monkeypatch):
    monkeypatch.setattr(live_site, "LIVE_DELAY", 0.05)
    monkeypatch.setattr(live_site, "LIVE_SOLVE", 0.2)
    return _two_sessions(tmp_path), tmp_path / "kit"


def _first_session(competition, kit, seed: int, correct: bool = False) -> Path:
    """Every row of session 1 entered on its own server (`correct`: entered again as corrections, other
    outcomes); returns its export."""
    app = create_app(competition, competition.session(1), kit / "session-1")
    s = app.state.scoring
    try:
        with client(app) as c:
            for body, _ in random_bodies(s, seed):
                assert c.post("/api/rows", json=body | {"correct": correct}).status_code == 201
            exported = kit / f"session-1-{seed}.xlsx"
            exported.write_bytes(c.get(f"/api/export.xlsx?token={s.codes['director']}").content)
    finally:
        s.store.close()
    return exported


def _same_ranking(shown: dict, competition, workbooks: list[Path], provisional: bool = True) -> bool:
    """The ranking the server shows is the one `prefprint results [--provisional]` makes of the sessions'
    workbooks."""
    report = results.run(competition, workbooks, options=results.Options(publish=False, provisional=provisional))
    expected = json.loads(json.dumps(results.ranking_json(report)))
    return {k: v for k, v in shown.items() if k != "generated_at"} == {
        k: v for k, v in expected.items() if k != "generated_at"
    }


# the minute a provisional site was made, as its pages write it («5 декабря 2026 г., 22:41»)
MINUTE = re.compile(r"\d{1,2} \w+ \d{4}\u202fг\., \d{2}:\d{2}")
assert MINUTE.fullmatch(moment_text("2026-12-05 22:41", "ru"))


def _same_site(live: Path, competition, workbooks: list[Path], out: Path, provisional: bool = True) -> bool:
    """The live site's pages are those `prefprint results [--provisional] --no-pdf` publishes of the workbooks."""
    options = results.Options(provisional=provisional, pdf=False, spreadsheet=False, analysis=True)
    results.run(competition, workbooks, out, options)

    def pages(folder: Path) -> dict:  # the live site and this run may be made in different minutes
        return {p.relative_to(folder): MINUTE.sub("…", p.read_text(encoding="utf-8")) for p in folder.rglob("*.html")}

    return len(pages(out)) > 10 and pages(live) == pages(out)


def test_a_later_session_is_ranked_with_the_sessions_before_it(kit):
    competition, folder = kit
    first = _first_session(competition, folder, seed=1)
    app = create_app(competition, competition.session(2), folder / "session-2", live=True, earlier_rulings={1: None})
    s = app.state.scoring
    with client(app) as c:
        director = s.codes["director"]
        bodies = [b for b, _ in random_bodies(s, seed=2)]
        round1 = [b for b in bodies if b["round"] == 1]
        for body in round1:
            assert c.post("/api/rows", json=body).status_code == 201
        progress = wait_live(c, director, len(round1))
        assert progress["live"]["note"] == "сессии 1, 2 ранжированы вместе" and not progress["live"]["final"]
        shown = c.get("/api/results").json()
        assert all([t["session"] for t in p["sessions"]] == [1, 2] for p in shown["ranking"])
        second = folder / "session-2.xlsx"
        second.write_bytes(c.get(f"/api/export.xlsx?token={director}").content)
        assert _same_ranking(shown, competition, [first, second])
        assert _same_site(s.folder / "live", competition, [first, second], folder / "out-1")
        page = c.get("/live/").text
        assert "Первая" in page and "Вторая" in page and ">results.pdf<" not in page  # the live site has no files
        # the server's own ranking page is the competition's, and says so (it was headed as session 2's)
        page = c.get(f"/results?token={director}").text
        assert f"<h1>{competition.title}</h1>" in page and "сессии 1, 2 ранжированы вместе" in page

        # session 1 corrected on its own server meanwhile: the next publish takes the corrections in
        corrected = _first_session(competition, folder, seed=3, correct=True)
        for body in bodies[len(round1) :]:
            assert c.post("/api/rows", json=body).status_code == 201
        done = wait_live(c, director, len(bodies))
        assert done["live"]["final"] and done["live"]["note"] == "сессии 1, 2 ранжированы вместе"
        second.write_bytes(c.get(f"/api/export.xlsx?token={director}").content)
        shown = c.get("/api/results").json()
        assert "provisional" not in shown and _same_ranking(shown, competition, [corrected, second], False)
        assert not _same_ranking(shown, competition, [first, second], False)
        # session 1's pages too: those kept from the publish before (site_pages) only while it is unchanged
        assert _same_site(s.folder / "live", competition, [corrected, second], folder / "out-2", False)
    assert not list((folder / "session-2").glob(".live-*")) and not list((folder / "session-2").glob(".ranking-*"))


def test_a_later_session_without_the_one_before_is_ranked_alone_and_says_why(kit):
    competition, folder = kit
    app = create_app(competition, competition.session(2), folder / "session-2", live=True)
    s = app.state.scoring
    with client(app) as c:
        progress = wait_live(c, s.codes["director"], 0)
        note = progress["live"]["note"]
        assert note.startswith("ранжирована только эта сессия: в папке сессии 1") and "session-1" in note
        assert all([t["session"] for t in p["sessions"]] in ([], [2]) for p in c.get("/api/results").json()["ranking"])


def test_a_session_before_with_problems_leaves_this_one_ranked_alone(kit):
    competition, folder = kit
    (folder / "session-1").mkdir(parents=True)
    (folder / "session-1" / "protocols.xlsx").write_bytes(b"not a workbook")
    app = create_app(competition, competition.session(2), folder / "session-2", live=True)
    s = app.state.scoring
    with client(app) as c:
        progress = wait_live(c, s.codes["director"], 0)
        assert progress["live"]["error"] is None
        assert progress["live"]["note"].startswith("ранжирована только эта сессия: в протоколах прошлых сессий ошибки")
    assert (folder / "session-1" / "protocols.xlsx").read_bytes() == b"not a workbook"


def test_a_database_beside_that_is_not_one_or_of_another_event_is_not_read_and_not_touched(kit, tmp_path):
    competition, folder = kit
    (folder / "session-1").mkdir(parents=True)
    junk = folder / "session-1" / "scoring.sqlite"
    junk.write_bytes(b"SQLite format 3\0" + b"\xff" * 200)
    app = create_app(competition, competition.session(2), folder / "session-2", live=True)
    s = app.state.scoring
    with client(app) as c:
        note = wait_live(c, s.codes["director"], 0)["live"]["note"]
        assert note.startswith("ранжирована только эта сессия: в папке сессии 1")
    assert junk.read_bytes() == b"SQLite format 3\0" + b"\xff" * 200
    assert entered(folder / "session-2", competition.session(1).digest, 1) is None  # session 2's own
