"""Compute the session designs shipped in prefprint/movement/data/sessions.txt.

    python tools/make_sessions.py [--max-tables 40] [--limit 20000] [--seeds 4] [--hard-seeds 40]

The shipped file: `--hard-seeds 20`, then `--fields 4:10:2 --hard-seeds 50` (42 players: the
clean 8-round design needs the 45th restart).

A session design serves a session of R rounds (R ≤ 8), not the full circle: see the docstring of
prefprint/movement/designs/sessions.py. For every field of k·T + e players (tables of 4 and of 3,
T = 2 … --max-tables, e = 0 … k − 1) it searches (prefprint.movement.designs.sessions.SessionSearch:
depth first, random value order, restarts over seeds and groups) the longest design in which nobody
meets anybody twice, up to 8 rounds; every prefix of it is as clean. The session lengths a
director may ask of the field (R ≤ T − 1) get a harder search (--hard-seeds restarts of
--hard-limit nodes). Beyond the clean length it stores, for each longer session, the design with
the fewest repeated meetings found (1, 2, … allowed). Where T is a perfect order and nobody rests,
the perfect design already serves every session and nothing is stored.

A search that ends below its node limit has tried every design over its group: where every group
tried is so exhausted for a session length, an "exhausted K T E R" line records it (the director
reads that no such design exists, not merely that none was found).

For 21, 22, 25 and 26 players at tables of 4 the affine plane of order 5 gives sessions of up to
5 rounds where nobody meets anybody twice (prefprint.movement.designs.plane_session); the tool searches the
fewest sets that let nobody replay one and stores them ("plane P R | sets of round 1 | …").
The result is deterministic.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prefprint.movement import designs as D  # noqa: E402
from prefprint.movement.designs.planes import check_sets, set_order  # noqa: E402
from prefprint.movement.designs.sessions import SessionSearch  # noqa: E402

MAX_ROUNDS = D.SESSION_ROUNDS


def find(k: int, tables: int, extra: int, rounds: int, seeds: int, limit: int, budget: int = 0):
    """(group name, rows) of a design with at most `budget` repeated meetings, or None; and whether
    every group was searched to the end (no node limit reached)."""
    exhausted = True
    for seed in range(1, seeds + 1):
        for name in D.session_groups(tables):
            search = SessionSearch(name, k, extra, seed * 7919, limit)
            rows = search.run(rounds, budget)
            if rows:
                return (name, rows), False
            exhausted = exhausted and search.nodes <= limit
        if exhausted:
            break  # every group searched to the end: other seeds cannot find more
    return None, exhausted


def plane(players: int, rounds: int, limit: int):
    """The sets of every round's tables of the plane session with the fewest sets found, or None."""
    groups, _ = D.plane_groups(players, rounds)
    tables = len(groups[0])
    for sets in range(tables, 2 * tables + 1):
        found = set_order(groups, sets, limit)
        if found:
            check_sets(groups, found)
            return found
    return None


