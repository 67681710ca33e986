"""The desk's results: an evening printed, rows typed into its kit's workbook, «publish the results» — provisional
while rows are missing, final when all are in, the season's site updated by the same click — the outputs those of
`prefprint results` on the same files, opened from the desk; a job that fails leaves the results published before."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner
from helpers import stub_render
from test_routes import CODE, _club_with_evening, wait_job
from test_routes_hostile import snapshot

from prefprint.cli import cli
from prefprint.engine.fills import random_fills
from prefprint.errors import PrefprintError
from prefprint.io.spec import load_competition
from prefprint.io.workbook import fill_workbook

FIRST = 10  # the deals typed in before the rest


@pytest.fixture
def evening(tmp_path, monkeypatch):
    """A club's evening of 12 with its kit printed: (folder, client, id, event, the workbook, every row's fills)."""
    monkeypatch.setenv("PREFPRINT_NO_ANALYSIS", "1")
    monkeypatch.setattr("prefprint.app.kit.render_pdfs", stub_render)
    monkeypatch.setattr("prefprint.app.publish.pdf.render_pdfs", stub_render)
    client, evening = _club_with_evening(tmp_path)
    assert wait_job(client, client.post(f"/desk/api/evenings/{evening}/kit").json()["job"])["state"] == "done"
    event = load_competition(tmp_path / "evenings" / f"{evening}.toml").sessions[0]
    return tmp_path, client, evening, event, tmp_path / "output" / evening / "protocols.xlsx", random_fills(event, 3)[0]


def _published(client, evening) -> dict:
    started = client.post(f"/desk/api/evenings/{evening}/results")
    assert started.status_code == 201
    return wait_job(client, started.json()["job"])


def _command_line(folder, evening, out, *flags) -> dict:
    """results.json of `prefprint results` run in the club's folder on the same spec and workbook."""
    spec, workbook = f"evenings/{evening}.toml", f"output/{evening}/protocols.xlsx"
    ran = CliRunner().invoke(cli, ["results", spec, workbook, "-o", str(out), *flags])
    assert ran.exit_code == 0, ran.output
    return json.loads((out / "results.json").read_text(encoding="utf-8"))


def _results_json(folder, evening) -> dict:
    return json.loads((folder / "output" / evening / "results" / "results.json").read_text(encoding="utf-8"))


def test_provisional_then_final_as_the_command_line_publishes_them(evening, monkeypatch, tmp_path_factory):
    folder, client, evening_id, event, workbook, fills = evening
    monkeypatch.chdir(folder)
    fill_workbook(workbook, workbook, {k: v for k, v in fills.items() if k[0] <= FIRST})
    provisional = _published(client, evening_id)
    missing = sum(len(event.rows_of(d)) for d in event.deals if d.number > FIRST)
    assert provisional["state"] == "done", provisional["message"]
    assert (provisional["provisional"], provisional["missing"]) == (True, missing)
    assert provisional["pending"] == [{"session": 1, "deals": list(range(FIRST + 1, len(event.deals) + 1))}]
    assert str(missing) in provisional["message"]
    other = tmp_path_factory.mktemp("cli")
    desk, by_hand = _results_json(folder, evening_id), _command_line(folder, evening_id, other / "p", "--provisional")
    assert desk.pop("generated_at") and by_hand.pop("generated_at")
    assert desk == by_hand
    season = (folder / "output" / "club" / "index.html").read_text(encoding="utf-8")
    assert f"evenings/{evening_id}/" not in season  # provisional results wait for the final ones
    assert any("предварительные" in w for w in provisional["warnings"])

    fill_workbook(workbook, workbook, fills)
    final = _published(client, evening_id)
    assert (final["state"], final["provisional"], final["missing"], final["pending"]) == ("done", False, 0, [])
    assert final["message"] == "опубликованы окончательные итоги"
    assert _results_json(folder, evening_id) == _command_line(folder, evening_id, other / "f")
    links = final["links"]
    assert set(links) == {"results", "pdf", "xlsx", "season"}
    season = client.get(links["season"])
    assert season.status_code == 200 and f"evenings/{evening_id}/index.html" in season.text  # the evening listed
    assert client.get(links["pdf"]).content.startswith(b"%PDF")
    assert client.get(links["xlsx"]).content.startswith(b"PK")
    listed = client.get("/desk/api/club").json()["evenings"][0]
    assert listed["state"] == "published"
    again = client.get(f"/desk/api/evenings/{evening_id}/results").json()
    assert again["links"] == links and again["job"]["job"] == final["job"]


def test_a_failed_job_says_why_and_leaves_the_results_published(evening, monkeypatch):
    folder, client, evening_id, _, workbook, fills = evening
    fill_workbook(workbook, workbook, fills)
    assert _published(client, evening_id)["state"] == "done"
    before = snapshot(folder / "output")

    def broken(*args, **kwargs):
        raise PrefprintError("no fonts")

    with monkeypatch.context() as m:
        m.setattr("prefprint.app.results.publish_site", broken)
        failed = _published(client, evening_id)
    assert failed["state"] == "failed" and "no fonts" in failed["message"]
    assert snapshot(folder / "output") == before
    bad = {(deal, rnd, table): cells | {"contract": "9♠ дважды"} for (deal, rnd, table), cells in fills.items()}
    fill_workbook(workbook, workbook, dict(list(bad.items())[:1]))
    mistaken = _published(client, evening_id)
    assert mistaken["state"] == "failed" and "protocols.xlsx" in mistaken["message"]
    assert {k: v for k, v in snapshot(folder / "output").items() if "results" in k} == {
        k: v for k, v in before.items() if "results" in k
    }


