"""The checker refuses what cannot be true; rulings, factoring and provisional results count as documented."""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner
from helpers import run_session
from openpyxl import load_workbook
from workbooks import edit, filled_bytes, fills_of, ref, rename_sheet, row_of, write

from prefprint.cli.main import cli
from prefprint.engine.matchpoints import matchpoint
from prefprint.engine.rules import settle
from prefprint.engine.rulings import load_rulings
from prefprint.errors import SpecError, WorkbookError
from prefprint.io.workbook import COL, FIRST_ROW, HEADER_ROW, read_protocol_workbook

STEM = "club-night-20"


@pytest.fixture(scope="module")
def event(events):
    return events[STEM]


def problems_of(event, path, **kw):
    with pytest.raises(WorkbookError) as e:
        run_session(event, path, None, publish=False, **kw)
    return [p.text("en") for p in e.value.problems], e.value


def test_a_deal_sheet_twice_in_any_spelling_is_refused(event, tmp_path):
    wb = load_workbook(write(tmp_path, "a.xlsx", filled_bytes(event)))
    for source, copy in (
        ("Сдача 1", "Сдача 01"),
        ("Сдача 5", "Сдача ５"),
        ("Сдача 6", " сдача  ⁶ "),
        ("Сдача 7", "Сдача 7 (2)"),
    ):
        wb.copy_worksheet(wb[source]).title = copy
    wb.save(tmp_path / "b.xlsx")
    problems, _ = problems_of(event, tmp_path / "b.xlsx")
    assert problems == [
        'deal 1 has two sheets: "Сдача 1" and "Сдача 01"; keep one',
        'deal 5 has two sheets: "Сдача 5" and "Сдача ５"; keep one',
        'deal 6 has two sheets: "Сдача 6" and " сдача  ⁶ "; keep one',
        'sheet "Сдача 7 (2)" looks like a copy of a deal sheet; rename or delete it',
    ]
    # one sheet in another spelling is the same deal
    renamed = write(tmp_path, "c.xlsx", rename_sheet(filled_bytes(event), "Сдача 5", "Deal ⁵"))
    assert len(run_session(event, renamed, None, publish=False).standings) == 20


def test_a_sheet_renamed_and_rows_wrong_elsewhere_are_said_in_one_run(event, tmp_path):
    """A sheet renamed by mistake did not keep the other sheets' rows from being checked: every problem at once
    (the rows' problems came only on the run after the sheet was put right)."""
    first = event.rows_of(event.deal(3))[0]
    row = row_of(event, 3, first.round, first.table)
    blank = {ref(c, FIRST_ROW): None for c in COL if c not in ("round", "table") and not c.endswith("_no")}
    data = edit(filled_bytes(event), {3: {ref("decl_tricks", row): "шесть"}, 5: blank})
    path = write(tmp_path, "r.xlsx", rename_sheet(data, "Сдача 8", "Сдача 80"))
    problems, _ = problems_of(event, path)
    assert problems[:3] == [
        'sheet "Сдача 80": the event has no deal 80 (deals 1–20)',
        'sheet "Сдача 8" is missing',
        f'\'Сдача 3\'!{ref("decl_tricks", row)}: tricks "шесть" — expected 0–10, "pass" or "half"',
    ]
    assert len(problems) == 4 and problems[3].startswith(f"'Сдача 5'!C{FIRST_ROW}: the contract is missing"), problems


def test_unknown_status_words_are_refused_with_the_words_listed(event, tmp_path):
    path = write(
        tmp_path,
        "s.xlsx",
        edit(filled_bytes(event), {2: {"H2": "blah"}, 3: {"H2": "не сыгранa"}, 4: {"H2": " НЕ  СЫГРАНА "}}),
    )
    problems, _ = problems_of(event, path)
    assert problems == [
        "'Сдача 2'!H2: deal status \"blah\" is not known; write one of: сыграна, не сыграна, испорчена",
        "'Сдача 3'!H2: deal status \"не сыгранa\" mixes Cyrillic and Latin letters; write one of: "
        "сыграна, не сыграна, испорчена",
    ]


