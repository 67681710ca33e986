"""The director's page in a real browser at 1280 px: the clock started and moved with its buttons, the tables now
(late ones red, rounds to come not), a missing row waived, the travellers as rows come."""

from __future__ import annotations

import os

import pytest
from helpers import chromium
from serving import body_of
from test_pages_browser import CHROMIUM, DRIVER, _click, _text, _wait, server  # noqa: F401  (server: a fixture)

from prefprint.engine.rules import Outcome, active_seats

pytestmark = pytest.mark.skipif(not (os.path.exists(CHROMIUM) and DRIVER), reason="chromium or chromedriver absent")


@pytest.fixture
def wide():
    """Headless Chromium at the director's laptop width."""
    driver = chromium(1280, 900)
    yield driver
    driver.quit()


def _shown(driver, css) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter(e => e.offsetParent !== null).map(e => e.id)", css
    )


def test_the_clock_the_tables_now_and_the_travellers(server, wide):  # noqa: F811  (the fixture imported above)
    import httpx

    url, s = server
    key = s.codes["director"]
    wide.get(f"{url}/director?token={key}")
    _text(wide, "#clock-note", lambda t: t == "часы не запущены")
    assert _shown(wide, "#clock-buttons button") == ["clock-start"]
    rows = "return document.querySelectorAll('#room tbody tr').length"
    _wait(wide, 10).until(lambda d: d.execute_script(rows) == 5)  # five tables, none late
    assert not wide.find_elements("css selector", "#room td.late, #app td.missing")

    _click(wide, "#clock-start")
    _text(wide, "#clock-time", lambda t: t == "Тур 1 · осталось 20 мин")
    assert _shown(wide, "#clock-buttons button") == ["clock-pause", "clock-next"]
    assert s.clock().since is not None
    _click(wide, "#clock-next")  # round 2 starts now: round 1 is over, and nobody entered it
    _text(wide, "#clock-time", lambda t: t.startswith("Тур 2 · осталось 20 мин"))
    assert _shown(wide, "#clock-buttons button") == ["clock-pause", "clock-back", "clock-next"]
    _text(wide, "#room-1", lambda t: "1 · опаздывает" in t)
    red = wide.execute_script("return [...document.querySelectorAll('#app td.missing')].map(e => e.id)")
    assert sorted(red) == [f"progress-1-{t}" for t in range(1, 6)]  # round 1's, not the rounds to come
    assert wide.find_element("css selector", "#progress-3-1").get_attribute("class") == "muted"

    # a table's row comes: its traveller shows it; one missing row of table 1 waived with a reason
    t = s.event.movement.rounds[0].tables[0]
    deals = [d for d in s.event.deals if d.set == t.set]
    decl, w1, w2 = active_seats(4, deals[0].dealer)
    made = Outcome.make(4, deals[0].dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})
    body = body_of(s.event, made, key, t.table, 1, deals[0].number)
    assert httpx.post(f"{url}/api/rows", json=body).status_code == 201
    fold = f"#traveller-{deals[0].number}"
    _text(wide, f"{fold} summary", lambda x: x == f"Сдача {deals[0].number} · строк: 1", timeout=20)
    _click(wide, f"{fold} summary")
    _text(wide, f"{fold} table", lambda x: f"Тур 1 Стол {t.table}" in x and "7♠" in x)
    _click(wide, f'[data-waive="{t.table}-1-{deals[1].number}"]')
    ask = _wait(wide, 5).until(lambda d: d.switch_to.alert)
    assert ask.text == f"Почему строка не будет введена? (тур 1, стол {t.table}) — Сдача {deals[1].number}"
    ask.send_keys("сдача перепутана")
    ask.accept()
    _wait(wide, 10).until(lambda d: (deals[1].number, 1, t.table) in s.store.waived)
    _text(wide, "#audit", lambda x: "строка не введена — снята судьёй" in x and "сдача перепутана" in x)
    _text(wide, f"#room-{t.table}", lambda x: f"сдача {deals[1].number} " not in x and f"сдача {deals[2].number}" in x)
    assert wide.find_element("css selector", "#traveller-" + str(deals[0].number)).get_attribute("open") is not None
    assert wide.execute_script("return document.documentElement.scrollWidth") <= 1280
    if os.environ.get("PREFPRINT_SCREENSHOTS"):
        wide.save_screenshot(os.path.join(os.environ["PREFPRINT_SCREENSHOTS"], "director-1280.png"))
    _click(wide, "#clock-pause")
    _text(wide, "#clock-note", lambda x: x.endswith("· пауза"))
    assert _shown(wide, "#clock-buttons button") == ["clock-resume", "clock-back", "clock-next"]
    wide.set_window_size(390, 844)
    width = "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    _wait(wide, 5).until(lambda d: d.execute_script(width)[1] < 390)  # laid out again at the phone's width
    scrolled, seen = wide.execute_script(width)
    assert scrolled <= seen  # no sideways scrolling
    if os.environ.get("PREFPRINT_SCREENSHOTS"):
        wide.save_screenshot(os.path.join(os.environ["PREFPRINT_SCREENSHOTS"], "director-390.png"))
