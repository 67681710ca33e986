"""The registry edited as the desk edits it: a name and aliases changed, two entries merged (the season then counts
both entries' evenings for the one kept, the specs naming the dropped id rewritten), members imported from CSV and
XLSX; every refusal lists its problems and writes nothing."""

from __future__ import annotations

import base64
import io
import tomllib

import pytest
from openpyxl import Workbook
from test_season import NAMES, evening

from prefprint.app import club_files
from prefprint.app.club_files import ClubFolder, FormError, NotFound
from prefprint.app.registry_edits import edit_player, import_members, merge_players
from prefprint.app.season import build, run
from prefprint.io.club import load_club, load_registry
from prefprint.io.toml_saving import StaleFile

REGISTRY = """# the club's players, kept by hand

[[players]]
id = "ivanov-ivan"  # since 2020
name = "Иванов Иван"

[[players]]
id = "ivanov-i"
name = "Иванов И."
aliases = ["Ivanov I."]  # as the federation writes him

[[players]]
id = 7014
name = "Семёнов Юрий"
"""
SPEC = """# an evening, by hand
[event]
title = "Вечер"
date = 2026-10-15

[[players]]
number = 1
name = "Иванов И."
id = "ivanov-i"  # the short entry

[[players]]
number = 2
name = "Семёнов Юрий"
id = "7014"
"""


@pytest.fixture
def desk(tmp_path):
    club_files.save_club(ClubFolder(tmp_path), {"title": "Клуб «Пуля»", "language": "ru"})
    (tmp_path / "players.toml").write_text(REGISTRY, encoding="utf-8")
    return ClubFolder(tmp_path)  # a desk started on the club as a person left it


def fields(e: FormError) -> list[str]:
    return [f for f, _ in e.problems]


def registry(desk) -> dict:
    return {p.id: p for p in load_registry(desk.folder / "players.toml", "ru")}


# --------------------------------------------------------------------------- a player edited


def test_a_name_and_its_aliases_are_changed_the_comments_kept(desk):
    got = edit_player(desk, "ivanov-ivan", {"name": "  Иванов   Иван ", "aliases": ["Иванов Ив.", "иванов ив.", ""]})
    assert got == {"id": "ivanov-ivan", "name": "Иванов Иван", "aliases": ["Иванов Ив."], "merged": []}
    text = (desk.folder / "players.toml").read_text(encoding="utf-8")
    assert 'id = "ivanov-ivan"  # since 2020' in text and 'aliases = ["Ivanov I."]  # as the federation' in text
    assert registry(desk)["ivanov-ivan"].aliases == ("Иванов Ив.",)
    edit_player(desk, "7014", {"name": "Семёнов Юрий Ильич"})  # a number's id, the aliases left out kept
    assert registry(desk)["7014"].name == "Семёнов Юрий Ильич"
    edit_player(desk, "ivanov-i", {"name": "Иванов И.", "aliases": []})
    assert "aliases" not in tomllib.loads((desk.folder / "players.toml").read_text(encoding="utf-8"))["players"][1]


def test_another_players_spelling_and_bad_values_are_said_per_field_and_nothing_written(desk):
    before = (desk.folder / "players.toml").read_text(encoding="utf-8")
    with pytest.raises(FormError) as e:
        edit_player(desk, "ivanov-ivan", {"name": "ivanov i.", "aliases": ["Семёнов  Юрий", 5, "x" * 101, "a\x07"]})
    assert fields(e.value) == ["aliases.1", "aliases.2", "aliases.3", "name", "aliases.0"]
    assert "уже у игрока «Иванов И.»" in e.value.text("ru")
    with pytest.raises(FormError) as e:
        edit_player(desk, "ivanov-ivan", {"name": "", "aliases": "Иванов"})
    assert fields(e.value) == ["name", "aliases"]
    with pytest.raises(FormError) as e:
        edit_player(desk, "ivanov-ivan", {"name": "Иванов Иван", "aliases": ["x"] * 51})
    assert fields(e.value) == ["aliases"]
    with pytest.raises(NotFound):
        edit_player(desk, "../club", {"name": "X"})
    assert (desk.folder / "players.toml").read_text(encoding="utf-8") == before


