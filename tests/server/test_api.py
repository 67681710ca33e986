"""The scoring server's JSON API: every status it answers, and that a refused request changes nothing."""

from __future__ import annotations

import json
from dataclasses import replace
from unittest.mock import ANY

import pytest
from serving import ROOT, body_of, client, random_bodies, served

from prefprint.engine.rules import Outcome, active_seats, parse_contract_cell
from prefprint.errors import ScoringError


@pytest.fixture
def api(tmp_path):
    app, scoring = served(tmp_path)
    return client(app), scoring


def _first(scoring, table=1):
    rows = [
        (t.table, rnd.number, d)
        for rnd in scoring.event.movement.rounds
        for t in rnd.tables
        for d in scoring.event.deals
        if d.set == t.set and t.table == table
    ]
    return rows[0]


def _game(scoring, table=1, **extra):
    """A 7♠ made with one whister: the body and the outcome."""
    _, rnd, deal = _first(scoring, table)
    decl, w1, w2 = active_seats(4, deal.dealer)  # W1 sits on the declarer's left: the next active seat
    outcome = Outcome.make(4, deal.dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})
    return body_of(scoring.event, outcome, scoring.codes["tables"][table], table, rnd, deal.number, **extra), outcome


def _stored(scoring):
    return dict(scoring.store.rows), scoring.store.version


def test_event_and_table_rows(api):
    c, s = api
    e = c.get("/api/event").json()
    assert {k: e[k] for k in ("event", "session", "rounds", "tables", "deals")} == {
        "event": s.event.heading,
        "session": 1,
        "rounds": 5,
        "tables": 5,
        "deals": 20,
    }
    rows = c.get(f"/api/tables/2?token={s.codes['tables'][2]}").json()["rows"]
    assert len(rows) == 5 * 4 and rows[0]["entered"] is None
    assert set(rows[0]) >= {"round", "deal", "dealer", "seats", "entered"}
    assert set(rows[0]["seats"]) == {"N", "E", "S", "W"}
    assert c.get(f"/api/tables/2?token={s.codes['tables'][1]}").status_code == 403  # another table's code
    assert c.get("/api/tables/2?token=AAAAAA").status_code == 403
    assert c.get(f"/api/tables/2?token={s.codes['director']}").status_code == 200


def test_rows_scored_by_the_engine(api):
    c, s = api
    for body, whists in random_bodies(s, seed=5)[:30]:
        r = c.post("/api/rows", json=body)
        assert r.status_code == 201, r.text
        assert r.json()["whists"] == whists
    entered = [x for x in c.get(f"/api/tables/1?token={s.codes['tables'][1]}").json()["rows"] if x["entered"]]
    assert entered and all(x["entered"]["by"] == "table 1" for x in entered)


@pytest.mark.parametrize("stem", ["threes-15", "book-scheme-12"])
def test_every_row_of_other_events_is_scored_by_the_engine(tmp_path, stem):
    app, s = served(tmp_path, spec=ROOT / "sample_events" / f"{stem}.toml")
    c = client(app)
    for body, whists in random_bodies(s, seed=3):
        r = c.post("/api/rows", json=body)
        assert (r.status_code, r.json().get("whists")) == (201, whists), r.text
    assert c.get(f"/api/progress?token={s.codes['director']}").json()["rows"] == len(s.store.rows) > 0


def test_a_code_typed_loosely_is_the_same_code(api):
    c, s = api
    body, _ = _game(s)
    cyr = s.codes["tables"][1].lower().translate(str.maketrans("acehkmptxy", "асенкмртху"))
    assert c.post("/api/rows", json=body | {"token": " " + cyr}).status_code == 201


@pytest.mark.parametrize(
    "change, field, code",
    [
        ({"tricks": "sum9"}, "tricks", "rules.tricks_sum"),
        ({"contract": "11♠"}, "contract", "rules.contract_level"),
        ({"declarer": "dealer"}, "declarer", "rules.declarer_dealer"),
        ({"defence": {}}, "defence", "rules.defence_missing"),
    ],
)
def test_impossible_rows_refused_with_the_engines_words(api, change, field, code):
    c, s = api
    body, outcome = _game(s)
    if change.get("tricks") == "sum9":
        change = {"tricks": {outcome.declarer: 6, next(iter(dict(outcome.defence))): 3}}
    if change.get("declarer") == "dealer":
        change = {"declarer": outcome.dealer}
    before = _stored(s)
    r = c.post("/api/rows", json=body | change)
    assert r.status_code == 422 and r.json()["field"] == field
    sent = body | change
    with pytest.raises(ScoringError) as refused:  # the engine's own verdict on the same row
        Outcome.make(
            4,
            outcome.dealer,
            parse_contract_cell(sent["contract"]),
            sent["declarer"],
            sent["tricks"],
            sent["defence"],
            conventions=s.event.conventions,
        )
    assert refused.value.message.code == code
    assert r.json()["error"] == refused.value.message.text("ru")
    assert _stored(s) == before


