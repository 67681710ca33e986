"""The desk's API through Starlette's TestClient, from an empty folder: the club, its players (a near name suggested,
then confirmed as someone else), an evening of 16 with its movement, the kit printed by a job; and the files it
wrote read by the command line as hand-written ones."""

from __future__ import annotations

import datetime as dt
import time
import tomllib

import pytest
from click.testing import CliRunner
from helpers import stub_render

from prefprint.cli import cli
from prefprint.io.club import load_club, load_registry
from prefprint.io.spec import load_competition

CODE = "DESKCODE1234"
NAMES = [
    "Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Смирнова Анна", "Фёдоров Николай", "Егорова Наталья",
    "Павлов Виктор", "Степанов Олег", "Лебедев Игорь", "Семёнов Юрий", "Новикова Ольга", "Волков Павел",
    "Михайлов Андрей", "Козлова Мария", "Орлов Денис", "Зайцев Артём", "Белова Ирина", "Громов Антон",
]  # fmt: skip


def client_of(folder):
    from starlette.testclient import TestClient

    from prefprint.server.desk import create_desk_app

    return TestClient(create_desk_app(folder, CODE), headers={"X-Desk-Code": CODE})


def wait_job(client, job: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = client.get(f"/desk/api/jobs/{job}").json()
        if state["state"] != "running":
            return state
        time.sleep(0.1)
    raise AssertionError(f"job {job} still running after {timeout} s")


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """The whole walk once: what each step answered, and the folder."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PREFPRINT_NO_ANALYSIS", "1")
    mp.setattr("prefprint.app.kit.render_pdfs", stub_render)
    folder = tmp_path_factory.mktemp("club")
    client = client_of(folder)
    said = {"empty": client.get("/desk/api/club").json()}
    said["club"] = client.put("/desk/api/club", json={"title": "Клуб «Пуля»", "language": "ru"})
    said["players"] = client.post("/desk/api/players", json={"names": NAMES + ["Иванов И.", "Петров Петр"]})
    said["confirmed"] = client.post("/desk/api/players", json={"names": ["Иванов И."], "confirm": True})
    players = client.get("/desk/api/club").json()["players"]
    form = {"title": "Клубный вечер", "date": "2026-12-05", "start": "19:00", "variant": "Сочи", "table_size": 4}
    said["evening"] = client.post("/desk/api/evenings", json=form | {"players": [p["id"] for p in players[:16]]})
    evening_id = said["evening"].json()["id"]
    job = client.post(f"/desk/api/evenings/{evening_id}/kit").json()["job"]
    said["job"] = wait_job(client, job)
    said["after"] = client.get("/desk/api/club").json()
    yield folder, said, client
    mp.undo()


def test_an_empty_folder_has_no_club_yet(evening):
    _, said, _ = evening
    assert said["empty"] == {"exists": False, "title": "", "language": "ru", "players": [], "evenings": []}


def test_the_club_is_created_as_a_person_writes_it(evening):
    folder, said, _ = evening
    assert said["club"].status_code == 200 and said["club"].json()["title"] == "Клуб «Пуля»"
    club = load_club(folder / "club.toml")
    assert (club.title, club.language, club.registry) == ("Клуб «Пуля»", "ru", folder / "players.toml")
    assert club.events == ["output/*/results"]
    assert (folder / "club.toml").read_text(encoding="utf-8").startswith("# The club's file")
    year = dt.date.today().year  # a season of the year, every evening counted: the site has a ladder at once
    [season] = club.seasons
    assert (season.title, season.start, season.end) == (f"Сезон {year}", dt.date(year, 1, 1), dt.date(year, 12, 31))
    assert (season.rules.count, season.rules.min_events, season.rules.score) == (None, 1, "percent")


def test_a_near_name_is_suggested_and_added_when_confirmed(evening):
    folder, said, _ = evening
    answer = said["players"].json()
    assert [p["name"] for p in answer["added"]] == NAMES
    assert answer["suggested"] == [
        {"name": "Иванов И.", "like": {"id": "ivanov-ivan", "name": "Иванов Иван"}, "reason": "initials"},
        {"name": "Петров Петр", "like": {"id": "petrov-petr", "name": "Петров Пётр"}, "reason": "yo"},
    ]
    assert said["confirmed"].json() == {
        "added": [{"id": "ivanov-i", "name": "Иванов И."}],
        "suggested": [],
        "known": [],
    }
    registry = load_registry(folder / "players.toml", "ru")
    assert [p.name for p in registry] == NAMES + ["Иванов И."]
    assert "Петров Петр" not in (folder / "players.toml").read_text(encoding="utf-8")


def test_a_name_registered_is_known_not_added_again(tmp_path):
    client = client_of(tmp_path)
    client.put("/desk/api/club", json={"title": "Клуб"})
    client.post("/desk/api/players", json={"names": ["Громов Антон"]})
    again = client.post("/desk/api/players", json={"names": ["ГРОМОВ  АНТОН", "Громов Антон"]}).json()
    assert again == {
        "added": [],
        "suggested": [],
        "known": [{"name": "ГРОМОВ АНТОН", "id": "gromov-anton"}, {"name": "Громов Антон", "id": "gromov-anton"}],
    }


def test_the_evening_is_a_spec_with_its_movement(evening):
    folder, said, _ = evening
    assert said["evening"].status_code == 201
    made = said["evening"].json()
    assert made["id"] == "2026-12-05-klubnyi-vecher" and made["spec"] == "evenings/2026-12-05-klubnyi-vecher.toml"
    movement = made["movement"]
    assert (movement["players"], movement["tables"], movement["rounds"], movement["deals"]) == (16, 4, 7, 28)
    assert movement["stats"]["pairs"] == {"never": 64, "once": 0, "more": 56}
    assert movement["text"] == "4 стола, 7 туров, 28 сдач"
    competition = load_competition(folder / made["spec"])
    event = competition.session(1)
    assert competition.club == "Клуб «Пуля»" and event.title == "Клубный вечер" and str(event.date) == "2026-12-05"
    assert [p.name for p in event.players] == NAMES[:16]
    spec = tomllib.loads((folder / made["spec"]).read_text(encoding="utf-8"))
    assert spec["game"] == {"variant": "sochi", "table_size": 4}
    assert spec["players"][0] == {"number": 1, "name": "Иванов Иван", "id": "ivanov-ivan"}


def test_the_movement_is_previewed_as_the_field_changes(evening):
    _, _, client = evening
    assert client.post("/desk/api/movement", json={"players": 17, "table_size": 4}).json()["tables"] == 4
    assert client.post("/desk/api/movement", json={"players": 12, "table_size": 3}).json()["tables"] == 4
    small = client.post("/desk/api/movement", json={"players": 5, "table_size": 4})
    assert small.status_code == 422
    assert small.json()["errors"][0]["field"] == "players" and "от 8 до 1000" in small.json()["errors"][0]["message"]


def test_the_kit_is_printed_by_a_job_and_the_evening_says_so(evening):
    folder, said, _ = evening
    assert said["job"]["state"] == "done" and said["job"]["done"] == 1
    assert said["job"]["message"].startswith("комплект напечатан")
    assert "protocols.pdf" in said["job"]["pdfs"]
    kit = folder / "output" / "2026-12-05-klubnyi-vecher"
    assert (kit / "protocols.xlsx").is_file() and (kit / "index.html").is_file()
    [listed] = said["after"]["evenings"]
    assert listed["state"] == "kit" and listed["title"] == "Клубный вечер" and "protocols.pdf" in listed["pdfs"]
    assert listed["job"] == said["job"]  # a page opened again says how the kit's job ended


def test_a_kit_file_opens_from_the_desk_with_the_code(evening):
    _, _, client = evening
    url = "/desk/api/evenings/2026-12-05-klubnyi-vecher/files/protocols.pdf"
    assert client.get(url).content.startswith(b"%PDF")
    assert client.get(url, headers={"X-Desk-Code": "WRONG"}).status_code == 403
    assert client.get(url.replace("protocols.pdf", "..%2Fclub.toml")).status_code == 404


def test_the_desks_spec_prints_the_same_kit_from_the_command_line(evening, tmp_path, monkeypatch):
    folder, said, _ = evening
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    spec = folder / said["evening"].json()["spec"]
    result = CliRunner().invoke(cli, ["kit", str(spec), "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    desk_kit = folder / "output" / spec.stem
    for name in ("protocols.html", "itineraries.html", "table-cards.html", "start-list.html", "index.html"):
        assert (tmp_path / "kit" / name).read_text(encoding="utf-8") == (desk_kit / name).read_text(encoding="utf-8")


def test_the_club_the_desk_wrote_is_the_season_commands(evening, tmp_path):
    """`prefprint season` reads the desk's club.toml and players.toml: with no evening published yet it says
    which pattern found nothing, at its line, rather than a mistake in either file."""
    folder, _, _ = evening
    result = CliRunner().invoke(cli, ["season", str(folder / "club.toml"), "-o", str(tmp_path / "site")])
    assert result.exit_code == 2
    assert "output/*/results" in result.output and "club.toml" in result.output


def test_a_hand_written_club_keeps_its_comments_when_the_desk_saves_it(tmp_path):
    club = (
        '# Our club, kept by hand.\n\n[club]\ntitle = "Пуля"   # the old name\nlanguage = "ru"\n'
        'events = ["results/*"]  # where the evenings go\n\n[[seasons]]  # autumn\ntitle = "Осень"\n'
        "from = 2026-09-01\nto = 2026-11-30\n"
    )
    players = '# the registry\n\n[[players]]\nid = "a"  # the first\nname = "Громов Антон"\naliases = ["Громов А."]\n'
    (tmp_path / "club.toml").write_text(club, encoding="utf-8")
    (tmp_path / "players.toml").write_text(players, encoding="utf-8")
    client = client_of(tmp_path)
    assert client.get("/desk/api/club").json()["players"] == [
        {"id": "a", "name": "Громов Антон", "aliases": ["Громов А."]}
    ]
    assert client.put("/desk/api/club", json={"title": "Пуля-2", "language": "en"}).status_code == 200
    assert client.post("/desk/api/players", json={"names": ["Белова Ирина"]}).status_code == 201
    assert (tmp_path / "club.toml").read_text(encoding="utf-8") == club.replace('"Пуля"', '"Пуля-2"').replace(
        'language = "ru"', 'language = "en"'
    )
    assert (tmp_path / "players.toml").read_text(encoding="utf-8") == (
        players + '\n[[players]]\nid = "belova-irina"\nname = "Белова Ирина"\n'
    )


def test_a_file_edited_by_hand_meanwhile_is_not_saved_over(tmp_path):
    client = client_of(tmp_path)
    client.put("/desk/api/club", json={"title": "Клуб", "language": "ru"})
    client.get("/desk/api/club")
    registry = tmp_path / "players.toml"
    hand = registry.read_text(encoding="utf-8") + '\n[[players]]\nid = "x"\nname = "Орлов Денис"  # by hand\n'
    registry.write_text(hand, encoding="utf-8")
    refused = client.post("/desk/api/players", json={"names": ["Белова Ирина"]})
    assert refused.status_code == 409
    assert refused.json()["errors"][0]["message"].startswith(f"файл {registry} изменён вручную")
    assert registry.read_text(encoding="utf-8") == hand
    client.get("/desk/api/club")  # the page reloaded: the hand edit seen
    assert client.post("/desk/api/players", json={"names": ["Белова Ирина"]}).status_code == 201
    assert registry.read_text(encoding="utf-8").startswith(hand)


def test_the_clubs_language_is_the_desks(tmp_path):
    client = client_of(tmp_path)
    client.put("/desk/api/club", json={"title": "Club", "language": "en"})
    bad = client.post("/desk/api/evenings", json={"title": "", "date": "x", "players": []}).json()
    assert bad["errors"][0] == {"field": "title", "message": "fill this in"}
    assert "<title>Director&#39;s desk</title>" in client.get("/").text


def _club_with_evening(folder):
    client = client_of(folder)
    client.put("/desk/api/club", json={"title": "Клуб"})
    client.post("/desk/api/players", json={"names": NAMES})
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]][:12]
    form = {"title": "Вечер", "date": "2026-12-05", "players": ids}
    return client, client.post("/desk/api/evenings", json=form).json()["id"]


def test_a_kit_job_never_blocks_the_page(tmp_path, monkeypatch):
    import threading

    release = threading.Event()

    def slow_render(documents, jobs=None, progress=None, while_waiting=None, pool=None):
        release.wait(30)
        return stub_render(documents, jobs, progress, while_waiting, pool)

    monkeypatch.setattr("prefprint.app.kit.render_pdfs", slow_render)
    client, evening_id = _club_with_evening(tmp_path)
    job = client.post(f"/desk/api/evenings/{evening_id}/kit").json()
    again = client.post(f"/desk/api/evenings/{evening_id}/kit").json()
    try:
        assert again["job"] == job["job"]  # the job running for the evening, not a second one
        assert client.get(f"/desk/api/jobs/{job['job']}").json()["state"] == "running"
        [listed] = client.get("/desk/api/club").json()["evenings"]
        assert listed["state"] == "planned" and listed["job"]["state"] == "running"  # a page reloaded follows it
    finally:
        release.set()
    assert wait_job(client, job["job"])["state"] == "done"


def test_a_failed_kit_job_says_why_and_leaves_every_file_as_it_was(tmp_path, monkeypatch):
    from test_routes_hostile import snapshot

    from prefprint.errors import PrefprintError

    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    client, evening_id = _club_with_evening(tmp_path)
    first = wait_job(client, client.post(f"/desk/api/evenings/{evening_id}/kit").json()["job"])
    assert first["state"] == "done"
    before = snapshot(tmp_path)

    def broken(*args, **kwargs):
        raise PrefprintError("no fonts")

    monkeypatch.setattr("prefprint.app.kit.render_pdfs", broken)
    failed = wait_job(client, client.post(f"/desk/api/evenings/{evening_id}/kit").json()["job"])
    assert failed["state"] == "failed" and "no fonts" in failed["message"]
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", lambda *a, **k: 1 / 0)
    crashed = wait_job(client, client.post(f"/desk/api/evenings/{evening_id}/kit").json()["job"])
    assert crashed["state"] == "failed" and "ZeroDivisionError" in crashed["message"]
    assert snapshot(tmp_path) == before
