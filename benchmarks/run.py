"""Benchmarks of prefprint on this machine: `python benchmarks/run.py [--quick]`.

Measures (wall-clock seconds, best of a few runs where cheap; for the kit and the results also
the CPU seconds of this process and its render workers, which vary less than wall-clock time
on a machine shared with other work):
  1. building and validating movements (400 players at tables of 4, 300 at tables of 3, and
     every field size 8…400 / 6…300);
  2. the whole kit of the 100-player open (all documents, PDFs on all cores, workbook);
  3. protocol pages: prefprint's pipeline (template + WeasyPrint + parts joined) against
     WeasyPrint alone on the same HTML, per page, in one process;
  4. reading, checking and matchpointing the filled 100-player workbook (every deal played
     at every table).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.app.kit import document_html, render_parts, write_kit  # noqa: E402
from prefprint.app.results import run  # noqa: E402
from prefprint.engine.sample import random_fills  # noqa: E402
from prefprint.errors import MovementError  # noqa: E402
from prefprint.io.render import join_pdfs, pdf_bytes  # noqa: E402
from prefprint.io.spec import load_competition  # noqa: E402
from prefprint.io.workbook import fill_workbook, write_protocol_workbook  # noqa: E402
from prefprint.movement.engine import build_movement  # noqa: E402


def cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the render workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def best(fn, repeat=3):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the full kit (the slowest part)")
    args = ap.parse_args()
    competition = load_competition(ROOT / "sample_events" / "open-100.toml")
    event = competition.sessions[0]
    out = Path(tempfile.mkdtemp(prefix="prefprint-bench-"))

    print("1. movements")
    print(f"   400 players, tables of 4 ({build_movement(400, 4).method}): "
          f"{best(lambda: build_movement(400, 4), 5):.3f} s")
    print(f"   300 players, tables of 3 ({build_movement(300, 3).method}): "
          f"{best(lambda: build_movement(300, 3), 5):.3f} s")
    t = time.perf_counter()
    refused = 0
    for k, sizes in ((4, range(8, 401)), (3, range(6, 301))):
        for n in sizes:
            try:
                build_movement(n, k)
            except MovementError:
                refused += 1
    print(f"   every field size (688 requests, {refused} too small): {time.perf_counter() - t:.1f} s")

    if not args.quick:
        print("2. kit of the 100-player open (25 tables, 100 deals, 25 rounds)")
        t, c = time.perf_counter(), cpu()
        write_kit(event, out / "kit")
        print(f"   whole kit: {time.perf_counter() - t:.1f} s ({cpu() - c:.1f} s CPU)")

    print("3. protocol pages, one process")
    deals = event.deals[:24]
    sub = slice(0, 24)
    text = document_html(event, "protocols", sub)
    import weasyprint

    base = str(ROOT / "templates") + "/"
    alone = best(lambda: weasyprint.HTML(string=text, base_url=base).write_pdf(), 2)  # plain WeasyPrint
    ours = best(lambda: pdf_bytes(document_html(event, "protocols", sub)), 2)
    pages = len(deals)
    print(f"   WeasyPrint alone: {alone / pages * 1000:.0f} ms/page; prefprint: {ours / pages * 1000:.0f} ms/page "
          f"(ratio {ours / alone:.2f})")
    parts = render_parts(event, "protocols")
    t = time.perf_counter()
    join_pdfs([pdf_bytes(p) for p in parts[:2]])
    joined = time.perf_counter() - t
    n = sum(p.count('<section class="page sheet') for p in parts[:2])
    print(f"   two parts rendered and joined: {joined / n * 1000:.0f} ms/page")

    print("4. results of the 100-player open (2500 protocol rows)")
    blank = write_protocol_workbook(event, out / "protocols.xlsx")
    fills, _ = random_fills(event, 1)
    filled = fill_workbook(blank, out / "filled.xlsx", fills)
    t = time.perf_counter()
    report = run(competition, [filled], out / "results", publish=False)
    print(f"   read + check + matchpoint: {time.perf_counter() - t:.2f} s "
          f"({sum(len(d.results) for r in report.reports for d in r.deals)} rows)")
    t, c = time.perf_counter(), cpu()
    run(competition, [filled], out / "results")
    print(f"   the same and publish (site, PDF, xlsx): {time.perf_counter() - t:.1f} s ({cpu() - c:.1f} s CPU)")
    print(f"   output in {out}")


if __name__ == "__main__":
    main()
