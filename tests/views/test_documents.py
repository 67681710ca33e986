"""The documents' markup: lines parted by newlines in a box of white-space: pre-line print as with <br>."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest

from prefprint.io import render
from prefprint.views.documents import deal_view

_HANDS_ROW = '{% from "_deal.html" import hands_row %}{{ hands_row(v, t) }}'


def _page(body: str, cls: str = "") -> str:
    return (
        f'<!DOCTYPE html><html><head><style>\n{render.css_text().rstrip()}</style></head><body class="{cls}">'
        f"{body}</body></html>"
    )


def _with_br(body: str) -> str:
    """The same markup with each newline inside a cell a <br>, as the templates wrote it before."""
    cell = r"<td[^>]*>(?:(?!<td|</td>).)*</td>"  # a cell with no cell inside
    return re.sub(cell, lambda m: m.group(0).replace("\n", "<br>"), body, flags=re.S)


def _markup(template: str, view: dict) -> str:
    env = render.language_environment("ru")
    return env.from_string(template).render(v=view, t=None, lang="ru")


@pytest.mark.parametrize("sample", ["club-night-20", "threes-15"])
@pytest.mark.parametrize("blank", [False, True], ids=["dealt", "blank"])
def test_a_pocket_prints_its_lines_as_with_br(events, sample, blank):
    deal = events[sample].deals[0]
    if blank:
        deal = replace(deal, hands=())
    view = deal_view(deal, "ru")
    assert view["blank"] == blank
    body = _markup(_HANDS_ROW, view)
    assert "<br" not in body and body.count("\n") > 8
    assert "</div>\n" not in body  # no newline after the seat: in pre-line it would be an empty line
    assert render._render(*render._prepared(_page(body, "protocol"))) == render._render(
        *render._prepared(_page(_with_br(body), "protocol"))
    )


def test_the_hand_records_pockets_print_their_lines_as_with_br(events):
    from prefprint.app import kit

    (document,) = kit.render_parts(events["club-night-20"], "deals")
    pockets = re.search(r'<table class="pockets">.*?</table>', document, flags=re.S).group(0)
    body = f'<table class="boxes"><tr><td class="box">{pockets}</td></tr></table>'
    assert "<br" not in body and body.count("\n") >= 12
    assert render._render(*render._prepared(_page(body))) == render._render(*render._prepared(_page(_with_br(body))))


def test_an_itinerary_prints_a_round_and_its_time_as_with_br(events):
    from prefprint.app import kit

    document = kit.render_parts(events["club-night-20"], "itineraries")[0]
    table = re.search(r'<table class="grid">.*?</table>', document, flags=re.S).group(0)
    body = f'<div class="cut"><div class="strip">{table}</div></div>'
    heads = re.findall(r"<th>(?:(?!</th>).)*</th>", body, flags=re.S)
    assert heads and all("<br" not in h and h.count("\n") == 1 for h in heads)  # the round, its start time
    with_br = re.sub(r"<th>(?:(?!</th>).)*</th>", lambda m: m.group(0).replace("\n", "<br>"), body, flags=re.S)
    assert render._render(*render._prepared(_page(body))) == render._render(*render._prepared(_page(with_br)))


def test_round_tables_of_the_director_start_a_page_only_where_two_cannot_share_one(events):
    from pypdf import PdfReader

    from prefprint.views.documents import ROUND_PAGE_TABLES, director_context

    assert director_context(events["open-100"])["round_pages"]  # 25 tables a round
    assert not director_context(events["club-night-20"])["round_pages"]
    # the premise: two round tables of that many tables, kept whole, do not share an A4 page
    row = "<tr>" + "<td>10</td>" * 6 + "</tr>"
    table = (
        '<table class="grid keep zebra" style="margin-bottom: 2mm"><thead><tr><th colspan="6" class="l">Тур 1 · 18:30'
        "</th></tr><tr>" + "<th>N</th>" * 6 + "</tr></thead><tbody>" + row * ROUND_PAGE_TABLES + "</tbody></table>"
    )
    pdf = render._render(*render._prepared(_page(table * 2)))
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2
    short = table.replace(row, "", 2)  # two tables fewer: both on one page, the threshold is not too low by far
    pdf = render._render(*render._prepared(_page(short * 2)))
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1


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
