"""Event specs: sample events load; every mistake is listed with its key and line."""

from __future__ import annotations

import pytest

from prefprint.errors import SpecError
from prefprint.io.spec import load_event, parse_event

GOOD = """
[event]
title = "Test"
date = 2026-12-05

[game]
variant = "sochi"
table_size = 4

[deals]
seed = 5
""" + "".join(f'\n[[players]]\nnumber = {i}\nname = "P{i}"\n' for i in range(1, 21))


def test_sample_events_load(events):
    assert set(events) >= {"club-night-20", "book-scheme-12", "threes-15", "rooms-26", "open-100"}
    assert events["club-night-20"].movement.method == "standard"
    assert events["book-scheme-12"].movement.method == "scheme"
    assert events["threes-15"].table_size == 3
    assert events["rooms-26"].movement.method == "rooms"
    assert len(events["open-100"].players) == 100


def test_a_good_spec_expands():
    e = parse_event(GOOD)
    assert e.deals_per_set == 4 and len(e.deals) == 20 and e.language == "ru"
    assert e.date == "2026-12-05"
    assert [d.dealer for d in e.deals[:4]] == ["N", "E", "S", "W"]


def test_all_problems_at_once_with_key_and_line():
    text = (
        GOOD.replace('variant = "sochi"', 'variant = "moscow"\ncolour = 3')
        .replace("number = 7\n", "number = 6\n")
        .replace("table_size = 4", 'table_size = "four"')
    )
    with pytest.raises(SpecError) as e:
        parse_event(text, "cup.toml")
    problems = [p.text("en") for p in e.value.problems]
    assert (
        "line 8, game.colour: unknown key; expected one of conventions, deals_per_set, minutes_per_deal, "
        "table_size, variant" in problems
    )
    assert (
        'line 7, game.variant: unknown variant "moscow"; known: sochi, leningrad, rostov, classic, responsible, '
        "ural" in problems
    )
    assert 'line 9, game.table_size: expected a whole number, found "four"' in problems
    assert any(
        p.startswith("line ") and 'players[7].number: duplicate player number 6: "P6" has it already (players[6])' in p
        for p in problems
    )
    assert str(e.value).startswith("cup.toml — ")
    russian = e.value.text("ru").splitlines()
    assert russian[0] == "cup.toml — 4 ошибки:"
    assert "  - строка 9, game.table_size: ожидается целое число, найдено «four»" in russian


def test_a_mistake_of_the_event_section_alone_does_not_keep_the_movement_unchecked():
    """A typo'd key or date in [event] and a number of rounds no movement plays: all said at once (the rounds
    were said only on the next run)."""
    text = GOOD.replace("date = 2026-12-05", 'date = "30.02.2026"\nstrat = "19:00"').replace(
        "[deals]", "[[sessions]]\nrounds = 13\n\n[deals]"
    )
    with pytest.raises(SpecError) as e:
        parse_event(text, "cup.toml")
    problems = [p.text("en") for p in e.value.problems]
    assert len(problems) == 3 and "rounds" in problems[-1], problems
    assert e.value.warnings == []


def test_too_few_players_and_bad_toml():
    text = GOOD.split("[[players]]")[0] + "".join(f"[[players]]\nnumber = {i}\n" for i in range(1, 6))
    with pytest.raises(SpecError, match="players must be from 8 to 1000 at tables of 4, not 5"):
        parse_event(text)
    with pytest.raises(SpecError, match="not valid TOML") as e:
        parse_event("[event\n")
    with pytest.raises(SpecError) as e:
        parse_event('[event]\ntitle = "Кубок\n')
    assert (
        e.value.problems[0].text("ru") == "строка 2, столбец 15: ошибка записи TOML — недопустимый символ "
        "(не закрыты кавычки?)"
    )


