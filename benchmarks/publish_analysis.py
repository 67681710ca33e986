"""What the double-dummy analysis costs the kit and the results: `python benchmarks/publish_analysis.py [SPEC]`.

For the 100-player open (or SPEC), wall-clock and CPU seconds (this process and its workers) of:
  1. the kit without analysis, with it (every deal's whole table), and again (from the cache);
  2. results published without analysis, with it where no kit was made (the contracts played
     only), again (from the results' cache), and inside a kit folder (the kit's whole table).
Random outcomes fill every row of the workbook (`prefprint.engine.fills`): more different contracts a
deal than real play, so the "contracts played" figure is on the high side.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.app.kit import write_kit  # noqa: E402
from prefprint.app.results import Options, run  # noqa: E402
from prefprint.engine.fills import random_fills  # noqa: E402
from prefprint.io.spec import load_competition  # noqa: E402
from prefprint.io.workbook import fill_workbook, write_protocol_workbook  # noqa: E402


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(label: str, fn) -> None:
    wall, used = time.perf_counter(), cpu()
    fn()
    print(f"{label:<52} {time.perf_counter() - wall:6.1f} s wall {cpu() - used:7.1f} s CPU", flush=True)


def main() -> None:
    spec = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "sample_events" / "open-100.toml"
    competition = load_competition(spec)
    event = competition.sessions[0]
    tmp = Path(tempfile.mkdtemp(prefix="prefprint-bench-"))
    blank = write_protocol_workbook(event, tmp / "blank.xlsx")
    fills, _ = random_fills(event, 1)
    workbook = fill_workbook(blank, tmp / "filled.xlsx", fills)
    print(f"{event.title}: {len(event.deals)} deals, {len(event.players)} players, {os.cpu_count()} cores")
    timed("kit, no analysis", lambda: write_kit(event, tmp / "plain"))
    timed("kit, analysis (whole table of every deal)", lambda: write_kit(event, tmp / "kit", analysis=True))
    timed("kit again, analysis from the cache", lambda: write_kit(event, tmp / "kit", analysis=True))
    timed("results, no analysis", lambda: run(competition, [workbook], tmp / "results"))
    timed(
        "results, analysis of the contracts played",
        lambda: run(competition, [workbook], tmp / "played", Options(analysis=True)),
    )
    timed("results again, from the cache", lambda: run(competition, [workbook], tmp / "played", Options(analysis=True)))
    timed(
        "results inside the kit folder (its whole table)",
        lambda: run(competition, [workbook], tmp / "kit" / "results", Options(analysis=True)),
    )
    print(f"(outputs in {tmp})")


if __name__ == "__main__":
    main()
