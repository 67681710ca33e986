"""Results: filled workbooks are read, checked, matchpointed and published."""

from __future__ import annotations

import json
import re
import subprocess
from fractions import Fraction

import pytest
from click.testing import CliRunner
from conftest import ROOT, has
from helpers import independent_ranking, no_render_processes, one_session, run_session

from prefprint.app.results import Options, ranking_json, run, score
from prefprint.checks import check_workbook
from prefprint.cli.main import cli
from prefprint.engine.cells import row_cells
from prefprint.engine.fills import random_fills
from prefprint.engine.matchpoints import matchpoint, rank
from prefprint.errors import WorkbookError
from prefprint.io.outdir import OutputError
from prefprint.io.workbook import COLUMNS, FIRST_ROW, fill_workbook, read_protocol_workbook, write_protocol_workbook
from prefprint.words.numbers import span


def filled(event, tmp_path, seed=3, extra=None, status=None):
    blank = write_protocol_workbook(event, tmp_path / "protocols.xlsx")
    fills, outcomes = random_fills(event, seed)
    for key, cells in (extra or {}).items():
        fills[key] = {**fills.get(key, {}), **cells}
    return fill_workbook(blank, tmp_path / "filled.xlsx", fills, status), outcomes


@pytest.mark.parametrize("stem", ["club-night-20", "book-scheme-12", "threes-15", "rooms-26", "open-100"])
def test_ranking_matches_an_independent_count(events, tmp_path, stem):
    event = events[stem]
    path, outcomes = filled(event, tmp_path)
    report = run_session(event, path, tmp_path / "out", publish=False)
    expected = independent_ranking(event, outcomes)
    got = {s.player: [s.mp, s.max] for s in report.standings}
    assert got == expected
    ratios = [Fraction(*expected[s.player]) for s in report.standings]
    assert ratios == sorted(ratios, reverse=True)
    assert not report.warnings


def test_matchpoints_of_a_line_sum_to_n_times_n_minus_1():
    for values in ([1, 2, 3], [5, 5, 5, 5], [Fraction(1, 3), -2, 7, 7, 0]):
        mps = matchpoint(values)
        assert sum(mps) == len(values) * (len(values) - 1)
        assert max(mps) <= 2 * (len(values) - 1)
    places = [s.place for s in rank({1: (6, 8, 1), 2: (3, 4, 1), 3: (1, 8, 1), 4: (7, 8, 1)})]
    assert places == [(1, 1), (2, 3), (2, 3), (4, 4)]


def _row(event, deal, index=0):
    row = event.rows_of(event.deal(deal))[index]
    return (deal, row.round, row.table), FIRST_ROW + index, row


