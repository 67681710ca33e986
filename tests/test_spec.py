"""Event specs: sample events load; every mistake is listed with its key and line."""

from __future__ import annotations

import pytest

from prefprint.errors import SpecError
from prefprint.spec import load_event, parse_event

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
    text = GOOD.replace('variant = "sochi"', 'variant = "moscow"\ncolour = 3').replace(
        "number = 7\n", "number = 6\n").replace("table_size = 4", 'table_size = "four"')
    with pytest.raises(SpecError) as e:
        parse_event(text, "cup.toml")
    problems = e.value.problems
    assert "line 8, game.colour: unknown key; expected one of conventions, deals_per_set, minutes_per_deal, " \
           "table_size, variant" in problems
    assert "line 7, game.variant: unknown variant 'moscow'; known: sochi, leningrad, rostov, classic" in problems
    assert "line 9, game.table_size: expected a whole number, found 'four'" in problems
    assert any(p.startswith("line ") and "players[6].number: duplicate player number 6 (also players[5])" in p
               for p in problems)
    assert str(e.value).startswith("cup.toml: ")


def test_too_few_players_and_bad_toml():
    text = GOOD.split("[[players]]")[0] + "".join(f"[[players]]\nnumber = {i}\n" for i in range(1, 6))
    with pytest.raises(SpecError, match="players: players must be from 8 to 1000 at tables of 4, not 5"):
        parse_event(text)
    with pytest.raises(SpecError, match="not valid TOML"):
        parse_event("[event\n")


def test_prepared_deals_are_checked():
    text = GOOD.replace("seed = 5", 'seed = 5\n\n[[deals.prepared]]\nnumber = 1\nE = "♠ Т К"\n')
    with pytest.raises(SpecError, match="deal 1: the cards of S are missing"):
        parse_event(text)


def test_conventions_override(tmp_path):
    text = GOOD.replace('table_size = 4', 'table_size = 4\n\n[game.conventions]\nlone_whist = "gentleman"')
    assert parse_event(text).conventions.lone_whist == "gentleman"
    bad = GOOD.replace('table_size = 4', 'table_size = 4\n\n[game.conventions]\nlone_whist = 3')
    with pytest.raises(SpecError, match="convention 'lone_whist': expected greedy or gentleman, found 3"):
        parse_event(bad)


def test_missing_file_is_a_spec_error(tmp_path):
    with pytest.raises(SpecError, match="cannot read the file"):
        load_event(tmp_path / "nope.toml")


def test_second_session_by_lines_from_the_spec():
    text = GOOD.split("[[players]]")[0].replace("[deals]", "[movement]\nsession = 2\n\n[deals]") + "".join(
        f"[[players]]\nnumber = {i}\n" for i in range(1, 81))
    event = parse_event(text)
    assert event.movement.method == "by-lines"
    assert [len(r.players) for r in event.movement.rooms] == [20, 20, 20, 20]
    assert all(r.method == "standard" for r in event.movement.rooms)
