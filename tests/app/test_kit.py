"""The event kit of every sample event: files, structure and content of every document."""

from __future__ import annotations

import logging
import re
import subprocess
from html.parser import HTMLParser

import pytest
from conftest import GOLDEN, has
from openpyxl import load_workbook
from pypdf import PdfReader

from prefprint.app.kit import DOCUMENTS, document_html
from prefprint.io.workbook import COLUMNS, FIRST_ROW, read_protocol_workbook, sheet_name


class Cells(HTMLParser):
    """Rows of <td>/<th> text of every table in an HTML document, with the classes seen."""

    def __init__(self):
        super().__init__()
        self.rows, self.classes, self._row, self._cell = [], set(), None, None

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class")
        if cls:
            self.classes.update(cls.split())
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(" ".join(" ".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def cells(text):
    p = Cells()
    p.feed(text)
    return p


def test_every_file_is_written(kits, events):
    for stem, folder in kits.items():
        for name in DOCUMENTS:
            assert (folder / f"{name}.html").stat().st_size > 1000, (stem, name)
            assert (folder / f"{name}.pdf").read_bytes()[:5] == b"%PDF-", (stem, name)
        index = (folder / "index.html").read_text(encoding="utf-8")
        for name in DOCUMENTS:
            assert f'href="{name}.pdf"' in index and f'href="{name}.html"' in index
        assert 'href="protocols.xlsx"' in index


def test_one_pdf_holds_the_whole_kit_in_print_order_each_document_on_its_own_sheets(kits):
    from prefprint.app.kit import PRINT_ALL, PRINT_ORDER

    for stem, folder in kits.items():
        starts, at = [], 0
        for name in PRINT_ORDER:
            if (folder / f"{name}.pdf").is_file():
                starts.append((name, at))
                n = len(PdfReader(folder / f"{name}.pdf").pages)
                at += n + n % 2  # padded to an even count: printed on both sides, each starts on a sheet of its own
        joined = PdfReader(folder / f"{PRINT_ALL}.pdf")
        assert len(joined.pages) == at, stem
        for name, first in starts:  # each document's first page is where it should be, as that document has it
            own = PdfReader(folder / f"{name}.pdf").pages[0].extract_text()
            assert joined.pages[first].extract_text() == own, (stem, name)
        index = (folder / "index.html").read_text(encoding="utf-8")
        assert f'href="{PRINT_ALL}.pdf"' in index


def test_protocol_pdf_pages_hold_every_deal_with_the_right_players(kits, events):
    from prefprint.views.documents import protocols_context

    for stem, folder in kits.items():
        event = events[stem]
        pages = protocols_context(event)["pages"]
        reader = PdfReader(folder / "protocols.pdf")
        assert len(reader.pages) == len(pages), stem
        assert sorted(s["view"]["deal"].number for p in pages for s in p) == [d.number for d in event.deals]
        # two short protocols share a page, a long one has a page of its own
        assert all(
            len(p) == 2 or len(p[0]["rows"]) > 10 or p is pages[-1] or len(pages[pages.index(p) + 1][0]["rows"]) > 10
            for p in pages
        ), stem
        page_of = {s["view"]["deal"].number: i for i, p in enumerate(pages) for s in p}
        for deal in event.deals[:: max(1, len(event.deals) // 6)]:
            text = reader.pages[page_of[deal.number]].extract_text()
            flat = " ".join(text.split())
            assert f"Сдача {deal.number}" in flat or f"Deal {deal.number}" in flat
            lines = {" ".join(line.split()) for line in text.splitlines()}
            for row in event.rows_of(deal):
                expected = " ".join(str(x) for x in (row.round, row.table, *[p for _, p in row.seats]))
                assert expected in lines, (stem, deal.number, expected)
    assert len(PdfReader(kits["club-night-20"] / "protocols.pdf").pages) == 10  # 20 deals of 5 rows
    assert len(protocols_context(events["open-100"])["pages"]) == 100  # 25 rows: a page each


def test_kit_pages_are_plain_a4(kits):
    for stem, folder in kits.items():
        for name in DOCUMENTS:
            for page in PdfReader(folder / f"{name}.pdf").pages:
                box = page.mediabox
                assert [round(float(box.width), 1), round(float(box.height), 1)] == [595.3, 841.9], (stem, name)


def test_protocol_html_columns_follow_the_seed(events):
    event = events["club-night-20"]
    html = document_html(event, "protocols")
    doc = cells(html)
    heads = doc.rows[1][:6]
    assert heads[:3] == ["Тур", "Стол", "Контракт"]
    assert heads[3:6] == ["Играющий", "1-й вистующий", "2-й вистующий"]  # whole words that fit the columns
    assert doc.rows[2][:6] == ["поз.", "взятки"] * 3
    assert doc.rows[2][6:9] == ["№", "висты", "МП"]
    # deal 1: one pre-printed row per table, player numbers in N E S W order
    body = [r for r in doc.rows if len(r) == 2 + 1 + 6 + 12][: len(event.rows_of(event.deals[0]))]
    for r, expected in zip(body, event.rows_of(event.deals[0])):
        assert [int(r[0]), int(r[1])] == [expected.round, expected.table]
        assert [int(r[i]) for i in (9, 12, 15, 18)] == [p for _, p in expected.seats]


def test_table_cards_say_where_each_seat_goes(events):
    event = events["club-night-20"]
    doc = cells(document_html(event, "table-cards"))
    rows = [r for r in doc.rows if len(r) == 7 and r[0].isdigit()]
    assert len(rows) == 5 * 5  # five tables, five rounds
    first = rows[0]  # table 1, round 1
    assert first[:2] == ["1", "1"] and first[3] == "1 сидит" and first[4] == "2 → 2E"
    assert first[5] == "3 → 3S" and first[6] == "4 → 4W"
    assert "у судьи → на стол 5" in first[2]
    assert rows[4][3:] == ["1 ■", "6 ■", "11 ■", "16 ■"]  # the last round ends the session


def test_scheme_director_sheet_has_the_slot_row(events):
    event = events["book-scheme-12"]
    doc = cells(document_html(event, "director"))
    assert "cut" not in doc.classes
    row1 = next(r for r in doc.rows if r and r[0] == "1" and len(r) == 12)
    assert [c.split()[-1] for c in row1[1:]] == ["1", "—", "—", "—", "2", "—", "—", "3", "—", "—", "—"]
    html = document_html(event, "director")
    assert html.count('<td class="off">') == 11 * 8 and "Z" not in html.split("<body", 1)[1]  # greyed, no Latin Z


def test_itineraries_one_strip_per_player(events):
    event = events["rooms-26"]
    html = document_html(event, "itineraries")
    assert html.count('class="strip"') == 26
    assert html.count("✂") == 25
    assert "отдых" in html  # 13-player schemes rest one player each round


def test_deals_hold_every_card_once(events):
    for event in events.values():
        for deal in event.deals:
            cards = [c for _, h in deal.hands for c in h] + list(deal.talon)
            assert len(cards) == 32 and len(set(cards)) == 32
            assert deal.talon_pocket == (deal.dealer if event.table_size == 4 else "W")


def test_workbook_is_prefilled_from_the_movement(kits, events):
    event = events["threes-15"]
    wb = load_workbook(kits["threes-15"] / "protocols.xlsx")
    assert len(wb.sheetnames) == len(event.deals) + 2  # deals, players, the hidden sheet of what it belongs to
    assert wb["prefprint"].sheet_state == "hidden"
    ws = wb[sheet_name("ru", 1)]
    assert ws.max_column == len(COLUMNS) - 3  # no W columns at a table of 3 (read before cells are looked at)
    rows = event.rows_of(event.deals[0])
    for k, row in enumerate(rows):
        r = FIRST_ROW + k
        assert ws.cell(r, 1).value == row.round and ws.cell(r, 2).value == row.table
        assert [ws.cell(r, c).value for c in (10, 13, 16)] == [p for _, p in row.seats]
        assert ws.cell(r, 19).value is None  # no W at a table of 3
    assert ws.freeze_panes == "C6"
    assert len(ws.data_validations.dataValidation) == 7  # contract, seats, tricks, whists of N E S, status
    assert ws.cell(FIRST_ROW - 1, 3).value == "Контракт"


def test_workbook_names_are_text_never_formulas(tmp_path):
    from prefprint.io.spec import parse_event
    from prefprint.io.workbook import write_protocol_workbook

    spec = '[event]\ntitle = "=1+1"\n[game]\nvariant = "sochi"\n' + "".join(
        f'[[players]]\nnumber = {i}\nname = "=HYPERLINK(\\"x\\")"\n' for i in range(1, 21)
    )
    event = parse_event(spec)
    write_protocol_workbook(event, tmp_path / "p.xlsx")
    wb = load_workbook(tmp_path / "p.xlsx")
    assert wb["Игроки"]["B2"].data_type == "s" and wb["Игроки"]["B2"].value == '=HYPERLINK("x")'
    assert wb[sheet_name("ru", 1)]["A1"].data_type == "s"


@pytest.mark.skipif(not has("soffice"), reason="LibreOffice (soffice) is not installed")
def test_workbook_survives_a_save_in_libreoffice(kits, events, tmp_path):
    src = kits["club-night-20"] / "protocols.xlsx"
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "xlsx", "--outdir", str(tmp_path), str(src)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    sheets = read_protocol_workbook(tmp_path / "protocols.xlsx", events["club-night-20"])
    assert len(sheets) == 20 and all(len(s.rows) == 5 for s in sheets)


@pytest.mark.skipif(not has("pdftoppm"), reason="poppler-utils is not installed")
def test_pdf_pages_render_to_png(kits, tmp_path):
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "30",
            "-f",
            "1",
            "-l",
            "1",
            str(kits["club-night-20"] / "protocols.pdf"),
            str(tmp_path / "p"),
        ],
        check=True,
        timeout=60,
    )
    assert list(tmp_path.glob("p*.png"))


def test_rendering_logs_no_weasyprint_warnings(events, caplog):
    from prefprint.io.render import pdf_bytes

    caplog.set_level(logging.WARNING, logger="weasyprint")
    event = events["book-scheme-12"]
    for name in DOCUMENTS:  # a few sheets of each document: every template and rule is used
        part = slice(0, 3) if name in ("protocols", "itineraries", "table-cards") else None
        pdf_bytes(document_html(event, name, part))
    assert [r.getMessage() for r in caplog.records if r.name.startswith("weasyprint")] == []


def test_same_spec_gives_the_same_documents(events):
    from prefprint.io.spec import load_event

    again = load_event(events["rooms-26"].source)
    for name in DOCUMENTS:
        assert document_html(again, name) == document_html(events["rooms-26"], name)


@pytest.mark.parametrize("name", ["table-cards", "director", "protocols", "costs"])
def test_golden_html(events, update_golden, name):
    html = document_html(events["club-night-20"], name)
    html = re.sub(
        r"<style( media=\"screen\")?>.*?</style>", "<style/>", html, flags=re.S
    )  # CSS changes are not content
    path = GOLDEN / f"club-night-20-{name}.html"
    if update_golden:
        path.parent.mkdir(exist_ok=True)
        path.write_text(html, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing; run pytest --update-golden to write it"
    assert html == path.read_text(encoding="utf-8"), f"{path.name} differs; run pytest --update-golden if intended"


def test_english_kit(events):
    from prefprint.io.spec import parse_event

    source = (
        open(events["book-scheme-12"].source, encoding="utf-8").read().replace('language = "ru"', 'language = "en"')
    )
    event = parse_event(source, "en.toml")
    expected = {
        "table-cards": "End of round",
        "director": "row of sets",
        "itineraries": "Round",
        "protocols": "Whister 1",
        "deals": "Hand records",
        "costs": "Cost-of-game table",
    }
    for name, words in expected.items():
        html = document_html(event, name)
        assert words in html, name
        assert "Тур" not in html and "Сдача" not in html, name


def _overflow(html: str) -> float:
    """How far (CSS px) the widest box of any page reaches past the page's right edge."""
    import weasyprint

    from prefprint.io.render import templates_dir

    doc = weasyprint.HTML(string=html, base_url=str(templates_dir()) + "/").render()
    worst = 0.0
    for page in doc.pages:
        box = page._page_box
        for b in box.descendants():
            if hasattr(b, "position_x") and hasattr(b, "margin_width"):
                worst = max(worst, b.position_x + b.margin_width() - box.margin_width())
    return worst


@pytest.mark.parametrize("stem", ["open-100", "threes-15"])
def test_nothing_is_cut_off_at_the_right_edge(events, stem):
    event = events[stem]
    for name in DOCUMENTS:
        part = slice(0, 2) if name in ("protocols", "itineraries", "table-cards") else None
        assert _overflow(document_html(event, name, part)) <= 0.5, (stem, name)


def _header_lines(html: str, cls: str) -> list[tuple[str, str]]:
    """(cell text, one laid-out line of it) for every head cell of the tables of a class, as WeasyPrint sets them."""
    import weasyprint

    from prefprint.io.render import templates_dir

    doc = weasyprint.HTML(string=html, base_url=str(templates_dir()) + "/").render()
    out = []

    def text(box):
        return " ".join(b.text for b in box.descendants() if hasattr(b, "text"))

    for page in doc.pages:
        for table in page._page_box.descendants():
            if getattr(table, "element_tag", "") != "table" or cls not in (table.element.get("class") or ""):
                continue
            for cell in table.descendants():
                if getattr(cell, "element_tag", "") == "th" and type(cell).__name__ == "TableCellBox":
                    for line in (b for b in cell.descendants() if type(b).__name__ == "LineBox"):
                        out.append((" ".join("".join(cell.element.itertext()).split()), text(line).strip()))
    return out


@pytest.mark.parametrize("stem", ["club-night-20", "threes-15"])
def test_protocol_heads_break_between_words_only(events, stem):
    lines = _header_lines(document_html(events[stem], "protocols", slice(0, 1)), "rows")
    assert any(cell == "1-й вистующий" for cell, _ in lines)
    for cell, line in lines:  # each laid-out line holds whole words of its head
        assert line and all(word in cell.split() for word in line.split()), (cell, line)


def test_start_list_shows_the_number_as_large_as_the_seat(events):
    from prefprint.views.documents import start_list_context

    event = events["club-night-20"]
    doc = cells(document_html(event, "start-list"))
    assert doc.rows[0] == ["Фамилия, имя", "№", "Стол", "Место"]
    number = {p.name: str(p.number) for p in event.players}
    body = [r for r in doc.rows if len(r) == 4 and r[1].isdigit()]
    assert len(body) == 20 and all(r[1] == number[r[0]] for r in body)
    assert "td.no" in document_html(event, "start-list") and ".startlist .no { font-size" not in document_html(
        event, "start-list"
    )
    open100 = start_list_context(events["open-100"])
    assert open100["font_pt"] >= open100["name_pt"] >= 9 and open100["font_pt"] >= 12


def test_hand_records_keep_every_suit_on_its_line_at_tables_of_3(events):
    import weasyprint

    from prefprint.io.render import templates_dir

    event = events["threes-15"]
    html = document_html(event, "deals")
    assert html.count('<div class="talonline">') == len(event.deals)
    red = [c for d in event.deals for c in d.talon if c[0] >= 2]
    assert html.count('<span class="red">') >= len(red) > 0  # red talon cards, as in the pockets
    doc = weasyprint.HTML(string=html, base_url=str(templates_dir()) + "/").render()
    tables = [
        b
        for page in doc.pages
        for b in page._page_box.descendants()
        if type(b).__name__ == "TableBox" and b.element.get("class") == "pockets"
    ]
    pockets = [c for t in tables for c in t.descendants() if type(c).__name__ == "TableCellBox"]
    assert len(pockets) == 3 * len(event.deals)
    for cell in pockets:  # the seat and one line a suit: no card wrapped to a line of its own
        assert sum(type(b).__name__ == "LineBox" for b in cell.children) == 5, "".join(cell.element.itertext())


def test_itinerary_rests_are_one_plain_cell_and_seats_stand_out(events):
    from prefprint.views.documents import itineraries_context

    event = events["rooms-26"]
    html = document_html(event, "itineraries")
    rests = sum(leg["table"] is None for s in itineraries_context(event)["strips"] for leg in s["legs"])
    assert rests > 0 and html.count('<td rowspan="3" class="rest">отдых</td>') == rests
    assert '<span class="small">отдых</span>' not in html
    doc = cells(html)
    seats = [r for r in doc.rows if r and r[0] == "Место"]
    assert len(seats) == 26 and sum(13 - (len(r) - 1) for r in seats) == rests  # no empty seat cells
    assert '<tr class="at"><td class="l">Стол</td>' in html


def test_protocols_at_tables_of_3_explain_the_tenth_of_a_whist(events):
    three = document_html(events["threes-15"], "protocols", slice(0, 2))
    four = document_html(events["club-night-20"], "protocols", slice(0, 2))
    note = "сумма строки может отличаться от 0 на ±0,1"
    assert note in three and note not in four


def _with_serve(url: str, language: str = "ru"):
    from helpers import tiny_event_text

    from prefprint.io.spec import parse_competition

    text = tiny_event_text().replace('title = "Tiny"', f'title = "Tiny"\nlanguage = "{language}"')
    return parse_competition(text + f'[serve]\nurl = "{url}"\n')


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "http://localhost:8000/", "http://[::1]:8000"])
def test_a_serve_url_no_phone_reaches_is_a_warning_naming_this_machine_s_addresses(url):
    from prefprint.app.kit import kit_warnings

    said = kit_warnings(_with_serve(url), lan=lambda: ["192.168.1.10", "10.0.0.5"])
    path = "/" if url.endswith("/") else ""  # the url as written, its host replaced
    assert [m.text("ru") for m in said] == [
        f"[serve] url {url} открывается только на этом компьютере: ни один телефон его не откроет, а он "
        "печатается на каждой карточке стола; укажите адрес этого компьютера в сети клуба: "
        f"http://192.168.1.10:8000{path}, http://10.0.0.5:8000{path}"
    ]
    assert said[0].text("en").startswith(f"[serve] url {url} opens only on this computer: no phone reaches it")


def test_no_address_found_the_warning_says_where_to_look_it_up():
    from prefprint.app.kit import kit_warnings

    said = kit_warnings(_with_serve("http://127.0.0.1:8000", "en"), lan=lambda: [])
    assert [m.text("en") for m in said] == [
        "[serve] url http://127.0.0.1:8000 opens only on this computer: no phone reaches it, yet every table "
        "card prints it; write this computer's address on the club's network instead (its network settings show it)"
    ]


def test_a_serve_url_on_the_network_or_none_is_no_warning():
    from helpers import tiny_event_text

    from prefprint.app.kit import kit_warnings
    from prefprint.io.spec import parse_competition

    def lan():
        raise AssertionError("not looked up")

    assert kit_warnings(_with_serve("http://192.168.1.10:8000"), lan=lan) == []
    assert kit_warnings(parse_competition(tiny_event_text()), lan=lan) == []
