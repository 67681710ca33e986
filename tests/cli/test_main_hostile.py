"""Hostile inputs: no traceback for any of them, inputs never changed, outputs whole or untouched.

The corpus: malformed specs and rulings, malformed workbooks (made from one filled workbook by
changing its XML), flags and paths, and runs killed while they render. PDF rendering is replaced
by a stub in-process (what is tested is everything around it); the killed runs render for real.
"""

from __future__ import annotations

import hashlib
import io
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import alive as _alive
from helpers import children as _children
from helpers import no_render_processes as _no_processes
from helpers import stub_render as _stub_render
from workbooks import blank_bytes, edit, filled_bytes, mutate, ref, rename_sheet, sheet

from prefprint.cli.main import cli
from prefprint.io.outdir import MANIFEST

ROOT = Path(__file__).resolve().parents[2]
STEM = "club-night-20"
SPEC = (ROOT / "sample_events" / f"{STEM}.toml").read_text(encoding="utf-8")
TITLE = 'title = "Клубный вечер, 20 участников"'


def spec_with(old: str, new: str) -> str:
    assert old in SPEC
    return SPEC.replace(old, new, 1)


# --------------------------------------------------------------------------- the corpus
# each case: id -> dict(spec=text | bytes, workbook=bytes | "good", rulings=text, args=[...], exits={codes})


def _spec_cases():
    deep = "x = " + "[" * 3000 + "]" * 3000 + "\n"
    many = "".join(f'\n[[players]]\nnumber = {n}\nname = "P{n}"\n' for n in range(21, 60))
    return {
        "spec-title-bel": spec_with(TITLE, 'title = "Вечер\\u0007"'),
        "spec-title-nul": spec_with(TITLE, 'title = "Вечер\\u0000"'),
        "spec-name-ansi": spec_with('name = "Иванов Иван"', 'name = "\\u001b[31mИванов\\u001b[0m"'),
        "spec-name-newline": spec_with('name = "Иванов Иван"', 'name = "Иванов\\nИван"'),
        "spec-title-30000": spec_with(TITLE, f'title = "{"Щ" * 30000}"'),
        "spec-players-empty": SPEC[: SPEC.index("[[players]]")] + "players = []\n",
        "spec-players-not-list": SPEC[: SPEC.index("[[players]]")] + "players = 5\n",
        "spec-no-players": SPEC[: SPEC.index("[[players]]")],
        "spec-toml-3000-deep": deep + SPEC,
        "spec-start-25-99": spec_with('start = "18:30"', 'start = "25:99"'),
        "spec-start-text": spec_with('start = "18:30"', 'start = "вечером"'),
        "spec-minutes-inf": spec_with("minutes_per_deal = 5", "minutes_per_deal = inf"),
        "spec-minutes-float": spec_with("minutes_per_deal = 5", "minutes_per_deal = 5.5"),
        "spec-minutes-huge": spec_with("minutes_per_deal = 5", "minutes_per_deal = 99999999999999"),
        "spec-shortfall-inf": spec_with(
            "minutes_per_deal = 5", "minutes_per_deal = 5\n[game.conventions]\nshortfall = inf"
        ),
        "spec-convention-nan": spec_with(
            "minutes_per_deal = 5", "minutes_per_deal = 5\n[game.conventions]\nwhist = nan"
        ),
        "spec-variant-spaces": spec_with('variant = "sochi"', 'variant = " SOCHI "'),
        "spec-table-size-huge": spec_with("table_size = 4", "table_size = 9223372036854775807"),
        "spec-deals-per-set-huge": spec_with("minutes_per_deal = 5", "minutes_per_deal = 5\ndeals_per_set = 10000000"),
        "spec-rounds-huge": spec_with("[movement]", "[movement]\nrounds = 1000000000"),
        "spec-rounds-negative": spec_with("[movement]", "[movement]\nrounds = -3"),
        "spec-rooms-absurd": spec_with("[movement]", "[movement]\nrooms = [1, 0, -5, 100000]"),
        "spec-seed-huge": spec_with("seed = 20261205", f"seed = {'9' * 18}"),
        "spec-seed-float": spec_with("seed = 20261205", "seed = inf"),
        "spec-language-xx": spec_with('language = "ru"', 'language = "xx"'),
        "spec-date-bad": spec_with("date = 2026-12-05", 'date = "вчера"'),
        "spec-more-players": SPEC + many,
        "spec-invalid-toml": SPEC + "\n[event]\n",
        "spec-not-utf8": b"\xff\xfe[event]\ntitle = 1\n",
        "spec-binary": bytes(range(256)) * 4,
        "spec-empty": "",
        "spec-prepared-garbage": SPEC.replace("seed = 20261205", 'seed = 1\n[[deals.prepared]]\nnumber = 1\nN = "♠ Ж"'),
        "spec-rulings-garbage": SPEC + '\n[[rulings]]\nkind = "adjusted"\ndeal = 1e400\npercent = nan\nreason = 5\n'
        '[[rulings]]\nkind = "time"\nround = 99999999999\ntable = 1\nmp = inf\n'
        'seats = "N"\nreason = "x"\n',
        "spec-rulings-not-list": SPEC.replace("[event]", 'rulings = "всё"\n[event]', 1),
        "spec-factoring-bad": SPEC + '\n[scoring]\nfactoring = ["neuberg"]\n',
    }


