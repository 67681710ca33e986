"""The director's sheet: its round tables start a page only where two cannot share one."""

from __future__ import annotations

import io

from helpers import print_page

from prefprint.io import render


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
    pdf = render._render(*render._prepared(print_page(table * 2)))
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2
    short = table.replace(row, "", 2)  # two tables fewer: both on one page, the threshold is not too low by far
    pdf = render._render(*render._prepared(print_page(short * 2)))
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
