"""The contexts of the results site's pages: a player's score card, a deal's protocol, the roles of a deal."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from conftest import text_of_page

from prefprint.engine.matchpoints import rounded_percent
from prefprint.engine.rulings import Applied, Ruling
from prefprint.io.render import html
from prefprint.views.documents import PLAYER_PAGE
from prefprint.views.results_pages import deal_page, player_card, role_of
from prefprint.words.messages import Message


def test_score_card_follows_the_protocols(site):
    report, out = site
    event = report.event
    for number in (1, 7, 20):
        card = player_card(report, number)
        standing = next(s for s in report.standings if s.player == number)
        mine = {(deal, r.round): (r, seat) for deal, r, seat in report.per_player[number]}
        rows = [(rnd, x) for rnd in card["rounds"] if not rnd["rest"] for x in rnd["deals"]]
        assert sum(1 for _, x in rows if x["mp"] is not None) == standing.deals
        for rnd, x in rows:
            if (x["deal"], rnd["round"]) not in mine:
                assert x["mp"] is None and x["status"] in ("not played", "spoiled", "excluded")
                continue
            r, seat = mine[(x["deal"], rnd["round"])]
            assert (rnd["table"], rnd["seat"]) == (r.table, seat)
            assert x["mp"] == r.mp[seat] and x["top"] == r.top
            assert x["role"] == role_of(r.outcome, seat)
            assert {p for _, p, _ in rnd["mates"]} == set(r.players.values()) - {number}
        assert sum(rnd["mp"] for rnd in card["rounds"] if not rnd["rest"]) == standing.mp
        assert sum(rnd["top"] for rnd in card["rounds"] if not rnd["rest"]) == standing.max
        last = [x["running"] for _, x in rows if x["running"] is not None][-1]
        assert last == float(rounded_percent(Fraction(standing.mp) / standing.max, 1))  # one decimal on the card
    page = text_of_page(out / PLAYER_PAGE.format(n=7))
    card = player_card(report, 7)
    for rnd in card["rounds"]:
        for _, p, _ in rnd["mates"]:
            assert f'href="../players/player-{p}.html"' in page
        for x in rnd["deals"]:
            assert f'href="../deals/deal-{x["deal"]}.html"' in page
    assert page.count('class="sub"') == len(event.movement.rounds)


def test_roles_cover_every_kind_of_deal():
    from prefprint.engine.rules import Outcome

    assert role_of(Outcome.make(4, "W", "7♠", "N", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"}), "W") == "dealer"
    o = Outcome.make(4, "W", "7♠", "N", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"})
    assert [role_of(o, s) for s in "NES"] == ["declarer", "whist", "pass"]
    o = Outcome.make(3, "N", "6♠", "E", {}, {"S": "pass", "N": "half"})
    assert [role_of(o, s) for s in "NES"] == ["half", "declarer", "pass"]
    o = Outcome.make(3, "N", "мизер", "S", {"S": 0})
    assert [role_of(o, s) for s in "NES"] == ["catch", "catch", "declarer"]
    o = Outcome.make(4, "E", "—", None, {"S": 2, "W": 3, "N": 5})
    assert [role_of(o, s) for s in "NESW"] == ["allpass", "dealer", "allpass", "allpass"]


def test_protocol_page_marks_excluded_rows_and_counts_results_by_line(site):
    report, out = site
    d1 = deal_page(report, report.deals[0])
    statuses = [r["status"] for r in d1["rows"]]
    assert statuses.count("not played") == 1 and len(statuses) == len(report.event.rows_of(report.event.deal(1)))
    for line in d1["lines"]:
        played = [r for r in report.deals[0].results if line["seat"] in r.mp]
        assert sum(x["count"] for x in line["results"]) == len(played)
        assert [x["whists"] for x in line["results"]] == sorted((x["whists"] for x in line["results"]), reverse=True)
        for x in line["results"]:  # the more whists, the more matchpoints
            assert x["mp"] == 2 * sum(y["count"] for y in line["results"] if y["whists"] < x["whists"]) + x["count"] - 1
    d2 = deal_page(report, report.deals[1])
    assert [r["status"] for r in d2["rows"]].count("adjusted") == 1
    assert any(x["adjusted"] == 60 for x in d2["lines"][0]["results"])
    page = text_of_page(out / "deals" / "deal-2.html")
    assert "корр." in page and "60%" in page
    lines = page[page.index("Результаты по линиям") :]
    whists = re.findall(r'<tr><td class="(?:num|adj)"[^>]*>([^<]*)</td>', lines)
    assert "корр." in whists and not any("%" in w for w in whists)  # the whists column holds whists
    assert re.search(
        r'class="adj"[^>]*>корр\.</td><td class="num">1</td><td class="num">3,6</td>'
        r'<td class="num">60,0</td>',
        lines,
    )  # the adjusted score's percentage where percentages go
    spoiled = text_of_page(out / "deals" / "deal-5.html")
    rows = len(report.event.rows_of(report.event.deal(5)))
    assert spoiled.count("испорчена") == 1 and f'rowspan="{rows}"' in spoiled  # said once for the deal
    page1 = text_of_page(out / "deals" / "deal-1.html")
    assert 'class="status">не сыграна' in page1 and "Результаты по линиям" in page1


def test_new_report_shape_rows_with_status_notes_and_provisional(site):
    """The report the results checker delivers: every row kept with its status and notes."""
    report, _ = site
    d = report.deals[0]
    ruled = d.results[0]
    seat = next(iter(ruled.players))
    saved = [(r, r.status, list(r.notes)) for r in d.results]
    shaped = replace(report, deals=[replace(d, results=list(d.results))] + report.deals[1:])
    for r in shaped.deals[0].results:
        r.status, r.notes = "played", []
    ruled.notes = [Message("error", text="штраф 1 МП за медленную игру")]
    spoiled = replace(
        ruled, table=99, mp={}, status="spoiled", notes=[Message("error", text="сдача перепутана при раскладке")]
    )
    shaped.deals[0].results.append(spoiled)
    shaped.provisional, shaped.pending, shaped.generated_at = True, [3, 4], "2026-12-05 22:41"
    penalty = Ruling(
        "penalty",
        "решение по сдаче 1",
        Message("error", text="rulings.toml"),
        deal=1,
        player=ruled.players[seat],
        mp=Fraction(1),
    )
    shaped.rulings = [Applied(penalty, ruled.players[seat], Fraction(-1), deal=1)]
    try:
        ctx = deal_page(shaped, shaped.deals[0])
        row = next(r for r in ctx["rows"] if r["table"] == 99)
        assert row["status"] == "spoiled" and row["notes"] == ["Ошибка: сдача перепутана при раскладке"]
        assert all(x["mp"] is None for x in row["seats"])
        assert sum(x["count"] for x in ctx["lines"][0]["results"]) == sum(1 for r in d.results if "N" in r.mp)
        common = {
            "event": shaped.event,
            "names": shaped.event.names,
            "deal_numbers": [1],
            "tables": [1],
            "pending": set(),
        }
        from prefprint.views.report_state import report_state
        from prefprint.views.results_pages import ranking_context

        state = report_state(shaped)
        deal_html = html("results_deal.html", "ru", d=ctx, state=state, **common)
        assert "Предварительные итоги на 5 декабря 2026\u202fг., 22:41" in deal_html and "3, 4" in deal_html
        assert "сдача перепутана при раскладке" in deal_html and "медленную игру" in deal_html
        index = html("results_index.html", "ru", state=state, **common, **ranking_context(shaped))
        assert "Решения судьи" in index and "решение по сдаче 1" in index
        player = ruled.players[seat]
        card_html = html("results_player.html", "ru", card=player_card(shaped, player), state=state, **common)
        assert "медленную игру" in card_html and "5 декабря 2026\u202fг., 22:41" in card_html
        assert "решение по сдаче 1" in card_html  # the ruling on his card too
    finally:
        for r, status, notes in saved:
            r.status, r.notes = status, notes


def test_score_card_says_which_percentage_and_no_gendered_role(site):
    report, out = site
    page = text_of_page(out / PLAYER_PAGE.format(n=13))
    assert '<th class="run">% с начала</th>' in page
    card = player_card(report, 13)
    played = [r for r in card["rounds"] if not r["rest"]]
    assert played
    for rnd in played:
        assert f"итог тура: <b>{str(rnd['percent']).replace('.', ',')} %</b> за тур" in page
    for verb in ("играл", "ловил", "сдавал", "не играл"):
        assert verb not in page
    assert "розыгрыш" in page
