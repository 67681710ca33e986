"""The walk of the director's desk (docs/desk.md), one evening from an EMPTY folder to its published results, all
of it done on the page in a real browser (headless Chromium at 1280 px through Selenium), nothing edited by hand:
the club made, 20 names pasted (the close ones suggested, one confirmed as someone else), an evening of 16 with its
movement previewed, check-in (15 came, one walk-in), the real kit printed, the night started and its codes shown,
the phones' rows posted (every table but one, a phone's row tapped on the table's page in a second Chromium at
390 px), the table left out typed from its paper protocol in the desk's grid with the keyboard only, a ruling
added, the results published final and the season's site opened from its link; the page fits 390 px at the end.
Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import os
import random
import re
import time

import httpx
import pytest
from browsing import absent, click, find, fits_390, text, wait
from helpers import chromium, start_uvicorn
from nights import free_port
from test_routes_browser import NAMES

from prefprint.engine.fills import random_outcome
from prefprint.engine.rules import fmt_json, settle
from prefprint.io.spec import load_competition
from prefprint.server.rows import request_of

pytestmark = absent
SHOTS = os.environ.get("PREFPRINT_SCREENSHOTS")  # a folder: the walk's screenshots are saved there
CODE = "WALKCODE1234"
WALK_IN = "Кузнецов Дмитрий"  # not in the registry, close to nobody there


@pytest.fixture
def desk(tmp_path, monkeypatch):
    from prefprint.server import pages
    from prefprint.server.desk import create_desk_app

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr(pages, "TABLE_POLL_MS", 3_600_000)  # the phone's page redraws only when it is told
    port = free_port()
    app = create_desk_app(tmp_path, CODE, hosts=(f"127.0.0.1:{port}",))
    srv, thread = start_uvicorn(app, port)
    yield f"http://127.0.0.1:{port}/?code={CODE}", tmp_path
    app.state.desk.close()
    srv.should_exit = True
    thread.join(10)


def _shot(driver, name, css=None):
    if SHOTS:
        if css:
            driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", css)
        driver.save_screenshot(os.path.join(SHOTS, f"walk-{name}.png"))


def _shown(whists: dict) -> str:
    """Whists as the desk's grid shows them."""
    return " · ".join(f"{s} {'+' if v > 0 else ''}{v}" for s, v in whists.items())


def _cells(body: dict, seats) -> list[str]:
    """A row of the paper protocol as the director types it: contract, declarer, each playing seat's cell."""
    contract = {"pass": "пас"}.get(body["contract"], body["contract"])
    out = [contract, body.get("declarer", "")]
    for s in seats:
        word = {"whist": "в", "pass": "п", "half": "пол"}.get(body["defence"].get(s))
        tricks = body["tricks"].get(s)
        out.append(" ".join(str(x) for x in (word, tricks) if x is not None))
    return out


def _club_and_players(browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    find(browser, "#club-form input[name=title]").send_keys("Клуб «Пуля»")
    Select(find(browser, "#club-form select[name=language]")).select_by_value("ru")
    click(browser, "#save-club")
    text(browser, "#heading", lambda t: t.endswith("Клуб «Пуля»"))
    find(browser, "#names").send_keys("\n".join(NAMES))
    click(browser, "#add-players")
    text(browser, "#added", lambda t: "Громов Антон" in t)
    suggested = text(browser, ".suggested", lambda t: "Иванов И." in t)
    assert "Иванов И. — похоже на Иванов Иван" in suggested and "Петров Петр — похоже на Петров Пётр" in suggested
    _shot(browser, "players", "#players")
    click(browser, '.suggested button[data-name="Иванов И."]')  # another person
    text(browser, ".suggested", lambda t: "Добавлены: Иванов И." in t)
    text(browser, "#registry summary", lambda t: t.endswith(": 19"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#picks input")) == 19


def _evening(browser, folder):
    from selenium.webdriver.common.by import By

    find(browser, "#evening-form input[name=title]").send_keys("Клубный вечер")
    for box in browser.find_elements(By.CSS_SELECTOR, "#picks input")[:16]:
        box.click()
    preview = text(browser, "#preview", lambda t: t.startswith("4 стола, 7 туров, 28 сдач"))
    assert "тур — 20 минут; с 18:30 до" in preview
    assert text(browser, "#picked", bool).strip() == "Выбрано: 16"
    browser.set_window_size(1280, 1250)  # the form and the movement under it
    _shot(browser, "evening", "#evening")
    browser.set_window_size(1280, 900)
    click(browser, "#create-evening")
    find(browser, ".evening .print-kit")
    [spec] = (folder / "evenings").iterdir()
    assert spec.name.endswith("-klubnyi-vecher.toml")
    return spec


def _checkin(browser, spec):
    from selenium.webdriver.common.by import By

    click(browser, ".checkin summary")
    text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 16")
    boxes = browser.find_elements(By.CSS_SELECTOR, ".checkin-players input")
    assert len(boxes) == 16 and all(b.is_selected() for b in boxes)
    boxes[0].click()  # Иванов Иван stayed home
    text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 15")
    find(browser, ".checkin input.walk-in").send_keys(WALK_IN)
    click(browser, ".checkin .walk-in-add")  # a new name: added to the registry and ticked
    text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 16")
    click(browser, ".checkin .save-players")
    text(browser, ".checkin .saved", bool)
    movement = text(browser, ".checkin-movement", bool)
    assert movement.startswith("4 стола, 7 туров, 28 сдач"), movement
    names = [p.name for p in load_competition(spec).session(1).players]
    assert names[0] == WALK_IN and "Иванов Иван" not in names and len(names) == 16  # his number freed, taken
    _shot(browser, "checkin", ".checkin")


def _kit(browser):
    from selenium.webdriver.common.by import By

    click(browser, ".evening .print-kit")
    wait(browser, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, ".evening progress").is_displayed())
    text(browser, ".evening .state", lambda t: t == "комплект напечатан", timeout=240)
    assert re.fullmatch(r"комплект напечатан: \d+ файл(а|ов)?", text(browser, ".evening .said", bool))
    links = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".evening a.pdf")]
    assert links[0] == "print-all.pdf" and {"protocols.pdf", "table-cards.pdf", "itineraries.pdf"} <= set(links)
    _shot(browser, "kit", ".evening")