@pytest.mark.parametrize(
    "line, said",
    [
        ("date = 2026-02-30", "date = 2026-02-30: такой даты нет (пишите ГГГГ-ММ-ДД, например 2026-12-05)"),
        ("date = 2026-13-45", "date = 2026-13-45: такой даты нет (пишите ГГГГ-ММ-ДД, например 2026-12-05)"),
        ("start = 18:30", 'start = 18:30: время пишется в кавычках, например "18:30"'),
    ],
)
def test_a_date_or_time_toml_cannot_read_is_named_with_its_key(line, said):
    with pytest.raises(SpecError) as e:
        parse_event(f'[event]\ntitle = "Кубок"\n{line}\n')
    text = e.value.problems[0].text("ru")
    assert text.startswith("строка 3, столбец ") and text.endswith(f"ошибка записи TOML — {said}")


def test_prepared_deals_are_checked():
    text = GOOD.replace("seed = 5", 'seed = 5\n\n[[deals.prepared]]\nnumber = 1\nE = "♠ Т К"\n')
    with pytest.raises(SpecError, match="deal 1: the cards of S are missing"):
        parse_event(text)


def test_conventions_override(tmp_path):
    text = GOOD.replace("table_size = 4", 'table_size = 4\n\n[game.conventions]\nlone_whist = "gentleman"')
    assert parse_event(text).conventions.lone_whist == "gentleman"
    bad = GOOD.replace("table_size = 4", "table_size = 4\n\n[game.conventions]\nlone_whist = 3")
    with pytest.raises(SpecError, match='convention "lone_whist": expected greedy or gentleman, found "3"'):
        parse_event(bad)


def test_the_shortfall_and_rostov_readings_are_read_from_the_spec():
    table = '[game.conventions]\nshortfall_high = "split"\nshortfall_low = "side"\nrostov_allpass = "difference"'
    conv = parse_event(GOOD.replace("table_size = 4", "table_size = 4\n\n" + table)).conventions
    assert (conv.shortfall_high, conv.shortfall_low, conv.rostov_allpass) == ("split", "side", "difference")
    bad = GOOD.replace(
        "table_size = 4", 'table_size = 4\n\n[game.conventions]\nshortfall_high = "w2"\nshortfall_low = 1'
    )
    (problem,) = _problems(bad)
    assert problem == (
        'line 10, game.conventions: convention "shortfall_high": expected second, split or each, found "w2"; '
        'convention "shortfall_low": expected half or side, found "1"'
    )


def test_missing_file_is_a_spec_error(tmp_path):
    with pytest.raises(SpecError, match="cannot read the file"):
        load_event(tmp_path / "nope.toml")


def test_second_session_by_lines_from_the_spec():
    text = GOOD.split("[[players]]")[0].replace("[deals]", "[movement]\nsession = 2\n\n[deals]") + "".join(
        f"[[players]]\nnumber = {i}\n" for i in range(1, 81)
    )
    event = parse_event(text)
    assert event.movement.method == "by-lines"
    assert [len(r.players) for r in event.movement.rooms] == [20, 20, 20, 20]
    assert all(r.method == "standard" for r in event.movement.rooms)


def _problems(text, lang="en"):
    with pytest.raises(SpecError) as e:
        parse_event(text)
    return [p.text(lang) for p in e.value.problems]


@pytest.mark.parametrize(
    "old,new,expected",
    [
        ('title = "Test"', 'title = "Te\\u0007st"', "line 3, event.title: contains the control character U+0007"),
        ('title = "Test"', 'title = "Te\\u001b[31mst"', "line 3, event.title: contains the control character U+001B"),
        ('name = "P3"', 'name = "P\\u0000"', "players[3].name: contains the control character U+0000"),
        (
            "date = 2026-12-05",
            'date = 2026-12-05\nstart = "25:99"',
            "line 5, event.start: expected a time from 00:00 to 23:59",
        ),
        (
            "table_size = 4",
            "table_size = 4\ndeals_per_set = 99999999999999999999",
            "line 9, game.deals_per_set: expected a number from 2 to 12",
        ),
        (
            "table_size = 4",
            "table_size = 4\n[game.conventions]\nshortfall = inf",
            'line 10, game.conventions.shortfall: expected a finite number, found "inf"',
        ),
        ('name = "P3"', 'name = "' + "x" * 300 + '"', "players[3].name: text too long: 300 characters, at most 100"),
        ("number = 4\n", "number = -4\n", 'players[4].number: expected a number from 1 to 9999, found "-4"'),
    ],
)
def test_values_that_cannot_be_printed_are_refused_at_their_line(old, new, expected):
    assert old in GOOD
    problems = _problems(GOOD.replace(old, new, 1))
    assert any(expected in p for p in problems), problems