def _workbook_cases(event):
    good = filled_bytes(event)
    r6 = 6
    long_contract = "7" * 5000 + "♠"

    def truncate(xml):
        return xml[: len(xml) // 2]

    def n(cell):
        return ("xml", f'<c r="REF" t="n"><v>{cell}</v></c>')

    return {
        "wb-whists-infinity": edit(good, {1: {ref("N_whists", r6): "Infinity"}}),
        "wb-whists-1e5000": edit(good, {1: {ref("N_whists", r6): "1e5000"}}),
        "wb-whists-1e999999999": edit(good, {1: {ref("N_whists", r6): "1e999999999"}}),
        "wb-whists-nan": edit(good, {1: {ref("N_whists", r6): "NaN"}}),
        "wb-numeric-inf": edit(good, {1: {ref("N_whists", r6): n("inf")}}),
        "wb-numeric-nan": edit(good, {1: {ref("E_whists", r6): n("NaN")}}),
        "wb-numeric-text": edit(good, {1: {ref("S_whists", r6): n("abc")}}),
        "wb-numeric-huge-player": edit(good, {1: {ref("N_no", r6): n("1e300")}}),
        "wb-player-5000-digits": edit(good, {1: {ref("N_no", r6): "9" * 5000}}),
        "wb-player-fullwidth": edit(good, {1: {ref("N_no", r6): "１"}}),
        "wb-round-float": edit(good, {1: {ref("round", r6): 1.5}}),
        "wb-tricks-5000-digits": edit(good, {1: {ref("decl_tricks", r6): "6" * 5000}}),
        "wb-contract-5000-digits": edit(good, {1: {ref("contract", r6): long_contract}}),
        "wb-contract-number": edit(good, {1: {ref("contract", r6): 7}}),
        "wb-contract-bool": edit(good, {1: {ref("contract", r6): ("xml", '<c r="REF" t="b"><v>1</v></c>')}}),
        "wb-contract-newline": edit(good, {1: {ref("contract", r6): "6♠\n'Сдача 9'!C7: forged"}}),
        "wb-cell-30000": edit(good, {1: {ref("decl_seat", r6): "Ж" * 30000}}),
        "wb-whists-bool": edit(good, {1: {ref("N_whists", r6): ("xml", '<c r="REF" t="b"><v>1</v></c>')}}),
        "wb-error-cell": edit(good, {1: {ref("N_whists", r6): ("xml", '<c r="REF" t="e"><v>#DIV/0!</v></c>')}}),
        "wb-date-cell": edit(good, {1: {ref("round", r6): ("xml", '<c r="REF" s="0" t="d"><v>2026-12-05</v></c>')}}),
        "wb-shared-string-broken": edit(good, {1: {ref("contract", r6): ("xml", '<c r="REF" t="s"><v>99999</v></c>')}}),
        "wb-half-sheet-xml": mutate(good, {sheet(3): truncate}),
        "wb-half-workbook-xml": mutate(good, {"xl/workbook.xml": truncate}),
        "wb-formula-no-value": edit(good, {1: {ref("decl_tricks", r6): ("f", "2+3", None)}}),
        "wb-formula-status": edit(good, {2: {"H2": ("f", "A1", None)}}),
        "wb-formula-cached": edit(good, {1: {ref("E_mp", r6): ("f", "1+1", 2)}}),
        "wb-sheet-superscript": rename_sheet(good, "Сдача 5", "Сдача ⁵"),
        "wb-sheet-fullwidth-dup": rename_sheet(good, "Сдача 5", "Сдача ６"),
        "wb-sheet-zero-padded-dup": rename_sheet(good, "Сдача 5", "Сдача 06"),
        "wb-sheet-deal-999": rename_sheet(good, "Сдача 5", "Сдача 999"),
        "wb-sheet-huge-number": rename_sheet(good, "Сдача 5", "Сдача 99999999999999999999999"),
        "wb-status-blah": edit(good, {2: {"H2": "blah"}}),
        "wb-status-latin-a": edit(good, {2: {"H2": "не сыгранa"}}),
        "wb-status-spoiled": edit(good, {2: {"H2": " Испорчена "}}),
        "wb-row-duplicated": edit(good, {1: {ref("round", 7): 1, ref("table", 7): 1}}),
        "wb-row-table-99": edit(good, {1: {ref("table", r6): 99}}),
        "wb-every-cell-wrong": edit(
            good,
            {
                d.number: {ref(c, r): "☠" for r in range(6, 11) for c in ("contract", "N_no", "N_whists")}
                for d in event.deals
            },
        ),
        "wb-blank-kit": blank_bytes(event),
        "wb-not-a-zip": b"this is not a workbook\n" * 10,
        "wb-empty": b"",
        "wb-zip-without-workbook": _zip({"hello.txt": b"hi"}),
        "wb-wrong-event": filled_bytes(_other_event()),
        "wb-adjusted-garbage": edit(
            good,
            {1: {ref("contract", r6): "корр", ref("N_mp", r6): "inf%", ref("E_mp", r6): "-0", ref("S_mp", r6): "1e9"}},
        ),
    }


def _other_event():
    from prefprint.io.spec import load_event

    return load_event(ROOT / "sample_events" / "book-scheme-12.toml")


def _zip(members: dict) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return out.getvalue()


def _tree(folder: Path) -> dict:
    """Every file under a folder with its digest (hidden files included)."""
    if not folder.exists():
        return {}
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
        for p in sorted(folder.rglob("*"))
    }


