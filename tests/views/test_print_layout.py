"""results.pdf's layout: a long score card on one page, its columns aligned, where a protocol starts a page."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import boxes_past

from prefprint.io.render import html


def test_a_long_score_card_fills_one_page(events):
    """25 rounds of 4 deals with long names: one A4 page of two columns, nothing below the page.

    (The pagination reckons heights from the print CSS; this renders its densest page.)"""
    from prefprint.views.print_layout import print_card_pages, recap_head
    from prefprint.words.i18n import words

    event = events["open-100"]
    t = words("ru")
    long = "Константинопольская Александра Вячеславовна"
    deal = {
        "status": "played",
        "out": False,
        "role": "half",
        "contract": "10БК",
        "decl_tricks": 10,
        "own_tricks": 0,
        "whists": Fraction(-104),
        "adjusted": None,
        "mp": 48,
        "top": 48,
        "running": 100.0,
        "notes": [],
    }
    rounds = [
        {
            "round": r,
            "rest": False,
            "table": 25,
            "seat": "W",
            "set": r,
            "mp": 192,
            "top": 192,
            "percent": 100.0,
            "running": 100.0,
            "mates": [(s, 100, long) for s in "NES"],
            "deals": [dict(deal, deal=4 * r + k - 4) for k in range(1, 5)],
        }
        for r in range(1, 26)
    ]
    card = {"player": event.players[0], "standing": None, "rounds": rounds, "played": 100}
    pages = print_card_pages([card, card], t)
    assert len(pages) == 2 and all(len(p) == 2 for p in pages)  # a page a card
    detail = next(b for b in pages[0][0] if b["kind"] == "round")["detail"]  # wraps only between table-mates
    mate = "\u00a0".join(("100", "Константинопольская", "А.", "В."))
    assert detail.endswith(f" — N\u00a0{mate}, E\u00a0{mate}, S\u00a0{mate}"), detail
    common = {
        "event": event,
        "names": event.names,
        "standings": None,
        "recap_head": recap_head(t),
        "deals": [],
        "state": {"provisional": False, "pending": [], "generated_at": None, "rulings": []},
    }
    right, bottom, rendered = boxes_past(html("results_print.html", "ru", card_pages=pages[:1], **common))
    assert right <= 0.5 and bottom <= 0.5 and rendered == 1, (right, bottom, rendered)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_printed_card_columns_stay_aligned_with_the_widest_mark(lang):
    from prefprint.views.makeable import SIDES
    from prefprint.views.print_layout import recap_head, recap_line
    from prefprint.words.i18n import words

    t = words(lang)
    start = recap_head(t).index(t["contract_short"][:6])
    base = {
        "out": False,
        "status": "played",
        "decl_tricks": 10,
        "own_tricks": None,
        "whists": 12,
        "mp": 1,
        "top": 12,
        "running": 50.0,
        "notes": [],
        "deal": 27,
        "contract": "10БК",
    }
    for role in t["role_names"]:
        marks = ({"text": "▲10", "cls": "up"}, {"text": "▼2", "cls": "down"}) if role in SIDES else ()
        for dd in (None, *marks):
            line = "".join(text for text, _ in recap_line({**base, "role": role, "dd": dd}, t))
            assert line.index("10БК") == start and line[start - 1] == " ", line


def test_printed_protocols_start_a_page_only_where_they_cannot_fit_under_the_one_before():
    from prefprint.views.print_layout import mark_new_pages

    def deal(rows, blank=False):
        return {"rows": [{"notes": []}] * rows, "view": {"blank": blank}}

    big = [deal(25) for _ in range(4)]
    mark_new_pages(big)
    assert [d["new_page"] for d in big] == [False, True, True, True]
    small = [deal(5) for _ in range(4)]  # a club night: several to a page, left to the layout
    mark_new_pages(small)
    assert not any(d["new_page"] for d in small)
