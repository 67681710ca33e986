"""The message catalogue: Russian plural forms, quoting typed values, long lists cut short."""

from __future__ import annotations

import pytest

from prefprint.words.messages import CATALOGUE, Message, counted, plural, problem_lines, shown


@pytest.mark.parametrize(
    "n,form",
    [
        (1, "сдача"),
        (2, "сдачи"),
        (5, "сдач"),
        (11, "сдач"),
        (21, "сдача"),
        (22, "сдачи"),
        (25, "сдач"),
        (111, "сдач"),
        (0, "сдач"),
        (14, "сдач"),
        (104, "сдачи"),
        (1001, "сдача"),
    ],
)
def test_russian_plural_forms(n, form):
    assert plural(n, "count.deal") == form
    assert (
        Message("deals.hand_size", seat="N", n=n).text("ru") == f"у N {n} {plural(n, 'count.card')}, а должно быть 10"
    )


def test_english_plural_forms():
    assert [counted(n, "count.deal", "en") for n in (1, 2, 0, 21)] == ["1 deal", "2 deals", "0 deals", "21 deals"]


def test_catalogue_has_both_languages_with_the_same_fields():
    import string

    for code, (ru, en) in CATALOGUE.items():
        fields = lambda t: sorted({f for _, f, _, _ in string.Formatter().parse(t) if f})  # noqa: E731
        assert fields(ru) == fields(en), code
        assert ru and en, code


def test_shown_quotes_on_one_line_and_cuts_at_40():
    assert shown("a\nb") == "«a\\nb»"
    assert shown("\x07\x1b[31m") == "«\\u0007\\u001b[31m»"
    assert len(shown("x" * 30000)) == 42 and shown("x" * 30000).endswith("…»")


def test_long_lists_end_with_a_count_per_kind():
    problems = [Message("error", text=str(i)) for i in range(60)]
    lines = problem_lines(problems, "ru")
    assert len(lines) == 51 and lines[-1].startswith("… и ещё 10 замечаний")
    assert problem_lines(problems, "en")[-1].startswith("… and 10 more problems")


def test_a_typed_value_is_quoted_as_each_language_quotes():
    import pickle

    from prefprint.words.messages import Message, shown

    value = shown("11 пик\n")
    message = Message("spec.unknown_players", numbers=shown("x"), n=1)
    assert message.text("ru") == "нет игрока с номером «x»" and message.text("en") == 'no player numbered "x"'
    assert pickle.loads(pickle.dumps(value)) == value == "«11 пик\\n»"
