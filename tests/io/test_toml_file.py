"""A TOML file read with every problem at its line and key (prefprint.io.toml_file)."""

from __future__ import annotations

import tomllib

import pytest

from prefprint.io.toml_file import (
    Problems,
    key_lines,
    language_in,
    toml_problem,
    typed,
    typed_time,
    unknown_word,
    unprintable,
)

TEXT = """\
[club]
title = "Пуля"

[[seasons]]
title = "Осень"

[[seasons]]
title = "Зима"
count = 8
"""


def test_every_key_has_its_line_and_an_array_entry_its_index():
    lines = key_lines(TEXT)
    assert lines[("club", "title")] == 2
    assert lines[("seasons", 0)] == 4 and lines[("seasons", 1, "title")] == 8
    assert lines[("seasons", 1, "count")] == 9


def test_problems_are_said_at_their_lines_in_the_files_order():
    problems = Problems(key_lines(TEXT))
    typed(problems, {"count": "eight"}, ("seasons", 1), "count", "int")
    typed(problems, {"title": 7}, ("club",), "title", "str")
    typed(problems, {}, ("nowhere",), "key", "str", required=True)
    texts = [m.text("en") for m in problems.items]
    assert [m.params.get("line") for m in problems.items] == [None, 2, 9]
    assert "seasons[2].count" in texts[2] and "line 9" in texts[2]


def test_a_value_of_the_kind_asked_or_the_default():
    problems = Problems({})
    assert typed(problems, {"n": 3}, (), "n", "int", 1) == 3
    assert typed(problems, {"n": True}, (), "n", "int", 1) == 1
    assert typed_time(problems, {"start": "9.30"}, (), "start", "10:00") == "09:30"
    assert typed_time(problems, {"start": "25:00"}, (), "start", "10:00") == "10:00"
    assert len(problems.items) == 2


def test_unprintable_values_and_unknown_words_are_said():
    problems = Problems({})
    unprintable(problems, {"club": {"title": "a\x07b", "x": float("inf")}, "list": ["ok", "x" * 1001]})
    codes = [m.params["what"].code for m in problems.items]
    assert codes == ["spec.control_char", "spec.not_finite", "spec.too_long"]
    problems = Problems({})
    unknown_word(problems, ("sesons",), "spec.unknown_section", "sesons", ["club", "seasons"])
    assert problems.items[0].params["what"].code == "spec.unknown_section_near"


def test_a_file_toml_cannot_read_is_said_at_its_line_in_its_language():
    text = 'language = "en"\ntitle = "a\n'
    with pytest.raises(tomllib.TOMLDecodeError) as e:
        tomllib.loads(text)
    problem = toml_problem(e.value, text)
    assert problem.code == "spec.not_toml_at" and problem.params["line"] == 2
    assert language_in(text) == "en" and language_in("title = 1") == "ru"
