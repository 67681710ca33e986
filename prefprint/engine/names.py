"""Players' names matched to a club's registry: the same person however an evening spelt the name. Pure Python.

An evening's name matches a registered player silently only where it is the name or one of the
aliases as written (case and spaces aside, and a Latin letter that looks like a Cyrillic one inside a
Cyrillic word — «Иванoв» with a Latin o — read as the letter it looks like, and the other way round).
A close name is a suggestion, never a match: the same letters but ё for е, initials for the first
name («Иванов И.» for «Иванов Иван»), a patronymic more or less («Иванова Полина Сергеевна» for
«Иванова Полина»), the same name in Latin letters («Ivanov Ivan»), or a misspelling (the same name
in Latin letters, or rapidfuzz's similarity of the names in Latin letters, word order aside, at least
`TYPO_SCORE`). Anything else is unknown.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

TYPO_SCORE = 85  # `similarity` of the Latin forms, 0–100

# Cyrillic to Latin as passports and club lists write Russian names (ICAO 9303, with the usual kh, zh, ts)
_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
    "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "iu", "я": "ia",
}  # fmt: skip
# the other spellings of the same sounds, folded to one: "yu"/"ju" = "iu", "ya"/"ja" = "ia", "h" = "kh"
_FOLD = (("shch", "sch"), ("yu", "iu"), ("ju", "iu"), ("ya", "ia"), ("ja", "ia"), ("kh", "h"), ("ts", "c"),
         ("tz", "c"), ("iy", "i"), ("yi", "i"), ("j", "i"), ("y", "i"), ("w", "v"), ("x", "ks"), ("ii", "i"))  # fmt: skip


# Latin letters and the Cyrillic ones they look like (in a word of the other alphabet, one is read as the other)
_LOOKS_LATIN = "aAcCeEoOpPxXyYBHKMT"
_LOOKS_CYRILLIC = "аАсСеЕоОрРхХуУВНКМТ"
_TO_CYRILLIC = str.maketrans(_LOOKS_LATIN, _LOOKS_CYRILLIC)
_TO_LATIN = str.maketrans(_LOOKS_CYRILLIC, _LOOKS_LATIN)
_PATRONYMIC = re.compile(r"(ich|vna|chna)$")  # in Latin letters: Сергеевич, Сергеевна, Ильинична, Фомич


def _cyrillic(c: str) -> bool:
    return "\u0400" <= c <= "\u04ff"


def _latin_letter(c: str) -> bool:
    return c.isascii() and c.isalpha()


def unmixed(name: str) -> str:
    """A name with each word in one alphabet: in «Иванoв» (a Latin o) the o read as the Cyrillic one it looks
    like; a word whose letters of the other alphabet do not all look like letters of its own is kept as is."""

    def word(m: re.Match) -> str:
        w = m.group(0)
        cyr, lat = sum(map(_cyrillic, w)), sum(map(_latin_letter, w))
        if not cyr or not lat:
            return w
        if cyr >= lat and all(c in _LOOKS_LATIN for c in w if _latin_letter(c)):
            return w.translate(_TO_CYRILLIC)
        if lat > cyr and all(c in _LOOKS_CYRILLIC for c in w if _cyrillic(c)):
            return w.translate(_TO_LATIN)
        return w

    return re.sub(r"[^\W\d_]+", word, name)


_CACHED = 16_384  # spellings whose forms are kept: matching compares each name with every registered spelling


@lru_cache(maxsize=_CACHED)
def plain(name: str) -> str:
    """A name as compared for an exact match: NFC, each word in one alphabet, case folded, spaces collapsed."""
    return " ".join(unmixed(unicodedata.normalize("NFC", name)).casefold().split())


def in_latin_letters(name: str) -> bool:
    """The name is written in Latin letters (some of its letters are Latin ones, none Cyrillic)."""
    text = plain(name)
    return any(map(_latin_letter, text)) and not any(map(_cyrillic, text))


def transliterated(text: str) -> str:
    """Text with its Cyrillic letters in Latin ones (as `latin` spells them, nothing folded), in lower case: «Клубный
    вечер, Wien» → "klubnyi vecher, wien"."""
    text = "".join(_LATIN.get(c, c) for c in unicodedata.normalize("NFC", text).lower())
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@lru_cache(maxsize=_CACHED)
def latin(name: str) -> str:
    """A name in folded Latin letters: «Семёнов Юрий» and «Semenov Yuriy» give the same."""
    text = "".join(_LATIN.get(c, c) for c in plain(name))
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    for spelt, same in _FOLD:
        text = text.replace(spelt, same)
    return " ".join(re.sub(r"[^a-z ]", " ", text).split())


@lru_cache(maxsize=_CACHED)
def _words(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[^\W\d_]+", plain(name).replace("ё", "е")))


def initials_agree(short: str, full: str) -> bool:
    """«Иванов И.» (or «И. Иванов») names «Иванов Иван»: the same surname, the other words by their first letters."""
    a, b = _words(short), _words(full)
    if len(a) != len(b) or len(a) < 2 or a == b:
        return False
    for order in (a, a[1:] + a[:1]):
        if all(
            x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y)) for x, y in zip(order, b)
        ):
            return any(len(x) == 1 for x in a) or any(len(y) == 1 for y in b)
    return False


def patronymic_agree(a: str, b: str) -> bool:
    """«Иванова Полина Сергеевна» (or «Иванова Полина С.») names «Иванова Полина»: the same words, one name
    with a patronymic or its initial more."""
    x, y = latin(a).split(), latin(b).split()
    if len(x) < len(y):
        x, y = y, x
    if len(x) != len(y) + 1 or len(y) < 2:
        return False
    return any(
        (len(w) == 1 or _PATRONYMIC.search(w)) and sorted(x[:i] + x[i + 1 :]) == sorted(y) for i, w in enumerate(x)
    )


@dataclass(frozen=True)
class Known:
    """A registered player as matching sees him: his id and every spelling he is known by."""

    id: str
    name: str
    spellings: tuple  # the name and the aliases
    former: tuple = ()  # the ids of registry entries merged into this one


@dataclass(frozen=True)
class Match:
    """What a name is: `exact` (an id), `close` (suggested ids with the reason), or `unknown`."""

    name: str
    kind: str  # exact | close | unknown
    id: str = ""
    suggestions: tuple = ()  # ((id, reason), ...): reason yo | initials | patronymic | latin | typo


class Registry:
    """The club's players, looked up by name: exact spellings at once, close ones by the rules above; `ids` gives
    the player of each id, his own or one of an entry merged into his.

    Close names are looked for through an index of every spelling's forms (`_keys`): a spelling that agrees with
    a name by any rule shares one of the forms the name is looked up by (`_wanted`), so only the players found
    there are tried, each by every rule as before, in the order of the registry; misspellings are found by
    rapidfuzz's own loop at a lower score (`_TYPO_NEAR`) and scored again as `similarity` scores them."""

    def __init__(self, players: list[Known]):
        self.players = {p.id: p for p in players}
        self.ids = {f: p.id for p in players for f in p.former} | {p.id: p.id for p in players}
        self.exact = {plain(s): p.id for p in players for s in p.spellings}
        self._latin = [(latin(s), p.id) for p in players for s in p.spellings]
        self._texts = [text for text, _ in self._latin]
        self._sorted = [" ".join(sorted(text.split())) for text in self._texts]  # as token_sort_ratio sorts
        self._order = {pid: i for i, pid in enumerate(self.players)}
        self._index: dict[tuple, set[str]] = {}
        for p in players:
            self._indexed(p)

    def add(self, player: Known) -> None:
        """One more player, matched from now on (as if he had been given to the constructor)."""
        self.players[player.id] = player
        self._order.setdefault(player.id, len(self._order))
        self.ids.update({f: player.id for f in player.former} | {player.id: player.id})
        for s in player.spellings:
            self.exact.setdefault(plain(s), player.id)
            self._latin.append((latin(s), player.id))
            self._texts.append(latin(s))
            self._sorted.append(" ".join(sorted(latin(s).split())))
        self._indexed(player)

    def _indexed(self, player: Known) -> None:
        for s in player.spellings:
            for key in _keys(s):
                self._index.setdefault(key, set()).add(player.id)

    def match(self, name: str) -> Match:
        """The registered player of `name`, or the players it may be, or nobody."""
        found = self.exact.get(plain(name))
        if found:
            return Match(name, "exact", found)
        suggestions: dict[str, str] = {}
        folded = plain(name).replace("ё", "е")
        near = {pid for key in _wanted(name) for pid in self._index.get(key, ())}
        for pid in sorted(near, key=self._order.__getitem__):
            for spelling in self.players[pid].spellings:
                if plain(spelling).replace("ё", "е") == folded:
                    suggestions.setdefault(pid, "yo")
                elif initials_agree(name, spelling) or initials_agree(spelling, name):
                    suggestions.setdefault(pid, "initials")
                elif patronymic_agree(name, spelling):
                    suggestions.setdefault(pid, "patronymic")
                elif latin(spelling) == latin(name) and latin(name):
                    # «in Latin letters» only of a name written so: «Юри» for «Юрий» is a misspelling
                    suggestions.setdefault(pid, "latin" if in_latin_letters(name) else "typo")
        if not suggestions and latin(name):
            for i in self._misspelt(latin(name)):
                suggestions.setdefault(self._latin[i][1], "typo")
        if suggestions:
            return Match(name, "close", suggestions=tuple(suggestions.items()))
        return Match(name, "unknown")

    def _misspelt(self, text: str) -> list[int]:
        """The spellings (indexes into `_latin`) among the 3 of the highest `similarity` to `text` (the first
        spelt first where the scores are equal) that score at least `TYPO_SCORE`."""
        near = set()
        for query, choices in ((text, self._texts), (" ".join(sorted(text.split())), self._sorted)):
            found = process.extract(query, choices, scorer=fuzz.ratio, score_cutoff=_TYPO_NEAR, limit=None)
            near.update(i for _, _, i in found)
        scored = sorted((-similarity(text, self._texts[i]), i) for i in near)
        return [i for score, i in scored[:3] if -score >= TYPO_SCORE]


