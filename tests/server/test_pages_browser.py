"""A real browser at 390 px: a table enters a row with the buttons, the director's page updates by itself.

Headless Chromium (Debian's chromium and chromedriver) through Selenium, the server on 127.0.0.1;
skipped where either is absent.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from helpers import CHROMIUM, DRIVER, chromium, start_uvicorn  # noqa: F401 (CHROMIUM: for the modules beside it)
from serving import CLUB, ROOT, body_of, random_bodies, served
from test_main_kill import free_port

from prefprint.engine.rules import Outcome, active_seats, fmt_json, settle

pytestmark = pytest.mark.skipif(not (shutil.which("chromium") and DRIVER), reason="chromium or chromedriver absent")


@pytest.fixture(autouse=True)
def _tables_look_again_only_when_told(monkeypatch):
    """A table's page looks at its rows again by itself every TABLE_POLL_MS; here only where a test says so, as a
    look between two of a test's steps could redraw what it is about to tap."""
    from prefprint.server import pages

    monkeypatch.setattr(pages, "TABLE_POLL_MS", 3_600_000)


def _serve(folder, spec=CLUB, port=None):
    app, scoring = served(folder, spec)
    port = port or free_port()
    srv, thread = start_uvicorn(app, port)
    return f"http://127.0.0.1:{port}", scoring, srv, thread


@pytest.fixture
def server(tmp_path):
    url, scoring, srv, thread = _serve(tmp_path)
    yield url, scoring
    srv.should_exit = True
    thread.join(10)


@pytest.fixture
def classic(tmp_path):
    """The club night under the classic variant: dark games and concessions are played."""
    spec = tmp_path / "classic.toml"
    spec.write_text(
        CLUB.read_text(encoding="utf-8").replace('variant = "sochi"', 'variant = "classic"'), encoding="utf-8"
    )
    url, scoring, srv, thread = _serve(tmp_path / "kit", spec)
    yield url, scoring
    srv.should_exit = True
    thread.join(10)


@pytest.fixture
def browser():
    """Headless Chromium at a phone's width."""
    driver = chromium(390, 844)
    yield driver
    driver.quit()