def fmt(k: int, tables: int, extra: int, faults: int, name: str, rows) -> str:
    return f"session {k} {tables} {extra} {faults} {name} | " + " | ".join(
        " ".join("-" if v is None else str(v) for v in row) for row in rows
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-tables", type=int, default=2)
    ap.add_argument("--max-tables", type=int, default=40)
    ap.add_argument(
        "--table-sizes",
        type=lambda t: [int(x) for x in t.split(",")],
        default=[4, 3],
        help="tables of 4, of 3 or both (default 4,3)",
    )
    ap.add_argument("--limit", type=int, default=20_000, help="nodes per search")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--hard-limit", type=int, default=200_000, help="nodes per search of a session the targets cover")
    ap.add_argument("--hard-seeds", type=int, default=40)
    ap.add_argument("--max-faults", type=int, default=4, help="repeated meetings allowed at most when no clean design")
    ap.add_argument("--plane-limit", type=int, default=100_000, help="nodes per search of a plane session's sets")
    ap.add_argument(
        "--fields",
        type=lambda t: [tuple(int(v) for v in x.split(":")) for x in t.split(",")],
        help="recompute only these fields, K:T:E each (e.g. 4:10:2 with --hard-seeds 50), keep the others",
    )
    ap.add_argument("--only", choices=("plane",), help="keep the file's session designs, compute only the plane's sets")
    ap.add_argument("-o", "--output", default=str(ROOT / "prefprint" / "movement" / D.SESSIONS))
    args = ap.parse_args()
    lines = [
        "# Session designs computed by tools/make_sessions.py; read by prefprint.movement.designs.precomputed.",
        "# session K T E FAULTS GROUP | row | row ...   a row: v_N v_E v_S [v_W] σ_1 … σ_E ('-': the extra player rests)",
        "# FAULTS 0: nobody meets anybody twice in any prefix; else the repeated meetings of exactly these rounds",
    ]
    if args.fields:  # recompute these fields only, keep the file's others

        def kept(x):
            w = x.split()
            return not (w and w[0] in ("session", "exhausted") and tuple(map(int, w[1:4])) in args.fields)

        lines = [x for x in Path(args.output).read_text(encoding="utf-8").splitlines() if kept(x)]
    elif args.only == "plane":
        lines = [x for x in Path(args.output).read_text(encoding="utf-8").splitlines() if not x.startswith("plane ")]
    t0 = time.perf_counter()
    missing = []
    for k in args.table_sizes if args.only != "plane" else ():
        for tables in range(args.min_tables, args.max_tables + 1):
            for extra in range(k):
                if extra == 0 and D.perfect_order(tables, k) or args.fields and (k, tables, extra) not in args.fields:
                    continue
                top = min(MAX_ROUNDS, tables)
                best = None
                for rounds in range(2, top + 1):
                    hard = rounds <= tables - 1  # a session the targets cover: search harder
                    found, exhausted = find(
                        k,
                        tables,
                        extra,
                        rounds,
                        args.hard_seeds if hard else args.seeds,
                        args.hard_limit if hard else args.limit,
                    )
                    if not found:
                        if exhausted:
                            lines.append(f"exhausted {k} {tables} {extra} {rounds}")
                        break
                    best = found
                if best:
                    lines.append(fmt(k, tables, extra, 0, *best))
                clean = len(best[1]) if best else 0
                for rounds in range(max(clean + 1, 2), top + 1):
                    faults = None
                    for budget in range(1, args.max_faults + 1):
                        found, _ = find(k, tables, extra, rounds, 2, args.limit, budget)
                        if found:
                            faults = D.session_faults(found[0], k, found[1])
                            lines.append(fmt(k, tables, extra, faults, *found))
                            break
                    missing.append((k, tables, extra, rounds, faults))
                print(
                    f"k={k} T={tables} e={extra}: clean {clean} rounds ({time.perf_counter() - t0:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
                Path(args.output).write_text("\n".join(lines) + "\n", encoding="utf-8")
    for players in D.PLANE_FIELDS if not args.fields else ():
        for rounds in range(2, 6):
            sets = plane(players, rounds, args.plane_limit)
            if sets:
                lines.append(f"plane {players} {rounds} | " + " | ".join(" ".join(map(str, row)) for row in sets))
            print(
                f"plane {players} players, {rounds} rounds: {1 + max(map(max, sets)) if sets else '-'} sets "
                f"({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    Path(args.output).write_text("\n".join(lines) + "\n", encoding="utf-8")
    for k, tables, extra, rounds, faults in missing:
        print(
            f"no clean design: k={k} {k * tables + extra} players ({tables} tables + {extra}), {rounds} rounds; "
            f"best {faults if faults is not None else '-'} repeated meetings",
            file=sys.stderr,
        )
    print(f"written {args.output} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
