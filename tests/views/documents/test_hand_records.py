"""The hand records and a deal's pockets: lines parted by newlines in a box of white-space: pre-line print as with <br>."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from helpers import print_page

from prefprint.io import render
from prefprint.views.documents import deal_view

_HANDS_ROW = '{% from "_deal.html" import hands_row %}{{ hands_row(v, t) }}'


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
    assert render._render(*render._prepared(print_page(body, "protocol"))) == render._render(
        *render._prepared(print_page(_with_br(body), "protocol"))
    )


def test_the_hand_records_pockets_print_their_lines_as_with_br(events):
    from prefprint.app import kit

    (document,) = kit.render_parts(events["club-night-20"], "deals")
    pockets = re.search(r'<table class="pockets">.*?</table>', document, flags=re.S).group(0)
    body = f'<table class="boxes"><tr><td class="box">{pockets}</td></tr></table>'
    assert "<br" not in body and body.count("\n") >= 12
    assert render._render(*render._prepared(print_page(body))) == render._render(
        *render._prepared(print_page(_with_br(body)))
    )