def _wait(driver, timeout):
    """A wait that looks again when the page has redrawn the element between finding and reading it."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def _click(driver, css):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    def clicked(d):  # in the middle of the screen, as a thumb taps it: not under the sticky «нет связи» at the top
        button = ec.element_to_be_clickable((By.CSS_SELECTOR, css))(d)
        if button:
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        return button and (button.click() or True)

    _wait(driver, 10).until(clicked)


def _text(driver, css, want, timeout=15):
    from selenium.webdriver.common.by import By

    def seen(d):
        found = d.find_elements(By.CSS_SELECTOR, css)
        return found and want(found[0].text)

    _wait(driver, timeout).until(seen)


def test_a_row_entered_on_a_phone_shows_on_the_directors_page(server, browser):
    url, s = server
    event = s.event
    deal = next(d for d in event.deals if d.set == event.movement.rounds[0].tables[0].set)
    table = event.movement.rounds[0].tables[0].table
    browser.get(f"{url}/director?token={s.codes['director']}")
    cell = f"#progress-1-{table}"
    _text(browser, cell, lambda t: str(deal.number) in t)
    # the page asks the server every 2 s and draws the rounds again only when they changed
    browser.execute_script("document.querySelector(arguments[0]).dataset.mark = 'drawn'", cell)
    asked = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/progress')).length"
    before = browser.execute_script(asked)
    _wait(browser, 10).until(lambda d: d.execute_script(asked) > before + 1)
    assert browser.execute_script("return document.querySelector(arguments[0]).dataset.mark", cell) == "drawn"
    director = browser.current_window_handle

    browser.switch_to.new_window("tab")
    browser.get(f"{url}/t/{table}?token={s.codes['tables'][table]}")
    decl, w1, w2 = active_seats(4, deal.dealer)
    _enter(browser, deal)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    _click(browser, "#confirm")
    _text(browser, "#saved", bool)
    # the row entered reads back with the declarer's tricks and each defender's answer and tricks, a line each
    # part, still no sideways scrolling
    _text(browser, f"#deal-{deal.number} .done", lambda t: f"Играющий: {decl} 7" in t and "7♠" in t)
    _text(browser, f"#deal-{deal.number} .done", lambda t: f"Защита: {w1} вист 3, {w2} пас" in t)
    widths = browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => [e.innerText, e.getBoundingClientRect().width])",
        f"#deal-{deal.number} .done .line",
    )
    assert [text.split(":")[0] for text, _ in widths[1:]] == ["Играющий", "Защита", "Висты"]
    assert all(width <= 390 for _, width in widths)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    if os.environ.get("PREFPRINT_SCREENSHOTS"):
        browser.save_screenshot(os.path.join(os.environ["PREFPRINT_SCREENSHOTS"], "table-entered-390.png"))
    outcome = Outcome.make(4, deal.dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})
    want = {k: fmt_json(v) for k, v in settle(outcome, event.conventions).results.items()}
    assert s.store.rows[(deal.number, 1, table)].whists == want

    browser.switch_to.window(director)  # not reloaded: the page asks the server itself
    _text(browser, cell, lambda t: str(deal.number) not in t.split(":")[-1].split(", "))
    _text(browser, "#count", lambda t: t.startswith("1 /"))
    # the ranking's percentages as the site prints them: the decimal comma, both decimals («50,00», not «50»)
    import httpx

    for body, _ in random_bodies(s, seed=4)[:40]:
        if (body["deal"], body["round"], body["table"]) not in s.store.rows:
            assert httpx.post(f"{url}/api/rows", json=body).status_code == 201
    cells = "return [...document.querySelectorAll('#ranking-table tbody td:nth-child(4)')].map(td => td.innerText)"
    _wait(browser, 30).until(lambda d: any("," in t for t in d.execute_script(cells)))
    shown = browser.execute_script(cells)
    assert all(re.fullmatch(r"\d+,\d\d\d?|—", t) for t in shown), shown


def _enter(browser, deal, tricks=7, preview=True):
    """Taps a game of 7♠ at a deal with the buttons (its first active seat declares, one whist), then «Посчитать»
    (and waits for the preview)."""
    decl, w1, w2 = active_seats(4, deal.dealer)
    for css in (
        '[data-contract="7♠"]',
        f'[data-declarer="{decl}"]',
        f'[data-defence="{w1}-whist"]',
        f'[data-defence="{w2}-pass"]',
        f'[data-tricks="{decl}-{tricks}"]',
        f'[data-tricks="{w1}-{10 - tricks}"]',
        "#check",
    ):
        _click(browser, css)
    if preview:
        _text(browser, "#preview", lambda t: "7♠" in t)


def test_the_server_out_of_reach_is_said_and_the_row_is_sent_by_itself(tmp_path, browser):
    """The server stopped: «Верно — записать» keeps the row on the phone, shown waiting, the director's page says
    there is no connection; started again, the note goes and the row is sent without another tap."""
    url, s, srv, thread = _serve(tmp_path)
    t = s.event.movement.rounds[0].tables[0]
    deal = next(d for d in s.event.deals if d.set == t.set)
    browser.get(f"{url}/director?token={s.codes['director']}")
    _text(browser, "#count", lambda text: text.startswith("0 /"))
    assert not browser.find_element("id", "offline").is_displayed()
    director = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    table = browser.current_window_handle
    _enter(browser, deal)

    srv.should_exit = True
    thread.join(10)
    s.store.close()
    _click(browser, "#confirm")
    _text(browser, "#waiting", lambda text: text == "1 строка ждёт связи")
    _text(browser, f"#deal-{deal.number} .waiting", lambda text: text.startswith("ждёт связи"))
    assert browser.find_element("id", "offline").text == "нет связи с сервером"
    browser.switch_to.window(director)
    _wait(browser, 10).until(lambda d: d.find_element("id", "offline").is_displayed())
    assert browser.find_element("id", "offline").text == "нет связи с сервером"

    url, s, srv, thread = _serve(tmp_path, port=int(url.rsplit(":", 1)[1]))
    try:
        _wait(browser, 10).until(lambda d: not d.find_element("id", "offline").is_displayed())
        browser.switch_to.window(table)  # the page as it was left sends the row by itself
        _text(browser, "#saved", lambda text: text == f"Сдача {deal.number}: записана", timeout=20)
        assert (deal.number, 1, t.table) in s.store.rows
        assert not browser.find_element("id", "waiting").is_displayed()
        assert browser.execute_script("return localStorage.length") == 0
    finally:
        srv.should_exit = True
        thread.join(10)


def test_a_double_tap_on_confirm_stores_the_row_once_and_says_so(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains

    url, s = server
    t = s.event.movement.rounds[0].tables[0]
    first, second = [d for d in s.event.deals if d.set == t.set][:2]
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    _enter(browser, first)
    ActionChains(browser).double_click(browser.find_element("id", "confirm")).perform()
    _text(browser, "#saved", lambda text: text == f"Сдача {first.number}: записана")
    _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {second.number}"))
    assert not browser.find_elements("css selector", "#error, #notice")
    sent = "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/api/rows')).length"
    assert browser.execute_script(sent) == 1
    assert (first.number, 1, t.table) in s.store.rows and s.store.audit() == []


def test_a_row_whose_answer_was_lost_is_stored_once_when_sent_again(server, browser):
    """The row reaches the server but its answer never reaches the phone (the connection drops): the page keeps it
    and sends it again by itself; the row is «записана» — once, not «entered from another phone»."""
    url, s = server
    t = s.event.movement.rounds[0].tables[0]
    first, second = [d for d in s.event.deals if d.set == t.set][:2]
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    _enter(browser, first)
    browser.execute_script(  # the first answer to a row is lost on the way back
        "const send = window.fetch; let lost = false;"
        "window.fetch = async (url, init) => { const r = await send(url, init);"
        " if (!lost && String(url).endsWith('/api/rows')) { lost = true; throw new TypeError('lost'); } return r; };"
    )
    _click(browser, "#confirm")
    _text(browser, "#waiting", lambda text: text == "1 строка ждёт связи")
    assert (first.number, 1, t.table) in s.store.rows
    _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {second.number}"))
    _text(browser, "#saved", lambda text: text == f"Сдача {first.number}: записана")
    assert not browser.find_element("id", "waiting").is_displayed()
    assert not browser.find_elements("css selector", "#error, #notice")
    assert s.store.audit() == [] and len(s.store.rows) == 1


def test_a_deal_entered_from_another_phone_meanwhile_is_shown_stored(server, browser):
    """Two phones of a table enter the same deals: the one second to confirm (409), or to check (the preview says
    it is entered), sees the stored row with its «Исправить» and a plain note, not an error."""
    url, s = server
    t = s.event.movement.rounds[0].tables[0]
    first, second = [d for d in s.event.deals if d.set == t.set][:2]
    page = f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}"
    note = "эту сдачу уже записали с другого телефона: проверьте строку, при ошибке — «Исправить»"
    browser.get(page)
    one = browser.current_window_handle
    _enter(browser, first)
    browser.switch_to.new_window("tab")
    browser.get(page)
    two = browser.current_window_handle
    _enter(browser, first, tricks=8)
    browser.switch_to.window(one)
    _click(browser, "#confirm")
    _text(browser, "#saved", bool)
    browser.switch_to.window(two)
    _click(browser, "#confirm")  # refused: entered already
    _text(browser, "#notice", lambda text: text == note)
    _text(browser, f"#deal-{first.number} .done", lambda text: "7♠" in text)
    assert browser.find_element("css selector", f'[data-correct="{first.number}"]').is_displayed()
    assert not browser.find_elements("id", "error")
    assert browser.execute_script("return document.getElementById('notice').previousElementSibling.id") == (
        f"deal-{first.number}"
    )
    assert s.store.rows[(first.number, 1, t.table)].entry["tricks"][active_seats(4, first.dealer)[0]] == 7

    browser.switch_to.window(one)
    _enter(browser, second)
    _click(browser, "#confirm")
    _text(browser, "#saved", lambda text: str(second.number) in text)
    browser.switch_to.window(two)
    _enter(browser, second, tricks=8, preview=False)  # «Посчитать» already says it is there
    under = "const n = document.getElementById('notice'); return n && [n.previousElementSibling.id, n.innerText]"
    _wait(browser, 15).until(lambda d: d.execute_script(under) == [f"deal-{second.number}", note])


def test_the_table_page_shows_what_changed_meanwhile_and_when_the_server_is_out_of_reach(
    tmp_path, browser, monkeypatch
):
    """The page looks at its rows again by itself: a deal entered from another phone shows stored, with a note,
    and the form moves to the next deal; a form being filled is not redrawn; the server stopped is said before
    any button is pressed, and said no more once it is back."""
    import httpx

    from prefprint.server import pages

    monkeypatch.setattr(pages, "TABLE_POLL_MS", 300)
    url, s, srv, thread = _serve(tmp_path)
    t = s.event.movement.rounds[0].tables[0]
    first, second, third = [d for d in s.event.deals if d.set == t.set][:3]
    code = s.codes["tables"][t.table]

    def post(deal):
        decl, w1, w2 = active_seats(4, deal.dealer)
        made = Outcome.make(4, deal.dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})
        assert (
            httpx.post(f"{url}/api/rows", json=body_of(s.event, made, code, t.table, 1, deal.number)).status_code == 201
        )

    try:
        browser.get(f"{url}/t/{t.table}?token={code}")
        _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {first.number}"))
        post(first)  # from another phone
        _text(browser, f"#deal-{first.number} .done", lambda text: "7♠" in text)
        _text(browser, "#notice", lambda text: text.startswith("эту сдачу уже записали с другого телефона"))
        _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {second.number}"))

        _click(browser, '[data-contract="7♠"]')  # a form being filled stays as it is
        post(third)
        asked = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/tables/')).length"
        before = browser.execute_script(asked)
        _wait(browser, 10).until(lambda d: d.execute_script(asked) > before + 2)
        assert "on" in browser.find_element("css selector", '[data-contract="7♠"]').get_attribute("class")
        assert browser.find_element("css selector", f"#deal-{third.number} .missing")

        assert not browser.find_element("id", "offline").is_displayed()
        srv.should_exit = True
        thread.join(10)
        s.store.close()
        _wait(browser, 10).until(lambda d: d.find_element("id", "offline").is_displayed())
        assert browser.find_element("id", "offline").text == "нет связи с сервером"
        assert not browser.find_elements("id", "error")  # no button pressed: nothing refused

        url, s, srv, thread = _serve(tmp_path, port=int(url.rsplit(":", 1)[1]))
        _wait(browser, 10).until(lambda d: not d.find_element("id", "offline").is_displayed())
    finally:
        srv.should_exit = True
        thread.join(10)


def test_a_table_page_whose_first_load_failed_loads_when_the_server_answers(tmp_path, browser, monkeypatch):
    """The page came, its rows did not (the connection dropped): it says so, and shows them once they come,
    with no reload (it stayed on the error until reloaded)."""
    from prefprint.server import pages

    monkeypatch.setattr(pages, "TABLE_POLL_MS", 300)
    url, s, srv, thread = _serve(tmp_path)
    try:
        t = s.event.movement.rounds[0].tables[0]
        browser.execute_cdp_cmd(  # the page's first request for its rows is lost
            "Page.addScriptToEvaluateOnNewDocument",
            {
                "source": "const send = window.fetch; let lost = false; window.fetch = (url, init) =>"
                " (!lost && String(url).includes('/api/tables/')) ? (lost = true, Promise.reject(new TypeError('lost')))"
                " : send(url, init);"
            },
        )
        browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
        _text(browser, "#form h2", lambda text: text.startswith("Сдача "))
        assert not browser.find_element("id", "offline").is_displayed()
    finally:
        srv.should_exit = True
        thread.join(10)


def test_the_last_round_played_says_the_session_is_over_and_a_room_is_named(tmp_path, browser):
    """In the last round nobody moves: the page says the session is over (it listed «→ 2E»'s legend over four
    «сессия окончена»); an event of several rooms names the table's room, as its table card does."""
    import httpx

    url, s, srv, thread = _serve(tmp_path, ROOT / "sample_events" / "rooms-26.toml")
    try:
        last = s.event.movement.rounds[-1]
        t = last.tables[0]
        code = s.codes["tables"][t.table]
        for body, _ in random_bodies(s, seed=5):
            if (body["round"], body["table"]) == (last.number, t.table):
                assert httpx.post(f"{url}/api/rows", json=body).status_code == 201
        browser.get(f"{url}/t/{t.table}?token={code}")
        room = s.event.movement.room_of_table(t.table)
        assert browser.find_element("css selector", "h1").text == f"Стол {t.table} · Комната {room}"
        _click(browser, f'[data-round="{last.number}"]')
        _text(browser, "#done", lambda text: text == "Последний тур сыгран: сессия окончена.")
    finally:
        srv.should_exit = True
        thread.join(10)