def _night(browser):
    """The night started: (the phones' address, {table: code}) as the page shows them."""
    from selenium.webdriver.common.by import By

    click(browser, ".night-toggle")
    text(browser, ".night-state", lambda t: t == "Вечер идёт")
    address = text(browser, ".night-url", bool).split(",")[0].strip()
    text(browser, ".night-codes", lambda t: "Стол 4" in t)
    codes = {
        int(li.get_attribute("data-table")): li.find_element(By.TAG_NAME, "code").text
        for li in browser.find_elements(By.CSS_SELECTOR, ".night-codes li")
    }
    assert sorted(codes) == [1, 2, 3, 4] and all(re.fullmatch(r"\S{4,}", c) for c in codes.values())
    assert "/director?token=" in find(browser, "a.night-director").get_attribute("href")
    _shot(browser, "night", ".night")
    browser.set_window_size(390, 844)  # the director's own phone
    _shot(browser, "night-390", ".night-director")
    browser.set_window_size(1280, 900)
    return address, codes


def _phone_taps_a_row(address, table, code, deal, rnd):
    """A table's phone (Chromium at 390 px) enters 7♠ at `deal` by tapping: the row's (table, round, deal)."""
    from prefprint.engine.rules import active_seats

    phone = chromium(390, 844)
    try:
        phone.get(f"{address}/t/{table}?token={code}")
        decl, w1, w2 = active_seats(4, deal.dealer)
        for css in (
            '[data-contract="7♠"]',
            f'[data-declarer="{decl}"]',
            f'[data-defence="{w1}-whist"]',
            f'[data-defence="{w2}-pass"]',
            f'[data-tricks="{decl}-7"]',
            f'[data-tricks="{w1}-3"]',
            "#check",
        ):
            click(phone, css)
        text(phone, "#preview", lambda t: "7♠" in t)
        _shot(phone, "phone-table")
        click(phone, "#confirm")
        text(phone, "#saved", lambda t: t == f"Сдача {deal.number}: записана")
        text(phone, f"#deal-{deal.number} .done", lambda t: f"Играющий: {decl} 7" in t)
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        phone.quit()
    return (table, rnd, deal.number)


def _phones_post(address, event, codes, paper_table, tapped):
    """Every row of every table but `paper_table` (and the one tapped) posted as the tables' phones post them."""
    rng = random.Random(36)
    posted = 0
    with httpx.Client(base_url=address, timeout=30) as phones:
        for rnd in event.movement.rounds:
            for play in rnd.tables:
                if play.table == paper_table:
                    continue
                for deal in (d for d in event.deals if d.set == play.set):
                    if (play.table, rnd.number, deal.number) == tapped:
                        continue
                    outcome = random_outcome(rng, event.table_size, deal.dealer, event.conventions)
                    body = {"token": codes[play.table], "table": play.table, "round": rnd.number}
                    r = phones.post("/api/rows", json=body | {"deal": deal.number} | request_of(event, outcome))
                    assert r.status_code == 201, r.text
                    posted += 1
    return posted


