"""A competition of several sessions: workbooks paired with sessions, one ranking over all protocols."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import SAMPLES
from helpers import independent_ranking, run_session
from openpyxl import load_workbook

from prefprint.app.competition import combine, identify
from prefprint.engine.fills import random_fills
from prefprint.errors import WorkbookError
from prefprint.io.spec import load_competition, parse_competition
from prefprint.io.workbook import fill_workbook, write_protocol_workbook


@pytest.fixture(scope="module")
def cup():
    return load_competition(SAMPLES / "cup-52.toml")


@pytest.fixture(scope="module")
def filled_cup(cup, tmp_path_factory):
    """Both sessions' workbooks, filled with realistic outcomes, and those outcomes."""
    base = tmp_path_factory.mktemp("cup")
    paths, outcomes = [], []
    for event in cup.sessions:
        blank = write_protocol_workbook(event, base / f"blank-{event.session}.xlsx")
        fills, out = random_fills(event, seed=event.session)
        paths.append(fill_workbook(blank, base / f"s{event.session}.xlsx", fills))
        outcomes.append(out)
    return paths, outcomes


def test_the_combined_ranking_equals_an_independent_count_over_all_protocols(cup, filled_cup, tmp_path):
    paths, outcomes = filled_cup
    pairs, warnings = identify(cup, paths)
    assert not warnings and [e.session for e, _ in pairs] == [1, 2]
    reports = [run_session(event, path, tmp_path / f"s{event.session}", publish=False) for event, path in pairs]
    report = combine(cup, reports)
    expected = {}
    for event, out in zip(cup.sessions, outcomes):
        for player, (mp, top) in independent_ranking(event, out).items():
            t = expected.setdefault(player, [0, 0])
            t[0] += mp
            t[1] += top
    assert {s.player: [s.mp, s.max] for s in report.standings} == expected
    ratios = [Fraction(s.mp, s.max) for s in report.standings]
    assert ratios == sorted(ratios, reverse=True)
    absent = 17  # plays session 1 only: his percentage is over the protocols he played
    assert [t.session for t in report.sessions_of[absent]] == [1]
    assert [t.session for t in report.sessions_of[1]] == [1, 2]


def test_after_the_first_session_the_ranking_is_over_it_alone(cup, filled_cup, tmp_path):
    paths, _ = filled_cup
    pairs, _ = identify(cup, paths[:1])
    report = combine(cup, [run_session(pairs[0][0], pairs[0][1], tmp_path, publish=False)])
    assert {s.player: (s.mp, s.max) for s in report.standings} == {
        s.player: (s.mp, s.max) for s in report.reports[0].standings
    }


def _refusal(cup, paths):
    with pytest.raises(WorkbookError) as e:
        identify(cup, paths)
    assert len(e.value.problems) == 1
    return e.value.problems[0].text("en"), e.value.problems[0].text("ru")


