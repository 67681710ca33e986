"""Benchmark of the scoring server: `python benchmarks/server.py [--rounds N] [--spec SPEC]`.

The 100-player open (25 tables of 4): `prefprint serve` runs as a real process on 127.0.0.1 and a
free port (loopback only); for each round, 25 tables post their 4 rows at the same moment (one
thread and one keep-alive connection per table, started together at a barrier). Reports the
latency of a POST (p50, p95, max, in ms), the rows acknowledged, and the rows the server holds
afterwards (every acknowledged row must be there: lost = acknowledged − stored), and after each
round how long until the live results site (the server's live/, published again by its worker
process) shows the round. The server's folder holds the event's double-dummy cache, as a kit
printed with its analysis leaves it (`prefprint analyse` into the folder first, or the cache of
--cache FOLDER copied); with --no-cache it holds none, as a kit printed with --no-analysis leaves
it, and the live worker solves the makeable tables in the background: the deals still unsolved
are printed with each round, and at the end how long after the server started every table was on
the site (waited for within --limit). Bounded: at most --rounds rounds (default 3) and --limit seconds (default
120). Other work may share the cores.

The director's page is open throughout, as a browser keeps it: every 2 s it asks for the progress (the
clock and every table's state), and the travellers and the corrections whenever the rows changed; the
latency of those requests is reported too.

`--single K`: after the rounds, K rows of the next rounds posted one at a time, each once the live site shows the
one before: how long after its 201 the live site shows each (p50, p95, max).

`--upload URL`: the spec's `[publish] upload` set to URL (a local FTP server, say, its password in
PREFPRINT_FTP_PASSWORD): after each round, also how long until the web copy of the live site is brought up to date.

`--root DIR`: the server run from another checkout (the commit before, say), the same client measuring it: run
the script twice, once without, for a side-by-side figure.

`--second-session`: the open played as two sessions (as benchmarks/competition.py plays it), session 1's
workbook filled beside (DIR/session-1/protocols.xlsx, as typed in on paper) and session 2 served: its live
site ranks both sessions together, so each publish also reads and ranks session 1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.competition import SESSIONS  # noqa: E402
from prefprint.analysis.cache import CACHE_FILE  # noqa: E402
from prefprint.engine.fills import random_fills, random_outcome  # noqa: E402
from prefprint.io import codes as entry_codes  # noqa: E402
from prefprint.io.spec import load_competition  # noqa: E402
from prefprint.io.workbook import fill_workbook, write_protocol_workbook  # noqa: E402
from prefprint.server.rows import request_of  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def body_of(event, outcome, token, table, rnd, deal) -> dict:
    return {"token": token, "table": table, "round": rnd, "deal": deal, **request_of(event, outcome)}


def director_page(port: int, token: str, stop: threading.Event, took: list) -> None:
    """The director's page as a browser keeps it (director.js): the progress every 2 s, the travellers and the
    corrections when the rows' version changed; each request's milliseconds appended to `took`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    version = None

    def get(path):
        t0 = time.perf_counter()
        conn.request("GET", f"{path}?token={token}")
        resp = conn.getresponse()
        data = resp.read()
        took.append((time.perf_counter() - t0) * 1000)
        return json.loads(data)

    while not stop.is_set():
        p = get("/api/progress")
        if p["version"] != version:
            version = p["version"]
            get("/api/travellers")
            get("/api/audit")
        stop.wait(2)
    conn.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spec", default=str(ROOT / "sample_events" / "open-100.toml"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=float, default=120.0)
    parser.add_argument("--cache", type=Path, help="a folder whose analysis-cache.json serves (else analysed first)")
    parser.add_argument("--second-session", action="store_true", help="serve session 2, session 1 filled beside")
    parser.add_argument("--no-cache", action="store_true", help="no analysis cache: the live site solves the tables")
    parser.add_argument("--single", type=int, default=0, help="rows posted one at a time after the rounds")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server runs")
    parser.add_argument("--upload", help="[publish] upload of the served spec: the live site copied there")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="prefprint-serve-bench-"))
    session, here = 1, folder
    if args.second_session:
        text = Path(args.spec).read_text(encoding="utf-8").replace("\n[[players]]", SESSIONS + "\n[[players]]", 1)
        args.spec = folder / "cup-100.toml"
        args.spec.write_text(text, encoding="utf-8")
        competition = load_competition(args.spec)
        session, here = 2, folder / "session-2"
        first = competition.session(1)
        (folder / "session-1").mkdir()
        blank = write_protocol_workbook(first, folder / "blank.xlsx")
        fill_workbook(blank, folder / "session-1" / "protocols.xlsx", random_fills(first, 1)[0])
    if args.upload:
        text = Path(args.spec).read_text(encoding="utf-8")
        line = f'upload = "{args.upload}"\n'
        text = (
            text.replace("[publish]", "[publish]\n" + line.strip(), 1)
            if "\n[publish]" in text
            else text + "\n[publish]\n" + line
        )
        args.spec = folder / "served.toml"
        args.spec.write_text(text, encoding="utf-8")
    event = load_competition(args.spec).session(session)
    if args.cache:
        shutil.copy(args.cache / CACHE_FILE, folder / CACHE_FILE)
    elif not args.no_cache:
        subprocess.run(
            [sys.executable, "-m", "prefprint", "analyse", args.spec, "-o", str(folder)],
            cwd=args.root,
            env=dict(os.environ, PYTHONPATH=str(args.root)),
            stdout=subprocess.DEVNULL,
            check=True,
        )
    codes = entry_codes.codes(event, entry_codes.secret(here))
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "prefprint",
            "serve",
            args.spec,
            "-o",
            str(folder),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--session",
            str(session),
        ],
        cwd=args.root,
        env=dict(os.environ, PYTHONPATH=str(args.root)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    started = time.monotonic()
    try:
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/event", timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() - started > 30:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        director_took, stop = [], threading.Event()
        director = threading.Thread(
            target=director_page, args=(port, codes["director"], stop, director_took), daemon=True
        )
        director.start()
        rng = random.Random(1)
        latencies, acknowledged, refused, live, unsolved, web = [], 0, 0, [], [], []
        progress = f"http://127.0.0.1:{port}/api/progress?token={codes['director']}"
        lock = threading.Lock()
        rounds = event.movement.rounds[: args.rounds]
        for rnd in rounds:
            if time.monotonic() - started > args.limit:
                break
            per_table = []
            for t in rnd.tables:
                rows = [random_body(event, codes, rng, rnd, t, d) for d in event.deals if d.set == t.set]
                per_table.append(rows)
            barrier = threading.Barrier(len(per_table))

            def table(rows, barrier=barrier):
                nonlocal acknowledged, refused
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.connect()
                barrier.wait()
                for body in rows:
                    data = json.dumps(body).encode()
                    t0 = time.perf_counter()
                    conn.request("POST", "/api/rows", data, {"Content-Type": "application/json"})
                    resp = conn.getresponse()
                    resp.read()
                    took = (time.perf_counter() - t0) * 1000
                    with lock:
                        latencies.append(took)
                        if resp.status == 201:
                            acknowledged += 1
                        else:
                            refused += 1
                conn.close()

            threads = [threading.Thread(target=table, args=(rows,)) for rows in per_table]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            posted = time.monotonic()
            while time.monotonic() - posted < 60:
                with urllib.request.urlopen(progress, timeout=10) as r:
                    state = json.load(r)["live"]
                if state["current"] and state["at"]:
                    live.append(time.monotonic() - posted)
                    unsolved.append(state.get("unsolved", 0))
                    break
                time.sleep(0.05)
            if args.upload:
                web.append(web_copy(progress, state["web"]["sent"], posted))
        single = one_at_a_time(event, codes, port, progress, event.movement.rounds[len(rounds) :], args.single, rng)
        acknowledged += len(single)
        with urllib.request.urlopen(progress, timeout=10) as r:
            last = json.load(r)
        tables = None  # seconds after the server started until every makeable table was on the live site
        while time.monotonic() - started < args.limit:
            with urllib.request.urlopen(progress, timeout=10) as r:
                last = json.load(r)
            if last["live"]["at"] and last["live"]["current"] and not last["live"].get("unsolved"):
                tables = time.monotonic() - started
                break
            time.sleep(0.1)
        stored = last["rows"]
        stop.set()
        director.join(30)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
    latencies.sort()
    if not latencies:  # --rounds 0: only the tables solved while no row comes (with --no-cache)
        latencies = [0.0]
    p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
    print(
        f"{event.movement.tables} tables, {len(rounds)} rounds of {len(latencies) // max(1, len(rounds))} rows "
        f"posted at once (loopback, {os.cpu_count()} cores shared with other work)"
    )
    print(f"POST latency ms: p50 {statistics.median(latencies):.1f}, p95 {p95:.1f}, max {latencies[-1]:.1f}")
    director_took.sort()
    if director_took:
        print(
            f"the director's page: {len(director_took)} requests (progress, travellers, corrections), "
            f"p50 {statistics.median(director_took):.1f} ms, max {director_took[-1]:.1f} ms"
        )
    print(f"rows acknowledged {acknowledged}, refused {refused}, stored {stored}, lost {acknowledged - stored}")
    print(
        "live site current after the last row of a round, s: "
        + ", ".join(f"{t:.1f}" for t in live)
        + " (the server waits for the rows of a round to settle first)"
    )
    if args.upload:
        print(
            "web copy brought up to date after the last row of a round, s: "
            + ", ".join("—" if t is None else f"{t:.1f}" for t in web)
            + (f" (last error: {last['live']['web']['error']})" if last["live"]["web"]["error"] else "")
        )
    if single:
        single.sort()
        p95 = single[max(0, int(round(0.95 * len(single))) - 1)]
        print(
            f"live site current after a single row's 201, s ({len(single)} rows): p50 {statistics.median(single):.2f}, "
            f"p95 {p95:.2f}, max {single[-1]:.2f}"
        )
    if args.no_cache:
        print("deals without a makeable table when the round was on the site: " + ", ".join(map(str, unsolved)))
        print(
            "every makeable table on the live site "
            + (f"{tables:.1f} s after the server started" if tables else f"not within {args.limit:.0f} s")
        )
    if last["live"]["note"]:
        print(f"live site: {last['live']['note']}")


def random_body(event, codes, rng, rnd, t, d) -> dict:
    """What table `t` posts for deal `d` in round `rnd`: a random plausible outcome, with the table's code."""
    outcome = random_outcome(rng, event.table_size, d.dealer, event.conventions)
    return body_of(event, outcome, codes["tables"][t.table], t.table, rnd.number, d.number)


def web_copy(progress: str, sent: int, posted: float, limit: float = 30.0) -> float | None:
    """Seconds from a round's last row until an upload of the live site that began after it went through (the
    director's progress asked every 50 ms); None when it failed or none came within `limit` (the link down)."""
    while time.monotonic() - posted < limit:
        with urllib.request.urlopen(progress, timeout=10) as r:
            state = json.load(r)["live"]["web"]
        if state["sent"] > sent and not state["sending"]:
            return time.monotonic() - posted
        if state["error"] and not state["sending"]:  # the upload after this round failed: the link is down
            return None
        time.sleep(0.05)
    return None


def one_at_a_time(event, codes, port, progress, rounds, count, rng) -> list[float]:
    """`count` rows of `rounds` posted one at a time, each once the live site shows the one before: seconds from
    each row's 201 until the director's progress says the live site is current (asked every 50 ms)."""
    took = []
    bodies = [
        random_body(event, codes, rng, rnd, t, d)
        for rnd in rounds
        for t in rnd.tables
        for d in event.deals
        if d.set == t.set
    ]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for body in bodies[:count]:
        conn.request("POST", "/api/rows", json.dumps(body).encode(), {"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        acknowledged = time.monotonic()
        if resp.status != 201:
            continue
        while time.monotonic() - acknowledged < 30:
            with urllib.request.urlopen(progress, timeout=10) as r:
                state = json.load(r)["live"]
            if state["current"] and state["at"]:
                took.append(time.monotonic() - acknowledged)
                break
            time.sleep(0.05)  # asked every 50 ms: asked more often, the server's answers take the worker's cores
        time.sleep(0.2)
    conn.close()
    return took


if __name__ == "__main__":
    main()
