"""One catalogue of every message a director, scorer or player reads, in Russian and English.

Pure Python. A message is a code and its parameters (`Message`); its words come from
`CATALOGUE` in the language asked for, Russian by default. Counted words take their plural
form from the number: "{n} {n:участник|участника|участников}" / "{n} {n:player|players}".
A parameter that is itself a Message is written in the same language.
"""

from __future__ import annotations

import string
import unicodedata
from collections import Counter

LANGS = ("ru", "en")


def plural(n, forms) -> str:
    """The form of a counted word: Russian (one, few, many) or English (one, many).

    plural(21, ("сдача", "сдачи", "сдач")) == "сдача"; plural(2, ("deal", "deals")) == "deals".
    """
    forms = forms.split("|") if isinstance(forms, str) else list(forms)
    try:
        n = abs(int(n))
    except (TypeError, ValueError):
        return forms[-1]
    if len(forms) == 2:
        return forms[0] if n == 1 else forms[1]
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def counted(n, forms) -> str:
    """A number with its word: counted(5, "тур|тура|туров") == "5 туров"."""
    return f"{n} {plural(n, forms)}"


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
    return f"«{text}»"


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, spec):
        if isinstance(value, Message):
            return value.text(self.lang)
        if "|" in spec:
            return plural(value, spec)
        return super().format_field(value, spec)


class Message:
    """A message: its catalogue code and parameters; `text(lang)` gives the words."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params):
        if code not in CATALOGUE:
            raise KeyError(f"message {code!r} is not in the catalogue")
        self.code = code
        self.params = params

    def text(self, lang: str = "ru") -> str:
        ru, en = CATALOGUE[self.code]
        template = en if lang == "en" else ru
        return _Formatter(lang).format(template, **self.params)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Message({self.code!r}, {self.params!r})"

    def __eq__(self, other):
        return isinstance(other, Message) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self):
        return hash(self.code)


def text_of(message, lang: str = "ru") -> str:
    """The words of a Message, or a plain string as it is."""
    return message.text(lang) if isinstance(message, Message) else str(message)


def problem_lines(problems, lang: str = "ru", limit: int = 50) -> list[str]:
    """Problems as lines: the first `limit`, then how many more of each kind."""
    lines = [text_of(p, lang) for p in problems[:limit]]
    rest = problems[limit:]
    if rest:
        kinds = Counter(p.code if isinstance(p, Message) else "other" for p in rest)
        per_kind = ", ".join(f"{KIND_NAMES.get(k, k)[0 if lang == 'ru' else 1]}: {n}"
                             for k, n in kinds.most_common())
        lines.append(Message("more_problems", n=len(rest), kinds=per_kind).text(lang))
    return lines


# Short names of kinds of problems, for the count after a long list (code -> (ru, en)).
KIND_NAMES: dict[str, tuple[str, str]] = {}

# code -> (Russian, English). Sections by the module that raises them.
CATALOGUE: dict[str, tuple[str, str]] = {
    # ------------------------------------------------------------------ general
    "more_problems": ("… и ещё {n} {n:замечание|замечания|замечаний} ({kinds})",
                      "… and {n} more {n:problem|problems} ({kinds})"),
    "file_problems": ("{path}: {n} {n:ошибка|ошибки|ошибок}:", "{path}: {n} {n:problem|problems}:"),
    "error": ("Ошибка: {text}", "Error: {text}"),
    "warning": ("предупреждение: {text}", "warning: {text}"),
}
