"""An evening's id, its spec's place inside the club's folder and its state read from what its folder holds."""

from __future__ import annotations

import datetime as dt

import pytest

from prefprint.app.club_files import ClubFolder, NotFound
from prefprint.app.evenings import new_id, spec_path, state_of


def test_the_state_is_what_the_folder_holds(tmp_path):
    folder = tmp_path / "output" / "2026-12-05-vecher"
    assert state_of(folder) == "planned"
    folder.mkdir(parents=True)
    (folder / "index.html").write_text("kit", encoding="utf-8")
    assert state_of(folder) == "kit"
    (folder / "scoring.sqlite").write_bytes(b"")
    assert state_of(folder) == "playing"
    (folder / "results").mkdir()
    (folder / "results" / "results.json").write_text("{}", encoding="utf-8")
    assert state_of(folder) == "published"


def test_an_id_is_latin_letters_and_taken_once(tmp_path):
    desk = ClubFolder(tmp_path)
    day = dt.date(2026, 12, 5)
    assert new_id(desk, day, "Клубный вечер №1, «Пуля»!") == "2026-12-05-klubnyi-vecher-no1-pulia"
    (tmp_path / "evenings").mkdir()
    (tmp_path / "evenings" / "2026-12-05-klubnyi-vecher.toml").write_text("", encoding="utf-8")
    assert new_id(desk, day, "Клубный вечер") == "2026-12-05-klubnyi-vecher-2"
    (tmp_path / "output" / "2026-12-05-vecher").mkdir(parents=True)  # a kit whose spec was removed
    assert new_id(desk, day, "Вечер") == "2026-12-05-vecher-2"
    assert new_id(desk, day, "Я" * 300) == "2026-12-05-" + "ia" * 20


@pytest.mark.parametrize(
    "evening", ["../club", "2026-12-05-x/../../y", "2026-12-05-", "2026-12-05-X", "club", "2026-12-05-nope", "", 5]
)
def test_an_evening_not_there_or_not_an_id_is_not_found(tmp_path, evening):
    (tmp_path / "evenings").mkdir()
    (tmp_path / "club.toml").write_text("", encoding="utf-8")
    with pytest.raises(NotFound):
        spec_path(ClubFolder(tmp_path), evening)