def test_formulas_without_a_saved_value_are_refused_and_saved_values_used(event, tmp_path):
    fills, _ = fills_of(event)
    r1 = next(r for r in event.rows_of(event.deal(1)) if "N_whists" in fills[(1, r.round, r.table)])
    whists = fills[(1, r1.round, r1.table)]["N_whists"]
    row = row_of(event, 1, r1.round, r1.table)
    path = write(
        tmp_path,
        "f.xlsx",
        edit(
            filled_bytes(event),
            {
                1: {ref("N_whists", row): ("f", f"{whists}+0", whists), ref("E_mp", row): ("f", "1+1", 2)},
                2: {ref("decl_tricks", 7): ("f", "2+3", None)},
            },
        ),
    )
    problems, _ = problems_of(event, path)
    assert problems == [
        "'Сдача 2'!E7: formula \"=2+3\" has no saved value — open and save the workbook in Excel or "
        "LibreOffice, or type the value"
    ]
    sheets = read_protocol_workbook(
        write(tmp_path, "g.xlsx", edit(filled_bytes(event), {1: {ref("N_whists", row): ("f", f"{whists}+0", whists)}})),
        event,
    )
    assert next(x for x in sheets[0].rows if x.row == row).values["N_whists"] == whists


def _swap(event, fills_bytes, rnd, table, a, b, deals):
    """Write the players of seats a and b of one table swapped on the given deals of the round."""
    changes = {}
    for deal in deals:
        seats = dict(next(r for r in event.rows_of(event.deal(deal)) if (r.round, r.table) == (rnd, table)).seats)
        row = row_of(event, deal, rnd, table)
        changes[deal] = {ref(f"{a}_no", row): seats[b], ref(f"{b}_no", row): seats[a]}
    return edit(fills_bytes, changes)


def test_players_a_typo_and_a_substitute(event, tmp_path):
    rnd, table = 2, 3
    deals = sorted(d.number for d in event.deals if any((r.round, r.table) == (rnd, table) for r in event.rows_of(d)))
    assert len(deals) == 4
    seats = dict(next(r for r in event.rows_of(event.deal(deals[0])) if (r.round, r.table) == (rnd, table)).seats)
    # N and E changed places for the whole round: consistent, a warning, results published
    swapped = write(tmp_path, "swap.xlsx", _swap(event, filled_bytes(event), rnd, table, "N", "E", deals))
    report = run_session(event, swapped, None, publish=False)
    assert [w.text("en") for w in report.warnings] == [
        f"'Сдача {deals[0]}'!J{row_of(event, deals[0], rnd, table)}: round 2, table 3, seat N: player {seats['E']} "
        f"played instead of {seats['N']} (the written number counts)",
        f"'Сдача {deals[0]}'!M{row_of(event, deals[0], rnd, table)}: round 2, table 3, seat E: player {seats['N']} "
        f"played instead of {seats['E']} (the written number counts)",
    ]
    # the same in one deal only: two players cannot change seats in the middle of a round
    once = write(tmp_path, "once.xlsx", _swap(event, filled_bytes(event), rnd, table, "N", "E", deals[1:2]))
    problems, _ = problems_of(event, once)
    row = row_of(event, deals[1], rnd, table)
    assert problems[0] == (
        f"'Сдача {deals[1]}'!J{row}: round 2, table 3, seat N: player {seats['E']} here, but "
        f"{seats['N']} in the other deals of the round ('Сдача {deals[0]}'!J"
        f"{row_of(event, deals[0], rnd, table)})"
    )
    assert len(problems) == 2
    # a typo that books a player at two tables (the 23 -> 32)
    other = next(r for r in event.movement.rounds[rnd - 1].tables if r.table != table)
    intruder = dict(other.seats)["S"]
    typo = write(
        tmp_path,
        "typo.xlsx",
        edit(filled_bytes(event), {deals[2]: {ref("S_no", row_of(event, deals[2], rnd, table)): intruder}}),
    )
    problems, error = problems_of(event, typo)
    assert len(problems) == 1
    assert problems[0].startswith(
        f"'Сдача {deals[2]}'!P{row_of(event, deals[2], rnd, table)}: player {intruder} is "
        f"written at table 3 in round 2, but in that round he is also at table "
        f"{other.table} ("
    )
    assert problems[0].endswith(f"the movement has {seats['S']} here")
    russian = error.problems[0].text("ru")
    assert f"игрок {intruder} записан за столом 3 в туре 2, но в том же туре он и за столом {other.table}" in russian


def _spec_with(event, tmp_path, text):
    spec = tmp_path / "ev.toml"
    spec.write_text(open(event.source, encoding="utf-8").read() + text, encoding="utf-8")
    return spec


