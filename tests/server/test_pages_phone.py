"""A table's phone in Chromium at 390 px: no row lost while the server is out of reach, «Исправить» filled with the
stored row, the rows missing and the clock said, tables of 3, the code asked for at the table card's address, the
table's own moves after a round.

Headless Chromium through Selenium (the helpers and the fixture of test_pages_browser); the server a real uvicorn
process where it is stopped with SIGSTOP, else a uvicorn thread.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import httpx
import pytest
from serving import CLUB, ROOT, random_bodies
from test_main_kill import free_port, start
from test_pages_browser import _click, _enter, _serve, _text, _wait, browser, server  # noqa: F401 (fixtures)

from prefprint.engine.rules import Outcome, active_seats, fmt_whists, settle
from prefprint.words.numbers import number

THREES = ROOT / "sample_events" / "threes-15.toml"
ROWS_SENT = "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/api/rows')).length"


@pytest.fixture(autouse=True)
def _tables_look_again_only_when_told(monkeypatch):
    """As in test_pages_browser: the page's own look every TABLE_POLL_MS would redraw what a test is about to tap."""
    from prefprint.server import pages

    monkeypatch.setattr(pages, "TABLE_POLL_MS", 3_600_000)


def _codes(folder) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "prefprint", "serve", str(CLUB), "-o", str(folder), "--tokens", "--json"],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def _screenshot(browser, name):  # noqa: F811
    if os.environ.get("PREFPRINT_SCREENSHOTS"):
        browser.save_screenshot(os.path.join(os.environ["PREFPRINT_SCREENSHOTS"], name))


def _first_deals(event, table_size=4):
    t = event.movement.rounds[0].tables[0]
    return t, [d for d in event.deals if d.set == t.set]


def test_a_row_tapped_while_the_server_is_stopped_arrives_by_itself(tmp_path, browser):  # noqa: F811
    """SIGSTOP during the tap, SIGCONT 20 s later: «отправляется…» at once, «нет связи» within 3 s, the row kept
    and counted, and stored without another tap once the server answers, once."""
    from prefprint.io.spec import load_event

    port = free_port()
    proc = start(tmp_path, port)
    url = f"http://127.0.0.1:{port}"
    try:
        codes = _codes(tmp_path)
        t, deals = _first_deals(load_event(CLUB))
        deal = deals[0]
        browser.get(f"{url}/t/{t.table}?token={codes['tables'][str(t.table)]}")
        _enter(browser, deal)
        os.kill(proc.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        _click(browser, "#confirm")
        _text(browser, "#confirm", lambda text: text == "отправляется…", timeout=1)
        _wait(browser, 5).until(lambda d: d.find_element("id", "offline").is_displayed())
        assert time.monotonic() - stopped < 3.5  # the tap itself and the driver's round trips included
        _text(browser, "#waiting", lambda text: text == "1 строка ждёт связи")
        _text(browser, f"#deal-{deal.number} .waiting", lambda text: text.startswith("ждёт связи"))
        _text(browser, f"#deal-{deal.number} .done", lambda text: "7♠" in text)
        _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {deals[1].number}"))  # on to the next deal
        kept = json.loads(browser.execute_script("return localStorage.getItem(localStorage.key(0))"))
        assert [(k["row"]["round"], k["row"]["deal"]) for k in kept] == [(1, deal.number)]
        time.sleep(max(0.0, 20 - (time.monotonic() - stopped)))
        assert browser.find_element("id", "offline").is_displayed()
        os.kill(proc.pid, signal.SIGCONT)

        _text(browser, "#saved", lambda text: text == f"Сдача {deal.number}: записана", timeout=20)
        assert not browser.find_element("id", "waiting").is_displayed()
        assert not browser.find_element("id", "offline").is_displayed()
        assert browser.execute_script("return localStorage.length") == 0
        rows = httpx.get(f"{url}/api/tables/{t.table}?token={codes['tables'][str(t.table)]}").json()
        rows = rows if isinstance(rows, list) else rows["rows"]
        entered = [r for r in rows if r["entered"]]
        assert [(r["round"], r["deal"], r["entered"]["contract"]) for r in entered] == [(1, deal.number, "7♠")]
        assert httpx.get(f"{url}/api/audit?token={codes['director']}").json() == []
        sent = browser.execute_script(ROWS_SENT)
        time.sleep(5)  # nothing kept: nothing more is sent
        assert browser.execute_script(ROWS_SENT) == sent
        _text(browser, f"#deal-{deal.number} .done", lambda text: "Играющий" in text)
        assert not browser.find_elements("css selector", f"#deal-{deal.number} .waiting")
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(30)


def test_a_row_kept_on_the_phone_is_sent_after_a_reload(tmp_path, browser):  # noqa: F811
    """A row whose request never left the phone is kept through a reload and sent by the page loaded again."""
    url, s, srv, thread = _serve(tmp_path)
    try:
        t, deals = _first_deals(s.event)
        page = f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}"
        browser.get(page)
        _enter(browser, deals[0])
        browser.execute_script(  # the phone out of reach for its rows: nothing reaches the server
            "const send = window.fetch; window.fetch = (url, init) =>"
            " String(url).endsWith('/api/rows') ? Promise.reject(new TypeError('offline')) : send(url, init);"
        )
        _click(browser, "#confirm")
        _text(browser, "#waiting", lambda text: text == "1 строка ждёт связи")
        assert not s.store.rows
        browser.get("about:blank")
        browser.get(page)  # the page again, its fetch the browser's own
        _text(browser, "#saved", lambda text: text == f"Сдача {deals[0].number}: записана")
        assert (deals[0].number, 1, t.table) in s.store.rows
        assert browser.execute_script("return localStorage.length") == 0
        assert not browser.find_element("id", "waiting").is_displayed()
    finally:
        srv.should_exit = True
        thread.join(10)


