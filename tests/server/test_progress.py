"""The room on the director's page and a table's: the clock, each table's round and last row, the rows of
rounds over not entered (missing until entered or waived), the deals' travellers; the clock kept over a restart."""

from __future__ import annotations

import datetime as dt

import pytest
from serving import body_of, client, served

from prefprint.engine.rules import Outcome, active_seats

T0 = dt.datetime(2026, 12, 1, 18, 30, tzinfo=dt.UTC)  # not the event's date: the director starts the clock


def _minutes(n: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=n)


@pytest.fixture
def room(tmp_path):
    app, s = served(tmp_path)
    s.now = lambda: T0
    return client(app), s


def _deals(s, table: int, rnd: int) -> list[int]:
    play = s.where[(rnd, table)]
    return [d.number for d in s.event.deals if d.set == play.set]


def _enter(c, s, table: int, rnd: int, deal: int, token: str | None = None):
    dealer = s.event.deal(deal).dealer
    decl, w1, w2 = active_seats(4, dealer)
    outcome = Outcome.make(4, dealer, "6♠", decl, {decl: 6, w1: 4}, {w1: "whist", w2: "pass"})
    body = body_of(s.event, outcome, token or s.codes["tables"][table], table, rnd, deal)
    r = c.post("/api/rows", json=body)
    assert r.status_code == 201, r.text


def _progress(c, s) -> dict:
    return c.get(f"/api/progress?token={s.codes['director']}").json()


def _clock(c, s, action: str):
    return c.post("/api/clock", json={"token": s.codes["director"], "action": action})


def _tables(p) -> dict:
    return {t["table"]: t for t in p["tables"]}


def test_before_the_clock_starts_no_round_is_over_and_no_table_late(room):
    c, s = room
    p = _progress(c, s)
    assert p["clock"] == {"round": None, "started_at": None, "minutes_left": None, "paused": False}
    assert [t["table"] for t in p["tables"]] == [1, 2, 3, 4, 5]
    for t in p["tables"]:
        assert (t["round"], t["late"], t["missing"], t["last_entry"]) == (1, False, [], None)
    assert not any(r["over"] for r in p["rounds"])  # rounds still to come are not red
    table = c.get(f"/api/tables/2?token={s.codes['tables'][2]}").json()
    assert (table["missing"], table["clock"]) == ([], p["clock"])


def test_a_round_over_by_the_clock_leaves_its_rows_missing_until_entered_or_waived(room):
    c, s = room
    assert _clock(c, s, "start").json() == {
        "round": 1,
        "started_at": "2026-12-01T18:30:00+00:00",
        "minutes_left": 20,
        "paused": False,
    }
    for deal in _deals(s, 1, 1):
        _enter(c, s, 1, 1, deal)
    s.now = lambda: _minutes(10)
    p = _progress(c, s)
    assert (p["clock"]["round"], p["clock"]["minutes_left"]) == (1, 10)
    one, two = _tables(p)[1], _tables(p)[2]
    assert (one["round"], one["late"], two["round"], two["late"], two["missing"]) == (2, False, 1, False, [])
    assert one["last_entry"] == s.store.rows[(_deals(s, 1, 1)[-1], 1, 1)].at

    s.now = lambda: _minutes(21)  # round 1's time is up: table 2 has entered nothing of it
    p = _progress(c, s)
    assert (p["clock"]["round"], p["clock"]["minutes_left"]) == (2, 24)
    assert [r["over"] for r in p["rounds"]] == [True, False, False, False, False]
    late = [[1, d] for d in _deals(s, 2, 1)]
    assert _tables(p)[2] == {"table": 2, "round": 1, "last_entry": None, "late": True, "missing": late}
    assert (_tables(p)[1]["late"], _tables(p)[1]["missing"]) == (False, [])
    table = c.get(f"/api/tables/2?token={s.codes['tables'][2]}").json()
    assert table["missing"] == late and table["clock"] == p["clock"]

    # the director enters one and waives another, with a reason the audit keeps
    _enter(c, s, 2, 1, late[0][1], token=s.codes["director"])
    waive = {"token": s.codes["director"], "table": 2, "round": 1, "deal": late[1][1], "reason": "сдача перепутана"}
    assert c.post("/api/missing", json=waive | {"reason": " "}).json()["field"] == "reason"
    assert c.post("/api/missing", json=waive | {"token": s.codes["tables"][2]}).status_code == 403
    assert c.post("/api/missing", json=waive | {"deal": late[0][1]}).status_code == 409  # entered: nothing to waive
    assert c.post("/api/missing", json=waive | {"round": 9}).json()["field"] == "round"
    assert c.post("/api/missing", json=waive).json()["waived"] is True
    assert c.get(f"/api/tables/2?token={s.codes['tables'][2]}").json()["missing"] == late[2:]
    audit = c.get(f"/api/audit?token={s.codes['director']}").json()[-1]
    assert audit == {
        "deal": late[1][1],
        "round": 1,
        "table": 2,
        "old": {"missing": True},
        "by": "director",
        "at": audit["at"],
        "reason": "сдача перепутана",
    }
    assert c.post("/api/missing", json=waive | {"waived": False, "reason": "нашлась"}).status_code == 200
    assert c.get(f"/api/tables/2?token={s.codes['tables'][2]}").json()["missing"] == late[1:]


