"""The gettext catalogues of prefprint: one `.po` per language under words/locale, read through Babel.

Pure Python (Babel and the standard library's gettext). See the package docstring for how
a message, a counted word and a printed word are written; this module only finds them:

- `gettext(key, lang)`: the words of a key (a message code or a printed word's key);
- `ngettext(key, n, lang)`: the form of a counted word (`count.*`) for the number n, by the
  Plural-Forms rule of the language's catalogue (Russian: one, few, many, as CLDR has it);
- `table(prefix, lang)`: every key under a prefix as a dict ("method" -> {"standard": ...}),
  for the code and the templates that look words up by a name (`WordTable` does it per language).

Each catalogue is read once per process (`read_po`), compiled in memory (`write_mo`) and served
by `babel.support.Translations` (a `gettext.GNUTranslations`). A key missing from a language's
catalogue falls back to Russian, the default language of prefprint.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

DEFAULT = "ru"
DOMAIN = "prefprint"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# the languages are the catalogues there, Russian first: a new language is one more .po
LANGS = tuple(
    sorted(
        (p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")),
        key=lambda lang: (lang != DEFAULT, lang),
    )
)


def po_path(lang: str) -> Path:
    """The catalogue of a language: words/locale/<lang>/LC_MESSAGES/prefprint.po."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _lang(lang) -> str:
    return lang if lang in LANGS else DEFAULT


@cache
def catalog(lang: str) -> Catalog:
    """The parsed `.po` of a language (Babel's Catalog), read once per process."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


@cache
def translations(lang: str) -> Translations:
    """The catalogue of a language as gettext serves it; a missing key falls back to Russian."""
    lang = _lang(lang)
    buf = io.BytesIO()
    write_mo(buf, catalog(lang))
    buf.seek(0)
    tr = Translations(buf, domain=DOMAIN)
    if lang != DEFAULT:
        tr.add_fallback(translations(DEFAULT))
    return tr


@cache
def keys() -> frozenset:
    """Every key of the default catalogue (a `Message` code must be one of them)."""
    return frozenset(m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog(DEFAULT) if m.id)


def gettext(key: str, lang: str = DEFAULT) -> str:
    """The words of a key in a language."""
    return translations(_lang(lang)).gettext(key)


def ngettext(key: str, n, lang: str = DEFAULT) -> str:
    """The form of the counted word `key` (a `count.*` entry) for the number n.

    ngettext("count.deal", 21) == "сдача", 22 -> "сдачи", 25 -> "сдач"; a number that is not
    whole is taken by its whole part; what is not a number takes the form of 5.
    """
    try:
        n = abs(int(n))
    except (TypeError, ValueError):
        n = 5
    return translations(_lang(lang)).ngettext(key, key, n)


@cache
def table(prefix: str, lang: str = DEFAULT) -> dict:
    """Every key under `prefix.` in a language: {"rest of the key": words}; a dotted rest nests
    one level ("word.role_names.pass" -> table("word")["role_names"]["pass"]). Keys of the
    default catalogue, words of the language (Russian where it has none)."""
    lang = _lang(lang)
    start = prefix + "."
    out: dict = {}
    for m in catalog(DEFAULT):
        key = m.id
        if not isinstance(key, str) or not key.startswith(start):
            continue
        rest = key[len(start) :]
        words = gettext(key, lang)
        if "." in rest:
            head, tail = rest.split(".", 1)
            out.setdefault(head, {})[tail] = words
        else:
            out[rest] = words
    return out


class WordTable(Mapping):
    """A family of keys looked up per language as a dict: METHOD_NAMES["en"]["field"] == "balanced"."""

    def __init__(self, prefix: str, extra: dict | None = None):
        self.prefix = prefix
        self.extra = extra or {}  # entries that are not words (an empty status name), the same in every language
        self._cache: dict = {}

    def __getitem__(self, lang: str) -> dict:
        if lang in self._cache:
            return self._cache[lang]
        words = dict(table(self.prefix, lang))
        for key, value in self.extra.items():
            if isinstance(value, dict):
                words[key] = {**value, **words.get(key, {})}
            else:
                words.setdefault(key, value)
        self._cache[lang] = words
        return words

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __repr__(self) -> str:
        return f"WordTable({self.prefix!r})"


class PerLanguage(Mapping):
    """Something made of words, per language, built once: HEADERS["en"] is `build("en")`."""

    def __init__(self, build):
        self.build = build
        self._cache: dict = {}

    def __getitem__(self, lang: str):
        if lang not in self._cache:
            self._cache[lang] = self.build(_lang(lang))
        return self._cache[lang]

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


def words_of(*keys: str) -> PerLanguage:
    """A tuple of words per language: words_of("sheet.status.played", ...)["en"] == ("played", ...)."""
    return PerLanguage(lambda lang: tuple(gettext(key, lang) for key in keys))
