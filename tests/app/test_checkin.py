"""Check-in on the night: the spec rewritten as the players came (a hand-written spec keeps its comments, the
kit's reader reads it), what differs from the printed kit said in words, a change refused once the evening is
played, and a spec changed since the page read it never saved over."""

from __future__ import annotations

import pytest
from helpers import stub_render

from prefprint.app import checkin, evenings
from prefprint.app.club_files import ClubFolder, FormError, add_players, save_club
from prefprint.io.layout import DB_FILE
from prefprint.io.spec import load_competition
from prefprint.io.toml_saving import StaleFile

NAMES = [
    "Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Смирнова Анна", "Фёдоров Николай", "Егорова Наталья",
    "Павлов Виктор", "Степанов Олег", "Лебедев Игорь", "Семёнов Юрий", "Новикова Ольга", "Волков Павел",
    "Михайлов Андрей", "Козлова Мария", "Орлов Денис", "Зайцев Артём", "Белова Ирина", "Громов Антон",
]  # fmt: skip

HAND = """# Our Friday evening, by hand.

[event]
title = "Пятница"   # the usual one
date = 2026-12-05
language = "ru"

[deals]
seed = 7

# the players as they signed up
[[players]]
number = 1
name = "Иванов Иван"
id = "ivanov-ivan"   # from the registry

[[players]]
name = "Гость"   # no id, no number
"""


@pytest.fixture
def club(tmp_path):
    desk = ClubFolder(tmp_path)
    save_club(desk, {"title": "Клуб", "language": "ru"})
    add_players(desk, {"names": NAMES})
    return desk


def _evening(desk: ClubFolder, n: int = 16) -> str:
    ids = [p["id"] for p in evenings.club_view(desk)["players"]][:n]
    return evenings.create_evening(desk, {"title": "Вечер", "date": "2026-12-05", "players": ids})["id"]


def _ids(view: dict) -> list[str]:
    return [p["id"] for p in view["players"]]


def test_a_hand_written_spec_keeps_its_comments_and_the_kit_reads_it(club):
    (club.folder / "evenings").mkdir()
    spec = club.folder / "evenings" / "2026-12-05-piatnitsa.toml"
    extra = "".join(f'\n[[players]]\nnumber = {n}\nname = "{NAMES[n - 2]}"\n' for n in range(3, 10))
    spec.write_text(HAND + extra, encoding="utf-8")
    view = checkin.players_view(club, spec.stem)
    assert _ids(view) == ["ivanov-ivan", *(f"#{n}" for n in range(3, 11))]  # the guest: the next after the last given
    assert view["kit"] is False and view["changes"] is None
    came = [i for i in _ids(view) if i != "#3"] + ["gromov-anton"]  # player 3 stayed home, Громов walked in
    after = checkin.set_players(club, spec.stem, {"players": came, "seen": view["seen"]})
    text = spec.read_text(encoding="utf-8")
    assert text.startswith(HAND.split("[[players]]\nname")[0])
    assert 'title = "Пятница"   # the usual one' in text and 'id = "ivanov-ivan"   # from the registry' in text
    assert 'name = "Гость"   # no id, no number\nnumber = 10' in text  # the number the reader gave, written down
    assert 'number = 3\nname = "Громов Антон"\nid = "gromov-anton"' in text  # the walk-in on the number freed
    assert "Петров Пётр" not in text
    players = load_competition(spec).session(1).players
    assert [(p.number, p.name) for p in players][:3] == [(1, "Иванов Иван"), (3, "Громов Антон"), (4, "Сидоров Сергей")]
    assert players[-1].number == 10 and players[-1].name == "Гость"
    assert len(after["players"]) == 9 and after["movement"]["players"] == 9


