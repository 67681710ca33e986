"""Layouts of deals dealt at the table, entered on the phone: checked by the engine, kept, exported."""

from __future__ import annotations

import pytest
from serving import CLUB, client, random_bodies, served

from prefprint.app.competition import with_layouts
from prefprint.engine.deals import card_text, generate_deal, parse_cards
from prefprint.engine.rules import active_seats
from prefprint.io.workbook import read_entries

CUP = CLUB.parent / "cup-52.toml"


def _dealt_at_table(tmp_path, sample):
    """A sample event dealt at the table (no layouts printed), served: (client, scoring)."""
    spec = tmp_path / "dealt.toml"
    text = sample.read_text(encoding="utf-8")
    assert "[deals]" in text
    spec.write_text(text.replace("[deals]", '[deals]\nsource = "table"', 1), encoding="utf-8")
    app, s = served(tmp_path / "kit", spec)
    assert s.event.dealt_at_table
    return client(app), s


@pytest.fixture
def dealt(tmp_path):
    """The club night dealt at the table (no layouts printed), served."""
    return _dealt_at_table(tmp_path, CLUB)


@pytest.fixture
def cup_dealt(tmp_path):
    """The cup's first session dealt at the table: a table plays some of the sets (at the club night, every one)."""
    return _dealt_at_table(tmp_path, CUP)


def _pockets(s, number: int) -> dict:
    """A real layout for deal `number` (a generated deal's cards), as the phone sends it."""
    d = s.event.deal(number)
    cards = generate_deal("layouts", number, d.set, d.dealer, d.table_size)
    out = {seat: " ".join(card_text(c) for c in hand) for seat, hand in cards.hands}
    out["talon_top"], out["talon_bottom"] = (card_text(c) for c in cards.talon)
    assert set(out) == set(active_seats(d.table_size, d.dealer)) | {"talon_top", "talon_bottom"}
    return out


def _first(s):
    t = s.event.movement.rounds[0].tables[0]
    return t.table, next(d.number for d in s.event.deals if d.set == t.set)


def test_a_layout_is_stored_once_shown_to_the_table_and_exported_where_results_read_it(dealt, tmp_path):
    c, s = dealt
    table, deal = _first(s)
    token = s.codes["tables"][table]
    row = next(r for r in c.get(f"/api/tables/{table}?token={token}").json()["rows"] if r["deal"] == deal)
    assert row["layout"]["entered"] is None and "talon_top" in row["layout"]["pockets"]

    body = {"token": token, "table": table, "deal": deal, "pockets": _pockets(s, deal)}
    r = c.post("/api/layouts", json=body)
    assert r.status_code == 201, r.text
    again = c.post("/api/layouts", json=body)  # the very layout sent again (its answer lost): stored already
    assert again.status_code == 200 and again.json() == {"deal": deal, "pockets": body["pockets"], "same": True}
    pockets = dict(body["pockets"])
    top, bottom = pockets["talon_top"], pockets["talon_bottom"]
    other = c.post("/api/layouts", json=body | {"pockets": pockets | {"talon_top": bottom, "talon_bottom": top}})
    assert other.status_code == 409 and other.json()["field"] == "deal"
    row = next(r for r in c.get(f"/api/tables/{table}?token={token}").json()["rows"] if r["deal"] == deal)
    assert row["layout"]["entered"]["pockets"] == body["pockets"]

    exported = tmp_path / "exported.xlsx"
    exported.write_bytes(c.get(f"/api/export.xlsx?token={s.codes['director']}").content)
    event, problems = with_layouts(s.event, read_entries(exported, s.event).layouts)
    assert problems == []
    got = event.deal(deal)
    want = generate_deal("layouts", deal, got.set, got.dealer, got.table_size)
    assert dict(got.hands) == {k: tuple(sorted(v)) for k, v in want.hands} and got.talon == want.talon


@pytest.mark.parametrize(
    "change,said",
    [
        (lambda p: p.update(talon_top=p["talon_bottom"]), "дважды"),  # a card twice
        (lambda p: p.update({next(iter(p)): p[next(iter(p))].rsplit(" ", 1)[0]}), "9"),  # nine cards
        (lambda p: p.update(talon_top="♠ X"), "Прикуп, верхняя: не удаётся прочитать карты «♠ X»"),  # named by pocket
        (lambda p: p.pop("talon_bottom"), "talon_bottom"),  # a pocket missing
    ],
)
def test_a_layout_that_cannot_be_true_is_refused_in_words_and_nothing_is_stored(dealt, change, said):
    c, s = dealt
    table, deal = _first(s)
    pockets = _pockets(s, deal)
    change(pockets)
    r = c.post(
        "/api/layouts", json={"token": s.codes["tables"][table], "table": table, "deal": deal, "pockets": pockets}
    )
    assert r.status_code == 422 and r.json()["field"] == "pockets"
    assert said in r.json()["error"], r.json()["error"]
    assert s.store.layouts == {}


