"""prefprint's solver against E. Slovesnov's C++ preferans solver on the same positions.

`python benchmarks/solver_cpp.py PROGRAM [--deals N]`

PROGRAM is the C++ solver built outside this repository: the sources of github.com/slovesnov/bridge
(src/solver: Preferans, BridgePreferansBase, BridgeCommon, SC, Bridge) with slovesnov/permutations,
compiled with -O3 -DCONSOLE -DNDEBUG -DFINAL_RELEASE (the GUI's move-order settings: 2, 246, 2, 6, 5, 0),
the few helpers it takes from slovesnov/aslov (format, SIZE; the rest is GTK) written out, and a main
that reads a position a line (trump in bridge order, misère, first hand, declarer, the three players,
the owner of each of the 52 cards), calls Preferans::solveEstimateOnly and prints the declarer's tricks,
and its CPU seconds inside the solver on stderr.

That solver solves a position as dealt; it does not choose the discard. The positions compared are
those of the open's first N deals (default 20) after the discard prefprint finds, for every
declarer in ♠ ♣ ♦ ♥ БК and the misère (its count): the same positions for both, the answers
checked equal, the CPU seconds of the solving alone for each (prefprint: `double_dummy`, one
process, plain and compiled).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.analysis import jit, solver  # noqa: E402
from prefprint.engine.rules import STRAINS  # noqa: E402
from prefprint.io.spec import load_event  # noqa: E402

BRIDGE_SUIT = (0, 3, 2, 1)  # ♠ ♣ ♦ ♥ -> bridge order ♠ ♥ ♦ ♣
SEAT = {"N": 1, "E": 2, "S": 3, "W": 4}


def positions(deals) -> list[tuple[dict, str, str, str]]:
    """(hands after the declarer's discard, declarer, first hand, strain or мизер) of every problem."""
    out = []
    for d in deals:
        a = solver.analyse_deal(d, misere_count=True)
        hands = dict(d.hands)
        for seat in a.order:
            for strain in (*STRAINS, solver.MISERE):
                gone = a.discards[seat][strain]
                kept = dict(hands)
                kept[seat] = tuple(c for c in (*hands[seat], *d.talon) if c not in gone)
                out.append((kept, seat, a.first_hand, strain))
    return out


def line(hands: dict, declarer: str, first: str, strain: str) -> str:
    owners = [0] * 52
    for seat, cards in hands.items():
        for suit, rank in cards:
            owners[13 * BRIDGE_SUIT[suit] + 7 - rank] = SEAT[seat]
    misere = strain == solver.MISERE
    trump = 4 if misere or strain == solver.NO_TRUMP else BRIDGE_SUIT[STRAINS.index(strain)]
    order = sorted(hands, key="NESW".index)
    head = [trump, int(misere), SEAT[first], SEAT[declarer], *(SEAT[s] for s in order)]
    return " ".join(map(str, head + owners))


def ours(problems, compiled: bool) -> tuple[float, list[int]]:
    jit.COMPILED = compiled
    solver.load_searches()
    t = time.process_time()
    answers = [solver.double_dummy(h, decl, first, strain) for h, decl, first, strain in problems]
    return time.process_time() - t, answers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("program", type=Path, help="the C++ solver built as above")
    ap.add_argument("--deals", type=int, default=20)
    args = ap.parse_args()
    jit.COMPILED = True
    problems = positions(load_event(ROOT / "sample_events" / "open-100.toml").deals[: args.deals])
    text = "\n".join(line(*p) for p in problems) + "\n"
    print(f"{len(problems)} positions of {args.deals} deals; load average {os.getloadavg()[0]:.2f}")
    done = subprocess.run([str(args.program)], input=text, capture_output=True, text=True, check=True)
    theirs = [int(x) for x in done.stdout.split()]
    cpp = float(done.stderr.split()[-1])
    rows = [("C++ (Preferans::solveEstimateOnly)", cpp, theirs)]
    for name, compiled in (("prefprint, plain", False), ("prefprint, compiled", True)):
        seconds, answers = ours(problems, compiled)
        rows.append((name, seconds, answers))
    print("\n| solver | CPU s | ÷ C++ | answers equal to the C++ solver's |\n|---|---:|---:|---:|")
    for name, seconds, answers in rows:
        same = sum(a == b for a, b in zip(answers, theirs))
        print(f"| {name} | {seconds:.3f} | {seconds / cpp:.2f} | {same} of {len(theirs)} |")
    print(f"\nload average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