def test_a_deal_of_another_round_is_refused_at_its_field(api):
    c, s = api
    body, _ = _game(s)
    assert c.post("/api/rows", json=body | {"deal": 20}).json()["field"] == "deal"
    assert c.post("/api/rows", json=body | {"round": 99}).json()["field"] == "round"
    assert c.post("/api/rows", json=body | {"table": "1"}).status_code == 403  # not table 1's number


def test_wrong_code_and_another_tables_row_are_403(api):
    c, s = api
    body, _ = _game(s)
    before = _stored(s)
    assert c.post("/api/rows", json=body | {"token": "AAAAAA"}).status_code == 403
    r = c.post("/api/rows", json=body | {"token": s.codes["tables"][2]})
    assert r.status_code == 403 and r.json()["field"] == "table"
    assert _stored(s) == before


def test_another_row_of_a_stored_deal_is_409_unless_corrected_and_the_old_value_is_kept(api):
    c, s = api
    body, _ = _game(s)
    assert c.post("/api/rows", json=body).status_code == 201
    r = c.post("/api/rows", json=body | {"contract": "6♠"})
    assert r.status_code == 409 and r.json()["field"] == "deal"
    other = body | {
        "contract": "мизер",
        "declarer": body["declarer"],
        "defence": {},
        "tricks": {body["declarer"]: 0},
        "correct": True,
    }
    assert c.post("/api/rows", json=other).status_code == 201
    audit = c.get(f"/api/audit?token={s.codes['director']}").json()
    assert len(audit) == 1 and audit[0]["old"]["entry"]["contract"] == "7♠" and audit[0]["by"] == "table 1"
    assert c.get(f"/api/audit?token={s.codes['tables'][1]}").status_code == 403


def test_the_very_row_sent_again_is_acknowledged_as_stored_and_changes_nothing(api):
    """A double tap, or «Верно — записать» pressed again after its answer was lost on the way: 200 «same», one
    row, no correction in the audit, even once the round is closed; the preview says it is this row."""
    c, s = api
    body, _ = _game(s)
    assert c.post("/api/preview", json=body).json() | {"words": None} == {
        "whists": ANY,
        "words": None,
        "entered": False,
        "same": False,
    }
    first = c.post("/api/rows", json=body)
    assert first.status_code == 201 and "same" not in first.json()
    before = _stored(s)
    again = c.post("/api/rows", json=body)
    assert again.status_code == 200 and again.json() == first.json() | {"same": True}
    assert c.post("/api/rows", json=body | {"correct": True}).json()["same"] is True
    shown = c.post("/api/preview", json=body).json()
    assert shown["entered"] is True and shown["same"] is True
    c.post(f"/api/rounds/{body['round']}", json={"token": s.codes["director"]})
    assert c.post("/api/rows", json=body).status_code == 200
    assert _stored(s) == before and s.store.audit() == []
    # the same figures from the director are his row, not the table's: a correction, with its reason
    fix = body | {"token": s.codes["director"], "correct": True, "reason": "переписал"}
    assert c.post("/api/rows", json=fix).status_code == 201 and len(s.store.audit()) == 1


def test_closed_round_only_the_director_corrects_with_a_reason(api):
    c, s = api
    body, _ = _game(s)
    assert c.post("/api/rows", json=body).status_code == 201
    director = s.codes["director"]
    assert c.post(f"/api/rounds/{body['round']}", json={"token": s.codes["tables"][1]}).status_code == 403
    assert c.post(f"/api/rounds/{body['round']}", json={"token": director}).json()["closed"] is True
    fix = body | {"contract": "6♠", "correct": True}
    r = c.post("/api/rows", json=fix)
    assert r.status_code == 403 and r.json()["field"] == "round"
    r = c.post("/api/rows", json=fix | {"token": director})
    assert r.status_code == 422 and r.json()["field"] == "reason"
    r = c.post("/api/rows", json=fix | {"token": director, "reason": "<b>N wrote 7, the table played 6</b>"})
    assert r.status_code == 201
    audit = s.store.audit()
    assert audit[-1]["by"] == "director" and audit[-1]["reason"].startswith("<b>N wrote")
    row = c.get(f"/api/tables/1?token={s.codes['tables'][1]}").json()["rows"][0]
    assert row["entered"]["contract"] == "6♠" and row["closed"] is True


@pytest.mark.parametrize(
    "data, headers, status",
    [
        (b"x" * 9000, {"Content-Type": "application/json"}, 413),
        (b"{not json", {"Content-Type": "application/json"}, 400),
        (b"[1, 2]", {"Content-Type": "application/json"}, 400),
        (b"\xff\xfe", {"Content-Type": "application/json"}, 400),
        (b"token=ABC", {"Content-Type": "application/x-www-form-urlencoded"}, 415),
        (json.dumps({"token": "A", "evil": 1}).encode(), {"Content-Type": "application/json"}, 422),
        (
            json.dumps({"token": "A", "table": 1, "round": 1, "deal": 1, "contract": "7♠" * 100}).encode(),
            {"Content-Type": "application/json"},
            403,
        ),
    ],
)
def test_oversized_or_malformed_requests_change_nothing(api, data, headers, status):
    c, s = api
    before = _stored(s)
    r = c.post("/api/rows", content=data, headers=headers)
    assert r.status_code == status
    assert "error" in r.json()
    assert _stored(s) == before


