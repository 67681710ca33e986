"""Round-trip TOML saves: comments kept, written atomically, never over a hand edit made since the file was read."""

from __future__ import annotations

import pytest

from prefprint.errors import PrefprintError
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


def test_a_file_toml_or_utf8_cannot_read_is_said_in_words_at_its_place(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text("[club\ntitle = ", encoding="utf-8")
    with pytest.raises(PrefprintError) as e:
        Seen().load(path)
    assert e.value.text("ru") == (
        f"{path}: файл не читается — строка 1, столбец 6: ошибка записи TOML — не закрыта квадратная скобка "
        "заголовка раздела: [раздел] или [[раздел]]"
    )
    path.write_bytes(b'title = "\xff"')
    with pytest.raises(PrefprintError) as e:
        Seen().load(path)
    assert (
        e.value.text("ru") == f"{path}: файл не читается — не текст в UTF-8 (байт 9): сохраните файл в кодировке UTF-8"
    )
    assert e.value.text("en") == f"{path}: cannot be read — not UTF-8 text (byte 9): save the file as UTF-8"