def test_a_workbook_of_another_session_event_or_spec_is_refused_in_one_line(cup, filled_cup, events, tmp_path):
    from prefprint.errors import PrefprintError, WorkbooksError

    s1, s2 = filled_cup[0]
    with pytest.raises(WorkbooksError) as e:  # swapped: both places said, with the remedy
        identify(cup, [s2, s1])
    assert [p.text("ru") for p in e.value.problems] == [
        "этот файл — книга сессии 2, а на месте 1 ожидается сессия 1; книга сессии 1 стоит на месте 2 — "
        "поменяйте их местами",
        "этот файл — книга сессии 1, а на месте 2 ожидается сессия 2; книга сессии 2 стоит на месте 1 — "
        "поменяйте их местами",
    ]
    assert [str(err.path) for err in e.value.errors] == [str(s2), str(s1)]
    en, ru = _refusal(cup, [s1, s1])
    assert en == "this file is given twice: at place 2 and at place 1"
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(s1.read_bytes())
    assert _refusal(cup, [s1, copy])[1] == "книга сессии 1 указана дважды: эта — ещё одна её копия"
    en, ru = _refusal(cup, [s2])
    assert en.startswith("this is the workbook of session 2; place 1 expects session 1 (give the workbooks")
    other = write_protocol_workbook(events["club-night-20"], tmp_path / "other.xlsx")
    assert _refusal(cup, [other])[0].startswith('a protocol workbook of another event: "Клубный вечер')
    changed = parse_competition(open(cup.source, encoding="utf-8").read().replace("seed = 8517203946611", "seed = 1"))
    assert _refusal(changed, [s1])[0].startswith("the workbook was printed for another movement or other deals")
    # renamed since printing: refused (last week's workbook of a club night dealt at the table has the same
    # movement and no hands, the same fingerprint), with the way back
    renamed = parse_competition(open(cup.source, encoding="utf-8").read().replace(cup.title, cup.title + " (весна)"))
    assert _refusal(renamed, [s1])[1].endswith(
        "если турнир только переименован после печати, верните в описании турнира прежнее название"
    )
    with pytest.raises(PrefprintError) as e:  # too many: the command line is wrong, no file is blamed
        identify(cup, [s1, s2, s1])
    assert e.value.exit_code == 2 and e.value.text("en") == "3 protocol workbooks, but the event has 2 sessions"


SMALL = """
[event]
title = "Малый кубок"
date = 2026-12-05

[game]
variant = "sochi"
deals_per_set = 2

[[sessions]]
rounds = 2

[[sessions]]
rounds = 2
absent = [9]
""" + "".join(f'\n[[players]]\nnumber = {i}\nname = "Игрок <{i}>"\n' for i in range(1, 10))


