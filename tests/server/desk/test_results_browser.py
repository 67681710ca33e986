"""The desk's rulings and results in a real browser (headless Chromium through Selenium): an evening printed and
its rows typed in; a ruling with a mistake refused beside its field, then added and removed; the results published
with the click, final, the season's site updated, each opened from its link. Skipped where chromium or
chromedriver is absent."""

from __future__ import annotations

import pytest
from browsing import absent, click, find, shot, text, wait
from helpers import start_uvicorn, stub_render
from nights import free_port
from test_routes import NAMES, wait_job

from prefprint.engine.fills import random_fills
from prefprint.io.spec import load_competition
from prefprint.io.workbook import fill_workbook

pytestmark = absent
CODE = "BROWSERCODE2"


@pytest.fixture
def desk(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from prefprint.server.desk import create_desk_app

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    monkeypatch.setattr("prefprint.app.publish.pdf.render_pdfs", stub_render)
    port = free_port()
    app = create_desk_app(tmp_path, CODE, hosts=(f"127.0.0.1:{port}", "testserver"))
    client = TestClient(app, headers={"X-Desk-Code": CODE})
    client.put("/desk/api/club", json={"title": "Клуб"})
    client.post("/desk/api/players", json={"names": NAMES})
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]][:12]
    evening = client.post("/desk/api/evenings", json={"title": "Вечер", "date": "2026-12-05", "players": ids}).json()
    assert wait_job(client, client.post(f"/desk/api/evenings/{evening['id']}/kit").json()["job"])["state"] == "done"
    event = load_competition(tmp_path / evening["spec"]).sessions[0]
    workbook = tmp_path / "output" / evening["id"] / "protocols.xlsx"
    fill_workbook(workbook, workbook, random_fills(event, 3)[0])
    srv, thread = start_uvicorn(app, port)
    yield f"http://127.0.0.1:{port}/?code={CODE}", tmp_path, evening["id"]
    srv.should_exit = True
    thread.join(10)


def test_a_ruling_added_and_the_results_published_from_the_page(desk, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, folder, evening = desk
    browser.get(url)
    click(browser, ".rulings summary")
    text(browser, ".rulings-list", lambda t: t == "Решений нет")
    Select(find(browser, f"#ruling-{evening}-kind")).select_by_value("penalty")
    assert not browser.find_element(By.ID, f"ruling-{evening}-mp").find_element(By.XPATH, "..").get_attribute("hidden")
    assert browser.find_element(By.ID, f"ruling-{evening}-deals").find_element(By.XPATH, "..").get_attribute("hidden")
    find(browser, f"#ruling-{evening}-player").send_keys("3")
    find(browser, f"#ruling-{evening}-percent").send_keys("150")
    find(browser, f"#ruling-{evening}-reason").send_keys("Шум за столом")
    click(browser, ".add-ruling")
    said = text(browser, '.ruling-form .field-error[data-for="percent"]', bool)
    assert "150" in said
    assert not (folder / "evenings" / f"{evening}.rulings.toml").exists()
    find(browser, f"#ruling-{evening}-percent").clear()
    find(browser, f"#ruling-{evening}-percent").send_keys("25")
    click(browser, ".add-ruling")
    listed = text(browser, ".rulings-list li", lambda t: "Шум за столом" in t)
    assert listed.startswith("штраф — Игрок (номер): 3; Процент: 25.")
    shot(browser, "rulings")

    click(browser, ".publish-results")
    text(browser, ".results-state", lambda t: t == "Итоги: окончательные", timeout=120)
    links = {a.text: a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "a.results-link")}
    assert set(links) == {"Итоги (сайт)", "Итоги (PDF)", "Итоги (XLSX)", "Сайт сезона"}
    assert all(f"code={CODE}" in href for href in links.values())
    browser.execute_script("document.querySelector('.results').scrollIntoView({block: 'center'})")
    shot(browser, "results")
    browser.get(links["Сайт сезона"])
    assert "Вечер" in browser.find_element(By.TAG_NAME, "body").text
    browser.get(links["Итоги (сайт)"])
    first = browser.find_element(By.CSS_SELECTOR, "a[href$='.html']")
    first.click()  # a link inside the site, without the code: the cookie opens it
    wait(browser).until(lambda d: "desk.forbidden" not in d.page_source and d.current_url != links["Итоги (сайт)"])
    assert "errors" not in browser.find_element(By.TAG_NAME, "body").text

    browser.get(url)
    click(browser, ".rulings summary")
    click(browser, ".remove-ruling")
    text(browser, ".rulings-list", lambda t: t == "Решений нет")
    assert "[[rulings]]" not in (folder / "evenings" / f"{evening}.rulings.toml").read_text(encoding="utf-8")
