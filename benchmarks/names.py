"""How fast pasted names are matched to a club's registry: `python benchmarks/names.py [--root DIR] [--runs 3]`.

Registries of 100 and 1000 players (Cyrillic names, some with a patronymic, a tenth with an alias) and 1000
names pasted (seeded): a sixth each the registered names as written (case and spaces aside), with ё for е (or
the other way), by initials, in Latin letters, misspelt (a letter dropped, doubled or changed), and new names.
Timed, each in its own process and every cache of engine/names.py emptied before each run: `prefprint season`'s
way (a `Registry` built, each name matched) and the desk's `POST /desk/api/players` (app.club_files: the
registry built and each name matched, the new ones added as it goes, as without "confirm").

`--root DIR`: the same runs also on another checkout (the commit before, say), its prefprint imported from
there, alternated with this one's: the figures side by side, and whether every answer is the same.
`--profile`: cProfile of the desk's run on the 1000-player registry in this checkout (or --root's), its top
functions.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SURNAMES = """Иванов Петров Сидоров Смирнов Кузнецов Попов Васильев Соколов Михайлов Новиков Фёдоров Морозов
Волков Алексеев Лебедев Семёнов Егоров Павлов Козлов Степанов Николаев Орлов Андреев Макаров Никитин Захаров
Зайцев Соловьёв Борисов Яковлев Григорьев Романов Воробьёв Сергеев Кузьмин Фролов Александров Дмитриев
Королёв Гусев Киселёв Ильин Максимов Поляков Сорокин Виноградов Ковалёв Белов Медведев Антонов Тарасов
Жуков Баранов Филиппов Комаров Давыдов Беляев Герасимов Богданов Осипов Сидоркин Матвеев Титов Марков
Миронов Крылов Куликов Карпов Власов Мельников Денисов Гаврилов Тихонов Казаков Афанасьев Данилов Савельев
Тимофеев Фомин Чернов Абрамов Мартынов Ефимов Федотов Щербаков Назаров Калинин Исаев Чернышёв Быков Маслов
Родионов Коновалов Лазарев Воронин Климов Филатов Пономарёв Голубев Кудрявцев Прохоров Наумов Потапов
Журавлёв Овчинников Трофимов Леонов Соболев Ермаков Колесников Гончаров Емельянов Никифоров Грачёв Котов
Гришин Ефремов Архипов Громов Кириллов Малышев Панов Моисеев Румянцев Акимов Кондратьев Бирюков Горбунов
Анисимов Ерёмин Тихомиров Галкин Лукьянов Михеев Скворцов Юдин Белоусов Нестеров Симонов Прокофьев Харитонов
Князев Цветков Левин Митрофанов Воронов Аксёнов Софронов Мальцев Логинов Горшков Савин Краснов Майоров
Демидов Елисеев Рыбаков Сафонов Плотников Дёмин Хохлов Фадеев Молчанов Игнатов Литвинов Ершов Ушаков
Дементьев Рябов Мухин Калашников Леонтьев Лобанов Кузин Корнилов Евдокимов Бородин Платонов Некрасов
Балашов Бобров Жданов Блинов Игнатьев Коротков Муравьёв Крюков Беляков Богомолов Дроздов Лаврентьев Зуев
Петухов Пестов Щукин Шестаков Юрьев Ярцев""".split()
MEN = """Иван Пётр Сергей Алексей Николай Андрей Дмитрий Михаил Юрий Фёдор Артём Семён Олег Игорь Виктор
Владимир Павел Роман Евгений Константин Максим Кирилл Илья Григорий Степан Тимофей Яков Лев Матвей Глеб""".split()
WOMEN = """Анна Мария Елена Ольга Ирина Наталья Татьяна Светлана Юлия Ксения Алёна Полина Дарья Екатерина
Людмила Софья Вера Надежда Любовь Жанна Яна Алла Нина Галина Лидия Тамара Зоя Ульяна Эльвира Фёкла""".split()
PATRONYMIC = {"Иван": "Иванович", "Сергей": "Сергеевич", "Пётр": "Петрович", "Юрий": "Юрьевич", "Олег": "Олегович"}
LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya",
}  # fmt: skip


def person(rng: random.Random) -> str:
    """A random Russian name: surname and first name, a fifth with a patronymic."""
    surname = rng.choice(SURNAMES)
    if rng.random() < 0.5:
        first, surname = rng.choice(WOMEN), surname + "а"
        father = rng.choice(list(PATRONYMIC))
        patronymic = PATRONYMIC[father][:-2] + "на"
    else:
        first = rng.choice(MEN)
        patronymic = PATRONYMIC[rng.choice(list(PATRONYMIC))]
    return f"{surname} {first} {patronymic}" if rng.random() < 0.2 else f"{surname} {first}"


def registry(size: int, seed: int = 1) -> list[tuple[str, str, tuple[str, ...]]]:
    """(id, name, aliases) of `size` registered players, a tenth with an alias (a nickname or Latin spelling)."""
    rng = random.Random(seed)
    names: dict[str, None] = {}
    while len(names) < size:
        names.setdefault(person(rng))
    players = []
    for i, name in enumerate(names, 1):
        alias = ()
        if rng.random() < 0.1:
            alias = (in_latin(name),) if rng.random() < 0.5 else (name.split()[1][:3] + "ша " + name.split()[0],)
        players.append((f"p{i}", name, alias))
    return players


def in_latin(name: str) -> str:
    return " ".join(w[0].upper() + w[1:] for w in "".join(LATIN.get(c, c) for c in name.lower()).split())


def misspelt(name: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(name) - 1)
    while name[i] == " ":
        i = rng.randrange(1, len(name) - 1)
    how = rng.randrange(3)
    if how == 0:
        return name[:i] + name[i + 1 :]
    if how == 1:
        return name[:i] + name[i] + name[i:]
    return name[:i] + rng.choice("аеиоукнрст") + name[i + 1 :]


def pasted(players: list, count: int, seed: int = 2) -> list[str]:
    """`count` names as a director pastes them: registered ones spelt six ways, and new ones."""
    rng = random.Random(seed)
    names = []
    for k in range(count):
        name = rng.choice(players)[1]
        words = name.split()
        kind = k % 6
        if kind == 0:  # as written, case and spaces aside
            names.append(rng.choice([name, name.upper(), "  " + name.lower()]))
        elif kind == 1:  # ё for е or е for ё
            names.append(name.replace("ё", "е") if "ё" in name else name.replace("е", "ё", 1))
        elif kind == 2:  # initials
            short = " ".join([words[0]] + [w[0] + "." for w in words[1:]])
            names.append(short if rng.random() < 0.7 else f"{words[1][0]}. {words[0]}")
        elif kind == 3:
            names.append(in_latin(name))
        elif kind == 4:
            names.append(misspelt(name, rng))
        else:
            names.append(person(rng))
    return names


def season(players: list, typed: list[str]) -> list:
    """As `prefprint season` matches: the registry built, each name matched."""
    from prefprint.engine.names import Known, Registry

    registry = Registry([Known(pid, name, (name, *aliases)) for pid, name, aliases in players])
    return [registry.match(name) for name in typed]


def desk(players: list, typed: list[str]) -> dict:
    """As the desk's POST /desk/api/players answers (without "confirm"), nothing written."""
    from prefprint.app.club_files import sorted_names
    from prefprint.io.club import RegisteredPlayer

    return sorted_names([RegisteredPlayer(pid, name, aliases) for pid, name, aliases in players], typed, False)


