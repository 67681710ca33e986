"""Dates as each language writes them, on every sheet's header."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from prefprint.io import render
from prefprint.words.dates import date_text, moment_text


@pytest.mark.parametrize(
    ("value", "lang", "printed"),
    [
        ("2026-12-05", "ru", "5 декабря 2026\u202fг."),
        ("2026-12-05", "en", "December 5, 2026"),
        (dt.date(2027, 1, 1), "ru", "1 января 2027\u202fг."),
        ("5–6 декабря", "ru", "5–6 декабря"),  # text is printed as written
        ("", "ru", ""),
    ],
)
def test_a_date_is_written_as_its_reader_writes_it(value, lang, printed):
    assert date_text(value, lang) == printed


def test_a_run_time_is_its_date_and_hour():
    assert moment_text("2026-12-05 22:41", "ru") == "5 декабря 2026\u202fг., 22:41"
    assert moment_text("2026-12-05 22:41", "en") == "December 5, 2026, 22:41"
    assert moment_text("вчера", "ru") == "вчера"


@pytest.mark.parametrize(("lang", "printed"), [("ru", "5 декабря 2026\u202fг."), ("en", "December 5, 2026")])
def test_a_sheet_header_prints_the_date_in_the_event_language(events, lang, printed):
    event = replace(events["club-night-20"], language=lang)
    head = render.language_environment(lang).from_string('{% from "_macros.html" import head %}{{ head("X", e) }}')
    text = head.render(e=event, lang=lang)
    assert f'<span class="nw">· {printed}</span>' in text and "2026-12-05" not in text
