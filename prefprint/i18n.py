"""Words of printed material in Russian (default) and English. Pure data and formatting."""

from __future__ import annotations

import re
from fractions import Fraction

LANGS = ("ru", "en")

_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def number(value, lang: str = "ru", places: int = 1, trim: bool = False) -> str:
    """A number as its reader writes it: whole ones as they are, others to `places` decimals
    (`trim`: without trailing zeros), the minus "−", the decimal comma in Russian ("12,5", "−3,3").

    Text already formatted with a point ("65.95", a ranking's percentage) only gets the comma;
    None is "". The one place where a number of a page, a PDF or a message meets its language.
    """
    if value is None:
        return ""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) or (not isinstance(value, float) and Fraction(value).denominator == 1):
        text = str(int(value))
    else:
        text = f"{float(value):.{places}f}"
        if trim:
            text = text.rstrip("0").rstrip(".")
    text = text.replace("-", "−")
    return _POINT.sub(",", text) if lang == "ru" else text


def span(values) -> str:
    """The range of some numbers as printed: "3" when all are equal, else "2–4"."""
    lo, hi = min(values), max(values)
    return str(lo) if lo == hi else f"{lo}–{hi}"


def ranges(numbers) -> str:
    """Numbers with runs of three or more shortened: 1, 2, 3, 5, 7, 8 -> "1–3, 5, 7, 8"."""
    out, run = [], []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
        run = [n]
    if run:
        out.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
    return ", ".join(out)


def note_text(code: str, params: dict, lang: str = "ru") -> str:
    """One movement note in words (the texts live in the message catalogue, section movement)."""
    from .messages import Message

    p = dict(params)
    p["moves"] = "E +1, S +2" + (", W −2" if p.get("table_size", 4) == 4 else "")
    if "sizes" in p:
        p["sizes_text"] = " + ".join(map(str, p["sizes"]))
        p["last"] = p["sizes"][-1] if p["sizes"] else 0  # "13 + 21 игрок": the word agrees with the last number
    if "method" in p:
        p["method"] = METHOD_NAMES.get(lang, METHOD_NAMES["ru"]).get(p["method"], p["method"])
    if "lines" in p:
        p["lines_text"] = ", ".join(p["lines"])
        p["n"] = len(p["lines"])
    if "numbers" in p:
        p["numbers_text"] = ", ".join(map(str, p["numbers"]))
    if isinstance(p.get("reason"), tuple):
        p["reason"] = reason_message(p["reason"], lang)
    if isinstance(p.get("known"), tuple):  # what is known of a session's limit: a message code and params
        p["known"] = Message(p["known"][0], **p["known"][1])
    return Message("movement." + code, **p).text(lang)


def reason_message(reason: tuple, lang: str = "ru"):
    """Why auto chose a movement (a message code and params, see movement._best) as a Message;
    the other candidates' missed rules are worded with their methods' names."""
    from .messages import Message

    code, params = reason
    p = dict(params)
    if "others" in p:
        names = METHOD_NAMES.get(lang, METHOD_NAMES["ru"])
        p["others"] = "; ".join(
            Message("movement.why_rules_other", method=names.get(method, method),
                    misses=", ".join(Message(c, **pp).text(lang) for c, pp in misses)).text(lang)
            for method, misses in p["others"])
    return Message("movement." + code, **p)


METHOD_NAMES = {
    "ru": {"standard": "стандартное", "field": "равномерное", "search": "подобранное поиском",
           "scheme": "специальная схема", "skip": "с пропусками", "rooms": "по комнатам", "rests": "с отдыхом",
           "by-lines": "по линиям"},
    "en": {"standard": "standard", "field": "balanced", "search": "searched", "scheme": "book scheme",
           "skip": "skip", "rooms": "rooms", "rests": "rests", "by-lines": "by lines"},
}

