"""The table cards: rounds and sets printed bold as with <b>; the entry box: QR code, address and code."""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import replace

import pytest
from conftest import has

from prefprint.io import render


def test_a_table_card_prints_its_rounds_and_sets_bold_as_with_b(events):
    from prefprint.app import kit

    (document,) = kit.render_parts(events["club-night-20"], "table-cards")
    row = r'<td>(\d+)</td><td class="nw">(\d+)</td>'
    assert len(re.findall(row, document)) == 25  # 5 cards of 5 rounds
    # a set played in two copies at once: its copy number, not bold, after it
    document = re.sub(row, r'<td>\1</td><td class="nw">\2<span class="copy">·2</span></td>', document, count=1)
    # as before: the cells of normal weight, a <b> inside each (the copy number outside it)
    normal = 'style="font-weight: normal"'
    with_b = re.sub(
        r'<td>(\d+)</td><td class="nw">(\d+)',
        rf'<td {normal}><b>\1</b></td><td class="nw" {normal}><b>\2</b>',
        document,
    )
    with_b = with_b.replace('<span class="copy">·2</span>', "·2")
    assert render._render(*render._prepared(document)) == render._render(*render._prepared(with_b))


def _served(event, tmp_path, serve: str, publish: str = ""):
    """The event with a scoring server's address (and a results site's), and the entry codes its cards print."""
    from prefprint.app.kit import with_entry_codes

    return with_entry_codes(replace(event, serve_url=serve, publish_url=publish), tmp_path)


def test_a_table_card_prints_the_address_of_its_page_under_the_qr_code(events, tmp_path):
    """A phone that cannot scan opens the address typed: the server and the table's page, short enough to read
    aloud, without the code (typed after) and without «http://»; the code under it as before."""
    from prefprint.views.documents import table_cards_context

    event = _served(events["club-night-20"], tmp_path, "http://192.168.1.10:8000/")
    cards = table_cards_context(event)["cards"]
    assert len(cards) == 5
    for card in cards:
        entry = card["entry"]
        assert entry["address"] == f"192.168.1.10:8000\n/t/{card['table']}"
        assert entry["code"] == event.entry_codes["tables"][card["table"]] and entry["code"] not in entry["address"]
    html = render_parts_html(event)
    for card in cards:
        assert f'<div class="address">192.168.1.10:8000\n/t/{card["table"]}</div>' in html
    secure = _served(events["club-night-20"], tmp_path, "https://pref.example.org/club")
    assert table_cards_context(secure)["cards"][0]["entry"]["address"] == "https://pref.example.org/club\n/t/1"


def render_parts_html(event) -> str:
    from prefprint.app import kit

    return "".join(kit.render_parts(event, "table-cards"))


@pytest.mark.skipif(not has("pdftotext"), reason="pdftotext (poppler-utils) is not installed")
def test_the_address_and_the_code_are_printed_whole_inside_the_page_beside_the_results_qr(events, tmp_path):
    """The entry box beside the results site's QR code: every line of the address and the code on the page,
    none running over the card's right edge or into the other box."""
    from prefprint.io.render import pdf_bytes

    event = _served(events["club-night-20"], tmp_path, "http://192.168.100.100:8000", "https://pulya.example.org/x")
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(pdf_bytes(render_parts_html(event)))
    words = _words(pdf)
    page_right = 595.28 - 10 * 72 / 25.4  # A4 less the cut page's margin
    for table, code in event.entry_codes["tables"].items():
        for text in ("192.168.100.100:8000", f"/t/{table}", code):
            found = [w for w in words if w["text"] == text]
            assert found, (text, table)
            assert all(w["xMax"] <= page_right for w in found)
    hosts = [w for w in words if w["text"] == "192.168.100.100:8000"]
    results = [w for w in words if w["text"] == "Результаты"]  # the results QR's caption, right of the entry box
    assert len(hosts) == len(results) == 5
    assert max(w["xMax"] for w in hosts) < min(w["xMin"] for w in results)