_TYPO_NEAR = TYPO_SCORE - 5  # rapidfuzz's own loop keeps these, `similarity` then scores them as it always does


def _first_letters(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w[0] for w in words)


def _keys(spelling: str) -> list[tuple]:
    """The forms a registered spelling is indexed by: one for each rule a name may agree with it by."""
    keys: list[tuple] = [("yo", plain(spelling).replace("ё", "е")), ("latin", latin(spelling))]
    words = _words(spelling)
    if len(words) >= 2:  # initials agree only word by word, each word's first letter the same
        keys.append(("initials", _first_letters(words), any(len(w) == 1 for w in words)))
    x = latin(spelling).split()
    if len(x) >= 2:  # the spelling with a patronymic less
        keys.append(("words", tuple(sorted(x))))
    if len(x) >= 3:  # the spelling with a patronymic more
        keys += [("less", tuple(sorted(x[:i] + x[i + 1 :]))) for i, w in enumerate(x) if _patronymic_like(w)]
    return keys


def _wanted(name: str) -> list[tuple]:
    """The forms of `_keys` a spelling has if it agrees with `name` by any rule."""
    keys: list[tuple] = [("yo", plain(name).replace("ё", "е"))]
    if latin(name):
        keys.append(("latin", latin(name)))
    words = _words(name)
    if len(words) >= 2:  # either's initials, either's words turned round by one (`initials_agree` both ways)
        single = any(len(w) == 1 for w in words)
        for order in {words, words[1:] + words[:1], words[-1:] + words[:-1]}:
            keys.append(("initials", _first_letters(order), True))
            if single:
                keys.append(("initials", _first_letters(order), False))
    x = latin(name).split()
    if len(x) >= 2:
        keys.append(("less", tuple(sorted(x))))
    if len(x) >= 3:
        keys += [("words", tuple(sorted(x[:i] + x[i + 1 :]))) for i, w in enumerate(x) if _patronymic_like(w)]
    return keys


def _patronymic_like(word: str) -> bool:
    return len(word) == 1 or bool(_PATRONYMIC.search(word))


def similarity(a: str, b: str, **_) -> float:
    """rapidfuzz's similarity of two names, 0–100, in the order written or word order aside, whichever is higher."""
    return max(fuzz.ratio(a, b), fuzz.token_sort_ratio(a, b))


def new_id(name: str, taken) -> str:
    """An id for a newcomer from his name in Latin letters («Сидоров Пётр» → "sidorov-petr"), unique among `taken`."""
    base = "-".join(latin(name).split()) or "player"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate
