"""How well the grade finds a player's strength: a simulated club season against a hidden skill.

    python benchmarks/season_simulation.py [--players 100] [--evenings 40] [--deals 24] [--attend 0.6] [--seeds 5]

The club: `--players` players, each with a hidden skill drawn from a normal law (sd 1). Each
evening every player comes with probability `--attend`; those who come are seated at tables of 4
afresh for every deal (a field that mixes, as a movement does), and the deal's result of a seat is
its skill less the average skill of its table-mates plus the luck of the play (normal, sd `--luck`).
The seats of one deal are matchpointed across the tables (prefprint.engine.matchpoints), and each
evening is graded as a season grades it (prefprint.engine.grade). Reported, averaged over `--seeds`:

- the correlation of a player's percentages on two of his evenings in a row (how much an evening
  tells of the player rather than of the cards: the luck of the model);
- Spearman's correlation of grade and skill after evenings 10, 20 and 40 (players with a grade);
- the error (RMSE, percentage points) of each evening's percentage predicted from before it, by the
  grade (the expected percentage) and by the plain average of the player's past evenings, over the
  evenings after the fifth, for players who had played before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from prefprint.engine.grade import Settings, grades  # noqa: E402
from prefprint.engine.matchpoints import matchpoint  # noqa: E402


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""

    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    return statistics.correlation(ranks(xs), ranks(ys))


def evening(rng: random.Random, skill: dict, present: list, deals: int, luck: float) -> list:
    """One evening's comparisons: per deal and seat, [(player, ratio)] over the tables."""
    comparisons = []
    tables = len(present) // 4
    if tables < 2:
        return comparisons
    for _ in range(deals):
        seated = rng.sample(present, tables * 4)
        lines = [[] for _ in range(4)]
        for t in range(tables):
            at = seated[4 * t : 4 * t + 4]
            for s, p in enumerate(at):
                mates = [skill[q] for q in at if q != p]
                lines[s].append((p, skill[p] - sum(mates) / 3 + rng.gauss(0, luck)))
        for line in lines:
            mps = matchpoint([v for _, v in line])
            top = 2 * (len(line) - 1)
            comparisons.append([(p, Fraction(m, top)) for (p, _), m in zip(line, mps)])
    return comparisons


def season(seed: int, args) -> dict:
    """One simulated season: correlations at the checkpoints and the two prediction errors."""
    rng = random.Random(seed)
    skill = {f"p{i}": rng.gauss(0, 1) for i in range(args.players)}
    settings = Settings(half_life=args.half_life) if args.half_life else Settings()
    played, out = [], {"rho": {}}
    past: dict[str, list[float]] = {}
    err_grade, err_plain, pairs = [], [], []
    for n in range(1, args.evenings + 1):
        present = [p for p in skill if rng.random() < args.attend]
        comparisons = evening(rng, skill, present, args.deals, args.luck)
        before = grades(played, settings)
        scored: dict[str, list] = {}
        for line in comparisons:
            for p, r in line:
                scored.setdefault(p, []).append(float(r) * 100)
        for p, values in scored.items():
            actual = sum(values) / len(values)
            if n > 5 and p in before and past.get(p):
                grade = before[p].value
                others = _field_average(comparisons, p, before, settings)
                err_grade.append((50 + grade - others - actual) ** 2)
                err_plain.append((sum(past[p]) / len(past[p]) - actual) ** 2)
            if past.get(p):
                pairs.append((past[p][-1], actual))
            past.setdefault(p, []).append(actual)
        played.append((f"e{n}", comparisons))
        if n in (10, 20, 40):
            now = grades(played, settings)
            players = sorted(now)
            out["rho"][n] = spearman([now[p].value for p in players], [skill[p] for p in players])
    out["rmse_grade"] = (sum(err_grade) / len(err_grade)) ** 0.5
    out["rmse_plain"] = (sum(err_plain) / len(err_plain)) ** 0.5
    out["repeat"] = statistics.correlation([a for a, _ in pairs], [b for _, b in pairs])
    return out


def _field_average(comparisons: list, player: str, before: dict, settings: Settings) -> float:
    """The average grade of the others compared with `player` over the evening's deals."""
    values = []
    for line in comparisons:
        if any(p == player for p, _ in line):
            others = [before[p].value if p in before else settings.start for p, _ in line if p != player]
            values.append(sum(others) / len(others))
    return sum(values) / len(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--evenings", type=int, default=40)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--attend", type=float, default=0.6, help="the chance that a player comes to an evening")
    parser.add_argument("--luck", type=float, default=6.0, help="sd of a seat's luck on a deal, in skill units")
    parser.add_argument("--half-life", type=int, default=0, help="H in deals (default: the grade's own)")
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    runs = [season(seed, args) for seed in range(1, args.seeds + 1)]
    print(
        f"{args.players} players, {args.evenings} evenings of {args.deals} deals, attendance {args.attend}, "
        f"luck sd {args.luck}, H = {args.half_life or Settings().half_life}; {args.seeds} seasons"
    )
    print(
        f"A player's % on one evening against his last one: correlation {statistics.mean(r['repeat'] for r in runs):.2f}"
    )
    for n in (10, 20, 40):
        values = [r["rho"][n] for r in runs if n in r["rho"]]
        if values:
            print(
                f"Spearman (grade, skill) after {n} evenings: {statistics.mean(values):.3f} "
                f"(min {min(values):.3f}, max {max(values):.3f})"
            )
    print(
        f"RMSE of an evening's %, predicted by the grade: {statistics.mean(r['rmse_grade'] for r in runs):.2f}; "
        f"by the plain average of past evenings: {statistics.mean(r['rmse_plain'] for r in runs):.2f}"
    )


if __name__ == "__main__":
    main()
