"""Benchmarks of the double-dummy solver: `python benchmarks/solver.py [--deals N] [--runs R] [--jobs J]`.

Measures on the 100-player open (sample_events/open-100.toml):
  1. one process: milliseconds per deal for one strain as dealt (no talon), for one strain with
     the best of the 66 discards, for the misère verdict and for the misère count;
  2. the full analysis of the deals (3 declarers × ♠ ♣ ♦ ♥ БК with the best discard, misère
     verdict) on every core, and the same with misère counts;
  3. only the contracts played (random fills of every protocol row, `prefprint.sample`), with
     the misère counts the results need;
  4. a second run answered by the cache (in part 2).
Wall-clock seconds, best of the runs; the machine may be shared, so CPU seconds are shown too.
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
sys.path.insert(0, str(ROOT))

from prefprint import analysis  # noqa: E402
from prefprint.rules import STRAINS, active_seats  # noqa: E402
from prefprint.sample import random_fills  # noqa: E402
from prefprint.solver import double_dummy, solve_game, solve_misere  # noqa: E402
from prefprint.spec import load_event  # noqa: E402


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


def per_deal(deals) -> None:
    """Milliseconds of CPU per deal and seat for each kind of question, in this process."""
    rows = {f"{s} as dealt": [] for s in STRAINS}
    rows.update({f"{s} best discard": [] for s in STRAINS})
    rows.update({"misère verdict": [], "misère count": []})
    for d in deals:
        order = active_seats(d.table_size, d.dealer)
        hands = dict(d.hands)
        for seat in order:
            for s in STRAINS:
                t = time.process_time()
                double_dummy(hands, seat, order[0], s)
                rows[f"{s} as dealt"].append(time.process_time() - t)
                t = time.process_time()
                solve_game(hands, d.talon, seat, order[0], s)
                rows[f"{s} best discard"].append(time.process_time() - t)
            t = time.process_time()
            solve_misere(hands, d.talon, seat, order[0], count=False)
            rows["misère verdict"].append(time.process_time() - t)
            t = time.process_time()
            solve_misere(hands, d.talon, seat, order[0], count=True)
            rows["misère count"].append(time.process_time() - t)
    for name, times in rows.items():
        times.sort()
        print(f"   {name:<18} mean {1000 * sum(times) / len(times):7.1f} ms   "
              f"median {1000 * times[len(times) // 2]:7.1f}   max {1000 * times[-1]:7.0f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="analyse the first N deals (default: all 100)")
    ap.add_argument("--sample", type=int, default=8, help="deals timed one by one in part 1")
    ap.add_argument("--runs", type=int, default=1, help="runs of each timing (the best counts)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="processes (default: every core)")
    ap.add_argument("--quick", action="store_true", help="skip the full analysis with misère counts (the slowest part)")
    args = ap.parse_args()
    event = load_event(ROOT / "sample_events" / "open-100.toml")
    deals = event.deals[: args.deals]
    print(f"{len(deals)} deals of {event.title!r}, {args.jobs} processes, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    print(f"1. one process, per deal and declarer (first {args.sample} deals)")
    per_deal(deals[: args.sample])

    print("2. full analysis")
    folder = Path(tempfile.mkdtemp(prefix="prefprint-analysis-"))
    w, c, res = timed(lambda: analysis.analyse(deals, jobs=args.jobs, misere_count=False), args.runs)
    print(f"   misère verdicts: {w:.1f} s wall, {c:.1f} s CPU ({res.solved} problems)")
    analysis._save_cache(folder, {analysis.deal_digest(d): res.deals[d.number] for d in deals})  # as if run there
    w, c, res = timed(lambda: analysis.analyse(deals, folder=folder, jobs=args.jobs), max(3, args.runs))
    size = (folder / analysis.CACHE_FILE).stat().st_size
    print(f"   again, from the cache: {1000 * w:.1f} ms ({res.solved} solved, {res.cached} answered, "
          f"{size // 1024} KiB file)")
    shutil.rmtree(folder)
    if not args.quick:
        w, c, res = timed(lambda: analysis.analyse(deals, jobs=args.jobs, misere_count=True), args.runs)
        print(f"   misère counted:  {w:.1f} s wall, {c:.1f} s CPU ({res.solved} problems)")

    print("3. only the contracts played (random fills of every row)")
    numbers = {d.number for d in deals}
    _, outcomes = random_fills(event, 1)
    played = [(n, o) for (n, _, _), o in outcomes.items() if n in numbers]
    requests = analysis.played_requests(played)
    games = sum(1 for r in requests if r[2] in STRAINS)
    print(f"   {len(played)} rows, {len(requests)} distinct (deal, declarer, contract): "
          f"{games} games, {len(requests) - games} misères")
    w, c, res = timed(lambda: analysis.analyse(deals, requests, jobs=args.jobs, misere_count=True), args.runs)
    print(f"   {w:.1f} s wall, {c:.1f} s CPU")
    games_only = [r for r in requests if r[2] in STRAINS]
    w, c, res = timed(lambda: analysis.analyse(deals, games_only, jobs=args.jobs, misere_count=False), args.runs)
    print(f"   games alone: {w:.1f} s wall, {c:.1f} s CPU")
    # random fills give every row its own contract; at a real table a deal sees one or two
    first_rows = {}
    for (n, _, _), o in sorted(outcomes.items()):
        if n in numbers and o.contract.kind != "allpass":
            first_rows.setdefault(n, (n, o))
    one = analysis.played_requests(first_rows.values())
    w, c, res = timed(lambda: analysis.analyse(deals, one, jobs=args.jobs, misere_count=True), args.runs)
    print(f"   one contract a deal (its first row's, {len(one)} in all): {w:.1f} s wall, {c:.1f} s CPU")


if __name__ == "__main__":
    main()