def _previous_site(folder: Path) -> None:
    """What an earlier run left: a complete site with a deal page the new run will not write."""
    (folder / "deals").mkdir(parents=True)
    (folder / "deals" / "deal-999.html").write_text("stale", encoding="utf-8")
    (folder / "index.html").write_text("old", encoding="utf-8")
    (folder / MANIFEST).write_text(
        '{"kind": "results", "state": "done", "names": ["deals", "index.html"]}', encoding="utf-8"
    )


CORPUS: dict = {}


def _corpus(event):
    if CORPUS:
        return CORPUS
    for name, text in _spec_cases().items():
        CORPUS[name] = {"spec": text, "workbook": "good", "command": "results"}
    for name in ("spec-title-bel", "spec-players-empty", "spec-start-25-99", "spec-toml-3000-deep"):
        CORPUS[f"kit-{name}"] = {"spec": CORPUS[name]["spec"], "command": "kit"}
    for name, data in _workbook_cases(event).items():
        CORPUS[name] = {"spec": SPEC, "workbook": data, "command": "results"}
    return CORPUS


def _check(result, inputs_before, inputs, out, out_before):
    """The three promises: no traceback, inputs unchanged, the output folder whole and never mixed."""
    assert result.exception is None or isinstance(result.exception, SystemExit), "".join(
        __import__("traceback").format_exception(result.exception)
    )
    assert "Traceback" not in result.output
    assert {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in inputs} == inputs_before
    leftovers = [p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]
    assert not leftovers
    if result.exit_code != 0:
        assert _tree(out) == out_before, "a failed run changed the output folder"
        assert len(result.output.strip().splitlines()) >= 1
    else:
        after = _tree(out)
        assert "deals/deal-999.html" not in after, "a stale file of the earlier run survived"
        assert "index.html" in after and after["index.html"] != out_before.get("index.html")


def _run_case(case, tmp_path, monkeypatch):
    import prefprint.app.kit
    import prefprint.app.publish.pdf

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_processes", _no_processes)
    monkeypatch.setattr(prefprint.app.kit, "render_pdfs", _stub_render)
    monkeypatch.setattr(prefprint.app.kit, "render_processes", _no_processes)
    spec = tmp_path / "event.toml"
    spec.write_bytes(case["spec"].encode("utf-8") if isinstance(case["spec"], str) else case["spec"])
    inputs = [spec]
    out = tmp_path / "out"
    args = [case["command"], str(spec)]
    if case["command"] == "results":
        wb = tmp_path / "filled.xlsx"
        wb.write_bytes(filled_bytes(_EVENT[0]) if case["workbook"] == "good" else case["workbook"])
        inputs.append(wb)
        args.append(str(wb))
        _previous_site(out)
    args += ["-o", str(out), *case.get("args", [])]
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in inputs}
    out_before = _tree(out)
    result = CliRunner().invoke(cli, args)
    _check(result, before, inputs, out, out_before)
    return result


_EVENT: list = []


def _ids():
    return (
        list(_spec_cases())
        + [f"kit-{n}" for n in ("spec-title-bel", "spec-players-empty", "spec-start-25-99", "spec-toml-3000-deep")]
        + WORKBOOK_IDS
    )


WORKBOOK_IDS = [
    "wb-whists-infinity",
    "wb-whists-1e5000",
    "wb-whists-1e999999999",
    "wb-whists-nan",
    "wb-numeric-inf",
    "wb-numeric-nan",
    "wb-numeric-text",
    "wb-numeric-huge-player",
    "wb-player-5000-digits",
    "wb-player-fullwidth",
    "wb-round-float",
    "wb-tricks-5000-digits",
    "wb-contract-5000-digits",
    "wb-contract-number",
    "wb-contract-bool",
    "wb-contract-newline",
    "wb-cell-30000",
    "wb-whists-bool",
    "wb-error-cell",
    "wb-date-cell",
    "wb-shared-string-broken",
    "wb-half-sheet-xml",
    "wb-half-workbook-xml",
    "wb-formula-no-value",
    "wb-formula-status",
    "wb-formula-cached",
    "wb-sheet-superscript",
    "wb-sheet-fullwidth-dup",
    "wb-sheet-zero-padded-dup",
    "wb-sheet-deal-999",
    "wb-sheet-huge-number",
    "wb-status-blah",
    "wb-status-latin-a",
    "wb-status-spoiled",
    "wb-row-duplicated",
    "wb-row-table-99",
    "wb-every-cell-wrong",
    "wb-blank-kit",
    "wb-not-a-zip",
    "wb-empty",
    "wb-zip-without-workbook",
    "wb-wrong-event",
    "wb-adjusted-garbage",
]