def test_results_of_two_sessions_publish_one_ranking_and_a_site_per_session(tmp_path):
    import json

    from click.testing import CliRunner

    from prefprint.cli.main import cli

    spec = tmp_path / "small.toml"
    spec.write_text(SMALL.replace("rounds = 2\nabsent", 'title = "Финал"\nrounds = 2\nabsent'), encoding="utf-8")
    comp = load_competition(spec)
    books = []
    for event in comp.sessions:
        blank = write_protocol_workbook(event, tmp_path / f"blank{event.session}.xlsx")
        books.append(str(fill_workbook(blank, tmp_path / f"s{event.session}.xlsx", random_fills(event, 5)[0])))
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["results", str(spec), *books, "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    ranking = json.loads(result.stdout)["ranking"]
    absent = next(r for r in ranking if r["player"] == 9)
    assert [s["session"] for s in absent["sessions"]] == [1]
    assert all(len(r["sessions"]) == 2 for r in ranking if r["player"] != 9)
    assert {p.name for p in out.iterdir()} >= {"index.html", "results.pdf", "results.xlsx", "session-1", "session-2"}
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Игрок &lt;1&gt;" in index and "session-2/index.html" in index and "не участвует" in index
    assert (out / "session-2" / "players" / "player-1.html").is_file()
    assert 'href="session-1/index.html">Сессия 1</a>' in index and 'href="session-2/index.html">Финал</a>' in index
    assert re.search(r"nav\.site a\s*\{[^}]*margin", index) is None  # " · " alone spaces the links, evenly
    for page, up in (
        ("index.html", "../index.html"),
        ("players/player-1.html", "../../index.html"),
        ("deals/deal-1.html", "../../index.html"),
        ("tables/table-1.html", "../../index.html"),
    ):
        text = (out / "session-2" / page).read_text(encoding="utf-8")
        assert f'<a class="up" href="{up}">Итоги турнира</a>' in text, page  # back to the overall ranking
        assert "Финал" in text.split("</nav>")[0], page  # the session named where the page begins
    assert "<h1>Итоги · Финал</h1>" in (out / "session-2" / "index.html").read_text(encoding="utf-8")
    assert "Не участвует в этой сессии: 9 Игрок &lt;9&gt;" in (out / "session-2" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "9 Игрок &lt;9&gt;" not in (out / "session-1" / "index.html").read_text(encoding="utf-8")
    # the files beside the site are linked from its rankings
    for page in (index, (out / "session-1" / "index.html").read_text(encoding="utf-8")):
        assert '<a href="results.pdf" download>results.pdf</a> · <a href="results.xlsx" download>' in page
    # each session's maximum beside its matchpoints, so a total can be checked; on a phone, where the sessions'
    # columns are hidden, a line a session under the name, the absence too
    first = {t["session"]: t for t in next(r for r in ranking if r["player"] == 1)["sessions"]}
    assert f'player-1.html">{first[1]["mp"]}</a><span class="muted"> / {first[1]["max"]}</span>' in index
    narrow = re.findall(r'<div class="show-narrow small muted">(.*?)</div>', index, re.S)
    assert len(narrow) == 2 * len(ranking) and sum("не участвует" in line for line in narrow) == 1
    # a session's score card says its place is the session's, and links to the player's other cards
    card = (out / "session-2" / "players" / "player-1.html").read_text(encoding="utf-8")
    assert "Место в сессии" in card and 'href="../../session-1/players/player-1.html">Сессия 1</a>' in card
    absent_card = (out / "session-1" / "players" / "player-9.html").read_text(encoding="utf-8")
    assert "Финал — не участвует" in absent_card and "session-2/players/player-9.html" not in absent_card
    deal = (out / "session-2" / "deals" / "deal-2.html").read_text(encoding="utf-8")
    assert ">←&nbsp;1</a>" in deal and ">3&nbsp;→</a>" in deal  # never wraps between the arrow and the number
    ws = load_workbook(out / "results.xlsx")["Итоги"]
    groups = [c.value for c in ws[3]]
    assert groups[3:] == ["Сессия 1", None, None, "Сессия 2", None, None, "Итого", None, None]
    assert [c.value for c in ws[4]][3:] == ["МП", "Макс", "%"] * 3
    row = next(r for r in ws.iter_rows(min_row=5, values_only=True) if r[1] == 9)
    assert row[6] == "не участвует" and row[3] is not None and row[9] is not None
    swapped = CliRunner().invoke(cli, ["results", str(spec), *reversed(books), "-o", str(out)])
    assert (
        swapped.exit_code == 1 and "ожидается сессия 1" in swapped.output and "поменяйте их местами" in swapped.output
    )
    assert len([line for line in swapped.output.splitlines() if line.startswith("  - ")]) == 2  # one a workbook


def test_the_kit_of_two_sessions_dealt_at_the_table(tmp_path):
    from prefprint.app.kit import write_competition_kit

    spec = SMALL.replace("deals_per_set = 2", 'deals_per_set = 2\n\n[deals]\nsource = "table"').replace(
        "rounds = 2", "rounds = 3"
    ) + "".join(f'\n[[players]]\nnumber = {i}\nname = "Игрок {i}"\n' for i in range(10, 21))
    comp = parse_competition(spec, tmp_path / "cup.toml")
    written = write_competition_kit(comp, tmp_path / "kit")
    names = {p.relative_to(tmp_path / "kit").as_posix() for p in written}
    assert {"index.html", "start-list.pdf", "session-1/protocols.pdf", "session-2/protocols.xlsx"} <= names
    assert not any(n.endswith("deals.pdf") for n in names)  # the first table deals: no hand records
    protocols = (tmp_path / "kit" / "session-2" / "protocols.html").read_text(encoding="utf-8")
    assert "Малый кубок · Сессия 2" in protocols
    start = (tmp_path / "kit" / "start-list.html").read_text(encoding="utf-8")
    assert start.count("не играет") == 1 and ">Сессия 2<" in start  # player 9 sits out session 2
    index = (tmp_path / "kit" / "index.html").read_text(encoding="utf-8")
    assert 'href="session-2/index.html"' in index and 'href="start-list.pdf"' in index


def test_the_start_list_of_a_competition_has_a_room_column_only_where_a_session_has_rooms(cup):
    from weasyprint import HTML

    from prefprint.io.render import html
    from prefprint.views.documents import start_list_context

    first = replace(cup.sessions[0], players=cup.players, session_count=1)  # as the kit lists everyone
    ctx = start_list_context(first, [(e.session_title, e) for e in cup.sessions])
    assert ctx["rooms"] == [False, True]  # session 1 is one field; session 2 plays in the rooms of the lines
    text = html("start_list.html", "ru", event=first, **ctx)
    assert text.count(">Комната<") == len(ctx["pages"])  # one room column a page, session 2's
    doc = HTML(string=text).render()
    assert len(doc.pages) == len(ctx["pages"]) == 2  # rows as planned: no name wraps a row onto another page
    # every row whole on one page: each player's number stands once, on the page of his name
    for page in doc.pages:
        lines = [box for box in _boxes(page._page_box) if getattr(box, "element_tag", "") == "tr"]
        assert lines  # the rows were found: the check below looks at something
        assert all(box.position_y + box.height <= page.height for box in lines)


def _boxes(box):
    yield box
    for child in getattr(box, "children", ()):
        yield from _boxes(child)


def test_provisional_results_of_a_competition_say_so_on_every_page_pdf_and_sheet(tmp_path):
    from click.testing import CliRunner
    from pypdf import PdfReader

    from prefprint.cli.main import cli

    spec = tmp_path / "small.toml"
    spec.write_text(SMALL, encoding="utf-8")
    event = load_competition(spec).sessions[0]
    blank = write_protocol_workbook(event, tmp_path / "blank.xlsx")
    fills = {k: v for k, v in random_fills(event, 5)[0].items() if k[0] <= 2}
    book = fill_workbook(blank, tmp_path / "s1.xlsx", fills)
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["results", str(spec), str(book), "-o", str(out), "--provisional"])
    assert result.exit_code == 0, result.output
    said = re.compile(r"Предварительные итоги на \d{1,2} [а-я]+ \d{4}\s?г\., \d\d:\d\d\. Сессия 1: Ещё не подсчитан")
    assert said.search((out / "index.html").read_text(encoding="utf-8"))
    pdf = [page.extract_text() for page in PdfReader(out / "results.pdf").pages]
    assert all("Предварительные итоги на" in page for page in pdf), pdf
    assert said.search(" ".join(pdf[0].split()))
    for folder in (out, out / "session-1"):
        for ws in load_workbook(folder / "results.xlsx"):
            assert any(
                str(c.value or "").startswith("Предварительные итоги на") for r in ws.iter_rows(max_row=3) for c in r
            ), (folder, ws.title)


def test_a_club_evening_of_two_sessions_links_home_from_every_page(tmp_path):
    from click.testing import CliRunner

    from prefprint.cli.main import cli

    (tmp_path / "club.toml").write_text('[club]\ntitle = "Клуб «Пуля»"\nevents = ["site"]\n', encoding="utf-8")
    spec = tmp_path / "small.toml"
    spec.write_text(SMALL + '\n[publish]\nclub = "club.toml"\n', encoding="utf-8")
    books = []
    for event in load_competition(spec).sessions:
        blank = write_protocol_workbook(event, tmp_path / f"blank{event.session}.xlsx")
        books.append(str(fill_workbook(blank, tmp_path / f"s{event.session}.xlsx", random_fills(event, 5)[0])))
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["results", str(spec), *books, "-o", str(out), "--no-pdf"])
    assert result.exit_code == 0, result.output
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:  # the club's home two folders above the results' top, evenings/<date>-<name>/
        up = "../" * len(page.relative_to(out).parts[:-1])
        assert f'<a class="home" href="{up}../../index.html">Клуб «Пуля»</a>' in page.read_text(encoding="utf-8"), page
