"""The club's files: club.toml and the registry read with every problem at its line and key, in the club's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prefprint.errors import PrefprintError
from prefprint.io.club import (
    ClubError,
    EveningsMissing,
    add_players,
    evening_folders,
    load_club,
    load_registry,
    patterns_unmatched,
    read_evening,
)

CLUB = """[club]
title = "Клуб «Пуля»"
language = "ru"
events = ["evenings/*/results", "evenings/2026-10-01/results"]

[[seasons]]
title = "Осень"
from = 2026-09-01
to = 2026-11-30
count = 6
min_events = 3
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_club_file_is_read_with_its_seasons(tmp_path):
    club = load_club(write(tmp_path, "club.toml", CLUB))
    assert club.title == "Клуб «Пуля»" and club.language == "ru"
    assert club.registry == tmp_path / "players.toml"
    (season,) = club.seasons
    assert (season.title, season.rules.count, season.rules.min_events, season.rules.score) == ("Осень", 6, 3, "percent")
    assert club.grade.half_life == 300


def test_every_mistake_of_a_club_file_is_said_at_its_line_and_key(tmp_path):
    text = CLUB.replace("count = 6", "count = -1").replace("min_events = 3", 'score = "place"\nsizes = 3')
    with pytest.raises(ClubError) as e:
        load_club(write(tmp_path, "club.toml", text))
    said = e.value.text("ru")
    assert "строка 10, seasons[1].count" in said
    assert "может быть, «places»?" in said
    assert "строка 12, seasons[1].sizes" in said
    assert len(e.value.problems) == 3


def test_a_syntax_error_names_its_line_in_the_clubs_language(tmp_path):
    with pytest.raises(ClubError) as e:
        load_club(write(tmp_path, "club.toml", CLUB.replace("count = 6", "count = = 6")))
    assert "строка 10, столбец 9" in e.value.text("ru")
    english = CLUB.replace('language = "ru"', 'language = "en"').replace("count = 6", "count 6")
    with pytest.raises(ClubError) as e:
        load_club(write(tmp_path, "club.toml", english))
    assert e.value.lang == "en" and "line 10" in e.value.text(e.value.lang)


def test_a_season_that_ends_before_it_starts_is_refused(tmp_path):
    with pytest.raises(ClubError, match="before it starts"):
        load_club(write(tmp_path, "club.toml", CLUB.replace("to = 2026-11-30", "to = 2026-08-30")))


def test_one_id_or_name_twice_in_the_registry_names_both_lines(tmp_path):
    text = """[[players]]
id = "ivanov"
name = "Иванов Иван"

[[players]]
id = "ivanov"
name = "Иванов Игорь"

[[players]]
id = "ivanov-2"
name = "Иванов Игорь"
aliases = ["иванов  иван"]
"""
    with pytest.raises(ClubError) as e:
        load_registry(write(tmp_path, "players.toml", text), "ru")
    said = e.value.text("ru")
    assert "id «ivanov» уже у игрока в строке 1; строка 5 повторяет его" in said
    assert "имя «Иванов Игорь» уже у игрока в строке 5, а здесь (строка 9)" in said
    assert "имя «иванов  иван» уже у игрока в строке 1, а здесь (строка 9)" in said


def test_newcomers_are_appended_and_the_registry_keeps_its_own_text(tmp_path):
    path = write(tmp_path, "players.toml", '# the club\n[[players]]\nid = "a"\nname = "А Б"  # founder\n')
    add_players(path, [("sidorov-petr", "Сидоров Пётр")])
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# the club\n[[players]]\nid = "a"\nname = "А Б"  # founder\n')
    assert [p.id for p in load_registry(path, "ru")] == ["a", "sidorov-petr"]


def test_an_evening_found_by_two_patterns_is_found_once(tmp_path):
    (tmp_path / "evenings" / "2026-10-01" / "results").mkdir(parents=True)
    (tmp_path / "evenings" / "2026-10-08" / "results").mkdir(parents=True)
    club = load_club(write(tmp_path, "club.toml", CLUB))
    assert [p.parent.name for p in evening_folders(club)] == ["2026-10-01", "2026-10-08"]


def test_a_results_folder_without_results_json_says_how_to_publish_it_again(tmp_path):
    with pytest.raises(PrefprintError) as e:
        read_evening(tmp_path)
    assert e.value.text("ru") == (
        f"в папке {tmp_path} нет итогов: туда ещё не публиковали итоги вечера; опубликуйте их: "
        f"prefprint results ОПИСАНИЕ КНИГА… -o {tmp_path}"
    )  # an empty folder: nothing was published, not "an older version"
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    with pytest.raises(PrefprintError) as e:
        read_evening(tmp_path)
    assert "прежней версией prefprint" in e.value.text("ru") and "results.json" in e.value.text("ru")
    (tmp_path / "results.json").write_text(json.dumps({"format": 2}), encoding="utf-8")
    with pytest.raises(PrefprintError, match="format 2"):
        read_evening(tmp_path)


