"""Dates as each language writes them (CLDR's long form, through Babel): «5 декабря 2026 г.». Pure Python."""

from __future__ import annotations

import datetime as dt
from functools import lru_cache

from babel.core import UnknownLocaleError
from babel.dates import format_date, format_skeleton


@lru_cache(maxsize=256)
def date_text(value, lang: str = "ru") -> str:
    """A date as its reader writes it: "2026-12-05" is «5 декабря 2026 г.» in Russian, «December 5, 2026» in
    English; text that is no such date («5–6 декабря») as it is written. The one place a printed date meets
    its language."""
    if isinstance(value, dt.datetime):
        value = value.date()
    if not isinstance(value, dt.date):
        try:
            value = dt.date.fromisoformat(str(value).strip())
        except ValueError:
            return str(value)
    try:
        return format_date(value, format="long", locale=lang)
    except (ValueError, LookupError, UnknownLocaleError):
        return value.isoformat()


def moment_text(value: str, lang: str = "ru") -> str:
    """A local time of a run, "2026-12-05 22:41", as its reader writes it: «5 декабря 2026 г., 22:41»; any other
    text as it is."""
    day, _, time = str(value).partition(" ")
    text = date_text(day, lang)
    if text == day or not time:
        return str(value)
    return f"{text}, {time}"


@lru_cache(maxsize=1024)
def short_date(value: dt.date, lang: str = "ru", skeleton: str = "MMMd") -> str:
    """A day as a narrow column prints it: «5 окт.», «Oct 5» (CLDR's MMMd), or by another skeleton ("yMd": «05.10.2026»)."""
    try:
        return format_skeleton(skeleton, value, locale=lang)
    except (ValueError, LookupError, UnknownLocaleError):
        return value.isoformat()
