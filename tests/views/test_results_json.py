"""results.json: every row as scored, its matchpoints adding up per line and per player to the ranking."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner
from workbooks import filled_bytes, write

from prefprint.cli import cli
from prefprint.io.spec import load_competition

ROOT = Path(__file__).resolve().parents[2]


def published(tmp_path: Path, *args: str) -> dict:
    args = [a if Path(a).is_absolute() else str(ROOT / a) for a in args]
    result = CliRunner().invoke(cli, ["results", *args, "--no-pdf", "--no-analysis", "-o", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    return json.loads((tmp_path / "r" / "results.json").read_text(encoding="utf-8"))


def test_the_rows_add_up_to_the_ranking(tmp_path):
    data = published(tmp_path, "sample_events/club-night-20.toml", "sample_events/club-night-20-filled.xlsx")
    assert data["format"] == 1
    assert data["event"]["title"] == "Клубный вечер, 20 участников" and data["event"]["date"] == "2026-12-05"
    assert len(data["players"]) == 20 and data["players"][0]["card"] == "players/player-1.html"
    lines, totals = defaultdict(list), defaultdict(lambda: [Fraction(0), 0])
    for row in data["rows"]:
        lines[(row["session"], row["deal"], row["seat"])].append(row)
        totals[row["player"]][0] += Fraction(str(row["mp"]))
        totals[row["player"]][1] += row["max"]
        assert row["player"] not in row["mates"] and len(row["mates"]) == 3
    assert len(lines) == 20 * 4  # every deal, every seat
    for rows in lines.values():  # a line's matchpoints sum to n·(n−1), each of a maximum of 2·(n−1)
        n = len(rows)
        assert sum(r["mp"] for r in rows) == n * (n - 1) and {r["max"] for r in rows} == {2 * (n - 1)}
    for line in data["ranking"]:
        assert totals[line["player"]] == [Fraction(str(line["mp"])), line["max"]]
    roles = {r["role"] for r in data["rows"]}
    assert {"declarer", "dealer"} <= roles and roles <= {
        "declarer",
        "whist",
        "pass",
        "half",
        "catch",
        "allpass",
        "dealer",
    }


def test_a_competition_names_each_row_s_session_and_a_player_s_first_card(tmp_path):
    spec = ROOT / "sample_events" / "cup-52.toml"
    competition = load_competition(spec)
    books = [write(tmp_path, f"s{e.session}.xlsx", filled_bytes(e)) for e in competition.sessions]
    data = published(tmp_path, str(spec), *map(str, books))
    assert {r["session"] for r in data["rows"]} == {1, 2}
    by_number = {p["number"]: p for p in data["players"]}
    assert by_number[17]["card"] == "session-1/players/player-17.html"  # 17 plays session 1 only
    assert [s["session"] for s in data["sessions"]] == [1, 2]