def test_only_a_table_that_plays_the_deal_enters_it_and_only_it_or_the_director_corrects_it(cup_dealt):
    c, s = cup_dealt
    table, deal = _first(s)
    the_set = s.event.deal(deal).set
    plays = {}  # table -> the sets it plays
    for rnd in s.event.movement.rounds:
        for t in rnd.tables:
            plays.setdefault(t.table, set()).add(t.set)
    others = [t for t, sets in plays.items() if the_set not in sets]
    assert others  # tables that never play the deal, each refused below
    body = {"table": table, "deal": deal, "pockets": _pockets(s, deal)}
    for other in others:
        r = c.post("/api/layouts", json=body | {"token": s.codes["tables"][other], "table": other})
        assert r.status_code == 422 and r.json()["field"] == "deal"
    assert c.post("/api/layouts", json=body | {"token": s.codes["tables"][table]}).status_code == 201
    # a table that plays the deal later may not overwrite the first table's layout
    later = next(
        t.table
        for rnd in s.event.movement.rounds[1:]
        for t in rnd.tables
        if t.set == s.event.deal(deal).set and t.table != table
    )
    r = c.post("/api/layouts", json=body | {"token": s.codes["tables"][later], "table": later, "correct": True})
    assert r.status_code == 403
    assert r.json()["error"] == f"расклад внёс стол {table}: исправить его может этот стол или судья"
    r = c.post("/api/layouts", json=body | {"token": s.codes["director"], "correct": True})
    assert r.status_code == 422 and r.json()["field"] == "reason"
    r = c.post(
        "/api/layouts", json=body | {"token": s.codes["director"], "correct": True, "reason": "перепутаны карманы"}
    )
    assert r.status_code == 201
    assert [a["old"]["layout"] for a in s.store.audit()] == [body["pockets"]]
    r = c.post("/api/layouts", json=body | {"token": s.codes["tables"][table], "correct": True})
    assert r.status_code == 403 and r.json()["error"] == "расклад внёс судья: исправить его может только судья"


def test_a_prepared_event_takes_no_layout(tmp_path):
    app, s = served(tmp_path)
    c = client(app)
    table, deal = _first(s)
    r = c.post(
        "/api/layouts",
        json={"token": s.codes["tables"][table], "table": table, "deal": deal, "pockets": {}},
    )
    assert r.status_code == 422 and "заранее" in r.json()["error"]
    rows = c.get(f"/api/tables/{table}?token={s.codes['tables'][table]}").json()["rows"]
    assert rows and all(row["layout"] is None for row in rows)


def test_a_layout_of_a_deal_the_event_has_not_says_which_deals_it_has(dealt):
    c, s = dealt
    table, deal = _first(s)
    director = s.codes["director"]
    for number, said in (
        (0, f"нет сдачи 0: сдачи турнира — с 1 по {len(s.event.deals)}"),
        (999, f"нет сдачи 999: сдачи турнира — с 1 по {len(s.event.deals)}"),
        ("1", "«deal»: нужно целое число"),
    ):
        r = c.post(
            "/api/layouts", json={"token": director, "table": table, "deal": number, "pockets": _pockets(s, deal)}
        )
        assert (r.status_code, r.json()["field"], r.json()["error"]) == (422, "deal", said)
    assert s.store.layouts == {}


def test_tables_of_3_dealt_at_the_table_need_no_paper(tmp_path):
    """Tables of 3 dealt at the table, every layout and every row entered on the phones, nothing on paper:
    each hand and the talon checked and stored by the table that deals it (by the director where a set has
    copies), shown back, one corrected by its table, and the export ranks with every deal's cards."""
    from helpers import run_session

    from prefprint.views.documents import dealing_tables

    c, s = _dealt_at_table(tmp_path, CLUB.parent / "threes-15.toml")
    event = s.event
    dealer_of = {set_no: table for table, items in dealing_tables(event).items() for _, set_no in items}
    first = {}  # set -> the first table that plays it
    for rnd in event.movement.rounds:
        for t in rnd.tables:
            first.setdefault(t.set, t.table)
    for d in event.deals:
        pockets = _pockets(s, d.number)
        assert set(pockets) == {"N", "E", "S", "talon_top", "talon_bottom"}  # W is the talon's pocket
        table = dealer_of.get(d.set)
        token = s.codes["tables"][table] if table else s.codes["director"]
        body = {"token": token, "table": table or first[d.set], "deal": d.number, "pockets": pockets}
        r = c.post("/api/layouts", json=body)
        assert r.status_code == 201, r.text
    assert set(s.store.layouts) == {d.number for d in event.deals}

    deal = event.deals[0]
    table = dealer_of[deal.set]
    token = s.codes["tables"][table]
    shown = next(r for r in c.get(f"/api/tables/{table}?token={token}").json()["rows"] if r["deal"] == deal.number)
    assert shown["layout"]["entered"]["pockets"] == _pockets(s, deal.number)  # shown back as entered
    n, e = (shown["layout"]["entered"]["pockets"][p].split(" ") for p in ("N", "E"))
    n[0], e[0] = e[0], n[0]  # the N and E pockets had a card each of the other's
    fixed = _pockets(s, deal.number) | {"N": " ".join(n), "E": " ".join(e)}
    body = {"token": token, "table": table, "deal": deal.number, "pockets": fixed}
    assert c.post("/api/layouts", json=body).status_code == 409  # another layout needs «correct»
    assert c.post("/api/layouts", json=body | {"correct": True}).status_code == 201  # its own table: no reason
    assert [a["old"]["layout"] for a in s.store.audit()] == [_pockets(s, deal.number)]

    for row, _ in random_bodies(s):
        assert c.post("/api/rows", json=row).status_code == 201
    exported = tmp_path / "exported.xlsx"
    exported.write_bytes(c.get(f"/api/export.xlsx?token={s.codes['director']}").content)
    report = run_session(event, exported, None, publish=False)
    assert len(report.standings) == 15 and all(x.status == "played" for x in report.deals)
    laid = {d.number: d for d in report.event.deals}
    assert all(d.hands and len(d.talon) == 2 for d in laid.values())
    assert sorted(dict(laid[deal.number].hands)["N"]) == sorted(parse_cards(fixed["N"]))