def test_every_kind_of_mistake_is_reported_with_its_cell(events, tmp_path):
    event = events["club-night-20"]
    k7, r7, _ = _row(event, 7)
    k2, r2, _ = _row(event, 2)
    k3, r3, _ = _row(event, 3)
    k4, r4, _ = _row(event, 4)
    k5, r5, row5 = _row(event, 5)
    k6, r6, row6 = _row(event, 6)
    k8, _, row8 = _row(event, 8)
    k9, r9, _ = _row(event, 9)
    k10, r10, _ = _row(event, 10)
    assert [event.deal(n).dealer for n in (2, 3, 4)] == ["E", "S", "W"]
    extra = {
        k7: {"contract": "11♠"},
        k2: {
            "contract": "6♠",
            "decl_seat": "S",
            "decl_tricks": 9,
            "w1_seat": "W",
            "w1_tricks": 4,
            "w2_seat": "N",
            "w2_tricks": "пас",
            "N_whists": None,
            "E_whists": None,
            "S_whists": None,
            "W_whists": None,
        },
        k3: {
            "contract": "—",
            "decl_seat": "W",
            "decl_tricks": 3,
            "w1_seat": "N",
            "w1_tricks": 3,
            "w2_seat": "E",
            "w2_tricks": 4,
            "N_whists": 5,
            "E_whists": 0,
            "S_whists": 0,
            "W_whists": 0,
        },
        k4: {
            "contract": "7♠",
            "decl_seat": "N",
            "decl_tricks": 5,
            "w1_seat": "E",
            "w1_tricks": 5,
            "w2_seat": "S",
            "w2_tricks": "пас",
            "N_whists": -100,
            "E_whists": 44,
            "S_whists": 28,
            "W_whists": 28,
        },
        k5: {"N_no": 20},
        k6: {"N_no": dict(row6.seats)["E"]},
        k9: {"decl_tricks": "шесть"},
        k10: {"w1_seat": "X"},
        k8: dict.fromkeys(COLUMNS),
    }
    path, _ = filled(event, tmp_path, extra=extra)
    with pytest.raises(WorkbookError) as e:
        run_session(event, path, tmp_path / "out")
    problems = [p.text("en") for p in e.value.problems]
    assert f"'Сдача 7'!C{r7}: contract \"11♠\": levels are 6–10" in problems
    assert f"'Сдача 2'!E{r2}: tricks add up to 13, expected 10 (S=9, W=4)" in problems
    assert f"'Сдача 3'!K{r3}: whists sum to +5, expected 0" in problems
    assert (
        f"'Сдача 4'!K{r4}: whists differ from the 7♠ result: N written −100, computed −104; "
        f"E written +44, computed +48" in problems
    )
    assert f"'Сдача 6'!M{r6}: player {dict(row6.seats)['E']} is written twice in one row" in problems
    assert f"'Сдача 8': the row of round {row8.round}, table {row8.table} is missing" in problems
    assert f'\'Сдача 9\'!E{r9}: tricks "шесть" — expected 0–10, "pass" or "half"' in problems
    assert f"'Сдача 10'!F{r10}: seat \"X\" — expected N, E, S or W" in problems
    # player 20 really sits at table 5 in round 1: the typo books him at two tables, which cannot be true
    two = [
        p
        for p in problems
        if p.startswith(
            f"'Сдача 5'!J{r5}: player 20 is written at table {row5.table} "
            f"in round 1, but in that round he is also at table 5 "
        )
    ]
    assert len(two) == 1 and two[0].endswith(f"the movement has {dict(row5.seats)['N']} here"), problems
    assert len(problems) == 9
    assert (
        e.value.warnings[-2].text("en") == "1 row is not filled; provisional results of the rows entered so far: "
        "--provisional"
    )
    assert (
        e.value.warnings[-1]
        .text("ru")
        .endswith("верны записанные висты — запустите с --trust written, если расчёт — с --trust computed")
    )
    russian = [p.text("ru") for p in e.value.problems]
    assert (
        f"'Сдача 4'!K{r4}: висты не сходятся с расчётом для 7♠: N записано −100, по расчёту −104; "
        f"E записано +44, по расчёту +48" in russian
    )
    assert f"'Сдача 3'!K{r3}: сумма вистов +5, а должна быть 0" in russian
    assert f"'Сдача 9'!E{r9}: взятки «шесть» — пишите 0–10, «пас» или «пол»" in russian
    assert not (tmp_path / "out").exists()  # nothing published


def test_trust_decides_between_written_and_computed(events, tmp_path):
    event = events["club-night-20"]
    k4, _, row = _row(event, 4)
    extra = {
        k4: {
            "contract": "7♠",
            "decl_seat": "N",
            "decl_tricks": 5,
            "w1_seat": "E",
            "w1_tricks": 5,
            "w2_seat": "S",
            "w2_tricks": "pass",
            "N_whists": -100,
            "E_whists": 44,
            "S_whists": 28,
            "W_whists": 28,
        }
    }
    path, _ = filled(event, tmp_path, extra=extra)
    sheets = read_protocol_workbook(path, event)
    for trust, n_whists in (("written", -100), ("computed", -104)):
        deals, problems, warnings = check_workbook(event, sheets, trust)
        assert not problems and warnings
        r = next(x for x in deals[3].results if (x.round, x.table) == (row.round, row.table))
        assert r.whists["N"] == n_whists


