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
                for row in json.load(r):
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
