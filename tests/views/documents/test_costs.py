"""The cost-of-game sheet and the contract drop-down: every word and figure follows the conventions."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from prefprint.engine.rules import VARIANTS, Outcome, conventions_for, parse_contract_cell, settle
from prefprint.io.render import html as render
from prefprint.io.workbook import LISTS_SHEET, build_workbook, contract_choices, contract_help
from prefprint.views.documents import costs_context


def costs_html(variant: str, conv, size: int, lang: str) -> str:
    """The context in costs.html, as app.costs renders it for `prefprint costs` and the kit."""
    return render("costs.html", lang, event=None, **costs_context(variant, conv, size, lang))


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("variant", tuple(VARIANTS))
@pytest.mark.parametrize("size", (4, 3))
def test_every_preset_renders_its_own_rules(variant, size):
    conv = VARIANTS[variant]
    ru, en = _text(costs_html(variant, conv, size, "ru")), _text(costs_html(variant, conv, size, "en"))
    dealer_pool = size == 4 and conv.allpass_dealer_pool
    assert ("Сдающему пуля +1." in ru) == dealer_pool and ("The dealer gets pool +1." in en) == dealer_pool
    assert ("Шестерную вистуют оба" in ru) == conv.sixes_whisted
    assert ("Консоляции нет" in ru) == (conv.consolation == 0)
    assert ("Игра втёмную" in ru) == bool(conv.dark) and ("«Без N»" in ru) == conv.concession
    assert ("6: взяток" in ru) == (not conv.sixes_whisted)  # no lone whister on a compulsory 6
    assert ("сколько ни взял" in ru) == (conv.misere_max_tricks == 1)
    assert "Взятки, взятые картами прикупа, не пишутся" in ru and "the talon cards are not written" in en
    assert "(−1)" in ru and "(−1)" in en and not re.search(r"\(-\d", ru + en)  # undertricks: the minus of all
    if size == 3:
        assert "прикупщик" not in ru.lower() and "сдающ" not in ru.lower()


def test_the_text_follows_overridden_conventions():
    sochi = VARIANTS["sochi"]
    assert "Сдающему пуля +1." not in _text(costs_html("sochi", sochi, 4, "ru"))
    assert "Сдающему пуля +1." in _text(costs_html("sochi", replace(sochi, allpass_dealer_pool=True), 4, "ru"))
    checked = _text(costs_html("sochi", conventions_for("sochi", {"tens": "checked"}), 4, "ru"))
    assert "Десятерная проверяется" in checked and "играющий +75, остальные −25" in checked
    assert "Вистовали двое, на 8 и 9: за весь недобор платит второй вистующий" in checked
    stalingrad = _text(costs_html("sochi", conventions_for("sochi", {"stalingrad": True}), 4, "ru"))
    assert "6♠ (Сталинград) вистуют оба" in stalingrad and "6 (кроме ♠): взяток" in stalingrad
    concede = _text(costs_html("classic", VARIANTS["classic"], 4, "ru"))
    assert "на 6: −15 / +5" in concede and "на 10: −75 / +25" in concede  # gora 1·c a trick: −10c·3/4, +10c/4


def test_the_whist_shortfall_rule_is_said_plainly_with_the_engine_figures():
    for size in (4, 3):
        ru = _text(costs_html("sochi", VARIANTS["sochi"], size, "ru"))
        assert "только если игра сыграна, а защита взяла меньше обязательных взяток" in ru
        assert "на 6 и 7: у каждого своя доля (на 6 — 2 взятки; на 7 — 1 взятка)" in ru
        assert "Вистовали двое, на 8–10: за весь недобор платит второй вистующий" in ru
        # the worked example shows the rule: E took 1 of his 2, S his 2; E pays a trick's shortfall
        ctx = costs_context("sochi", VARIANTS["sochi"], size, "ru")
        ex = next(e for e in ctx["examples"] if e["tricks"] == {"N": 7, "E": 1, "S": 2})
        assert dict(ex["cells"])["E"] == "−18"  # gora 2 (one trick short × c) against 2 whists for his trick


def test_the_dealer_column_says_dealer_and_thirds_are_explained():
    four, three = costs_html("sochi", VARIANTS["sochi"], 4, "ru"), costs_html("sochi", VARIANTS["sochi"], 3, "ru")
    assert "<th>Сдающ.</th>" in four and "Прикуп." not in four
    assert "результаты округлены до 0,1: сумма по столу может отличаться от 0 на ±0,1" in _text(three)
    assert "округлены" not in four
    # Russian decimals with a comma, English with a point, from one engine
    assert "+32,5" in four and "+32.5" not in four
    english = costs_html("sochi", VARIANTS["sochi"], 4, "en")
    assert "+32.5" in english and "+32,5" not in english


def test_red_suits_in_the_worked_examples():
    html = costs_html("sochi", VARIANTS["sochi"], 4, "ru")
    examples = html[html.index("4. Примеры") :]
    assert '7<span class="red">♥</span>' in examples and '8<span class="red">♦</span>' in examples
    assert "<b>7♥</b>" not in examples and "<b>8♦</b>" not in examples


def test_only_the_conventions_in_force_are_listed():
    def listed(variant, size=4, **overrides):
        conv = replace(VARIANTS[variant], **overrides)
        html = costs_html(variant, conv, size, "ru")
        return _text(html[html.index("Соглашения") :])

    sochi = listed("sochi")
    for unused in (
        "Сталинград",
        "шестерную вистуют оба",
        "втёмную",
        "без трёх",
        "распасы (ростов)",
        "мизер: взяток в счёт",
        "сдающему пуля",
    ):
        assert unused not in sochi, unused
    assert "распасы: гора за взятку: 1" in sochi and "консоляция сдающему: да" in sochi
    assert "распасы: гора за взятку" not in listed("rostov") and "распасы (ростов): висты за взятку: 5" in listed(
        "rostov"
    )
    assert "консоляция сдающему" not in listed("sochi", size=3)
    assert "Сталинград (6♠ вистуют оба): да" in listed("sochi", stalingrad=True)
    assert "втёмную: множитель: 2" in listed("classic")


ARGUED = ("недобор на 8–10", "недобор на 6 и 7", "распасы (ростов): пишут")  # the readings of issue 38


@pytest.mark.parametrize("variant", tuple(VARIANTS))
def test_the_usual_readings_of_the_shortfall_and_the_rostov_all_pass_are_not_named(variant):
    for size in (4, 3):
        html = costs_html(variant, VARIANTS[variant], size, "ru")
        listed = _text(html[html.index("Соглашения") :])
        assert not [words for words in ARGUED if words in listed]
        assert "двое вместе" not in _text(html) and "8♣" not in html


def test_a_clubs_own_reading_is_named_explained_and_shown():
    chosen = {"shortfall_high": "each", "shortfall_low": "side", "rostov_allpass": "difference"}
    conv = conventions_for("rostov", chosen)
    for size in (4, 3):
        text = _text(costs_html("rostov", conv, size, "ru"))
        listed = text[text.index("Соглашения") :]
        assert "недобор на 8–10 при двух вистующих: каждый за весь" in listed
        assert "недобор на 6 и 7 при двух вистующих: только недобор пары" in listed
        assert "распасы (ростов): пишут: за разницу во взятках" in listed
        assert "Вистовали двое, на 8–10: каждый платит за весь недобор." in text
        assert "на 6 и 7: у каждого своя доля (на 6 — 2 взятки; на 7 — 1 взятка), но платят только" in text
        assert "за каждую взятку, взятую тем сверх его собственных" in text
        ctx = costs_context("rostov", conv, size, "ru")
        shown = {ex["contract"]: ex["tricks"] for ex in ctx["examples"]}
        assert shown["8♣"] == {"N": 10, "E": 0, "S": 0} and shown["6♦"] == {"N": 7, "E": 3, "S": 0}
    split = _text(
        costs_html("sochi", conventions_for("sochi", {"shortfall_high": "split", "tens": "checked"}), 4, "en")
    )
    assert "Two whisters, on 8 and 9: both pay for the shortfall, half each." in split
    assert "shortfall on 8–10 with two whisters: both, half each" in split
    # a preset playing all-pass in gora has no Rostov all-pass to name
    assert "распасы (ростов)" not in _text(
        costs_html("sochi", replace(VARIANTS["sochi"], rostov_allpass="difference"), 4, "ru")
    )


@pytest.mark.parametrize("variant", tuple(VARIANTS))
@pytest.mark.parametrize("readings", ({}, {"shortfall_high": "split", "shortfall_low": "side"}))
def test_worked_examples_are_the_engine_results_of_what_they_say(variant, readings):
    conv = replace(VARIANTS[variant], **readings)
    for size, dealer in ((4, "W"), (3, "N")):
        ctx = costs_context(variant, conv, size, "ru")
        assert len(ctx["examples"]) >= 6
        for ex in ctx["examples"]:
            outcome = Outcome.make(
                size, dealer, parse_contract_cell(ex["contract"]), "N", ex["tricks"], ex["defence"], conventions=conv
            )
            res = settle(outcome, conv).results
            assert [c for _, c in ex["cells"]] == [ctx["signed"](res[s]) for s, _ in ex["cells"]]


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_every_contract_choice_parses(lang):
    director = {"корр", "не сыграна", "испорчена", "adjusted", "not played", "spoiled"}
    plain, dark = contract_choices(lang), contract_choices(lang, dark=True)
    assert set(plain) < set(dark) and len(dark) - len(plain) == 25
    cells = [parse_contract_cell(c) for c in dark if c not in director]
    assert sum(c.dark for c in cells) == 25 and len(cells) == 52
    assert len(",".join(plain)) <= 255


def test_dark_games_are_offered_where_the_variant_plays_dark(events):
    classic, sochi = (
        build_workbook(replace(events[stem], deals=events[stem].deals[:2])) for stem in ("rooms-26", "club-night-20")
    )
    lists = classic[LISTS_SHEET["ru"]]
    assert lists.sheet_state == "hidden" and classic.active.title == "Сдача 1"
    assert classic.sheetnames.index(LISTS_SHEET["ru"]) > classic.sheetnames.index("Игроки")
    assert [c.value for c in lists["A"]] == contract_choices("ru", dark=True)
    dv = classic.worksheets[0].data_validations.dataValidation[0]
    assert dv.formula1 == f"'{LISTS_SHEET['ru']}'!$A$1:$A$55" and "7♠ втёмную" in dv.error and "6♠ без 3" in dv.prompt
    assert LISTS_SHEET["ru"] not in sochi.sheetnames
    plain = sochi.worksheets[0].data_validations.dataValidation[0]
    assert "втёмную" not in plain.formula1 + plain.prompt and "без 3" not in plain.prompt
    assert all(len(contract_help(lang, True, True)) <= 255 for lang in ("ru", "en"))
