"""`prefprint publish`, `results --publish` and `season --publish`: a club's site or an evening's results sent to
[publish] upload (real servers on 127.0.0.1, tests/servers.py); every failure one line with exit code 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from servers import PASSWORD, SITE, make_site, tree

from prefprint.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
SEASON = ROOT / "sample_events" / "season"


def club_file(folder: Path, upload: str) -> Path:
    path = folder / "club.toml"
    path.write_text(f'[club]\ntitle = "Клуб"\nevents = ["ev/*"]\n\n[publish]\nupload = "{upload}"\n', encoding="utf-8")
    return path


def outside_club(spec: Path) -> str:
    """A sample evening's spec played outside its club: its results sent to the folder web/ beside it."""
    text = spec.read_text(encoding="utf-8")
    return re.sub(r'club = "club.toml".*\n', 'upload = "web"\n', text)


def publish(*args):
    return CliRunner().invoke(cli, ["publish", *map(str, args)], prog_name="prefprint")


def test_a_clubs_site_is_published_and_then_found_unchanged(tmp_path, ftp_server):
    site = make_site(tmp_path / "site", SITE)
    club = club_file(tmp_path, ftp_server.url)
    first = publish(club, "-o", site)
    assert first.exit_code == 0, first.output
    assert f"выгружено на ftp://club@127.0.0.1:{ftp_server.port}/: {len(SITE)} файлов" in first.output
    assert tree(ftp_server.root) == tree(site)
    again = publish(club, "-o", site, "--lang", "en")
    assert again.exit_code == 0 and "nothing uploaded" in again.output


def test_a_refused_login_is_one_line_with_exit_2_and_no_password(tmp_path, ftp_server, monkeypatch):
    monkeypatch.setenv("PREFPRINT_FTP_PASSWORD", "not-the-password")
    site = make_site(tmp_path / "site", SITE)
    result = publish(club_file(tmp_path, ftp_server.url), "-o", site)
    assert result.exit_code == 2
    assert result.output.startswith("Ошибка: 127.0.0.1: сервер не принял вход пользователя club")
    assert (
        "Traceback" not in result.output and "not-the-password" not in result.output and PASSWORD not in result.output
    )
    assert tree(ftp_server.root) == {} and tree(site) == {
        k: v.encode() if isinstance(v, str) else v for k, v in SITE.items()
    }


def test_an_unknown_host_key_is_one_line_with_the_command_to_accept_it(tmp_path, sftp_server):
    (tmp_path / "home" / ".ssh" / "known_hosts").unlink()
    site = make_site(tmp_path / "site", SITE)
    result = publish(club_file(tmp_path, sftp_server.url), "-o", site, "--lang", "en")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.startswith("Error: 127.0.0.1: unknown server")
    assert f"ssh-keyscan -p {sftp_server.port} 127.0.0.1 >> ~/.ssh/known_hosts" in result.output


def test_a_file_without_an_upload_address_says_how_to_write_one(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('[club]\ntitle = "Клуб"\nevents = ["ev/*"]\n', encoding="utf-8")
    result = publish(path, "-o", tmp_path)
    assert result.exit_code == 2 and "[publish] upload" in result.output and str(path) in result.output


def test_results_and_season_publish_what_they_made_to_a_folder(tmp_path, monkeypatch):
    from servers import home

    home(tmp_path, monkeypatch)
    spec = tmp_path / "evening-01.toml"
    spec.write_text(outside_club(SEASON / "evening-01.toml"), encoding="utf-8")
    (tmp_path / "web").mkdir()
    out = tmp_path / "out" / "results"
    args = ["results", str(spec), str(SEASON / "evening-01.xlsx"), "--no-pdf", "--no-analysis", "-o", str(out)]
    result = CliRunner().invoke(cli, [*args, "--publish"], prog_name="prefprint")
    assert result.exit_code == 0, result.output
    assert "выгружено на " in result.output and tree(tmp_path / "web") == tree(out)
    club = tmp_path / "club.toml"
    club.write_text(
        '[club]\ntitle = "Клуб"\nevents = ["out/results"]\n\n[publish]\nupload = "club-web"\n', encoding="utf-8"
    )
    (tmp_path / "club-web").mkdir()
    site = tmp_path / "club-site"
    result = CliRunner().invoke(cli, ["season", str(club), "-o", str(site), "--add-new", "--publish", "--json"])
    assert result.exit_code == 0, result.output
    assert isinstance(json.loads(result.stdout), dict) and "выгружено на " in result.stderr  # the JSON kept whole
    assert (tmp_path / "club-web" / "index.html").is_file() and tree(tmp_path / "club-web") == tree(site)


def test_an_event_whose_results_are_not_made_yet_has_nothing_to_publish(tmp_path):
    spec = tmp_path / "evening-01.toml"
    spec.write_text(outside_club(SEASON / "evening-01.toml"), encoding="utf-8")
    (tmp_path / "web").mkdir()
    result = publish(spec, "-o", tmp_path / "no-results")
    assert result.exit_code == 2 and "нечего выгружать" in result.output and "Traceback" not in result.output


def test_a_club_evenings_results_go_into_the_clubs_site_at_their_place(tmp_path, monkeypatch):
    from servers import home

    home(tmp_path, monkeypatch)
    (tmp_path / "club.toml").write_text(
        '[club]\ntitle = "Клуб"\nevents = ["output/*/results"]\n\n[publish]\nupload = "web"\n', encoding="utf-8"
    )
    (tmp_path / "web").mkdir()
    spec = tmp_path / "evening-01.toml"
    spec.write_bytes((SEASON / "evening-01.toml").read_bytes())  # [publish] club = "club.toml"
    out = tmp_path / "output" / "evening-01" / "results"
    args = ["results", str(spec), str(SEASON / "evening-01.xlsx"), "--no-pdf", "--no-analysis", "-o", str(out)]
    result = CliRunner().invoke(cli, [*args, "--publish"], prog_name="prefprint")
    assert result.exit_code == 0, result.output
    assert tree(tmp_path / "web") == {f"evenings/2026-10-01-evening-01/{n}": b for n, b in tree(out).items()}
    assert f"выгружено на {tmp_path / 'web'}/evenings/2026-10-01-evening-01:" in result.output
    site = tmp_path / "output" / "club"
    result = CliRunner().invoke(cli, ["season", str(tmp_path / "club.toml"), "-o", str(site), "--add-new", "--publish"])
    assert result.exit_code == 0, result.output
    assert tree(tmp_path / "web") == tree(site)  # the evening's files taken as the club's site's own
