"""Words of printed material in Russian (default) and English. Pure data and formatting."""

from __future__ import annotations

LANGS = ("ru", "en")

_NOTES = {
    "auto_standard": {
        "en": "Standard movement: {tables} tables (gcd(T, 6) = 1): N stays, {moves}, sets −1; "
              "players of different lines meet exactly once.",
        "ru": "Стандартное движение: {tables} столов (НОД(T, 6) = 1): N сидит, {moves}, комплекты −1; "
              "игроки разных линий встречаются ровно один раз.",
    },
    "auto_scheme": {
        "en": "The book's special scheme for {players} players (routes and set row as in the seed's table).",
        "ru": "Специальная схема из книги для {players} участников (маршруты и ряд комплектов по таблице).",
    },
    "auto_skip": {
        "en": "{tables} tables do not allow the standard movement; a line moves one extra table in a round "
              "where it would meet sets it has played (skip; {skips} extra moves).",
        "ru": "При {tables} столах стандартное движение невозможно; линия переходит ещё на один стол в туре, "
              "где она встретила бы уже сыгранные комплекты (пропуск; дополнительных переходов: {skips}).",
    },
    "auto_rooms": {
        "en": "The field is split into rooms of {sizes_text} players, each with a movement of its own "
              "({resting} resting per round).",
        "ru": "Игроки разбиты на комнаты по {sizes_text} участников, в каждой своё движение "
              "(отдыхают за тур: {resting}).",
    },
    "auto_rests": {
        "en": "No split into rooms fits better: {tables} tables play and {resting} players rest each round, "
              "in turn (a rest spot without N in the movement's cycle).",
        "ru": "Лучшего разбиения на комнаты нет: играют {tables} столов, {resting} игроков в каждом туре "
              "отдыхают по очереди (место отдыха без N в цикле движения).",
    },
    "hint_tables_of_3": {
        "en": "At tables of 3 this field would play a perfect standard movement on {tables} tables.",
        "ru": "За столами по три эти участники сыграли бы идеальное стандартное движение на {tables} столах.",
    },
    "hint_tables_of_4": {
        "en": "At tables of 4 this field would play a perfect standard movement on {tables} tables.",
        "ru": "За столами по четыре эти участники сыграли бы идеальное стандартное движение на {tables} столах.",
    },
    "forced_method": {"en": "Method chosen by the director: {method}.", "ru": "Способ выбран судьёй: {method}."},
    "forced_rooms": {"en": "Rooms set by the director: {sizes_text} players.",
                     "ru": "Комнаты заданы судьёй: {sizes_text} участников."},
    "early_stop": {"en": "Early stop: {rounds} of {full} rounds.",
                   "ru": "Сессия остановлена раньше: {rounds} тур(ов) из {full}."},
    "second_session": {"en": "Second session by lines: rooms of former N, E, S, W ({sizes_text} players).",
                       "ru": "Вторая сессия по линиям: комнаты бывших N, E, S, W ({sizes_text} участников)."},
}


def note_text(code: str, params: dict, lang: str = "ru") -> str:
    """One movement note in words."""
    p = dict(params)
    p["moves"] = "E +1, S +2" + (", W −2" if p.get("table_size", 4) == 4 else "")
    if "sizes" in p:
        p["sizes_text"] = " + ".join(map(str, p["sizes"]))
    return _NOTES[code][lang].format(**p)


METHOD_NAMES = {
    "ru": {"standard": "стандартное", "scheme": "специальная схема", "skip": "с пропусками",
           "rooms": "по комнатам", "rests": "с отдыхом", "by-lines": "по линиям"},
    "en": {"standard": "standard", "scheme": "book scheme", "skip": "skip", "rooms": "rooms",
           "rests": "rests", "by-lines": "by lines"},
}

