"""Published results and the documents players read: score cards, protocols with names and
results by line, table pages, QR codes, the wall start list, Russian plurals, phone widths."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from conftest import ESCAPED, HOSTILE, SAMPLES, URL, has, text_of_page
from helpers import boxes_past, in_chromium, run_session

from prefprint.app.kit import document_html, documents_of
from prefprint.app.publish import FORK_PAGES, built
from prefprint.engine.fills import random_fills
from prefprint.io.pool import FORKS
from prefprint.io.render import html, language_environment, qr_svg
from prefprint.io.spec import parse_event
from prefprint.io.workbook import fill_workbook, write_protocol_workbook
from prefprint.movement import TablePlay
from prefprint.views.documents import PLAYER_PAGE, TABLE_PAGE, protocol_sheets, site_url, start_list_context
from prefprint.words.i18n import FORMS
from prefprint.words.messages import Message, plural


def test_every_page_shows_names_as_text(site):
    report, out = site
    pages = [
        out / "index.html",
        out / PLAYER_PAGE.format(n=1),
        out / PLAYER_PAGE.format(n=2),
        out / "deals" / "deal-1.html",
        out / TABLE_PAGE.format(n=1),
    ]
    for page in pages:
        text = text_of_page(page)
        assert HOSTILE not in text, page.name
        assert ESCAPED in text, page.name
    every = list(out.rglob("*.html"))
    assert len(every) > len(report.deals) + len(report.event.players)  # every page of the site, not none
    for page in every:
        assert HOSTILE not in text_of_page(page), page


def test_results_pdf_holds_ranking_cards_and_protocols_unbroken(site):
    from pypdf import PdfReader

    report, out = site
    reader = PdfReader(out / "results.pdf")
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert all(round(float(p.mediabox.width)) == 595 and round(float(p.mediabox.height)) == 842 for p in reader.pages)
    cards = [t for t in texts if t.startswith("Карточки игроков")]
    assert len(cards) == 5  # 20 players, four short cards a page
    for p in report.event.players:
        assert any(f"№ {p.number} {p.name}" in t for t in cards), p.number
    protocols = [t for t in texts if t.startswith("Протокол")]
    assert len(protocols) <= (len(report.deals) + 1) // 2  # two protocols or more to a page
    for d in report.deals:  # each whole on one page: its heading and its legend together
        heading = f"Протокол · Сдача {d.number} "
        pages = [t for t in protocols if heading in t]
        assert len(pages) == 1, d.number
        rest = pages[0].split(heading, 1)[1].split("Протокол · Сдача", 1)[0]
        assert "Контракт" in rest and "Контра кт" not in rest and "Играющ., 1-й вист." in rest, d.number
    spoiled = next(t for t in protocols if "Протокол · Сдача 5 " in t).split("Протокол · Сдача 5 ", 1)[1]
    assert spoiled.split("Протокол · Сдача", 1)[0].count("испорчена") == 1  # said once for the deal


@pytest.mark.skipif(not has("chromium"), reason="chromium is not installed")
def test_site_fits_a_phone_without_sideways_scrolling(site, tmp_path):
    """At 390 px the ranking and score cards fit; protocol tables scroll inside their own box."""
    _, out = site
    pages = {
        "index.html": 390,
        PLAYER_PAGE.format(n=1): 390,
        PLAYER_PAGE.format(n=12): 390,
        "deals/deal-1.html": 390,
        TABLE_PAGE.format(n=1): 390,
        "deals/deal-3.html": 1280,
    }
    over = in_chromium(out, pages)
    for page, value in over.items():
        page_over, box_over = map(int, value.split())
        assert page_over <= 0, (page, value)  # the page itself never scrolls sideways
        if not page.startswith("deals/") and not page.startswith("tables/") or page == "deals/deal-3.html":
            assert box_over <= 0, (page, value)  # nor does anything in it (protocols may, on a phone)


def test_qr_codes_point_at_the_published_pages(site):
    report, out = site
    event = report.event
    cards = document_html(event, "table-cards")
    strips = document_html(event, "itineraries")
    assert cards.count("<svg viewBox=") == event.movement.tables
    assert strips.count("<svg viewBox=") == len(event.players)
    for table in (1, 5):
        url = site_url(event, TABLE_PAGE, table)
        assert url == f"{URL}tables/table-{table}.html" and str(qr_svg(url)) in cards
        assert (out / url[len(URL) :]).is_file()
    url = site_url(event, PLAYER_PAGE, 20)
    assert str(qr_svg(url)) in strips and (out / url[len(URL) :]).is_file()
    plain = parse_event((SAMPLES / "club-night-20.toml").read_text(encoding="utf-8"), "c.toml")
    assert "<svg" not in document_html(plain, "table-cards") + document_html(plain, "itineraries")


def test_start_list_is_alphabetical_with_round_one_seats(events):
    event = events["rooms-26"]
    ctx = start_list_context(event)
    entries = [e for page in ctx["pages"] for column in page for e in column]
    names = [e["player"].name for e in entries]
    assert sorted(p.name for p in event.players) == sorted(names) and len(names) == len(event.players)
    keys = [n.casefold().replace("ё", "е") for n in names]
    assert keys == sorted(keys)
    round1 = {p: (t.table, s) for t in event.movement.rounds[0].tables for s, p in t.seats}
    for e in entries:
        r, table, seat, _ = e["at"][0]
        if e["player"].number in round1:
            assert r == 1 and (table, seat) == round1[e["player"].number]
        else:
            assert r > 1  # rests in round 1
    text = document_html(event, "start-list")
    assert "Стартовый лист" in text and ctx["rooms"] and "Комната" in text


def test_two_sessions_get_a_column_group_each(events):
    event = events["club-night-20"]
    ctx = start_list_context(event, [("Сессия 1", event), ("Сессия 2", event)])
    text = html("start_list.html", "ru", event=event, **ctx)
    # one list a page, so that the name keeps its width beside two column groups
    assert len(ctx["pages"]) == 1 and len(ctx["pages"][0]) == 1
    assert text.count(">Сессия 1<") == text.count(">Сессия 2<") == 1


@dataclass(frozen=True)
class CopyPlay(TablePlay):
    copy: int = 1


def test_one_protocol_per_copy_of_a_set(events):
    event = events["club-night-20"]
    rounds = tuple(
        replace(r, tables=tuple(CopyPlay(t.table, t.room, t.set, t.seats, 1 + (t.table > 2)) for t in r.tables))
        for r in event.movement.rounds
    )
    copied = replace(event, movement=replace(event.movement, rounds=rounds))
    sheets = protocol_sheets(copied)
    assert len(sheets) == 2 * len(event.deals)
    for sheet in sheets:
        assert sheet["copies"] == 2
        assert all((row.table > 2) == (sheet["copy_no"] == 2) for row in sheet["rows"])
    text = document_html(copied, "protocols")
    assert text.count("копия 2 из 2") == len(event.deals)
    assert len(protocol_sheets(event)) == len(event.deals)


@pytest.mark.parametrize("n", [1, 2, 5, 11, 21, 22, 25, 111])
def test_counted_words_in_templates(n):
    env = language_environment("ru")
    for key in FORMS.values():
        text = env.from_string("{{ n|counted(key) }}").render(n=n, key=key)
        assert text == f"{n} {plural(n, key)}"
        assert env.from_string("{{ ngettext(key, key, n) }}").render(n=n, key=key) == plural(n, key)
    assert env.from_string('{{ n|counted("count.deal") }}').render(n=n) == f"{n} " + {
        1: "сдача",
        21: "сдача",
        2: "сдачи",
        22: "сдачи",
    }.get(n, "сдач")
    assert language_environment("en").from_string('{{ n|counted("count.deal") }}').render(n=n) == f"{n} deal" + (
        "" if n == 1 else "s"
    )


def _visible_text(text: str) -> str:
    import html as entities

    text = re.sub(r"<(style|script|svg)\b.*?</\1>", " ", text, flags=re.S)
    return entities.unescape(re.sub(r"<[^>]+>", " ", text)).replace(HOSTILE, " ")


def _russian_pages(events, site):
    report, out = site
    for stem in ("club-night-20", "threes-15", "rooms-26"):
        for name in ("table-cards", "director", "itineraries", "start-list", "protocols", "deals"):
            part = slice(0, 2) if name in ("table-cards", "itineraries", "protocols") else None
            yield f"{stem}/{name}", document_html(events[stem], name, part)
    for page in ("index.html", PLAYER_PAGE.format(n=3), "deals/deal-1.html", TABLE_PAGE.format(n=2)):
        yield page, text_of_page(out / page)
    # the whole kit and the whole results (site and print) of the club night, every document of it
    from prefprint.app.publish import pdf_parts
    from prefprint.app.publish.site import _site_pages

    event = events["club-night-20"]
    for name in documents_of(event):
        if name != "protocols.xlsx":
            yield f"kit/{name}", document_html(event, name)
    yield "kit/index", html("kit_index.html", "ru", event=event, docs=[], print_all="print-all")
    for rel, page in _site_pages(report):
        yield f"results/{rel}", page
    for i, part in enumerate(pdf_parts(report)):
        yield f"results.pdf/{i}", part


def test_russian_counts_agree_with_their_numbers(events, site):
    words = {plural(n, key): key for key in FORMS.values() for n in (1, 2, 5)}
    pattern = re.compile(r"(\d+)[ \u00a0](" + "|".join(sorted(words, key=len, reverse=True)) + r")\b")
    seen = 0
    for name, text in _russian_pages(events, site):
        for n, word in pattern.findall(_visible_text(text)):
            seen += 1
            assert plural(int(n), words[word]) == word, (name, n, word)
    assert seen > 20


def test_no_english_word_in_a_russian_document(events, site):
    allowed = {"PDF", "HTML", "Excel"}
    for name, text in _russian_pages(events, site):
        visible = re.sub(r"[\w.-]+\.(?:xlsx|pdf|html)\b", " ", _visible_text(text))  # a file's name is no word
        visible = re.sub(r"https?://\S+", " ", visible)  # nor the site's address
        english = set(re.findall(r"\b[A-Za-z]{2,}\b", visible)) - allowed
        assert not english, (name, english)


def test_tables_of_3_name_only_their_seats(events):
    event = events["threes-15"]
    for name in ("table-cards", "itineraries", "start-list"):
        # the talon's pocket of a 3-handed box is W (the box procedure says so); no seat is
        text = _visible_text(document_html(event, name)).replace("в кармане W", "").replace("в карман W", "")
        assert not re.search(r"\bW\b", text), name
        assert re.search(r"→ \d+[NES]\b", text) or name != "table-cards"
    assert "dealer" not in document_html(event, "protocols") + document_html(event, "deals")


def test_the_site_shows_the_talon_of_a_table_of_3_as_the_talon(events, tmp_path):
    """A deal page of tables of 3 heads the talon's pocket «Прикуп», not «W» (the box's pocket that holds it)."""
    event = events["threes-15"]
    blank = write_protocol_workbook(event, tmp_path / "protocols.xlsx")
    fills, _ = random_fills(event, 3)
    run_session(event, fill_workbook(blank, tmp_path / "filled.xlsx", fills), tmp_path / "out", pdf=False)
    page = (tmp_path / "out" / "deals" / "deal-1.html").read_text(encoding="utf-8")
    heads = re.findall(r'<div class="hand (\w)( talon)?"><div class="who">([^<]*)</div>', page)
    assert [(seat, talon, head.split(" ·")[0]) for seat, talon, head in heads] == [
        ("n", "", "N"),
        ("w", " talon", "Прикуп"),
        ("e", "", "E"),
        ("s", "", "S"),
    ]


def test_symbols_are_explained_on_the_sheet_that_uses_them(events):
    from prefprint.views.documents import deals_context

    event = events["club-night-20"]
    cards = document_html(event, "table-cards")
    assert cards.count("■ — сессия окончена") == cards.count('class="card') == event.movement.tables
    voids = 0
    for stem in ("club-night-20", "open-100"):
        event = events[stem]
        views = deals_context(event)["views"]
        voids += sum(v["void"] for v in views)
        legend = "«—» в руке: карт этой масти нет"
        assert (legend in document_html(event, "deals")) == any(v["void"] for v in views)
        protocols = document_html(event, "protocols")
        assert protocols.count(legend) == sum(v["void"] for v in views)
    assert voids  # some deal has a void: the check above has something to check


def test_the_deal_seed_is_never_printed(events):
    for event in events.values():
        for name in ("director", "deals", "protocols", "table-cards"):
            assert str(event.seed) not in _visible_text(document_html(event, name)), (event.stem, name)


def test_bleed_only_on_request(events):
    import io

    from pypdf import PdfReader

    from prefprint.io.render import pdf_bytes

    event = events["club-night-20"]
    plain = PdfReader(io.BytesIO(pdf_bytes(document_html(event, "itineraries", slice(0, 2)))))
    bled = PdfReader(io.BytesIO(pdf_bytes(document_html(replace(event, bleed=True), "itineraries", slice(0, 2)))))
    size = lambda box: [round(float(box.width)), round(float(box.height))]  # noqa: E731
    assert size(plain.pages[0].mediabox) == [595, 842]
    assert size(bled.pages[0].mediabox) == [612, 859]  # + 3 mm each side
    assert size(bled.pages[0].trimbox) == [595, 842]


def test_new_documents_stay_inside_the_page(site):
    from prefprint.app.publish import pdf_parts

    report, _ = site
    event = report.event
    for name in ("table-cards", "itineraries", "start-list", "protocols"):
        part = slice(0, 3) if name != "start-list" else None
        text = document_html(event, name, part)
        right, bottom, pages = boxes_past(text)
        assert right <= 0.5 and bottom <= 0.5, (name, right, bottom)
        if name == "protocols":  # a page a section: nothing spills over
            assert pages == text.count("<section"), pages
    parts = pdf_parts(report)
    for i in (0, 1, len(parts) - 1):  # the ranking, the score cards, protocols
        right, bottom, pages = boxes_past(parts[i])
        assert right <= 0.5 and bottom <= 0.5, (i, right, bottom)
        protocols = parts[i].count('<div class="pdeal">')
        if protocols:  # protocols follow one another, two or more to a page
            assert pages <= (protocols + 1) // 2, (i, pages, protocols)
        else:
            assert i == 0 or pages == parts[i].count("<section"), (i, pages)


def test_english_site_and_pdf_pages(events, tmp_path):
    from prefprint.app.publish import pdf_parts
    from prefprint.app.publish.site import _site_pages

    source = (SAMPLES / "book-scheme-12.toml").read_text(encoding="utf-8").replace('language = "ru"', 'language = "en"')
    event = parse_event(source, "en.toml")
    blank = write_protocol_workbook(event, tmp_path / "p.xlsx")
    fills, _ = random_fills(event, 2)
    report = run_session(event, fill_workbook(blank, tmp_path / "f.xlsx", fills), tmp_path / "out", publish=False)
    names = sorted([p.name for p in event.players] + [event.title, event.venue], key=len, reverse=True)
    pages = dict(_site_pages(report))
    texts = [
        pages["index.html"],
        pages[PLAYER_PAGE.format(n=1)],
        pages["deals/deal-1.html"],
        pages[TABLE_PAGE.format(n=1)],
    ] + pdf_parts(report)[:2]
    for text in texts:
        visible = _visible_text(text)
        for name in names:
            visible = visible.replace(name, " ")
            visible = visible.replace(name.split()[0], " ")
        assert not re.search(r"[А-Яа-яЁё]{2,}", visible), re.findall(r"[А-Яа-яЁё]{2,}", visible)[:5]
    assert "Score card" in pages[PLAYER_PAGE.format(n=1)] and "Results by line" in pages["deals/deal-1.html"]
    cells = _cells(pages[PLAYER_PAGE.format(n=1)])  # the decimal point in English, in macros too
    assert any(re.search(r"\d\.\d", c) for c in cells) and not any(re.search(r"\d,\d", c) for c in cells)


def test_numbers_in_the_readers_language():
    from prefprint.words.numbers import number

    assert [number(v, "ru") for v in (Fraction(25, 2), Fraction(-10, 3), 7, 42.57, "65.95", "—", None)] == [
        "12,5",
        "−3,3",
        "7",
        "42,6",
        "65,95",
        "—",
        "",
    ]
    assert [number(v, "en") for v in (Fraction(25, 2), "65.95")] == ["12.5", "65.95"]
    note = Message(
        "results.note_adjusted",
        detail=[
            Message("results.note_pct", seat=s, percent=p) for s, p in (("N", Fraction(125, 2)), ("E", Fraction(75, 2)))
        ],
    )
    assert note.text("ru") == "корректировка судьи: N 62,5%, E 37,5%"
    assert note.text("en") == "director's adjusted score: N 62.5%, E 37.5%"


def _cells(page: str, cls: str = "num") -> list[str]:
    """The text of the table cells of a class (tags inside taken out)."""
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(rf'<td class="{cls}[^"]*">(.*?)</td>', page, re.S)]


def test_russian_pages_write_the_decimal_comma(site):
    report, out = site
    pages = [
        out / "index.html",
        out / PLAYER_PAGE.format(n=13),
        out / "deals" / "deal-2.html",
        out / TABLE_PAGE.format(n=4),
    ]
    for page in pages:
        cells = _cells(text_of_page(page))
        assert not [c for c in cells if re.search(r"\d\.\d", c)], page.name
        assert any(re.search(r"\d,\d", c) for c in cells), page.name
    assert re.search(r"\d,\d\d", text_of_page(out / "index.html"))  # 65,95 in the ranking


def test_a_site_built_by_two_processes_is_the_site_built_by_one_in_order():
    pages = [(f"p{i}.html", lambda i=i: f"<p>{i} {os.getpid()}</p>") for i in range(FORK_PAGES + 3)]
    got = built(pages)
    assert [path for path, _ in got] == [path for path, _ in pages]
    assert [text.split()[0] for _, text in got] == [f"<p>{i}" for i in range(len(pages))]
    if FORKS and (os.cpu_count() or 1) > 1:  # every other page from the child
        assert len({text.split()[1] for _, text in got}) == 2

    def broken():
        raise ValueError("a template that fails")

    for where in (0, 1):  # a failure in this process's half or in the child's: raised here
        with pytest.raises(ValueError, match="a template that fails"):
            built([*pages[:where], ("bad.html", broken), *pages[where:]])


def test_every_results_page_carries_the_sites_address_and_a_club_evening_the_way_home(site):
    from prefprint.app.publish.site import _site_pages
    from prefprint.engine.model import ClubSite

    report, _ = site
    club = ClubSite("Клуб «Пуля»", "evenings/2026-12-05-club-night-20", url="https://pulya.example.org/club/")
    pages = _site_pages(replace(report, event=replace(report.event, club_site=club)))
    assert len(pages) > 40
    for rel, page in pages:
        up = "../" * rel.count("/")
        assert f'<a class="home" href="{up}../../index.html">Клуб «Пуля»</a>' in page, rel
        assert 'Сайт: <a href="https://pulya.example.org/club/">https://pulya.example.org/club/</a>' in page, rel
    own = _site_pages(report)  # outside a club: the results' own address, no way to a club
    assert all(f'Сайт: <a href="{URL}">' in page and 'class="home"' not in page for _, page in own)
    none = _site_pages(replace(report, event=replace(report.event, publish_url="")))
    assert not any('class="club"' in page or "Сайт:" in page for _, page in none)
