"""Check-in in a real browser (headless Chromium through Selenium): an evening of 16 with its kit printed, one
player unticked and a walk-in typed, the players saved, the movement recomputed, what differs from the kit said,
and the kit printed again with one click. Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import shutil

import pytest
from helpers import DRIVER, chromium, start_uvicorn, stub_render
from test_routes import NAMES
from test_routes_browser import _click, _find, _free_port, _shot, _text

from prefprint.app import evenings
from prefprint.app.club_files import ClubFolder, add_players, save_club
from prefprint.io.spec import load_competition

pytestmark = pytest.mark.skipif(not (shutil.which("chromium") and DRIVER), reason="chromium or chromedriver absent")


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
    port = _free_port()
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
        _click(browser, ".checkin summary")
        _text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 16")
        boxes = browser.find_elements(By.CSS_SELECTOR, ".checkin-players input")
        assert len(boxes) == 16 and all(b.is_selected() for b in boxes)
        _text(browser, ".checkin-changes", lambda t: "всё как в напечатанном комплекте" in t)
        boxes[0].click()  # Иванов Иван stayed home
        _text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 15")
        _find(browser, ".checkin input.walk-in").send_keys("Громов А.")  # not the registry's spelling
        _click(browser, ".checkin .walk-in-add")
        asked = _text(browser, ".checkin .walk-in-asked", lambda t: "похоже на" in t)
        assert asked.startswith("Громов А. — похоже на Громов Антон")
        _click(browser, ".checkin .walk-in-same")  # the same person: nobody new in the registry
        _text(browser, ".checkin .came", lambda t: t.strip() == "Пришли: 16")
        assert "Громов А." not in (folder / "players.toml").read_text(encoding="utf-8")
        _click(browser, ".checkin .save-players")
        changes = _text(browser, ".checkin-changes", lambda t: "новые игроки" in t)
        assert "новые игроки (1): Громов Антон" in changes and "не пришли (1): Иванов Иван" in changes
        assert _text(browser, ".checkin-movement", bool).startswith("4 стола, 7 туров, 28 сдач")
        names = [p.name for p in load_competition(folder / "evenings" / f"{evening}.toml").session(1).players]
        assert names[0] == "Громов Антон" and "Иванов Иван" not in names and len(names) == 16
        _shot(browser, "checkin")
        _click(browser, ".checkin .reprint")
        _text(browser, ".evening .said", lambda t: t.startswith("комплект напечатан"), timeout=60)
        printed = (folder / "output" / evening / "start-list.html").read_text(encoding="utf-8")
        assert "Громов Антон" in printed and "Иванов Иван" not in printed
    finally:
        browser.quit()
