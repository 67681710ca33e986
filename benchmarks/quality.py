"""Quality of the automatic movement for every field: `python benchmarks/quality.py [-o FILE] [--sessions]`.

For every field of 12–160 players at tables of 4 and 9–120 at tables of 3 it builds the
movement prefprint.movement chooses by itself (full session) and measures it independently of the
movement's own statistics:

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

With `--sessions` it writes the session table instead: every field above at R = 4 … 8 rounds
(`--rounds` to choose), built as a director asks for it (`build_movement(players, k, rounds=R)`),
measured the same independent way over the rounds played:

- repeated meetings: the sum over pairs of max(0, meetings − 1), in % of all meetings; the most
  times one pair meets; pairs never met (of the eligible pairs); rests; fewest tables per set;
  build time;
- `scope`: `full` (tables full and at least R + 1 tables: nobody may meet anybody twice),
  `rests` (players rest, at least R + 1 tables: repeated meetings ≤ 1 %), `small` (fewer tables);
- the verdict: `clean` (valid, R rounds, every set at two tables or more, rests max − min ≤ 1, no
  repeated meeting), `within` (the same with repeated meetings ≤ 1 %), `repeats` (more), or
  `short:` with the broken rules (invalid, rounds, set<2, rests) or the error.
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

from prefprint.movement import build_movement  # noqa: E402

BOOK = {8, 9, 12, 13, 16, 18, 24}
COLUMNS = (
    "players",
    "table_size",
    "method",
    "rounds",
    "tables",
    "sets",
    "meetings",
    "excess",
    "excess_pct",
    "never",
    "eligible",
    "rests",
    "set_plays_min",
    "seconds",
    "verdict",
)


def measure(players: int, k: int) -> dict:
    """Build the automatic movement of a field and measure it (see the module docstring)."""
    t0 = time.perf_counter()
    m = build_movement(players, k)
    seconds = time.perf_counter() - t0
    f = _figures(m, k)
    problems, meet, eligible, total = f["problems"], f["meet"], f["eligible"], f["total"]
    rest_counts, set_plays_min, tables, fixed = f["rest_counts"], f["set_plays_min"], f["tables"], f["fixed"]
    plays = f["plays"]
    c = ceil(total / len(eligible)) if eligible else 0
    excess = sum(max(0, meet[pair] - c) for pair in eligible)
    never = sum(1 for pair in eligible if not meet[pair])
    declared = getattr(m, "sets", len(plays))
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
    perfect = not problems and fixed and eligible and all(meet[pair] == 1 for pair in eligible) and set_plays_min >= 2
    if k == 4 and players in BOOK and m.method == "scheme":
        verdict = "book"
    elif perfect:
        verdict = "perfect"
    else:
        verdict = "short:" + "+".join(reasons) if reasons else "target"
    return {
        "players": players,
        "table_size": k,
        "method": m.method,
        "rounds": len(m.rounds),
        "tables": tables,
        "sets": declared,
        "meetings": total,
        "excess": excess,
        "excess_pct": round(pct, 1),
        "never": never,
        "eligible": len(eligible),
        "rests": f"{min(rest_counts)}-{max(rest_counts)}",
        "set_plays_min": set_plays_min,
        "seconds": round(seconds, 3),
        "verdict": verdict,
    }


def _figures(m, k: int) -> dict:
    """Re-check a movement without the movement's own statistics: problems found, meetings of every pair,
    the eligible pairs, rests, set plays."""
    numbers = sorted(
        {p for r in m.rounds for t in r.tables for _, p in t.seats} | {p for r in m.rounds for p in r.resting}
    )
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
    rest_counts = [rests[p] for p in numbers]
    declared = getattr(m, "sets", len(plays))
    set_plays_min = min(plays.get(s, 0) for s in range(1, declared + 1)) if declared else 0
    return {
        "problems": problems,
        "meet": meet,
        "eligible": eligible,
        "total": total,
        "rest_counts": rest_counts,
        "set_plays_min": set_plays_min,
        "tables": tables,
        "fixed": fixed,
        "plays": plays,
    }


SESSION_COLUMNS = (
    "players",
    "table_size",
    "asked",
    "scope",
    "method",
    "rounds",
    "tables",
    "sets",
    "meetings",
    "repeats",
    "repeats_pct",
    "most",
    "never",
    "eligible",
    "rests",
    "set_plays_min",
    "seconds",
    "verdict",
)


def measure_session(players: int, k: int, rounds: int) -> dict:
    """Build the automatic movement of a field for a session of `rounds` rounds and measure it."""
    full, extra = divmod(players, k)
    scope = "small" if full < rounds + 1 else "rests" if extra else "full"
    row = {"players": players, "table_size": k, "asked": rounds, "scope": scope}
    t0 = time.perf_counter()
    try:
        m = build_movement(players, k, rounds)
    except Exception as e:  # a session the movement refuses is a row too
        return row | {
            "method": "-",
            "rounds": 0,
            "tables": 0,
            "sets": 0,
            "meetings": 0,
            "repeats": 0,
            "repeats_pct": 0.0,
            "most": 0,
            "never": 0,
            "eligible": 0,
            "rests": "-",
            "set_plays_min": 0,
            "seconds": round(time.perf_counter() - t0, 3),
            "verdict": f"short:error {type(e).__name__}: {str(e).splitlines()[0][:60]}",
        }
    seconds = time.perf_counter() - t0
    f = _figures(m, k)
    meet, total, rest_counts = f["meet"], f["total"], f["rest_counts"]
    repeats = sum(max(0, v - 1) for v in meet.values())
    pct = 100 * repeats / total if total else 0.0
    reasons = []
    if f["problems"]:
        reasons.append("invalid")
    if len(m.rounds) != rounds:
        reasons.append("rounds")
    if f["set_plays_min"] < 2:
        reasons.append("set<2")
    if max(rest_counts) - min(rest_counts) > 1:
        reasons.append("rests")
    verdict = (
        "short:" + "+".join(reasons)
        if reasons
        else "clean"
        if not repeats
        else "within"
        if pct <= 1 and max(rest_counts)
        else "repeats"
    )
    return row | {
        "method": m.method,
        "rounds": len(m.rounds),
        "tables": f["tables"],
        "sets": len(f["plays"]),
        "meetings": total,
        "repeats": repeats,
        "repeats_pct": round(pct, 2),
        "most": max(meet.values(), default=0),
        "never": sum(1 for pair in f["eligible"] if not meet[pair]),
        "eligible": len(f["eligible"]),
        "rests": f"{min(rest_counts)}-{max(rest_counts)}",
        "set_plays_min": f["set_plays_min"],
        "seconds": round(seconds, 3),
        "verdict": verdict,
    }


def session_summary(rows: list[dict]) -> list[str]:
    """Per table size and scope: sessions clean / within 1 % / with repeats / short; the worst; times."""
    out = []
    for k in (4, 3):
        for scope in ("full", "rests", "small"):
            part = [r for r in rows if r["table_size"] == k and r["scope"] == scope]
            if not part:
                continue
            verdicts = Counter(r["verdict"].split(":")[0] for r in part)
            bad = sorted((r for r in part if r["repeats"]), key=lambda r: -r["repeats_pct"])
            out.append(
                f"tables of {k}, {scope}: {len(part)} sessions: "
                + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
                + f"; with repeated meetings {len(bad)}"
                + (
                    ": worst "
                    + ", ".join(
                        f"{r['players']}p R={r['asked']} {r['repeats']}/{r['meetings']} ({r['method']})"
                        for r in bad[:4]
                    )
                    if bad
                    else ""
                )
            )
    times = sorted(r["seconds"] for r in rows)
    slow = max(rows, key=lambda r: r["seconds"])
    out.append(
        f"build time: median {times[len(times) // 2]:.3f} s, worst {slow['seconds']:.3f} s "
        f"({slow['players']} players at tables of {slow['table_size']}, R = {slow['asked']})"
    )
    return out


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
        out.append(
            f"tables of {k}: {len(part)} fields {part[0]['players']}–{part[-1]['players']}: "
            + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
            + (f" (short because of: {', '.join(f'{x} {n}' for x, n in reasons.most_common())})" if reasons else "")
        )
        out.append(
            f"  build time: median {times[len(times) // 2]:.3f} s, worst {slow['seconds']:.3f} s "
            f"({slow['players']} players); largest excess {worst['excess_pct']} % ({worst['players']} players, "
            f"{worst['method']})"
        )
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", help="write the table here (tab-separated)")
    ap.add_argument("--sessions", action="store_true", help="the session table: every field at R = 4 … 8 rounds")
    ap.add_argument("--rounds", default="4,5,6,7,8", help="with --sessions: the session lengths (default 4,5,6,7,8)")
    args = ap.parse_args()
    if args.sessions:
        rows = [measure_session(n, k, r) for n, k in fields() for r in map(int, args.rounds.split(","))]
        text = "\n".join(["\t".join(SESSION_COLUMNS)] + ["\t".join(str(r[c]) for c in SESSION_COLUMNS) for r in rows])
        if args.output:
            Path(args.output).write_text(text + "\n", encoding="utf-8")
        else:
            sys.stdout.write(text + "\n")
        print("\n".join(session_summary(rows)), file=sys.stderr)
        return
    rows = []
    for n, k in fields():
        try:
            rows.append(measure(n, k))
        except Exception as e:  # a field the movement refuses or breaks on is a row too
            rows.append(
                {
                    "players": n,
                    "table_size": k,
                    "method": "-",
                    "rounds": 0,
                    "tables": 0,
                    "sets": 0,
                    "meetings": 0,
                    "excess": 0,
                    "excess_pct": 0.0,
                    "never": 0,
                    "eligible": 0,
                    "rests": "-",
                    "set_plays_min": 0,
                    "seconds": 0.0,
                    "verdict": f"short:error {type(e).__name__}",
                }
            )
    lines = ["\t".join(COLUMNS)] + ["\t".join(str(r[c]) for c in COLUMNS) for r in rows]
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print("\n".join(summary(rows)), file=sys.stderr)


if __name__ == "__main__":
    main()