def test_a_registry_edited_by_hand_since_it_was_read_is_not_saved_over(desk):
    edit_player(desk, "ivanov-ivan", {"name": "Иванов Иван"})
    path = desk.folder / "players.toml"
    hand = path.read_text(encoding="utf-8") + '\n[[players]]\nid = "x"\nname = "Орлов Денис"\n'
    path.write_text(hand, encoding="utf-8")
    with pytest.raises(StaleFile):
        edit_player(desk, "ivanov-ivan", {"name": "Иванов Иван Петрович"})
    with pytest.raises(StaleFile):
        merge_players(desk, {"keep": "ivanov-ivan", "drop": "ivanov-i"})
    assert path.read_text(encoding="utf-8") == hand


# --------------------------------------------------------------------------- two entries merged


def test_a_merge_makes_the_dropped_spellings_aliases_and_rewrites_the_specs_naming_it(desk):
    spec = desk.folder / "evenings" / "2026-10-15-vecher.toml"
    spec.parent.mkdir()
    spec.write_text(SPEC, encoding="utf-8")
    got = merge_players(desk, {"keep": "ivanov-ivan", "drop": "ivanov-i"})
    assert got["kept"] == {
        "id": "ivanov-ivan", "name": "Иванов Иван", "aliases": ["Иванов И.", "Ivanov I."], "merged": ["ivanov-i"],
    }  # fmt: skip
    assert got["specs"] == ["evenings/2026-10-15-vecher.toml"]
    players = registry(desk)
    assert set(players) == {"ivanov-ivan", "7014"} and players["ivanov-ivan"].merged == ("ivanov-i",)
    text = (desk.folder / "players.toml").read_text(encoding="utf-8")
    assert text.startswith("# the club's players, kept by hand") and "# since 2020" in text
    written = spec.read_text(encoding="utf-8")
    assert 'id = "ivanov-ivan"  # the short entry' in written and written.startswith("# an evening, by hand")
    assert 'name = "Иванов И."' in written  # the name printed on the kit stays
    # a merge of the kept entry into another carries the ids merged into it
    spec.unlink()  # (it names both)
    merge_players(desk, {"keep": 7014, "drop": "ivanov-ivan"})
    assert registry(desk)["7014"].merged == ("ivanov-ivan", "ivanov-i")
    # the id of an entry merged away is not given to a newcomer
    added = club_files.add_players(desk, {"names": ["Ivanov Ivan Junior"], "confirm": True})["added"]
    assert added[0]["id"] not in ("ivanov-ivan", "ivanov-i")


def test_a_merge_refused_says_why_and_writes_nothing(desk):
    spec = desk.folder / "evenings" / "2026-10-15-vecher.toml"
    spec.parent.mkdir()
    spec.write_text(SPEC, encoding="utf-8")
    before = (desk.folder / "players.toml").read_text(encoding="utf-8")
    cases = [
        ({"keep": "ivanov-i", "drop": "ivanov-i"}, ["drop"]),
        ({"keep": "nobody", "drop": True}, ["keep", "drop"]),
        ({}, ["keep", "drop"]),
        ({"keep": "ivanov-i", "drop": "7014"}, ["drop"]),  # both in one evening: two people
    ]
    for form, where in cases:
        with pytest.raises(FormError) as e:
            merge_players(desk, form)
        assert fields(e.value) == where, form
    assert "2026-10-15-vecher.toml" in e.value.text("ru")
    assert (desk.folder / "players.toml").read_text(encoding="utf-8") == before
    assert spec.read_text(encoding="utf-8") == SPEC


def test_after_a_merge_the_season_counts_both_entries_evenings_for_the_one_kept(desk):
    club_toml = desk.club_file
    season = '\n[[seasons]]\ntitle = "Осень"\nfrom = 2026-09-01\nto = 2026-11-30\n'
    club_toml.write_text(club_toml.read_text(encoding="utf-8") + season, encoding="utf-8")
    short = ["Иванов И."] + NAMES[1:]
    evening(desk.folder / "output" / "2026-10-01-a" / "results", "2026-10-01", NAMES, 1, {"Иванов Иван": "ivanov-ivan"})
    evening(desk.folder / "output" / "2026-10-08-b" / "results", "2026-10-08", short, 2, {"Иванов И.": "ivanov-i"})
    club = load_club(club_toml)
    before = build(club)
    assert {x.player: x.events for x in before.seasons[0][1]} == {"ivanov-ivan": 1, "ivanov-i": 1, "7014": 2}

    merge_players(desk, {"keep": "ivanov-ivan", "drop": "ivanov-i"})
    report = run(club, desk.folder / "site")
    lines = {x.player: x for x in report.seasons[0][1]}
    assert set(lines) == {"ivanov-ivan", "7014"} and lines["ivanov-ivan"].events == 2
    assert report.grades["ivanov-ivan"].deals == 8
    assert not [m for m in report.warnings if m.code.startswith("season.id")]
    assert (desk.folder / "site" / "players" / "ivanov-ivan.html").is_file()
    assert not (desk.folder / "site" / "players" / "ivanov-i.html").exists()


