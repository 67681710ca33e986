"""The command line's help in Russian: each English help text of cli.py with its Russian wording.

cli.py keeps the English beside each option (click needs a string there); `--help` shows the
Russian unless `--lang en` is given. A test holds every help text of the command to a translation.
"""

from __future__ import annotations

_VARIANT_RU = ("Вариант: sochi, leningrad, rostov, classic, responsible, ural (или по-русски: Сочи, Ленинград, …).")
_LANG_EVENT_RU = "Язык сообщений (по умолчанию — язык турнира)."
_NO_ANALYSIS_RU = "Без анализа с открытыми картами (или [publish] analysis = false в описании турнира)."

RU = {
    # the group
    "prefprint: duplicate preferans table kits, protocols and matchpointed results.":
        "prefprint: комплекты для столов, протоколы и результаты в процентах от максимума для спортивного "
        "преферанса.",
    "Show the version and exit.": "Показать версию и выйти.",
    "Show this message and exit.": "Показать эту справку и выйти.",
    # movement
    "Build a movement and print it round by round with its statistics and fairness.":
        "Построить расстановку и показать её по турам, с цифрами о том, насколько она справедлива.",
    "Number of players (8–1000 at tables of 4, 6–1000 of 3).":
        "Число участников (8–1000 за столами по 4, 6–1000 — по 3).",
    "Players per table; at tables of 3 the talon lies in pocket W.":
        "Игроков за столом; за столом на троих прикуп лежит в кармане W.",
    "Play fewer rounds than the full circle (early stop).": "Сыграть меньше туров, чем в полном круге.",
    "Force a method of movement.": "Задать способ расстановки.",
    "Force a split into rooms, e.g. 20,12 (the rooms share the sets).":
        "Задать разбиение на залы, например 20,12 (залы играют одни и те же комплекты).",
    "Build the second session: rooms of former N, E, S, W.":
        "Вторая сессия по линиям: залы из бывших линий N, E, S, W.",
    "With --by-lines: numbers of players who miss the second session, e.g. 3,17.":
        "Вместе с --by-lines: номера тех, кто пропускает вторую сессию, например 3,17.",
    "List the candidates side by side and say why auto chose.":
        "Сравнить возможные расстановки и объяснить выбор auto.",
    "Print one JSON object (stable shape, see README).": "Вывести один объект JSON (формат — в README).",
    "Language of the text output and of errors.": "Язык вывода и сообщений об ошибках.",
    # score
    "Score one deal: what is written and the whists of each seat.":
        "Посчитать одну сдачу: что записывается и висты каждого места.",
    "Variant preset: sochi, leningrad, rostov, classic, responsible, ural (or its Russian name: Сочи, Ленинград, …).":
        _VARIANT_RU,
    "Dealer's seat (at a table of 3: the seat marked dealer, first hand).":
        "Место сдающего (за столом на троих — место, отмеченное как сдающее, первая рука).",
    'As written in the protocol: 7♠, 6S, 8NT, "семь пик", "7♠ втёмную", "6♠ без 3", мизер, "—".':
        'Как в протоколе: 7♠, 6S, 8NT, "семь пик", "7♠ втёмную", "6♠ без 3", мизер, "—".',
    "Declarer's seat (not for all-pass).": "Место разыгрывающего (кроме распасов).",
    "Tricks per seat, e.g. N=5,E=5 (all-pass: the three hands).":
        "Взятки по местам, например N=5,E=5 (на распасах — все три руки).",
    "Each defender: whist, pass or half, e.g. E=whist,S=pass.":
        "Каждый защитник: whist (вист), pass (пас) или half (полвиста), например E=whist,S=pass.",
    'A dark game, as "втёмную" in the contract (classic: amounts ×2).':
        'Игра втёмную, как «втёмную» в контракте (в классике суммы ×2).',
    'Tricks conceded before play, as "без 3" in the contract.':
        "Взятки, отданные без розыгрыша, как «без 3» в контракте.",
    "Override a convention, e.g. tens=checked.": "Изменить условие варианта, например tens=checked.",
    'Print one JSON object, e.g. {"N": -104, ...}.': 'Вывести один объект JSON, например {"N": -104, ...}.',
    # costs
    "Write the cost-of-game reference table (HTML and PDF).": "Напечатать таблицу стоимости игр (HTML и PDF).",
    "Override a convention, e.g. consolation_to_dealer=false.":
        "Изменить условие варианта, например consolation_to_dealer=false.",
    "Folder for costs-VARIANT-SIZE.html and .pdf.": "Папка для costs-ВАРИАНТ-ЧИСЛО.html и .pdf.",
    # kit
    "Write the whole table kit of an event: cards, director, itineraries, protocols, deals, costs, workbook.":
        "Напечатать весь комплект турнира: карточки столов, лист судьи, маршруты, протоколы, расклады, "
        "стоимость игр, книгу протоколов.",
    "Output folder (default: output/<spec stem>/).": "Папка результата (по умолчанию output/<имя файла>/).",
    "Print only this session (default: every session).": "Только эта сессия (по умолчанию — все).",
    "Processes for the analysis and PDF rendering (default: CPU count).":
        "Процессов для анализа и печати PDF (по умолчанию — по числу ядер).",
    "Overwrite a protocols.xlsx in the folder even if it holds results.":
        "Заменить protocols.xlsx в папке, даже если в нём уже есть результаты.",
    "No double-dummy analysis (also [publish] analysis = false in the spec).": _NO_ANALYSIS_RU,
    "Language of the messages (default: the event's language).": _LANG_EVENT_RU,
    # results
    "Check filled protocol workbooks (one per session, in order), matchpoint, rank over all and publish.":
        "Проверить заполненные книги протоколов (по одной на сессию, по порядку), посчитать очки "
        "и общее место, опубликовать.",
    "Output folder (default: output/<spec stem>/results/).":
        "Папка результата (по умолчанию output/<имя файла>/results/).",
    "Publish despite whists that differ from the engine: which of the two counts.":
        "Публиковать, хотя записанные висты расходятся с подсчётом: какие из двух считать.",
    "Publish what is entered so far: each deal over its rows typed in; the deals not begun are listed.":
        "Промежуточные итоги: каждая сдача по уже внесённым строкам; не начатые сдачи перечислены.",
    "The director's rulings (default: [[rulings]] in the spec and rulings.toml beside it).":
        "Решения судьи (по умолчанию — [[rulings]] в описании турнира и rulings.toml рядом с ним).",
    "Print the ranking as one JSON object.": "Вывести таблицу мест одним объектом JSON.",
    "Publish the site and results.xlsx only, without results.pdf (by default the site is swapped in first and "
    "the PDF follows).":
        "Опубликовать только сайт и results.xlsx, без results.pdf (без этого флага сначала появляется сайт, "
        "PDF — следом).",
    # analyse
    "Double-dummy analysis: the most tricks of each declarer in ♠ ♣ ♦ ♥ БК (best discard) and the misère verdict.":
        "Анализ с открытыми картами: сколько взяток берёт каждый разыгрывающий в ♠ ♣ ♦ ♥ БК (с лучшим сносом) "
        "и ловится ли мизер.",
    "Analyse only this session (default: every session).": "Только эта сессия (по умолчанию — все).",
    "Print one JSON object (shape in the README).": "Вывести один объект JSON (формат — в README).",
    "Folder of the cache (default: output/<spec stem>/).": "Папка кэша (по умолчанию output/<имя файла>/).",
    "Solve every deal again; neither read nor write the cache.": "Решить все сдачи заново, не трогая кэш.",
    "Also count the tricks a caught misère cannot avoid (slower).":
        "Считать и взятки пойманного мизера (медленнее).",
    "Processes (default: every core).": "Процессов (по умолчанию — по числу ядер).",
}

