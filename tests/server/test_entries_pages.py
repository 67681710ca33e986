"""A served session read as what was entered: the server's rows over the kit's paper rows give the very pages that
the same rows typed into the workbook give (one model for both roads, server/entries.py)."""

from __future__ import annotations

import re

from serving import CLUB, client, paper_kit, random_bodies, served

from prefprint.app import results
from prefprint.io.spec import load_competition
from prefprint.server import live as live_site

_AS_OF = re.compile(r"\d\d:\d\d")  # the time of a provisional run, on every page


def _pages(folder):
    return {p.relative_to(folder): _AS_OF.sub("hh:mm", p.read_text(encoding="utf-8")) for p in folder.rglob("*.html")}


def test_rows_stored_by_the_server_publish_as_the_same_rows_typed_into_the_workbook(tmp_path):
    competition = load_competition(CLUB)
    event = competition.session(1)
    folder = tmp_path / "kit"
    bodies = random_bodies(served(tmp_path / "probe")[1], seed=5)
    paper_kit(event, folder, bodies[:6], seed=4)  # the first 6 rows typed on paper into the kit's workbook
    app, s = served(folder)
    c = client(app)
    for body, _ in bodies[6:40]:  # the next rows from the phones; the rest still to come
        assert c.post("/api/rows", json=body | {"token": s.codes["tables"][body["table"]]}).status_code == 201

    worker = live_site.LiveWorker()
    out = worker.publish(competition, event, s.fills(), s.layouts(), folder, None)
    assert "error" not in out, out
    exported = s.export(tmp_path / "exported.xlsx", s.fills())
    options = results.Options(provisional=True, pdf=False, spreadsheet=False, analysis=True)
    typed = results.run(competition, [exported], tmp_path / "typed", options)
    assert _pages(folder / "live") == _pages(tmp_path / "typed")
    assert results.ranking_json(typed) == out["ranking"]
    worker.memo.background.stop()