def test_a_deal_not_played_is_excluded(events, tmp_path):
    event = events["club-night-20"]
    path, outcomes = filled(event, tmp_path, status={3: "не сыграна"})
    report = run_session(event, path, tmp_path / "out", publish=False)
    expected = independent_ranking(event, outcomes, skip={3})
    assert {s.player: [s.mp, s.max] for s in report.standings} == expected
    assert report.deals[2].status == "not played" and max(s.max for s in report.standings) == 19 * 8


def test_loose_typing_is_understood(events, tmp_path):
    event = events["club-night-20"]
    key, _, row = _row(event, 1)
    extra = {
        key: {
            "contract": " 6 S ",
            "decl_seat": "е",
            "decl_tricks": " 6",
            "w1_seat": "ю ",
            "w1_tricks": "4",
            "w2_seat": "з",
            "w2_tricks": " ПАС ",
            "N_whists": "−5",
            "E_whists": "7",
            "S_whists": "3",
            "W_whists": " -5",
        }
    }
    path, _ = filled(event, tmp_path, extra=extra)
    deals, problems, _ = check_workbook(event, read_protocol_workbook(path, event))
    assert problems == []
    r = next(x for x in deals[0].results if (x.round, x.table) == (row.round, row.table))
    assert r.whists == {"N": -5, "E": 7, "S": 3, "W": -5}


@pytest.mark.skipif(not has("soffice"), reason="LibreOffice (soffice) is not installed")
def test_a_libreoffice_saved_workbook_imports(events, tmp_path):
    event = events["threes-15"]
    path, outcomes = filled(event, tmp_path)
    out = tmp_path / "lo"
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "xlsx", "--outdir", str(out), str(path)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    report = run_session(event, out / "filled.xlsx", tmp_path / "res", publish=False)
    assert {s.player: [s.mp, s.max] for s in report.standings} == independent_ranking(event, outcomes)


@pytest.fixture(scope="module")
def published(events, tmp_path_factory):
    from prefprint.io.spec import parse_event

    base = tmp_path_factory.mktemp("published")
    source = open(events["club-night-20"].source, encoding="utf-8").read()
    source = source.replace('name = "Иванов Иван"', 'name = "<script>alert(1)</script>"').replace(
        'name = "Петров Пётр"', 'name = "=HYPERLINK(\\"http://x\\")"'
    )
    event = parse_event(source, "club-night-20.toml")
    path, _ = filled(event, base)
    return run_session(event, path, base / "site"), base / "site"


def test_published_site(published):
    report, site = published
    index = (site / "index.html").read_text(encoding="utf-8")
    assert index.count('<div class="bar">') == 20
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in index and "<script>alert" not in index
    for s in report.standings:
        assert f'href="players/player-{s.player}.html"' in index
    deal = (site / "deals" / "deal-1.html").read_text(encoding="utf-8")
    assert deal.count("<tr>") >= 5 and 'href="../index.html"' in deal
    player = (site / "players" / "player-1.html").read_text(encoding="utf-8")
    assert player.count('href="../deals/deal-') == 20  # he played every deal of the club night
    assert "&lt;script&gt;" in player