# the outcome each case must have: 0 published, 1 problems in the workbook, 2 a bad spec, flag or folder
EXPECTED_EXIT = {
    "wb-formula-cached": 0,
    "wb-sheet-superscript": 0,
    "wb-status-spoiled": 0,
    "wb-player-fullwidth": 0,
    "spec-players-empty": 2,
    "spec-toml-3000-deep": 2,
    "spec-start-25-99": 2,
    "spec-minutes-inf": 2,
    "spec-shortfall-inf": 2,
    "spec-invalid-toml": 2,
    "spec-not-utf8": 2,
    "spec-empty": 2,
    "spec-rulings-garbage": 2,
    "spec-rulings-not-list": 2,
    "spec-factoring-bad": 2,
    "spec-variant-spaces": 0,
    "spec-seed-huge": 1,
    "spec-date-bad": 0,
    "spec-more-players": 1,
}


@pytest.mark.parametrize("name", _ids())
def test_hostile_input(name, events, tmp_path, monkeypatch):
    event = events[STEM]
    _EVENT[:] = [event]
    case = _corpus(event)[name]
    result = _run_case(case, tmp_path, monkeypatch)
    if name.startswith("wb-") and name not in EXPECTED_EXIT:
        assert result.exit_code == 1, result.output
    if name in EXPECTED_EXIT or "spec-" in name:  # a spec is refused with its line unless it is printable
        assert result.exit_code == EXPECTED_EXIT.get(name, 2), result.output
    for line in result.output.splitlines():  # only the error's own line may be long (it quotes the input)
        assert len(line) < 400 or line.startswith("Ошибка: "), line[:200]


# --------------------------------------------------------------------------- the last hostile inputs
# each case: a spec, a workbook (or none: a kit), the exit code and what the one line must say (Russian)

CHECKED = spec_with("minutes_per_deal = 5", 'minutes_per_deal = 5\n[game.conventions]\ntens = "checked"')
AT_TABLE = spec_with("seed = 20261205", 'source = "table"')


def _checked_ten_workbook(event, declarer_tricks):
    """Deal 1 (dealer N), its first row: a 10 of E, the defenders' cells and every whist left blank.

    The whists of the workbook's other 10s are blanked as well: a checked 10 has no shortfall, so
    the random fills' whists of a 10 made against short defence would differ.
    """
    from workbooks import fills_of, row_of

    blank_whists = {f"{s}_whists": None for s in "NESW"}
    per_deal: dict = {}
    for (deal, rnd, table), outcome in fills_of(event)[1].items():
        if outcome.contract.kind == "game" and outcome.contract.level == 10:
            row = row_of(event, deal, rnd, table)
            per_deal.setdefault(deal, {}).update({ref(c, row): v for c, v in blank_whists.items()})
    first = {
        "contract": "10♠",
        "decl_seat": "E",
        "decl_tricks": declarer_tricks,
        "w1_seat": None,
        "w1_tricks": None,
        "w2_seat": None,
        "w2_tricks": None,
        **blank_whists,
    }
    per_deal.setdefault(1, {}).update({ref(c, 6): v for c, v in first.items()})
    return edit(filled_bytes(event), per_deal)


def _typed_layout_workbook(table_event, deal: int, empty: str) -> bytes:
    """A workbook of a session dealt at the table, the layout of one deal typed in but for one pocket."""
    from openpyxl.utils import get_column_letter

    from prefprint.engine.deals import card_text, generate_deal
    from prefprint.io.workbook import LAYOUT_COL, layout_rows

    d = table_event.deal(deal)
    cards = generate_deal(7, deal, d.set, d.dealer, table_event.table_size)
    cells = {}
    for pocket, row in layout_rows(table_event, d):
        if pocket == empty:
            continue
        typed = (
            (cards.talon[0 if pocket == "talon_top" else 1],)
            if pocket.startswith("talon")
            else dict(cards.hands)[pocket]
        )
        cells[f"{get_column_letter(LAYOUT_COL + 1)}{row}"] = " ".join(card_text(c) for c in typed)
    return edit(filled_bytes(table_event), {deal: cells})


def _last_cases(event):
    from prefprint.io.spec import parse_event

    table_event = parse_event(AT_TABLE, ROOT / "sample_events" / "club-night-20-at-table.toml")
    assert table_event.deal(6).dealer == "E"  # N, S, W play deal 6: W's cards in X5, the talon in X6 and X7
    date = "строка 3, event.date: такой даты нет"
    return {
        "spec-date-impossible-string": dict(
            spec=spec_with("date = 2026-12-05", 'date = "2026-02-30"'), exit=2, says=f"{date}: «2026-02-30»"
        ),
        "spec-date-impossible-dotted": dict(
            spec=spec_with("date = 2026-12-05", 'date = "30.02.2026"'), exit=2, says=f"{date}: «30.02.2026»"
        ),
        "spec-date-impossible-in-words": dict(
            spec=spec_with("date = 2026-12-05", 'date = "2026-12-05 — 2026-12-32"'),
            exit=2,
            says=f"{date}: «2026-12-32»",
        ),
        "spec-date-impossible-toml": dict(
            spec=spec_with("date = 2026-12-05", "date = 2026-02-30"),
            exit=2,
            says="строка 3, столбец 8: ошибка записи TOML — date = 2026-02-30: такой даты нет",
        ),
        "kit-spec-date-impossible-string": dict(
            spec=spec_with("date = 2026-12-05", 'date = "2026-02-30"'),
            command="kit",
            exit=2,
            says=f"{date}: «2026-02-30»",
        ),
        "kit-spec-date-impossible-toml": dict(
            spec=spec_with("date = 2026-12-05", "date = 2026-02-30"),
            command="kit",
            exit=2,
            says="date = 2026-02-30: такой даты нет",
        ),
        "wb-checked-ten-made-no-defence": dict(spec=CHECKED, workbook=_checked_ten_workbook(event, 10), exit=0),
        "wb-checked-ten-short-no-defence": dict(
            spec=CHECKED,
            workbook=_checked_ten_workbook(event, 8),
            exit=1,
            says="'Сдача 1'!F6: не записаны защитники S, W",
        ),
        "wb-layout-hand-empty": dict(
            spec=AT_TABLE,
            workbook=_typed_layout_workbook(table_event, 6, "W"),
            exit=1,
            says="'Сдача 6'!X5: расклад записан не полностью — нет карт «W»",
        ),
        "wb-layout-talon-bottom-empty": dict(
            spec=AT_TABLE,
            workbook=_typed_layout_workbook(table_event, 6, "talon_bottom"),
            exit=1,
            says="'Сдача 6'!X7: расклад записан не полностью — нет карты «прикуп, нижняя карта»",
        ),
    }


