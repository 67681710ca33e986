"""Compute the searched designs shipped in prefprint/movement/data/designs.txt.

    python tools/make_designs.py [--seeds 4] [--moves 300000] [--max-tables 40]

For every table count up to --max-tables at tables of 4 and of 3 that has no perfect design, it
anneals group designs (prefprint.movement.designs.groups._GroupSearch) with several seeds and keeps
the one with the fewest excess meetings. For every table count whose extra players (fields of
k·T + 1 … k·T + k − 1) are not placed by a formula, it searches the resting schedule of lines E, S,
W (prefprint.movement.designs.substitutes.rester_schedule) with several seeds and keeps the best.
For small fields (up to 6 tables) it anneals rotating designs
(prefprint.movement.designs.rotations.RotatingSearch: players change seats, everybody meets about
once) with the fewest sets that keep the excess meetings within the target of issue 8 (10 %, 15 %
where players rest), and keeps them where they reach it (below 12 players at tables of 4 and 9 at
tables of 3: the least unfair one, for the rooms of a second session). The result is deterministic;
prefprint.movement reads the file through importlib.resources and searches (with a smaller effort)
only the sizes it does not find there.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.movement import designs as D  # noqa: E402
from prefprint.movement.designs.perfect import linear_schedules  # noqa: E402
from prefprint.movement.designs.rotations import RotatingSearch  # noqa: E402
from prefprint.movement.designs.substitutes import rester_schedule  # noqa: E402


def best_group(k: int, tables: int, seeds: int, moves: int) -> tuple[str, list[list[int]], tuple]:
    best = None
    for seed in range(1, seeds + 1):
        d = D.group_design(k, tables, moves=moves, seed=seed)
        score = D.measure(d)
        if best is None or score[:2] < best[0][:2]:
            search_pis = _pis_of(d)
            best = (score, d.ring, search_pis)
    return best[1], best[2], best[0]


def _pis_of(design: D.Design) -> list[list[int]]:
    """π_l(r) of a group design: the set player 0 of line l plays in round r, as group elements."""
    return [[line[0][r] for r in range(design.rounds)] for line in design.rows[1:]]


def best_schedules(base: D.Design, k: int, seeds: int, moves: int) -> list[list]:
    chosen = []
    for line in range(1, k):
        best = None
        for seed in range(1, seeds + 1):
            schedule = rester_schedule(base, line, seed * 1000 + line, moves)
            if schedule is None:
                continue
            d = D.substitute_design(base, line, schedules=chosen + [schedule])
            score = D.measure(d)[:2]
            if best is None or score < best[0]:
                best = (score, schedule)
        if best is None:
            break
        chosen.append(best[1])
    return chosen


def rotation_quality(players: int, k: int, sets: int, groups) -> tuple[float, int]:
    """(excess meetings in % of all meetings, pairs never met) over all pairs of a rotating design."""
    meet = {}
    for tables in groups:
        for g in tables:
            g = sorted(g)
            for i in range(len(g)):
                for j in range(i + 1, len(g)):
                    meet[(g[i], g[j])] = meet.get((g[i], g[j]), 0) + 1
    pairs = players * (players - 1) // 2
    total = sum(meet.values())
    c = -(-total // pairs)
    return 100 * sum(max(0, m - c) for m in meet.values()) / total, pairs - len(meet)


def best_rotation(players: int, k: int, seeds: int, moves: int, least: bool = False):
    """(sets, groups, excess %) of the rotating design with the fewest sets within the target, or
    None; with `least` (fields too small for the target) the one with the least excess. Where no
    design of rotation_rounds() rounds reaches the target, one round more is tried (14 players at
    tables of 4: 6 rounds reach 4.6 % where 5 rounds stay above 17 %)."""
    tables = players // k
    base = D.rotation_rounds(players, k)
    limit = 10 if players % k == 0 else 15
    fallback = None
    for rounds in (base, base + 1):
        for sets in range(max(rounds, tables), rounds * tables // 2 + 1):
            best = None
            for seed in range(1, seeds + 1):
                search = RotatingSearch(players, k, rounds, sets, seed)
                search.anneal(moves)
                if search.best is None:
                    continue
                score = rotation_quality(players, k, sets, search.best)
                if best is None or score < best[0]:
                    best = (score, search.best)
            if best and best[0][0] <= limit:
                return sets, best[1], best[0][0]
            if best and least and (fallback is None or best[0][0] < fallback[2]):
                fallback = (sets, best[1], best[0][0])
        if least:
            break  # the smallest fields keep their least unfair design of base rounds
    return fallback


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--moves", type=int, default=300_000)
    ap.add_argument("--max-tables", type=int, default=40)
    ap.add_argument("-o", "--output", default=str(ROOT / "prefprint" / "movement" / D.DATA))
    ap.add_argument("--only", choices=("rotation",), help="keep the file's other designs, compute only these")
    ap.add_argument(
        "--players",
        type=lambda t: [tuple(int(v) for v in x.split(":")) for x in t.split(",")],
        help="with --only rotation: recompute only these fields, K:N each, e.g. 4:14 (the others are kept)",
    )
    args = ap.parse_args()
    lines = [
        "# Line designs computed by tools/make_designs.py; read by prefprint.movement.designs.precomputed.stored().",
        "# group K T GROUP | π_E | π_S [| π_W]   player x of a line plays set x + π(r) in round r (π_N = id)",
        "# rest K T LINE | rester per round ('-': the line's extra player rests)",
    ]
    t0 = time.perf_counter()
    if args.only:

        def replaced(x):
            words = x.split()
            return x.startswith(args.only + " ") and (
                not args.players or (int(words[1]), int(words[2])) in args.players
            )

        lines = [x for x in Path(args.output).read_text(encoding="utf-8").splitlines() if not replaced(x)]
    for k in (4, 3) if not args.only else ():
        for tables in range(2, args.max_tables + 1):
            if D.perfect_order(tables, k):
                continue
            name, pis, score = best_group(k, tables, args.seeds, args.moves)
            lines.append(f"group {k} {tables} {name} | " + " | ".join(" ".join(map(str, p)) for p in pis))
            print(
                f"group k={k} T={tables} {name}: excess {score[0]} of {score[2]} meetings, never {score[1]} "
                f"({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    D.stored.cache_clear()
    Path(args.output).write_text("\n".join(lines) + "\n", encoding="utf-8")
    for k in (4, 3) if not args.only else ():
        for tables in range(3, args.max_tables + 1):
            if linear_schedules(tables, k, k - 1) is not None:
                continue
            D.stored.cache_clear()
            base = D.base_design(k, tables)
            chosen = best_schedules(base, k, args.seeds, 4000 * tables)
            for line, schedule in enumerate(chosen, 1):
                lines.append(f"rest {k} {tables} {line} | " + " ".join("-" if x is None else str(x) for x in schedule))
            d = D.substitute_design(base, len(chosen), schedules=chosen) if chosen else None
            print(
                f"rest k={k} T={tables}: {len(chosen)} lines, excess/never {D.measure(d)[:2] if d else '-'} "
                f"({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
            Path(args.output).write_text("\n".join(lines) + "\n", encoding="utf-8")
    for k in (4, 3):
        for players in range(8, 7 * k):
            if k == 4 and players in (8, 9, 12, 13, 16, 18, 24) or players // k < 2:
                continue
            if args.players and (k, players) not in args.players:
                continue
            # the smallest fields get their least unfair rotation: rooms of a second session need one
            found = best_rotation(players, k, args.seeds, args.moves // 2, least=players < (12 if k == 4 else 9))
            if found:
                sets, groups, pct = found
                flat = " ".join(str(p) for tables in groups for g in tables for p in g)
                lines.append(f"rotation {k} {players} {sets} | {flat}")
            print(
                f"rotation k={k} {players} players: {found[0] if found else '-'} sets, "
                f"{f'{found[2]:.1f} %' if found else 'none within the target'} ({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
            Path(args.output).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written {args.output} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