# click's own words around the help texts
WORDS_RU = {
    "Usage:": "Использование:",
    "Options": "Параметры",
    "Commands": "Команды",
    "default": "по умолчанию",
    "required": "обязательно",
    "OPTIONS": "ПАРАМЕТРЫ",
    "COMMAND": "КОМАНДА",
    "ARGS": "АРГУМЕНТЫ",
}

# the kinds of values click names after an option
METAVARS_RU = (("INTEGER RANGE", "ЧИСЛО"), ("INTEGER", "ЧИСЛО"), ("TEXT", "ТЕКСТ"), ("DIRECTORY", "ПАПКА"),
               ("FILE", "ФАЙЛ"), ("PATH", "ПУТЬ"))


def russian_spec(spec: str) -> str:
    """An option as listed ("--jobs INTEGER") with the kind of value in Russian."""
    for word, ru in METAVARS_RU:
        spec = spec.replace(f" {word}", f" {ru}")
    return spec


def russian(text: str | None) -> str | None:
    """The Russian help for an English help text (the English itself where none is written)."""
    return RU.get(text, text) if text else text


def short(text: str, limit: int) -> str:
    """A command's help cut to one line of the command list, at a word."""
    if len(text) <= limit:
        return text
    return text[:limit - 1].rsplit(" ", 1)[0].rstrip(",:;") + "…"
