"""One catalogue of every message a director, scorer or player reads, in Russian and English.

Pure Python. A message is a code and its parameters (`Message`); its words come from
`CATALOGUE` in the language asked for, Russian by default. Counted words take their plural
form from the number: "{n} {n:участник|участника|участников}" / "{n} {n:player|players}".
A parameter that is itself a Message is written in the same language.
"""

from __future__ import annotations

import string
import unicodedata
from collections import Counter
from fractions import Fraction

from prefprint.words.numbers import number

LANGS = ("ru", "en")


def plural(n, forms) -> str:
    """The form of a counted word: Russian (one, few, many) or English (one, many).

    plural(21, ("сдача", "сдачи", "сдач")) == "сдача"; plural(2, ("deal", "deals")) == "deals".
    """
    forms = forms.split("|") if isinstance(forms, str) else list(forms)
    try:
        n = abs(int(n))
    except (TypeError, ValueError):
        return forms[-1]
    if len(forms) == 2:
        return forms[0] if n == 1 else forms[1]
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def counted(n, forms) -> str:
    """A number with its word: counted(5, "тур|тура|туров") == "5 туров"."""
    return f"{n} {plural(n, forms)}"


class Quoted(str):
    """A typed value as `shown` quotes it: «text» (Russian quotes); a message in English writes "text"."""

    __slots__ = ("inner",)

    def __new__(cls, inner: str):
        quoted = super().__new__(cls, f"«{inner}»")
        quoted.inner = inner
        return quoted

    def __reduce__(self):
        return Quoted, (self.inner,)


def shown(value, limit: int = 40) -> str:
    """A typed value quoted for a message: one line, control characters visible, cut at `limit`."""
    text = "" if value is None else str(value)
    out = []
    for ch in text:
        if ch in "\r\n\t":
            out.append({"\r": "\\r", "\n": "\\n", "\t": "\\t"}[ch])
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch != "\u00ad":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    text = "".join(out)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return Quoted(text)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, spec):
        if isinstance(value, Message):
            return value.text(self.lang)
        if isinstance(value, (list, tuple)) and all(isinstance(v, Message) for v in value):
            # several parts of one problem, or "{items:,}": items of one list
            return ("; " if spec != "," else ", ").join(v.text(self.lang) for v in value)
        if isinstance(value, Quoted) and self.lang == "en":
            return f'"{value.inner}"'
        if "|" in spec:
            return plural(value, spec)
        if isinstance(value, (Fraction, float)) and not spec:
            return number(value, self.lang, 2, trim=True)  # "62,5" in Russian, "62.5" in English
        return super().format_field(value, spec)


