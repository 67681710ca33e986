"""Helpers of the scoring server's tests: a served sample event, rows as the API takes them."""

from __future__ import annotations

import io
import random
import time
import warnings
from pathlib import Path

from prefprint.engine.fills import random_outcome
from prefprint.engine.rules import fmt_json, settle
from prefprint.server.rows import request_of

ROOT = Path(__file__).resolve().parents[2]
CLUB = ROOT / "sample_events" / "club-night-20.toml"


def client(app):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Starlette's note on httpx versions
        from starlette.testclient import TestClient

        return TestClient(app)


def served(folder: Path, spec: Path = CLUB, **kw):
    """(app, scoring) of the first session of a spec, its database in `folder`."""
    from prefprint.io.spec import load_competition
    from prefprint.server.routes import create_app

    competition = load_competition(spec)
    app = create_app(competition, competition.session(1), folder, **kw)
    return app, app.state.scoring


def body_of(event, outcome, token: str, table: int, rnd: int, deal: int, **extra) -> dict:
    """The JSON a table's phone posts for an outcome."""
    return {"token": token, "table": table, "round": rnd, "deal": deal, **request_of(event, outcome)} | extra


def all_rows(event):
    """(table, round, deal, dealer) of every protocol row, in round order."""
    return [
        (t.table, rnd.number, d.number, d.dealer)
        for rnd in event.movement.rounds
        for t in rnd.tables
        for d in event.deals
        if d.set == t.set
    ]


def random_bodies(scoring, seed: int = 1) -> list[tuple[dict, dict]]:
    """(body, expected whists) of every row of the event, random plausible outcomes."""
    event, rng = scoring.event, random.Random(seed)
    out = []
    for table, rnd, deal, dealer in all_rows(event):
        outcome = random_outcome(rng, event.table_size, dealer, event.conventions)
        whists = {s: fmt_json(v) for s, v in settle(outcome, event.conventions).results.items()}
        out.append((body_of(event, outcome, scoring.codes["tables"][table], table, rnd, deal), whists))
    return out


def wait_live(c, director: str, rows: int, timeout: float = 90.0) -> dict:
    """The progress once live/ shows the rows entered (`rows` of them) and every deal's makeable table."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        p = c.get(f"/api/progress?token={director}").json()
        if p["rows"] == rows and p["live"]["current"] and p["live"]["at"] and not p["live"]["unsolved"]:
            return p
        time.sleep(0.1)
    raise AssertionError(f"live/ not published within {timeout} s: {p['live']}")


def paper_kit(event, folder: Path, bodies: list, seed: int) -> dict:
    """The kit's protocols.xlsx in `folder` with the rows of `bodies` typed on paper by a scorer (random outcomes of
    their own, from `seed`): {(deal, round, table): cells} of those rows."""
    from prefprint.engine.cells import row_cells
    from prefprint.io.workbook import fill_workbook, protocol_workbook_bytes

    rng, paper = random.Random(seed), {}
    for body, _ in bodies:
        dealer = event.deal(body["deal"]).dealer
        outcome = random_outcome(rng, event.table_size, dealer, event.conventions)
        paper[(body["deal"], body["round"], body["table"])] = row_cells(event, outcome)
    fill_workbook(io.BytesIO(protocol_workbook_bytes(event)), Path(folder) / "protocols.xlsx", paper)
    return paper
