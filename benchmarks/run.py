"""Benchmarks of prefprint on this machine: `python benchmarks/run.py [--skip-analysis] [--movements]`.

Runs each job of the 100-player open (sample_events/open-100.toml) as its own command, one after
the other in one run, and prints a Markdown table: wall-clock seconds, the CPU seconds of the
command and of every process it started (render and analysis workers), the peak memory of its
largest process, and the ratio of the wall-clock time to W, plain WeasyPrint on the kit's own
protocols.html (one process, the whole document). The jobs:

  W                        weasyprint alone on kit/protocols.html
  kit --no-analysis        every document of the kit, PDFs on all cores, the workbook
  analyse --no-cache       every declarer × strain and misère of the 100 deals
  kit (analysis, cold)     the kit with the hand records' makeable tables, no cache
  results                  the filled workbook (every row) published: site first, then PDF and workbook
  provisional, rounds 1..k the first provisional publish (rounds 1..k of the rows entered)
  re-publish, round k+1    the same folder after one more round: what the scoring server repeats

For the publishing jobs "site" is when the site is in place (the command says so on stderr), the
PDF following. CPU seconds vary less than wall-clock time where other work shares the cores; the
load average is printed with the table. `--movements` adds the timings of building movements.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# PREFPRINT_ROOT: time another checkout of prefprint with this script (an earlier commit, say)
ROOT = Path(os.environ.get("PREFPRINT_ROOT") or Path(__file__).resolve().parent.parent).resolve()
sys.path.insert(0, str(ROOT))

SPEC = ROOT / "sample_events" / "open-100.toml"
ROUNDS = 10  # the provisional publish has rounds 1..ROUNDS entered, the re-publish one more

# Runs a command as its child and reports, as one JSON line on stderr, the wall-clock seconds, when
# the results site was in place, and the child's (and its own children's) CPU seconds and peak memory.
_MEASURE = r"""
import json, resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
site = None
for line in p.stderr:
    if site is None and ("index.html" in line and ("PDF" in line)):
        site = time.perf_counter() - t
p.wait()
wall = time.perf_counter() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "site": site, "cpu": r.ru_utime + r.ru_stime, "rss_mb": r.ru_maxrss / 1024,
                  "rc": p.returncode}), file=sys.stderr)
