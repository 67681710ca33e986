"""Names matched to the registry: exact spellings silently, close ones suggested with their reason, never merged."""

from __future__ import annotations

import pytest

from prefprint.engine.names import (
    Known,
    Registry,
    initials_agree,
    latin,
    new_id,
    patronymic_agree,
    plain,
    transliterated,
    unmixed,
)

REGISTRY = Registry(
    [
        Known("ivanov-ivan", "Иванов Иван", ("Иванов Иван", "Ваня")),
        Known("semenov-iurii", "Семёнов Юрий", ("Семёнов Юрий",)),
        Known("petrov-petr", "Петров Пётр", ("Петров Пётр",)),
        Known("kuznetsova-anna", "Кузнецова Анна", ("Кузнецова Анна",)),
    ]
)


@pytest.mark.parametrize(
    "name, pid",
    [
        ("Иванов Иван", "ivanov-ivan"),
        ("  иванов   ИВАН ", "ivanov-ivan"),
        ("Ваня", "ivanov-ivan"),
        ("Иванoв Иван", "ivanov-ivan"),  # a Latin o among Cyrillic letters: the name it looks like
        ("ИВAHОВ ИВАН", "ivanov-ivan"),  # A and H Latin
    ],
)
def test_a_name_or_alias_as_written_matches_silently(name, pid):
    m = REGISTRY.match(name)
    assert (m.kind, m.id) == ("exact", pid)


@pytest.mark.parametrize(
    "name, pid, reason",
    [
        ("Семенов Юрий", "semenov-iurii", "yo"),
        ("Иванов И.", "ivanov-ivan", "initials"),
        ("И. Иванов", "ivanov-ivan", "initials"),
        ("Ivanov Ivan", "ivanov-ivan", "latin"),
        ("Semenov Yuriy", "semenov-iurii", "latin"),
        ("Кузнецова Ана", "kuznetsova-anna", "typo"),
        ("Petrov Pyotr", "petrov-petr", "typo"),
        ("Семёнов Юри", "semenov-iurii", "typo"),  # a misspelling in Cyrillic, though its Latin form is the same
        ("Кузнецова Анна Петровна", "kuznetsova-anna", "patronymic"),
        ("Кузнецова Анна П.", "kuznetsova-anna", "patronymic"),
        ("Анна Петровна Кузнецова", "kuznetsova-anna", "patronymic"),
    ],
)
def test_a_close_name_is_suggested_with_its_reason_and_never_matched(name, pid, reason):
    m = REGISTRY.match(name)
    assert m.kind == "close" and not m.id
    assert (pid, reason) in m.suggestions


@pytest.mark.parametrize("name", ["Сидоров Пётр", "Иванов Игорь", "Кузнецов Андрей", ""])
def test_another_name_is_unknown(name):
    assert REGISTRY.match(name).kind == "unknown"


def test_latin_folds_the_usual_spellings():
    assert latin("Семёнов Юрий") == latin("Semenov Yuriy") == latin("Semenov Iurii")
    assert latin("Щукин Хасан") == latin("Schukin Hasan")


def test_initials_need_the_same_surname_and_first_letters():
    assert initials_agree("Иванов И. П.", "Иванов Иван Петрович")
    assert not initials_agree("Иванов А.", "Иванов Иван")
    assert not initials_agree("Иванов Иван", "Иванов Иван")


def test_a_newcomers_id_is_his_name_in_latin_and_unique():
    assert new_id("Сидоров Пётр", set()) == "sidorov-petr"
    assert new_id("Сидоров Пётр", {"sidorov-petr"}) == "sidorov-petr-2"


def test_latin_is_the_reason_only_for_a_name_in_latin_letters():
    assert REGISTRY.match("Ivanov Ivan").suggestions == (("ivanov-ivan", "latin"),)
    assert REGISTRY.match("Ivanоv Ivan").suggestions == (("ivanov-ivan", "latin"),)  # a Cyrillic о read as o
    assert REGISTRY.match("Семенов Юри").suggestions == (("semenov-iurii", "typo"),)
    latin_alias = Registry([Known("s", "Сёма", ("Сёма", "Semenov Yuri"))])
    assert latin_alias.match("Семенов Юри").suggestions == (("s", "typo"),)  # written in Cyrillic: a misspelling


def test_a_word_of_one_alphabet_with_look_alike_letters_of_the_other_is_read_in_its_own():
    assert unmixed("Иванoв Ivanоv") == "Иванов Ivanov"  # the o of the first Latin, of the second Cyrillic
    assert unmixed("Ивaнqв") == "Ивaнqв"  # a q looks like no Cyrillic letter: kept as written
    assert plain("ГРОМОВ  АНТОН") == plain("Громов Антон")


def test_a_patronymic_more_needs_the_other_words_the_same():
    assert patronymic_agree("Иванова Полина Сергеевна", "Иванова Полина")
    assert not patronymic_agree("Иванова Полина Сергеевна", "Иванова Ольга")
    assert not patronymic_agree("Иванова Полина Петрова", "Иванова Полина")  # a surname more, not a patronymic
    assert not patronymic_agree("Иванова Полина", "Иванова Полина")


def test_transliterated_spells_cyrillic_in_latin_and_keeps_the_rest():
    assert transliterated("Клубный вечер №1, Wien") == "klubnyi vecher no1, wien"
    assert transliterated("Ёлка Щука") == "elka shchuka"
    assert transliterated("../../x") == "../../x"  # nothing else changed: a caller keeps only what it allows


def test_a_player_added_is_matched_as_one_given_at_the_start():
    names = ["Громов Антон", "Семёнов Юрий", "Ivanova Polina"]
    grown = Registry([Known("a", names[0], (names[0],))])
    for i, name in enumerate(names[1:], 1):
        grown.add(Known(str(i), name, (name, f"{name} С.")))
    whole = Registry(
        [Known("a", names[0], (names[0],))] + [Known(str(i), n, (n, f"{n} С.")) for i, n in enumerate(names[1:], 1)]
    )
    for typed in ("громов  антон", "Семенов Юрий", "Семёнов Юрий С.", "Иванова Полина", "Gromov Anton", "Никто"):
        assert grown.match(typed) == whole.match(typed), typed
    assert grown.match("Семенов Юрий").kind == "close" and grown.match("Семёнов Юрий С.").id == "1"
