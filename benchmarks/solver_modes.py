"""The solver plain and compiled side by side, in one run: `python benchmarks/solver_modes.py [--deals N] [--jobs J]
[--baseline DIR] [--repeat K]`.

On the 100-player open (sample_events/open-100.toml):
  1. `prefprint analyse --no-cache --json` on every core (or --jobs): plain (PREFPRINT_NO_JIT=1), then
     compiled with numba's cache empty (this run compiles), then compiled again (the cache loaded):
     wall and CPU seconds of the command and its workers, and the peak memory of its largest process;
     with --baseline, the plain command of another checkout of prefprint (an earlier commit, say)
     too, alternating with this one's plain K times (--repeat, default 1): the lowest of each;
  2. in this process, the whole table of the first N deals (default 20: every declarer in ♠ ♣ ♦ ♥ БК
     with the best discard, and the misère verdict) in each mode: CPU seconds, positions searched,
     and microseconds of CPU a position.
The machine may be shared: the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import ROOT, SPEC, measure, prefprint  # noqa: E402

from prefprint.analysis import jit, solver  # noqa: E402
from prefprint.io.spec import load_event  # noqa: E402


def _lowest(runs: list[dict | None]) -> dict | None:
    done = [m for m in runs if m is not None]
    return min(done, key=lambda m: m["cpu"]) if done else None


def plain_runs(jobs: int, baseline: Path | None, repeat: int) -> list[tuple[str, dict]]:
    """Part 1's plain rows: this checkout's, and the baseline's, alternating, the lowest CPU of each."""
    args = prefprint("analyse", str(SPEC), "--no-cache", "--json", "--jobs", str(jobs))
    env = {"PREFPRINT_NO_JIT": "1"}
    if baseline is None:
        return [("plain (PREFPRINT_NO_JIT=1)", measure(args, env))]
    old = [sys.executable, "-m", "prefprint", "analyse", str(baseline / SPEC.relative_to(ROOT)), "--no-cache", "--json"]
    old += ["--jobs", str(jobs)]
    ours, theirs = [], []
    for _ in range(repeat):
        theirs.append(measure(old, {**env, "PYTHONPATH": str(baseline)}, cwd=baseline))
        ours.append(measure(args, env))
    return [(f"plain, baseline {baseline.name}", _lowest(theirs)), ("plain (PREFPRINT_NO_JIT=1)", _lowest(ours))]


def commands(jobs: int, baseline: Path | None = None, repeat: int = 1) -> list[tuple[str, dict]]:
    """Part 1: (row, measure()) of the runs of analyse."""
    args = prefprint("analyse", str(SPEC), "--no-cache", "--json", "--jobs", str(jobs))
    rows = plain_runs(jobs, baseline, repeat)
    with tempfile.TemporaryDirectory() as cache:
        env = {"NUMBA_CACHE_DIR": cache, "PREFPRINT_NO_JIT": ""}
        rows.append(("compiled, first run (compiles)", measure(args, env)))
        rows.append(("compiled, second run (cache)", measure(args, env)))
    return rows


def positions(deals, compiled: bool) -> tuple[float, int]:
    """Part 2: (CPU seconds, positions searched) of the whole tables of `deals` in one mode."""
    made = []
    init = solver._Solver.__init__

    def counted(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    jit.COMPILED, solver._Solver.__init__ = compiled, counted
    try:
        solver.load_searches()
        t = time.process_time()
        for d in deals:
            solver.analyse_deal(d)
        return time.process_time() - t, sum(s.nodes for s in made)
    finally:
        solver._Solver.__init__ = init


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20, help="deals of part 2 (default 20)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes of part 1 (default: every core)")
    ap.add_argument("--baseline", type=Path, help="another checkout of prefprint: its plain analyse beside this one's")
    ap.add_argument("--repeat", type=int, default=1, help="plain runs of each checkout with --baseline (default 1)")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores, tree {ROOT}")
    print("\n| analyse --no-cache, 100 deals | wall s | CPU s (all processes) | peak MB (largest process) |")
    print("|---|---:|---:|---:|")
    for name, m in commands(args.jobs, args.baseline and args.baseline.resolve(), args.repeat):
        cells = "failed | | " if m is None else f"{m['wall']:.1f} | {m['cpu']:.1f} | {m['rss_mb']:.0f}"
        print(f"| {name} | {cells} |", flush=True)
    deals = load_event(SPEC).deals[: args.deals]
    print(f"\n| whole table of {len(deals)} deals, one process | CPU s | positions | µs a position |")
    print("|---|---:|---:|---:|")
    for name, compiled in (("plain", False), ("compiled", True)):
        seconds, nodes = positions(deals, compiled)
        print(f"| {name} | {seconds:.2f} | {nodes:,} | {1e6 * seconds / max(nodes, 1):.2f} |", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
