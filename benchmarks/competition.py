"""Benchmark of a two-session competition: `python benchmarks/competition.py [--quick]`.

The 100-player open played twice: session 1 as the spec says, session 2 by lines with three
players absent. Measures (wall-clock seconds on this machine):
  1. reading the spec and building both sessions;
  2. the kit of both sessions, with the double-dummy analysis as `prefprint kit` makes it
     (skipped with --quick), and without it;
  3. reading, checking and matchpointing both filled workbooks, and the combined ranking;
  4. the same and publishing (overall ranking, a site per session, PDFs, xlsx), beside the kit
     (its analysis cache answers), and with --no-analysis.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.app.kit import write_competition_kit  # noqa: E402
from prefprint.app.results import Options, run  # noqa: E402
from prefprint.engine.fills import random_fills  # noqa: E402
from prefprint.io.workbook import fill_workbook, write_protocol_workbook  # noqa: E402

SESSIONS = """
[[sessions]]
title = "1-я сессия"

[[sessions]]
title = "2-я сессия (по линиям)"
by_lines = true
absent = [5, 50, 77]
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the kit (the slowest part)")
    args = ap.parse_args()
    text = (ROOT / "sample_events" / "open-100.toml").read_text(encoding="utf-8")
    text = text.replace("\n[[players]]", SESSIONS + "\n[[players]]", 1)
    out = Path(tempfile.mkdtemp(prefix="prefprint-cup-"))
    spec = out / "cup-100.toml"
    spec.write_text(text, encoding="utf-8")

    t = time.perf_counter()
    from prefprint.io.spec import load_competition

    comp = load_competition(spec)
    print(f"1. spec and both sessions: {time.perf_counter() - t:.2f} s")
    for e in comp.sessions:
        m = e.movement
        print(
            f"   session {e.session}: {m.method}, {len(e.players)} players, {m.tables} tables, "
            f"{len(m.rounds)} rounds, {len(e.deals)} deals"
        )

    if not args.quick:
        t = time.perf_counter()
        write_competition_kit(comp, out / "kit", analysis=True)
        print(f"2. kit of both sessions, analysed: {time.perf_counter() - t:.1f} s")
        t = time.perf_counter()
        write_competition_kit(comp, out / "kit-plain")
        print(f"   without the analysis: {time.perf_counter() - t:.1f} s")

    books = []
    for e in comp.sessions:
        blank = write_protocol_workbook(e, out / f"blank-{e.session}.xlsx")
        books.append(fill_workbook(blank, out / f"s{e.session}.xlsx", random_fills(e, e.session)[0]))
    t = time.perf_counter()
    report = run(comp, books, out / "results", Options(publish=False))
    rows = sum(len(d.results) for r in report.reports for d in r.deals)
    print(f"3. read + check + matchpoint both workbooks and rank: {time.perf_counter() - t:.2f} s ({rows} rows)")
    t = time.perf_counter()
    run(comp, books, out / "kit" / "results", Options(analysis=not args.quick))
    print(
        f"4. the same and publish{'' if args.quick else ' beside the kit (analysis from its cache)'}: "
        f"{time.perf_counter() - t:.1f} s"
    )
    t = time.perf_counter()
    run(comp, books, out / "results-plain")
    print(f"   without the analysis: {time.perf_counter() - t:.1f} s")
    print(f"   output in {out}")


if __name__ == "__main__":
    main()