# --------------------------------------------------------------------------- members imported


def xlsx(rows: list[list]) -> bytes:
    wb = Workbook()
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def sent(name: str, data: bytes, **more) -> dict:
    return {"filename": name, "data": base64.b64encode(data).decode()} | more


def test_members_are_imported_from_a_workbook_and_a_csv_as_pasted_names_are(desk):
    book = xlsx([["№", "Фамилия", "Имя", "Рейтинг"], [1, "Сидоров", "Сергей", 1500], [2, "Иванов", "Иван", None]])
    got = import_members(desk, sent("члены клуба.xlsx", book))
    assert got["added"] == [{"id": "sidorov-sergei", "name": "Сидоров Сергей"}]
    assert got["known"] == [{"name": "Иванов Иван", "id": "ivanov-ivan"}]
    assert (got["file"], got["names"]) == ("члены клуба.xlsx", 2)
    csv = "Игрок;Клуб\r\nСмирнова Анна;Пуля\r\nСемёнов Ю.;Пуля\r\n".encode("cp1251")
    got = import_members(desk, sent("list.csv", csv))
    assert [p["name"] for p in got["added"]] == ["Смирнова Анна"]
    assert got["suggested"][0]["like"]["name"] == "Семёнов Юрий"
    got = import_members(desk, sent("list.csv", csv, confirm=True))
    assert [p["name"] for p in got["added"]] == ["Семёнов Ю."]
    # the titles under the list's own title
    titled = xlsx([["Список членов клуба «Пуля»"], [], ["№", "Ф.И.О.", "Телефон"], [1, "Громов Антон", "+7"]])
    assert [p["name"] for p in import_members(desk, sent("t.xlsx", titled))["added"]] == ["Громов Антон"]
    # no titles: the first column of text, every row a name (utf-8 with its BOM, commas)
    plain = "\ufeff1,Орлов Денис\n2,Белова Ирина\n".encode()
    assert [p["name"] for p in import_members(desk, sent("x.csv", plain))["added"]] == ["Орлов Денис", "Белова Ирина"]
    assert len(registry(desk)) == 9


@pytest.mark.parametrize(
    "name, data, said",
    [
        ("list.xlsx", b"not a zip at all", "«list.xlsx» — не книга Excel"),
        ("list.xls", b"\xd0\xcf\x11\xe0", "«list.xls» — не .xlsx и не .csv"),
        ("list.csv", b"", "в файле «list.csv» нет ни одного имени"),
        ("list.xlsx", xlsx([["ФИО"], ["=A1"], ["Орлов\u202eДенис"], [42]]), "ячейка A2: формула «=A1»"),
        ("list.csv", b"\xff\xfe\x98\x00", "не текст в UTF-8 или Windows-1251"),
        ("../../etc/list.csv", "\n".join(f"Игрок {i}" for i in range(1001)).encode(), "«list.csv» 1001 имён"),
        ("list.csv", b"\n" * 20_001 + "Орлов Денис".encode(), "больше 20000 строк"),
    ],
)
def test_a_bad_file_is_refused_naming_the_file_and_the_cell_and_nothing_is_written(desk, name, data, said):
    before = (desk.folder / "players.toml").read_text(encoding="utf-8")
    with pytest.raises(FormError) as e:
        import_members(desk, sent(name, data))
    assert said in e.value.text("ru"), e.value.text("ru")
    assert set(fields(e.value)) == {"file"}
    assert (desk.folder / "players.toml").read_text(encoding="utf-8") == before


def test_every_bad_cell_is_said_at_once(desk):
    with pytest.raises(FormError) as e:
        import_members(desk, sent("l.xlsx", xlsx([["ФИО"], ["=A1"], ["Орлов\u202eДенис"], [42], ["Я" * 101]])))
    said = e.value.text("en")
    for cell in ("A2: a formula", "A3: contains", "A4: a name is expected", "A5: text too long"):
        assert f"cell {cell}" in said, said


def test_a_request_without_a_file_or_with_broken_base64_is_refused(desk):
    for form in ({}, {"filename": "x.csv", "data": "!!!"}, {"filename": "x\x00.csv", "data": 5}):
        with pytest.raises(FormError):
            import_members(desk, form)