def test_correct_opens_the_form_filled_with_the_stored_row(tmp_path, browser):  # noqa: F811
    """A half-whist is shown in the stored row; «Исправить» opens the form as stored, and one thing is changed."""
    url, s, srv, thread = _serve(tmp_path)
    on = "return [...document.querySelectorAll('#form button.on')].map(b => Object.assign({}, b.dataset))"
    try:
        t, (first, second, *_) = _first_deals(s.event)
        decl, w1, w2 = active_seats(4, first.dealer)
        browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
        for css in ('[data-contract="6♦"]', f'[data-declarer="{decl}"]', f'[data-defence="{w1}-pass"]'):
            _click(browser, css)
        for css in (f'[data-defence="{w2}-half"]', "#check", "#confirm"):
            _click(browser, css)
        _text(browser, "#saved", bool)
        _text(browser, f"#deal-{first.number} .done", lambda text: f"Защита: {w1} пас, {w2} полвиста" in text)
        _click(browser, f'[data-correct="{first.number}"]')
        chosen = browser.execute_script(on)
        assert chosen == [{"contract": "6♦"}, {"declarer": decl}, {"defence": f"{w1}-pass"}, {"defence": f"{w2}-half"}]
        for css in (f'[data-defence="{w2}-pass"]', "#check", "#confirm"):  # the one thing changed
            _click(browser, css)
        _text(browser, f"#deal-{first.number} .done", lambda text: f"Защита: {w1} пас, {w2} пас" in text)
        assert s.store.rows[(first.number, 1, t.table)].entry["defence"] == {w1: "pass", w2: "pass"}

        decl, w1, w2 = active_seats(4, second.dealer)
        _enter(browser, second)
        _click(browser, "#confirm")
        _text(browser, f"#deal-{second.number} .done", lambda text: f"Играющий: {decl} 7" in text)
        _text(browser, f"#deal-{second.number} .done", lambda text: f"Защита: {w1} вист 3, {w2} пас" in text)
        _click(browser, f'[data-correct="{second.number}"]')
        assert browser.execute_script(on) == [
            {"contract": "7♠"},
            {"declarer": decl},
            {"defence": f"{w1}-whist"},
            {"defence": f"{w2}-pass"},
            {"tricks": f"{decl}-7"},
            {"tricks": f"{w1}-3"},
        ]
        for css in (f'[data-tricks="{decl}-8"]', f'[data-tricks="{w1}-2"]', "#check", "#confirm"):
            _click(browser, css)
        _text(browser, f"#deal-{second.number} .done", lambda text: f"Играющий: {decl} 8" in text)
        assert s.store.rows[(second.number, 1, t.table)].entry["tricks"] == {decl: 8, w1: 2}
        assert len(s.store.audit()) == 2
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture
def clocked(tmp_path, monkeypatch):
    """A server whose table API also gives "missing" and "clock" (the director's clock), as the tests set them."""
    from starlette.responses import JSONResponse

    from prefprint.server import api, routes

    said = {"missing": [], "clock": None}

    async def api_table(s, request):
        answer = json.loads((await api.api_table(s, request)).body)
        rows = answer if isinstance(answer, list) else answer["rows"]
        return JSONResponse({"rows": rows, **said})

    monkeypatch.setattr(routes, "api_table", api_table)
    url, s, srv, thread = _serve(tmp_path)
    yield url, s, said
    srv.should_exit = True
    thread.join(10)


