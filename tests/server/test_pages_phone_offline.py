"""A table's phone in Chromium at 390 px while the server is out of reach for a whole round: every row typed is
kept, sent by itself once the server answers, once and in order; a row the server refuses comes back to its
deal with the server's reason; corrections and layouts typed meanwhile are kept through a reload.

Headless Chromium through Selenium (the helpers and fixtures of test_pages_browser and test_pages_phone); the
server a real `prefprint serve` process where it is stopped with SIGSTOP, else a uvicorn thread.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import time

import httpx
import pytest
from serving import CLUB, body_of, client, served
from test_main_kill import free_port, start
from test_pages_browser import _click, _enter, _serve, _text, _wait, browser, pytestmark  # noqa: F401 (fixtures, the skip)
from test_pages_phone import _codes, _first_deals, _screenshot, _tables_look_again_only_when_told  # noqa: F401

from prefprint.engine.rules import Outcome, active_seats

OFFLINE_PREVIEW = "Нет связи с сервером. Строка сохранится на этом телефоне и отправится сама, когда сервер ответит"
SENT = (  # the deals of the rows the page sends, in order
    "window.sent = []; const send = window.fetch; window.fetch = (url, init) => {"
    " if (String(url).endsWith('/api/rows')) window.sent.push(JSON.parse(init.body).deal); return send(url, init); };"
)
KEPT = "return localStorage.getItem(localStorage.key(0)) || '[]'"  # as stored: the keys in the order sent


def _type(driver, deal, mine, theirs):
    """7♠ at a deal with the buttons (its first active seat declares, the next whists, the last passes), the tricks
    of the declarer and the whister, then «Посчитать»."""
    decl, w1, w2 = active_seats(4, deal.dealer)
    _text(driver, "#form h2", lambda text: text.startswith(f"Сдача {deal.number} "))
    for css in (
        '[data-contract="7♠"]',
        f'[data-declarer="{decl}"]',
        f'[data-defence="{w1}-whist"]',
        f'[data-defence="{w2}-pass"]',
        f'[data-tricks="{decl}-{mine}"]',
        f'[data-tricks="{w1}-{theirs}"]',
        "#check",
    ):
        _click(driver, css)


def _stored_in_order(folder):
    """The deals of the rows in the database, in the order they were stored (read beside the running server)."""
    with sqlite3.connect(f"file:{folder / 'scoring.sqlite'}?mode=ro", uri=True) as db:
        return [deal for (deal,) in db.execute("SELECT deal FROM rows ORDER BY rowid")]


def test_a_round_typed_while_the_server_is_stopped_is_stored_once_in_order(tmp_path, browser):  # noqa: F811
    """SIGSTOP before the round's first row: its four rows are typed one after another, each shown as typed with its
    whists to come; SIGCONT: with no tap each is sent, stored once in the order typed; the one with impossible
    tricks comes back under its deal with the server's reason, its form filled as typed, and is put right."""
    from prefprint.io.spec import load_event

    port = free_port()
    proc = start(tmp_path, port)
    url = f"http://127.0.0.1:{port}"
    try:
        codes = _codes(tmp_path)
        event = load_event(CLUB)
        t, deals = _first_deals(event)
        code = codes["tables"][str(t.table)]
        browser.get(f"{url}/t/{t.table}?token={code}")
        _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {deals[0].number} "))
        browser.execute_script(SENT)
        os.kill(proc.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        typed = [(deals[0], 7, 3), (deals[1], 8, 2), (deals[2], 7, 5), (deals[3], 6, 4)]  # 7 + 5: twelve tricks
        for i, (deal, mine, theirs) in enumerate(typed):
            _type(browser, deal, mine, theirs)
            _text(browser, "#preview", lambda text: text.startswith(OFFLINE_PREVIEW), timeout=5)
            _text(browser, "#preview", lambda text: "7♠" in text and "Висты: появятся, когда сервер ответит" in text)
            if i == 0:
                browser.execute_script("document.getElementById('confirm').scrollIntoView({block: 'end'})")
                _screenshot(browser, "table-offline-preview-390.png")
            _click(browser, "#confirm")
            _text(browser, f"#deal-{deal.number} .waiting", lambda text: text.startswith("ждёт связи"))
        _text(browser, "#waiting", lambda text: text == "4 строки ждут связи")
        assert browser.find_element("id", "offline").text == "нет связи с сервером"
        assert browser.find_element("id", "done").is_displayed()  # the round is typed: where the seats go next
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        _screenshot(browser, "table-offline-round-390.png")
        browser.execute_script("window.scrollTo(0, 0)")
        _screenshot(browser, "table-offline-top-390.png")
        kept = json.loads(browser.execute_script(KEPT))
        assert [(k["row"]["deal"], k["row"]["tricks"], k["whists"]) for k in kept] == [
            (d.number, {active_seats(4, d.dealer)[0]: mine, active_seats(4, d.dealer)[1]: theirs}, None)
            for d, mine, theirs in typed
        ]
        typing = time.monotonic() - stopped
        assert set(browser.execute_script("return window.sent")) <= {deals[0].number}  # the first tried, alone
        os.kill(proc.pid, signal.SIGCONT)

        _wait(browser, 15).until(lambda d: not d.find_element("id", "waiting").is_displayed())
        refused = deals[2]
        body = kept[2]["row"]
        why = httpx.post(f"{url}/api/preview", json=body).json()["error"]  # the server's own words for it
        assert why
        _text(
            browser, f"#refused-{refused.number}", lambda text: text == f"строка не записана: {why}. Введите её снова"
        )
        _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {refused.number} "))
        browser.execute_script(f"document.getElementById('refused-{refused.number}').scrollIntoView()")
        _screenshot(browser, "table-refused-390.png")
        assert _stored_in_order(tmp_path) == [deals[0].number, deals[1].number, deals[3].number]
        rows = httpx.get(f"{url}/api/tables/{t.table}?token={code}").json()["rows"]
        for deal, mine, _ in (typed[0], typed[1], typed[3]):
            row = next(r for r in rows if r["round"] == 1 and r["deal"] == deal.number)
            assert row["entered"]["tricks"][active_seats(4, deal.dealer)[0]] == mine
            _text(browser, f"#deal-{deal.number} .done", lambda text: re.search(r"Висты: [NESW] −?\d", text))
        assert not browser.find_element("id", "offline").is_displayed()
        assert not browser.find_elements("id", "error")

        decl, w1, _ = active_seats(4, refused.dealer)  # the form holds the row as typed: one tap puts it right
        on = "return [...document.querySelectorAll('#form button.on')].map(b => Object.values(b.dataset)[0])"
        assert browser.execute_script(on) == [
            "7♠",
            decl,
            f"{w1}-whist",
            f"{active_seats(4, refused.dealer)[2]}-pass",
            f"{decl}-7",
            f"{w1}-5",
        ]
        for css in (f'[data-tricks="{w1}-3"]', "#check"):
            _click(browser, css)
        _text(browser, "#preview", lambda text: "7♠" in text and not text.startswith(OFFLINE_PREVIEW))
        assert browser.find_element("id", "preview").get_attribute("class") == "ok"  # the server's words and whists
        _click(browser, "#confirm")
        _text(browser, "#saved", lambda text: text == f"Сдача {refused.number}: записана")
        assert _stored_in_order(tmp_path) == [d.number for d in (deals[0], deals[1], deals[3], deals[2])]
        assert httpx.get(f"{url}/api/audit?token={codes['director']}").json() == []  # none stored twice
        sent = browser.execute_script("return window.sent")  # each sent once, in order, but the first tried again
        assert [d for i, d in enumerate(sent) if i == 0 or sent[i - 1] != d] == [
            d.number for d in (deals[0], deals[1], deals[2], deals[3], deals[2])
        ]
        assert [sent.count(d.number) for d in deals[1:]] == [1, 2, 1]  # the refused one again once put right
        assert browser.execute_script("return localStorage.length") == 0
        assert not browser.find_elements("css selector", ".waiting, [id^=refused-]")
        print(f"four rows typed in {typing:.1f} s with the server stopped")
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(30)


def test_no_connection_said_under_the_page_goes_when_the_server_answers(tmp_path, browser, monkeypatch):  # noqa: F811
    """The row stored, the page's look at its rows after it lost: «нет связи с сервером» under the page, no form of a
    deal stored already; at the next look answered it goes, with no tap, and the next deal's form is there."""
    from prefprint.server import pages

    monkeypatch.setattr(pages, "TABLE_POLL_MS", 1000)
    url, s, srv, thread = _serve(tmp_path)
    try:
        t, (first, second, *_) = _first_deals(s.event)
        browser.get(f"{url}/t/{t.table}?token={s.codes['tables'][t.table]}")
        _enter(browser, first)
        browser.execute_script(  # once a row is sent, the looks at the rows are lost on the way till window.back
            "const send = window.fetch; let posted = false; window.back = false; window.fetch = (url, init) => {"
            " const u = String(url); if (u.endsWith('/api/rows')) posted = true;"
            " else if (posted && !window.back && u.includes('/api/tables/')) return Promise.reject(new TypeError());"
            " return send(url, init); };"
        )
        _click(browser, "#confirm")
        _text(browser, "#error", lambda text: text == "нет связи с сервером")
        assert browser.find_element("id", "offline").is_displayed()
        assert not browser.find_elements("id", "form") and not browser.find_elements("id", "confirm")
        time.sleep(1.5)  # a look at the rows lost meanwhile: said still
        assert browser.find_element("id", "error").text == "нет связи с сервером"
        browser.execute_script("window.back = true")
        _text(browser, "#form h2", lambda text: text.startswith(f"Сдача {second.number} "), timeout=5)
        assert not browser.find_elements("css selector", "#error, #notice")
        assert not browser.find_element("id", "offline").is_displayed()
        _text(browser, f"#deal-{first.number} .done", lambda text: "7♠" in text)
        assert (first.number, 1, t.table) in s.store.rows and s.store.audit() == []
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture
def dealt(tmp_path):
    """The club night dealt at the table, served by a uvicorn thread: (folder, spec, url, scoring, server, thread)."""
    spec = tmp_path / "dealt.toml"
    spec.write_text(
        CLUB.read_text(encoding="utf-8").replace("[deals]", '[deals]\nsource = "table"', 1), encoding="utf-8"
    )
    served = [tmp_path / "kit", spec, *_serve(tmp_path / "kit", spec)]
    yield served
    served[-2].should_exit = True
    served[-1].join(10)


def test_a_correction_and_a_layout_typed_offline_are_kept_through_a_reload(dealt, browser):  # noqa: F811
    """The server gone: a stored row corrected and a layout tapped are kept on the phone; the page left and opened
    again once the server is back sends both, the correction as a correction."""
    from prefprint.engine.deals import generate_deal, parse_cards

    folder, spec, url, s, srv, thread = dealt
    t, (first, second, *_) = _first_deals(s.event)
    decl, w1, w2 = active_seats(4, first.dealer)
    code = s.codes["tables"][t.table]
    page = f"{url}/t/{t.table}?token={code}"
    made = Outcome.make(4, first.dealer, "7♠", decl, {decl: 7, w1: 3}, {w1: "whist", w2: "pass"})
    assert httpx.post(f"{url}/api/rows", json=body_of(s.event, made, code, t.table, 1, first.number)).status_code == 201
    browser.get(page)
    _text(browser, f"#deal-{first.number} .done", lambda text: f"Играющий: {decl} 7" in text)
    srv.should_exit = True
    thread.join(10)
    s.store.close()

    _click(browser, f'[data-correct="{first.number}"]')
    for css in (f'[data-tricks="{decl}-8"]', f'[data-tricks="{w1}-2"]', "#check"):
        _click(browser, css)
    _text(browser, "#preview", lambda text: text.startswith(OFFLINE_PREVIEW))
    assert not browser.find_elements("id", "error")
    _click(browser, "#confirm")
    _text(browser, f"#deal-{first.number} .waiting", lambda text: text.startswith("ждёт связи"))
    _text(
        browser, f"#deal-{first.number}", lambda text: f"Играющий: {decl} 7" in text and f"Играющий: {decl} 8" in text
    )

    cards = generate_deal("offline", second.number, second.set, second.dealer, second.table_size)
    _click(browser, f'[data-layout="{second.number}"]')
    for seat, hand in cards.hands:
        _click(browser, f'[data-pocket="{seat}"]')
        for suit, rank in hand:
            _click(browser, f'[data-card="{suit}-{rank}"]')
    for pocket, (suit, rank) in zip(("talon_top", "talon_bottom"), cards.talon):
        _click(browser, f'[data-pocket="{pocket}"]')
        _click(browser, f'[data-card="{suit}-{rank}"]')
    _click(browser, "#save-layout")
    _text(browser, f"#layout-{second.number}", lambda text: "ждёт связи: отправится сам" in text)
    _text(browser, "#waiting", lambda text: text == "2 строки ждут связи")
    kept = json.loads(browser.execute_script(KEPT))
    assert [(k["kind"], k["row"]["deal"], k["row"].get("correct")) for k in kept] == [
        ("row", first.number, True),
        ("layout", second.number, None),
    ]

    browser.get("about:blank")  # the page left while the server is out of reach
    url, s, srv, thread = _serve(folder, spec, port=int(url.rsplit(":", 1)[1]))
    try:
        browser.get(page)
        _wait(browser, 15).until(lambda d: d.execute_script("return localStorage.length") == 0)
        _text(browser, f"#deal-{first.number} .done", lambda text: f"Играющий: {decl} 8" in text)
        assert s.store.rows[(first.number, 1, t.table)].entry["tricks"] == {decl: 8, w1: 2}
        assert [a["old"]["entry"]["tricks"] for a in s.store.audit() if a["deal"] == first.number] == [{decl: 7, w1: 3}]
        stored = s.store.layouts[second.number]["pockets"]
        assert {p: sorted(parse_cards(text)) for p, text in stored.items() if p in dict(cards.hands)} == {
            seat: sorted(hand) for seat, hand in cards.hands
        }
        assert not browser.find_element("id", "waiting").is_displayed()
        assert not browser.find_elements("css selector", ".waiting, #error")
    finally:
        srv.should_exit = True
        thread.join(10)


def test_a_table_page_says_it_is_offline_in_the_events_language(tmp_path):
    """The words the page shows while the server is out of reach come from the catalogue: English for an English
    event, Russian by default."""
    spec = tmp_path / "en.toml"
    spec.write_text(CLUB.read_text(encoding="utf-8").replace('language = "ru"', 'language = "en"'), encoding="utf-8")
    for path, lang in ((CLUB, "ru"), (spec, "en")):
        app, s = served(tmp_path / lang, path)
        page = client(app).get(f"/t/1?token={s.codes['tables'][1]}").text
        data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)[1])
        said = {k: data["words"][k] for k in ("offline_preview", "whists_later", "layout_waiting", "layout_refused")}
        assert (
            said
            == {
                "ru": {
                    "offline_preview": OFFLINE_PREVIEW + "; тогда же появятся висты. Можно вводить следующие сдачи.",
                    "whists_later": "появятся, когда сервер ответит",
                    "layout_waiting": "ждёт связи: отправится сам, когда сервер ответит",
                    "layout_refused": "расклад не записан: {error}. Внесите его снова",
                },
                "en": {
                    "offline_preview": "No connection to the server. The row is kept on this phone and goes by itself when the"
                    " server answers; the whists show then. You can go on with the next deals.",
                    "whists_later": "shown when the server answers",
                    "layout_waiting": "waiting for the connection: it goes by itself when the server answers",
                    "layout_refused": "layout not stored: {error}. Enter it again",
                },
            }[lang]
        )
        s.store.close()
