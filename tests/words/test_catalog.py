"""The gettext catalogues: both languages complete, the same placeholders, CLDR's plural forms, clean .po files."""

from __future__ import annotations

import logging
import string
import warnings

import pytest
from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from prefprint.words import catalog
from prefprint.words.catalog import LANGS, gettext, ngettext, po_path


def _entries(lang: str) -> dict:
    return {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog.catalog(lang) if m.id}


def _fields(text: str) -> list[str]:
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name})


def test_every_key_has_its_words_in_every_language():
    keys = {lang: set(_entries(lang)) for lang in LANGS}
    assert len(keys["ru"]) > 600
    for lang in LANGS:
        assert keys[lang] == keys["ru"], (lang, sorted(keys[lang] ^ keys["ru"])[:10])
        for key, m in _entries(lang).items():
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            assert all(s.strip() for s in strings), (lang, key)
            assert not m.fuzzy, (lang, key)


def test_a_message_has_the_same_placeholders_in_every_language():
    ru = _entries("ru")
    for lang in LANGS:
        for key, m in _entries(lang).items():
            if isinstance(m.id, tuple):
                assert isinstance(ru[key].id, tuple), key  # a counted word in one language is one in every
                continue
            assert _fields(m.string) == _fields(ru[key].string), (lang, key)


def test_a_counted_word_named_in_a_message_is_a_plural_entry():
    for lang in LANGS:
        entries = _entries(lang)
        for key, m in entries.items():
            if isinstance(m.id, tuple):
                continue
            for _, _name, spec, _ in string.Formatter().parse(m.string):
                if spec and spec.startswith("count."):
                    assert isinstance(entries[spec].id, tuple), (lang, key, spec)


def test_every_message_is_worded_in_both_languages():
    """Every message fills its placeholders in both languages (a number for each counted word)."""
    from prefprint.words.messages import CATALOGUE, Message

    for code in CATALOGUE:
        if code.startswith("cli.help."):
            continue  # shown as it is written (a help text may show braces: {"N": -104, ...})
        params = {name: 2 for name in _fields(gettext(code, "ru")) + _fields(gettext(code, "en"))}
        for lang in LANGS:
            text = Message(code, **params).text(lang)
            assert "count." not in text and "{" not in text.replace("{}", ""), (code, lang, text)


@pytest.mark.parametrize("n,form", [(1, 0), (2, 1), (5, 2), (11, 2), (21, 0), (22, 1), (25, 2), (111, 2)])
def test_russian_plural_forms_are_cldrs(n, form):
    forms = ("сдача", "сдачи", "сдач")
    assert ngettext("count.deal", n) == forms[form]
    assert Locale("ru").plural_form(n) == ("one", "few", "many")[form]


def test_the_plural_rule_of_each_catalogue_is_cldrs():
    """The Plural-Forms header gettext reads agrees with CLDR's categories for every count up to 1000."""
    for lang in LANGS:
        tr = catalog.translations(lang)
        header = catalog.catalog(lang).plural_forms
        assert header == get_plural(lang).plural_forms
        order = {"ru": ("one", "few", "many"), "en": ("one", "other")}[lang]
        for n in range(1001):
            assert tr.plural(n) == order.index(Locale(lang).plural_form(n)), (lang, n)


def test_the_po_files_parse_without_warnings(caplog):
    for lang in LANGS:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with caplog.at_level(logging.DEBUG), po_path(lang).open("rb") as f:
                cat = read_po(f, locale=lang, abort_invalid=True)
        assert not caplog.records, [r.getMessage() for r in caplog.records]
        assert cat.locale_identifier == lang and cat.num_plurals == {"ru": 3, "en": 2}[lang]
        assert not list(cat.check()), lang  # Babel's checkers: placeholders and plural counts


def test_the_languages_are_the_catalogues():
    """A language is one .po in words/locale: the command line and the spec offer what is there."""
    from prefprint.cli.main import cli

    assert LANGS[0] == "ru" and set(LANGS) == {p.parent.parent.name for p in catalog.LOCALE_DIR.glob("*/*/*.po")}
    kit = cli.commands["kit"]
    assert list(next(o for o in kit.params if o.name == "lang").type.choices) == list(LANGS)


def test_an_unknown_key_is_refused():
    from prefprint.words.messages import Message

    with pytest.raises(KeyError):
        Message("no.such.message")


def test_old_format_messages_are_carried_into_the_catalogues(tmp_path, capsys):
    """tools/po_add.py: a message in the old format gets its counted words by key; unknown forms are refused."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    try:
        import po_add
    finally:
        sys.path.pop(0)
    source = tmp_path / "new.py"
    source.write_text(
        'CATALOGUE = {"file_problems": ("x", "y"),\n'
        '             "t.new": ("{n} {n:сдача|сдачи|сдач} у {path}", "{n} {n:deal|deals} at {path}"),\n'
        '             "t.bad": ("{n} {n:лось|лося|лосей}", "{n} {n:moose|moose}")}\n',
        encoding="utf-8",
    )
    assert po_add.main([str(source), "--dry-run"]) == 1
    out = capsys.readouterr()
    assert out.out.split() == ["added", "t.new"] and "left out t.bad" in out.err


def test_the_declarer_is_one_word_on_paper_in_the_workbook_and_on_the_phone():
    """Players read the protocol, the workbook, the cost table and the phone: the declarer is named alike in
    all of them («Играющий», the pair of «вистующий»), and no Russian text names him «разыгрывающий»."""
    keys = ("word.declarer_col", "sheet.group.declarer", "serve.ui_declarer", "role.declarer")
    for lang in LANGS:
        assert len({gettext(k, lang) for k in keys}) == 1, (lang, [gettext(k, lang) for k in keys])
    assert gettext("sheet.group.declarer", "ru") == "Играющий"
    for key, m in _entries("ru").items():
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            assert "разыгрыва" not in text.casefold(), (key, text)