class Message:
    """A message: its catalogue code and parameters; `text(lang)` gives the words."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params):
        if code not in CATALOGUE:
            raise KeyError(f"message {code!r} is not in the catalogue")
        self.code = code
        self.params = params

    def text(self, lang: str = "ru") -> str:
        ru, en = CATALOGUE[self.code]
        template = en if lang == "en" else ru
        return _Formatter(lang).format(template, **self.params)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Message({self.code!r}, {self.params!r})"

    def __eq__(self, other):
        return isinstance(other, Message) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self):
        return hash(self.code)


def text_of(message, lang: str = "ru") -> str:
    """The words of a Message, or a plain string as it is."""
    return message.text(lang) if isinstance(message, Message) else str(message)


def problem_lines(problems, lang: str = "ru", limit: int = 50) -> list[str]:
    """Problems as lines: the first `limit`, then how many more of each kind."""
    lines = [text_of(p, lang) for p in problems[:limit]]
    rest = problems[limit:]
    if rest:
        kinds = Counter(p.code if isinstance(p, Message) else "other" for p in rest)
        per_kind = ", ".join(f"{KIND_NAMES.get(k, k)[0 if lang == 'ru' else 1]}: {n}"
                             for k, n in kinds.most_common())
        lines.append(Message("more_problems", n=len(rest), kinds=per_kind).text(lang))
    return lines


# Short names of kinds of problems, for the count after a long list (code -> (ru, en)).
KIND_NAMES: dict[str, tuple[str, str]] = {}

# code -> (Russian, English). Sections by the module that raises them.
CATALOGUE: dict[str, tuple[str, str]] = {
    # ------------------------------------------------------------------ general
    "more_problems": ("… и ещё {n} {n:замечание|замечания|замечаний} ({kinds})",
                      "… and {n} more {n:problem|problems} ({kinds})"),
    "file_problems": ("{path} — {n} {n:ошибка|ошибки|ошибок}:", "{path} — {n} {n:problem|problems}:"),
    "error": ("Ошибка: {text}", "Error: {text}"),
    "warning": ("Предупреждение: {text}", "Warning: {text}"),

    # ------------------------------------------------------------------ model
    "model.no_session": ("нет сессии {number}: в турнире {count} {count:сессия|сессии|сессий}",
                         "no session {number}: the event has {count} {count:session|sessions}"),

    # ------------------------------------------------------------------ deals
    "deals.cannot_read": ("не удаётся прочитать карты {text} с {at}: ожидается масть ♠ ♣ ♦ ♥ или "
                          "достоинство 7 8 9 10 В Д К Т",
                          "cannot read the cards {text} at {at}: expected a suit ♠ ♣ ♦ ♥ or a rank "
                          "7 8 9 10 J Q K A"),
    "deals.rank_before_suit": ("не удаётся прочитать карты {text}: достоинство раньше масти",
                               "cannot read the cards {text}: a rank before any suit"),
    "deals.hand_missing": ("сдача {number}: нет карт {seat}", "deal {number}: the cards of {seat} are missing"),
    "deals.bad_layout": ("сдача {number}: {problems}", "deal {number}: {problems}"),
    "deals.hand_size": ("у {seat} {n} {n:карта|карты|карт}, а должно быть 10",
                        "{seat} has {n} {n:card|cards}, expected 10"),
    "deals.talon_size": ("в прикупе {n} {n:карта|карты|карт}, а должно быть 2",
                         "the talon has {n} {n:card|cards}, expected 2"),
    "deals.twice": ("карты встречаются дважды: {cards}", "cards given twice: {cards}"),
    "deals.at_cell": ("{cell}: {what}", "{cell}: {what}"),
    "deals.layout_cell_missing": ("{cell}: расклад записан не полностью — нет карт «{pocket}»",
                                  "{cell}: the layout is incomplete — the cards of \"{pocket}\" are missing"),
    "deals.talon_card": ("в этой клетке должна быть одна карта прикупа, а записано {n}",
                         "this cell holds one card of the talon, found {n}"),

    # ------------------------------------------------------------------ workbook
    "workbook.not_xlsx": ("это не книга Excel (.xlsx); сохраните её в Excel или LibreOffice как «Книга Excel (.xlsx)»",
                          "not an Excel workbook (.xlsx); save it in Excel or LibreOffice as an .xlsx workbook"),

    # ------------------------------------------------------------------ competition
    "competition.too_many": ("{n} {n:книга|книги|книг} протоколов, а в турнире {count} {count:сессия|сессии|сессий}",
                             "{n} protocol {n:workbook|workbooks}, but the event has {count} {count:session|sessions}"),
    "competition.no_meta": ("{path}: в книге не записано, к какому турниру и сессии она относится; "
                            "проверяю по строкам протоколов",
                            "{path}: the workbook does not say which event and session it belongs to; "
                            "checking it by the protocol rows"),
    "competition.other_event": ("книга протоколов другого турнира: {found}, а не {expected}",
                                "a protocol workbook of another event: {found}, not {expected}"),
    "competition.other_session": ("этот файл — книга сессии {found}, а на месте {position} ожидается сессия {expected} "
                                  "(книги перечисляются по порядку сессий)",
                                  "this is the workbook of session {found}; place {position} expects session "
                                  "{expected} (give the workbooks in session order)"),
    "competition.session_twice": ("книга сессии {session} указана дважды: эта — ещё одна её копия",
                                  "the workbook of session {session} is given twice: this is another copy of it"),
    "competition.same_file": ("этот файл указан дважды: на месте {place} и на месте {first}",
                              "this file is given twice: at place {place} and at place {first}"),
    "competition.swapped": ("этот файл — книга сессии {found}, а на месте {position} ожидается сессия {expected}; "
                            "книга сессии {expected} стоит на месте {other} — поменяйте их местами",
                            "this is the workbook of session {found}; place {position} expects session {expected}, "
                            "whose workbook stands at place {other}: swap them"),
    "competition.spec_changed": ("книга напечатана для другого движения или других раскладов сессии {session}: "
                                 "спецификация изменилась после печати",
                                 "the workbook was printed for another movement or other deals of session "
                                 "{session}: the spec changed after printing"),

    # ------------------------------------------------------------------ kit progress
    "kit.rendering": ("печать {n} {n:документа|документов|документов} в PDF ({parts} {parts:часть|части|частей})…",
                      "rendering {n} {n:document|documents} to PDF in {parts} {parts:part|parts}…"),
    "kit.html_written": ("  HTML и protocols.xlsx записаны", "  HTML and protocols.xlsx written"),
    "kit.pdfs_written": ("  PDF записаны", "  PDFs written"),
    "kit.session": ("сессия {session}:", "session {session}:"),
    "results.published": ("итоги: {path}", "results in {path}"),
    "results.site_ready": ("  сайт итогов готов: {path}; PDF следует", "  the results site is ready: {path}; the PDF follows"),
    "kit.written": ("{n} {n:файл|файла|файлов} в {folder}", "{n} {n:file|files} in {folder}"),
    "render.parts": ("  готово {n} из {total}", "  {n}/{total} parts rendered"),

    # ------------------------------------------------------------------ spec (the event spec reader)
    "spec.at_line": ("строка {line}, {key}: {what}", "line {line}, {key}: {what}"),
    "spec.at": ("{key}: {what}", "{key}: {what}"),
    "spec.cannot_read": ("не удаётся прочитать файл: {error}", "cannot read the file: {error}"),
    "spec.not_toml": ("это не TOML: {error}", "not valid TOML: {error}"),
    "spec.not_toml_at": ("строка {line}, столбец {column}: ошибка записи TOML — {what}",
                         "line {line}, column {column}: not valid TOML — {what}"),
    "spec.toml_character": ("недопустимый символ (не закрыты кавычки?)", "an illegal character (quotes not closed?)"),
    "spec.toml_equals": ("после ключа ожидается «=»", "expected '=' after a key"),
    "spec.toml_value": ("непонятное значение (текст — в кавычках, дата — 2026-12-05)",
                        "an invalid value (text in quotes, a date as 2026-12-05)"),
    "spec.toml_unclosed": ("не закрыта скобка списка или таблицы", "a list or table is not closed"),
    "spec.toml_twice": ("ключ или раздел задан дважды", "a key or section is given twice"),
    "spec.toml_string": ("не закрыты кавычки", "a string is not closed"),
    "spec.toml_key": ("неверное имя ключа", "an invalid key name"),
    "spec.toml_newline": ("после значения ожидается конец строки", "expected the end of the line after a value"),
    "spec.toml_statement": ("непонятная строка", "a line that is not a key = value or a [section]"),
    "spec.toml_date": ("неверная дата или время: такого дня или часа нет (дата — 2026-12-05, время — 18:30)",
                       "an invalid date or time: no such day or hour (a date as 2026-12-05, a time as 18:30)"),
    "spec.toml_date_key": ("{key} = {value}: такой даты нет (пишите ГГГГ-ММ-ДД, например 2026-12-05)",
                           "{key} = {value}: no such date (write YYYY-MM-DD, e.g. 2026-12-05)"),
    "spec.toml_time_key": ("{key} = {value}: время пишется в кавычках, например \"18:30\"",
                           "{key} = {value}: a time is written in quotes, e.g. \"18:30\""),
    "spec.too_deep": ("слишком глубокая вложенность таблиц и списков", "tables and lists nested too deep"),
    "spec.unknown_section": ("неизвестный раздел; допустимы: {known}", "unknown section; expected one of {known}"),
    "spec.unknown_key": ("неизвестный ключ; допустимы: {known}", "unknown key; expected one of {known}"),
    "spec.missing_section": ("нет раздела [{name}]", "missing section [{name}]"),
    "spec.missing_key": ("нет ключа «{key}»", "missing key '{key}'"),
    "spec.expected_array": ("ожидаются записи [[{name}]]", "expected [[{name}]] entries"),
    "spec.expected": ("ожидается {what}, найдено {found}", "expected {what}, found {found}"),
    "spec.kind_text": ("текст в кавычках", "text in quotes"),
    "spec.kind_int": ("целое число", "a whole number"),
    "spec.kind_bool": ("true или false", "true or false"),
    "spec.kind_date": ("дата (2026-12-05)", "a date (2026-12-05)"),
    "spec.kind_time": ("время (18:30)", "a time (18:30)"),
    "spec.kind_list_int": ("список целых чисел", "a list of whole numbers"),
    "spec.kind_table": ("таблица", "a table"),
    "spec.kind_seed": ("число или текст", "a number or text"),
    "spec.range": ("ожидается число от {low} до {high}, найдено {found}",
                   "expected a number from {low} to {high}, found {found}"),
    "spec.one_of": ("ожидается одно из: {choices}; найдено {found}", "expected one of {choices}; found {found}"),
    "spec.control_char": ("содержит управляющий символ {char}; уберите его",
                          "contains the control character {char}; remove it"),
    "spec.control_char_key": ("имя ключа содержит управляющий символ {char}",
                              "a key name contains the control character {char}"),
    "spec.too_long": ("слишком длинный текст: {n} {n:символ|символа|символов}, допустимо до {limit}",
                      "text too long: {n} {n:character|characters}, at most {limit}"),
    "spec.not_finite": ("ожидается конечное число, найдено {found}", "expected a finite number, found {found}"),
    "spec.bad_time": ("ожидается время от 00:00 до 23:59, например «18:30»; найдено {found}",
                      "expected a time from 00:00 to 23:59 such as \"18:30\"; found {found}"),
    "spec.bad_url": ("ожидается адрес, начинающийся с https://, найдено {found}",
                     "expected an address starting with https://, found {found}"),
    "spec.unknown_variant": ("неизвестная разновидность {found}; известны: {known}",
                             "unknown variant {found}; known: {known}"),
    "spec.no_players": ("не заданы игроки: нужны записи [[players]]", "no players: [[players]] entries needed"),
    "spec.duplicate_number": ("номер {number} уже занят (players[{other}])",
                              "duplicate player number {number} (also players[{other}])"),
    "spec.too_many_players": ("{n} {n:игрок|игрока|игроков} — больше {limit}", "{n} players — more than {limit}"),
    "spec.namesakes": ("одно имя {name} у игроков {numbers}: если это не тёзки, исправьте список",
                       "one name {name} for players {numbers}: unless they are namesakes, correct the list"),
    "spec.name_blank": ("имя пустое: впишите фамилию и имя (или уберите ключ name — будет только номер)",
                        "the name is blank: write the player's name (or leave the key out: the number alone)"),
    "spec.unknown_players": ("{n:нет игрока с номером|нет игроков с номерами|нет игроков с номерами} {numbers}",
                             "{n:no player numbered|no players numbered} {numbers}"),
    "spec.absent_twice": ("номер указан дважды", "a number is given twice"),
    "spec.session_with_sessions": ("вместе с [[sessions]] не используется: задайте by_lines = true во второй сессии",
                                   "not used with [[sessions]]: set by_lines = true in the second session"),
    "spec.no_sessions": ("список сессий пуст", "the list of sessions is empty"),
    "spec.too_many_sessions": ("{n} {n:сессия|сессии|сессий} — больше {limit}", "{n} sessions — more than {limit}"),
    "spec.by_lines_conflict": ("не сочетается с by_lines = true (комнаты по линиям строятся сами)",
                               "cannot be combined with by_lines = true (rooms by lines are built by themselves)"),
    "spec.by_lines_first": ("первая сессия не может играться по линиям: линии берутся из первой сессии",
                            "the first session cannot play by lines: the lines come from the first session"),
    "spec.prepared_per_session": ("при нескольких сессиях готовые расклады задаются в [sessions.deals] каждой сессии",
                                  "with several sessions, prepared deals go in each session's [sessions.deals]"),
    "spec.prepared_entry": ("ожидается таблица с номером сдачи и картами N, E, S, W и прикупа",
                            "expected a table with a deal number and the cards of N, E, S, W, talon"),
    "spec.prepared_twice": ("сдача {number} задана дважды", "deal {number} is given twice"),
    "spec.prepared_with_table": ("готовые расклады не сочетаются с source = \"table\" (сдаёт первый стол)",
                                 "prepared deals cannot be combined with source = \"table\" (the first table deals)"),
    "spec.no_such_deals": ("нет сдач с номерами {numbers} (в сессии {n} {n:сдача|сдачи|сдач})",
                           "deal numbers {numbers} do not exist (the session has {n} {n:deal|deals})"),

    # ------------------------------------------------------------------ rules
    "rules.joined": ("{first}; {rest}", "{first}; {rest}"),
    "rules.unknown_variant": ("неизвестная разновидность {name}; известны: {known}",
                              "unknown variant {name}; known: {known}"),
    "rules.unknown_convention": ("{n:неизвестное соглашение|неизвестные соглашения|неизвестные соглашения} {keys}; "
                                 "известны: {known}",
                                 "unknown {n:convention|conventions} {keys}; known: {known}"),
    "rules.convention_value": ("соглашение {key}: ожидается {expected}, найдено {value}",
                               "convention {key}: expected {expected}, found {value}"),
    "rules.expect_bool": ("true или false", "true or false"),
    "rules.expect_int": ("целое число от {lo} до {hi}", "a whole number from {lo} to {hi}"),
    "rules.expect_number": ("число не меньше 0", "a number >= 0"),
    "rules.expect_choice": ("{head} или {last}", "{head} or {last}"),
    "rules.contract_form": (
        "контракт {text}: ожидается уровень 6–10 (цифрой или словом: шесть … десять) и масть, «мизер» "
        "или «—» (распасы); после контракта можно дописать «втёмную» и «без 3»",
        "contract {text}: expected a level 6–10 (a number or a word: six … ten) and a suit, \"misère\" or "
        "\"—\" (all-pass); \"dark\" and \"down 3\" may follow the contract"),
    "rules.contract_level": ("контракт {text}: уровни 6–10", "contract {text}: levels are 6–10"),
    "rules.contract_suit": (
        "контракт {text}: неизвестная масть {suit}; пишите ♠ (пики, пик, п), ♣ (трефы, треф, т, крести), "
        "♦ (бубны, бубен, б), ♥ (черви, червей, ч) или БК (б/к, бк, без козыря)",
        "contract {text}: unknown suit {suit}; write ♠ (S, spades), ♣ (C, clubs), ♦ (D, diamonds), "
        "♥ (H, hearts) or NT (no trump)"),
    "rules.contract_no_suit": (
        "контракт {text}: нет масти; пишите ♠ (пики, пик, п), ♣ (трефы, треф, т, крести), ♦ (бубны, бубен, б), "
        "♥ (черви, червей, ч) или БК (б/к, бк, без козыря)",
        "contract {text}: the suit is missing; write ♠ (S, spades), ♣ (C, clubs), ♦ (D, diamonds), ♥ (H, hearts) "
        "or NT (no trump)"),
    "rules.contract_count": (
        "контракт {text}: после «без» — сколько взяток сдано: число 1–10 или словом (одной … десяти)",
        "contract {text}: after \"down\" comes the number of tricks conceded: 1–10 or a word (one … ten)"),
    "rules.contract_plain": ("контракт {text}: «втёмную» и «без N» здесь не пишутся",
                             "contract {text}: \"dark\" and \"down N\" do not belong here"),
    "rules.seat": ("место {text}: ожидается N, E, S или W (С, В, Ю, З)",
                   "seat {text}: expected N, E, S or W"),
    "rules.defence_word": ("ответ защитника {text}: ожидается вист, пас или пол",
                           "defence {text}: expected whist, pass or half (вист, пас, пол)"),
    "rules.tricks_number": ("взятки {text}: ожидается число 0–10", "tricks {text}: expected a number 0–10"),
    "rules.pair": ("{text}: ожидается МЕСТО=ЗНАЧЕНИЕ, например N=5", "{text}: expected SEAT=VALUE, e.g. N=5"),
    "rules.convention_pair": ("{text}: ожидается СОГЛАШЕНИЕ=ЗНАЧЕНИЕ, например tens=checked",
                              "{text}: expected NAME=VALUE, e.g. tens=checked"),
    "rules.table_size": ("за столом 4 или 3 игрока, не {n}", "table size must be 4 or 3, not {n}"),
    "rules.dealer_absent": ("сдающий {seat} не сидит за столом на {n}", "dealer {seat} does not sit at a table of {n}"),
    "rules.seat_twice": ("одно место указано дважды", "a seat is given twice"),
    "rules.declarer_dealer": ("разыгрывающий {seat} не может играть: сдающий за столом на 4 не играет",
                              "declarer {seat} cannot play: the dealer sits out at a table of 4"),
    "rules.declarer_absent": ("разыгрывающий {seat} не может играть: его нет за столом",
                              "declarer {seat} cannot play: not at the table"),
    "rules.tricks_range": ("{seat}: {tricks} {tricks:взятка|взятки|взяток}, а взяток бывает от 0 до 10",
                           "{seat} took {tricks} {tricks:trick|tricks} — tricks are 0–10"),
    "rules.not_playing": ("{seat} не играет эту сдачу (сдаёт {dealer})",
                          "{seat} does not play this deal (dealer {dealer})"),
    "rules.allpass_roles": ("на распасах нет ни разыгрывающего, ни вистующих", "all-pass has no declarer and no defence"),
    "rules.allpass_hands": ("распасы: нужны взятки {hands}; указаны: {given}",
                            "all-pass needs the tricks of {hands}; given {given}"),
    "rules.allpass_sum": (
        "распасы: взятки {hands} в сумме {total}, а должно быть 10 (8 или 9, если взятки взял прикуп)",
        "all-pass: the tricks of {hands} add up to {total}, expected 10 (8 or 9 when the talon took tricks)"),
    "rules.allpass_dark": (
        "распасы втёмную не записываются: они дают бомбы, которые переходят в следующие сдачи, а в дубликате "
        "каждая сдача сама по себе",
        "a dark all-pass cannot be written: it gives bombs that carry over to later deals, and in duplicate "
        "every deal stands alone"),
    "rules.dark_game": ("втёмную играется только игра на взятки, не {what}",
                        "only a game can be played dark, not {what}"),
    "rules.concede_game": ("«без N» бывает только в игре на взятки, не {what}",
                           "only a game can be conceded, not {what}"),
    "rules.word_misere": ("мизер", "a misère"),
    "rules.word_allpass": ("распасы", "all-pass"),
    "rules.needs_declarer": ("{what}: не указан разыгрывающий", "{what} needs a declarer"),
    "rules.word_game": ("игра", "a game"),
    "rules.misere_whisted": ("мизер не вистуется", "a misère is not whisted"),
    "rules.misere_tricks": ("на мизере пишутся только взятки разыгрывающего", "a misère needs the declarer's tricks only"),
    "rules.no_suit": ("контракт {text}: без масти пишется только «без N»",
                      "contract {text}: only a conceded game may omit the suit"),
    "rules.whister_is_declarer": ("вистующий {seat} сидит на месте разыгрывающего",
                                  "whister {seat} sits at the declarer's seat"),
    "rules.defence_missing": ("ответ защитников {w1} и {w2}: вист, пас или пол",
                              "the defence of {w1} and {w2} must be given as whist, pass or half"),
    "rules.half_level": ("полвиста бывает только на 6 и 7, не на {level}",
                         "half-whist is only possible on 6 and 7, not on {level}"),
    "rules.half_order": ("полвиста говорит второй защитник ({w2}) после паса первого ({w1})",
                         "half-whist is the second defender's ({w2}) answer to the first defender's ({w1}) pass"),
    "rules.declarer_tricks": ("не указаны взятки разыгрывающего", "the declarer's tricks are missing"),
    "rules.passer_tricks": ("{seat} спасовал: все взятки защиты пишутся вистующему",
                            "{seat} passed: the whister's tricks hold all the defence's tricks"),
    "rules.whister_tricks": ("не указаны взятки вистующего {seat}", "the tricks of whister {seat} are missing"),
    "rules.tricks_sum": ("взятки в сумме {total}, а должно быть 10 ({detail})",
                         "tricks add up to {total}, expected 10 ({detail})"),
    "rules.dark_not_played": ("в этих соглашениях втёмную не играют", "dark games are not played under these conventions"),
    "rules.concede_not_played": ("в этих соглашениях не сдаются до розыгрыша («без трёх»)",
                                 "conceding before play (\"down three\") is not played under these conventions"),
    "rules.concede_twice": ("сданные взятки указаны дважды: {a} и {b}", "the tricks conceded are given twice: {a} and {b}"),
    "rules.concede_range": ("«без {n}» на {level}: сдать можно от 1 до {level} взяток",
                            "down {n} on {level}: one can concede 1 to {level} tricks"),
    "rules.concede_defence": ("после «без {n}» никто не вистует: у защитников пас или пусто",
                              "after down {n} nobody whists: the defenders pass or stay blank"),
    "rules.concede_tricks": ("«без {n}» на {level}: у разыгрывающего {expected} взяток, а указано {tricks}",
                             "down {n} on {level}: the declarer has {expected} tricks, not {tricks}"),
    "rules.stalingrad": ("6♠ (Сталинград) вистуют оба защитника: пас и полвиста невозможны",
                         "6♠ (Stalingrad) is whisted by both defenders: no pass, no half-whist"),
    "rules.sixes_whisted": ("шестерную вистуют оба защитника (обязательный вист): пас и полвиста невозможны",
                            "a 6 is whisted by both defenders (compulsory whist): no pass, no half-whist"),
    "rules.checked_ten": ("десятерная проверяется: при недоборе впишите взятки защитников числами",
                          "the 10 is checked: when the declarer falls short, give the defenders' tricks as numbers"),
    "interrupted": ("Прервано: ничего не изменено.", "Interrupted: nothing was changed."),
    "interrupted.site": ("Прервано: сайт итогов уже опубликован в {path}, results.pdf и results.xlsx не записаны.",
                         "Interrupted: the results site is already published in {path}; results.pdf and results.xlsx "
                         "were not written."),
    # ------------------------------------------------------------------ workbook
    "workbook.unreadable": ("не открывается как книга .xlsx: файл повреждён или сохранён в другом формате; "
                            "сохраните его в Excel или LibreOffice как .xlsx",
                            "cannot open as an .xlsx workbook: the file is damaged or saved in another format; save it "
                            "from Excel or LibreOffice as .xlsx"),
    "workbook.sheet_unreadable": ("лист {sheet} не читается ({detail}); откройте и сохраните книгу в Excel или "
                                  "LibreOffice", "sheet {sheet} cannot be read ({detail}); open and save the "
                                  "workbook in Excel or LibreOffice"),
    "workbook.sheet_missing": ("нет листа {sheet}", "sheet {sheet} is missing"),
    "workbook.sheet_twice": ("у сдачи {deal} два листа: {first} и {second}; оставьте один",
                             "deal {deal} has two sheets: {first} and {second}; keep one"),
    "workbook.sheet_copy": ("лист {sheet} похож на копию листа сдачи; переименуйте или удалите его",
                            "sheet {sheet} looks like a copy of a deal sheet; rename or delete it"),
    "workbook.sheet_unknown_deal": ("лист {sheet}: в турнире нет сдачи {deal} (сдачи 1–{n})",
                                    "sheet {sheet}: the event has no deal {deal} (deals 1–{n})"),
    "workbook.too_many_rows": ("лист {sheet}: больше {n} {n:строки|строк|строк} — это не протокол",
                               "sheet {sheet}: more than {n} {n:row|rows} — not a protocol"),
    "workbook.title_differs": ("книга озаглавлена {found}, а турнир — {expected}: та ли это книга?",
                               "the workbook is titled {found}, the event {expected}: is it the right workbook?"),
    "workbook.formula": ("{cell}: в формуле {formula} нет сохранённого значения — откройте и сохраните книгу "
                         "в Excel или LibreOffice или впишите число",
                         "{cell}: formula {formula} has no saved value — open and save the workbook in Excel "
                         "or LibreOffice, or type the value"),
    # ------------------------------------------------------------------ results
    "results.status_unknown": ("{cell}: статус сдачи {value} не понят; пишите одно из: {words}",
                               "{cell}: deal status {value} is not known; write one of: {words}"),
    "results.status_mixed": ("{cell}: в статусе сдачи {value} смешаны русские и латинские буквы; пишите одно из: "
                             "{words}", "{cell}: deal status {value} mixes Cyrillic and Latin letters; write one of: "
                             "{words}"),
    "results.round_table_nan": ("{cell}: тур и стол — числа, а написано {round}, {table}",
                                "{cell}: round and table must be numbers, found {round}, {table}"),
    "results.row_not_in_movement": ("{cell}: в туре {round} стол {table} не играет сдачу {deal} по этому "
                                    "движению", "{cell}: round {round}, table {table} does not play deal {deal} "
                                    "in this movement"),
    "results.row_twice": ("{cell}: тур {round}, стол {table} записан дважды (и в строке {other})",
                          "{cell}: round {round}, table {table} is written twice (also in row {other})"),
    "results.row_missing": ("{sheet}: нет строки тура {round}, стола {table}",
                            "{sheet}: the row of round {round}, table {table} is missing"),
    "results.player_nan": ("{cell}: номер игрока {value} — не число", "{cell}: player number {value} is not a number"),
    "results.player_unknown": ("{cell}: игрока {player} нет {scope}", "{cell}: no player {player} {scope}"),
    "results.in_event": ("в турнире", "in the event"),
    "results.in_session": ("в сессии {n}", "in session {n}"),
    "results.player_twice_in_row": ("{cell}: игрок {player} записан в строке дважды",
                                    "{cell}: player {player} is written twice in one row"),
    "results.player_two_tables": ("{cell}: игрок {player} записан за столом {table} в туре {round}, но в том же "
                                  "туре он и за столом {other} ({other_cell}); по движению здесь {planned}",
                                  "{cell}: player {player} is written at table {table} in round {round}, but in "
                                  "that round he is also at table {other} ({other_cell}); the movement has "
                                  "{planned} here"),
    "results.player_inconsistent": ("{cell}: тур {round}, стол {table}, позиция {seat}: здесь игрок {player}, а в "
                                    "других сдачах тура — {other} ({other_cell})",
                                    "{cell}: round {round}, table {table}, seat {seat}: player {player} here, but "
                                    "{other} in the other deals of the round ({other_cell})"),
    "results.substitute": ("{cell}: тур {round}, стол {table}, позиция {seat}: на месте игрока {planned} — игрок {player} "
                           "(засчитан записанный номер)",
                           "{cell}: round {round}, table {table}, seat {seat}: player {player} played instead of "
                           "{planned} (the written number counts)"),
    "results.contract_missing": ("{cell}: не записан контракт (тур {round}, стол {table})",
                                 "{cell}: the contract is missing (round {round}, table {table})"),
    "results.contract_bad": ("{cell}: контракт {value} не понят: уровень 6–10 и масть (♠ ♣ ♦ ♥ или БК), «мизер», "
                             "«—» для распасов; или «не сыграна», «испорчена», «корр»",
                             "{cell}: contract {value} is not understood: a level 6–10 and a suit (♠ ♣ ♦ ♥ or "
                             "NT), \"misere\", \"—\" for all-pass; or \"not played\", \"spoiled\", \"adjusted\""),
    "results.contract_rules": ("{cell}: {detail}", "{cell}: {detail}"),
    "results.allpass_hand": ("{cell}: на распасах {hand}-я рука — {seat}, а не {found}",
                             "{cell}: on all-pass hand {hand} is {seat}, not {found}"),
    "results.tricks_missing": ("{cell}: не записаны взятки {seat} (число, «пас» или «пол»)",
                               "{cell}: the tricks of {seat} are missing (a number, \"pass\" or \"half\")"),
    "results.seat_bad": ("{cell}: позиция {value} — пишите N, E, S или W (С, В, Ю, З)",
                         "{cell}: seat {value} — expected N, E, S or W"),
    "results.tricks_bad": ("{cell}: взятки {value} — пишите 0–10, «пас» или «пол»",
                           "{cell}: tricks {value} — expected 0–10, \"pass\" or \"half\""),
    "results.outcome": ("{cell}: {detail}", "{cell}: {detail}"),
    "results.declarer_missing": ("{cell}: не записана позиция разыгрывающего", "{cell}: the declarer's seat is missing"),
    "results.whists_nan": ("{cell}: висты {value} — не число", "{cell}: whists {value} is not a number"),
    "results.whists_range": ("{cell}: висты {value} — вне разумных пределов (±{limit})",
                             "{cell}: whists {value} are out of range (±{limit})"),
    "results.whists_partial": ("{cell}: не записаны висты {seats} (заполните все или ни одного)",
                               "{cell}: whists of {seats} are missing (fill all or none)"),
    "results.whists_sum": ("{cell}: сумма вистов {total}, а должна быть 0", "{cell}: whists sum to {total}, expected 0"),
    "results.whists_differ": ("{cell}: висты не сходятся с расчётом для {contract}: {detail}",
                              "{cell}: whists differ from the {contract} result: {detail}"),
    "results.whists_pair": ("{seat} записано {written}, по расчёту {computed}",
                            "{seat} written {written}, computed {computed}"),
    "results.trust_written": ("{cell}: оставлены записанные висты (--trust written)",
                              "{cell}: written whists kept (--trust written)"),
    "results.trust_computed": ("{cell}: взяты вычисленные висты (--trust computed)",
                               "{cell}: computed whists used (--trust computed)"),
    "results.adjusted_pct": ("{cell}: корректировка для {seat}: нужен процент 0–100, а написано {value}",
                             "{cell}: adjusted score for {seat}: expected a percentage 0–100, found {value}"),
    "results.same_output": ("результаты записались бы поверх входной книги {path}; выберите другую папку",
                            "the results would overwrite the input workbook {path}; choose another output folder"),
    "results.provisional_hint": ("незаполненных строк: {n}; промежуточные итоги по уже внесённым строкам — "
                                 "с ключом --provisional",
                                 "{n} {n:row is|rows are} not filled; provisional results of the rows entered so "
                                 "far: --provisional"),
    "results.workbook_blank": ("в книге не заполнено ни одной строки ({n} {n:строка|строки|строк} в {deals} "
                               "{deals:сдаче|сдачах|сдачах}); для промежуточных итогов — ключ --provisional",
                               "no row of the workbook is filled ({n} {n:row|rows} in {deals} {deals:deal|deals}); "
                               "for provisional results: --provisional"),
    "results.deal_blank": ("{cell}: протокол сдачи не заполнен — ни одной из {n} {n:строки|строк|строк}",
                           "{cell}: the deal's protocol is not filled — none of its {n} {n:row|rows}"),
    "results.status_ignores_rows": ("{cell}: статус {status}, но в {n} {n:строке|строках|строках} записаны "
                                    "результаты — они не учтены",
                                    "{cell}: the status is {status}, but {n} {n:row holds|rows hold} results — "
                                    "they are not counted"),
    "results.defender_missing": ("{cell}: не {n:записан|записаны|записаны} {n:защитник|защитники|защитники} "
                                 "{seats}: позиция и взятки, «пас» или «пол»",
                                 "{cell}: {n:defender|defenders} {seats} {n:is|are} not written: the seat and the "
                                 "tricks, \"pass\" or \"half\""),
    # notes on published rows and pages
    "results.note_not_played": ("не сыграна за этим столом", "not played at this table"),
    "results.note_spoiled": ("испорчена за этим столом", "spoiled at this table"),
    "results.note_deal_not_played": ("сдача не сыграна", "the deal was not played"),
    "results.note_deal_spoiled": ("сдача испорчена", "the deal was spoiled"),
    "results.note_adjusted": ("корректировка судьи: {detail:,}", "director's adjusted score: {detail:,}"),
    "results.note_pct": ("{seat} {percent}%", "{seat} {percent}%"),
    "results.rulings_title": ("Решения судьи", "Director's rulings"),
    "results.pending": ("Ещё не {n:подсчитана|подсчитаны|подсчитано} {n} {n:сдача|сдачи|сдач}: {deals}",
                        "Not yet scored: {n} {n:deal|deals}: {deals}"),
    "results.partial": ("Подсчитаны по внесённым строкам: {groups}", "Scored over the rows entered so far: {groups}"),
    "results.partial_group": ("{n:сдача|сдачи|сдачи} {deals} — {rows} из {of} {of:строки|строк|строк}",
                              "{n:deal|deals} {deals}: {rows} of {of} {of:row|rows}"),
    "results.none_pending": ("Подсчитаны все сдачи", "Every deal is scored"),
    "results.provisional": ("Предварительные итоги на {time}", "Provisional results as of {time}"),
    # ------------------------------------------------------------------ publish
    "publish.session_pending": ("{session}: {text}", "{session}: {text}"),
    "publish.absent": ("Не {n:участвует|участвуют|участвуют} в этой сессии: {players}",
                       "Not playing this session ({n}): {players}"),
    # ------------------------------------------------------------------ output folders and the kit
    "outdir.not_folder": ("{path} — файл, а не папка; выберите другую папку для вывода",
                          "{path} is a file, not a folder; choose another output folder"),
    "outdir.cannot_write": ("не удаётся писать в {path}: {reason}", "cannot write to {path}: {reason}"),
    "outdir.locked": ("в {path} сейчас пишет другой запуск prefprint; дождитесь его окончания",
                      "another prefprint run is writing to {path}; wait for it to finish"),
    "outdir.holds_input": ("папка вывода {folder} содержит входной файл {path}; выберите другую папку",
                           "the output folder {folder} holds the input {path}; choose another folder"),
    "outdir.foreign": ("папка {path} не пуста и создана не prefprint; выберите пустую или новую папку",
                       "the folder {path} is not empty and was not written by prefprint; choose an empty or "
                       "new folder"),
    "outdir.interrupted": ("прервано; в {path} ничего не изменено", "interrupted; nothing changed in {path}"),
    "kit.workbook_filled": ("{path} уже содержит результаты ({n} {n:заполненная строка|заполненные строки|"
                            "заполненных строк}); книга не перезаписана — ключ --force перезапишет её, или "
                            "выберите другую папку",
                            "{path} holds results ({n} filled {n:row|rows}); it was not overwritten — --force "
                            "overwrites it, or choose another folder"),
    # ------------------------------------------------------------------ rulings
    "rulings.where_line": ("{path}, строка {line}, {key}", "{path}, line {line}, {key}"),
    "rulings.where": ("{path}, {key}", "{path}, {key}"),
    "rulings.toml": ("{path}: не TOML ({detail})", "{path}: not valid TOML ({detail})"),
    "rulings.unreadable": ("файл решений не читается: {detail}", "cannot read the rulings: {detail}"),
    "rulings.not_list": ("{path}: rulings — это записи [[rulings]]", "{path}: rulings must be [[rulings]] entries"),
    "rulings.not_table": ("{where}: нужна запись с ключами kind, reason, …", "{where}: expected a table with kind, "
                          "reason, …"),
    "rulings.kind": ("{where}: вид решения {value} не известен; бывают: {kinds}",
                     "{where}: kind {value} is not known; known: {kinds}"),
    "rulings.unknown_key": ("{where}: ключ {key} не бывает у решения «{kind}»; есть: {keys}",
                            "{where}: key {key} does not belong to a \"{kind}\" ruling; known: {keys}"),
    "rulings.missing": ("{where}: нет ключа {key}", "{where}: missing key {key}"),
    "rulings.range": ("{where}: {key} — целое число {low}–{high}, а написано {value}",
                      "{where}: {key} must be a whole number {low}–{high}, found {value}"),
    "rulings.amount": ("{where}: {key} — число до {high}, а написано {value}",
                       "{where}: {key} must be a number up to {high}, found {value}"),
    "rulings.seat": ("{where}: позиция {value} — пишите {seats}", "{where}: seat {value} — expected {seats}"),
    "rulings.seats": ("{where}: seats — список позиций, например [\"N\", \"E\"]",
                      "{where}: seats must be a list of seats, e.g. [\"N\", \"E\"]"),
    "rulings.deals": ("{where}: deals — список номеров сдач 1–{n}, а написано {value}",
                      "{where}: deals must be a list of deal numbers 1–{n}, found {value}"),
    "rulings.reason_missing": ("{where}: нужна причина (reason) — она печатается в итогах",
                               "{where}: a reason is needed — it is printed with the results"),
    "rulings.reason_bad": ("{where}: причина — одна строка текста до {limit} знаков, а написано {value}",
                           "{where}: the reason must be one line of text up to {limit} characters, found {value}"),
    "rulings.which_seat": ("{where}: укажите игрока (player) или тур, стол и позицию (round, table, seat)",
                           "{where}: name the player, or the round, table and seat"),
    "rulings.which_player": ("{where}: укажите игрока (player) или сдачу, тур, стол и позицию",
                             "{where}: name the player, or the deal, round, table and seat"),
    "rulings.mp_or_percent": ("{where}: укажите или mp (матчпункты), или percent (процент от макс), одно из двух",
                              "{where}: give either mp (matchpoints) or percent (of a top), one of the two"),
    "rulings.factoring": ("{path}: scoring.factoring {value} не известен; бывают: {known}",
                          "{path}: scoring.factoring {value} is not known; known: {known}"),
    "rulings.no_player": ("{where}: игрока {player} нет {scope}", "{where}: no player {player} {scope}"),
    "rulings.no_row": ("{where}: в туре {round} стол {table} не играет сдачу {deal}",
                       "{where}: round {round}, table {table} does not play deal {deal}"),
    "rulings.no_player_row": ("{where}: игрока {player} нет в протоколе сдачи {deal}", "{where}: player {player} did not "
                              "play deal {deal}"),
    "rulings.not_at_table": ("{where}: игрока {player} не было за столом {table} в туре {round} (там {seats})",
                             "{where}: player {player} did not sit at table {table} in round {round} ({seats} did)"),
    "rulings.seat_player": ("{where}: на позиции {seat} записан игрок {written}, а не {player}",
                            "{where}: player {written} is written in seat {seat}, not {player}"),
    "rulings.twice": ("{where}: у {seat} в этой строке уже есть корректировка ({other})",
                      "{where}: {seat} of this row already has an adjusted score ({other})"),
    "rulings.pending": ("{where}: строка этого решения в сдаче {deal} ещё не внесена — решение будет учтено, "
                        "когда её внесут", "{where}: the row of this ruling on deal {deal} is not entered yet — the "
                        "ruling counts once it is"),
    "rulings.note_adjusted": ("корректировка судьи в сдаче {deal}: {seat} (игрок {player}) — {percent}% от макс; {reason}",
                              "director's adjusted score on deal {deal}: {seat} (player {player}) — {percent}% of the top; "
                              "{reason}"),
    "rulings.note_penalty": ("штраф игроку {player}: −{mp} МП; {reason}",
                             "penalty to player {player}: −{mp} MP; {reason}"),
    "rulings.note_time": ("штраф за время игроку {player} (тур {round}, стол {table}): −{mp} МП; {reason}",
                          "time penalty to player {player} (round {round}, table {table}): −{mp} MP; {reason}"),
    # ------------------------------------------------------------------ solver (double-dummy analysis)
    "solver.title": ("{title}: что позволяли карты (двойной болван, лучший снос)",
                     "{title}: what the cards allowed (double dummy, best discard)"),
    "solver.deal4": ("Сдача {number} · сдаёт {dealer} · первая рука {first}",
                     "Deal {number} · dealer {dealer} · first hand {first}"),
    "solver.deal3": ("Сдача {number} · первая рука {first}", "Deal {number} · first hand {first}"),
    "solver.declarer": ("играет", "declarer"),
    "solver.no_trump": ("БК", "NT"),
    "solver.misere": ("мизер", "misère"),
    "solver.clean": ("чистый", "clean"),
    "solver.caught": ("ловится", "caught"),
    "solver.caught_n": ("ловится на {n} {n:взятку|взятки|взяток}", "caught for {n} {n:trick|tricks}"),
    "solver.legend": ("Числа — сколько взяток берёт играющий в этой масти при лучшем сносе и лучшей игре "
                      "обеих сторон с открытыми картами. Распасы двойным болваном не решаются: там каждый "
                      "из трёх играет сам за себя.",
                      "Numbers: the tricks the declarer takes in that strain with the best discard and best "
                      "play by both sides, all cards seen. All-pass has no double-dummy answer: each of the "
                      "three plays for himself."),
    "solver.skipped": ("без расклада, пропущены: {numbers}", "no layout, skipped: {numbers}"),
    "solver.nothing": ("нет сдач с известным раскладом", "no deal with a known layout"),
    "solver.progress": ("Анализ сдач", "Analysing deals"),
    "solver.session": ("сессия {n}", "session {n}"),
    "solver.unsaved": ("кэш анализа не записан ({why}); в следующий раз сдачи будут решены заново",
                       "the analysis cache was not written ({why}); the deals will be solved again next time"),
    "solver.bad_jobs": ("--jobs: нужно число от 1, а не {n}", "--jobs: expected a number from 1, not {n}"),
    # ------------------------------------------------------------------ makeable (analysis in the kit and results)
    "makeable.solving": ("анализ раскладов (двойной болван): {n} {n:сдача|сдачи|сдач}…",
                         "double-dummy analysis: {n} {n:deal|deals}…"),
    "makeable.step": ("  решено {done} из {n}", "  {done} of {n} solved"),
    "makeable.done": ("  анализ готов за {seconds} с: {solved} {solved:задача решена|задачи решены|задач решено}, "
                      "{cached} из кэша",
                      "  analysis done in {seconds} s: {solved} {solved:problem|problems} solved, {cached} from the "
                      "cache"),
    "makeable.cached": ("анализ раскладов: {n} {n:сдача|сдачи|сдач} из кэша", "analysis: {n} {n:deal|deals} from the cache"),
    "makeable.session": ("сессия {n}:", "session {n}:"),
    # ------------------------------------------------------------------ costs (the cost-of-game sheet)
    "costs.short_when": ("Недобор виста платят, только если игра сыграна, а защита взяла меньше обязательных взяток.",
                         "A whist shortfall is paid only when the contract is made and the defence took fewer "
                         "tricks than it must."),
    "costs.short_lone": ("Вистовал один — он платит за весь недобор.",
                         "One whister: he pays for the whole shortfall."),
    "costs.short_split": ("Вистовали двое, на {levels}: у каждого своя доля ({shares}), и каждый платит только за "
                          "взятки, которых сам не добрал до своей доли.",
                          "Two whisters, on {levels}: each has his own share ({shares}) and pays only for the "
                          "tricks he himself took short of it."),
    "costs.short_share_item": ("на {level} — {n} {n:взятка|взятки|взяток}",
                               "on {level}: {n} {n:trick|tricks}"),
    "costs.short_second": ("Вистовали двое, на {levels}: за весь недобор платит второй вистующий (справа от "
                           "разыгрывающего).",
                           "Two whisters, on {levels}: the second whister (on the declarer's right) pays for the "
                           "whole shortfall."),
    "costs.rounding_3": ("За столом на троих результаты округлены до {step}: сумма по столу может отличаться от 0 "
                         "на ±{step}.",
                         "At a table of 3 results are rounded to {step}: a table may sum to ±{step} instead of 0."),
    # ------------------------------------------------------------------ movement
    "movement.table_size": ("стол — на 4 или на 3 игрока, а не на {value}", "table size must be 4 or 3, not {value}"),
    "movement.players": ("участников должно быть от {low} до {high} за столами по {k}, а не {value}",
                   "players must be from {low} to {high} at tables of {k}, not {value}"),
    "movement.method": ("способ движения — один из: {methods}; {value} не подходит",
                  "method must be one of {methods}, not {value}"),
    "movement.rounds": ("туров может быть от {low} до {full} (полный круг) для {players} "
                  "{players:участника|участников|участников}, а не {value}",
                  "rounds must be from {low} to {full} (the full circle) for {players} players, not {value}"),
    "movement.rounds_once": ("за {value} {value:тур|тура|туров} часть комплектов сыграл бы только один стол; "
                       "нужно не меньше {low} {low:тура|туров|туров}",
                       "in {value} {value:round|rounds} some sets would be played at one table only; "
                       "play at least {low} rounds"),
    "movement.standard": ("стандартное движение требует T столов с НОД(T, 6) = 1 и T ≥ 5 (20, 28, 44, … участников "
                    "за столами по {k}); {players} {players:участник|участника|участников} не подходят",
                    "the standard movement needs T tables with gcd(T, 6) = 1 and T >= 5 (20, 28, 44, ... players "
                    "at tables of {k}); {players} players do not fit"),
    "movement.field": ("совершенное движение по конечному полю есть для {examples}… столов по {k}; "
                 "{players} {players:участник|участника|участников} не подходят",
                 "a perfect movement from a finite field exists for {examples}... tables of {k}; "
                 "{players} players do not fit"),
    "movement.scheme": ("схемы из книги есть для {sizes} участников за столами по 4; не для {players} за столами по {k}",
                  "book schemes exist for {sizes} players at tables of 4; not for {players} at tables of {k}"),
    "movement.skip": ("движение с пропусками требует числа участников, кратного {k}; {players} не кратно "
                "(попробуйте --method search или rooms)",
                "the skip movement needs a multiple of {k} players; {players} is not "
                "(try --method search or rooms)"),
    "movement.no_rests": ("отдыхать никому не нужно: {players} {players:участник|участника|участников} "
                    "занимают {tables} {tables:стол|стола|столов} целиком",
                    "nobody needs to rest: {players} players fill {tables} tables"),
    "movement.method_none": ("способом «{method}» движение для {players} {players:участника|участников|участников} "
                       "за столами по {k} не строится",
                       "no {method} movement for {players} players at tables of {k}"),
    "movement.rooms_sum": ("комнаты {sizes} = {total} {total:участник|участника|участников}, а участников {players}",
                     "rooms {sizes} = {total} players, expected {players}"),
    "movement.rooms_small": ("в комнате должно быть не меньше {low} участников; комнаты по {sizes} слишком малы",
                       "a room needs at least {low} players; rooms of {sizes} are too small"),
    "movement.rooms_none": ("{players} {players:участника|участников|участников} нельзя разбить на комнаты, где "
                      "в каждой совершенное движение или схема из книги (столы по {k})",
                      "{players} players cannot be split into rooms that each play a perfect movement or a book "
                      "scheme at tables of {k}"),
    "movement.refused": ("для {players} {players:участника|участников|участников} за столами по {k} нет движения, где "
                   "каждый комплект играют хотя бы два стола; подходят: {nearby}",
                   "{players} players at tables of {k}: no movement plays every set at two tables or more; "
                   "fields that work: {nearby}"),
    "movement.by_lines": ("вторая сессия по линиям требует хотя бы двух линий по {low} и больше участников; "
                    "в линиях {sizes}",
                    "a second session by lines needs at least two lines of {low} players or more; lines have {sizes}"),
    "movement.absent_unknown": ("отсутствующих {numbers} не было в первой сессии", "absent players {numbers} did not play the first session"),
    "movement.numbers": ("номеров игроков {given}, а участников {players}; номера должны быть разными и больше нуля",
                   "{given} player numbers for {players} players; numbers must be distinct and positive"),
    "movement.by_lines_rooms": ("для второй сессии по линиям комнаты задаются линиями; --rooms не нужен",
                          "the second session by lines makes its rooms from the lines; do not give rooms"),
    # notes: how the movement was chosen (director's sheet, `prefprint movement`)
    "movement.auto_standard": ("Стандартное движение на {tables} {tables:столе|столах|столах}: N сидит, {moves}, "
                      "комплекты −1.",
                      "Standard movement on {tables} tables: N stays, {moves}, sets −1."),
    "movement.auto_field": ("Движение на {tables} {tables:столе|столах|столах}, где каждый комплект играется за каждым "
                   "столом. Переходы меняются от тура к туру — смотрите инструкции на столах.",
                   "Movement on {tables} tables where every set is played at every table. The moves change from "
                   "round to round: see the table cards."),
    "movement.auto_search": ("Движение подобрано поиском: {tables} {tables:стол|стола|столов}; такого, где все игроки "
                    "разных линий встречаются ровно один раз, для этого числа столов нет, встречи распределены как "
                    "можно ровнее.",
                    "Searched movement: {tables} tables; no movement where all players of different lines meet "
                    "exactly once exists for this many tables, meetings are spread as evenly as possible."),
    "movement.meet_at_most_once": ("Игроки разных линий встречаются не больше одного раза; {never} {never:пара|пары|пар} "
                          "не встретятся.",
                          "Players of different lines meet at most once; {never} {never:pair|pairs} will not meet."),
    "movement.auto_rotation": ("Движение подобрано поиском: игроки меняют места и столы, так что почти каждый встречается "
                      "с каждым; {sets} {sets:комплект|комплекта|комплектов}, каждый играют не меньше двух столов.",
                      "Searched movement: players change seats and tables so that nearly everybody meets everybody; "
                      "{sets} sets, each played at two tables or more."),
    "movement.auto_scheme": ("Специальная схема из книги для {players} участников (маршруты и ряд комплектов по таблице).",
                    "The book's special scheme for {players} players (routes and set row as in the seed's table)."),
    "movement.auto_skip": ("При {tables} столах стандартное движение невозможно; линия переходит ещё на один стол в туре, "
                  "где она встретила бы уже сыгранные комплекты (пропуск; дополнительных переходов: {skips}).",
                  "{tables} tables do not allow the standard movement; a line moves one extra table in a round "
                  "where it would meet sets it has played (skip; {skips} extra moves)."),
    "movement.auto_rooms": ("Игроки разбиты на комнаты по {sizes_text} {last:игрок|игрока|игроков}, в каждой своё движение; комнаты играют "
                   "одни и те же комплекты и передают коробки друг другу.",
                   "The field is split into rooms of {sizes_text} {last:player|players}, each with a movement of its own; the rooms "
                   "play the same sets and pass the boxes to each other."),
    "movement.rest_spot": ("Одно место без N ({tables} {tables:стол|стола|столов} из {positions}): кто приходит туда, "
                  "отдыхает; каждый отдыхает не больше одного раза.",
                  "One position without N ({tables} tables of {positions}): whoever comes there rests; "
                  "everybody rests at most once."),
    "movement.rest_substitutes": ("В {n:линии|линиях|линиях} {lines_text} {n:один лишний игрок|по одному лишнему игроку|"
                         "по одному лишнему игроку}: в каждом туре один игрок линии отдыхает, лишний садится на его "
                         "место; каждый отдыхает не больше одного раза.",
                         "{n:Line|Lines} {lines_text} {n:has one extra player|have one extra player each}: each round "
                         "one player of the line rests and the extra player takes his seat; everybody rests at most once."),
    "movement.auto_choice": ("Выбрано из {n} {n:варианта|вариантов|вариантов}: {reason}.",
                    "Chosen from {n} {n:candidate|candidates}: {reason}."),
    "movement.why_only": ("другого движения для этого числа участников нет", "no other movement fits this field"),
    "movement.why_perfect": ("все пары игроков разных линий встречаются ровно один раз",
                    "every two players of different lines meet exactly once"),
    "movement.why_book": ("схема из книги, как в правилах", "the book's scheme, as the rules give it"),
    "movement.why_fairest": ("меньше всего лишних и несостоявшихся встреч ({excess} % и {never} %)",
                    "the fewest excess and missed meetings ({excess} % and {never} %)"),
    "movement.why_rules": ("единственный, что соблюдает правила; {others}",
                  "the only one that keeps the rules; {others}"),
    "movement.why_rules_other": ("{method}: {misses}", "{method}: {misses}"),
    "movement.why_limit": ("единственный, где лишних встреч не больше {limit} % ({excess} %)",
                  "the only one with at most {limit} % excess meetings ({excess} %)"),
    "movement.hint_tables_of_3": ("За столами по три эти участники сыграли бы совершенное движение на {tables} "
                         "{tables:столе|столах|столах}.",
                         "At tables of 3 this field would play a perfect movement on {tables} tables."),
    "movement.hint_tables_of_4": ("За столами по четыре эти участники сыграли бы совершенное движение на {tables} "
                         "{tables:столе|столах|столах}.",
                         "At tables of 4 this field would play a perfect movement on {tables} tables."),
    "movement.forced_method": ("Способ выбран судьёй: {method}.", "Method chosen by the director: {method}."),
    "movement.forced_rooms": ("Комнаты заданы судьёй: {sizes_text} {last:игрок|игрока|игроков}.", "Rooms set by the director: {sizes_text} {last:player|players}."),
    "movement.early_stop": ("Сессия остановлена раньше: {rounds} {rounds:тур|тура|туров} из {full}.",
                   "Early stop: {rounds} of {full} rounds."),
    "movement.second_session": ("Вторая сессия по линиям: комнаты бывших N, E, S, W ({sizes_text} {last:игрок|игрока|игроков}); комнаты "
                       "играют одни и те же комплекты, каждая сдача сравнивается по всему залу.",
                       "Second session by lines: rooms of former N, E, S, W ({sizes_text} {last:player|players}); the rooms play "
                       "the same sets, so every deal is compared across the whole field."),
    "movement.absent": ("Не играют во второй сессии: {numbers_text}.", "Not playing the second session: {numbers_text}."),
    # the movement as text (`prefprint movement`)
    "movement.nearby_both": ("{sizes}; {other}", "{sizes}; {other}"),
    "movement.nearby_other": ("{players} за столами по {k}", "{players} at tables of {k}"),
    "movement.text_head": ("{players} {players:участник|участника|участников}, столы по {k}: {tables} "
                     "{tables:стол|стола|столов}, {sets} {sets:комплект|комплекта|комплектов}, {rounds} из {full} "
                     "{full:тура|туров|туров}; движение: {method}",
                     "{players} players, tables of {k}: {tables} tables, {sets} sets, {rounds} of {full} rounds; "
                     "method: {method}"),
    "movement.text_room": ("комната {room}: игроки {players}, столы {tables}, {method}",
                     "room {room}: players {players}, tables {tables}, {method}"),
    "movement.text_round": ("Тур {n}", "Round {n}"),
    "movement.text_table": ("стол {table:>3}  комплект {set:>3}{copy}   {seats}", "table {table:>3}  set {set:>3}{copy}   {seats}"),
    "movement.text_copy": (" (копия {copy})", " (copy {copy})"),
    "movement.text_resting": ("отдыхают: {players}", "resting: {players}"),
    "movement.text_meetings": ("Встречи (раз: пар): {histogram}", "Meetings (times: pairs): {histogram}"),
    "movement.text_per_player": ("Комплектов на игрока: {sets}; отдыхов на игрока: {rests}",
                           "Sets per player: {sets}; rests per player: {rests}"),
    "movement.text_quality": ("{whom}: не встречались {never}, один раз {once}, чаще {more}; каждый комплект играют "
                        "{plays} {plays_hi:стол|стола|столов}; лишних встреч {excess} %",
                        "{whom}: never met {never}, once {once}, more often {more}; each set is played at {plays} "
                        "{plays_hi:table|tables}; excess meetings {excess} %"),
    "movement.text_lines": ("Пары игроков разных линий", "Pairs of players of different lines"),
    "movement.text_all": ("Пары игроков", "Pairs of players"),
    "movement.text_lines_rooms": ("Пары игроков разных линий одной комнаты", "Pairs of players of different lines in one room"),
    "movement.text_rooms": ("Пары игроков одной комнаты", "Pairs of players in one room"),
    "movement.text_apart": ("пар игроков разных комнат (не встречаются по замыслу): {apart}",
                   "pairs of players in different rooms (never meet, by design): {apart}"),
    "movement.text_warning": ("Внимание: {text}", "Warning: {text}"),
    "movement.text_copies": ("Копий коробок на комплект: {copies}", "Copies of the boxes per set: {copies}"),
    "movement.text_pass": ("после тура {after}: комната {from_room}, стол {from_table} → комната {to_room}, стол "
                     "{to_table}: комплект {set}{copy}",
                     "after round {after}: room {from_room}, table {from_table} → room {to_room}, table {to_table}: "
                     "set {set}{copy}"),
    "movement.text_passes": ("Коробки переходят из комнаты в комнату:", "Boxes pass from room to room:"),
    "movement.compare_head": ("Варианты для {players} {players:участника|участников|участников} за столами по {k}:",
                        "Candidates for {players} players at tables of {k}:"),
    "movement.compare_columns": ("способ|туров|сдач|не встр.|1 раз|чаще|столов на компл.|отдыхов|лишних, %",
                           "method|rounds|deals|never|once|more|set plays|rests|excess %"),
    "movement.compare_rotating": ("{method}, места меняются", "{method}, seats change"),
    "movement.compare_chosen": ("Выбрано: {method} — {reason}.", "Chosen: {method} — {reason}."),
    "movement.compare_apart": ("в разн. комн.", "apart"),
    "movement.compare_apart_note": ("«в разн. комн.» — пары игроков разных комнат: они не встречаются; выбор считает "
                           "их несостоявшимися встречами.",
                           "\"apart\": pairs of players in different rooms, who never meet; the choice counts them "
                           "as missed meetings."),
    # the director's sheet: quality of the movement, copies, boxes between rooms
    "movement.mq_title": ("Качество движения", "Quality of the movement"),
    "movement.mq_rounds": ("Туров", "Rounds"),
    "movement.mq_rounds_value": ("{rounds} из {full}", "{rounds} of {full}"),
    "movement.mq_pairs": ("{whom}: не встречаются / один раз / чаще", "{whom}: never / once / more often"),
    "movement.mq_apart": ("Пары игроков разных комнат (не встречаются по замыслу)",
                 "Pairs of players of different rooms (never meet, by design)"),
    "movement.mq_set_plays": ("Столов, играющих каждый комплект", "Tables playing each set"),
    "movement.mq_rests": ("Отдыхов на игрока", "Rests per player"),
    "movement.mq_excess": ("Лишние встречи (сверх ровного числа)", "Excess meetings (over an even share)"),
    "movement.mq_perfect": ("Совершенное движение: все пары игроков разных линий встречаются ровно один раз.",
                   "A perfect movement: every two players of different lines meet exactly once."),
    "movement.mq_even": ("Пары встречаются поровну: каждая по {n} {n:разу|раза|раз}.",
                "Pairs meet equally often: {n} {n:time|times} each."),
    "movement.mq_ok": ("Правила соблюдены: каждый комплект играют не меньше двух столов, отдыхи ровные.",
              "The rules are kept: every set is played at two tables or more, rests are even."),
    "movement.mq_copies": ("Приготовьте копии коробок: {text}.", "Prepare copies of the boxes: {text}."),
    "movement.mq_copies_item": ("комплекты {sets} — по {n} {n:копии|копии|копий}", "sets {sets}: {n} copies each"),
    "movement.mq_copies_why": ("Несколько столов играют один комплект в одном туре; каждая копия ходит своим маршрутом, "
                      "номер копии — в инструкции стола; протокол напечатан на каждую копию.",
                      "Several tables play one set in one round; each copy travels its own route, the copy number "
                      "is on the table card; a protocol is printed for each copy."),
    "movement.mq_passes": ("Коробки, которые переходят из комнаты в комнату", "Boxes that pass from room to room"),
    "movement.mq_passes_columns": ("После тура|Комплект|Копия|Откуда: комната, стол|Куда: комната, стол|К туру",
                          "After round|Set|Copy|From: room, table|To: room, table|For round"),
    "movement.mq_pass_place": ("{room}, {table}", "{room}, {table}"),
    "movement.mq_pass_slot": ("{room}, {table}, поз. {slot}", "{room}, {table}, slot {slot}"),
    "movement.mq_passes_slots": ("«поз.» — позиция в ряду комплектов у судьи этой комнаты: стол берёт комплект из неё и "
                        "возвращает туда; коробку переносят из позиции ряда одной комнаты в позицию ряда другой к "
                        "указанному туру.",
                        "\"slot\": the position in the room's row of sets at the director's: the table takes the set "
                        "from it and returns it there; the box is carried from the slot of one room's row to the slot of "
                        "the other's in time for the round shown."),
    "movement.mq_room_players": ("{players} ({n})", "{players} ({n})"),
    "movement.mq_room_lines": ("бывшие {lines}: {players} ({n})", "former {lines}: {players} ({n})"),
    "movement.mq_plan_late": ("План времени: {rounds} {rounds:тур|тура|туров} кончаются в {end} — после полуночи "
                     "({hours} ч {minutes} мин игры). Подумайте о меньшем числе туров (rounds в [movement]).",
                     "Time plan: {rounds} rounds end at {end}, past midnight ({hours} h {minutes} min of play). "
                     "Consider fewer rounds (rounds in [movement])."),
    "movement.mq_plan_long": ("План времени: {rounds} {rounds:тур|тура|туров} займут {hours} ч {minutes} мин (до {end}). "
                     "Подумайте о меньшем числе туров (rounds в [movement]).",
                     "Time plan: {rounds} rounds take {hours} h {minutes} min (until {end}). "
                     "Consider fewer rounds (rounds in [movement])."),
    "movement.mq_dealt": ("Расклады сдаются за столами. Каждую сдачу перед тем туром, когда её играют впервые, "
                 "тасует и раскладывает стол, который играет её первым, и записывает расклад в протокол "
                 "(это сказано в инструкции стола). Дайте этим столам колоды и протоколы.",
                 "Deals are dealt at the tables. Before the round in which a deal is first played, the table that "
                 "plays it first shuffles, deals it into the box and writes the layout on its protocol (its table "
                 "card says so). Give those tables decks and the protocols."),
    "movement.mq_dealt_copies": ("Комплекты {sets} играются в нескольких копиях: их раскладывает судья до начала — "
                        "перетасовывает и раскладывает первую копию, по ней собирает остальные и записывает расклад "
                        "в протоколы всех копий.",
                        "Sets {sets} are played in several copies: the director deals them before play — shuffles "
                        "and deals the first copy, makes the others from it and writes the layout on the protocols "
                        "of every copy."),
    # table cards: symbols explained with the card's own example, dealing at the table
    "movement.card_copy": ("«{set}·{copy}» — комплект {set}, копия {copy}: у комплекта несколько копий коробок, "
                  "берите коробки с этим номером копии.",
                  "\"{set}·{copy}\": set {set}, copy {copy} — the set has several copies of its boxes; take the "
                  "boxes marked with this copy."),
    "movement.card_slot": ("«позиция {slot} ряда» — комплект берут из {slot}-й позиции ряда комплектов у судьи "
                  "и после тура возвращают туда же.",
                  "\"slot {slot} of the row\": take the set from slot {slot} of the director's row of sets and "
                  "return it there after the round."),
    "movement.card_rest_next": ("«→ отдых → {where}» — следующий тур отдыхает, потом идёт на стол {table}, место {seat}.",
                       "\"→ rest → {where}\": rests next round, then goes to table {table}, seat {seat}."),
    "movement.card_rest": ("«→ отдых» — следующий тур отдыхает.", "\"→ rest\": rests next round."),
    "movement.card_deal_item": ("комплект {set} — перед {round}-м туром", "set {set} before round {round}"),
    "movement.card_deal_4": ("Расклады сдаёт этот стол ({items}). Для каждой сдачи комплекта перетасуйте колоду, "
                    "разложите по 10 карт в карманы трёх играющих, прикуп (2 карты: верхняя, нижняя) — в карман "
                    "сдающего; запишите расклад в протокол сдачи и только потом начинайте игру.",
                    "This table deals ({items}). For each deal of the set shuffle a deck, put 10 cards in the "
                    "pockets of the three active players and the talon (2 cards: top, bottom) in the dealer's "
                    "pocket; write the layout on the deal's protocol, then start play."),
    "movement.card_deal_3": ("Расклады сдаёт этот стол ({items}). Для каждой сдачи комплекта перетасуйте колоду, "
                    "разложите по 10 карт в карманы N, E, S, прикуп (2 карты: верхняя, нижняя) — в карман W; "
                    "запишите расклад в протокол сдачи и только потом начинайте игру.",
                    "This table deals ({items}). For each deal of the set shuffle a deck, put 10 cards in pockets "
                    "N, E, S and the talon (2 cards: top, bottom) in pocket W; write the layout on the deal's "
                    "protocol, then start play."),
    "movement.protocol_dealt_table": ("Расклад сдаёт стол {table} перед {round}-м туром и записывает его сюда до игры.",
                             "Table {table} deals this deal before round {round} and writes the layout here before play."),
    "movement.protocol_dealt_director": ("Расклад сдаёт судья до начала (у комплекта несколько копий) и записывает его сюда.",
                                "The director deals this deal before play (the set has several copies) and writes "
                                "the layout here."),
    # quality of a movement (director's sheet, --compare)
    "movement.q_sets_once": ("часть комплектов играет только один стол — их нельзя сравнить",
                    "some sets are played at one table only: they cannot be compared"),
    "movement.q_rests": ("отдыхи неравные: от {low} до {high} на игрока", "rests are uneven: {low} to {high} per player"),
    "movement.q_rounds": ("мало туров: {rounds} при {tables} {tables:столе|столах|столах} (нужно не меньше {need})",
                 "few rounds: {rounds} for {tables} tables (at least {need} needed)"),
    "movement.q_excess_never": ("лишних встреч {pct} % (больше {limit} %): {never} {never:пара|пары|пар} не "
                       "{never:встречается|встречаются|встречаются}, другие — до {high} {high:раза|раз|раз}",
                       "{pct} % excess meetings (over {limit} %): {never} {never:pair never meets|pairs never meet}, "
                       "others up to {high} times"),
    "movement.q_excess_uneven": ("лишних встреч {pct} % (больше {limit} %): пары встречаются от {low} до {high} "
                        "{high:раза|раз|раз} (поровну было бы около {even})",
                        "{pct} % excess meetings (over {limit} %): pairs meet from {low} to {high} times "
                        "(an even share would be about {even})"),
    "movement.q_early": ("сессия короче полного круга: {never} {never:пара|пары|пар} игроков не встретятся",
                "the session is shorter than the full circle: {never} pairs of players will not meet"),
    "movement.q_early_rooms": ("сессия короче полного круга: {never} {never:пара|пары|пар} игроков одной комнаты "
                      "не встретятся",
                      "the session is shorter than the full circle: {never} pairs of players in one room will not meet"),
}

KIND_NAMES.update({
    "workbook.sheet_missing": ("нет листа", "sheet missing"),
    "workbook.formula": ("формула без значения", "formula without a value"),
    "results.status_unknown": ("неизвестный статус", "unknown status"),
    "results.status_mixed": ("неизвестный статус", "unknown status"),
    "results.row_not_in_movement": ("строка не по движению", "row not in the movement"),
    "results.row_twice": ("строка дважды", "row twice"),
    "results.row_missing": ("нет строки", "row missing"),
    "results.player_nan": ("номер не число", "number not a number"),
    "results.player_unknown": ("нет такого игрока", "no such player"),
    "results.player_twice_in_row": ("игрок дважды в строке", "player twice in a row"),
    "results.player_two_tables": ("игрок за двумя столами", "player at two tables"),
    "results.player_inconsistent": ("разные игроки в туре", "different players in a round"),
    "results.substitute": ("замена игрока", "substitute"),
    "results.contract_missing": ("нет контракта", "contract missing"),
    "results.deal_blank": ("протокол не заполнен", "protocol not filled"),
    "results.defender_missing": ("нет защитника", "defender missing"),
    "results.contract_bad": ("контракт не понят", "contract not understood"),
    "results.contract_rules": ("контракт не понят", "contract not understood"),
    "results.tricks_missing": ("нет взяток", "tricks missing"),
    "results.seat_bad": ("неверная позиция", "wrong seat"),
    "results.tricks_bad": ("неверные взятки", "wrong tricks"),
    "results.outcome": ("невозможный исход", "impossible outcome"),
    "results.whists_nan": ("висты не число", "whists not a number"),
    "results.whists_partial": ("висты не все", "whists incomplete"),
    "results.whists_sum": ("сумма вистов не 0", "whists not summing to 0"),
    "results.whists_differ": ("висты не сходятся", "whists differ"),
    "results.adjusted_pct": ("неверная корректировка", "wrong adjusted score"),
})
