"""A club's season built from its evenings' results.json: matching, standings, grades, the site and its refusals."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from prefprint.app.season import build, run, season_json
from prefprint.engine.matchpoints import matchpoint, rank
from prefprint.errors import PrefprintError
from prefprint.io.club import ClubError, load_club
from prefprint.words.numbers import span

REGISTRY = """[[players]]
id = "ivanov-ivan"
name = "Иванов Иван"
aliases = ["Иванов И."]

[[players]]
id = "semenov-iurii"
name = "Семёнов Юрий"
"""
NAMES = ["Иванов Иван", "Семёнов Юрий", "Петров Пётр", "Сидоров Сергей", "Смирнова Анна", "Попова Мария",
         "Кузнецов Алексей", "Васильев Дмитрий"]  # fmt: skip


def evening(folder: Path, date: str, names: list[str], seed: int, ids: dict | None = None) -> Path:
    """A results folder with a results.json as `prefprint results` writes it: 8 players, 2 tables, 4 deals."""
    rng = random.Random(seed)
    rows, totals = [], {n: [0, 0, 0] for n in range(1, len(names) + 1)}
    for deal in range(1, 5):
        order = list(range(1, len(names) + 1))
        rng.shuffle(order)
        tables = [order[:4], order[4:]]
        for s, seat in enumerate("NESW"):
            players = [t[s] for t in tables]
            mps = matchpoint([rng.randint(-50, 50) for _ in players])
            for table, (p, mp) in enumerate(zip(players, mps), 1):
                mates = [x for x in tables[table - 1] if x != p]
                rows.append({"session": 1, "deal": deal, "round": deal, "table": table, "seat": seat, "player": p,
                             "role": None, "whists": 0, "mp": mp, "max": 2, "adjusted": False, "mates": mates})  # fmt: skip
                totals[p][0] += mp
                totals[p][1] += 2
                totals[p][2] += 1
    standings = rank({p: tuple(v) for p, v in totals.items()})
    data = {
        "format": 1,
        "event": {
            "title": f"Вечер {date}",
            "date": date,
            "club": "Клуб",
            "venue": "",
            "language": "ru",
            "variant": "sochi",
            "table_size": 4,
        },  # fmt: skip
        "sessions": [{"session": 1, "title": "", "date": date, "deals": 4, "provisional": False}],
        "players": [
            {"number": i, "name": n, "id": (ids or {}).get(n), "card": f"players/player-{i}.html"}
            for i, n in enumerate(names, 1)
        ],  # fmt: skip
        "rows": rows,
        "ranking": [
            {
                "place": span(s.place),
                "player": s.player,
                "name": names[s.player - 1],
                "mp": s.mp,
                "max": s.max,
                "percent": s.percent,
                "percent_text": s.percent_text,
                "sessions": [],
            }
            for s in standings
        ],  # fmt: skip
    }
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder


def club(tmp_path: Path, seasons: str = "", registry: str = REGISTRY) -> Path:
    (tmp_path / "players.toml").write_text(registry, encoding="utf-8")
    path = tmp_path / "club.toml"
    text = '[club]\ntitle = "Клуб «Пуля»"\nevents = ["evenings/*", "evenings/2026-10-*"]\n'
    path.write_text(text + (seasons or '\n[[seasons]]\ntitle = "Осень"\nfrom = 2026-09-01\nto = 2026-11-30\n'),
                    encoding="utf-8")  # fmt: skip
    return path


def test_registered_players_are_ranked_over_the_evenings_of_the_season(tmp_path):
    for i, date in enumerate(["2026-10-01", "2026-10-08", "2026-10-15"]):
        evening(tmp_path / "evenings" / date, date, NAMES, seed=i)
    report = build(load_club(club(tmp_path)))
    ((season, lines, played),) = report.seasons
    assert [e.date.isoformat() for e in played] == ["2026-10-01", "2026-10-08", "2026-10-15"]  # each once
    assert {x.player for x in lines} == {"ivanov-ivan", "semenov-iurii"}
    assert all(x.events == 3 and len(x.counted) == 3 for x in lines)
    assert set(report.grades) == {"ivanov-ivan", "semenov-iurii"}
    assert all(g.deals == 12 for g in report.grades.values())
    out = season_json(report)
    assert [s["title"] for s in out["seasons"]] == ["Осень"]
    assert out["seasons"][0]["standings"][0]["counted"] == ["2026-10-01", "2026-10-08", "2026-10-15"]
    assert {g["id"] for g in out["grades"]} == {"ivanov-ivan", "semenov-iurii"}


def test_an_alias_matches_a_close_name_is_suggested_and_an_unknown_one_listed(tmp_path):
    names = ["Иванов И.", "Семенов Юрий"] + NAMES[2:]
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", names, seed=1)
    report = build(load_club(club(tmp_path)))
    said = [m.text("ru") for m in report.warnings]
    assert list(report.evenings[0].lines) == ["ivanov-ivan"]  # the alias; not the close «Семенов»
    assert any(
        "«Семенов Юрий» — возможно, «Семёнов Юрий» (ё вместо е)" in s and 'aliases = ["Семенов Юрий"]' in s
        for s in said
    )
    assert any("«Петров Пётр» нет в реестре" in s for s in said)
    assert any("--add-new" in s for s in said)


def test_add_new_registers_the_unknown_names_and_counts_them(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    path = club(tmp_path)
    report = build(load_club(path), add_new=True)
    assert [pid for pid, _ in report.added][:2] == ["petrov-petr", "sidorov-sergei"]
    assert len(report.evenings[0].lines) == 8
    text = (tmp_path / "players.toml").read_text(encoding="utf-8")
    assert text.startswith(REGISTRY) and 'id = "petrov-petr"\nname = "Петров Пётр"' in text
    assert not build(load_club(path)).added  # registered once


def test_a_spec_id_binds_a_player_whatever_his_name(tmp_path):
    names = ["Ваня"] + NAMES[1:]
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", names, seed=1, ids={"Ваня": "ivanov-ivan"})
    report = build(load_club(club(tmp_path)))
    assert report.evenings[0].lines["ivanov-ivan"]["name"] == "Ваня"


def test_an_evening_outside_every_season_is_said_and_the_same_evening_twice_counted_once(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    evening(tmp_path / "copy" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    evening(tmp_path / "evenings" / "2026-12-03", "2026-12-03", NAMES, seed=2)
    path = club(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace('"evenings/*"', '"evenings/*", "copy/*"'), encoding="utf-8"
    )
    report = build(load_club(path))
    said = [m.text("ru") for m in report.warnings]
    assert any("вечер 2026-12-03 Вечер 2026-12-03 не попадает ни в один сезон" in s for s in said)
    assert any("найден дважды" in s for s in said)
    assert len(report.evenings) == 2 and len(report.seasons[0][2]) == 1


def test_a_results_folder_without_results_json_stops_the_build_and_writes_nothing(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    (tmp_path / "evenings" / "2026-10-08").mkdir()
    with pytest.raises(PrefprintError, match="prefprint results"):
        run(load_club(club(tmp_path)), tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_a_broken_registry_stops_the_build_with_its_line(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    with pytest.raises(ClubError) as e:
        run(
            load_club(club(tmp_path, registry=REGISTRY.replace('name = "Иванов Иван"', "name = Иванов"))),
            tmp_path / "site",
        )
    assert "строка 3, столбец 8: ошибка записи TOML" in e.value.text(e.value.lang)
    assert not (tmp_path / "site").exists()


def test_the_site_has_a_page_per_season_player_and_the_grades(tmp_path):
    for i, date in enumerate(["2026-10-01", "2026-10-08"]):
        evening(tmp_path / "evenings" / date, date, NAMES, seed=i)
    site = tmp_path / "site"
    run(load_club(club(tmp_path)), site)
    names = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert names == [".prefprint", "evenings/2026-10-01/results.json", "evenings/2026-10-08/results.json",
                     "grades.html", "index.html", "players/ivanov-ivan.html", "players/semenov-iurii.html",
                     "season-1.html", "standings.xlsx"]  # fmt: skip
    for date in ("2026-10-01", "2026-10-08"):  # each evening's site inside the club's, as its folder has it
        same = (
            (site / "evenings" / date / "results.json").stat(),
            (tmp_path / "evenings" / date / "results.json").stat(),
        )
        assert same[0].st_ino == same[1].st_ino
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="evenings/2026-10-08/index.html"' in index
    page = (site / "players" / "ivanov-ivan.html").read_text(encoding="utf-8")
    assert "<svg" in page and "<polyline" in page
    assert 'href="../evenings/2026-10-01/players/player-1.html"' in page
    assert "Рейтинг" in page and "→" in page


def test_the_sample_clubs_evenings_published_make_its_season(tmp_path):
    """Two evenings of sample_events/season published by `prefprint results`, read back by `prefprint season`."""
    from click.testing import CliRunner

    from prefprint.cli import cli

    sample = Path(__file__).resolve().parents[2] / "sample_events" / "season"
    for n in (1, 2):
        args = ["results", str(sample / f"evening-0{n}.toml"), str(sample / f"evening-0{n}.xlsx")]
        result = CliRunner().invoke(cli, [*args, "--no-pdf", "--no-analysis", "-o", str(tmp_path / f"e{n}")])
        assert result.exit_code == 0, result.output
    (tmp_path / "players.toml").write_bytes((sample / "players.toml").read_bytes())
    club_text = (sample / "club.toml").read_text(encoding="utf-8").replace("../../output/evening-*/results", "e*")
    (tmp_path / "club.toml").write_text(club_text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["season", str(tmp_path / "club.toml"), "-o", str(tmp_path / "site"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    autumn = data["seasons"][0]["standings"]
    assert len(autumn) >= 16 and all(not line["qualified"] for line in autumn)  # 4 evenings needed, 2 played
    assert all(line["place"] == "" for line in autumn)
    cup = data["seasons"][1]["standings"]
    assert cup[0]["place"].startswith("1") and all(line["counted"] for line in cup)
    assert {g["deals"] > 0 for g in data["grades"]} == {True} and all(g["provisional"] for g in data["grades"])
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "site" / "standings.xlsx").is_file()


@pytest.mark.parametrize(
    "registry, said",
    [
        ('[[players]]\nid = "a"\nname = "Иванов\\u0007 Иван"\n', "строка 3, players[1].name"),
        ('[[players]]\nid = "a"\nname = "Иванов Иван"\naliases = "Ваня"\n', "строка 4, players[1].aliases"),
        ('[[players]]\nname = "Иванов Иван"\n', "нет ключа «id»"),
        ("[players]\nid = 1\n", "[[players]]"),
    ],
)
def test_a_hostile_registry_is_refused_with_its_place_and_nothing_is_written(tmp_path, registry, said):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    path = club(tmp_path, registry=registry)
    before = (tmp_path / "players.toml").read_bytes()
    with pytest.raises(PrefprintError) as e:
        run(load_club(path), tmp_path / "site", add_new=True)
    assert said in e.value.text("ru")
    assert (tmp_path / "players.toml").read_bytes() == before and not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    "seasons, said",
    [
        ('\n[[seasons]]\ntitle = "О"\nfrom = 2026-09-01\nto = 2026-11-30\ncount = 1000000000000000000000\n', "count"),
        ('\n[[seasons]]\ntitle = "О"\nfrom = 2026-09-01\nto = 2026-11-30\nmin_events = -3\n', "min_events"),
        ('\n[[seasons]]\ntitle = "О"\nfrom = 2026-09-01\nto = 2026-11-30\nscore = "places"\n', "place_points"),
        ('\n[[seasons]]\ntitle = "О"\nfrom = "осень"\nto = 2026-11-30\n', "seasons[1].from"),
        ("\n[[seasons]]\ntitle = 5\n", "нет ключа «from»"),
    ],
)
def test_a_hostile_club_file_is_refused_with_its_place(tmp_path, seasons, said):
    with pytest.raises(ClubError) as e:
        build(load_club(club(tmp_path, seasons=seasons)))
    assert said in e.value.text("ru")


def test_a_results_json_edited_by_hand_is_refused_by_its_path(tmp_path):
    folder = evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    data = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    data["rows"][3]["mp"] = "много"
    (folder / "results.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(PrefprintError) as e:
        run(load_club(club(tmp_path)), tmp_path / "site")
    assert "results.json: строки не такие, какими их пишет prefprint" in e.value.text("ru")
    assert not (tmp_path / "site").exists()


def test_a_name_like_a_formula_is_text_in_standings_xlsx(tmp_path):
    from openpyxl import load_workbook

    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", ["=1+1"] + NAMES[1:], seed=1)
    run(load_club(club(tmp_path, registry='[[players]]\nid = "f"\nname = "=1+1"\n')), tmp_path / "site")
    sheet = load_workbook(tmp_path / "site" / "standings.xlsx").worksheets[0]
    cell = sheet["C2"]
    assert cell.value == "=1+1" and cell.data_type == "s"


def season_cli(*args):
    from click.testing import CliRunner

    from prefprint.cli import cli

    return CliRunner().invoke(cli, ["season", *map(str, args)])


def files_of(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_command_reads_the_club_file_once_and_publishes_into_output_stem_by_default(tmp_path, monkeypatch):
    import prefprint.io.club as io_club

    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    club(tmp_path)
    read, real = [], io_club._read_toml
    monkeypatch.setattr(io_club, "_read_toml", lambda p: read.append(Path(p).name) or real(p))
    monkeypatch.chdir(tmp_path)
    result = season_cli("club.toml")
    assert result.exit_code == 0, result.output
    assert read == ["club.toml", "players.toml"]
    assert result.stdout == f"сайт клуба: {Path('output', 'club', 'index.html')}\n"
    assert (tmp_path / "output" / "club" / "players").is_dir()


def test_patterns_that_find_no_folder_refuse_and_the_site_stays_as_it_was(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    path, site = club(tmp_path), tmp_path / "site"
    assert season_cli(path, "-o", site).exit_code == 0
    before = files_of(site)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"evenings/*", "evenings/2026-10-*"', '"evenigns/*"'), encoding="utf-8")
    result = season_cli(path, "-o", site)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Ошибка: {path} — 1 ошибка:\n  - строка 3, club.events[1]: по шаблону «evenigns/*» не найдено ни одной"
        " папки (шаблоны — относительно папки club.toml)\n"
    )
    assert files_of(site) == before


def test_a_pattern_that_finds_no_folder_beside_others_is_a_warning_with_its_line(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    path = club(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"evenings/2026-10-*"', '"evenigns/2026-10-*"'), encoding="utf-8")
    result = season_cli(path, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    assert (
        f"Предупреждение: {path}, строка 3, club.events[2]: по шаблону «evenigns/2026-10-*» не найдено ни одной"
        " папки (шаблоны — относительно папки club.toml)\n"
    ) in result.stderr
    assert len(build(load_club(path)).evenings) == 1


def test_a_registry_named_but_missing_refuses_and_registers_nobody(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1)
    path, site = club(tmp_path), tmp_path / "site"
    assert season_cli(path, "-o", site).exit_code == 0
    before = files_of(site)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[club]\n", '[club]\nregistry = "player.toml"\n'), encoding="utf-8")
    result = season_cli(path, "-o", site, "--add-new")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Ошибка: {path} — 1 ошибка:\n  - строка 2, club.registry: реестра игроков {tmp_path / 'player.toml'} нет;"
        " может быть, «players.toml»? Исправьте имя файла или создайте его (пустой файл — пустой реестр)\n"
    )
    assert files_of(site) == before and not (tmp_path / "player.toml").exists()
    assert (tmp_path / "players.toml").read_text(encoding="utf-8") == REGISTRY


def test_add_new_registers_spellings_that_match_silently_once_and_the_next_run_reads_them(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", ["Громов Антон"] + NAMES[1:], seed=1)
    evening(tmp_path / "evenings" / "2026-10-08", "2026-10-08", ["ГРОМОВ  АНТОН"] + NAMES[1:], seed=2)
    evening(tmp_path / "evenings" / "2026-10-15", "2026-10-15", ["Громoв Антон"] + NAMES[1:], seed=3)  # a Latin o
    path = club(tmp_path)
    report = build(load_club(path), add_new=True)
    assert [a for a in report.added if a[0].startswith("gromov")] == [("gromov-anton", "Громов Антон")]
    again = build(load_club(path))
    assert not again.added and not [m for m in again.warnings if m.code == "season.unknown_name"]
    assert [e.lines["gromov-anton"]["name"] for e in again.evenings] == [
        "Громов Антон",
        "ГРОМОВ  АНТОН",
        "Громoв Антон",
    ]


def test_a_close_name_is_suggested_with_its_true_reason_in_words_for_anyone(tmp_path):
    names = NAMES[:4] + ["Смирнова Анна Петровна"] + NAMES[5:]
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", names, seed=1)
    registry = REGISTRY + '\n[[players]]\nid = "smirnova-anna"\nname = "Смирнова Анна"\n'
    report = build(load_club(club(tmp_path, registry=registry)))
    (said,) = [m.text("ru") for m in report.warnings if m.code == "season.close_name"]
    assert said == (
        "вечер 2026-10-01 Вечер 2026-10-01: «Смирнова Анна Петровна» — возможно, «Смирнова Анна» (отчество); если"
        ' это один и тот же игрок, добавьте в реестр к записи id = "smirnova-anna" строку'
        ' aliases = ["Смирнова Анна Петровна"]; до тех пор вечер под этим именем не учитывается'
    )


def test_a_player_named_exactly_that_evening_is_not_offered_for_another_of_its_names(tmp_path):
    names = NAMES[:4] + ["Смирнова Анна Петровна", "Смирнова Анна"] + NAMES[6:]
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", names, seed=1)
    registry = REGISTRY + '\n[[players]]\nid = "smirnova-anna"\nname = "Смирнова Анна"\n'
    report = build(load_club(club(tmp_path, registry=registry)))
    assert not [m for m in report.warnings if m.code == "season.close_name"]
    assert report.evenings[0].lines["smirnova-anna"]["name"] == "Смирнова Анна"
    assert any(m.text("ru") == "вечер 2026-10-01 Вечер 2026-10-01: «Смирнова Анна Петровна» нет в реестре"
               for m in report.warnings)  # fmt: skip


def test_a_registry_id_written_as_a_number_binds_the_evenings_id(tmp_path):
    evening(tmp_path / "evenings" / "2026-10-01", "2026-10-01", NAMES, seed=1, ids={"Петров Пётр": "7014"})
    report = build(load_club(club(tmp_path, registry=REGISTRY + '\n[[players]]\nid = 7014\nname = "Петров Пётр"\n')))
    assert "7014" in report.evenings[0].lines and "7014" in report.grades


@pytest.mark.skipif(not shutil.which("chromium"), reason="chromium is not installed")
def test_the_site_on_a_phone_shows_the_evenings_counted_the_leader_and_the_players_seasons(tmp_path):
    from helpers import SIDEWAYS, in_chromium

    for i, date in enumerate(["2026-10-01", "2026-10-08", "2026-10-15"]):
        evening(tmp_path / "evenings" / date, date, NAMES, seed=i)
    site = tmp_path / "site"
    report = run(load_club(club(tmp_path)), site)
    leader = report.players[report.seasons[0][1][0].player].name
    pages = {"index.html": 390, "season-1.html": 390, "players/ivanov-ivan.html": 390, "grades.html": 390}
    seen = in_chromium(site, pages, SIDEWAYS.replace("return ", "return JSON.stringify([d.body.innerText, ") + "])")
    for page, value in seen.items():
        text, sideways = json.loads(value)
        assert sideways == "0 0", page  # nothing scrolls sideways
        seen[page] = text
    year = "2026\u202fг."  # CLDR's narrow no-break space
    assert f"Осень\n1 сент. {year} – 30 нояб. {year}\t3\t{leader}" in seen["index.html"]
    assert "Учтены: 1 окт., 8 окт., 15 окт." in seen["season-1.html"]
    ivanov = next(x for x in report.seasons[0][1] if x.player == "ivanov-ivan")
    assert f"Осень\t{span(ivanov.place)} из 2\t3\t" in seen["players/ivanov-ivan.html"]
    assert f"15 окт. {year}\t" in seen["players/ivanov-ivan.html"]  # the evenings' dates as everywhere
    page = (site / "players" / "ivanov-ivan.html").read_text(encoding="utf-8")
    assert re.findall(r'<text class="date"[^>]*>([^<]+)</text>', page) == [
        "1 окт.", "8 окт.", "15 окт."
    ]  # fmt: skip
