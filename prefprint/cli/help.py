"""The command line's help in the language asked for: each English help text of cli/main.py with its words.

cli/main.py keeps the English beside each option (click needs a string there); the catalogues hold
every help text as `cli.help.*` (the English msgstr is the text click shows), and `--help` shows the
Russian unless `--lang en` is given. A test holds every help text of the command to its entry.
"""

from __future__ import annotations

from functools import cache

from prefprint.words.catalog import catalog, gettext

_WORDS = {
    "Usage:": "usage",
    "Options": "options",
    "Commands": "commands",
    "default": "default",
    "required": "required",
    "OPTIONS": "OPTIONS",
    "COMMAND": "COMMAND",
    "ARGS": "ARGS",
    "SPEC": "SPEC",  # the commands' arguments in their usage line
    "WORKBOOKS": "WORKBOOKS",
    "CLUB": "CLUB",
}
_METAVARS = ("INTEGER RANGE", "INTEGER", "TEXT", "DIRECTORY", "FILE", "PATH")


@cache
def help_texts(lang: str = "ru") -> dict[str, str]:
    """Every help text of the command: its English -> its words in a language."""
    keys = [m.id for m in catalog("en") if isinstance(m.id, str) and m.id.startswith("cli.help.")]
    return {gettext(key, "en"): gettext(key, lang) for key in keys}


@cache
def click_words(lang: str = "ru") -> dict[str, str]:
    """click's own words around the help texts ("Usage:", "Options", ...) in a language."""
    return {en: gettext(f"cli.word.{key}", lang) for en, key in _WORDS.items()}


RU = help_texts("ru")
WORDS_RU = click_words("ru")


def russian_spec(spec: str, lang: str = "ru") -> str:
    """An option as listed ("--jobs INTEGER") with the kind of value in the language ("--jobs ЧИСЛО")."""
    for word in _METAVARS:
        spec = spec.replace(f" {word}", " " + gettext("cli.metavar." + word.lower().replace(" ", "_"), lang))
    return spec


def russian(text: str | None, lang: str = "ru") -> str | None:
    """The words of an English help text in a language (the English itself where none is written)."""
    return help_texts(lang).get(text, text) if text else text


def short(text: str, limit: int) -> str:
    """A command's help cut to one line of the command list, at a word."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",:;") + "…"