def test_published_pdf_and_workbook(published):
    from openpyxl import load_workbook
    from pypdf import PdfReader

    report, site = published
    reader = PdfReader(site / "results.pdf")
    texts = [page.extract_text() for page in reader.pages]
    for d in report.deals:  # every protocol printed, once
        assert sum(len(re.findall(rf"Протокол · Сдача {d.number}\b", t)) for t in texts) == 1, d.number
    first = " ".join(reader.pages[0].extract_text().split())
    assert span(report.standings[0].place) in first
    # the protocol pages hold every column: each row's line ends with the W player, whists and MP
    protocol = next(p for p in reader.pages if p.extract_text().startswith("Протокол"))
    lines = [" ".join(line.split()) for line in protocol.extract_text().splitlines()]
    deal = report.deals[0]
    for r in deal.results:
        line = next(x for x in lines if x.startswith(f"{r.round} {r.table} "))
        assert line.endswith(f"{r.players['W']} {str(r.whists['W']).replace('-', '−')} {r.mp['W']}"), line
    wb = load_workbook(site / "results.xlsx")
    ws = wb["Итоги"]
    names = [ws.cell(r, 3).value for r in range(4, 24)]
    assert '=HYPERLINK("http://x")' in names
    row = names.index('=HYPERLINK("http://x")') + 4
    assert ws.cell(row, 3).data_type == "s"
    assert len(wb.sheetnames) == 1 + len(report.deals)
    places = [ws.cell(r, 1) for r in range(4, 24)]  # "1" and "4–5" alike: text, centred
    assert [c.value for c in places] == [span(s.place) for s in report.standings]
    assert {(c.data_type, c.alignment.horizontal) for c in places} == {("s", "center")}
    deal = wb["Сдача 1"]  # printed as the kit's sheet: A4 landscape, as wide as the page, the header on every page
    setup = deal.page_setup
    assert (setup.orientation, setup.paperSize, setup.fitToWidth, setup.fitToHeight) == ("landscape", 9, 1, 0)
    assert deal.sheet_properties.pageSetUpPr.fitToPage and deal.print_title_rows == "$4:$5"
    event = report.event
    assert [c.value for c in deal[2]][:8] == ["Сдача", 1, "Комплект", event.deals[0].set, "Сдающий"] + [
        event.deals[0].dealer,
        "Статус",
        "сыграна",
    ]
    cell = deal.cell(6, 2)  # the table's number boxed apart from the contract beside it
    assert cell.border.right.style == "thin" and cell.alignment.horizontal == "center"


