"""Messages: a code of the gettext catalogue and its parameters, worded in the language asked for.

Pure Python. `Message(code, **params).text(lang)` looks the code up in the language's `.po`
(`prefprint.words.catalog`) and fills its named placeholders; `{n:count.deal}` is the counted
word `count.deal` in the form for n (ngettext, the CLDR plural rule of the language). A parameter
that is itself a Message (or a list of them) is written in the same language.
"""

from __future__ import annotations

import string
import unicodedata
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from prefprint.words import catalog
from prefprint.words.catalog import LANGS, gettext, ngettext
from prefprint.words.dates import moment_text
from prefprint.words.numbers import number

__all__ = [
    "LANGS",
    "CATALOGUE",
    "Message",
    "Quoted",
    "counted",
    "plural",
    "problem_lines",
    "shown",
    "text_of",
    "wording",
]


def plural(n, key: str, lang: str = "ru") -> str:
    """The form of a counted word for n: plural(21, "count.deal") == "сдача"; in English "deals" for 2."""
    return ngettext(key, n, lang)


def counted(n, key: str, lang: str = "ru") -> str:
    """A number with its word: counted(5, "count.round") == "5 туров"."""
    return f"{n} {ngettext(key, n, lang)}"


class Quoted(str):
    """A typed value as `shown` quotes it: «text» (Russian quotes); a message in English writes "text"."""

    __slots__ = ("inner",)

    def __new__(cls, inner: str):
        quoted = super().__new__(cls, f"«{inner}»")
        quoted.inner = inner
        return quoted

    def __reduce__(self):
        return Quoted, (self.inner,)


def shown(value, limit: int = 40) -> str:
    """A typed value quoted for a message: one line, control characters visible, cut at `limit`."""
    text = "" if value is None else str(value)
    out = []
    for ch in text:
        if ch in "\r\n\t":
            out.append({"\r": "\\r", "\n": "\\n", "\t": "\\t"}[ch])
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch != "\u00ad":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    text = "".join(out)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return Quoted(text)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, spec):
        if isinstance(value, Message):
            return value.text(self.lang)
        if isinstance(value, (list, tuple)) and all(isinstance(v, Message) for v in value):
            # several parts of one problem, or "{items:,}": items of one list
            return ("; " if spec != "," else ", ").join(v.text(self.lang) for v in value)
        if isinstance(value, Quoted):
            return gettext("quoted", self.lang).format(text=value.inner)
        if spec.startswith("count."):
            return ngettext(spec, value, self.lang)
        if spec == "moment":  # "{time:moment}": a run's local time, "5 декабря 2026 г., 22:41"
            return moment_text(value, self.lang)
        if spec == "signed":  # "{total:signed}": whists with their sign, "+12,5", "−3" in Russian
            return ("+" if value > 0 else "") + number(value, self.lang, 2, trim=True)
        if isinstance(value, (Fraction, float)) and not spec:
            return number(value, self.lang, 2, trim=True)  # "62,5" in Russian, "62.5" in English
        return super().format_field(value, spec)


class Message:
    """A message: its catalogue code and parameters; `text(lang)` gives the words."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params):
        if code not in catalog.keys():
            raise KeyError(f"message {code!r} is not in the catalogue")
        self.code = code
        self.params = params

    def text(self, lang: str = "ru") -> str:
        return wording(gettext(self.code, lang), lang, self.params)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Message({self.code!r}, {self.params!r})"

    def __eq__(self, other):
        return isinstance(other, Message) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self):
        return hash(self.code)


def wording(template: str, lang: str, params: dict) -> str:
    """A catalogue's words with their named placeholders filled in a language (as `Message.text`)."""
    return _Formatter(lang).format(template, **params)


def text_of(message, lang: str = "ru") -> str:
    """The words of a Message, or a plain string as it is."""
    return message.text(lang) if isinstance(message, Message) else str(message)


def problem_lines(problems, lang: str = "ru", limit: int = 50) -> list[str]:
    """Problems as lines: the first `limit`, then how many more of each kind."""
    lines = [text_of(p, lang) for p in problems[:limit]]
    rest = problems[limit:]
    if rest:
        kinds = Counter(p.code if isinstance(p, Message) else "other" for p in rest)
        per_kind = ", ".join(f"{_kind(k, lang)}: {n}" for k, n in kinds.most_common())
        lines.append(Message("more_problems", n=len(rest), kinds=per_kind).text(lang))
    return lines


def _kind(code: str, lang: str) -> str:
    """The short name of a kind of problem (`kind.<code>`), or its code where it has none."""
    key = "kind." + code
    return gettext(key, lang) if key in catalog.keys() else code


class _Catalogue(Mapping):
    """Every key of the catalogues as code -> (Russian, English), read-only (for tests and tools)."""

    def __getitem__(self, code: str) -> tuple[str, str]:
        if code not in catalog.keys():
            raise KeyError(code)
        return gettext(code, "ru"), gettext(code, "en")

    def __iter__(self):
        return iter(sorted(k for k in catalog.keys() if not k.startswith("count.")))

    def __len__(self) -> int:
        return sum(1 for _ in self)


CATALOGUE = _Catalogue()