LAST_IDS = [
    "spec-date-impossible-string",
    "spec-date-impossible-dotted",
    "spec-date-impossible-in-words",
    "spec-date-impossible-toml",
    "kit-spec-date-impossible-string",
    "kit-spec-date-impossible-toml",
    "wb-checked-ten-made-no-defence",
    "wb-checked-ten-short-no-defence",
    "wb-layout-hand-empty",
    "wb-layout-talon-bottom-empty",
]
_LAST: dict = {}


@pytest.mark.parametrize("name", LAST_IDS)
def test_the_last_hostile_inputs(name, events, tmp_path, monkeypatch):
    event = events[STEM]
    _EVENT[:] = [event]
    if not _LAST:
        _LAST.update(_last_cases(event))
    case = {"workbook": "good", "command": "results", **_LAST[name]}
    result = _run_case(case, tmp_path, monkeypatch)
    assert result.exit_code == case["exit"], result.output
    if "says" in case:
        assert case["says"] in result.output, result.output
    if case["exit"] == 2:
        assert len(result.output.strip().splitlines()) == 2, result.output  # the file, its one problem


SCORE = ["score", "--variant", "sochi", "--dealer", "W", "--declarer", "N"]
COMMANDS = {  # the command line, its exit code and its whole output
    "score-contract-5000-digits": (
        SCORE + ["--contract", "7" * 5000 + "♠", "--tricks", "N=7"],
        2,
        f"Ошибка: контракт «{'7' * 39}…»: уровни 6–10",
    ),
    "score-concession-5000-digits": (
        SCORE + ["--contract", "6♠ без " + "3" * 5000],
        2,
        f"Ошибка: контракт «6♠ без {'3' * 32}…»: после «без» — сколько взяток сдано: "
        "число 1–10 или словом (одной … десяти)",
    ),
    "score-contract-superscript": (SCORE + ["--contract", "²♠"], 2, None),
    "score-tricks-5000-digits": (SCORE + ["--contract", "7♠", "--tricks", "N=" + "7" * 5000], 2, None),
    "score-checked-ten-made": (
        SCORE + ["--contract", "10♠", "--tricks", "N=10", "--convention", "tens=checked", "--json"],
        0,
        '{"N": 75, "E": -25, "S": -25, "W": -25}',
    ),
    "score-checked-ten-short": (
        SCORE + ["--contract", "10♠", "--tricks", "N=8,E=1,S=1", "--convention", "tens=checked", "--json"],
        0,
        '{"N": -230, "E": 80, "S": 80, "W": 70}',
    ),
    "score-checked-ten-short-no-tricks": (
        SCORE + ["--contract", "10♠", "--tricks", "N=8", "--convention", "tens=checked"],
        2,
        "Ошибка: десятерная проверяется: при недоборе впишите взятки защитников числами",
    ),
    "score-whisted-ten-needs-defence": (
        SCORE + ["--contract", "10♠", "--tricks", "N=10", "--lang", "en"],
        2,
        "Error: the defence of E and S must be given as whist, pass or half",
    ),
    "command-serv": (["serv"], 2, "Ошибка: нет команды «serv»; может быть, «serve»?"),
    "command-serv-en": (["serv", "--lang", "en"], 2, 'Error: no such command "serv"; did you mean "serve"?'),
    "command-scor": (["scor", "--contract", "6♠"], 2, "Ошибка: нет команды «scor»; может быть, «score»?"),
    "command-unknown": (
        ["печать"],
        2,
        "Ошибка: нет команды «печать»; команды: movement, score, costs, kit, results, analyse, serve, season, publish, desk",
    ),
    "command-option-first": (["--bogus", "kit"], 2, "Ошибка: нет параметра «--bogus»"),
    "command-missing-spec": (["kit"], 2, "Ошибка: не задан аргумент «описание турнира»"),
    "command-rounds-zero": (
        ["movement", "--players", "20", "--rounds", "0"],
        2,
        "Ошибка: --rounds: туров должно быть не меньше 1, а не 0",
    ),
    "command-rooms-garbage": (
        ["movement", "--players", "20", "--rooms", "1e5000"],
        2,
        "Ошибка: --rooms: «1e5000» — ожидаются числа через запятую",
    ),
    "command-version": (["--version"], 0, None),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_commands_answer_in_one_line_in_their_language(name):
    args, code, said = COMMANDS[name]
    result = CliRunner().invoke(cli, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "Exceeds the limit" not in result.output
    assert result.exit_code == code, result.output
    if code == 2:
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert result.output.startswith("Error: " if "--lang" in args else "Ошибка: "), result.output
        assert (
            not any(w in result.output for w in ("No such", "Invalid value", "Missing", "Did you mean"))
            or "--lang" in args
        ), result.output
    if said is not None:
        assert result.output.strip() == said


def test_a_spec_named_dots_writes_inside_output(events, tmp_path, monkeypatch):
    """`prefprint kit ...toml` without -o: output/...toml/, not output/../ (the working folder)."""
    import prefprint.app.kit

    monkeypatch.setattr(prefprint.app.kit, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.kit, "render_processes", _no_processes)
    monkeypatch.chdir(tmp_path)
    for name in ("...toml", "..toml", "....toml"):
        Path(name).write_text(SPEC, encoding="utf-8")
        result = CliRunner().invoke(cli, ["kit", name])
        assert result.exit_code == 0, result.output
        assert (tmp_path / "output" / name / "index.html").is_file()
        assert result.output.strip().endswith(f"файлов в {Path('output') / name}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["....toml", "...toml", "..toml", "output"]
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["....toml", "...toml", "..toml"]


# --------------------------------------------------------------------------- flags and paths


def _paths(tmp_path: Path, event) -> dict:
    wb = tmp_path / "filled.xlsx"
    wb.write_bytes(filled_bytes(event))
    afile = tmp_path / "a-file"
    afile.write_text("x")
    foreign = tmp_path / "my-documents"
    foreign.mkdir()
    (foreign / "letter.txt").write_text("dear")
    deals_file = tmp_path / "site-deals-file"
    deals_file.mkdir()
    (deals_file / "deals").write_text("a file where the deals folder goes")
    (deals_file / MANIFEST).write_text('{"kind": "results", "state": "done", "names": ["deals"]}')
    spec = event.source
    return {
        "path-o-below-a-file": (["results", spec, str(wb), "-o", str(afile / "x")], 2),
        "path-o-is-a-file": (["results", spec, str(wb), "-o", str(afile)], 2),
        "path-o-unwritable": (["results", spec, str(wb), "-o", "/proc/prefprint-out"], 2),
        "path-o-holds-input": (["results", spec, str(wb), "-o", str(tmp_path)], 2),
        "path-o-foreign-folder": (["results", spec, str(wb), "-o", str(foreign)], 2),
        "path-o-deals-is-a-file": (["results", spec, str(wb), "-o", str(deals_file)], 0),
        "path-o-newline": (["results", spec, str(wb), "-o", str(tmp_path / "out\nforged")], 0),
        "path-trust-bogus": (["results", spec, str(wb), "--trust", "maybe"], 2),
        "path-lang-bogus": (["results", spec, str(wb), "--lang", "de"], 2),
        "path-workbook-missing": (["results", spec, str(tmp_path / "nope.xlsx")], 2),
        "path-workbook-is-dir": (["results", spec, str(tmp_path)], 2),
        "path-rulings-missing": (["results", spec, str(wb), "--rulings", str(tmp_path / "nope.toml")], 2),
        "path-rulings-binary": (["results", spec, str(wb), "--rulings", str(afile), "-o", str(tmp_path / "o2")], 2),
        "path-kit-o-below-a-file": (["kit", spec, "-o", str(afile / "kit")], 2),
    }


def test_flags_and_paths(events, tmp_path, monkeypatch):
    import prefprint.app.kit
    import prefprint.app.publish.pdf

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_processes", _no_processes)
    monkeypatch.setattr(prefprint.app.kit, "render_pdfs", _stub_render)
    monkeypatch.setattr(prefprint.app.kit, "render_processes", _no_processes)
    event = events[STEM]
    cases = _paths(tmp_path, event)
    inputs = [p for p in tmp_path.rglob("*") if p.is_file()] + [Path(event.source)]
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in inputs}
    for name, (args, code) in cases.items():
        result = CliRunner().invoke(cli, args)
        assert result.exception is None or isinstance(result.exception, SystemExit), (name, result.exception)
        assert result.exit_code == code, (name, result.output)
        if code == 2 and name != "path-rulings-binary":  # that one lists the file's problems
            assert len(result.output.strip().splitlines()) == 1, (name, result.output)
    after = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in inputs if p.is_file()}
    changed = {str(p) for p in before if before[p] != after.get(p)}
    assert changed == {str(tmp_path / "site-deals-file" / "deals"), str(tmp_path / "site-deals-file" / MANIFEST)}
    assert (tmp_path / "site-deals-file" / "deals").is_dir()
    assert (tmp_path / "my-documents" / "letter.txt").read_text() == "dear"


def test_a_second_publish_has_exactly_the_new_files_and_keeps_foreign_ones(events, tmp_path, monkeypatch):
    import prefprint.app.publish.pdf

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_processes", _no_processes)
    big, small = events[STEM], events["book-scheme-12"]
    out = tmp_path / "site"
    for event in (big, small):
        wb = tmp_path / f"{event.stem}.xlsx"
        wb.write_bytes(filled_bytes(event))
        result = CliRunner().invoke(cli, ["results", event.source, str(wb), "-o", str(out)])
        assert result.exit_code == 0, result.output
        if event is big:
            (out / "notes.txt").write_text("the director's own file")
    deals = sorted(p.name for p in (out / "deals").iterdir())
    assert len(deals) == len(small.deals) == 44 and "deal-45.html" not in deals
    players = sorted(p.name for p in (out / "players").iterdir())
    assert len(players) == 12
    assert (out / "notes.txt").read_text() == "the director's own file"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_locked_folder_is_refused_in_one_line(events, tmp_path):
    import fcntl

    event = events[STEM]
    wb = tmp_path / "f.xlsx"
    wb.write_bytes(filled_bytes(event))
    lock = open(tmp_path / ".out.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        result = CliRunner().invoke(
            cli, ["results", event.source, str(wb), "-o", str(tmp_path / "out"), "--lang", "en"]
        )
    finally:
        lock.close()
    assert result.exit_code == 2
    assert result.output == f'Error: another prefprint run is writing to "{tmp_path / "out"}"; wait for it to finish\n'
    assert not (tmp_path / "out").exists()


def test_kit_keeps_a_filled_workbook_unless_forced(events, tmp_path, monkeypatch):
    import prefprint.app.kit

    monkeypatch.setattr(prefprint.app.kit, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.kit, "render_processes", _no_processes)
    event = events[STEM]
    out = tmp_path / "kit"
    assert CliRunner().invoke(cli, ["kit", event.source, "-o", str(out)]).exit_code == 0
    (out / "results").mkdir()
    (out / "results" / "index.html").write_text("published results")
    (out / "protocols.xlsx").write_bytes(filled_bytes(event))
    before = _tree(out)
    result = CliRunner().invoke(cli, ["kit", event.source, "-o", str(out)])
    assert result.exit_code == 2 and _tree(out) == before
    assert result.output.startswith(f"Ошибка: {out / 'protocols.xlsx'} уже содержит результаты (100 заполненных строк)")
    result = CliRunner().invoke(cli, ["kit", event.source, "-o", str(out), "--force"])
    assert result.exit_code == 0
    assert (out / "protocols.xlsx").read_bytes() != filled_bytes(event)
    assert (out / "results" / "index.html").read_text() == "published results"  # not the kit's: carried over


# --------------------------------------------------------------------------- killed runs


def _start(args, out: Path, env=None):
    proc = subprocess.Popen(
        [sys.executable, "-m", "prefprint", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait until the render processes are at work
        workers = _children(proc.pid)
        if len(workers) >= 2 and any(out.parent.glob(f".{out.name}.swap-*")):
            return proc, workers
        if proc.poll() is not None:
            pytest.fail(f"finished before it could be interrupted: {proc.communicate()}")
        time.sleep(0.05)
    pytest.fail("render processes never started")


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGKILL"])
def test_a_killed_run_stops_at_once_and_leaves_the_old_results(events, tmp_path, how, monkeypatch):
    event = events[STEM]
    wb = tmp_path / "f.xlsx"
    wb.write_bytes(filled_bytes(event))
    out = tmp_path / "out"
    _previous_site(out)
    before = _tree(out)
    proc, workers = _start(["results", event.source, str(wb), "-o", str(out), "--lang", "en"], out)
    t = time.monotonic()
    proc.send_signal(getattr(signal, how))
    _, err = proc.communicate(timeout=10)
    deadline = t + 3
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    took = time.monotonic() - t
    # the aim is 2 s (0.06 s measured on an idle machine); a machine busy with other work
    # delays the scheduling of the signal handler, so the test allows a second more
    assert took < 3, took
    assert not any(_alive(w) for w in workers), "render processes outlived their parent"
    assert "Traceback" not in err
    # the site is swapped in before its PDF: interrupted while the PDF renders, the folder holds the new site
    # whole (no PDF, no workbook yet) and says so; interrupted earlier, the old results untouched
    tree = _tree(out)
    site_only = tree != before
    if site_only:
        assert "index.html" in tree and "results.pdf" not in tree and "deals/deal-999.html" not in tree
        assert 'href="results.pdf"' not in (out / "index.html").read_text(encoding="utf-8")  # no link to nothing
    if how != "SIGKILL":
        said = (
            f"  the results site is ready: {out / 'index.html'}; the PDF follows\n"
            f"Interrupted: the results site is already published in {out}; results.pdf and results.xlsx were "
            "not written."
            if site_only
            else "Interrupted: nothing was changed."
        )
        assert err.strip() == said.strip() and proc.returncode == 130
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]
    # whatever a killed run left beside the folder, the next run cleans up
    import prefprint.app.publish.pdf

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.publish.pdf, "render_processes", _no_processes)
    assert CliRunner().invoke(cli, ["results", event.source, str(wb), "-o", str(out)]).exit_code == 0
    assert 'href="results.pdf"' in (out / "index.html").read_text(encoding="utf-8")  # linked once it is there
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]
    assert "deals/deal-999.html" not in _tree(out)