def _words(pdf) -> list[dict]:
    """The words of a PDF with their boxes (pdftotext -bbox), in points."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [
        {
            "text": html.unescape(m[4]),
            "xMin": float(m[0]),
            "yMin": float(m[1]),
            "xMax": float(m[2]),
            "yMax": float(m[3]),
        }
        for m in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', out
        )
    ]


def test_a_table_that_deals_enters_the_layout_on_its_phone_where_the_server_is_used(events, tmp_path):
    """Dealt at the table: without the scoring server the dealing table writes each layout on the protocol;
    with it (the card carries the table's code) it enters it on the phone, so the event needs no paper; the
    protocols say the same, paper the fallback."""
    from prefprint.app.kit import document_html
    from prefprint.views.documents import table_cards_context

    dealt = _dealt_at_table(events["club-night-20"], tmp_path)
    paper = [c["deals"] for c in table_cards_context(dealt)["cards"] if c["deals"]]
    assert paper and all("запишите расклад в протокол сдачи" in text for text in paper)
    served = _served(dealt, tmp_path, "http://192.168.1.10:8000")
    phone = [c["deals"] for c in table_cards_context(served)["cards"] if c["deals"]]
    assert len(phone) == len(paper)
    for text in phone:
        assert "внесите расклад на телефоне стола («Внести расклад» под сдачей)" in text
        assert "протокол" not in text
    protocols = document_html(served, "protocols")
    assert "вносит его на телефоне стола до игры (без телефона — записывает сюда)" in protocols
    assert "вносит его на телефоне" not in document_html(dealt, "protocols")
    threes = _served(_dealt_at_table(events["threes-15"], tmp_path), tmp_path / "3", "http://192.168.1.10:8000")
    assert any("в карман W; внесите расклад на телефоне" in c["deals"] for c in table_cards_context(threes)["cards"])


def _dealt_at_table(event, tmp_path):
    """A sample event from its spec with `[deals] source = "table"`: no layouts, the first table deals."""
    from prefprint.io.spec import load_event

    spec = tmp_path / f"{event.stem}-dealt.toml"
    text = open(event.source, encoding="utf-8").read()
    assert "[deals]" in text
    spec.write_text(text.replace("[deals]", '[deals]\nsource = "table"', 1), encoding="utf-8")
    dealt = load_event(spec)
    assert dealt.dealt_at_table and not any(d.hands for d in dealt.deals)
    return dealt


def test_a_club_evenings_cards_carry_the_clubs_address_and_its_qr_code_beside_the_others(events, tmp_path):
    from prefprint.engine.model import ClubSite

    club = ClubSite("Клуб «Пуля»", "evenings/2026-12-05-club-night-20", url="https://pulya.example.org/club/")
    served = _served(events["club-night-20"], tmp_path, "http://192.168.1.10:8000", "https://pulya.example.org/x/")
    document = render_parts_html(replace(served, club_site=club))
    boxes = re.findall(r'<div class="qrbox site" style="right: (\d+)mm">(.*?)</div></div>', document, re.S)
    assert len(boxes) == 5 and {right for right, _ in boxes} == {"63"}  # left of the results' and the entry's
    assert all('class="qr"' in box and "Сайт клуба" in box for _, box in boxes)
    assert document.count("Сайт: https://pulya.example.org/club/") == 5
    only = render_parts_html(replace(events["club-night-20"], club_site=club))  # no other QR code on the card
    assert re.findall(r'class="qrbox site" style="right: (\d+)mm"', only) == ["0"] * 5
    plain = render_parts_html(served)  # outside a club: the results' own address, no QR code of a site
    assert 'class="qrbox site"' not in plain and plain.count("Сайт: https://pulya.example.org/x/") == 5
    assert "Сайт:" not in render_parts_html(events["club-night-20"])


@pytest.mark.skipif(not has("pdftoppm"), reason="pdftoppm (poppler-utils) is not installed")
def test_the_clubs_qr_code_is_at_least_2_cm_and_pushes_no_card_off_the_page(events, tmp_path):
    import pypdf

    from prefprint.engine.model import ClubSite
    from prefprint.io.render import pdf_bytes

    club = ClubSite("Клуб «Пуля»", "evenings/x", url="https://pulya.example.org/club/")
    served = _served(events["club-night-20"], tmp_path, "http://192.168.1.10:8000", "https://pulya.example.org/x/")
    pages = []
    for event in (served, replace(served, club_site=club)):
        pdf = tmp_path / "cards.pdf"
        pdf.write_bytes(pdf_bytes(render_parts_html(event)))
        pages.append(len(pypdf.PdfReader(pdf).pages))
    assert pages[0] == pages[1]  # the same cards a page
    words = _words(pdf)
    captions = [w for w in words if w["text"] == "клуба"]
    assert len(captions) == 5 and all(w["xMax"] <= 595.28 - 10 * 72 / 25.4 for w in captions)
    assert re.search(r"\.qrbox svg\.qr \{ display: block; width: 21mm; height: 21mm; \}", render_parts_html(served))
