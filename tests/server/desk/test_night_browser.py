"""The desk's night in a real browser (headless Chromium at 1280 px, through Selenium): the evening started from its
row (the director's room linked, the codes shown), then one row of table 1's paper protocol typed with the keyboard
only, its whists previewed and stored by the night's server as the engine computes them. Skipped where chromium or
chromedriver is absent."""

from __future__ import annotations

import io
import os

import httpx
import pytest
from browsing import absent
from helpers import chromium, start_uvicorn
from nights import CODE, club_with_evening, event_of, free_port

from prefprint.engine.rules import Outcome, active_seats, fmt_json, parse_contract_cell, settle

pytestmark = absent
SHOTS = os.environ.get("PREFPRINT_SCREENSHOTS")  # a folder: the screenshot is saved there


@pytest.fixture
def desk(tmp_path):
    from prefprint.server.desk import create_desk_app

    _, evening = club_with_evening(tmp_path)
    port = free_port()
    app = create_desk_app(tmp_path, CODE, hosts=(f"127.0.0.1:{port}",))
    srv, thread = start_uvicorn(app, port)
    yield f"http://127.0.0.1:{port}", tmp_path, evening
    app.state.desk.close()
    srv.should_exit = True
    thread.join(10)


@pytest.fixture
def browser():
    driver = chromium(1280, 1400)
    yield driver
    driver.quit()


def _wait(driver, timeout=20):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def _find(driver, css):
    from selenium.webdriver.common.by import By

    _wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
    return driver.find_element(By.CSS_SELECTOR, css)


def _text(driver, css, want):
    from selenium.webdriver.common.by import By

    def seen(d):
        found = d.find_elements(By.CSS_SELECTOR, css)
        return found and want(found[0].text)

    _wait(driver).until(seen)
    return driver.find_element(By.CSS_SELECTOR, css).text


def test_the_night_started_and_a_tables_protocol_typed_with_the_keyboard(desk, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    base, folder, evening = desk
    browser.get(f"{base}/?code={CODE}")
    button = _find(browser, ".night-toggle")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    _text(browser, ".night-state", lambda t: t == "Вечер идёт")
    director = _find(browser, "a.night-director").get_attribute("href")
    assert "/director?token=" in director
    codes = _text(browser, ".night-codes", lambda t: "Стол 3" in t)
    state = httpx.get(f"{base}/desk/api/evenings/{evening}/night", headers={"X-Desk-Code": CODE}).json()
    assert state["running"] and all(f"Стол {t}: {c}" in codes for t, c in state["tables"].items())

    event = event_of(folder)
    play = next(t for t in event.movement.rounds[0].tables if t.table == 1)
    deal = next(d for d in event.deals if d.set == play.set)
    declarer, whister, passer = active_seats(event.table_size, deal.dealer)
    typed = {declarer: "7", whister: "в 3", passer: "п"}

    _find(browser, ".grid-table").send_keys("1", Keys.ENTER)  # the table opened: the cursor in its first contract
    _find(browser, "table.grid tbody tr .g-contract")
    active = browser.switch_to.active_element
    assert "g-contract" in active.get_attribute("class")
    keys = ["6п", Keys.TAB, declarer]
    for seat in event.seats:
        if seat in typed:
            keys += [Keys.TAB, typed[seat]]
    active.send_keys(*keys)
    row = browser.find_element(By.CSS_SELECTOR, "table.grid tbody tr")
    outcome = Outcome.make(
        event.table_size, deal.dealer, parse_contract_cell("6♠"), declarer, {declarer: 7, whister: 3},
        {whister: "whist", passer: "pass"}, False, conventions=event.conventions,
    )  # fmt: skip
    whists = {s: fmt_json(v) for s, v in settle(outcome, event.conventions).results.items()}
    shown = " · ".join(f"{s} {'+' if v > 0 else ''}{v}" for s, v in whists.items())
    _wait(browser).until(lambda d: row.find_element(By.CSS_SELECTOR, ".g-whists").text == shown)  # the preview
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    _wait(browser).until(lambda d: row.find_element(By.CSS_SELECTOR, ".g-state").text == "записано")
    following = browser.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")[1].find_element(
        By.CSS_SELECTOR, ".g-contract"
    )
    assert browser.switch_to.active_element == following  # on to the next row
    stored = httpx.get(f"{base}/desk/api/evenings/{evening}/tables/1", headers={"X-Desk-Code": CODE}).json()
    [entered] = [r["entered"] for r in stored["rows"] if r["entered"]]
    assert entered["whists"] == whists and entered["by"] == "director" and entered["contract"] == "6♠"
    if SHOTS:
        browser.execute_script("document.querySelector('.night').scrollIntoView()")
        browser.save_screenshot(os.path.join(SHOTS, "desk-night.png"))


def test_a_workbooks_problem_leads_to_its_row_in_the_grid(desk, browser, tmp_path):
    import random

    from selenium.webdriver.common.by import By

    from prefprint.engine.cells import row_cells
    from prefprint.engine.fills import random_outcome
    from prefprint.io.workbook import fill_workbook, protocol_workbook_bytes

    base, folder, evening = desk
    event = event_of(folder)
    play = event.movement.rounds[1].tables[1]  # round 2, the second table
    deal = next(d for d in event.deals if d.set == play.set)
    cells = row_cells(event, random_outcome(random.Random(5), event.table_size, deal.dealer, event.conventions))
    cells["N_whists"] = (cells.get("N_whists") or 0) + 5
    typed = tmp_path / "typed.xlsx"
    fill_workbook(io.BytesIO(protocol_workbook_bytes(event)), typed, {(deal.number, 2, play.table): cells})

    browser.get(f"{base}/?code={CODE}")
    _find(browser, ".night-toggle").click()
    _text(browser, ".night-state", lambda t: t == "Вечер идёт")
    _find(browser, "input.workbook-file").send_keys(str(typed))
    link = _find(browser, ".workbook-problems a.problem-row")
    assert "сумма вистов +5" in link.text
    link.click()
    marked = _find(browser, "table.grid tr.marked")
    assert (marked.get_attribute("data-round"), marked.get_attribute("data-deal")) == ("2", str(deal.number))
    assert _find(browser, "table.grid").get_attribute("data-table") == str(play.table)
    assert browser.switch_to.active_element == marked.find_element(By.CSS_SELECTOR, ".g-contract")
