"""The desk in a real browser (headless Chromium at 1280 px, through Selenium) from an empty folder: the club
created, 20 names pasted (near names suggested, one confirmed as someone else), an evening of 16 made with its
movement previewed, its kit printed with the progress seen and its PDFs linked; the page fits 390 px.
Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import re

import pytest
from browsing import absent, click, find, fits_390, serving, shot, text, wait
from nights import free_port

pytestmark = absent

NAMES = [
    "Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Смирнова Анна", "Фёдоров Николай", "Егорова Наталья",
    "Павлов Виктор", "Степанов Олег", "Лебедев Игорь", "Семёнов Юрий", "Новикова Ольга", "Волков Павел",
    "Михайлов Андрей", "Козлова Мария", "Орлов Денис", "Зайцев Артём", "Белова Ирина", "Громов Антон",
    "Иванов И.", "Петров Петр",
]  # fmt: skip


@pytest.fixture
def desk(tmp_path, monkeypatch):

    from prefprint.server.desk import create_desk_app

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    port = free_port()
    app = create_desk_app(tmp_path, "BROWSERCODE1", hosts=(f"127.0.0.1:{port}",))
    for _ in serving(app, port):
        yield f"http://127.0.0.1:{port}/?code=BROWSERCODE1", tmp_path


def test_a_club_evening_from_an_empty_folder(desk, browser):
    from selenium.webdriver.common.by import By

    url, folder = desk
    browser.get(url)
    find(browser, "#club-form input[name=title]").send_keys("Клуб «Пуля»")
    click(browser, "#save-club")
    text(browser, "#heading", lambda t: t.endswith("Клуб «Пуля»"))
    assert (folder / "club.toml").is_file() and (folder / "players.toml").is_file()

    find(browser, "#names").send_keys("\n".join(NAMES))
    click(browser, "#add-players")
    added = text(browser, "#added", lambda t: "Громов Антон" in t)
    assert "Иванов И." not in added
    suggested = text(browser, ".suggested", lambda t: "Иванов И." in t)
    assert "Иванов И. — похоже на Иванов Иван" in suggested and "Петров Петр — похоже на Петров Пётр" in suggested
    shot(browser, "players")
    click(browser, '.suggested button[data-name="Иванов И."]')
    text(browser, ".suggested", lambda t: "Добавлены: Иванов И." in t)
    text(browser, "#registry summary", lambda t: t.endswith(": 19"))

    find(browser, "#evening-form input[name=title]").send_keys("Клубный вечер")
    boxes = browser.find_elements(By.CSS_SELECTOR, "#picks input")
    assert len(boxes) == 19
    for box in boxes[:15]:
        box.click()
    text(browser, "#preview", lambda t: t.startswith("3 стола, 5 туров, 24 сдачи"))  # 15: three rest each round
    find(browser, "#find").send_keys("белова")
    visible = [b for b in browser.find_elements(By.CSS_SELECTOR, "#picks label") if b.is_displayed()]
    assert [b.text for b in visible] == ["Белова Ирина"]
    visible[0].find_element(By.TAG_NAME, "input").click()
    text(browser, "#preview", lambda t: t.startswith("4 стола, 7 туров, 28 сдач"))
    assert text(browser, "#picked", bool).strip() == "Выбрано: 16"
    shot(browser, "evening")
    click(browser, "#create-evening")
    row = find(browser, ".evening .print-kit")
    visible = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#picks label") if b.is_displayed()]
    assert visible == ["Белова Ирина"]  # the list read again, still found by the name typed
    assert list((folder / "evenings").iterdir())[0].name.endswith("-klubnyi-vecher.toml")

    row.click()
    wait(browser, 40).until(lambda d: d.find_element(By.CSS_SELECTOR, ".evening progress").is_displayed())
    browser.execute_script("document.querySelector('.evening').scrollIntoView({block: 'center'})")
    shot(browser, "kit-running")
    browser.refresh()  # the page left and opened again: it follows the job still running
    wait(browser, 40).until(lambda d: d.find_element(By.CSS_SELECTOR, ".evening progress").is_displayed())
    assert not browser.find_element(By.CSS_SELECTOR, ".evening .print-kit").is_enabled()
    text(browser, ".evening .state", lambda t: t == "комплект напечатан", timeout=240)
    assert re.fullmatch(r"комплект напечатан: \d+ файл(а|ов)?", text(browser, ".evening .said", bool))
    links = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".evening a.pdf")]
    assert {"protocols.pdf", "table-cards.pdf", "itineraries.pdf"} <= set(links)
    href = browser.find_element(By.CSS_SELECTOR, ".evening a.pdf").get_attribute("href")
    assert "/desk/api/evenings/" in href and "code=BROWSERCODE1" in href
    browser.execute_script("document.querySelector('.evening').scrollIntoView({block: 'center'})")
    shot(browser, "kit-done")

    fits_390(browser)
    shot(browser, "phone")