def test_empty_players_deep_nesting_and_wrong_types_are_problems_not_crashes():
    assert _problems("players = []\n" + GOOD.split("[[players]]")[0]) == [
        "line 1, players: no players: [[players]] entries needed"
    ]
    with pytest.raises(SpecError, match="nested too deep"):
        parse_event("a = " + "[" * 3000 + "]" * 3000)
    for text in ("players = 5", "event = 3", "[event]\ntitle = 5\n[game]\n[[players]]\nnumber = true"):
        with pytest.raises(SpecError):
            parse_event(text)


def test_players_keep_their_numbers_and_late_entries_get_the_next_free_one():
    text = GOOD.replace("number = 20\n", "number = 25\n") + '\n[[players]]\nname = "Late"\n'
    event = parse_event(text)
    numbers = [p.number for p in event.players]
    assert numbers == list(range(1, 20)) + [25, 26] and event.players[-1].name == "Late"
    assert event.movement.roster == tuple(numbers)
    first = event.movement.rounds[0]
    assert sorted([p for t in first.tables for p in t.players] + list(first.resting)) == numbers


TWO_SESSIONS = (
    GOOD.split("[[players]]")[0]
    + """
[[sessions]]
title = "1-я сессия"
start = "18:30"

[[sessions]]
date = 2026-12-06
by_lines = true
absent = [7]

[sessions.deals]
seed = "second"
"""
    + "".join(f'\n[[players]]\nnumber = {i}\nname = "P{i}"\n' for i in range(1, 41))
)


def test_two_sessions_the_second_by_lines_with_an_absent_player():
    from prefprint.io.spec import parse_competition

    c = parse_competition(TWO_SESSIONS, "cup.toml")
    one, two = c.sessions
    assert (one.session, two.session, one.session_count) == (1, 2, 2)
    assert one.start == "18:30" and two.date == "2026-12-06" and one.session_title == "1-я сессия"
    assert two.movement.method == "by-lines" and 7 not in two.movement.roster and len(two.players) == 39
    assert two.absent == (7,) and 7 in c.names
    line = {p: s for t in one.movement.rounds[0].tables for s, p in t.seats}
    for room in two.movement.rooms:  # every room holds players of one former line
        assert len({line[p] for p in room.players}) == 1
    assert one.deals[0].hands != two.deals[0].hands and one.digest != two.digest


def test_session_mistakes_are_listed_with_their_keys():
    text = TWO_SESSIONS.replace("absent = [7]", 'absent = [77, 7, 7]\nmethod = "skip"').replace(
        'title = "1-я сессия"', 'title = "1-я сессия"\nby_lines = true'
    )
    problems = _problems(text)
    assert any("sessions[2].absent: no player numbered 77" in p for p in problems), problems
    assert any("sessions[2].absent: a number is given twice" in p for p in problems)
    assert any("sessions[2].method: cannot be combined with by_lines = true" in p for p in problems)
    assert any("sessions[1].by_lines: the first session cannot play by lines" in p for p in problems)


def test_deals_dealt_at_the_table_have_no_layout():
    event = parse_event(GOOD.replace("seed = 5", 'seed = 5\nsource = "table"'))
    assert event.dealt_at_table and all(d.hands == () and d.talon == () for d in event.deals)
    problems = _problems(GOOD.replace("seed = 5", 'source = "shuffled"'))
    assert any("deals.source: expected one of generated, table" in p for p in problems)


def test_variants_are_known_by_their_russian_names_too():
    for name, key in (
        ("Сочи", "sochi"),
        ("ленинград", "leningrad"),
        ("Классика", "classic"),
        ("урало-сибирская", "ural"),
        ("rostov", "rostov"),
    ):
        assert parse_event(GOOD.replace('variant = "sochi"', f'variant = "{name}"')).variant == key


