"""The desk in a real browser (headless Chromium at 1280 px, through Selenium) from an empty folder: the club
created, 20 names pasted (near names suggested, one confirmed as someone else), an evening of 16 made with its
movement previewed, its kit printed with the progress seen and its PDFs linked; the page fits 390 px.
Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import os
import re
import shutil
import socket

import pytest
from helpers import DRIVER, chromium, start_uvicorn

pytestmark = pytest.mark.skipif(not (shutil.which("chromium") and DRIVER), reason="chromium or chromedriver absent")
SHOTS = os.environ.get("PREFPRINT_SCREENSHOTS")  # a folder: the walk's screenshots are saved there

NAMES = [
    "Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Смирнова Анна", "Фёдоров Николай", "Егорова Наталья",
    "Павлов Виктор", "Степанов Олег", "Лебедев Игорь", "Семёнов Юрий", "Новикова Ольга", "Волков Павел",
    "Михайлов Андрей", "Козлова Мария", "Орлов Денис", "Зайцев Артём", "Белова Ирина", "Громов Антон",
    "Иванов И.", "Петров Петр",
]  # fmt: skip


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def desk(tmp_path, monkeypatch):

    from prefprint.server.desk import create_desk_app

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    port = _free_port()
    app = create_desk_app(tmp_path, "BROWSERCODE1", hosts=(f"127.0.0.1:{port}",))
    srv, thread = start_uvicorn(app, port)
    yield f"http://127.0.0.1:{port}/?code=BROWSERCODE1", tmp_path
    srv.should_exit = True
    thread.join(10)


@pytest.fixture
def browser():
    driver = chromium(1280, 900)
    yield driver
    driver.quit()


def _wait(driver, timeout=15):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def _find(driver, css, timeout=15):
    from selenium.webdriver.common.by import By

    _wait(driver, timeout).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
    return driver.find_element(By.CSS_SELECTOR, css)


def _text(driver, css, want, timeout=15):
    from selenium.webdriver.common.by import By

    def seen(d):
        found = d.find_elements(By.CSS_SELECTOR, css)
        return found and want(found[0].text)

    _wait(driver, timeout).until(seen)
    return driver.find_element(By.CSS_SELECTOR, css).text


def _click(driver, css):
    button = _find(driver, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def _shot(driver, name):
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, f"desk-{name}.png"))


def test_a_club_evening_from_an_empty_folder(desk, browser):
    from selenium.webdriver.common.by import By

    url, folder = desk
    browser.get(url)
    _find(browser, "#club-form input[name=title]").send_keys("Клуб «Пуля»")
    _click(browser, "#save-club")
    _text(browser, "#heading", lambda t: t.endswith("Клуб «Пуля»"))
    assert (folder / "club.toml").is_file() and (folder / "players.toml").is_file()

    _find(browser, "#names").send_keys("\n".join(NAMES))
    _click(browser, "#add-players")
    added = _text(browser, "#added", lambda t: "Громов Антон" in t)
    assert "Иванов И." not in added
    suggested = _text(browser, ".suggested", lambda t: "Иванов И." in t)
    assert "Иванов И. — похоже на Иванов Иван" in suggested and "Петров Петр — похоже на Петров Пётр" in suggested
    _shot(browser, "players")
    _click(browser, '.suggested button[data-name="Иванов И."]')
    _text(browser, ".suggested", lambda t: "Добавлены: Иванов И." in t)
    _text(browser, "#registry summary", lambda t: t.endswith(": 19"))

    _find(browser, "#evening-form input[name=title]").send_keys("Клубный вечер")
    boxes = browser.find_elements(By.CSS_SELECTOR, "#picks input")
    assert len(boxes) == 19
    for box in boxes[:15]:
        box.click()
    _text(browser, "#preview", lambda t: t.startswith("3 стола, 5 туров, 24 сдачи"))  # 15: three rest each round
    _find(browser, "#find").send_keys("белова")
    visible = [b for b in browser.find_elements(By.CSS_SELECTOR, "#picks label") if b.is_displayed()]
    assert [b.text for b in visible] == ["Белова Ирина"]
    visible[0].find_element(By.TAG_NAME, "input").click()
    _text(browser, "#preview", lambda t: t.startswith("4 стола, 7 туров, 28 сдач"))
    assert _text(browser, "#picked", bool).strip() == "Выбрано: 16"
    _shot(browser, "evening")
    _click(browser, "#create-evening")
    row = _find(browser, ".evening .print-kit")
    visible = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#picks label") if b.is_displayed()]
    assert visible == ["Белова Ирина"]  # the list read again, still found by the name typed
    assert list((folder / "evenings").iterdir())[0].name.endswith("-klubnyi-vecher.toml")

    row.click()
    _wait(browser, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, ".evening progress").is_displayed())
    browser.execute_script("document.querySelector('.evening').scrollIntoView({block: 'center'})")
    _shot(browser, "kit-running")
    browser.refresh()  # the page left and opened again: it follows the job still running
    _wait(browser, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, ".evening progress").is_displayed())
    assert not browser.find_element(By.CSS_SELECTOR, ".evening .print-kit").is_enabled()
    _text(browser, ".evening .state", lambda t: t == "комплект напечатан", timeout=240)
    assert re.fullmatch(r"комплект напечатан: \d+ файл(а|ов)?", _text(browser, ".evening .said", bool))
    links = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".evening a.pdf")]
    assert {"protocols.pdf", "table-cards.pdf", "itineraries.pdf"} <= set(links)
    href = browser.find_element(By.CSS_SELECTOR, ".evening a.pdf").get_attribute("href")
    assert "/desk/api/evenings/" in href and "code=BROWSERCODE1" in href
    browser.execute_script("document.querySelector('.evening').scrollIntoView({block: 'center'})")
    _shot(browser, "kit-done")

    browser.set_window_size(390, 844)
    wide = browser.execute_script(
        "return [document.documentElement, ...document.querySelectorAll('#app *')]"
        ".filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')"
        ".map((e) => e.id || e.className || e.tagName)"
    )
    assert wide == [], wide  # nothing scrolls sideways at 390 px
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= browser.execute_script("return window.innerWidth"), width
    _shot(browser, "phone")