@pytest.mark.skipif(not has("chromium"), reason="chromium is not installed")
def test_site_renders_in_chromium_at_phone_and_desktop_width(published, tmp_path):
    _, site = published
    for width in (390, 1280):
        shot = tmp_path / f"index-{width}.png"
        subprocess.run(
            [
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={tmp_path / 'profile'}",
                f"--window-size={width},900",
                f"--screenshot={shot}",
                (site / "index.html").as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        assert shot.stat().st_size > 5000


def test_cli_results_exit_codes_and_json(events, tmp_path):
    event = events["book-scheme-12"]
    path, _ = filled(event, tmp_path)
    result = CliRunner().invoke(cli, ["results", event.source, str(path), "-o", str(tmp_path / "r"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    first = data["ranking"][0]
    assert set(first) == {"place", "player", "name", "mp", "max", "percent", "percent_text", "sessions"}
    assert first["sessions"] == [{k: first[k] for k in ("mp", "max", "percent", "percent_text")} | {"session": 1}]
    index = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert f"<b>{first['percent_text'].replace('.', ',')}</b>" in index  # as the pages print it
    assert len(data["ranking"]) == 12
    k, r, _ = _row(event, 1)
    bad, _ = filled(event, tmp_path / "bad", extra={k: {"contract": "11♠"}})
    result = CliRunner().invoke(cli, ["results", event.source, str(bad), "-o", str(tmp_path / "r2")])
    assert result.exit_code == 1
    assert f"  - 'Сдача 1'!C{r}: контракт «11♠»: уровни 6–10" in result.output
    assert result.output.startswith("Ошибка: ")
    result = CliRunner().invoke(cli, ["results", event.source, str(bad), "-o", str(tmp_path / "r2"), "--lang", "en"])
    assert result.exit_code == 1 and f"  - 'Сдача 1'!C{r}: contract \"11♠\": levels are 6–10" in result.output


def test_row_cells_round_trip_through_the_checker(events, tmp_path):
    """What sample fills write is what the checker reads back, for every kind of outcome."""
    from prefprint.engine.rules import Outcome

    event = events["threes-15"]
    deal = event.deals[0]
    cases = [
        Outcome.make(3, deal.dealer, "—", None, dict(zip(("N", "E", "S"), (2, 3, 5)))),
        Outcome.make(3, deal.dealer, "мизер", "E", {"E": 1}),
        Outcome.make(3, deal.dealer, "7♦", "S", {}, {"N": "pass", "E": "half"}),
    ]
    fills = {}
    for i, o in enumerate(cases):
        row = event.rows_of(deal)[i]
        fills[(deal.number, row.round, row.table)] = row_cells(event, o)
    assert len({c["contract"] for c in fills.values()}) == 3
    blank = write_protocol_workbook(event, tmp_path / "b.xlsx")
    others, _ = random_fills(event, 1)
    path = fill_workbook(blank, tmp_path / "f.xlsx", {**others, **fills})
    deals, problems, _ = check_workbook(event, read_protocol_workbook(path, event))
    assert problems == []
    standings, _ = score(event, deals)
    assert len(standings) == 15
    assert [r.contract.kind for r in deals[0].results[:3]] == ["allpass", "misere", "game"]
    data = ranking_json(run(one_session(event), [path], options=Options(publish=False)))  # what `results --json` prints
    assert [(r["player"], r["place"], r["max"]) for r in data["ranking"]] == [
        (s.player, span(s.place), s.max) for s in standings
    ]


def test_the_input_workbook_is_never_overwritten(events, tmp_path):
    event = events["club-night-20"]
    path, _ = filled(event, tmp_path)
    target = tmp_path / "results.xlsx"
    path.rename(target)
    before = target.read_bytes()
    with pytest.raises(OutputError) as e:
        run_session(event, target, tmp_path)
    assert e.value.text("en").startswith(f'the output folder "{tmp_path}')
    assert target.read_bytes() == before


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(st.lists(st.fractions(min_value=-300, max_value=300, max_denominator=6), min_size=1, max_size=30))
def test_matchpoints_sum_and_order(values):
    mps = matchpoint(values)
    n = len(values)
    assert sum(mps) == n * (n - 1)
    for a, b in zip(values, mps):
        for c, d in zip(values, mps):
            assert (a > c) == (b > d) or a == c


def test_an_adjusted_score_is_a_share_of_the_top(events, tmp_path):
    """ "корр" in the contract cell: the MP cells hold the awarded percentages."""
    event = events["club-night-20"]
    key, _, row = _row(event, 1)
    path, _ = filled(
        event, tmp_path, extra={key: {"contract": "корр", "N_mp": 60, "E_mp": "40%", "S_mp": 50, "W_mp": " 50 "}}
    )
    report = run_session(event, path, tmp_path / "out")
    deal = report.deals[0]
    adjusted = next(r for r in deal.results if r.adjusted)
    played = [r for r in deal.results if not r.adjusted]
    assert adjusted.top == 6  # four results were played: top 2·(4−1)
    assert adjusted.mp == {"N": Fraction(18, 5), "E": Fraction(12, 5), "S": 3, "W": 3}
    for seat in event.seats:
        assert sum(r.mp[seat] for r in played) == 4 * 3
    player = dict(row.seats)["N"]
    standing = next(s for s in report.standings if s.player == player)
    assert standing.max == 19 * 8 + 6
    page = (tmp_path / "out" / "deals" / "deal-1.html").read_text(encoding="utf-8")
    assert "корр." in page and "60%" in page and "3,6" in page
    bad, _ = filled(
        event, tmp_path / "bad", extra={key: {"contract": "корр", "N_mp": 120, "E_mp": None, "S_mp": 50, "W_mp": 50}}
    )
    with pytest.raises(WorkbookError) as e:
        run_session(event, bad, tmp_path / "out2")
    assert [p.text("en") for p in e.value.problems] == [
        f"'Сдача 1'!L{FIRST_ROW}: adjusted score for N: expected a percentage 0–100, found \"120\""
    ]


def _pdf_of_pages(n: int) -> bytes:
    import io

    from pypdf import PdfWriter

    w = PdfWriter()
    for i in range(n):
        w.add_blank_page(10 + i, 10)
    out = io.BytesIO()
    w.write(out)
    return out.getvalue()


def test_site_first_then_pdf_and_only_changed_parts_rendered(events, tmp_path, monkeypatch):
    """The site is swapped in whole before the PDF (a reader never sees a half-written folder); a re-publish
    renders only the PDF parts whose HTML changed, hard-links unchanged pages, and the PDF keeps every part."""
    from pypdf import PdfReader

    import prefprint.app.publish.pdf

    rendered = []

    def render(documents, jobs=None, progress=None, while_waiting=None, pool=None):
        if while_waiting:
            while_waiting()
        rendered.append(len(documents))
        return {name: _pdf_of_pages(2) for name in documents}

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_pdfs", render)
    monkeypatch.setattr(prefprint.app.publish.pdf, "render_processes", no_render_processes)
    event = events["club-night-20"]
    path, _ = filled(event, tmp_path)
    out = tmp_path / "site"
    seen = []

    def site_ready(index):
        seen.append(
            (
                index.is_file(),
                (out / "results.pdf").exists(),
                (out / "results.xlsx").exists(),
                json.loads((out / ".prefprint").read_text())["state"],
            )
        )

    run_session(event, path, out, site_ready=site_ready)
    assert seen == [(True, False, False, "done")]  # the site whole, its PDF and workbook not yet
    parts = len(prefprint.app.publish.pdf_parts(run_session(event, path, tmp_path / "x", publish=False)))
    assert rendered == [parts]
    assert len(PdfReader(out / "results.pdf").pages) == 2 * parts
    page = out / "deals" / "deal-1.html"
    inode = page.stat().st_ino
    run_session(event, path, out)  # the same rows again: nothing to render, every page linked
    assert rendered == [parts]
    assert page.stat().st_ino == inode
    assert len(PdfReader(out / "results.pdf").pages) == 2 * parts
    # one row changed: the pages and parts that show it are made again, the rest are kept
    before, other = random_fills(event, 3)[0], random_fills(event, 4)[0]
    k = next(key for key in sorted(before) if other.get(key) != before[key])
    changed, _ = filled(event, tmp_path / "changed", extra={k: other[k]})
    run_session(event, changed, out)
    assert 0 < rendered[-1] < parts
    assert len(PdfReader(out / "results.pdf").pages) == 2 * parts
    assert (out / f"deals/deal-{k[0]}.html").stat().st_ino != inode or k[0] != 1
    run_session(event, changed, out, pdf=False)
    assert (out / "index.html").is_file() and (out / "results.xlsx").is_file() and not (out / "results.pdf").exists()


def test_a_kept_workbook_is_read_once_while_it_stays_the_same(tmp_path, monkeypatch):
    import shutil

    from prefprint.app import results
    from prefprint.app.memo import Memo
    from prefprint.io.spec import load_event
    from prefprint.io.workbook import write_protocol_workbook

    event = load_event(ROOT / "sample_events" / "club-night-20.toml")
    book = tmp_path / "filled.xlsx"
    shutil.copy(ROOT / "sample_events" / "club-night-20-filled.xlsx", book)
    reads = []
    real = results.read_entries
    monkeypatch.setattr(results, "read_entries", lambda p, e: reads.append(p) or real(p, e))
    memo = Memo()
    first = results.checked_session(event, book, None, None, False, memo)
    again = results.checked_session(event, book, None, None, False, memo)
    assert len(reads) == 1 and again[2].deals == first[2].deals and again[2] is not first[2]
    again[2].deals.clear()  # a copy: what the next run gets is untouched
    assert results.checked_session(event, book, None, None, False, memo)[2].deals == first[2].deals
    assert len(reads) == 1
    results.checked_session(event, book, None, None, True, memo)  # another mode: read again
    assert len(reads) == 2
    write_protocol_workbook(event, tmp_path / "blank.xlsx")
    shutil.copy(tmp_path / "blank.xlsx", book)  # the workbook changed: read again
    assert results.checked_session(event, book, None, None, True, memo)[2].deals != first[2].deals
    assert len(reads) == 3
    results.checked_session(event, book, None, None, True)  # no memo: read every time
    assert len(reads) == 4
    entries = real(book, event)  # what was entered, not a file: kept by what it holds
    results.checked_session(event, entries, None, None, True, memo)
    results.checked_session(event, real(book, event), None, None, True, memo)
    assert len(memo.checked) == 4 and len(reads) == 4


def test_a_provisional_run_of_a_complete_workbook_is_the_final_run_when_asked(events, tmp_path):
    event = events["club-night-20"]
    complete, _ = filled(event, tmp_path)

    def ranking(workbook, **kw) -> tuple:
        report = run(one_session(event), [workbook], options=Options(publish=False, **kw))
        shown = {k: v for k, v in ranking_json(report).items() if k != "generated_at"}
        return [r.provisional for r in report.reports], shown

    final = ranking(complete)
    assert final[0] == [False] and "provisional" not in final[1]
    assert ranking(complete, provisional=True, final_when_complete=True) == final
    assert ranking(complete, provisional=True)[0] == [True]  # without being asked it stays provisional

    key, _, _ = _row(event, 3)
    blank_row = {c: None for c in COLUMNS if c not in ("round", "table")}
    missing = fill_workbook(complete, tmp_path / "missing.xlsx", {key: blank_row})
    provisional, shown = ranking(missing, provisional=True, final_when_complete=True)
    assert provisional == [True] and shown["provisional"]


def test_a_score_card_names_the_room_where_the_event_has_several(events, tmp_path):
    """«Тур 1 · стол 5 · комната 2 · N», as the table card names it; with one room, no room."""
    from prefprint.app.publish import site_pages

    for stem, rooms in (("rooms-26", True), ("club-night-20", False)):
        event = events[stem]
        path, _ = filled(event, tmp_path / stem)
        report = run_session(event, path, None, publish=False)
        card = dict(site_pages(report))["players/player-1.html"]
        table = next(t.table for r in event.movement.rounds for t in r.tables if 1 in dict(t.seats).values())
        room = f" · комната {event.movement.room_of_table(table)}" if rooms else ""
        assert f"стол {table}</a>{room} · " in card, stem


def test_results_xlsx_writes_a_row_as_the_site_shows_it_not_as_typed(events, tmp_path):
    """Seats typed in Cyrillic («е», «ю ») and « ПАС » are written E, S and «пас» in results.xlsx, as on the site
    (an English event's workbook typed in Russian: «pass»)."""
    from dataclasses import replace

    from openpyxl import load_workbook

    from prefprint.app.publish import publish_workbook
    from prefprint.io.workbook import COL, sheet_name

    key, r, row = _row(events["club-night-20"], 1)
    loose = {"contract": " 6 S ", "decl_seat": "е", "decl_tricks": " 6", "w1_seat": "ю ", "w1_tricks": "4"}
    loose |= {"w2_seat": "з", "w2_tricks": " ПАС ", "N_whists": None, "E_whists": None, "S_whists": None}
    for lang, pas in (("ru", "пас"), ("en", "pass")):
        event = replace(events["club-night-20"], language=lang)
        path, _ = filled(events["club-night-20"], tmp_path / lang, extra={key: loose | {"W_whists": None}})
        report = run_session(event, path, None, publish=False)
        [written] = publish_workbook(report, tmp_path / lang)
        sheet = load_workbook(written)[sheet_name(lang, 1)]
        cells = [sheet.cell(r, COL[c]).value for c in ("decl_seat", "decl_tricks", "w1_seat", "w1_tricks", "w2_seat")]
        assert cells + [sheet.cell(r, COL["w2_tricks"]).value] == ["E", 6, "S", 4, "W", pas], lang
