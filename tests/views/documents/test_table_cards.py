"""The table cards: rounds and sets printed bold as with <b>."""

from __future__ import annotations

import re

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
