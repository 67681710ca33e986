"""Double-dummy analysis in the kit and the results: the makeable tables, each played row set
against double dummy, score-card marks, the cache kept across runs, and the switch that turns it off.

Events are tiny (four deals at tables of 3, quick to solve); PDF rendering is stubbed where only
the pages' HTML is under test.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import has
from helpers import boxes_past, run_session, tiny_event_text
from helpers import no_render_processes as _no_processes
from helpers import stub_render as _stub_render

import prefprint.analysis.cache
import prefprint.analysis.workers
import prefprint.app.kit
import prefprint.app.publish.pdf
from prefprint.analysis.solver import DealAnalysis, Misere, analyse_deal
from prefprint.app.kit import document_html, write_kit
from prefprint.cli.main import cli
from prefprint.engine.cells import row_cells
from prefprint.engine.fills import random_fills
from prefprint.engine.rules import Outcome
from prefprint.io.spec import parse_event
from prefprint.io.workbook import fill_workbook, write_protocol_workbook
from prefprint.views.makeable import Against, against, grid_view, mark
from prefprint.views.print_layout import recap_line
from prefprint.views.results_pages import deal_page, player_card

DD_TABLE = '<table class="dd">'  # the site's makeable table
DD_LINES = '<div class="ddlines">'  # the same in print: aligned lines


def _tiny(tmp_path: Path, extra: str = "", source: str = ""):
    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text(source).replace("[deals]", extra + "[deals]"), encoding="utf-8")
    return parse_event(spec.read_text(encoding="utf-8"), spec)


@pytest.fixture
def stubbed(monkeypatch):
    """PDFs are not rendered; every deal is solved in this process and counted."""
    monkeypatch.setattr(prefprint.app.kit, "render_pdfs", _stub_render)
    monkeypatch.setattr(prefprint.app.kit, "render_processes", _no_processes)
    monkeypatch.setattr(prefprint.app.publish.pdf, "render_pdfs", _stub_render)
    monkeypatch.setattr(prefprint.app.publish.pdf, "render_processes", _no_processes)
    calls = []
    real = prefprint.analysis.workers.analyse_deal

    def counted(deal, requests=None, misere_count=False):
        calls.append(deal.number)
        return real(deal, requests, misere_count)

    monkeypatch.setattr(prefprint.analysis.workers, "analyse_deal", counted)
    monkeypatch.setattr(prefprint.analysis.workers.os, "cpu_count", lambda: 1)  # one process: the calls are seen here
    return calls


def _cells(table_html: str) -> dict:
    """seat -> the cells of its row in a makeable table (tricks as text, the misère word)."""
    rows = re.findall(r'<tr><th class="l">([NESW])</th>(.*?)</tr>', table_html, flags=re.S)
    return {seat: re.findall(r"<td[^>]*>([^<]*)</td>", cells) for seat, cells in rows}


def _lines(lines_html: str) -> dict:
    """seat -> the figures and the misère word of its line in a printed makeable table."""
    text = re.sub(r"<[^>]+>", "", lines_html)
    return {line.split()[0]: line.split()[1:] for line in text.splitlines()[1:]}


# rows of the tiny event's protocols set by hand: (deal, round, table) -> outcome
PLAYED = {
    (2, 1, 1): Outcome.make(3, "E", "8♣", "E", {"E": 7, "S": 3}, {"S": "whist", "N": "pass"}),  # DD 8: one short
    (2, 2, 2): Outcome.make(3, "E", "мизер", "E", {"E": 1}),  # clean: one trick too many
    (1, 1, 1): Outcome.make(3, "N", "—", None, {"N": 8, "E": 1, "S": 1}),  # all-pass: no answer
    (1, 2, 2): Outcome.make(3, "N", "8♠", "N", {"N": 10, "E": 0}, {"E": "whist", "S": "pass"}),  # DD 10: as allowed
}


def _filled(event, folder: Path) -> Path:
    fills, _ = random_fills(event, 4)
    for key, outcome in PLAYED.items():
        fills[key] = row_cells(event, outcome)
    blank = write_protocol_workbook(event, folder / "blank.xlsx")
    return fill_workbook(blank, folder / "filled.xlsx", fills)


def test_hand_records_carry_the_makeable_table_and_protocols_do_not(tmp_path, stubbed):
    event = _tiny(tmp_path)
    write_kit(event, tmp_path / "kit", analysis=True)
    deals = (tmp_path / "kit" / "deals.html").read_text(encoding="utf-8")
    assert deals.count(DD_LINES) == len(event.deals)
    assert "двойной болван" in deals
    protocols = (tmp_path / "kit" / "protocols.html").read_text(encoding="utf-8")
    assert DD_LINES not in protocols and DD_TABLE not in protocols
    deal = event.deal(2)
    expected = analyse_deal(deal)
    box = deals.split("Сдача 2 ·")[1]
    lines = box[box.index(DD_LINES) :]
    cells = _lines(lines[: lines.index("</div>")])
    assert set(cells) == set(expected.order)
    for seat, row in cells.items():
        assert row[:5] == [str(expected.tricks[seat][s]) for s in ("♠", "♣", "♦", "♥", "БК")], seat
        assert row[5] == ("чистый" if expected.misere[seat].clean else "ловится"), seat
    assert (tmp_path / "kit" / "analysis-cache.json").is_file()


def test_deals_dealt_at_the_table_have_no_table(tmp_path, stubbed):
    event = _tiny(tmp_path, source='source = "table"\n')
    write_kit(event, tmp_path / "kit", analysis=True)  # no hand records, nothing to solve
    assert not (tmp_path / "kit" / "deals.html").exists() and stubbed == []
    run_session(event, _filled(event, tmp_path), tmp_path / "out", analysis=True)  # no layout typed in: no table
    page = (tmp_path / "out" / "deals" / "deal-2.html").read_text(encoding="utf-8")
    assert DD_TABLE not in page and ">ДД<" not in page and stubbed == []


def test_protocol_pages_and_score_cards_set_results_against_double_dummy(tmp_path, stubbed):
    event = _tiny(tmp_path)
    report = run_session(event, _filled(event, tmp_path), tmp_path / "out", analysis=True)
    by_row = {(d.number, row["round"], row["table"]): row for d in report.deals for row in deal_page(report, d)["rows"]}
    assert by_row[(2, 1, 1)]["dd"] == {"text": "8", "mark": {"text": "▼1", "cls": "down"}}
    assert by_row[(2, 2, 2)]["dd"] == {"text": "0", "mark": {"text": "▼1", "cls": "down"}}
    assert by_row[(1, 1, 1)]["dd"] is None  # all-pass: double dummy has no answer
    assert by_row[(1, 2, 2)]["dd"] == {"text": "10", "mark": None}
    page = (tmp_path / "out" / "deals" / "deal-2.html").read_text(encoding="utf-8")
    assert page.count(DD_TABLE) == 1 and ">ДД</th>" in page and 'class="dd-mark down">▼1<' in page
    # round 1, table 1: E (player 2) declared 8♣ and took one trick less than double dummy; S (player 3) whisted
    marks = {}
    for player in (2, 3, 1):
        card = player_card(report, player)
        marks[player] = {x["deal"]: x["dd"] for r in card["rounds"] if not r["rest"] for x in r["deals"]}
    assert marks[2][2] == {"text": "▼1", "cls": "down"}
    assert marks[3][2] == {"text": "▲1", "cls": "up"}
    assert marks[1][2] is None  # he passed: the whister played the defence
    card_page = (tmp_path / "out" / "players" / "player-2.html").read_text(encoding="utf-8")
    assert 'class="dd-mark down">▼1<' in card_page and "лучше или хуже двойного болвана" in card_page
    from prefprint.words.i18n import words

    line = "".join(
        text
        for text, _ in recap_line(
            next(x for r in player_card(report, 2)["rounds"] if not r["rest"] for x in r["deals"] if x["deal"] == 2),
            words("ru"),
        )
    )
    assert "розыгрыш ▼1" in line


def test_without_analysis_nothing_is_shown_and_nothing_solved(tmp_path, stubbed):
    event = _tiny(tmp_path)
    report = run_session(event, _filled(event, tmp_path), tmp_path / "out")
    assert report.analysis is None and stubbed == []
    pages = list((tmp_path / "out").rglob("*.html"))
    assert len(pages) > len(event.deals)  # the ranking, the cards, the deals and the tables were written
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert DD_TABLE not in text and 'class="dd-mark' not in text and "двойного болвана" not in text, page
    assert DD_LINES not in document_html(event, "deals")


def test_the_cache_answers_the_next_runs_and_survives_the_folder_swap(tmp_path, stubbed):
    event = _tiny(tmp_path)
    kit = tmp_path / "kit"
    write_kit(event, kit, analysis=True)
    assert sorted(stubbed) == [1, 2, 3, 4]
    stubbed.clear()
    write_kit(event, kit, analysis=True)  # a new staged folder: the cache comes with it
    assert stubbed == [] and (kit / "analysis-cache.json").is_file()
    write_kit(event, kit)  # without analysis the cache is still kept
    assert (kit / "analysis-cache.json").is_file()
    workbook = _filled(event, tmp_path)
    report = run_session(event, workbook, kit / "results", analysis=True)  # the kit's whole table, from its cache
    assert stubbed == [] and all(not v["partial"] for v in (deal_page(report, d)["dd"] for d in report.deals))
    (kit / "analysis-cache.json").unlink()
    run_session(event, workbook, kit / "results", analysis=True)  # the results' own cache, carried over the swap
    assert stubbed == []
    from prefprint.io.outdir import OutputFolder

    (kit / "results" / ".prefprint").unlink()  # a folder holding a cache is still recognised as prefprint's
    OutputFolder(kit / "results").check()
    only_cache = tmp_path / "only-cache"  # what `prefprint analyse` leaves in a new folder
    only_cache.mkdir()
    (only_cache / "analysis-cache.json").write_text("{}", encoding="utf-8")
    OutputFolder(only_cache).check()


def test_results_carry_the_whole_table_without_a_cached_one(tmp_path, stubbed):
    event = _tiny(tmp_path)
    out = tmp_path / "out"
    report = run_session(event, _filled(event, tmp_path), out, analysis=True)
    assert sorted(stubbed) == [1, 2, 3, 4]  # every deal, though not every contract was played
    for d in report.deals:
        a = report.analysis.deals[d.number]
        assert all(len(a.tricks[s]) == 5 and s in a.misere for s in a.order)  # every declarer × strain + misère
        assert not deal_page(report, d)["dd"]["partial"]
    page = (out / "deals" / "deal-2.html").read_text("utf-8")
    table = page[page.index(DD_TABLE) : page.index("</table>", page.index(DD_TABLE))]
    cells = _cells(table)
    assert len(cells) == 3 and all(len(row) == 6 and "·" not in row for row in cells.values()), cells
    stubbed.clear()
    run_session(event, _filled(event, tmp_path), out, analysis=True)  # the second run: all from the cache
    assert stubbed == []


def test_the_commands_analyse_by_default_and_can_be_told_not_to(tmp_path, stubbed, monkeypatch):
    monkeypatch.delenv("PREFPRINT_NO_ANALYSIS", raising=False)
    event = _tiny(tmp_path)
    spec = tmp_path / "tiny.toml"
    result = CliRunner().invoke(cli, ["kit", str(spec), "-o", str(tmp_path / "on")])
    assert result.exit_code == 0, result.output
    assert "анализ раскладов (двойной болван): 4 сдачи…" in result.output
    assert DD_LINES in (tmp_path / "on" / "deals.html").read_text(encoding="utf-8")
    stubbed.clear()
    result = CliRunner().invoke(cli, ["kit", str(spec), "-o", str(tmp_path / "off"), "--no-analysis"])
    assert result.exit_code == 0 and stubbed == [] and "анализ" not in result.output
    assert DD_LINES not in (tmp_path / "off" / "deals.html").read_text(encoding="utf-8")
    off = tmp_path / "off.toml"
    off.write_text(
        spec.read_text(encoding="utf-8").replace("[deals]", "[publish]\nanalysis = false\n[deals]"), encoding="utf-8"
    )
    workbook = _filled(event, tmp_path)
    result = CliRunner().invoke(cli, ["results", str(off), str(workbook), "-o", str(tmp_path / "r")])
    assert result.exit_code == 0 and stubbed == [], result.output
    bad = tmp_path / "bad.toml"
    bad.write_text(
        spec.read_text(encoding="utf-8").replace("[deals]", '[publish]\nanalysis = "no"\n[deals]'), encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["kit", str(bad), "-o", str(tmp_path / "bad"), "--lang", "en"])
    assert result.exit_code == 2 and "publish.analysis" in result.output and "Traceback" not in result.output


def _analysis(seat_tricks: dict, misere: dict, order=("E", "S", "N")) -> DealAnalysis:
    tricks = {s: dict(t) for s, t in seat_tricks.items()}
    return DealAnalysis(1, "E", 3, order, tricks, {}, misere)


def test_a_result_against_double_dummy_from_each_side():
    a = _analysis(
        {"E": {"♠": 8}}, {"E": Misere(True, 0, None), "S": Misere(False, None, None), "N": Misere(False, 2, None)}
    )
    game = lambda cell, tricks, defence=None: Outcome.make(3, "E", cell, "E", tricks, defence)  # noqa: E731
    x = against(a, game("7♠", {"E": 9, "S": 1}, {"S": "whist", "N": "pass"}))
    assert (x.dd, x.taken, x.gain) == (8, 9, 1) and mark(x) == {"text": "▲1", "cls": "up"}
    assert mark(x, "defence") == {"text": "▼1", "cls": "down"}
    assert against(a, game("7♠", {}, {"S": "pass", "N": "pass"})) is None  # not played out: no ДД, no mark
    assert against(a, game("8♠ без 2", {})).gain == -2  # conceded: scored as 6 tricks of the 8 allowed
    assert against(a, game("7♣", {"E": 7, "S": 3}, {"S": "whist", "N": "pass"})) is None  # not analysed
    assert against(a, Outcome.make(3, "E", "—", None, {"E": 4, "S": 3, "N": 3})) is None
    misere = lambda seat, n: against(a, Outcome.make(3, "E", "мизер", seat, {seat: n}))  # noqa: E731
    assert mark(misere("E", 0)) is None and mark(misere("E", 2)) == {"text": "▼2", "cls": "down"}
    caught = misere("S", 0)  # caught, not counted, yet no trick: better by a number not known, so no mark
    assert caught.dd_text() == "≥1" and mark(caught) is None and mark(caught, "defence") is None
    assert mark(misere("S", 3)) is None
    assert misere("N", 1).dd_text() == "2" and mark(misere("N", 1)) == {"text": "▲1", "cls": "up"}
    assert Against(False, 8, None).gain is None


def test_every_mark_carries_its_number():
    for misere_ in (False, True):
        for dd in ((None,) if misere_ else ()) + (0, 1, 2, 7, 8):
            for taken in (None, 0, 1, 3, 8, 10):
                for side in ("declarer", "defence"):
                    m = mark(Against(misere_, dd, taken), side)
                    assert m is None or re.fullmatch(r"[▲▼][1-9][0-9]?", m["text"]), (misere_, dd, taken, m)


def test_the_makeable_grid_view_marks_games_and_gaps():
    a = _analysis({"E": {"♠": 6, "♣": 5, "♦": 0, "♥": 10, "БК": 7}, "S": {"♠": 2}}, {"E": Misere(False, None, None)})
    view = grid_view(a, "ru")
    assert [r["seat"] for r in view["rows"]] == ["N", "E", "S"] and view["partial"] and view["first"] == "E"
    e = view["rows"][1]
    assert [c["n"] for c in e["cells"]] == [6, 5, 0, 10, 7] and [c["made"] for c in e["cells"]] == [
        True,
        False,
        False,
        True,
        True,
    ]
    assert e["misere"] == "ловится" and view["rows"][0]["misere"] is None
    assert grid_view(_analysis({}, {}), "ru") is None and grid_view(None, "en") is None


def test_pages_with_analysis_fit_the_page_and_the_phone(tmp_path, stubbed):
    from prefprint.analysis.cache import EventAnalysis
    from prefprint.app.publish import pdf_parts

    event = _tiny(tmp_path)
    report = run_session(event, _filled(event, tmp_path), tmp_path / "out", analysis=True, publish=False)
    # the widest cells a table can have: 10 everywhere, every misère caught
    wide = {
        d.number: DealAnalysis(
            d.number,
            d.dealer,
            3,
            analyse_deal(d, [("N", "♠")]).order,
            {s: {k: 10 for k in ("♠", "♣", "♦", "♥", "БК")} for s in "NES"},
            {},
            {s: Misere(False, None, None) for s in "NES"},
        )
        for d in event.deals
    }
    report.analysis = replace(EventAnalysis(), deals=wide)
    parts = pdf_parts(report)
    for i in (1, len(parts) - 1):  # score cards, protocols
        right, bottom, pages = boxes_past(parts[i])
        protocols = parts[i].count('<div class="pdeal">')  # protocols flow, two or more to a page
        expected = (protocols + 1) // 2 if protocols else parts[i].count("<section")
        assert right <= 0.5 and bottom <= 0.5 and pages <= expected, (i, right, bottom, pages)
    kit = document_html(event, "deals", analysis=report.analysis)
    right, bottom, _ = boxes_past(kit)
    assert right <= 0.5 and bottom <= 0.5
    if has("chromium"):
        from prefprint.app.publish.site import _site_pages

        site = tmp_path / "site"
        pages = dict(_site_pages(report))
        for name in ("deals/deal-2.html", "players/player-2.html"):
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            (site / name).write_text(pages[name], encoding="utf-8")
        over = _overflow(site, ["deals/deal-2.html", "players/player-2.html"], 390)
        assert over["deals/deal-2.html"][0] <= 0, over  # the page: its protocol table scrolls in its own box
        assert over["players/player-2.html"] == (0, 0), over  # a score card fits the phone whole


def _overflow(folder: Path, pages: list[str], width: int) -> dict:
    """page -> (how far the page, and any scrolling box in it, is wider than `width` px) in Chromium."""
    import shutil
    import subprocess
    import tempfile

    frames = "".join(
        f'<iframe src="{page}" width="{width}" height="900" onload="var d=this.contentDocument,'
        f" e=d.documentElement, x=0; d.querySelectorAll('.scroll').forEach(function(s){{x=Math.max(x,"
        f" s.scrollWidth - s.clientWidth)}}); this.setAttribute('data-over', (e.scrollWidth - e.clientWidth)"
        f" + ' ' + x)\"></iframe>"
        for page in pages
    )
    probe = folder / "probe.html"
    probe.write_text(f"<!DOCTYPE html><html><body>{frames}</body></html>", encoding="utf-8")
    profile = tempfile.mkdtemp()
    try:
        dom = subprocess.run(
            [
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--allow-file-access-from-files",
                f"--user-data-dir={profile}",
                "--dump-dom",
                probe.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    found = dict(re.findall(r'<iframe src="([^"]+)"[^>]*data-over="([^"]+)"', dom))
    return {page: tuple(map(int, value.split())) for page, value in found.items()}


def test_the_caches_of_a_session_folder_and_of_the_kit_around_it_answer(tmp_path):
    from prefprint.analysis.makeable import cache_sources

    kit = tmp_path / "kit"
    for name in ("session-1", "session-2/live"):
        (kit / name).mkdir(parents=True)
    live = kit / "session-2" / "live"
    assert cache_sources(live) == [live, kit / "session-2", kit, kit / "session-1"]
    results = tmp_path / "out" / "results"
    results.mkdir(parents=True)
    assert cache_sources(results) == [results, tmp_path / "out"]  # nothing beyond the folder around it