def test_closing_a_round_with_rows_missing_asks_first(server, browser):
    url, s = server
    rnd = s.event.movement.rounds[0]
    missing = sum(1 for t in rnd.tables for d in s.event.deals if d.set == t.set)
    browser.get(f"{url}/director?token={s.codes['director']}")
    _click(browser, '[data-close="1"]')
    alert = _wait(browser, 5).until(lambda d: d.switch_to.alert)
    assert alert.text == f"В туре 1 не введено строк: {missing}. Всё равно закрыть тур?"
    alert.dismiss()
    sent = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/rounds/')).length"
    assert browser.execute_script(sent) == 0 and 1 not in s.store.closed
    _click(browser, '[data-close="1"]')
    _wait(browser, 5).until(lambda d: d.switch_to.alert).accept()
    _wait(browser, 5).until(lambda d: 1 in s.store.closed)
    _text(browser, '[data-close="1"]', lambda text: text == "Тур закрыт — открыть")


def test_the_corrections_say_who_and_when_in_the_pages_words(server, browser):
    import datetime as dt

    import httpx

    url, s = server
    t = s.event.movement.rounds[0].tables[0]
    deal = next(d for d in s.event.deals if d.set == t.set)
    decl, w1, w2 = active_seats(4, deal.dealer)
    made = Outcome.make(4, deal.dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})
    body = body_of(s.event, made, s.codes["tables"][t.table], t.table, 1, deal.number)
    assert httpx.post(f"{url}/api/rows", json=body).status_code == 201
    fix = body | {"token": s.codes["director"], "contract": "6♠", "correct": True, "reason": "играли шесть"}
    assert httpx.post(f"{url}/api/rows", json=fix).status_code == 201
    [a] = s.store.audit()
    hm = [dt.datetime.fromisoformat(at).astimezone().strftime("%H:%M") for at in (a["old"]["at"], a["at"])]
    browser.get(f"{url}/director?token={s.codes['director']}")
    _text(browser, "#audit .deal", lambda text: f"(стол {t.table}, {hm[0]})" in text)
    assert browser.find_element("css selector", "#audit .deal .muted").text == (
        f"исправил(а): судья, {hm[1]} — играли шесть"
    )