def test_a_blank_name_is_refused_at_its_line():
    text = GOOD.replace('name = "', 'name = "  ', 1)
    first = text.index('name = "  ')
    text = text[:first] + 'name = "  "' + text[text.index("\n", first) :]
    problems = _problems(text)
    assert len(problems) == 1 and problems[0].endswith(
        "players[1].name: the name is blank: write the player's name (or leave the key out: the number alone)"
    )


def test_session_keys_are_checked_beside_mistakes_elsewhere():
    text = (
        TWO_SESSIONS.replace('start = "18:30"', 'start = "18:30"\nrounds = "семь"')
        .replace("absent = [7]", "absent = [71]")
        .replace("number = 3\n", "number = 2\n")
    )
    game = text.index("[game]")
    text = text[:game] + "[game]\ntable_size = 5" + text[game + len("[game]") :].replace("\ntable_size = 4", "", 1)
    problems = _problems(text)
    assert any('game.table_size: expected one of 4, 3; found "5"' in p for p in problems), problems
    assert any('sessions[1].rounds: expected a whole number, found "семь"' in p for p in problems)
    assert any("sessions[2].absent: no player numbered 71" in p for p in problems)
    assert any("players[3].number: duplicate player number 2: " in p for p in problems)
    assert len(problems) == 4


def test_two_players_of_one_name_are_a_warning_not_a_refusal():
    from prefprint.io.spec import parse_competition

    first = GOOD.index('name = "') + len('name = "')
    name = GOOD[first : GOOD.index('"', first)]
    second = GOOD.index('name = "', first) + len('name = "')
    text = GOOD[:second] + name.upper() + "  " + GOOD[GOOD.index('"', second) :]
    c = parse_competition(text, "cup.toml")
    assert [w.text("ru") for w in c.warnings] == [
        f"одно имя «{name}» у игроков 1, 2: если это не тёзки, исправьте список"
    ]
    assert parse_competition(GOOD, "cup.toml").warnings == ()
    # a spec refused for its mistakes still says it, and that the movement is checked once they are corrected
    with pytest.raises(SpecError) as e:
        parse_competition(text.replace("[game]", "[game]\ntable_sise = 3"), "cup.toml")
    assert len(e.value.problems) == 1 and [w.code for w in e.value.warnings] == [
        "spec.namesakes",
        "spec.movement_unchecked",
    ]


@pytest.mark.parametrize(
    "written,found",
    [
        ('"2026-02-30"', '"2026-02-30"'),
        ('"30.02.2026"', '"30.02.2026"'),
        ('"29.02.2027"', '"29.02.2027"'),
        ('"2026-12-05 — 2026-12-32"', '"2026-12-32"'),
        ('"31/31/2026"', '"31/31/2026"'),
        ('"0000-01-01"', '"0000-01-01"'),
    ],
)
def test_an_impossible_date_written_as_text_is_refused_at_its_line(written, found):
    problems = _problems(GOOD.replace("date = 2026-12-05", f"date = {written}"))
    assert problems == [f"line 4, event.date: no such date: {found} (write YYYY-MM-DD, e.g. 2026-12-05)"]


def test_an_impossible_toml_date_is_refused_at_its_line():
    problems = _problems(GOOD.replace("date = 2026-12-05", "date = 2026-02-30"))
    assert problems == [
        "line 4, column 8: not valid TOML — date = 2026-02-30: no such date (write YYYY-MM-DD, e.g. 2026-12-05)"
    ]


@pytest.mark.parametrize(
    "written",
    [
        '"вчера"',
        '"5–6 декабря 2026"',
        '"2026-12-05 — 2026-12-06"',
        '"12/31/2026"',
        '"31/12/2026"',
        '"29.02.2028"',
        "2026-12-05T18:30:00",
    ],
)
def test_a_date_in_words_or_a_real_one_is_printed_as_written(written):
    assert parse_event(GOOD.replace("date = 2026-12-05", f"date = {written}")).date == (
        "2026-12-05" if "T" in written else written.strip('"')
    )


