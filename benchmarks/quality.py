"""Quality of the automatic movement for every field: `python benchmarks/quality.py [-o FILE]`.

For every field of 12–160 players at tables of 4 and 9–120 at tables of 3 it builds the
movement the engine chooses by itself (full session) and measures it independently of the
engine's own statistics:

- method, rounds, tables, sets printed;
- excess meetings: the sum over eligible pairs of max(0, meetings − c), c = ceil(all meetings /
  eligible pairs), in % of all meetings (eligible: players of different lines where every player
  keeps his seat, else every pair);
- pairs never met (of the eligible pairs), rests per player (min–max), the fewest tables that
  play a printed set, build time;
- the verdict against the targets of issue 8: `perfect` (every eligible pair meets exactly once),
  `target` (valid, every set at two tables or more, at least min(tables, 7) rounds, rests
  max − min ≤ 1, excess ≤ 10 % of all meetings, 15 % where players rest), `book` (a book
  scheme, kept as the seed gives it), or `short` with the reasons.

The table is written as tab-separated lines (`-o`, default stdout) and a summary is printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import combinations
from math import ceil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.movement.engine import build_movement  # noqa: E402

BOOK = {8, 9, 12, 13, 16, 18, 24}
COLUMNS = ("players", "table_size", "method", "rounds", "tables", "sets", "meetings", "excess", "excess_pct",
           "never", "eligible", "rests", "set_plays_min", "seconds", "verdict")


def measure(players: int, k: int) -> dict:
    """Build the automatic movement of a field and measure it (see the module docstring)."""
    t0 = time.perf_counter()
    m = build_movement(players, k)
    seconds = time.perf_counter() - t0
    numbers = sorted({p for r in m.rounds for t in r.tables for _, p in t.seats} | {p for r in m.rounds for p in r.resting})
    problems = []
    seat_of, played, meet, rests, plays = {}, {}, Counter(), Counter(), Counter()
    tables = 0
    for rnd in m.rounds:
        present = list(rnd.resting)
        rests.update(rnd.resting)
        tables = max(tables, len(rnd.tables))
        for t in rnd.tables:
            plays[t.set] += 1
            if [s for s, _ in t.seats] != ["N", "E", "S", "W"][:k]:
                problems.append("seats")
            for s, p in t.seats:
                seat_of.setdefault(p, set()).add(s)
                if t.set in played.setdefault(p, set()):
                    problems.append("replay")
                played[p].add(t.set)
                present.append(p)
            for a, b in combinations(sorted(p for _, p in t.seats), 2):
                meet[(a, b)] += 1
        if sorted(present) != numbers:
            problems.append("seating")
    fixed = all(len(s) == 1 for s in seat_of.values())
    line = {p: next(iter(s)) for p, s in seat_of.items()} if fixed else {}
    eligible = [(a, b) for a, b in combinations(numbers, 2) if not fixed or line.get(a) != line.get(b)]
    total = sum(meet.values())
    c = ceil(total / len(eligible)) if eligible else 0
    excess = sum(max(0, meet[pair] - c) for pair in eligible)
    never = sum(1 for pair in eligible if not meet[pair])
    rest_counts = [rests[p] for p in numbers]
    declared = getattr(m, "sets", len(plays))
    set_plays_min = min(plays.get(s, 0) for s in range(1, declared + 1)) if declared else 0
    pct = 100 * excess / total if total else 0.0
    spread = max(rest_counts) - min(rest_counts)
    reasons = []
    if problems:
        reasons.append("invalid")
    if set_plays_min < 2:
        reasons.append("set<2")
    if len(m.rounds) < min(tables, 7):
        reasons.append("rounds")
    if spread > 1:
        reasons.append("rests")
    if pct > (15 if max(rest_counts) else 10):
        reasons.append("excess")
    perfect = not problems and fixed and eligible and all(meet[pair] == 1 for pair in eligible) \
        and set_plays_min >= 2
    if k == 4 and players in BOOK and m.method == "scheme":
        verdict = "book"
    elif perfect:
        verdict = "perfect"
    else:
        verdict = "short:" + "+".join(reasons) if reasons else "target"
    return {"players": players, "table_size": k, "method": m.method, "rounds": len(m.rounds), "tables": tables,
            "sets": declared, "meetings": total, "excess": excess, "excess_pct": round(pct, 1), "never": never,
            "eligible": len(eligible), "rests": f"{min(rest_counts)}-{max(rest_counts)}",
            "set_plays_min": set_plays_min, "seconds": round(seconds, 3), "verdict": verdict}


def fields():
    yield from ((n, 4) for n in range(12, 161))
    yield from ((n, 3) for n in range(9, 121))


def summary(rows: list[dict]) -> list[str]:
    """Counts of verdicts per table size, build times, the worst excess."""
    out = []
    for k in (4, 3):
        part = [r for r in rows if r["table_size"] == k]
        if not part:
            continue
        verdicts = Counter(r["verdict"].split(":")[0] for r in part)
        reasons = Counter(x for r in part if r["verdict"].startswith("short:") for x in r["verdict"][6:].split("+"))
        times = sorted(r["seconds"] for r in part)
        slow = max(part, key=lambda r: r["seconds"])
        worst = max((r for r in part if r["verdict"] != "book"), key=lambda r: r["excess_pct"])
        out.append(f"tables of {k}: {len(part)} fields {part[0]['players']}–{part[-1]['players']}: "
                   + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
                   + (f" (short because of: {', '.join(f'{x} {n}' for x, n in reasons.most_common())})" if reasons else ""))
        out.append(f"  build time: median {times[len(times) // 2]:.3f} s, worst {slow['seconds']:.3f} s "
                   f"({slow['players']} players); largest excess {worst['excess_pct']} % ({worst['players']} players, "
                   f"{worst['method']})")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", help="write the table here (tab-separated)")
    args = ap.parse_args()
    rows = []
    for n, k in fields():
        try:
            rows.append(measure(n, k))
        except Exception as e:  # a field the engine refuses or breaks on is a row too
            rows.append({"players": n, "table_size": k, "method": "-", "rounds": 0, "tables": 0, "sets": 0,
                         "meetings": 0, "excess": 0, "excess_pct": 0.0, "never": 0, "eligible": 0, "rests": "-",
                         "set_plays_min": 0, "seconds": 0.0, "verdict": f"short:error {type(e).__name__}"})
    lines = ["\t".join(COLUMNS)] + ["\t".join(str(r[c]) for c in COLUMNS) for r in rows]
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print("\n".join(summary(rows)), file=sys.stderr)


if __name__ == "__main__":
    main()