WORDS = {
    "ru": {
        "lang": "ru", "round": "Тур", "table": "Стол", "round_short": "Тур", "table_short": "Стол", "set": "Комплект", "deal": "Сдача", "dealer": "Сдающий",
        "first_hand": "Первая рука", "room": "Комната", "rest": "отдых", "resting": "Отдыхают",
        "player": "Игрок", "players": "Участники", "seat": "Место", "contract": "Контракт",
        "declarer": "Разыгрывающий", "whister1": "1-й вистующий", "whister2": "2-й вистующий",
        # protocol column heads: whole words that fit their columns (no word broken in two)
        "declarer_col": "Играющий",
        "protocol_note": "Распасы: контракт «—», в графах играющего и вистующих — взятки 1-й, 2-й, 3-й руки. "
                         "Пас — «пас» в графе взяток, полвиста — «пол». Сумма вистов строки = 0. "
                         "Открытый на распасах прикуп: верхняя/нижняя.",
        "rounding_note": "За столом на троих висты — в десятых: сумма строки может отличаться от 0 на ±0,1.",
        "full_name": "Фамилия, имя",
        "tricks": "взятки", "seat_short": "поз.", "number": "№", "whists": "висты", "mp": "МП",
        "talon": "Прикуп", "top": "верхняя", "bottom": "нижняя", "pocket": "Карман",
        "protocol": "Протокол", "protocols": "Протоколы", "table_cards": "Инструкции для столов",
        "director": "Лист судьи", "itineraries": "Маршруты игроков", "deals": "Расклады для коробок",
        "costs": "Таблица стоимости игр", "workbook": "Книга протоколов (Excel)", "kit": "Комплект документов",
        "method": "Движение", "statistics": "Статистика", "meetings": "Встречи пар игроков",
        "time_plan": "План времени", "start": "Начало",
        "end_of_round": "Конец тура", "next": "Затем", "goes_to": "идёт", "stays": "остаётся",
        "fetch": "N берёт комплект", "return": "и возвращает его", "pass_to": "N передаёт комплект на стол",
        "to_director": "N отдаёт комплект судье", "from_director": "N берёт комплект у судьи",
        "from_slot": "из позиции {slot} ряда", "slot_row": "Ряд комплектов у судьи",
        "minutes": "мин", "variant": "Разновидность",
        "event": "Турнир", "date": "Дата", "venue": "Место", "ranking": "Итоги", "place": "Место",
        "name": "Имя", "percent": "%", "max": "макс", "total": "Итого", "result": "Результат",
        "not_played": "не сыграна", "spoiled": "испорчена",
        "all_pass": "распасы", "misere": "мизер", "cut_here": "линия отреза",
        "index": "Содержание", "results": "Результаты",
        "conventions": "Соглашения", "legend": "Обозначения", "end_session": "конец сессии",
        "stationary": "сидит на месте", "table_of": "стол на {k}",
        "start_list": "Стартовый лист", "set_copy": "копия", "of": "из", "void": "«—» в руке: карт этой масти нет",
        "first_round": "1-й тур", "session": "Сессия", "scan_player": "Ваши результаты после игры",
        "scan_table": "Результаты этого стола", "score_card": "Карточка игрока", "score_cards": "Карточки игроков", "continued": "продолжение", "role": "Роль",
        "running": "% с начала", "round_total": "итог тура", "mates": "За столом", "provisional": "Предварительные результаты",
        "pending": "ещё не внесены сдачи", "frequencies": "Результаты по линиям", "how_many": "раз",
        "rulings": "Решения судьи", "notes": "Примечания", "deals_played": "Сыграно сдач",
        "excluded": "не учтена", "adjusted": "корр.", "table_page": "Стол",
        "adjusted_title": "корректировка судьи: процент от макс",
        "lines_legend": "Для каждой линии: результат в вистах, сколько раз он получен, сколько МП он принёс и "
                        "сколько это процентов от макс (учтённые результаты; не сыгранные и испорченные не в счёт). "
                        "«корр.» — корректировка судьи: её процент от макс и МП.",
        "role_names": {"declarer": "розыгрыш", "whist": "вист", "pass": "пас", "half": "полвиста",
                       "allpass": "распасы", "dealer": "прикуп", "catch": "ловля"},
        "ranking_legend": "Процент — от максимально возможного для игрока (сумма «макс» сыгранных игроком сдач). "
                          "Равные проценты делят место.",
        "competition_legend": "Процент — сумма матчпунктов игрока во всех протоколах турнира, делённая на сумму "
                              "максимумов сыгранных игроком сдач (правила, §9). Каждая сдача подсчитана внутри "
                              "своей сессии и линии.",
        "competition_ranking": "Итоги турнира",
        "running_short": "% с нач.", "per_round": "за тур", "absent": "не участвует",
        "card_legend": "Сд. — сдача, контр. — контракт («—» — распасы). Роль: розыгрыш, вист, пас, полвиста, "
                       "распасы, ловля (мизера), прикуп (сдающий, в сдаче не участвует). Взятки: разыгрывающего / "
                       "свои (на распасах — свои). МП: матчпункты из максимума сдачи. «% с начала» — процент "
                       "нарастающим итогом с начала сессии; в строке «итог тура» — МП тура и процент за тур.",
        "card_legend_print": "Сд. — сдача, контр. — контракт («—» — распасы). Роль: розыгрыш, вист, пас, полвиста, "
                             "распасы, ловля (мизера), прикуп (сдающий, в сдаче не участвует). Взятки: "
                             "разыгрывающего / свои (на распасах — свои). МП: матчпункты из максимума сдачи; "
                             "в заголовке тура — МП тура. «% с нач.» — процент нарастающим итогом с начала "
                             "сессии.",
        "declarer_short": "Разыгр.", "whister1_short": "1-й вист.", "whister2_short": "2-й вист.",
        "deal_short": "Сд.", "contract_short": "Контр.", "tricks_short": "Взятки", "whists_short": "Висты",
        "status_names": {"not played": "не сыграна", "spoiled": "испорчена", "excluded": "не учтена",
                         "adjusted": "корр.", "played": "", "pending": "ещё не подсчитана"},
        # double-dummy analysis (prefprint.makeable)
        "dd": "Двойной болван", "dd_short": "ДД", "no_trump": "БК", "dd_declarer": "играет",
        "dd_kit_legend": "Под раскладом — что позволяли карты (двойной болван): сколько взяток берёт каждый "
                         "играющий в каждой масти и без козыря при лучшем сносе и лучшей игре обеих сторон "
                         "с открытыми картами (жирным — 6 и больше: игра есть); мизер чистый — при лучшем сносе "
                         "не берёт ни одной взятки против любой защиты, иначе ловится. У распасов ответа нет: "
                         "там каждый играет сам за себя",
        "dd_table_legend": "Двойной болван: сколько взяток берёт играющий в этой масти при лучшем сносе и лучшей "
                           "игре обеих сторон с открытыми картами (жирным — 6 и больше); мизер — чистый или ловится.",
        "dd_partial": "· — не считалось: разобраны только сыгранные контракты.",
        "dd_rows_legend": "ДД — двойной болван: сколько взяток разыгрывающий брал бы в этом контракте при лучшей "
                          "игре обеих сторон с открытыми картами (на мизере — сколько не избежать: 0 — чистый, "
                          "≥1 — ловится, сколько — не считалось, и стрелки нет); ▲2 — взято на 2 больше, ▼1 — на 1 "
                          "меньше. У распасов и игры, где оба спасовали, ответа нет.",
        "dd_card_legend": "▲1 / ▼2 после роли — на столько взяток лучше или хуже двойного болвана: у разыгрывающего "
                          "— свои взятки, у вистующего и ловящего мизер — взятки защиты.",
    },
    "en": {
        "lang": "en", "round": "Round", "table": "Table", "round_short": "Rd", "table_short": "Tbl", "set": "Set", "deal": "Deal", "dealer": "Dealer",
        "first_hand": "First hand", "room": "Room", "rest": "rest", "resting": "Resting",
        "player": "Player", "players": "Players", "seat": "Seat", "contract": "Contract",
        "declarer": "Declarer", "whister1": "Whister 1", "whister2": "Whister 2",
        "declarer_col": "Declarer",
        "protocol_note": "All-pass: contract \"—\", the declarer/whister columns hold the tricks of first, second, "
                         "third hand. A pass: \"pass\" in the tricks cell; half-whist: \"half\". Whists of a row "
                         "sum to 0. Talon opened on all-pass: top/bottom.",
        "rounding_note": "At a table of 3 whists are in tenths: a row may sum to ±0.1 instead of 0.",
        "full_name": "Name",
        "tricks": "tricks", "seat_short": "seat", "number": "No.", "whists": "whists", "mp": "MP",
        "talon": "Talon", "top": "top", "bottom": "bottom", "pocket": "Pocket",
        "protocol": "Protocol", "protocols": "Protocols", "table_cards": "Table instruction cards",
        "director": "Director's sheet", "itineraries": "Player itineraries", "deals": "Hand records for the boxes",
        "costs": "Cost-of-game table", "workbook": "Protocol workbook (Excel)", "kit": "Event kit",
        "method": "Movement", "statistics": "Statistics", "meetings": "Meetings of pairs of players",
        "time_plan": "Time plan", "start": "Start",
        "end_of_round": "End of round", "next": "Then", "goes_to": "goes to", "stays": "stays",
        "fetch": "N fetches set", "return": "and returns it", "pass_to": "N passes the set to table",
        "to_director": "N returns the set to the director", "from_director": "N fetches the set from the director",
        "from_slot": "from slot {slot} of the row", "slot_row": "Director's row of sets",
        "minutes": "min", "variant": "Variant",
        "event": "Event", "date": "Date", "venue": "Venue", "ranking": "Ranking", "place": "Place",
        "name": "Name", "percent": "%", "max": "max", "total": "Total", "result": "Result",
        "not_played": "not played", "spoiled": "spoiled",
        "all_pass": "all-pass", "misere": "misère", "cut_here": "cut here",
        "index": "Contents", "results": "Results",
        "conventions": "Conventions", "legend": "Legend", "end_session": "end of session",
        "stationary": "stays seated", "table_of": "table of {k}",
        "start_list": "Start list", "set_copy": "copy", "of": "of", "void": "\"—\" in a hand: no cards of that suit",
        "first_round": "Round 1", "session": "Session", "scan_player": "Your results after play",
        "scan_table": "Results of this table", "score_card": "Score card", "score_cards": "Score cards", "continued": "continued", "role": "Role",
        "running": "% so far", "round_total": "round total", "mates": "At the table", "provisional": "Provisional results",
        "pending": "deals still to be entered", "frequencies": "Results by line", "how_many": "times",
        "rulings": "Director's rulings", "notes": "Notes", "deals_played": "Deals played",
        "excluded": "not counted", "adjusted": "adj.", "table_page": "Table",
        "adjusted_title": "director's adjusted score: percentage of the top",
        "lines_legend": "For each line: the result in whists, how many times it was scored, the MP it earned and "
                        "their percentage of the top (counted results; not played and spoiled rows are left out). "
                        "\"adj.\": a director's adjusted score, its percentage of the top and MP.",
        "role_names": {"declarer": "declarer", "whist": "whist", "pass": "pass", "half": "half-whist",
                       "allpass": "all-pass", "dealer": "sat out", "catch": "catching"},
        "ranking_legend": "Percentage of the maximum possible for the player (the sum of the tops of the deals "
                          "the player played). Equal percentages share a place.",
        "competition_legend": "Percentage: the player's matchpoints over every protocol of the competition divided "
                              "by the sum of the tops of the deals the player played (rules §9). Each deal is "
                              "matchpointed within its own session and line.",
        "competition_ranking": "Overall ranking",
        "running_short": "% so far", "per_round": "of the round", "absent": "not playing",
        "card_legend": "Contract \"—\": all-pass. Role: declarer, whist, pass, half-whist, all-pass, catching "
                       "(a misère), sat out (the dealer at a table of 4). Tricks: the declarer's / the player's own "
                       "(on all-pass: own). MP: matchpoints of the deal's top. \"% so far\": the running "
                       "percentage from the start of the session; on the \"round total\" line, the round's MP "
                       "and its percentage of the round.",
        "card_legend_print": "Contract \"—\": all-pass. Role: declarer, whist, pass, half-whist, all-pass, "
                             "catching (a misère), sat out (the dealer at a table of 4). Tricks: the declarer's / "
                             "the player's own (on all-pass: own). MP: matchpoints of the deal's top; in a round's "
                             "heading, the round's MP. \"% so far\": the running percentage from the start of the "
                             "session.",
        "declarer_short": "Decl.", "whister1_short": "W1", "whister2_short": "W2",
        "deal_short": "Deal", "contract_short": "Contr.", "tricks_short": "Tricks", "whists_short": "Whists",
        "status_names": {"not played": "not played", "spoiled": "spoiled", "excluded": "not counted",
                         "adjusted": "adj.", "played": "", "pending": "not scored yet"},
        # double-dummy analysis (prefprint.makeable)
        "dd": "Double dummy", "dd_short": "DD", "no_trump": "NT", "dd_declarer": "declarer",
        "dd_kit_legend": "Under each layout, what the cards allowed (double dummy): the tricks each declarer "
                         "takes in every suit and in no trumps with the best discard and best play by both "
                         "sides, all cards seen (bold: 6 or more, a game makes); a misère is clean when the "
                         "best discard takes no trick against any defence, else caught. All-pass has no "
                         "answer: each of the three plays for himself",
        "dd_table_legend": "Double dummy: the tricks the declarer takes in that strain with the best discard and "
                           "best play by both sides, all cards seen (bold: 6 or more); a misère clean or caught.",
        "dd_partial": "·: not analysed, only the contracts played were.",
        "dd_rows_legend": "DD: double dummy, the tricks the declarer would take in this contract with best play "
                          "by both sides, all cards seen (a misère: the tricks the declarer cannot avoid, 0 clean, ≥1 "
                          "caught, not counted, so no arrow); ▲2: 2 more taken, ▼1: 1 fewer. All-pass and a game both "
                          "defenders passed have no answer.",
        "dd_card_legend": "▲1 / ▼2 after the role: that many tricks better or worse than double dummy, the "
                          "declarer's own tricks, or the defence's for a whister and a misère's catchers.",
    },
}

