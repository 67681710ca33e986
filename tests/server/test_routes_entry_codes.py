"""The entry codes: printed by the kit before the server starts, the same the server takes, not guessable."""

from __future__ import annotations

import json
import stat

from click.testing import CliRunner
from serving import CLUB

from prefprint.app.kit import document_html, with_entry_codes
from prefprint.cli.main import cli
from prefprint.io import codes
from prefprint.io.spec import load_event
from prefprint.views.documents import table_cards_context

URL = "http://127.0.0.1:8000"


def _spec(tmp_path):
    spec = tmp_path / "club.toml"
    spec.write_text(CLUB.read_text(encoding="utf-8") + f'\n[serve]\nurl = "{URL}"\n', encoding="utf-8")
    return spec


def _tokens(spec, folder) -> dict:
    result = CliRunner().invoke(cli, ["serve", str(spec), "-o", str(folder), "--tokens", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_kit_prints_the_codes_the_server_takes(tmp_path):
    spec, folder = _spec(tmp_path), tmp_path / "kit"
    event = with_entry_codes(load_event(spec), folder)  # as the kit does before printing
    printed = _tokens(spec, folder)
    assert printed == {
        "director": event.entry_codes["director"],
        "tables": {str(t): c for t, c in event.entry_codes["tables"].items()},
    }
    cards = table_cards_context(event)["cards"]
    assert cards and len(printed["tables"]) == len(cards)  # a card and a code for every table
    for card in cards:
        code = printed["tables"][str(card["table"])]
        assert card["entry"]["url"] == f"{URL}/t/{card['table']}?token={code}"
        assert card["entry"]["code"] == code
    assert all(c in document_html(event, "table-cards") for c in printed["tables"].values())
    assert printed["director"] in document_html(event, "director")
    assert stat.S_IMODE((folder / codes.SECRET_FILE).stat().st_mode) == 0o600


def test_codes_are_short_distinct_and_secret_per_folder(tmp_path):
    spec = _spec(tmp_path)
    a, b = _tokens(spec, tmp_path / "a"), _tokens(spec, tmp_path / "b")
    every = [a["director"], *a["tables"].values()]
    assert a["tables"] and len(set(every)) == len(every)
    assert all(len(c) == codes.LENGTH and set(c) <= set(codes.ALPHABET) for c in every)
    assert a["director"] != b["director"] and a["tables"] != b["tables"]  # another secret, other codes
    assert _tokens(spec, tmp_path / "a") == a  # written once: the same codes every time


def test_without_serve_url_the_cards_carry_no_code(tmp_path):
    event = with_entry_codes(load_event(CLUB), tmp_path)
    cards = table_cards_context(event)["cards"]
    assert cards and all(card["entry"] is None for card in cards)
    assert not (tmp_path / codes.SECRET_FILE).exists()