def test_links_are_tall_enough_to_tap_and_only_the_code_is_upper_case(server, browser):
    url, s = server
    height = "return document.querySelector(arguments[0]).getBoundingClientRect().height"
    case = "return getComputedStyle(document.querySelector(arguments[0])).textTransform"
    browser.get(url)
    assert browser.execute_script(height, 'a[href="/results"]') >= 44
    assert browser.execute_script(case, "#token") == "uppercase"
    browser.get(f"{url}/director?token={s.codes['director']}")
    _text(browser, "#app table a", lambda text: text == "Стол 1")
    links = "return [...document.querySelectorAll('#app table a')].map(a => a.getBoundingClientRect().height)"
    assert min(browser.execute_script(links)) >= 44
    browser.get(f"{url}/t/1?token={s.codes['director']}")
    _click(browser, '[data-contract="6♠"]')
    assert browser.execute_script(case, "#reason") == "none"  # the director's reason is kept as typed


def test_a_dark_game_conceded_before_play(classic, browser):
    url, s = classic
    event = s.event
    t = event.movement.rounds[0].tables[0]
    deal = next(d for d in event.deals if d.set == t.set)
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    decl = active_seats(4, deal.dealer)[0]
    for css in (
        '[data-contract="7♠"]',
        '[data-dark="1"]',
        f'[data-declarer="{decl}"]',
        '[data-conceded="2"]',
        "#check",
    ):
        _click(browser, css)
    _text(browser, "#preview", lambda t: "7♠ втёмную без 2" in t)
    _click(browser, "#confirm")
    _text(browser, "#saved", bool)
    row = s.store.rows[(deal.number, 1, t.table)]
    assert (row.entry["contract"], row.entry["dark"], row.cells["contract"]) == ("7♠ без 2", True, "7♠ втёмную без 2")
    outcome = Outcome.make(4, deal.dealer, "7♠ втёмную без 2", decl, {}, {}, conventions=event.conventions)
    assert row.whists == {k: fmt_json(v) for k, v in settle(outcome, event.conventions).results.items()}