"""


def measure(args: list[str], env: dict | None = None, cwd: Path | None = None) -> dict:
    """Wall-clock and CPU seconds and peak memory of one command and the processes it starts."""
    proc = subprocess.run(
        [sys.executable, "-c", _MEASURE, *args],
        cwd=cwd or ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
    )
    data = json.loads(proc.stderr.strip().splitlines()[-1])
    if data["rc"] != 0:
        print(f"failed ({data['rc']}): {' '.join(args)}", file=sys.stderr)
        return None
    return data


def prefprint(*args: str) -> list[str]:
    return [sys.executable, "-m", "prefprint", *args]


def workbooks(out: Path) -> dict[str, Path]:
    """The blank protocol workbook filled: every row, rounds 1..ROUNDS, rounds 1..ROUNDS+1."""
    from prefprint.engine.fills import random_fills
    from prefprint.io.spec import load_event
    from prefprint.io.workbook import fill_workbook, write_protocol_workbook

    event = load_event(SPEC)
    blank = write_protocol_workbook(event, out / "protocols.xlsx")
    fills, _ = random_fills(event, 1)
    paths = {"all": fill_workbook(blank, out / "filled.xlsx", fills)}
    for k in (ROUNDS, ROUNDS + 1):
        paths[k] = fill_workbook(blank, out / f"filled-r{k}.xlsx", {key: v for key, v in fills.items() if key[1] <= k})
    return paths


def jobs(out: Path, analysis: bool) -> list[tuple[str, dict]]:
    books = workbooks(out)
    rows = []
    rows.append(("kit --no-analysis", measure(prefprint("kit", str(SPEC), "-o", str(out / "kit"), "--no-analysis"))))
    weasy = (
        f"import weasyprint; weasyprint.HTML(filename={str(out / 'kit' / 'protocols.html')!r})"
        f".write_pdf({str(out / 'w.pdf')!r})"
    )
    rows.insert(0, ("W: WeasyPrint alone, kit's protocols.html", measure([sys.executable, "-c", weasy])))
    if analysis:
        rows.append(("analyse --no-cache", measure(prefprint("analyse", str(SPEC), "--no-cache", "--json"))))
        rows.append(
            ("kit with the analysis, cold", measure(prefprint("kit", str(SPEC), "-o", str(out / "cold" / "kit"))))
        )
    rows.append(
        (
            "results, every row (site, then PDF)",
            measure(prefprint("results", str(SPEC), str(books["all"]), "-o", str(out / "results"), "--no-analysis")),
        )
    )
    prov = str(out / "provisional")
    rows.append(
        (
            f"provisional, rounds 1..{ROUNDS}",
            measure(prefprint("results", str(SPEC), str(books[ROUNDS]), "-o", prov, "--provisional", "--no-analysis")),
        )
    )
    rows.append(
        (
            f"re-publish after round {ROUNDS + 1}",
            measure(
                prefprint("results", str(SPEC), str(books[ROUNDS + 1]), "-o", prov, "--provisional", "--no-analysis")
            ),
        )
    )
    rows.append(
        (
            f"re-publish after round {ROUNDS + 1}, --no-pdf",
            measure(
                prefprint(
                    "results",
                    str(SPEC),
                    str(books[ROUNDS + 1]),
                    "-o",
                    str(out / "site-only"),
                    "--provisional",
                    "--no-analysis",
                    "--no-pdf",
                )
            ),
        )
    )
    return rows


def table(rows: list[tuple[str, dict]]) -> str:
    """The Markdown table; "CPU ÷ cores × W": the job's CPU seconds spread over every core, against W's
    CPU seconds — the ratio its wall-clock time would have on idle cores if it kept them all busy."""
    w, wcpu = rows[0][1]["wall"], rows[0][1]["cpu"]
    cores = os.cpu_count() or 1
    lines = [
        "| job | wall s | × W | site in place s | × W | CPU s (all processes) | CPU ÷ cores × W "
        "| peak MB (largest process) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for i, (name, m) in enumerate(rows):
        if m is None:
            lines.append(f"| {name} | failed | | | | | | |")
            continue
        site = f"{m['site']:.1f} | {m['site'] / w:.2f}" if m.get("site") else "– | –"
        spread = 1.0 if i == 0 else m["cpu"] / cores / wcpu
        lines.append(
            f"| {name} | {m['wall']:.1f} | {m['wall'] / w:.2f} | {site} | {m['cpu']:.1f} | {spread:.2f} "
            f"| {m['rss_mb']:.0f} |"
        )
    return "\n".join(lines)


def movements() -> None:
    from prefprint.errors import MovementError
    from prefprint.movement import build_movement

    def best(fn, repeat=3):
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return min(times)

    print("movements")
    print(
        f"   400 players, tables of 4 ({build_movement(400, 4).method}): "
        f"{best(lambda: build_movement(400, 4), 5):.3f} s"
    )
    print(
        f"   300 players, tables of 3 ({build_movement(300, 3).method}): "
        f"{best(lambda: build_movement(300, 3), 5):.3f} s"
    )
    t = time.perf_counter()
    refused = 0
    for k, sizes in ((4, range(8, 401)), (3, range(6, 301))):
        for n in sizes:
            try:
                build_movement(n, k)
            except MovementError:
                refused += 1
    print(f"   every field size (688 requests, {refused} too small): {time.perf_counter() - t:.1f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-analysis", action="store_true", help="leave out analyse and the kit with the analysis")
    ap.add_argument("--movements", action="store_true", help="also time building movements")
    args = ap.parse_args()
    if args.movements:
        movements()
    out = Path(tempfile.mkdtemp(prefix="prefprint-bench-"))
    load = os.getloadavg()
    rows = jobs(out, not args.skip_analysis)
    after = os.getloadavg()
    print(
        f"100-player open, {os.cpu_count()} cores; load average {load[0]:.1f} before, {after[0]:.1f} after "
        f"(other work shares the cores: compare the CPU seconds)\n"
    )
    print(table(rows))
    print(f"\noutput in {out}")


if __name__ == "__main__":
    main()