WORDS = {
    "ru": {
        "round": "Тур", "table": "Стол", "round_short": "Тур", "table_short": "Стол", "set": "Комплект", "deal": "Сдача", "dealer": "Сдающий",
        "first_hand": "Первая рука", "room": "Комната", "rest": "отдых", "resting": "Отдыхают",
        "player": "Игрок", "players": "Участники", "seat": "Место", "contract": "Контракт",
        "declarer": "Разыгрывающий", "whister1": "1-й вистующий", "whister2": "2-й вистующий",
        "tricks": "взятки", "seat_short": "поз.", "number": "№", "whists": "висты", "mp": "МП",
        "talon": "Прикуп", "top": "верхняя", "bottom": "нижняя", "pocket": "Карман",
        "protocol": "Протокол", "protocols": "Протоколы", "table_cards": "Инструкции для столов",
        "director": "Лист судьи", "itineraries": "Маршруты игроков", "deals": "Расклады для коробок",
        "costs": "Таблица стоимости игр", "workbook": "Книга протоколов (Excel)", "kit": "Комплект документов",
        "method": "Движение", "statistics": "Статистика", "meetings": "Встречи пар игроков",
        "times": "раз", "pairs": "пар", "time_plan": "План времени", "start": "Начало",
        "end_of_round": "Конец тура", "next": "Затем", "goes_to": "идёт", "stays": "остаётся",
        "fetch": "N берёт комплект", "return": "и возвращает его", "pass_to": "N передаёт комплект на стол",
        "to_director": "N отдаёт комплект судье", "from_director": "N берёт комплект у судьи",
        "from_slot": "из позиции {slot} ряда", "slot_row": "Ряд комплектов у судьи",
        "minutes": "мин", "deals_per_set": "сдач в комплекте", "variant": "Разновидность",
        "event": "Турнир", "date": "Дата", "venue": "Место", "ranking": "Итоги", "place": "Место",
        "name": "Имя", "percent": "%", "max": "макс", "total": "Итого", "result": "Результат",
        "not_played": "не играна", "spoiled": "испорчена", "copies": "копий комплекта",
        "all_pass": "распасы", "misere": "мизер", "cut_here": "линия отреза",
        "index": "Содержание", "results": "Результаты", "seed": "Зерно раскладов",
        "conventions": "Соглашения", "legend": "Обозначения", "end_session": "конец сессии",
        "stationary": "сидит на месте", "table_of": "стол на {k}",
    },
    "en": {
        "round": "Round", "table": "Table", "round_short": "Rd", "table_short": "Tbl", "set": "Set", "deal": "Deal", "dealer": "Dealer",
        "first_hand": "First hand", "room": "Room", "rest": "rest", "resting": "Resting",
        "player": "Player", "players": "Players", "seat": "Seat", "contract": "Contract",
        "declarer": "Declarer", "whister1": "Whister 1", "whister2": "Whister 2",
        "tricks": "tricks", "seat_short": "seat", "number": "No.", "whists": "whists", "mp": "MP",
        "talon": "Talon", "top": "top", "bottom": "bottom", "pocket": "Pocket",
        "protocol": "Protocol", "protocols": "Protocols", "table_cards": "Table instruction cards",
        "director": "Director's sheet", "itineraries": "Player itineraries", "deals": "Hand records for the boxes",
        "costs": "Cost-of-game table", "workbook": "Protocol workbook (Excel)", "kit": "Event kit",
        "method": "Movement", "statistics": "Statistics", "meetings": "Meetings of pairs of players",
        "times": "times", "pairs": "pairs", "time_plan": "Time plan", "start": "Start",
        "end_of_round": "End of round", "next": "Then", "goes_to": "goes to", "stays": "stays",
        "fetch": "N fetches set", "return": "and returns it", "pass_to": "N passes the set to table",
        "to_director": "N returns the set to the director", "from_director": "N fetches the set from the director",
        "from_slot": "from slot {slot} of the row", "slot_row": "Director's row of sets",
        "minutes": "min", "deals_per_set": "deals per set", "variant": "Variant",
        "event": "Event", "date": "Date", "venue": "Venue", "ranking": "Ranking", "place": "Place",
        "name": "Name", "percent": "%", "max": "max", "total": "Total", "result": "Result",
        "not_played": "not played", "spoiled": "spoiled", "copies": "copies of the set",
        "all_pass": "all-pass", "misere": "misère", "cut_here": "cut here",
        "index": "Contents", "results": "Results", "seed": "Deal seed",
        "conventions": "Conventions", "legend": "Legend", "end_session": "end of session",
        "stationary": "stays seated", "table_of": "table of {k}",
    },
}

VARIANT_NAMES = {
    "ru": {"sochi": "Сочи", "leningrad": "Ленинград", "rostov": "Ростов", "classic": "Классика",
           "responsible": "Ростов, ответственный вист", "ural": "Урало-сибирская запись"},
    "en": {"sochi": "Sochi", "leningrad": "Leningrad", "rostov": "Rostov", "classic": "Classic",
           "responsible": "Rostov, responsible whist", "ural": "Ural–Siberian record"},
}


def words(lang: str) -> dict:
    """The word table of a language (KeyError-free for known languages)."""
    return WORDS[lang if lang in WORDS else "ru"]