def test_rulings_mistakes_are_named_with_file_line_and_key(event, tmp_path):
    spec = _spec_with(
        event,
        tmp_path,
        """
[scoring]
factoring = "median"

[[rulings]]
kind = "adjusted"
deal = 99
seat = "X"
percent = 140
reason = "тест"

[[rulings]]
kind = "penalty"
player = 3
mp = 2
percent = 10
reason = "\\u0007"

[[rulings]]
kind = "fine"
""",
    )
    with pytest.raises(SpecError) as e:
        load_rulings(spec, event)
    lines = open(spec, encoding="utf-8").read().splitlines()
    at = {
        key: lines.index(text) + 1
        for key, text in (
            ("deal", "deal = 99"),
            ("seat", 'seat = "X"'),
            ("percent", "percent = 140"),
            ("reason", 'reason = "\\u0007"'),
            ("kind", 'kind = "fine"'),
        )
    }
    headers = [i for i, line in enumerate(lines, 1) if line == "[[rulings]]"]
    en = [p.text("en") for p in e.value.problems]
    assert en == [
        f'ev.toml, line {at["deal"]}, rulings[1].deal: deal must be a whole number 1–20, found "99"',
        f'ev.toml, line {at["seat"]}, rulings[1].seat: seat "X" — expected N, E, S, W',
        f'ev.toml, line {at["percent"]}, rulings[1].percent: percent must be a number up to 100, found "140"',
        f"ev.toml, line {at['reason']}, rulings[2].reason: the reason must be one line of text up to 300 characters, "
        f'found "\\u0007"',
        f"ev.toml, line {headers[1]}, rulings[2]: give either mp (matchpoints) or percent (of a top), one of the two",
        f'ev.toml, line {at["kind"]}, rulings[3].kind: kind "fine" is not known; known: adjusted, penalty, time',
        'ev.toml: scoring.factoring "median" is not known; known: plain, neuberg',
    ]
    assert e.value.problems[0].text("ru") == (
        f"ev.toml, строка {at['deal']}, rulings[1].deal: deal — целое число 1–20, а написано «99»"
    )


def _by_hand(event, outcomes, deal, seat, skip_rows=(), factoring="plain"):
    """Matchpoints of one line of a deal counted by hand: {(round, table): (mp, top)}."""
    rows = [r for r in event.rows_of(event.deal(deal)) if (r.round, r.table) not in skip_rows]
    values = [settle(outcomes[(deal, r.round, r.table)], event.conventions).results[seat] for r in rows]
    n, full = len(rows), len(event.rows_of(event.deal(deal)))
    out = {}
    for r, v in zip(rows, values):
        mp = sum(2 if v > w else 1 if v == w else 0 for w in values) - 1
        if factoring == "neuberg":
            out[(r.round, r.table)] = (Fraction((mp + 1) * full, n) - 1, 2 * (full - 1))
        else:
            out[(r.round, r.table)] = (mp, 2 * (n - 1))
    return out