def test_an_impossible_session_date_is_refused_at_its_line():
    problems = _problems(TWO_SESSIONS.replace("date = 2026-12-06", 'date = "2026-06-31"'))
    assert len(problems) == 1 and problems[0].endswith(
        'sessions[2].date: no such date: "2026-06-31" (write YYYY-MM-DD, e.g. 2026-12-05)'
    ), problems


@pytest.mark.parametrize(
    "text, said",
    [
        ("[event\n", "не закрыта квадратная скобка заголовка раздела: [раздел] или [[раздел]]"),
        ("[[players]\n", "не закрыта квадратная скобка заголовка раздела: [раздел] или [[раздел]]"),
        (
            '[event]\ntitle = "C:\\клуб"\n',
            "обратная косая черта «\\» в строке в двойных кавычках: пишите «\\\\» "
            "или возьмите строку в одинарные кавычки",
        ),
        ("[event]\nt = {a = 1, a = 2}\n", "ключ или раздел задан дважды"),
    ],
)
def test_toml_mistakes_are_said_in_the_event_language_not_tomllib_english(text, said):
    with pytest.raises(SpecError) as e:
        parse_event(text)
    assert e.value.problems[0].text("ru").endswith(f"ошибка записи TOML — {said}")


def test_a_typo_in_a_key_a_section_or_a_variant_names_the_nearest_known_one():
    text = GOOD.replace("table_size = 4", "table_sise = 4").replace('variant = "sochi"', 'variant = "sohci"')
    text = text.replace("[event]", "[evnt]", 1)
    with pytest.raises(SpecError) as e:
        parse_event(text, "cup.toml")
    ru = [p.text("ru") for p in e.value.problems]
    en = [p.text("en") for p in e.value.problems]
    assert any("game.table_sise: неизвестный ключ; может быть, «table_size»? Допустимы: conventions," in p for p in ru)
    assert any('game.variant: unknown variant "sohci"; did you mean "sochi"? Known: sochi, leningrad' in p for p in en)
    assert any('evnt: unknown section; did you mean "event"? Expected one of event, game' in p for p in en)
    # a word nothing is near keeps the plain list
    plain = GOOD.replace("table_size = 4", "table_size = 4\nzzz = 1")
    with pytest.raises(SpecError) as e:
        parse_event(plain, "cup.toml")
    assert [p.text("en") for p in e.value.problems if "zzz" in p.text("en")][0].endswith(
        "game.zzz: unknown key; expected one of conventions, deals_per_set, minutes_per_deal, table_size, variant"
    )


def test_a_spec_without_game_is_sochi_at_tables_of_four():
    without = GOOD.replace('[game]\nvariant = "sochi"\ntable_size = 4\n', "")
    assert "[game]" not in without
    event, sochi = parse_event(without), parse_event(GOOD)
    assert (event.variant, event.table_size, event.deals_per_set, event.minutes_per_deal) == ("sochi", 4, 4, 5)
    assert event.conventions == sochi.conventions and event.deals == sochi.deals
    assert event.movement == sochi.movement


def test_a_game_without_variant_is_sochi():
    event = parse_event(GOOD.replace('variant = "sochi"\ntable_size = 4', "table_size = 3"))
    assert (event.variant, event.table_size, event.deals_per_set) == ("sochi", 3, 3)


def test_a_spec_without_event_is_still_refused():
    assert "event: missing section [event]" in _problems(
        GOOD.replace('[event]\ntitle = "Test"\ndate = 2026-12-05\n', "")
    )


def test_the_upload_address_is_apart_from_the_public_one_and_checked_at_its_line():
    publish = '\n[publish]\nurl = "https://pulya.example.org/r/"\nupload = "ftps://club@example.org/www/r"\nkey = "k"\n'
    e = parse_event(GOOD + publish)
    assert (e.publish_url, e.upload, e.upload_key) == (
        "https://pulya.example.org/r/",
        "ftps://club@example.org/www/r",
        "k",
    )
    said = _problems(GOOD + '\n[publish]\nupload = "ftp://club:pw@example.org/www"\n')
    assert len(said) == 1 and "publish.upload" in said[0] and "holds a password" in said[0] and "pw@" not in said[0]