def test_rows_missing_and_the_clock_are_said_and_a_round_ahead_asks_first(clocked, browser):  # noqa: F811
    url, s, said = clocked
    t, deals = _first_deals(s.event)
    said["clock"] = {"round": 1, "started_at": "19:00", "minutes_left": 12, "paused": False}
    page = f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}"
    browser.get(page)
    _text(browser, "#clock", lambda text: text == "До конца тура 1: 12 мин")
    assert not browser.find_elements("css selector", "[id^=missing-]")

    # round 1 is over by the clock, its rows missing: said at the top, whichever round is open, until entered
    said["clock"] = {"round": 2, "started_at": "19:00", "minutes_left": 20, "paused": True}
    said["missing"] = [[1, d.number] for d in deals]
    browser.get(page)
    numbers = ", ".join(str(d.number) for d in deals)
    _text(browser, "#missing-1", lambda text: text.startswith(f"Тур 1 окончен, а строки не введены: сдачи {numbers}"))
    _text(browser, "h2", lambda text: text == "Тур 1")  # the page opens the round with rows to enter
    _text(browser, "#clock", lambda text: text == "Часы тура 2 остановлены")  # the round playing, on every page
    _click(browser, '[data-round="2"]')
    _text(browser, "#clock", lambda text: text == "Часы тура 2 остановлены")
    _text(browser, "#missing-1", bool)
    _screenshot(browser, "table-missing-390.png")
    _click(browser, '[data-missing="1"]')
    _text(browser, "h2", lambda text: text == "Тур 1")
    _enter(browser, deals[0])
    _click(browser, "#confirm")
    rest = ", ".join(str(d.number) for d in deals[1:])
    _text(browser, "#missing-1", lambda text: text.startswith(f"Тур 1 окончен, а строки не введены: сдачи {rest}"))

    # round 3 while the clock says round 2: asked first; «no» sends nothing
    _click(browser, '[data-round="3"]')
    third = next(r for r in s.event.movement.rounds[2].tables if r.table == t.table)
    deal = next(d for d in s.event.deals if d.set == third.set)
    for css in ('[data-contract="7♠"]',):
        _click(browser, css)
    _click(browser, "#check")
    alert = _wait(browser, 5).until(lambda d: d.switch_to.alert)
    assert alert.text == "По часам идёт тур 2, а это тур 3. Всё равно вводить?"
    alert.dismiss()
    assert not browser.find_elements("id", "preview")
    _enter(browser, deal, preview=False)
    browser.switch_to.alert.accept()
    _text(browser, "#preview", lambda text: "7♠" in text)