def _grid(browser, event, table):
    """Table `table`'s paper protocol typed in the desk's grid, Tab and Enter only; every row's whists checked."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from prefprint.engine.rules import active_seats

    rng = random.Random(7)
    number = find(browser, ".grid-table")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", number)
    number.send_keys(str(table), Keys.ENTER)  # the table opened: the cursor in its first contract
    find(browser, "table.grid tbody tr .g-contract")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")
    assert len(rows) == 28
    for i, tr in enumerate(rows):
        deal = event.deal(int(tr.get_attribute("data-deal")))
        assert browser.switch_to.active_element == tr.find_element(By.CSS_SELECTOR, ".g-contract"), i
        outcome = random_outcome(rng, event.table_size, deal.dealer, event.conventions)
        seats = [s for s in event.seats if s in active_seats(event.table_size, deal.dealer)]
        keys = []
        for cell in _cells(request_of(event, outcome), seats):
            keys += [cell, Keys.TAB]
        browser.switch_to.active_element.send_keys(*keys[:-1], Keys.ENTER)
        want = _shown({s: fmt_json(v) for s, v in settle(outcome, event.conventions).results.items()})
        wait(browser).until(lambda d, tr=tr: tr.find_element(By.CSS_SELECTOR, ".g-state").text == "записано")
        assert tr.find_element(By.CSS_SELECTOR, ".g-whists").text == want, (i, outcome)
        if i == 2:
            _shot(browser, "grid", ".paper")
    text(browser, ".night-progress", lambda t: t == "Строк введено: 112 / 112")  # every row of the evening in


def _ruling(browser, evening):
    from selenium.webdriver.support.ui import Select

    click(browser, ".rulings summary")
    text(browser, ".rulings-list", lambda t: t == "Решений нет")
    Select(find(browser, f"#ruling-{evening}-kind")).select_by_value("penalty")
    find(browser, f"#ruling-{evening}-player").send_keys("3")
    find(browser, f"#ruling-{evening}-percent").send_keys("25")
    find(browser, f"#ruling-{evening}-reason").send_keys("Шум за столом")
    click(browser, ".add-ruling")
    listed = text(browser, ".rulings-list li", lambda t: "Шум за столом" in t)
    assert listed.startswith("штраф — Игрок (номер): 3; Процент: 25.")
    return listed


def _results(browser, event, ruling):
    from selenium.webdriver.common.by import By

    click(browser, ".night-toggle")  # the night ended: every row is in
    text(browser, ".night-toggle", lambda t: t == "Начать вечер")
    click(browser, ".publish-results")
    text(browser, ".results-state", lambda t: t == "Итоги: окончательные", timeout=180)
    links = {a.text: a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "a.results-link")}
    assert set(links) == {"Итоги (сайт)", "Итоги (PDF)", "Итоги (XLSX)", "Сайт сезона"}
    click(browser, ".rulings summary")  # the ruling the results took, above them
    assert text(browser, ".rulings-list li", lambda t: "Шум за столом" in t) == ruling
    browser.set_window_size(1280, 1100)
    _shot(browser, "results", ".rulings")
    browser.set_window_size(1280, 900)
    desk = browser.current_url
    browser.get(links["Сайт сезона"])  # the club's home: its season (the desk made one: this year) and evenings
    home = browser.find_element(By.TAG_NAME, "body").text
    year = event.date[:4]
    assert f"Сезон {year}" in home and "Клубный вечер" in home and "Клуб «Пуля»" in home, home[:500]
    browser.find_element(By.CSS_SELECTOR, "a[href$='season-1.html']").click()  # its ladder
    wait(browser).until(lambda d: d.current_url.endswith("season-1.html"))
    ladder = browser.find_element(By.TAG_NAME, "body").text
    assert all(p.name in ladder for p in event.players), ladder[:1000]  # every player of the evening
    _shot(browser, "season")
    browser.get(desk)


def test_the_walk_of_an_evening_from_an_empty_folder(desk, browser):
    began = time.monotonic()
    url, folder = desk
    browser.get(url)
    _club_and_players(browser)
    spec = _evening(browser, folder)
    evening = spec.stem
    _checkin(browser, spec)
    _kit(browser)
    kit_done = time.monotonic()

    event = load_competition(spec).session(1)
    address, codes = _night(browser)
    first = event.movement.rounds[0].tables[0]
    deal = next(d for d in event.deals if d.set == first.set)
    tapped = _phone_taps_a_row(address, first.table, codes[first.table], deal, 1)
    paper = event.movement.rounds[0].tables[-1].table
    assert paper != first.table
    assert _phones_post(address, event, codes, paper, tapped) == 112 - 28 - 1
    _grid(browser, event, paper)
    ruling = _ruling(browser, evening)
    _results(browser, event, ruling)
    fits_390(browser)
    print(f"walk: {time.monotonic() - began:.1f} s, of which the kit {kit_done - began:.1f} s from the start")
