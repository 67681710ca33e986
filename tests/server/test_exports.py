"""The exported workbook is the kit's own, and `prefprint results` ranks it exactly as the server showed."""

from __future__ import annotations

import json

from click.testing import CliRunner
from serving import CLUB, client, paper_kit, random_bodies, served

from prefprint.cli.main import cli
from prefprint.io.workbook import read_meta


def test_export_ranks_as_the_server_showed_with_paper_rows_kept(tmp_path):
    from prefprint.io.spec import load_event

    event = load_event(CLUB)
    folder = tmp_path / "kit"
    bodies = random_bodies(served(tmp_path / "probe")[1], seed=11)
    paper_kit(event, folder, bodies[:10], seed=3)  # the first 10 rows come on paper, typed in by a scorer

    app, s = served(folder)
    c = client(app)
    for body, whists in bodies[10:]:
        r = c.post("/api/rows", json=body | {"token": s.codes["tables"][body["table"]]})
        assert r.status_code == 201 and r.json()["whists"] == whists
    shown = c.get("/api/results").json()
    assert "provisional" not in shown  # every row is there: paper and phones together
    data = c.get(f"/api/export.xlsx?token={s.codes['director']}").content
    exported = tmp_path / "exported.xlsx"
    exported.write_bytes(data)
    assert read_meta(exported) == read_meta(folder / "protocols.xlsx")  # the kit's own fingerprint

    result = CliRunner().invoke(
        cli, ["results", str(CLUB), str(exported), "--json", "--no-analysis", "-o", str(tmp_path / "site")]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == shown

    # `results` on the kit's own protocols.xlsx reads the server's rows beside it, as the export has them
    kit = (folder / "protocols.xlsx").read_bytes()
    result = CliRunner().invoke(
        cli,
        ["results", str(CLUB), str(folder / "protocols.xlsx"), "--json", "--no-analysis", "-o", str(tmp_path / "k")],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == shown
    assert f"строки сервера подсчёта из {folder / 'scoring.sqlite'} ({len(bodies) - 10}) взяты" in result.stderr
    assert (folder / "protocols.xlsx").read_bytes() == kit  # read so, not written
    # any other workbook there (an export, edited by hand perhaps) is read as it is
    (folder / "protocols-edited.xlsx").write_bytes(data)
    result = CliRunner().invoke(
        cli,
        [
            "results",
            str(CLUB),
            str(folder / "protocols-edited.xlsx"),
            "--json",
            "--no-analysis",
            "-o",
            str(tmp_path / "e"),
        ],
    )
    assert result.exit_code == 0 and "строки сервера" not in result.stderr


def test_provisional_ranking_as_results_provisional(tmp_path):
    """While rows are missing: what `prefprint results --provisional` computes (its pipeline without the
    publishing, which the test above runs whole) from the exported file."""
    from prefprint.app.results import Options, ranking_json, run
    from prefprint.io.spec import load_competition

    app, s = served(tmp_path / "kit")
    c = client(app)
    for body, _ in random_bodies(s, seed=2)[:37]:
        assert c.post("/api/rows", json=body).status_code == 201
    shown = c.get("/api/results").json()
    assert shown["provisional"] is True and (shown["pending"] or shown["partial"])
    exported = tmp_path / "exported.xlsx"
    exported.write_bytes(c.get(f"/api/export.xlsx?token={s.codes['director']}").content)
    report = run(load_competition(CLUB), [exported], tmp_path / "site", Options(provisional=True, publish=False))
    got = ranking_json(report)
    assert got.pop("generated_at") and shown.pop("generated_at")
    assert got == shown