def test_a_table_of_3_enters_a_row_and_reads_the_whists_as_the_site_prints_them(tmp_path, browser):  # noqa: F811
    url, s, srv, thread = _serve(tmp_path, THREES)
    try:
        t, deals = _first_deals(s.event)

        def outcome(d):
            decl, w1, w2 = active_seats(3, d.dealer)
            return Outcome.make(3, d.dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})

        deal = next(
            d
            for d in deals
            if any(v.denominator != 1 for v in settle(outcome(d), s.event.conventions).results.values())
        )
        decl, w1, w2 = active_seats(3, deal.dealer)
        browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
        assert not browser.find_elements("css selector", '[data-declarer="W"]')
        for css in (
            '[data-contract="7♠"]',
            f'[data-declarer="{decl}"]',
            f'[data-defence="{w1}-whist"]',
            f'[data-defence="{w2}-pass"]',
            f'[data-tricks="{decl}-7"]',
            f'[data-tricks="{w1}-3"]',
            "#check",
        ):
            _click(browser, css)
        whists = settle(outcome(deal), s.event.conventions).results
        printed = {seat: number(fmt_whists(whists[seat]), "ru") for seat in s.event.seats}  # as the site prints them
        result = " ".join(f"{seat} {printed[seat]}" for seat in s.event.seats)  # the browser's text: one space
        _text(browser, "#preview", lambda text: text.split("\n")[-1] == "Результат: " + result)
        _click(browser, "#confirm")
        _text(browser, "#saved", bool)
        want = "Висты: " + " · ".join(f"{seat} {printed[seat]}" for seat in s.event.seats)
        _text(browser, f"#deal-{deal.number} .done", lambda text: want in text.split("\n"))
        # the dealer of a table of 3 plays: «первая рука», as the results site says
        _text(browser, f"#deal-{deal.number}", lambda text: f"(первая рука {deal.dealer})" in text)
        assert "+" not in browser.find_element("css selector", f"#deal-{deal.number} .done").text
        _screenshot(browser, "table-of-3-390.png")
        seats = browser.find_element("id", "seats").text
        assert "W" not in seats.split() and all(seat in seats.split() for seat in ("N", "E", "S"))
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        srv.should_exit = True
        thread.join(10)


def test_a_table_page_without_a_code_asks_for_it(tmp_path, browser):  # noqa: F811
    url, s, srv, thread = _serve(tmp_path)
    try:
        browser.get(f"{url}/t/3")
        assert browser.find_element("css selector", "label[for=token]").text == "Код стола 3 (6 букв с карточки стола)"
        assert "неверный код" not in browser.page_source
        browser.find_element("id", "token").send_keys(s.codes["tables"][3].lower())
        browser.find_element("css selector", "button[type=submit]").click()
        _text(browser, "h1", lambda text: text.startswith("Стол 3"))
        _text(browser, "#seats", bool)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        srv.should_exit = True
        thread.join(10)


def test_the_end_of_round_line_gives_the_tables_own_moves_only(server, browser):  # noqa: F811
    """Where each of the table's seats goes, in words («→ стол 2, место E»), no example of another move."""
    from prefprint.views.documents import table_cards_context

    url, s = server
    t, deals = _first_deals(s.event)
    for body, _ in random_bodies(s, seed=2):
        if body["round"] == 1 and body["table"] == t.table:
            assert httpx.post(f"{url}/api/rows", json=body).status_code == 201
    browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
    _click(browser, '[data-round="1"]')
    _text(browser, "#done", bool)
    lines = browser.find_element("id", "done").text.split("\n")
    card = next(c for c in table_cards_context(s.event)["cards"] if c["table"] == t.table)
    moves = card["rounds"][0]["next"]
    assert lines[0] == "Тур сыгран. После тура:"
    assert len(lines) == 1 + len(moves) == 5
    for line, (seat, player, kind, at) in zip(lines[1:], moves, strict=True):
        if kind == "stay":
            assert line == f"{seat} {player}: остаётся на месте"
        elif kind == "rest":
            assert line == f"{seat} {player} → отдых"
        else:
            assert line == f"{seat} {player} → стол {at[0]}, место {at[1]}"


def test_the_rows_waiting_are_worded_for_each_plural_category():
    """The page picks the form by Intl.PluralRules, whose categories are CLDR's: each has its words."""
    from prefprint.server.pages import waiting_words

    ru = waiting_words("ru")
    assert (ru["one"], ru["few"], ru["many"]) == ("строка ждёт связи", "строки ждут связи", "строк ждут связи")
    assert waiting_words("en") == {"one": "row waiting for the connection", "other": "rows waiting for the connection"}