VARIANT_NAMES = {
    "ru": {"sochi": "Сочи", "leningrad": "Ленинград", "rostov": "Ростов", "classic": "Классика",
           "responsible": "Ростов, ответственный вист", "ural": "Урало-сибирская запись"},
    "en": {"sochi": "Sochi", "leningrad": "Leningrad", "rostov": "Rostov", "classic": "Classic",
           "responsible": "Rostov, responsible whist", "ural": "Ural–Siberian record"},
}


# Forms of counted words (messages.plural): Russian one|few|many, English one|many.
FORMS = {
    "ru": {"player": "участник|участника|участников", "table": "стол|стола|столов",
           "set": "комплект|комплекта|комплектов", "deal": "сдача|сдачи|сдач", "round": "тур|тура|туров",
           "copies": "копия|копии|копий", "minute": "минута|минуты|минут", "room": "комната|комнаты|комнат",
           "result": "результат|результата|результатов", "pair": "пара|пары|пар", "time": "раз|раза|раз",
           "rest": "отдых|отдыха|отдыхов", "page": "страница|страницы|страниц"},
    "en": {"player": "player|players", "table": "table|tables", "set": "set|sets", "deal": "deal|deals",
           "round": "round|rounds", "copies": "copy|copies", "minute": "minute|minutes", "room": "room|rooms",
           "result": "result|results", "pair": "pair|pairs", "time": "time|times", "rest": "rest|rests",
           "page": "page|pages"},
}


def forms(lang: str) -> dict:
    """The counted-word forms of a language, for `counted`: {{ n|counted(f.deal) }}."""
    return FORMS[lang if lang in FORMS else "ru"]


def words(lang: str) -> dict:
    """The word table of a language (KeyError-free for known languages)."""
    return WORDS[lang if lang in WORDS else "ru"]