def test_a_registry_named_but_missing_is_refused_at_its_line(tmp_path):
    write(tmp_path, "players.toml", "")
    text = CLUB.replace('language = "ru"', 'language = "ru"\nregistry = "player.toml"')
    with pytest.raises(ClubError) as e:
        load_club(write(tmp_path, "club.toml", text))
    assert e.value.text("ru") == (
        f"{tmp_path / 'club.toml'} — 1 ошибка:\n  - строка 4, club.registry: реестра игроков {tmp_path / 'player.toml'}"
        " нет; может быть, «players.toml»? Исправьте имя файла или создайте его (пустой файл — пустой реестр)"
    )
    assert load_club(write(tmp_path, "club.toml", CLUB)).registry == tmp_path / "players.toml"  # not named: the default


def test_a_registry_not_named_and_not_there_is_empty(tmp_path):
    club = load_club(write(tmp_path, "club.toml", CLUB))
    assert load_registry(club.registry, "ru") == []


def test_a_registry_id_may_be_a_number(tmp_path):
    path = write(
        tmp_path, "players.toml", '[[players]]\nid = 7014\nname = "А Б"\n\n[[players]]\nid = "7014"\nname = "В Г"\n'
    )
    with pytest.raises(ClubError) as e:
        load_registry(path, "ru")
    assert "id «7014» уже у игрока в строке 1; строка 5 повторяет его" in e.value.text("ru")
    path.write_text('[[players]]\nid = 7014\nname = "А Б"\n', encoding="utf-8")
    assert [(p.id, p.name) for p in load_registry(path, "ru")] == [("7014", "А Б")]


def test_the_ids_merged_into_a_player_are_his_and_no_one_elses(tmp_path):
    text = '[[players]]\nid = "a"\nname = "А Б"\nmerged = ["b", 7014]\n'
    path = write(tmp_path, "players.toml", text)
    assert [(p.id, p.merged) for p in load_registry(path, "ru")] == [("a", ("b", "7014"))]
    path.write_text(text + '\n[[players]]\nid = "b"\nname = "В Г"\nmerged = "c"\n', encoding="utf-8")
    with pytest.raises(ClubError) as e:
        load_registry(path, "ru")
    said = e.value.text("ru")
    assert "id «b» уже у игрока в строке 1; строка 6 повторяет его" in said
    assert "merged — список id объединённых записей" in said


def test_names_that_match_silently_are_one_spelling_in_the_registry(tmp_path):
    text = '[[players]]\nid = "a"\nname = "Иванов Иван"\n\n[[players]]\nid = "b"\nname = "Иванoв  Иван"\n'
    with pytest.raises(ClubError) as e:
        load_registry(write(tmp_path, "players.toml", text), "ru")
    assert "имя «Иванoв  Иван» уже у игрока в строке 1, а здесь (строка 5)" in e.value.text("ru")


MANY = CLUB.replace(
    'events = ["evenings/*/results", "evenings/2026-10-01/results"]',
    'events = [\n    "evenings/*/results",\n    "outptu/ev*/results",\n]',
)


def test_a_pattern_that_finds_nothing_is_said_at_its_line(tmp_path):
    (tmp_path / "evenings" / "2026-10-01" / "results").mkdir(parents=True)
    club = load_club(write(tmp_path, "club.toml", MANY))
    assert club.event_lines == (5, 6)
    (said,) = patterns_unmatched(club)
    assert said.text("ru") == (
        f"{tmp_path / 'club.toml'}, строка 6, club.events[2]: по шаблону «outptu/ev*/results» не найдено ни одной"
        " папки (шаблоны — относительно папки club.toml)"
    )


def test_no_pattern_finding_anything_is_an_error_naming_each(tmp_path):
    club = load_club(write(tmp_path, "club.toml", MANY))
    with pytest.raises(EveningsMissing) as e:
        patterns_unmatched(club)
    said = e.value.text("ru")
    assert said.startswith(f"{tmp_path / 'club.toml'} — 2 ошибки:")
    assert "строка 5, club.events[1]: по шаблону «evenings/*/results»" in said
    assert "строка 6, club.events[2]: по шаблону «outptu/ev*/results»" in said
    assert e.value.exit_code == 2


def test_a_club_file_without_events_is_refused(tmp_path):
    with pytest.raises(ClubError) as e:
        load_club(write(tmp_path, "club.toml", CLUB.replace("events = [", "events = []\n# [")))
    assert "строка 4, club.events: не сказано, где итоги вечеров" in e.value.text("ru")


def test_a_place_of_an_evenings_ranking_is_read_as_numbers():
    from prefprint.io.club import ranking_place

    assert ranking_place("3–4") == (3, 4) and ranking_place("7") == (7, 7)
    with pytest.raises(ValueError):
        ranking_place("third")


def test_the_upload_address_of_the_clubs_site_is_read_and_a_wrong_one_said_at_its_line(tmp_path):
    club = load_club(write(tmp_path, "club.toml", CLUB + '\n[publish]\nupload = "sftp://club@example.org/www"\n'))
    assert (club.upload, club.upload_key) == ("sftp://club@example.org/www", "")
    assert load_club(write(tmp_path, "club.toml", CLUB)).upload == ""
    text = CLUB + '\n[publish]\nupload = "http://example.org/www"\nkey = 7\nurl = "x"\n'
    with pytest.raises(ClubError) as e:
        load_club(write(tmp_path, "club.toml", text))
    said = e.value.text("en")
    assert "publish.upload" in said and "not understood" in said and "publish.key" in said and "publish.url" in said
    assert len(e.value.problems) == 3
