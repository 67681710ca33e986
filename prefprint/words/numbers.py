"""Numbers as each language writes them: the decimal comma in Russian, ranges and runs. Pure Python."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache, lru_cache

from babel.numbers import get_decimal_symbol

_POINT = re.compile(r"(?<=\d)\.(?=\d)")


@lru_cache(maxsize=1 << 16, typed=True)  # a results site prints the same few thousand numbers again and again
def number(value, lang: str = "ru", places: int = 1, trim: bool = False) -> str:
    """A number as its reader writes it: whole ones as they are, others to `places` decimals
    (`trim`: without trailing zeros), the minus "−", the decimal comma in Russian ("12,5", "−3,3").

    Text already formatted with a point ("65.95", a ranking's percentage) only gets the comma;
    None is "". The one place where a number of a page, a PDF or a message meets its language.
    """
    if value is None:
        return ""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) or (not isinstance(value, float) and Fraction(value).denominator == 1):
        text = str(int(value))
    else:
        text = f"{float(value):.{places}f}"
        if trim:
            text = text.rstrip("0").rstrip(".")
    text = text.replace("-", "−")
    point = _decimal_symbol(lang)
    return _POINT.sub(point, text) if point != "." else text


@cache
def _decimal_symbol(lang: str) -> str:
    """The decimal sign of a language as CLDR has it (Babel): "," in Russian, "." in English."""
    try:
        return get_decimal_symbol(lang)
    except (ValueError, LookupError):
        return "."


def span(values) -> str:
    """The range of some numbers as printed: "3" when all are equal, else "2–4" (a shared place (2, 4) too)."""
    lo, hi = min(values), max(values)
    return str(lo) if lo == hi else f"{lo}–{hi}"


def ranges(numbers) -> str:
    """Numbers with runs of three or more shortened: 1, 2, 3, 5, 7, 8 -> "1–3, 5, 7, 8"."""
    out, run = [], []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
        run = [n]
    if run:
        out.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
    return ", ".join(out)