def test_types_are_checked_field_by_field(api):
    c, s = api
    body, _ = _game(s)
    for change, field in [
        ({"round": "1"}, "round"),
        ({"dark": "yes"}, "dark"),
        ({"tricks": {"N": 11}}, "tricks"),
        ({"defence": {"E": "maybe"}}, "defence"),
        ({"declarer": "X"}, "declarer"),
        ({"contract": 7}, "contract"),
        ({"correct": 1}, "correct"),
    ]:
        r = c.post("/api/rows", json=body | change)
        assert (r.status_code, r.json()["field"]) == (422, field), change
    assert not s.store.rows


def test_hidden_results_are_the_directors_only(api):
    c, s = api
    assert c.get("/api/results").status_code == 200
    assert c.post("/api/settings", json={"token": s.codes["director"], "hide_results": True}).status_code == 200
    assert c.get("/api/results").status_code == 403
    assert c.get("/results").status_code == 403
    assert c.get(f"/api/results?token={s.codes['tables'][1]}").status_code == 403
    assert c.get(f"/api/results?token={s.codes['director']}").status_code == 200


def test_hidden_results_say_so_and_looking_locks_nobody_out(api):
    """A visitor with no code is told the results are hidden, not that a code is wrong, and however often
    he looks his table still enters its rows; the director's browser sees them through the cookie his page set."""
    c, s = api
    c.post("/api/settings", json={"token": s.codes["director"], "hide_results": True})
    for _ in range(25):
        r = c.get("/api/results")
        assert r.status_code == 403 and r.json()["error"].startswith("итоги скрыты судьёй"), r.json()
    assert "итоги скрыты судьёй" in c.get("/results").text
    assert c.get(f"/api/tables/1?token={s.codes['tables'][1]}").status_code == 200
    assert c.get(f"/director?token={s.codes['director'].lower()}").status_code == 200
    assert c.get("/api/results").status_code == 200 and c.get("/results").status_code == 200
    c.cookies.set("prefprint-director", s.codes["tables"][1])  # a table's code in the cookie shows nothing
    assert c.get("/api/results").status_code == 403
    c.cookies.set("prefprint-director", "WRONG1")  # nor a stale one, and it is not counted as a wrong code
    assert all(c.get("/api/results").status_code == 403 for _ in range(25))
    assert c.get(f"/api/tables/1?token={s.codes['tables'][1]}").status_code == 200


def test_many_wrong_codes_must_wait(api):
    c, s = api
    codes = [c.get("/api/tables/1?token=AAAAAA").status_code for _ in range(25)]
    assert codes[:20] == [403] * 20 and codes[20:] == [429] * 5
    assert c.get(f"/api/tables/1?token={s.codes['tables'][1]}").status_code == 429  # the address waits


def test_export_is_the_directors_only(api):
    c, s = api
    assert c.get(f"/api/export.xlsx?token={s.codes['tables'][1]}").status_code == 403
    r = c.get(f"/api/export.xlsx?token={s.codes['director']}")
    assert r.status_code == 200 and r.content[:2] == b"PK"


def test_pages_escape_what_was_typed(tmp_path):
    app, s = served(tmp_path)
    evil = "</script><script>alert(1)</script>"
    players = (replace(s.event.players[0], name=evil),) + s.event.players[1:]
    s.event = replace(s.event, players=players)
    c = client(app)
    for url in (f"/t/1?token={s.codes['tables'][1]}", f"/director?token={s.codes['director']}"):
        page = c.get(url).text
        assert evil not in page and "alert(1)" in page  # there, as JSON with < escaped
    assert c.get("/t/1?token=%3Cscript%3E").text.count("<script>") == 0
    assert "<script>alert" not in c.get("/?token=%3Cscript%3Ealert").text


def test_one_server_a_folder(tmp_path):
    from prefprint.errors import PrefprintError

    served(tmp_path)
    with pytest.raises(PrefprintError) as busy:
        served(tmp_path)
    assert busy.value.message.code == "serve.busy"


@pytest.mark.parametrize("number", ["²", "١", "٣", "1%00", "99999999999999999999"])
def test_numbers_in_the_path_that_are_not_plain_digits_are_refused_not_crashed(api, number):
    c, s = api
    director = s.codes["director"]
    for r in (
        c.get(f"/t/{number}?token={director}"),
        c.get(f"/api/tables/{number}?token={director}"),
        c.post(f"/api/rounds/{number}", json={"token": director, "closed": True}),
    ):
        assert r.status_code == 404, (number, r.status_code, r.text)
    assert not s.store.closed


@pytest.mark.parametrize("digits", [19, 5000])
def test_a_number_too_long_for_any_field_is_named_as_such(api, digits):
    c, s = api
    body, _ = _game(s)
    data = json.dumps(body).replace('"round": 1', '"round": ' + "9" * digits)
    r = c.post("/api/rows", content=data.encode(), headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == "в запросе слишком длинное число (больше 18 цифр)"
    assert not s.store.rows
