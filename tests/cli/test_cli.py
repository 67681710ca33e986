"""The command line: exit codes, exact error lines, JSON shapes, help and README coverage."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from prefprint.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    "args,message",
    [
        (["movement", "--players", "0", "--lang", "en"], "Error: players must be from 8 to 1000 at tables of 4, not 0"),
        (["movement", "--players", "0"], "Ошибка: участников должно быть от 8 до 1000 за столами по 4, а не 0"),
        (
            ["movement", "--players", "20", "--table-size", "5", "--lang", "en"],
            "Error: Invalid value for '--table-size': '5' is not one of '4', '3'.",
        ),
        (
            ["movement", "--players", "20", "--table-size", "5"],
            "Ошибка: --table-size: «5» не подходит; допустимы: «4», «3»",
        ),
        (["serv"], "Ошибка: нет команды «serv»; может быть, «serve»?"),
        (["serv", "--lang", "en"], 'Error: no such command "serv"; did you mean "serve"?'),
        (["kitt", "spec.toml"], "Ошибка: нет команды «kitt»; может быть, «kit»?"),
        (["--bogus"], "Ошибка: нет параметра «--bogus»"),
        (["kit"], "Ошибка: не задан аргумент «описание турнира»"),
        (["kit", "--lang", "en"], "Error: Missing argument 'SPEC'."),
        (["kit", "--session", "0", "x.toml"], "Ошибка: --session: 0 — вне допустимого: не меньше 1"),
        (["movement", "--players", "20", "--rounds", "0"], "Ошибка: --rounds: туров должно быть не меньше 1, а не 0"),
        (
            ["movement", "--players", "20", "--rooms", "a,b", "--lang", "en"],
            'Error: --rooms: "a,b" — expected numbers separated by commas',
        ),
        (["movement", "--players", "20", "--absent", "3"], "Ошибка: --absent: только вместе с --by-lines"),
        (["movement", "--players", "20", "--bogus"], "Ошибка: нет параметра «--bogus»; может быть, «--rounds»?"),
        (["kit", "nonexist.toml"], "Ошибка: описание турнира: файл «nonexist.toml» не найден"),
        (["season", "nonexist.toml"], "Ошибка: описание клуба: файл «nonexist.toml» не найден"),
        (["season"], "Ошибка: не задан аргумент «описание клуба»"),
        (
            ["foo"],
            "Ошибка: нет команды «foo»; команды: movement, score, costs, kit, results, analyse, serve, season, publish, desk",
        ),
        (
            ["movement", "--players", "20", "--rounds", "9", "--lang", "en"],
            "Error: rounds must be from 2 to 6 (the full circle) for 20 players, not 9",
        ),
        (
            ["movement", "--players", "20", "--rounds", "1", "--lang", "en"],
            "Error: in 1 round some sets would be played at one table only; the rounds possible: 2–6",
        ),
        (
            ["movement", "--players", "24", "--method", "field", "--lang", "en"],
            "Error: a perfect movement from a finite field exists for 8, 9, 16, 27, 32, 40... tables of 4; "
            "24 players do not fit",
        ),
        (
            ["movement", "--players", "100", "--by-lines", "--absent", "101", "--lang", "en"],
            "Error: absent players 101 did not play the first session",
        ),
        (
            [
                "score",
                "--variant",
                "sochi",
                "--dealer",
                "W",
                "--contract",
                "6S",
                "--declarer",
                "N",
                "--tricks",
                "N=6,E=3",
                "--defence",
                "E=whist,S=pass",
                "--lang",
                "en",
            ],
            "Error: tricks add up to 9, expected 10 (N=6, E=3)",
        ),
        (
            ["score", "--variant", "moscow", "--dealer", "W", "--contract", "6S", "--lang", "en"],
            'Error: unknown variant "moscow"; known: sochi, leningrad, rostov, classic, responsible, ural',
        ),
        (
            [
                "score",
                "--variant",
                "classic",
                "--dealer",
                "W",
                "--contract",
                "мизер",
                "--declarer",
                "N",
                "--tricks",
                "N=1",
                "--dark",
            ],
            "Ошибка: втёмную играется только игра на взятки, не мизер",
        ),
        (
            ["score", "--variant", "sochi", "--dealer", "W", "--contract", "6 лопат", "--declarer", "N"],
            "Ошибка: контракт «6 лопат»: неизвестная масть «лопат»; пишите ♠ (пики, пик, п), ♣ (трефы, треф, т, крести), "
            "♦ (бубны, бубен, б), ♥ (черви, червей, ч) или БК (б/к, бк, без козыря)",
        ),
        (
            [
                "score",
                "--variant",
                "sochi",
                "--dealer",
                "W",
                "--contract",
                "6♠",
                "--declarer",
                "N",
                "--tricks",
                "N=шесть",
            ],
            "Ошибка: взятки «шесть»: ожидается число 0–10",
        ),
        (
            ["score", "--variant", "sochi", "--dealer", "W", "--contract", "6♠", "--convention", "tens"],
            "Ошибка: «tens»: ожидается СОГЛАШЕНИЕ=ЗНАЧЕНИЕ, например tens=checked",
        ),
        (
            ["costs", "--variant", "sochi", "--convention", "tens=open"],
            "Ошибка: соглашение «tens»: ожидается whisted или checked, найдено «open»",
        ),
        (
            [
                "kit",
                str(ROOT / "sample_events" / "club-night-20.toml"),
                "-o",
                str(ROOT / "sample_events" / "club-night-20.toml"),
            ],
            f"Ошибка: -o / --output: «{ROOT / 'sample_events' / 'club-night-20.toml'}» — файл, а нужна папка",
        ),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert result.output.strip() == message
    assert "Traceback" not in result.output


def test_movement_json_is_one_object():
    result = run("movement", "--players", "20", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["method"] == "standard" and data["tables"] == 5 and len(data["rounds"]) == 5
    assert data["stats"]["meetings_histogram"] == {"1": 150}  # pairs of different lines: each meets once


def test_movement_text_mentions_method_and_rests():
    out = run("movement", "--players", "26", "--rooms", "13,13", "--lang", "en").output
    assert "method: rooms" in out and "resting:" in out and "Meetings" in out
    russian = run("movement", "--players", "26").output
    assert "движение: подобранное поиском" in russian and "отдыхают:" in russian and "Встречи" in russian


def test_movement_compare_lists_candidates_and_the_reason():
    out = run("movement", "--players", "26", "--compare", "--lang", "en").output.splitlines()
    assert out[0] == "Candidates for 26 players at tables of 4:"
    assert out[1].split()[:3] == ["method", "rounds", "deals"]
    assert any(line.strip().startswith("searched *") for line in out)
    assert any(line.strip().startswith("rooms") for line in out)
    assert out[-1].startswith("Chosen: searched — the fewest excess and missed meetings")
    data = json.loads(run("movement", "--players", "26", "--compare", "--json").output)
    assert data["chosen"] == "search" and {c["method"] for c in data["candidates"]} == {"search", "rooms"}


def test_score_json_and_text():
    args = [
        "score",
        "--variant",
        "sochi",
        "--table-size",
        "4",
        "--dealer",
        "W",
        "--contract",
        "7♠",
        "--declarer",
        "N",
        "--tricks",
        "N=5,E=5",
        "--defence",
        "E=whist,S=pass",
    ]
    assert json.loads(run(*args, "--json").output) == {"N": -104, "E": 48, "S": 28, "W": 28}
    text = run(*args, "--lang", "en").output
    assert "E writes 20 whists on N (defence tricks)" in text and "N: gora +8 (remiz)" in text
    russian = run(*args).output
    assert "E пишет 20 вистов на N (взятки защиты)" in russian and "N: гора +8 (ремиз)" in russian
    assert "S пишет 8 вистов на N (консоляция)" in russian
    thirds = run(
        "score",
        "--variant",
        "sochi",
        "--table-size",
        "3",
        "--dealer",
        "N",
        "--contract",
        "6♠",
        "--declarer",
        "N",
        "--tricks",
        "N=6,E=4",
        "--defence",
        "E=whist,S=pass",
        "--json",
    ).output
    assert json.loads(thirds) == {"N": 5.33, "E": 1.33, "S": -6.67}


def test_score_takes_dark_games_and_concessions_as_written_or_as_options():
    base = ["score", "--variant", "classic", "--dealer", "W", "--declarer", "N", "--json"]
    written = json.loads(run(*base, "--contract", "семь пик втёмную без трёх").output)
    options = json.loads(run(*base, "--contract", "7♠", "--dark", "--concede", "3").output)
    assert written == options == {"N": -180, "E": 60, "S": 60, "W": 60}
    text = run(*base[:-1], "--contract", "7♠ dark down 3", "--lang", "en").output
    assert text.splitlines()[:3] == [
        "7♠ dark down 3, dealer W, table of 4",
        "  N: gora +12 (conceded before play, no whists)",
        "  dark game: all amounts ×2",
    ]
    checked = run(
        "score",
        "--variant",
        "sochi",
        "--dealer",
        "W",
        "--contract",
        "10♠",
        "--declarer",
        "N",
        "--defence",
        "E=pass,S=pass",
        "--convention",
        "tens=checked",
        "--json",
    ).output
    assert json.loads(checked) == {"N": 75, "E": -25, "S": -25, "W": -25}


def test_score_takes_the_shortfall_and_rostov_readings_as_options():
    """Issue 38's examples at a table of 3: today's reading by default, the others by --convention."""
    eight = ["score", "--variant", "sochi", "--table-size", "3", "--dealer", "N", "--contract", "8♣", "--declarer"]
    eight += ["N", "--tricks", "N=10,E=0,S=0", "--defence", "E=whist,S=whist", "--json"]
    readings = {
        (): {"N": 60, "E": 0, "S": -60},
        ("--convention", "shortfall_high=split"): {"N": 60, "E": -30, "S": -30},
        ("--convention", "shortfall_high=each"): {"N": 80, "E": -40, "S": -40},
    }
    for option, expected in readings.items():
        assert json.loads(run(*eight, *option).output) == expected, option
    six = [*eight[:8], "6♣", "--declarer", "N", "--tricks", "N=7,E=3,S=0", "--defence", "E=whist,S=whist", "--json"]
    assert json.loads(run(*six).output) == {"N": 20.67, "E": 12.67, "S": -33.33}
    assert json.loads(run(*six, "--convention", "shortfall_low=side").output) == {"N": 14, "E": 6, "S": -20}
    allpass = ["score", "--variant", "rostov", "--table-size", "3", "--dealer", "N", "--contract", "—"]
    allpass += ["--tricks", "N=4,E=3,S=3", "--json"]
    assert json.loads(run(*allpass).output) == {"N": -20, "E": 10, "S": 10}
    difference = run(*allpass, "--convention", "rostov_allpass=difference").output
    assert json.loads(difference) == {"N": -10, "E": 5, "S": 5}
    refused = run(*allpass, "--convention", "rostov_allpass=diff", "--lang", "en")
    assert refused.exit_code != 0
    assert 'convention "rostov_allpass": expected tricks or difference, found "diff"' in refused.output


def test_costs_writes_html_and_pdf(tmp_path):
    result = run("costs", "--variant", "leningrad", "--table-size", "3", "--lang", "en", "-o", str(tmp_path))
    assert result.exit_code == 0
    html = (tmp_path / "costs-leningrad-3.html").read_text(encoding="utf-8")
    assert "Cost-of-game table" in html and "gentleman" in html
    assert (tmp_path / "costs-leningrad-3.pdf").read_bytes().startswith(b"%PDF")


def test_every_command_has_help_and_is_in_the_readme_and_the_manual():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for name, command in cli.commands.items():
        assert command.help, name
        assert run(name, "--help").exit_code == 0
        assert f"\nprefprint {name} " in readme, f"{name}: not in the README's synopsis"
        assert f"| `{name}` |" in readme, f"{name}: not in the README's table of commands"
        assert f"`prefprint {name}`" in index, f"{name}: docs/index.md does not say which page tells of it"


def test_python_dash_m_works():
    out = subprocess.run([sys.executable, "-m", "prefprint", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and "movement" in out.stdout


@settings(max_examples=25, deadline=None)
@given(st.integers(-5, 130), st.sampled_from(["4", "3"]), st.data())
def test_movement_never_ends_in_a_traceback(players, size, data):
    args = ["movement", "--players", str(players), "--table-size", size, "--json"]
    method = data.draw(st.sampled_from(["auto", "standard", "field", "search", "scheme", "skip", "rooms", "rests"]))
    args += ["--method", method]
    if data.draw(st.booleans()):
        args += ["--rooms", data.draw(st.sampled_from(["13,13", "20,12", "x", "0,40", "8,8,9", "19,25", str(players)]))]
    if data.draw(st.booleans()):
        args += ["--rounds", str(data.draw(st.integers(-1, 30)))]
    if data.draw(st.booleans()):
        args += ["--by-lines"] + (["--absent", "3,17"] if data.draw(st.booleans()) else [])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (0, 2), (args, result.output)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code == 0:
        assert json.loads(result.output)["players"] >= 1
    else:
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_help_is_russian_unless_english_is_asked():
    from prefprint.cli.help import RU

    texts = [cli.help] + [p.help for p in cli.params if getattr(p, "help", None)]
    for cmd in cli.commands.values():
        texts += [cmd.help] + [p.help for p in cmd.params if getattr(p, "help", None)]
    assert [t for t in texts if t not in RU] == []  # every help text has its Russian
    for args in (["--help"], ["kit", "--help"], ["results", "-h"], ["movement", "--help"]):
        ru = CliRunner().invoke(cli, args, prog_name="prefprint")
        en = CliRunner().invoke(cli, [*args, "--lang", "en"] if args != ["--help"] else args, prog_name="prefprint")
        assert ru.exit_code == 0 and ru.output.startswith("Использование: prefprint")
        assert "Параметры:" in ru.output and "Options" not in ru.output and "INTEGER" not in ru.output
        assert not re.search(r"\b(the|of|and|Show)\b", ru.output), ru.output
        if args != ["--help"]:
            assert en.output.startswith("Usage: prefprint") and "Options:" in en.output
    assert "обязательно" in CliRunner().invoke(cli, ["movement", "--help"]).output


def test_kit_warns_in_the_event_language_of_a_serve_url_no_phone_reaches(tmp_path, monkeypatch):
    """The warning comes before anything is printed: here an unknown session stops the kit right after it."""
    spec = tmp_path / "night.toml"
    text = (ROOT / "sample_events" / "club-night-20.toml").read_text(encoding="utf-8")
    spec.write_text(text + '\n[serve]\nurl = "http://localhost:8000"\n', encoding="utf-8")
    monkeypatch.setattr("prefprint.io.lan.lan_addresses", lambda: ["192.168.1.10"])
    result = CliRunner().invoke(cli, ["kit", str(spec), "-o", str(tmp_path / "kit"), "--session", "9"])
    assert result.output.splitlines()[0] == (
        "Предупреждение: [serve] url http://localhost:8000 открывается только на этом компьютере: ни один телефон "
        "его не откроет, а он печатается на каждой карточке стола; укажите адрес этого компьютера в сети клуба: "
        "http://192.168.1.10:8000"
    )
    assert result.exit_code == 2 and not (tmp_path / "kit").exists()