def test_rulings_and_neuberg_factoring_count_as_documented(event, tmp_path):
    fills, outcomes = fills_of(event)
    rows4 = event.rows_of(event.deal(4))
    spoiled = rows4[1]
    adjusted = rows4[2]
    victim = dict(adjusted.seats)["E"]
    late = dict(event.rows_of(event.deal(9))[0].seats)["S"]
    spec = _spec_with(
        event,
        tmp_path,
        f"""
[scoring]
factoring = "neuberg"

[[rulings]]
kind = "adjusted"
deal = 4
player = {victim}
percent = 60
reason = "Неверная информация от судьи"

[[rulings]]
kind = "penalty"
player = {late}
deal = 9
percent = 25
reason = "Протокол вынут до окончания сдачи"

[[rulings]]
kind = "time"
round = 3
table = 2
seats = ["N"]
mp = 1.5
reason = "Не окончили тур вовремя"
""",
    )
    path = write(
        tmp_path,
        "r.xlsx",
        edit(filled_bytes(event), {4: {ref("contract", row_of(event, 4, spoiled.round, spoiled.table)): "испорчена"}}),
    )
    rulings = load_rulings(spec, event)
    report = run_session(event, path, None, publish=False, rulings=rulings)
    deal = report.deals[3]
    assert [r.status for r in deal.results] == ["played", "spoiled", "played", "played", "played"]
    assert deal.results[1].notes[0].text("ru") == "испорчена за этим столом" and not deal.results[1].mp
    # line E: the adjusted seat leaves the comparison; the four others are factored to the field of five
    hand = _by_hand(
        event,
        outcomes,
        4,
        "E",
        skip_rows={(spoiled.round, spoiled.table), (adjusted.round, adjusted.table)},
        factoring="neuberg",
    )
    compared = [r for r in deal.results if (r.round, r.table) in hand]
    assert len(compared) == len(hand) == 3  # the rows of line E but the spoiled and the adjusted one
    for r in compared:
        assert (r.mp["E"], r.tops["E"]) == hand[(r.round, r.table)]
    adj = deal.results[2]
    assert adj.adjusted == {"E": 60} and adj.mp["E"] == Fraction(60 * 8, 100) and adj.tops["E"] == 8
    assert adj.notes[0].text("en") == (
        f"director's adjusted score on deal 4: E (player {victim}) — 60% of the top; Неверная информация от судьи"
    )
    # line N of the same deal: four results, factored up to a top of 8
    assert sorted(r.mp["N"] for r in deal.results if "N" in r.mp) == sorted(
        Fraction((m + 1) * 5, 4) - 1 for m in matchpoint([r.whists["N"] for r in deal.results if r.status == "played"])
    )
    kinds = {(a.kind, a.player): a for a in report.rulings}
    assert kinds[("penalty", late)].mp == -2  # 25% of the deal's full top of 8
    time_n = dict(next(t for t in event.movement.rounds[2].tables if t.table == 2).seats)["N"]
    assert kinds[("time", time_n)].mp == Fraction(-3, 2)
    assert kinds[("time", time_n)].note().text("ru") == (
        f"штраф за время игроку {time_n} (тур 3, стол 2): −1,5 МП; Не окончили тур вовремя"
    )
    plain = run_session(event, path, None, publish=False)
    mp = {s.player: s.mp for s in report.standings}
    counted = {p: sum(r.mp[s] for d, r, s in report.per_player[p]) for p in mp}
    assert mp[late] == counted[late] - 2 and mp[time_n] == counted[time_n] - Fraction(3, 2)
    assert {s.player: s.max for s in report.standings}[late] == 20 * 8 - 8  # the spoiled row's deal counts a top less
    assert plain.factoring == "plain" and report.factoring == "neuberg"


def test_provisional_results_score_complete_deals_and_list_the_rest(event, tmp_path):
    r = event.rows_of(event.deal(3))[2]
    path = write(
        tmp_path, "p.xlsx", edit(filled_bytes(event), {3: {ref("contract", row_of(event, 3, r.round, r.table)): None}})
    )
    problems, error = problems_of(event, path)
    assert problems == [
        f"'Сдача 3'!C{row_of(event, 3, r.round, r.table)}: the contract is missing (round {r.round}, table {r.table})"
    ]
    assert (
        error.warnings[-1].text("ru") == "незаполненных строк: 1; промежуточные итоги по уже внесённым строкам — "
        "с ключом --provisional"
    )
    # a half-typed row stays a problem in a provisional run too
    assert problems_of(event, path, provisional=True)[0] == problems
    # a row not typed at all waits: the deal is scored over the rows entered so far
    row = row_of(event, 3, r.round, r.table)
    blank = {
        ref(c, row): None
        for c in (
            "contract",
            "decl_seat",
            "decl_tricks",
            "w1_seat",
            "w1_tricks",
            "w2_seat",
            "w2_tricks",
            *(f"{s}_{w}" for s in "NESW" for w in ("whists", "mp")),
        )
    }
    path = write(tmp_path, "q.xlsx", edit(filled_bytes(event), {3: blank}))
    report = run_session(event, path, None, publish=False, provisional=True)
    rows = len(event.rows_of(event.deal(3)))
    assert report.provisional and report.pending == [] and report.partial == {3: (rows - 1, rows)}
    assert report.deals[2].status == "played" and len(report.deals[2].results) == rows - 1
    assert report.generated_at
    # published: deal 3 is in play (a table has it to come), the others were played everywhere
    site = tmp_path / "site"
    run_session(event, path, site, provisional=True, pdf=False)
    assert not (site / "deals" / "deal-3.html").exists() and (site / "deals" / "deal-4.html").exists()
    card = (site / "players" / f"player-{dict(r.seats)['N']}.html").read_text(encoding="utf-8")
    assert "ещё играется" not in card  # his row of deal 3 is the one not typed in: nothing to hide
    other = next(x for x in event.rows_of(event.deal(3)) if (x.round, x.table) != (r.round, r.table))
    card = (site / "players" / f"player-{dict(other.seats)['N']}.html").read_text(encoding="utf-8")
    assert card.count("ещё играется") == 1 and 'href="../deals/deal-3.html"' not in card


