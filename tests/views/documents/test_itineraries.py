"""The players' itineraries: a round and its time, parted by a newline in pre-line, print as with <br>."""

from __future__ import annotations

import re

from helpers import print_page

from prefprint.io import render


def test_an_itinerary_prints_a_round_and_its_time_as_with_br(events):
    from prefprint.app import kit

    document = kit.render_parts(events["club-night-20"], "itineraries")[0]
    table = re.search(r'<table class="grid">.*?</table>', document, flags=re.S).group(0)
    body = f'<div class="cut"><div class="strip">{table}</div></div>'
    heads = re.findall(r"<th>(?:(?!</th>).)*</th>", body, flags=re.S)
    assert heads and all("<br" not in h and h.count("\n") == 1 for h in heads)  # the round, its start time
    with_br = re.sub(r"<th>(?:(?!</th>).)*</th>", lambda m: m.group(0).replace("\n", "<br>"), body, flags=re.S)
    assert render._render(*render._prepared(print_page(body))) == render._render(*render._prepared(print_page(with_br)))