def test_a_round_closed_by_the_director_is_over_before_the_clock(room):
    c, s = room
    _clock(c, s, "start")
    assert c.post("/api/rounds/2", json={"token": s.codes["director"], "closed": True}).status_code == 200
    p = _progress(c, s)
    assert [r["over"] for r in p["rounds"]] == [False, True, False, False, False]
    assert _tables(p)[3]["missing"] == [[2, d] for d in _deals(s, 3, 2)] and _tables(p)[3]["late"]


def test_the_clock_paused_moved_and_kept_over_a_restart(tmp_path):
    app, s = served(tmp_path)
    c = client(app)
    s.now = lambda: T0
    assert _clock(c, s, "pause").status_code == 409  # not started
    assert _clock(c, s, "back").json()["field"] == "action"
    assert _clock(c, s, "wind").status_code == 422
    _clock(c, s, "start")
    assert _clock(c, s, "start").status_code == 409
    s.now = lambda: _minutes(5)
    assert _clock(c, s, "pause").json()["paused"] is True
    s.now = lambda: _minutes(50)
    assert _progress(c, s)["clock"] == {
        "round": 1,
        "started_at": "2026-12-01T18:30:00+00:00",
        "minutes_left": 15,
        "paused": True,
    }
    assert not any(r["over"] for r in _progress(c, s)["rounds"])
    assert _clock(c, s, "resume").json()["minutes_left"] == 15
    assert _clock(c, s, "next").json() == {
        "round": 2,
        "started_at": "2026-12-01T18:30:00+00:00",
        "minutes_left": 20,
        "paused": False,
    }
    assert c.post("/api/clock", json={"token": s.codes["tables"][1], "action": "next"}).status_code == 403
    before = _progress(c, s)["clock"]
    s.store.close()

    app, s = served(tmp_path)  # the server started again: the clock is where the director left it
    s.now = lambda: _minutes(50)
    c = client(app)
    assert _progress(c, s)["clock"] == before
    assert [r["over"] for r in _progress(c, s)["rounds"]] == [True, False, False, False, False]
    assert _clock(c, s, "back").json()["round"] == 1
    s.store.close()


def test_the_spec_start_runs_the_clock_on_the_events_date(room):
    c, s = room
    start = dt.datetime.fromisoformat(f"{s.event.date}T{s.event.start}").replace(tzinfo=dt.UTC)
    s.now = lambda: start + dt.timedelta(minutes=26)
    assert _progress(c, s)["clock"]["round"] == 2
    s.now = lambda: start + dt.timedelta(days=1)  # the next day: the server waits for the director
    assert _progress(c, s)["clock"]["round"] is None


def test_travellers_show_each_deals_rows_as_they_come_to_the_director_only(room):
    c, s = room
    deal = _deals(s, 1, 1)[0]
    _enter(c, s, 1, 1, deal)
    assert c.get(f"/api/travellers?token={s.codes['tables'][1]}").status_code == 403
    travellers = c.get(f"/api/travellers?token={s.codes['director']}").json()
    assert [t["deal"] for t in travellers] == [d.number for d in s.event.deals]
    rows = next(t["rows"] for t in travellers if t["deal"] == deal)
    assert [(r["round"], r["table"], r["entered"]["contract"]) for r in rows] == [(1, 1, "6♠")]
    assert rows[0]["seats"] == dict(s.where[(1, 1)].seats)
    assert sum(len(t["rows"]) for t in travellers) == 1
