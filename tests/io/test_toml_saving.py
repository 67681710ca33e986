"""Round-trip TOML saves: comments kept, written atomically, never over a hand edit made since the file was read."""

from __future__ import annotations

import pytest

from prefprint.io.toml_saving import Seen, StaleFile, fingerprint

HAND = '# kept by hand\n[club]\ntitle = "Пуля"  # the name\n\n[[seasons]]\ntitle = "Осень"\n'


def test_a_saved_document_keeps_the_comments(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(HAND, encoding="utf-8")
    seen = Seen()
    doc = seen.load(path)
    doc["club"]["title"] = "Пуля-2"
    seen.save(path, doc)
    assert path.read_text(encoding="utf-8") == HAND.replace('"Пуля"', '"Пуля-2"')
    assert [p.name for p in tmp_path.iterdir()] == ["club.toml"]  # no temporary file left


def test_a_file_changed_since_it_was_looked_at_is_not_saved_over(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(HAND, encoding="utf-8")
    seen = Seen()
    doc = seen.load(path)
    path.write_text(HAND + "# edited\n", encoding="utf-8")
    with pytest.raises(StaleFile) as refused:
        seen.save(path, doc)
    assert str(path) in refused.value.text("en") and "edited by hand" in refused.value.text("en")
    assert path.read_text(encoding="utf-8") == HAND + "# edited\n"
    seen.look(path)  # the new file shown: saved over it now
    seen.save(path, seen.load(path))
    assert path.read_text(encoding="utf-8") == HAND + "# edited\n"


def test_a_file_made_meanwhile_is_not_saved_over_either(tmp_path):
    path = tmp_path / "players.toml"
    seen = Seen()
    seen.look(path)
    assert fingerprint(path) is None
    path.write_text("[[players]]\n", encoding="utf-8")
    with pytest.raises(StaleFile):
        seen.check(path)
