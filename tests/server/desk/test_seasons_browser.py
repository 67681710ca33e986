"""The desk's seasons in a real browser at a phone's 390 px: a cup scored by places added (its place points asked
only once places are picked), a mistake shown beside its field, a season edited and one removed, club.toml then
holding what the page said. Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import pytest
from browsing import absent, click, find, serving, shot, text
from nights import free_port

from prefprint.app import club_files
from prefprint.app.club_files import ClubFolder
from prefprint.io.club import load_club

pytestmark = absent


@pytest.fixture
def desk(tmp_path):
    from prefprint.server.desk import create_desk_app

    club_files.save_club(ClubFolder(tmp_path), {"title": "Клуб", "language": "ru"})
    port = free_port()
    for _ in serving(create_desk_app(tmp_path, "BROWSERCODE3", hosts=(f"127.0.0.1:{port}",)), port):
        yield f"http://127.0.0.1:{port}/?code=BROWSERCODE3", tmp_path


def _set(driver, css, value):
    """A value put into an input (a date input's own typing depends on the browser's locale)."""
    driver.execute_script("arguments[0].value = arguments[1]", find(driver, css), value)


def test_a_season_added_edited_and_removed_at_390_px(desk, phone):
    url, folder = desk
    phone.get(url)
    text(phone, '#seasons li[data-n="1"]', lambda t: "в зачёт все вечера" in t and "средний %" in t)
    click(phone, "#seasons .season-add summary")
    form = ".season-add .season-form"
    assert not find(phone, f"{form} input[name=place_points]").is_displayed()  # percent: no place points
    find(phone, f"{form} input[name=title]").send_keys("Кубок осени")
    _set(phone, f"{form} input[name=from]", "2026-10-01")
    _set(phone, f"{form} input[name=to]", "2026-09-30")
    find(phone, f"{form} input[name=count]").send_keys("6")
    find(phone, f"{form} select[name=score] option[value=places]").click()
    points = find(phone, f"{form} input[name=place_points]")
    assert points.is_displayed()
    points.send_keys("20, 17, 15")
    click(phone, f"{form} .add-season")
    text(phone, f'{form} .field-error[data-for="to"]', lambda t: "2026-09-30" in t)
    assert len(load_club(folder / "club.toml").seasons) == 1  # nothing written
    phone.execute_script("document.querySelector('.season-add').scrollIntoView()")
    shot(phone, "season-form")
    _set(phone, f"{form} input[name=to]", "2026-11-30")
    click(phone, f"{form} .add-season")
    said = text(phone, '#seasons li[data-n="2"]', lambda t: "Кубок осени" in t)
    assert "лучшие вечера: 6" in said and "20, 17, 15" in said
    phone.execute_script("document.getElementById('seasons').scrollIntoView()")
    shot(phone, "seasons")

    click(phone, '#seasons li[data-n="2"] .edit-season')
    count = find(phone, '#seasons li[data-n="2"] input[name=count]')
    count.clear()
    count.send_keys("5")
    click(phone, '#seasons li[data-n="2"] .save-season')
    text(phone, '#seasons li[data-n="2"]', lambda t: "лучшие вечера: 5" in t)
    click(phone, '#seasons li[data-n="1"] .remove-season')
    text(phone, '#seasons li[data-n="1"]', lambda t: "Кубок осени" in t)
    (season,) = load_club(folder / "club.toml").seasons
    assert (season.title, season.rules.count, season.rules.place_points) == ("Кубок осени", 5, (20, 17, 15))
