"""How fast a club's season is built: 40 evenings of 30 players, then one evening more.

    python benchmarks/season.py [--evenings 40] [--players 30] [--runs 3] [--keep DIR]

The evenings are made as a club makes them: an event spec of 30 players of a registry of 40 (tables
of 3), its protocol workbook filled with random results (engine.fills), checked and ranked by the
results pipeline (app.results.run) and its results.json written by the function the published site
writes it with (app.publish.publish_results_json); the site itself is not rendered, which the season
does not read. Then `prefprint season` runs as its own process, `--runs` times over the 40 evenings
(the whole site rebuilt and swapped in), and as many times after one evening more. Printed: wall and
CPU seconds of each run (median), and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prefprint.app.publish import publish_results_json  # noqa: E402
from prefprint.app.results import Options, run  # noqa: E402
from prefprint.engine.fills import random_fills  # noqa: E402
from prefprint.io.spec import load_competition  # noqa: E402
from prefprint.io.workbook import fill_workbook, write_protocol_workbook  # noqa: E402

FIRST_NAMES = ["Иван", "Пётр", "Сергей", "Анна", "Мария", "Алексей", "Елена", "Ольга", "Николай", "Ирина"]
SURNAMES = ["Иванов", "Петров", "Сидоров", "Смирнов", "Кузнецов", "Попов", "Васильев", "Соколов", "Михайлов",
            "Новиков", "Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов"]  # fmt: skip


def registry(size: int) -> list[str]:
    rng = random.Random(7)
    names: list[str] = []
    while len(names) < size:
        name = f"{rng.choice(SURNAMES)} {rng.choice(FIRST_NAMES)}"
        if name not in names:
            names.append(name)
    return names


def make_club(folder: Path, evenings: int, players: int) -> list[str]:
    """club.toml, players.toml and `evenings` results folders with their results.json; the registry's names."""
    names = registry(players + 10)
    (folder / "players.toml").write_text(
        "".join(f'[[players]]\nid = "p{i}"\nname = "{n}"\n\n' for i, n in enumerate(names, 1)), encoding="utf-8"
    )
    (folder / "club.toml").write_text(
        '[club]\ntitle = "Клуб"\nevents = ["evenings/*/results"]\n\n'
        '[[seasons]]\ntitle = "Сезон"\nfrom = 2026-01-01\nto = 2027-12-31\ncount = 8\nmin_events = 5\n\n'
        '[[seasons]]\ntitle = "Кубок"\nfrom = 2026-01-01\nto = 2027-12-31\nscore = "places"\n'
        "place_points = [20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]\n",
        encoding="utf-8",
    )
    for n in range(1, evenings + 1):
        evening(folder, n, names, players)
    return names


def evening(folder: Path, n: int, names: list[str], players: int) -> Path:
    """Evening n: its spec, its workbook filled at random, its results.json in evenings/NN/results/."""
    rng = random.Random(n)
    day = time.strftime("%Y-%m-%d", time.gmtime(time.mktime((2026, 1, 1, 12, 0, 0, 0, 0, 0)) + 7 * 86400 * n))
    where = folder / "evenings" / f"{n:03d}"
    where.mkdir(parents=True)
    spec = where / "event.toml"
    chosen = rng.sample(names, players)
    spec.write_text(
        f'[event]\ntitle = "Вечер {n}"\ndate = {day}\n\n[game]\nvariant = "sochi"\ntable_size = 3\n\n'
        f"[deals]\nseed = {n}\n\n" + "".join(f'[[players]]\nname = "{p}"\n\n' for p in chosen),
        encoding="utf-8",
    )
    competition = load_competition(spec)
    event = competition.session(1)
    blank = write_protocol_workbook(event, where / "blank.xlsx")
    fills, _ = random_fills(event, n, blank_whists=0)
    book = fill_workbook(blank, where / "filled.xlsx", fills)
    report = run(competition, [book], None, Options(publish=False))
    (where / "results").mkdir()
    publish_results_json(report, where / "results")
    return where


def timed(args: list[str]) -> tuple[float, float, int]:
    """(wall s, CPU s, peak kB) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), after.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=40)
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="make the club in this folder and keep it")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="prefprint-season-"))
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    names = make_club(folder, args.evenings, args.players)
    print(f"{args.evenings} evenings of {args.players} players made in {time.perf_counter() - start:.1f} s ({folder})")
    command = [sys.executable, "-m", "prefprint", "season", str(folder / "club.toml"), "-o", str(folder / "site")]
    for label in (f"{args.evenings} evenings, the whole site", "after one evening more"):
        if label.startswith("after"):
            evening(folder, args.evenings + 1, names, args.players)
        runs = [timed(command) for _ in range(args.runs)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(f"{label}: {wall:.2f} s wall, {cpu:.2f} s CPU (median of {args.runs}), peak {runs[-1][2] // 1024} MB")


if __name__ == "__main__":
    main()