@pytest.fixture
def dealt(tmp_path):
    """The club night dealt at the table: the first table enters each deal's layout."""
    spec = tmp_path / "dealt.toml"
    spec.write_text(
        CLUB.read_text(encoding="utf-8").replace("[deals]", '[deals]\nsource = "table"', 1), encoding="utf-8"
    )
    url, scoring, srv, thread = _serve(tmp_path / "kit", spec)
    yield url, scoring
    srv.should_exit = True
    thread.join(10)


def test_a_layout_dealt_at_the_table_entered_with_the_card_buttons(dealt, browser):
    from prefprint.engine.deals import generate_deal

    url, s = dealt
    t = s.event.movement.rounds[0].tables[0]
    deal = next(d for d in s.event.deals if d.set == t.set)
    cards = generate_deal("browser", deal.number, deal.set, deal.dealer, deal.table_size)
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    _click(browser, f'[data-layout="{deal.number}"]')
    for seat, hand in cards.hands:
        _click(browser, f'[data-pocket="{seat}"]')
        for suit, rank in hand:
            _click(browser, f'[data-card="{suit}-{rank}"]')
    for pocket, (suit, rank) in zip(("talon_top", "talon_bottom"), cards.talon):
        _click(browser, f'[data-pocket="{pocket}"]')
        _click(browser, f'[data-card="{suit}-{rank}"]')
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    _click(browser, "#save-layout")
    _text(browser, "#saved", bool)
    stored = s.store.layouts[deal.number]["pockets"]
    assert set(stored) == {seat for seat, _ in cards.hands} | {"talon_top", "talon_bottom"}
    from prefprint.engine.deals import parse_cards

    assert {p: sorted(parse_cards(text)) for p, text in stored.items()} == {
        **{seat: sorted(hand) for seat, hand in cards.hands},
        "talon_top": [cards.talon[0]],
        "talon_bottom": [cards.talon[1]],
    }
    _text(browser, f"#layout-{deal.number}", lambda text: "♠" in text and "Исправить" in text)