def test_corpus_size(events, tmp_path):
    """The corpus stays as large as reported: specs, workbooks, flags and paths, commands, kills; every
    workbook case made is run."""
    assert len(_spec_cases()) + 4 >= 39 and len(WORKBOOK_IDS) >= 43
    assert sorted(_workbook_cases(events[STEM])) == sorted(WORKBOOK_IDS)  # none made and left out of the run
    assert len(_paths(tmp_path, events[STEM])) >= 14
    assert len(LAST_IDS) >= 10 and len(COMMANDS) >= 15


@pytest.mark.parametrize("to", ["process", "group"])
def test_sigterm_while_results_publish_says_one_line(events, tmp_path, to):
    """SIGTERM while the played contracts are analysed (the analysis workers at work): one line, exit 130.

    A worker used to take the command's own SIGTERM handler through fork and print a
    KeyboardInterrupt traceback of its own before the parent's line. `group`: the signal goes to every
    process of the run at once, as `timeout`, `kill -- -PGID` and service managers send it.
    """
    import os

    event = events[STEM]
    wb = tmp_path / "f.xlsx"
    wb.write_bytes(filled_bytes(event))
    out = tmp_path / "out"
    _previous_site(out)
    before = _tree(out)
    env = {k: v for k, v in os.environ.items() if k != "PREFPRINT_NO_ANALYSIS"}
    proc, workers = _start(["results", event.source, str(wb), "-o", str(out)], out, env)
    time.sleep(0.3)  # the workers deep in their deals
    t = time.monotonic()
    if to == "group":
        os.killpg(proc.pid, signal.SIGTERM)
    else:
        proc.send_signal(signal.SIGTERM)
    stdout, err = proc.communicate(timeout=10)
    took = time.monotonic() - t
    while any(_alive(w) for w in workers) and time.monotonic() - t < 3:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), "analysis workers outlived the interrupted run"
    assert took < 2, took  # the workers die of SIGTERM at once: not a second of waiting each
    assert (stdout, proc.returncode) == ("", 130)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    lines = err.splitlines()  # the progress lines so far, then the one line of the interruption
    assert lines[-1] == "Прервано: ничего не изменено." and err.count("Прервано") == 1, err
    assert all(line.startswith(("анализ", "  ")) for line in lines[:-1]), err
    assert _tree(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


OPEN = ROOT / "sample_events" / "open-100.toml"


@pytest.mark.parametrize("after", [3, 10])
def test_a_kit_killed_outright_leaves_nothing_that_stops_the_next(tmp_path, after, monkeypatch):
    """SIGKILL 3 s and 10 s into the 100-player kit (the analysis at work): workers die with it, the next run recovers.

    A worker that outlived its parent used to keep the folder's lock, so the next run was refused.
    """
    import os

    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != "PREFPRINT_NO_ANALYSIS"}  # the analysis pool too
    proc = subprocess.Popen(
        [sys.executable, "-m", "prefprint", "kit", str(OPEN), "-o", str(out)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
    )
    t, seen = time.monotonic(), set()
    while time.monotonic() - t < after and proc.poll() is None:
        seen.update(_children(proc.pid))
        time.sleep(0.05)
    assert proc.poll() is None, "the kit finished before it could be killed"
    seen.update(_children(proc.pid))
    proc.kill()
    proc.wait(10)
    alive = []
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        alive = [w for w in seen if _alive(w)]
        if not alive:
            break
        time.sleep(0.05)
    for w in alive:  # never leave them running, whatever the test says
        os.kill(w, signal.SIGKILL)
    assert not alive, "worker processes outlived their parent by 3 s"
    if after >= 10:
        assert len(seen) >= 2, "no workers were at work 10 s in"
    assert not out.exists()
    # the next run needs no help: the lock is taken over and the killed run's staging removed
    import prefprint.app.kit

    monkeypatch.setattr(prefprint.app.kit, "render_pdfs", _stub_render)

    monkeypatch.setattr(prefprint.app.kit, "render_processes", _no_processes)
    result = CliRunner().invoke(cli, ["kit", str(OPEN), "-o", str(out), "--no-analysis"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert [p.name for p in tmp_path.iterdir() if p.name != "out"] == []


def _die(task):
    """A worker's task that ends the worker outright, as the kernel's out-of-memory killer would."""
    import os

    os._exit(9)


def test_a_worker_that_dies_by_itself_is_one_line_and_nothing_changes(tmp_path, monkeypatch):
    """A worker killed from outside (the kernel out of memory) ends the run in one line, exit 1, no traceback."""
    from helpers import tiny_event_text

    from prefprint.analysis import workers

    spec = tmp_path / "tiny.toml"
    spec.write_text(tiny_event_text(), encoding="utf-8")
    out = tmp_path / "out"
    monkeypatch.setattr(workers, "solve_task", _die)  # forked workers inherit it and die at once
    result = CliRunner().invoke(cli, ["analyse", str(spec), "-o", str(out), "--jobs", "2", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "рабочий процесс остановился сам" in result.output and "--jobs 1" in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert not out.exists() or not any(out.iterdir())