def test_cli_prints_warnings_with_problems_in_the_events_language(event, tmp_path):
    rnd, table = 2, 3
    deals = sorted(d.number for d in event.deals if any((r.round, r.table) == (rnd, table) for r in event.rows_of(d)))
    data = _swap(event, filled_bytes(event), rnd, table, "N", "E", deals)
    bad = write(tmp_path, "b.xlsx", edit(data, {1: {"C6": "x\nforged line", "D7": "Ы" * 30000}}))
    result = CliRunner().invoke(cli, ["results", event.source, str(bad), "-o", str(tmp_path / "o")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"Ошибка: {bad} — 2 ошибки:"
    assert (
        lines[1] == "  - 'Сдача 1'!C6: контракт «x\\nforged line»: ожидается уровень 6–10 (цифрой или словом: "
        "шесть … десять) и масть, «мизер» или «—» (распасы); после контракта можно дописать «втёмную» "
        "и «без 3»"
    )
    assert lines[2].startswith("  - 'Сдача 1'!D7: позиция «ЫЫЫ") and len(lines[2]) < 120
    assert lines[3].startswith("Предупреждение: 'Сдача ") and "на месте игрока" in lines[3]
    assert len(lines) == 5 and not (tmp_path / "o").exists()


def test_a_long_list_is_cut_with_a_count_per_kind(event, tmp_path):
    changes = {d.number: {ref("contract", row): "??" for row in range(6, 11)} for d in event.deals}
    changes[1].update({ref("N_no", 6): "x", ref("E_no", 7): 99})
    path = write(tmp_path, "all.xlsx", edit(filled_bytes(event), changes))
    result = CliRunner().invoke(cli, ["results", event.source, str(path), "--lang", "en", "-o", str(tmp_path / "o")])
    lines = result.output.splitlines()
    assert lines[0].endswith(" — 100 problems:") and len(lines) == 52
    assert lines[-1] == "  - … and 50 more problems (contract not understood: 50)"


def test_an_english_event_speaks_english_unless_asked(event, tmp_path):
    spec = tmp_path / "en.toml"
    spec.write_text(
        open(event.source, encoding="utf-8").read().replace('language = "ru"', 'language = "en"'), encoding="utf-8"
    )
    bad = write(tmp_path, "b.xlsx", edit(filled_bytes(event), {2: {"H2": "blah"}}))
    result = CliRunner().invoke(cli, ["results", str(spec), str(bad), "-o", str(tmp_path / "o")])
    assert result.exit_code == 1 and result.output.startswith(
        f"Error: {bad} — 1 problem:\n  - 'Сдача 2'!H2: deal status"
    )
    result = CliRunner().invoke(cli, ["results", str(spec), str(bad), "-o", str(tmp_path / "o"), "--lang", "ru"])
    assert result.output.startswith(f"Ошибка: {bad} — 1 ошибка:\n  - 'Сдача 2'!H2: статус сдачи «blah» не понят")


def test_at_a_table_of_3_what_is_typed_for_w_is_not_counted_and_said(events, tmp_path):
    """W is the talon's pocket at a table of 3: the kit's workbook has no W columns, and a figure typed where
    they would be (a result one group too far right) is a warning naming the cell, not lost in silence."""
    threes = events["threes-15"]
    data = filled_bytes(threes)
    book = load_workbook(write(tmp_path, "t.xlsx", data))
    sheet = book["Сдача 1"]
    r = threes.rows_of(threes.deal(1))[0]
    row = row_of(threes, 1, r.round, r.table)
    assert [sheet.cell(HEADER_ROW - 1, COL[f"{s}_no"]).value for s in "NES"] == ["N", "E", "S"]
    assert sheet.cell(HEADER_ROW - 1, COL["W_no"]).value is None and sheet[ref("W_whists", row)].value is None
    path = write(tmp_path, "w.xlsx", edit(data, {1: {ref("W_whists", row): 15}}))
    report = run_session(threes, path, None, publish=False)
    said = [w.text("ru") for w in report.warnings]
    assert (
        f"'Сдача 1'!{ref('W_whists', row)}: за столом на троих места W нет (это карман прикупа) — «15» не учитывается"
        in said
    )
    assert [s.mp for s in report.standings] == [
        s.mp for s in run_session(threes, write(tmp_path, "x.xlsx", data), None, publish=False).standings
    ]