def child(runs: int) -> dict:
    """In a process whose prefprint is the checkout's: each case timed `runs` times; the answers' digest."""
    from prefprint.engine import names as module

    caches = [f for f in vars(module).values() if hasattr(f, "cache_clear")]
    figures, answers = {}, hashlib.sha256()
    for size in (100, 1000):
        players = registry(size)
        typed = pasted(players, 1000)
        for case, work in ((f"season, {size} registered", season), (f"desk, {size} registered", desk)):
            seconds = []
            for _ in range(runs):
                for f in caches:
                    f.cache_clear()
                start = time.perf_counter()
                answer = work(players, typed)
                seconds.append(time.perf_counter() - start)
            figures[case] = seconds
            answers.update(repr(answer).encode())
    return {"figures": figures, "answers": answers.hexdigest()}


def measured(root: Path, runs: int) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(runs)],
        check=True,
        capture_output=True,
        text=True,
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
    )
    return json.loads(out.stdout)


def profile(root: Path) -> None:
    sys.path.insert(0, str(root))
    import prefprint.app.club_files  # noqa: F401  (imported before, not profiled)

    players = registry(1000)
    typed = pasted(players, 1000)
    profiler = cProfile.Profile()
    profiler.runcall(desk, players, typed)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="another checkout (the commit before, say) timed side by side")
    parser.add_argument("--runs", type=int, default=3, help="runs of each case in each process (median shown)")
    parser.add_argument("--rounds", type=int, default=2, help="processes of each checkout, alternated")
    parser.add_argument("--profile", action="store_true", help="cProfile of the desk's run, 1000 registered")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, os.environ["PYTHONPATH"])
        print(json.dumps(child(args.child)))
        return
    if args.profile:
        profile(args.root or ROOT)
        return
    trees = {"before": args.root.resolve(), "now": ROOT} if args.root else {"now": ROOT}
    results: dict[str, list] = {label: [] for label in trees}
    for _ in range(args.rounds):
        for label, tree in trees.items():
            results[label].append(measured(tree, args.runs))
    print("1000 names pasted; seconds, median of every run (fastest–slowest)")
    print("| case | " + " | ".join(trees) + " |")
    print("|---|" + "---:|" * len(trees))
    for case in results["now"][0]["figures"]:
        cells = []
        for label in trees:
            seconds = [s for r in results[label] for s in r["figures"][case]]
            cells.append(f"{statistics.median(seconds):.3f} ({min(seconds):.3f}–{max(seconds):.3f})")
        print(f"| {case} | " + " | ".join(cells) + " |")
    digests = {r["answers"] for label in trees for r in results[label]}
    print("every answer the same" if len(digests) == 1 else f"ANSWERS DIFFER: {sorted(digests)}")


if __name__ == "__main__":
    main()
