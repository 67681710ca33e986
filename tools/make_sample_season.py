"""Write sample_events/season/: a club's autumn of eight evenings, its registry and its club file.

Each evening is an event spec (`evening-NN.toml`) with its protocol workbook filled with random
results from a fixed seed (`evening-NN.xlsx`, made as tools/make_sample_workbook.py makes the club
night's). Some names are spelt otherwise on purpose, as a club's evenings spell them: an alias the
registry has («Иванов И.»), ё for е («Семенов Юрий»), Latin letters («Petrov Petr»), and a newcomer
the registry does not know. The last evening falls after the autumn season ends. Run it again when
the spec, the movement, the deals or the workbook format change:

    python tools/make_sample_season.py

then publish the evenings and build the season (the README's line):

    for e in sample_events/season/evening-*.toml; do prefprint results --no-pdf "$e" "${e%.toml}.xlsx"; done
    prefprint season sample_events/season/club.toml
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from make_sample_workbook import make  # noqa: E402  (the club night's workbook tool, for every evening)

TARGET = ROOT / "sample_events" / "season"
CLUB = "Клуб «Пуля»"
REGISTRY = [  # id, name, aliases
    ("ivanov-ivan", "Иванов Иван", ["Иванов И."]),
    ("petrov-petr", "Петров Пётр", []),
    ("sidorov-sergei", "Сидоров Сергей", []),
    ("smirnova-anna", "Смирнова Анна", []),
    ("kuznetsov-aleksei", "Кузнецов Алексей", []),
    ("popova-mariia", "Попова Мария", []),
    ("vasilev-dmitrii", "Васильев Дмитрий", []),
    ("sokolova-elena", "Соколова Елена", []),
    ("mikhailov-andrei", "Михайлов Андрей", []),
    ("novikova-olga", "Новикова Ольга", []),
    ("fedorov-nikolai", "Фёдоров Николай", []),
    ("morozova-irina", "Морозова Ирина", []),
    ("volkov-pavel", "Волков Павел", []),
    ("alekseeva-tatiana", "Алексеева Татьяна", []),
    ("lebedev-igor", "Лебедев Игорь", []),
    ("semenov-iurii", "Семёнов Юрий", []),
    ("egorova-natalia", "Егорова Наталья", []),
    ("pavlov-viktor", "Павлов Виктор", []),
    ("kozlova-svetlana", "Козлова Светлана", []),
    ("stepanov-oleg", "Степанов Олег", []),
]
DATES = ["2026-10-01", "2026-10-08", "2026-10-15", "2026-10-22", "2026-10-29", "2026-11-05", "2026-11-12", "2026-12-03"]
SPELT = {  # evening -> {registered name: as that evening's spec spells it}
    3: {"Иванов Иван": "Иванов И."},
    5: {"Семёнов Юрий": "Семенов Юрий"},
    6: {"Петров Пётр": "Petrov Petr"},
}
NEWCOMER = (7, "Никитин Роман")  # an evening, and a name the registry does not have

CLUB_TOML = f"""# A club's seasons (docs/season.md), with the registry of its players beside it.
# Its evenings are published by `prefprint results` into output/evening-NN/results/.

[club]
title = "{CLUB}"
language = "ru"
registry = "players.toml"
events = ["../../output/evening-*/results"]

[[seasons]]
title = "Осень 2026"
from = 2026-09-01
to = 2026-11-30
count = 5
min_events = 4
score = "percent"

[[seasons]]
title = "Кубок осени (очки за места)"
from = 2026-10-01
to = 2026-11-30
score = "places"
place_points = [20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
"""


def registry_toml() -> str:
    lines = ["# The club's players: one [[players]] each, with the other spellings of the name in aliases.\n"]
    for pid, name, aliases in REGISTRY:
        lines.append(f'\n[[players]]\nid = "{pid}"\nname = "{name}"\n')
        if aliases:
            lines.append("aliases = [" + ", ".join(f'"{a}"' for a in aliases) + "]\n")
    return "".join(lines)


def evening_toml(n: int, date: str, names: list[str]) -> str:
    head = f"""# Evening {n} of the club's autumn (tools/make_sample_season.py).

[event]
title = "Клубный вечер {n}"
date = {date}
club = "{CLUB}"
venue = "{CLUB}, Москва"
language = "ru"
start = "18:30"

[game]
variant = "sochi"
table_size = 4
minutes_per_deal = 5

[deals]
seed = {20261000 + n}

[publish]
club = "club.toml"  # the results go into the club's site, output/club/evenings/ (docs/season.md)
"""
    players = "".join(f'\n[[players]]\nnumber = {i}\nname = "{name}"\n' for i, name in enumerate(names, 1))
    return head + players


def main() -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    (TARGET / "club.toml").write_text(CLUB_TOML, encoding="utf-8")
    (TARGET / "players.toml").write_text(registry_toml(), encoding="utf-8")
    rng = random.Random(2026)
    for n, date in enumerate(DATES, 1):
        size = 16 if n % 2 else 12
        names = [name for _, name, _ in rng.sample(REGISTRY, size)]
        if n == NEWCOMER[0]:
            names[-1] = NEWCOMER[1]
        names = [SPELT.get(n, {}).get(name, name) for name in names]
        for spelt in SPELT.get(n, {}).values():
            if spelt not in names:  # the player to misspell did not come: he comes, in another's place
                names[0] = spelt
        spec = TARGET / f"evening-{n:02d}.toml"
        spec.write_text(evening_toml(n, date, names), encoding="utf-8")
        print(make(spec, TARGET / f"evening-{n:02d}.xlsx", seed=n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
