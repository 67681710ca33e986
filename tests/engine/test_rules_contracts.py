"""Contract text: a contract cell read as players write it, refused in words, printed back."""

from __future__ import annotations

import pytest

from prefprint.engine.rules import COST, Contract, ContractCell, parse_contract_cell
from prefprint.errors import ScoringError


def test_contract_text_round_trips():
    for level in COST:
        for strain in ("♠", "♣", "♦", "♥", "БК"):
            c = Contract.parse(f"{level}{strain}")
            assert Contract.parse(str(c)) == c and c.level == level
            for dark in (False, True):
                for conceded in (None, 1, level):
                    cell = ContractCell(c, dark, conceded)
                    assert parse_contract_cell(str(cell)) == cell
                    assert parse_contract_cell(cell.label("en")) == cell
    assert Contract.parse("7S") == Contract.parse("7♠") == Contract.parse(" 7 ♠ ")
    assert Contract.parse("8NT") == Contract.parse("8бк") == Contract("game", 8, "БК")
    assert Contract.parse("Мизер").kind == "misere" and Contract.parse("—").kind == "allpass"
    assert Contract.parse("распасы").kind == Contract.parse("pass").kind == "allpass"
    assert Contract.parse("пас").kind == Contract.parse("Пасы").kind == "allpass"  # as the grid of the desk takes it
    with pytest.raises(ScoringError, match='contract "11♠": levels are 6–10'):
        Contract.parse("11♠")
    with pytest.raises(ScoringError, match="do not belong here"):
        Contract.parse("7♠ втёмную")


@pytest.mark.parametrize(
    "text,expected",
    [
        ("6 пик", "6♠"),
        ("6 пики", "6♠"),
        ("шесть пик", "6♠"),
        ("шестерная пиковая", "6♠"),
        ("6-пик", "6♠"),
        ("7 треф", "7♣"),
        ("7 трефы", "7♣"),
        ("семь крестей", "7♣"),
        ("7К", "7♣"),
        ("8 бубен", "8♦"),
        ("восемь бубны", "8♦"),
        ("8 Б", "8♦"),
        ("9 червей", "9♥"),
        ("девять черви", "9♥"),
        ("9♡", "9♥"),
        ("9♥\ufe0f", "9♥"),
        ("10 б/к", "10БК"),
        ("десять без козыря", "10БК"),
        ("6 бк", "6БК"),
        ("6 Б/К", "6БК"),
        ("six no trump", "6БК"),
        ("seven spades", "7♠"),
        ("Семь\u00a0пик", "7♠"),
        ("7♠ втёмную", "7♠ втёмную"),
        ("7♠ втемную", "7♠ втёмную"),
        ("7♠ в тёмную", "7♠ втёмную"),
        ("7S dark", "7♠ втёмную"),
        ("втёмную семь пик", "7♠ втёмную"),
        ("6♠ без 3", "6♠ без 3"),
        ("6♠ без трёх", "6♠ без 3"),
        ("6♠ без четырех взяток", "6♠ без 4"),
        ("6S down four", "6♠ без 4"),
        ("6 без козыря без одной", "6БК без 1"),
        ("7 без 4", "7 без 4"),
        ("мизер втёмную", "мизер втёмную"),
        ("— dark", "— втёмную"),
        ("мизер без прикупа", "мизер"),
        ("9 пик без прикупа", "9♠"),
    ],
)
def test_contract_words_as_players_write_them(text, expected):
    assert str(parse_contract_cell(text)) == expected


def test_unknown_contract_words_list_the_accepted_forms():
    with pytest.raises(ScoringError) as e:
        parse_contract_cell("6 лопат")
    assert e.value.text("ru") == (
        "контракт «6 лопат»: неизвестная масть «лопат»; пишите ♠ (пики, пик, п), "
        "♣ (трефы, треф, т, крести), ♦ (бубны, бубен, б), ♥ (черви, червей, ч) "
        "или БК (б/к, бк, без козыря)"
    )
    assert "♠ (S, spades)" in e.value.text("en")
    for bad, code in (
        ("шестнадцать пик", "rules.contract_form"),
        ("6♠ без трёхх", "rules.contract_count"),
        ("", "rules.contract_form"),
        ("6♠ down", "rules.contract_suit"),
        ("12 пик", "rules.contract_level"),
        (None, "rules.contract_form"),
        (7, "rules.contract_no_suit"),
    ):
        with pytest.raises(ScoringError) as e:
            parse_contract_cell(bad)
        assert e.value.message.code == code, bad


@pytest.mark.parametrize(
    "text,code",
    [
        ("7" * 5000 + "♠", "rules.contract_level"),
        ("²♠", "rules.contract_form"),
        ("0" * 4000 + "7♠", None),
        ("6♠ без " + "3" * 5000, "rules.contract_count"),
        ("６♠", None),
    ],
)
def test_a_contract_of_thousands_of_digits_is_refused_in_words(text, code):
    """int() of more than 4,300 digits raises a ValueError of its own, and "²" is a digit it cannot read."""
    if code is None:
        assert parse_contract_cell(text).contract.level in (6, 7)
        return
    with pytest.raises(ScoringError) as e:
        parse_contract_cell(text)
    assert e.value.message.code == code