def test_an_evening_without_its_kit_is_refused_by_the_job(tmp_path, monkeypatch):
    client, evening_id = _club_with_evening(tmp_path)
    failed = _published(client, evening_id)
    assert failed["state"] == "failed" and "protocols.xlsx" in failed["message"]
    assert client.post("/desk/api/evenings/2026-01-01-none/results").status_code == 404


def test_only_the_published_files_are_served_and_only_with_the_code(evening):
    folder, client, evening_id, _, workbook, fills = evening
    fill_workbook(workbook, workbook, fills)
    assert _published(client, evening_id)["state"] == "done"
    base = f"/desk/api/evenings/{evening_id}/results"
    for path in (
        "%2E%2E/protocols.xlsx",
        ".prefprint",
        "results.json",
        "..%2Fprotocols.xlsx",
        "deals%2F..%2F..%2Fprotocols.xlsx",
    ):
        assert client.get(f"{base}/{path}").status_code == 404, path
    assert client.get("/desk/api/season/..%2Fclub.toml").status_code == 404
    season = client.get("/desk/api/season/index.html")
    assert season.status_code == 200 and f'href="evenings/{evening_id}/index.html"' in season.text
    copy = client.get(f"/desk/api/season/evenings/{evening_id}/index.html")  # the evening inside the club's site
    assert copy.status_code == 200 and 'href="../../index.html"' in copy.text  # its link home
    assert client.get(f"{base}/index.html").status_code == 200  # and its own folder
    from starlette.testclient import TestClient

    stranger = TestClient(client.app)
    assert stranger.get(f"{base}/index.html").status_code == 403
    opened = stranger.get(f"{base}/index.html?code={CODE}")
    assert opened.status_code == 200 and "desk_code" in opened.headers["set-cookie"]
    assert stranger.get(f"{base}/results.pdf").status_code == 200  # a link inside the site: the cookie
    assert stranger.get("/desk/api/club").status_code == 403  # the API itself wants the code


def test_the_seasons_site_is_uploaded_where_the_club_says_and_a_failed_upload_is_said(evening):
    folder, client, evening_id, _, workbook, fills = evening
    fill_workbook(workbook, workbook, fills)
    club = folder / "club.toml"
    club.write_text(club.read_text(encoding="utf-8") + '\n[publish]\nupload = "web"\n', encoding="utf-8")
    (folder / "web").mkdir()
    done = _published(client, evening_id)
    assert done["state"] == "done" and done["uploaded"].startswith("выгружено")
    assert "Вечер" in (folder / "web" / "index.html").read_text(encoding="utf-8")
    shutil.rmtree(folder / "web")  # the host's folder gone: the upload fails
    again = _published(client, evening_id)
    assert again["state"] == "done" and not again["uploaded"]  # the results are published all the same
    assert any(w.startswith("сайт сезона не выгружен") for w in again["warnings"])


def test_a_results_job_goes_forward_by_what_the_results_say():
    from prefprint.server.desk.jobs import Job
    from prefprint.server.desk.results import STEPS
    from prefprint.words.messages import Message

    job = Job("j", "results/x", "ru", steps=STEPS)
    job.progress(Message("makeable.step", done=5, n=10))
    assert job.done == pytest.approx(0.275)
    job.progress(Message("results.site_ready", path="index.html"))
    assert job.done == 0.6
    job.progress(Message("makeable.step", done=10, n=10))  # never back
    assert (job.done, job.message) == (0.6, "решено 10 из 10")
    job.progress(Message("desk.season_making"))
    assert (job.done, job.message) == (0.9, "сайт сезона клуба…")


def test_rows_entered_on_phones_are_merged_as_the_command_line_merges_them(evening, monkeypatch, tmp_path_factory):
    import random

    from starlette.testclient import TestClient

    from prefprint.engine.fills import random_outcome
    from prefprint.server.routes import create_app
    from prefprint.server.rows import request_of

    folder, client, evening_id, event, workbook, fills = evening
    monkeypatch.chdir(folder)
    fill_workbook(workbook, workbook, {k: v for k, v in fills.items() if k[0] <= FIRST})  # typed in on paper
    competition = load_competition(folder / "evenings" / f"{evening_id}.toml")
    app = create_app(competition, competition.session(1), workbook.parent)
    phone, codes, rng = TestClient(app), app.state.scoring.codes["tables"], random.Random(4)
    phoned = [d for d in event.deals if FIRST < d.number <= FIRST + 5]
    for deal in phoned:
        for row in event.rows_of(deal):
            outcome = random_outcome(rng, event.table_size, deal.dealer, event.conventions)
            body = {"token": codes[row.table], "table": row.table, "round": row.round, "deal": deal.number}
            assert phone.post("/api/rows", json=body | request_of(event, outcome)).status_code == 201
    done = _published(client, evening_id)
    missing = sum(len(event.rows_of(d)) for d in event.deals if d.number > FIRST + 5)
    assert (done["state"], done["provisional"], done["missing"]) == ("done", True, missing)
    desk = _results_json(folder, evening_id)
    by_hand = _command_line(folder, evening_id, tmp_path_factory.mktemp("cli") / "p", "--provisional")
    assert desk.pop("generated_at") and by_hand.pop("generated_at")
    assert desk == by_hand