def test_the_kit_prints_from_the_rewritten_spec(club, monkeypatch, tmp_path):
    from click.testing import CliRunner

    from prefprint.cli import cli

    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    evening = _evening(club)
    view = checkin.players_view(club, evening)
    checkin.set_players(club, evening, {"players": _ids(view)[1:] + ["gromov-anton"], "seen": view["seen"]})
    spec = club.folder / "evenings" / f"{evening}.toml"
    result = CliRunner().invoke(cli, ["kit", str(spec), "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    assert "Громов Антон" in (tmp_path / "kit" / "start-list.html").read_text(encoding="utf-8")


def test_what_differs_from_the_printed_kit_is_said(club, monkeypatch):
    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    evening = _evening(club)
    evenings.print_kit(club, evening)
    view = checkin.players_view(club, evening)
    assert view["kit"] is True and view["changes"]["same"] is True
    assert view["changes"]["text"] == ["всё как в напечатанном комплекте"]
    # one no-show, one walk-in: the walk-in takes his seat, nobody else moves
    swap = checkin.set_players(club, evening, {"players": _ids(view)[1:] + ["gromov-anton"], "seen": view["seen"]})
    assert swap["changes"]["new"] == ["Громов Антон"] and swap["changes"]["gone"] == ["Иванов Иван"]
    assert swap["changes"]["moved"] == [] and swap["changes"]["resting"] == []
    # then one more stayed home: 15 at 4 tables, against the kit as printed
    assert _ids(swap)[:2] == ["gromov-anton", "petrov-petr"]  # the walk-in on the number freed
    came = [i for i in _ids(swap) if i != "petrov-petr"]
    fewer = checkin.set_players(club, evening, {"players": came, "seen": swap["seen"]})
    said = fewer["changes"]
    m = fewer["movement"]
    assert (m["players"], m["tables"], m["rounds"]) == (15, 3, 5)  # 15 players: 3 tables, 3 resting each round
    assert said["tables"] == [4, 3] and said["rounds"] == [7, 5]
    assert said["gone"] == ["Иванов Иван", "Петров Пётр"] and said["new"] == ["Громов Антон"]
    assert said["resting"] and said["same"] is False
    assert said["text"][0] == "было 4 стола и 7 туров, стало 3 стола и 5 туров"
    assert any(line.startswith("не пришли (2): Иванов Иван, Петров Пётр") for line in said["text"])
    assert any(line.startswith("теперь отдыхают") for line in said["text"])


def test_players_are_not_changed_once_the_evening_is_played(club):
    evening = _evening(club)
    view = checkin.players_view(club, evening)
    folder = evenings.output_folder(club, evening)
    folder.mkdir(parents=True)
    (folder / DB_FILE).write_bytes(b"")
    spec = club.folder / "evenings" / f"{evening}.toml"
    before = spec.read_bytes()
    with pytest.raises(checkin.Serving) as refused:
        checkin.set_players(club, evening, {"players": _ids(view)[1:], "seen": view["seen"]})
    assert "коды столов и записи привязаны к расстановке" in refused.value.text("ru")
    assert spec.read_bytes() == before


def test_a_spec_edited_since_it_was_read_is_not_saved_over(club):
    evening = _evening(club)
    view = checkin.players_view(club, evening)
    spec = club.folder / "evenings" / f"{evening}.toml"
    hand = spec.read_text(encoding="utf-8").replace("[deals]", "# moved by hand\n[deals]")
    spec.write_text(hand, encoding="utf-8")
    with pytest.raises(StaleFile):
        checkin.set_players(club, evening, {"players": _ids(view)[1:], "seen": view["seen"]})
    assert spec.read_text(encoding="utf-8") == hand
    again = checkin.players_view(club, evening)  # the page read again: the hand edit seen, the change made
    checkin.set_players(club, evening, {"players": _ids(again)[1:], "seen": again["seen"]})
    assert "# moved by hand" in spec.read_text(encoding="utf-8")


def test_a_field_no_movement_fits_is_refused_at_the_players(club):
    evening = _evening(club, 8)
    view = checkin.players_view(club, evening)
    spec = club.folder / "evenings" / f"{evening}.toml"
    before = spec.read_bytes()
    with pytest.raises(FormError) as refused:
        checkin.set_players(club, evening, {"players": _ids(view)[:5], "seen": view["seen"]})
    [(where, _)] = refused.value.problems
    assert where == "players" and "от 8 до 1000" in refused.value.text("ru")
    assert spec.read_bytes() == before
