"""Check-in in a real browser (headless Chromium through Selenium): an evening of 16 with its kit printed, one
player unticked and a walk-in typed, the players saved, the movement recomputed, what differs from the kit said,
and the kit printed again with one click. Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import pytest
from browsing import absent, click, find, shot, text
from helpers import chromium, start_uvicorn, stub_render
from nights import free_port
from test_routes import NAMES

from prefprint.app import evenings
from prefprint.app.club_files import ClubFolder, add_players, save_club
from prefprint.io.spec import load_competition

pytestmark = absent


@pytest.fixture
def desk(tmp_path, monkeypatch):
    from prefprint.server.desk import create_desk_app

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    club = ClubFolder(tmp_path)
    save_club(club, {"title": "Клуб"})
    add_players(club, {"names": NAMES})
    ids = [p["id"] for p in evenings.club_view(club)["players"]]
    evening = evenings.create_evening(club, {"title": "Вечер", "date": "2026-12-05", "players": ids[:16]})["id"]
    evenings.print_kit(club, evening)
    port = free_port()
    app = create_desk_app(tmp_path, "BROWSERCODE1", hosts=(f"127.0.0.1:{port}",))
    srv, thread = start_uvicorn(app, port)
    yield f"http://127.0.0.1:{port}/?code=BROWSERCODE1", tmp_path, evening
    srv.should_exit = True
    thread.join(10)


def test_fifteen_came_and_one_walked_in(desk):
    from selenium.webdriver.common.by import By

    url, folder, evening = desk
    browser = chromium(1280, 900)
    try:
        browser.get(url)
        click(browser, ".checkin summary")
        text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 16")
        boxes = browser.find_elements(By.CSS_SELECTOR, ".checkin-players input")
        assert len(boxes) == 16 and all(b.is_selected() for b in boxes)
        text(browser, ".checkin-changes", lambda t: "всё как в напечатанном комплекте" in t)
        boxes[0].click()  # Иванов Иван stayed home
        text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 15")
        find(browser, ".checkin input.walk-in").send_keys("Громов А.")  # not the registry's spelling
        click(browser, ".checkin .walk-in-add")
        asked = text(browser, ".checkin .walk-in-asked", lambda t: "похоже на" in t)
        assert asked.startswith("Громов А. — похоже на Громов Антон")
        click(browser, ".checkin .walk-in-same")  # the same person: nobody new in the registry
        text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 16")
        assert "Громов А." not in (folder / "players.toml").read_text(encoding="utf-8")
        click(browser, ".checkin .save-players")
        changes = text(browser, ".checkin-changes", lambda t: "новые игроки" in t)
        assert "новые игроки (1): Громов Антон" in changes and "не пришли (1): Иванов Иван" in changes
        assert text(browser, ".checkin-movement", bool).startswith("4 стола, 7 туров, 28 сдач")
        names = [p.name for p in load_competition(folder / "evenings" / f"{evening}.toml").session(1).players]
        assert names[0] == "Громов Антон" and "Иванов Иван" not in names and len(names) == 16
        shot(browser, "checkin")
        click(browser, ".checkin .reprint")
        text(browser, ".evening .said", lambda t: t.startswith("комплект напечатан"), timeout=60)
        printed = (folder / "output" / evening / "start-list.html").read_text(encoding="utf-8")
        assert "Громов Антон" in printed and "Иванов Иван" not in printed
    finally:
        browser.quit()
