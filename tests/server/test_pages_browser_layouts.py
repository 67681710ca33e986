"""A real browser at 390 px, tables of 3 dealt at the table: the layout entered on the phone, shown back and
corrected there (the pages' browser tests are in test_pages_browser.py, whose server and browser these use)."""

from __future__ import annotations

import pytest
from serving import ROOT
from test_pages_browser import _click, _serve, _tables_look_again_only_when_told, _text, browser, pytestmark

from prefprint.engine.deals import generate_deal, parse_cards

__all__ = ["browser", "pytestmark", "_tables_look_again_only_when_told"]  # the fixtures and the skip, used here


@pytest.fixture
def threes_dealt(tmp_path):
    """The 15-player evening at tables of 3, dealt at the table, served."""
    spec = tmp_path / "threes.toml"
    text = (ROOT / "sample_events" / "threes-15.toml").read_text(encoding="utf-8")
    assert "[deals]" in text
    spec.write_text(text.replace("[deals]", '[deals]\nsource = "table"', 1), encoding="utf-8")
    url, scoring, srv, thread = _serve(tmp_path / "kit", spec)
    yield url, scoring
    srv.should_exit = True
    thread.join(10)


def _tap_layout(browser, hands, talon):
    for seat, hand in hands:
        _click(browser, f'[data-pocket="{seat}"]')
        for suit, rank in hand:
            _click(browser, f'[data-card="{suit}-{rank}"]')
    for pocket, (suit, rank) in zip(("talon_top", "talon_bottom"), talon):
        _click(browser, f'[data-pocket="{pocket}"]')
        _click(browser, f'[data-card="{suit}-{rank}"]')


def test_a_layout_at_a_table_of_3_is_entered_shown_back_and_corrected_on_the_phone(threes_dealt, browser):
    """Pockets N, E, S and the talon (W is the talon's pocket, no hand); stored, the layout is shown under its
    deal; «Исправить» opens the card grid with the stored cards, a card moved from N to E and one back is
    stored as the correction, the old layout kept in the audit."""
    url, s = threes_dealt
    t = s.event.movement.rounds[0].tables[0]
    deal = next(d for d in s.event.deals if d.set == t.set)
    cards = generate_deal("browser3", deal.number, deal.set, deal.dealer, deal.table_size)
    assert [seat for seat, _ in cards.hands] == ["N", "E", "S"]
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    _text(browser, f"#layout-{deal.number}", lambda text: "не внесён" in text)
    _click(browser, f'[data-layout="{deal.number}"]')
    pockets = [e.get_attribute("data-pocket") for e in browser.find_elements("css selector", "[data-pocket]")]
    assert pockets == ["N", "E", "S", "talon_top", "talon_bottom"]
    _tap_layout(browser, cards.hands, cards.talon)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    _click(browser, "#save-layout")
    _text(browser, "#saved", bool)
    first = dict(s.store.layouts[deal.number]["pockets"])
    hands = dict(cards.hands)
    n_card, e_card = hands["N"][0], hands["E"][0]
    _text(browser, f"#layout-{deal.number}", lambda text: all(f"{p}: " in text for p in "NES") and "Прикуп" in text)

    _click(browser, f'[data-layout="{deal.number}"]')  # «Исправить»: the grid holds the stored cards
    _text(browser, "#layout-preview", lambda text: text.count("—") == 0)
    _click(browser, '[data-pocket="N"]')
    _click(browser, f'[data-card="{n_card[0]}-{n_card[1]}"]')  # out of N
    _click(browser, f'[data-card="{e_card[0]}-{e_card[1]}"]')  # E's card into N
    _click(browser, '[data-pocket="E"]')
    _click(browser, f'[data-card="{n_card[0]}-{n_card[1]}"]')  # N's card into E
    _click(browser, "#save-layout")
    _text(browser, "#saved", bool)
    stored = s.store.layouts[deal.number]["pockets"]
    assert e_card in parse_cards(stored["N"]) and n_card in parse_cards(stored["E"])
    assert stored["S"] == first["S"] and stored["talon_top"] == first["talon_top"]
    assert [a["old"]["layout"] for a in s.store.audit()] == [first]
