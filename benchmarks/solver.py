"""Benchmarks of the double-dummy solver: `python benchmarks/solver.py [--deals N] [--sample S] [--runs R] [--jobs J] [--quick] [--against DIR]`.

Measures on the 100-player open (sample_events/open-100.toml):
  1. one process, the first S deals, each seat as declarer: milliseconds of CPU of a game in one
     strain with the best of the 66 discards (mean, 95th percentile, max over every seat and
     strain), of the misère verdict and of the misère count;
  2. the full analysis on every core (3 declarers × ♠ ♣ ♦ ♥ БК with the best discard, and the
     misère verdict), then the same answered by the cache, then with misère counts (not with --quick);
  3. only the contracts played, with the misère counts the results need, from two lists:
     - realistic: per deal what a field plausibly plays, read off the double-dummy table of
       part 2: the game with the most tricks (ties: the higher strain, ♠ ♣ ♦ ♥ БК), then the
       next best games within one trick of it, at most three contracts a deal; a seat whose
       misère is clean plays it instead of the last of three (or besides fewer);
     - random: every protocol row of a random fill (`prefprint.engine.fills.random_fills`): about 13
       different contracts a deal, most of them nobody would play — far more work than a field makes.
Wall seconds are the best of --runs. The machine may be shared: CPU seconds (this process and its
workers) and the load average are printed too. `--against DIR` times part 1 on another source tree
too (a checkout of an older commit, e.g. `git worktree add /tmp/base <commit>`), right after this
one's, and prints both with the ratio: CPU seconds of one process, which other work on the machine
distorts far less than wall seconds. `--tree DIR` measures DIR instead of this tree.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = Path(sys.argv[sys.argv.index("--tree") + 1]).resolve() if "--tree" in sys.argv[:-1] else ROOT
sys.path.insert(0, str(TREE))

from prefprint.analysis import cache as analysis  # noqa: E402
from prefprint.analysis.solver import MISERE, solve_game, solve_misere  # noqa: E402
from prefprint.engine.fills import random_fills  # noqa: E402
from prefprint.engine.rules import STRAINS, active_seats  # noqa: E402
from prefprint.io.spec import load_event  # noqa: E402


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn, runs: int):
    """(best wall seconds, CPU seconds of that run, result) over `runs` runs."""
    best = None
    for _ in range(runs):
        w, c = time.perf_counter(), cpu()
        result = fn()
        w, c = time.perf_counter() - w, cpu() - c
        if best is None or w < best[0]:
            best = (w, c, result)
    return best


def spread(times: list[float]) -> str:
    times = sorted(times)
    return (
        f"mean {1000 * sum(times) / len(times):6.1f} ms   p95 {1000 * times[int(0.95 * (len(times) - 1))]:6.0f}"
        f"   max {1000 * times[-1]:6.0f}   ({len(times)})"
    )


def per_problem(deals) -> dict[str, list[float]]:
    """Milliseconds of CPU per (deal, declarer, strain) and per misère, in this process."""
    rows = {"game, best discard": [], "misère verdict": [], "misère count": []}
    for d in deals:
        order = active_seats(d.table_size, d.dealer)
        hands = dict(d.hands)
        for seat in order:
            for s in STRAINS:
                t = time.process_time()
                solve_game(hands, d.talon, seat, order[0], s)
                rows["game, best discard"].append(time.process_time() - t)
            t = time.process_time()
            solve_misere(hands, d.talon, seat, order[0], count=False)
            rows["misère verdict"].append(time.process_time() - t)
            t = time.process_time()
            solve_misere(hands, d.talon, seat, order[0], count=True)
            rows["misère count"].append(time.process_time() - t)
    for name, times in rows.items():
        print(f"   {name:<19} {spread(times)}")
    return rows


def against(other: Path, sample: int, mine: dict[str, list[float]]) -> None:
    """Part 1 on another source tree, in a child process, set beside this tree's."""
    import json
    import subprocess

    out = subprocess.run(
        [sys.executable, __file__, "--tree", str(other), "--sample", str(sample), "--part1-json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    theirs = json.loads(out.splitlines()[-1])
    print(f"   {other} (CPU seconds in all, this tree / that one):")
    for name, times in theirs.items():
        print(
            f"   {name:<19} {spread(times)}   {sum(mine[name]):.2f} / {sum(times):.2f} s = "
            f"{sum(mine[name]) / sum(times):.2f}"
        )


def realistic_requests(deals, table: analysis.EventAnalysis) -> list[analysis.Request]:
    """Per deal the 1–3 contracts a field plausibly plays, from the double-dummy table (see the docstring)."""
    out = []
    for d in deals:
        a = table.deals[d.number]
        games = sorted(
            ((n, STRAINS.index(s), seat, s) for seat, row in a.tricks.items() for s, n in row.items()), reverse=True
        )
        best = games[0][0]
        chosen = [(seat, s) for n, _, seat, s in games[:3] if n >= best - 1]
        clean = [seat for seat in a.order if a.misere[seat].clean]
        if clean:
            chosen = chosen[:2] + [(clean[0], MISERE)]
        out += [(d.number, seat, s) for seat, s in chosen]
    return out


def played(label: str, deals, requests, jobs: int, runs: int) -> None:
    games = sum(1 for r in requests if r[2] in STRAINS)
    w, c, _ = timed(lambda: analysis.analyse(deals, requests, jobs=jobs, misere_count=True), runs)
    print(
        f"   {label}: {len(requests)} (deal, declarer, contract), {games} games and "
        f"{len(requests) - games} misères counted: {w:.1f} s wall, {c:.1f} s CPU"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="analyse the first N deals (default: all 100)")
    ap.add_argument("--sample", type=int, default=12, help="deals timed one by one in part 1")
    ap.add_argument("--runs", type=int, default=1, help="runs of each timing (the best counts)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="processes (default: every core)")
    ap.add_argument("--quick", action="store_true", help="skip the full analysis with misère counts (the slowest part)")
    ap.add_argument("--against", type=Path, help="time part 1 on this source tree too and compare")
    ap.add_argument("--tree", type=Path, help="measure this source tree instead of the one holding the script")
    ap.add_argument("--part1-json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    event = load_event(ROOT / "sample_events" / "open-100.toml")
    deals = event.deals[: args.deals]
    if args.part1_json:  # for --against: part 1 only, its times as the last line
        import contextlib
        import io
        import json

        with contextlib.redirect_stdout(io.StringIO()):
            rows = per_problem(deals[: args.sample])
        print(json.dumps(rows))
        return
    print(
        f"{len(deals)} deals of {event.title!r}, {args.jobs} processes, load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )

    print(f"1. one process, per deal and declarer (first {args.sample} deals){'' if TREE == ROOT else f' of {TREE}'}")
    rows = per_problem(deals[: args.sample])
    if args.against:
        against(args.against.resolve(), args.sample, rows)

    print(f"2. full analysis (load average {os.getloadavg()[0]:.1f})")
    w, c, table = timed(lambda: analysis.analyse(deals, jobs=args.jobs, misere_count=False), args.runs)
    print(f"   misère verdicts: {w:.1f} s wall, {c:.1f} s CPU ({table.solved} problems)")
    folder = Path(tempfile.mkdtemp(prefix="prefprint-analysis-"))
    try:
        analysis.save_cache(folder, {analysis.deal_digest(d): table.deals[d.number] for d in deals})  # as if run there
        w, c, res = timed(lambda: analysis.analyse(deals, folder=folder, jobs=args.jobs), max(3, args.runs))
        size = (folder / analysis.CACHE_FILE).stat().st_size
        print(
            f"   again, from the cache: {1000 * w:.1f} ms ({res.solved} solved, {res.cached} answered, "
            f"{size // 1024} KiB file)"
        )
    finally:
        shutil.rmtree(folder)
    if not args.quick:
        w, c, res = timed(lambda: analysis.analyse(deals, jobs=args.jobs, misere_count=True), args.runs)
        print(f"   misère counted:  {w:.1f} s wall, {c:.1f} s CPU ({res.solved} problems)")

    print(f"3. only the contracts played, misères counted (load average {os.getloadavg()[0]:.1f})")
    played("realistic", deals, realistic_requests(deals, table), args.jobs, args.runs)
    numbers = {d.number for d in deals}
    _, outcomes = random_fills(event, 1)
    rows = [(n, o) for (n, _, _), o in outcomes.items() if n in numbers]
    played(f"random ({len(rows)} rows)", deals, analysis.played_requests(rows), args.jobs, args.runs)


if __name__ == "__main__":
    main()
