"""kill -9 during entry: every row the server acknowledged is there when it starts again on the same folder.

A real uvicorn process on 127.0.0.1 and a free port; the tables post from several threads, the
server is killed while posts are in flight.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from helpers import alive, descendants
from serving import CLUB, ROOT, random_bodies, served


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(folder, port):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "prefprint",
            "serve",
            str(CLUB),
            "-o",
            str(folder),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/event", timeout=1) as r:
                if r.status == 200:
                    return proc
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(proc.stderr.read().decode()) from None
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def post(port, body) -> int:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/rows",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except OSError:
        return 0  # the server is gone: not acknowledged


def test_kill_9_loses_no_acknowledged_row(tmp_path):
    folder = tmp_path / "kit"
    scoring = served(folder)[1]  # the folder's secret and database, as `serve` finds them
    codes, bodies = scoring.codes, random_bodies(scoring, seed=7)
    scoring.store.close()
    port = free_port()
    proc = start(folder, port)
    acknowledged, lock, stop = {}, threading.Lock(), threading.Event()

    def table_thread(mine):
        for body, whists in mine:
            if stop.is_set():
                return
            if post(port, body) == 201:
                with lock:
                    acknowledged[(body["deal"], body["round"], body["table"])] = whists

    per_table = {}
    for body, whists in bodies:
        per_table.setdefault(body["table"], []).append((body, whists))
    threads = [threading.Thread(target=table_thread, args=(rows,)) for rows in per_table.values()]
    for t in threads:
        t.start()
    while len(acknowledged) < 40 and any(t.is_alive() for t in threads):
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)  # while the tables are still posting
    proc.wait()
    stop.set()
    for t in threads:
        t.join()
    assert 40 <= len(acknowledged) < len(bodies)

    proc = start(folder, port)
    try:
        found = {}
        for table in per_table:
            url = f"http://127.0.0.1:{port}/api/tables/{table}?token={codes['director']}"
            with urllib.request.urlopen(url, timeout=5) as r:
                for row in json.load(r)["rows"]:
                    if row["entered"]:
                        found[(row["deal"], row["round"], table)] = row["entered"]["whists"]
        assert {k: found.get(k) for k in acknowledged} == acknowledged
        print(f"killed with {len(acknowledged)} rows acknowledged of {len(bodies)}; {len(found)} found after restart")
        # and it carries on: the rest can be entered
        rest = [b for b, _ in bodies if (b["deal"], b["round"], b["table"]) not in found]
        assert all(post(port, b) == 201 for b in rest)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


def test_stopped_while_the_live_site_solves_nothing_is_left_behind(tmp_path):
    """SIGTERM while the live worker solves the makeable tables (no kit cache): the worker and its solving
    processes end with the server, and no staged folder, lock or warning is left."""
    if not os.path.isdir("/proc/self/task"):
        pytest.skip("needs Linux /proc")
    folder = tmp_path / "kit"
    scoring = served(folder)[1]
    director = scoring.codes["director"]
    scoring.store.close()
    port = free_port()
    proc = start(folder, port)
    deadline = time.monotonic() + 60
    live = None
    while time.monotonic() < deadline:  # published, the tables being solved in the background
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/progress?token={director}", timeout=5) as r:
            live = json.load(r)["live"]
        if live["at"] and live["unsolved"]:
            break
        time.sleep(0.05)
    else:
        proc.kill()
        raise AssertionError(f"no publish with tables still to solve seen: {live}")
    under = descendants(proc.pid)
    assert under  # the worker, and the processes it solves on
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=20)
    err = err.decode()
    assert "Traceback" not in err and "leaked" not in err and "Warning" not in err, err
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in under) and time.monotonic() < deadline:  # a moment after their parent
        time.sleep(0.05)
    left = {pid: open(f"/proc/{pid}/cmdline").read() for pid in under if alive(pid)}
    assert not left
    assert sorted(p.name for p in folder.iterdir()) == ["live", "scoring.sqlite", "serve-secret"]
