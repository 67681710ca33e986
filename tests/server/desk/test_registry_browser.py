"""The desk's registry in a real browser at a phone's 390 px, by keyboard where it can be: a player renamed and
given an alias, an entry merged into another found by typing, members imported from a CSV file chosen on the
page. Skipped where chromium or chromedriver is absent."""

from __future__ import annotations

import pytest
from browsing import absent, click, find, serving, shot, text, wait
from nights import free_port

from prefprint.app import club_files
from prefprint.app.club_files import ClubFolder
from prefprint.io.club import load_registry

pytestmark = absent


@pytest.fixture
def desk(tmp_path):
    from prefprint.server.desk import create_desk_app

    folder = ClubFolder(tmp_path)
    club_files.save_club(folder, {"title": "Клуб", "language": "ru"})
    names = ["Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Иванов И."]
    club_files.add_players(folder, {"names": names, "confirm": True})
    port = free_port()
    for _ in serving(create_desk_app(tmp_path, "BROWSERCODE2", hosts=(f"127.0.0.1:{port}",)), port):
        yield f"http://127.0.0.1:{port}/?code=BROWSERCODE2", tmp_path


def test_a_player_edited_merged_and_members_imported_at_390_px(desk, phone):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    url, folder = desk
    phone.get(url)
    click(phone, "#registry summary")
    click(phone, 'li[data-id="petrov-petr"] .edit')
    name = find(phone, ".player-edit input[name=name]")
    assert phone.switch_to.active_element == name  # the name is ready to be typed
    name.send_keys(" Ильич")
    phone.find_element(By.CSS_SELECTOR, ".player-edit textarea").send_keys("Петров П.")
    click(phone, ".save-player")
    text(phone, 'li[data-id="petrov-petr"]', lambda t: "Петров Пётр Ильич (Петров П.)" in t)

    click(phone, 'li[data-id="ivanov-i"] .merge-into')
    keep = find(phone, ".player-merge input[name=keep]")
    keep.send_keys("иванов ив")
    find(phone, '.merge-choices button[data-id="ivanov-ivan"]')
    keep.send_keys(Keys.ENTER)  # the first found taken, the merge button focused
    says = text(phone, ".merge-says", bool)
    assert "«Иванов И.»" in says and "за «Иванов Иван»" in says
    shot(phone, "registry-merge")
    phone.switch_to.active_element.send_keys(Keys.ENTER)
    text(phone, "#registry summary", lambda t: t.endswith(": 3"))
    assert phone.find_element(By.CSS_SELECTOR, "#registry").get_attribute("open") is not None  # left open
    assert "(Иванов И.)" in phone.find_element(By.CSS_SELECTOR, 'li[data-id="ivanov-ivan"]').text

    members = folder / "члены.csv"
    members.write_text("№;ФИО\n1;Орлов Денис\n2;Иванов И.\n3;Сидоров С.\n", encoding="cp1251")
    phone.find_element(By.CSS_SELECTOR, "#import-file").send_keys(str(members))
    text(phone, "#import-answer", lambda t: "Добавлены: Орлов Денис" in t)
    assert "Сидоров С. — похоже на Сидоров Сергей" in text(phone, "#import-answer .suggested", bool)
    text(phone, "#registry summary", lambda t: t.endswith(": 4"))
    assert [p.name for p in load_registry(folder / "players.toml", "ru")][-1] == "Орлов Денис"

    bad = folder / "bad.csv"
    bad.write_text("ФИО\n=1+1\n", encoding="utf-8")
    phone.find_element(By.CSS_SELECTOR, "#import-file").send_keys(str(bad))
    text(phone, '#import-form .field-error[data-for="file"]', lambda t: "ячейка A2: формула" in t)
    phone.execute_script("document.getElementById('registry-part').scrollIntoView()")
    shot(phone, "registry-phone")
    wait(phone).until(lambda d: d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"))
