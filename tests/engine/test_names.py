"""Names matched to the registry: exact spellings silently, close ones suggested with their reason, never merged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import process

from prefprint.engine.names import (
    TYPO_SCORE,
    Known,
    Match,
    Registry,
    in_latin_letters,
    initials_agree,
    latin,
    new_id,
    patronymic_agree,
    plain,
    similarity,
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


class SlowRegistry:
    """The registry as it matched before its index: every name tried with every spelling (the oracle)."""

    def __init__(self, players: list[Known]):
        self.players = {p.id: p for p in players}
        self.ids = {f: p.id for p in players for f in p.former} | {p.id: p.id for p in players}
        self.exact = {plain(s): p.id for p in players for s in p.spellings}
        self._latin = [(latin(s), p.id) for p in players for s in p.spellings]

    def add(self, player: Known) -> None:
        self.players[player.id] = player
        self.ids.update({f: player.id for f in player.former} | {player.id: player.id})
        for s in player.spellings:
            self.exact.setdefault(plain(s), player.id)
            self._latin.append((latin(s), player.id))

    def match(self, name: str) -> Match:
        found = self.exact.get(plain(name))
        if found:
            return Match(name, "exact", found)
        suggestions: dict[str, str] = {}
        folded = plain(name).replace("ё", "е")
        for p in self.players.values():
            for spelling in p.spellings:
                if plain(spelling).replace("ё", "е") == folded:
                    suggestions.setdefault(p.id, "yo")
                elif initials_agree(name, spelling) or initials_agree(spelling, name):
                    suggestions.setdefault(p.id, "initials")
                elif patronymic_agree(name, spelling):
                    suggestions.setdefault(p.id, "patronymic")
                elif latin(spelling) == latin(name) and latin(name):
                    suggestions.setdefault(p.id, "latin" if in_latin_letters(name) else "typo")
        if not suggestions and latin(name):
            choices = [text for text, _ in self._latin]
            for _text, score, i in process.extract(latin(name), choices, scorer=similarity, limit=3):
                if score >= TYPO_SCORE:
                    suggestions.setdefault(self._latin[i][1], "typo")
        if suggestions:
            return Match(name, "close", suggestions=tuple(suggestions.items()))
        return Match(name, "unknown")


WORDS = (
    "Семёнов Семенов Семёнова Иванов Иванова Иванoв Щукин Щукина Юрьев Ёлкин Елкин Пётр Петр Юрий Юри Иван Ваня "
    "Анна Ана Полина Хасан Сергеевич Сергеевна Ильинична Фомич Петрович Петровна И. С. П. Ю. А. Х Semenov "
    "Semyonov Ivanov Ivanova Schukin Shchukin Yuriy Iurii Ivan Petr Pyotr Anna Hasan Khasan Sergeevna Yurev"
).split()


def typo(text: str, at: int, letter: str, how: int) -> str:
    """A letter dropped, doubled or changed."""
    if not text:
        return letter
    at %= len(text)
    return (text[:at], text[: at + 1] + text[at], text[:at] + letter)[how] + text[at + 1 :]


@st.composite
def names(draw, near: list[str]) -> str:
    """A name of the pool's words, or a spelling of `near` changed as evenings change them."""
    if near and draw(st.booleans()):
        name = draw(st.sampled_from(near))
        words = name.split()
        how = draw(st.sampled_from(["yo", "initials", "latin", "typo", "patronymic", "turned", "upper", "same"]))
        if how == "yo":
            name = name.replace("ё", "е") if "ё" in name else name.replace("е", "ё")
        elif how == "initials" and words:
            name = " ".join(words[:1] + [w[0] + "." for w in words[1:]])
        elif how == "latin":
            name = transliterated(name)
        elif how == "typo":
            name = typo(name, draw(st.integers(0, 40)), draw(st.sampled_from("аеёиоуpq ")), draw(st.integers(0, 2)))
        elif how == "patronymic":
            name = f"{name} {draw(st.sampled_from(['Сергеевна', 'Фомич', 'С.', 'Petrovich', 'Иванов']))}"
        elif how == "turned":
            name = " ".join(words[1:] + words[:1])
        elif how == "upper":
            name = f"  {name.upper()} "
        return name
    name = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4)))
    if draw(st.booleans()):
        name = typo(name, draw(st.integers(0, 40)), draw(st.sampled_from("аеёиоуyq")), draw(st.integers(0, 2)))
    return name


@st.composite
def players(draw, near: list[str]) -> Known:
    pid = draw(st.sampled_from([f"p{i}" for i in range(12)]))  # now and then an id twice
    spellings = tuple(draw(st.lists(names(near), min_size=1, max_size=3)))
    return Known(pid, spellings[0], spellings)


@st.composite
def sessions(draw) -> tuple[list[Known], list]:
    """A registry and what is then done with it: names matched, players added."""
    start: list[Known] = []
    for _ in range(draw(st.integers(0, 10))):
        start.append(draw(players([s for p in start for s in p.spellings])))
    steps: list = []
    spelt = [s for p in start for s in p.spellings]
    for _ in range(draw(st.integers(1, 25))):
        if draw(st.integers(0, 5)) == 0:
            player = draw(players(spelt))
            spelt += player.spellings
            steps.append(player)
        else:
            steps.append(draw(names(spelt)))
    return start, steps


@settings(max_examples=250, deadline=None)
@given(sessions())
def test_the_index_answers_as_every_name_tried_with_every_spelling(session):
    start, steps = session
    fast, slow = Registry(start), SlowRegistry(start)
    for step in steps:
        if isinstance(step, Known):
            fast.add(step)
            slow.add(step)
        else:
            assert fast.match(step) == slow.match(step), step
    assert fast.players == slow.players and fast.ids == slow.ids and fast.exact == slow.exact


def test_of_many_misspellings_as_close_the_first_three_registered_are_suggested():
    players = [Known(f"p{i}", "Ivanov Ivan", ("Ivanov Ivan",)) for i in range(5)] + [Known("q", "Ivanov", ("Ivanov",))]
    grown = Registry(players)
    assert grown.match("Ivanov Ivam") == SlowRegistry(players).match("Ivanov Ivam")
    assert grown.match("Ivanov Ivam").suggestions == (("p0", "typo"), ("p1", "typo"), ("p2", "typo"))
