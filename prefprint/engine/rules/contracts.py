"""Contract text: a contract cell read as players write it, in Russian or English, and printed back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from prefprint.engine.rules.game import COST, MISERE_COST
from prefprint.engine.rules.game import refusal as _error
from prefprint.words.catalog import gettext
from prefprint.words.messages import shown


def _words(text) -> str:
    """A cell as typed, for matching: one line, lower case, ё as е, single spaces, no emoji selectors."""
    t = "" if text is None else str(text)
    t = t.replace("\u00a0", " ").replace("\ufe0f", "").replace("ё", "е").replace("Ё", "е").lower()
    return " ".join(t.split())


_ALLPASS_WORDS = {
    "—",
    "-",
    "–",
    "распасы",
    "распас",
    "пас",
    "пасы",
    "распасовка",
    "pass",
    "all-pass",
    "allpass",
    "all pass",
    "р",
}
_MISERE_WORDS = {"мизер", "misere", "misère", "miser", "миз", "m"}
_STRAIN_FORMS = {
    "♠": ("♠", "♤", "s", "п", "пика", "пики", "пик", "пиках", "пиковая", "пиковую", "spade", "spades"),
    "♣": (
        "♣",
        "♧",
        "c",
        "т",
        "к",
        "трефа",
        "трефы",
        "треф",
        "трефах",
        "трефовая",
        "трефовую",
        "крести",
        "крестей",
        "крест",
        "club",
        "clubs",
    ),
    "♦": (
        "♦",
        "♢",
        "d",
        "б",
        "бубна",
        "бубны",
        "бубен",
        "бубнах",
        "бубновая",
        "бубновую",
        "буби",
        "diamond",
        "diamonds",
    ),
    "♥": (
        "♥",
        "♡",
        "h",
        "ч",
        "черва",
        "червы",
        "черви",
        "червей",
        "черв",
        "червах",
        "червовая",
        "червовую",
        "heart",
        "hearts",
    ),
    "БК": (
        "бк",
        "б/к",
        "б.к.",
        "б/к.",
        "б.к",
        "nt",
        "n",
        "без козыря",
        "без козырей",
        "бескозырка",
        "бескозырная",
        "бескозырную",
        "no trump",
        "no trumps",
        "notrump",
        "notrumps",
        "no-trump",
        "no-trumps",
    ),
}
_STRAIN_WORDS = {form: strain for strain, forms in _STRAIN_FORMS.items() for form in forms}
_LEVEL_WORDS = {
    **{w: 6 for w in ("шесть", "шестерная", "шестерную", "six")},
    **{w: 7 for w in ("семь", "семерная", "семерную", "seven")},
    **{w: 8 for w in ("восемь", "восьмерная", "восьмерную", "eight")},
    **{w: 9 for w in ("девять", "девятерная", "девятерную", "nine")},
    **{w: 10 for w in ("десять", "десятерная", "десятерную", "ten")},
}
_COUNT_WORDS = {
    **{w: 1 for w in ("один", "одна", "одну", "одной", "одного", "one")},
    **{w: 2 for w in ("два", "две", "двух", "two")},
    **{w: 3 for w in ("три", "трех", "three")},
    **{w: 4 for w in ("четыре", "четырех", "four")},
    **{w: 5 for w in ("пять", "пяти", "five")},
    **{w: 6 for w in ("шесть", "шести", "six")},
    **{w: 7 for w in ("семь", "семи", "seven")},
    **{w: 8 for w in ("восемь", "восьми", "eight")},
    **{w: 9 for w in ("девять", "девяти", "nine")},
    **{w: 10 for w in ("десять", "десяти", "ten")},
}
_DARK = re.compile(r"(?:^|\s)(?:втемную|в темную|темную|темная|dark)(?=\s|$)")
_NO_TALON = re.compile(r"(?:^|\s)(?:без прикупа|no talon)(?=\s|$)")  # scored as the same game
_CONCEDE = re.compile(r"\s(без|down)\s+(\S+)(?:\s+(?:взяток|взятки|взятку|tricks?))?$")
_LEVEL = re.compile(r"(\d+|[^\W\d_]+)\s*-?\s*(.*)")


@dataclass(frozen=True)
class Contract:
    """A contract: a game (level, strain), a misère or an all-pass."""

    kind: str  # game | misere | allpass
    level: int | None = None
    strain: str | None = None  # None only for a game conceded before a suit was named

    @classmethod
    def parse(cls, text) -> Contract:
        """Parse "7♠", "6S", "8 БК", "10NT", "семь пик", "мизер", "misere", "—", "распасы", "pass"."""
        cell = parse_contract_cell(text)
        if cell.dark or cell.conceded is not None or cell.contract.strain is None and cell.kind == "game":
            raise _error("rules.contract_plain", text=shown(text))
        return cell.contract

    def __str__(self) -> str:
        return {"allpass": "—", "misere": "мизер"}.get(self.kind) or f"{self.level}{self.strain or ''}"

    def label(self, lang: str = "ru") -> str:
        """The contract as printed in a language: "6БК" / "6NT", "мизер" / "misère"."""
        if self.kind == "allpass":
            return "—"
        if self.kind == "misere":
            return gettext("word.misere", lang)
        return f"{self.level}{gettext('word.no_trump', lang) if self.strain == 'БК' else self.strain or ''}"

    @property
    def cost(self) -> int:
        return MISERE_COST if self.kind == "misere" else COST.get(self.level, 0)


class ContractCell(NamedTuple):
    """What a scorer writes in the contract cell: the contract, played dark or not, tricks conceded or None."""

    contract: Contract
    dark: bool = False
    conceded: int | None = None

    def label(self, lang: str = "ru") -> str:
        """The cell as printed: "7♠ втёмную", "6♠ без 4" / "7♠ dark", "6♠ down 4"."""
        text = self.contract.label(lang)
        if self.dark:
            text += " " + gettext("contract.dark", lang)
        if self.conceded is not None:
            text += f" {gettext('contract.down', lang)} {self.conceded}"
        return text

    def __str__(self) -> str:
        return self.label("ru")

    @property
    def kind(self) -> str:
        return self.contract.kind

    @property
    def level(self) -> int | None:
        return self.contract.level

    @property
    def strain(self) -> str | None:
        return self.contract.strain

    @property
    def cost(self) -> int:
        return self.contract.cost


_TOO_LARGE = 10**9  # stands for a number of more digits than any count or level could have


def _whole(word: str) -> int | None:
    """A whole number written in digits ("7", "07"), None for a word; 5,000 digits stand as a number too large.

    (int() refuses more than 4,300 digits with a ValueError of its own, and "²" is a digit it cannot read.)
    """
    if not word.isdecimal():
        return None
    return int(word) if len(word.lstrip("0")) <= 9 else _TOO_LARGE


def _take_concession(t: str, raw) -> tuple[str, int | None]:
    """Split "6♠ без 3" into "6♠" and 3; "6 без козыря" is a suit, not a concession."""
    m = _CONCEDE.search(t)
    if not m:
        return t, None
    count = m.group(2)
    if _whole(count) is not None and _whole(count) != _TOO_LARGE:
        return t[: m.start()], _whole(count)
    if count in _COUNT_WORDS:
        return t[: m.start()], _COUNT_WORDS[count]
    if m.group(1) == "без" and count.startswith("козыр"):
        return t, None
    raise _error("rules.contract_count", text=shown(raw))


def parse_contract_cell(text) -> ContractCell:
    """Parse a contract cell as players write it: "7♠", "семь пик", "7♠ втёмную", "6♠ без 3", "мизер", "—".

    `str()` of the result parses back to the same cell. Raises ScoringError naming the accepted forms.
    """
    t = _words(text)
    if not t:
        raise _error("rules.contract_form", text=shown(text))
    if t in _ALLPASS_WORDS:
        return ContractCell(Contract("allpass"))
    dark = bool(_DARK.search(t))
    t = " ".join(_NO_TALON.sub(" ", _DARK.sub(" ", t)).split())
    t, conceded = _take_concession(t, text)
    if t in _MISERE_WORDS:
        return ContractCell(Contract("misere"), dark, conceded)
    if t in _ALLPASS_WORDS:
        return ContractCell(Contract("allpass"), dark, conceded)
    m = _LEVEL.fullmatch(t)
    if not m:
        raise _error("rules.contract_form", text=shown(text))
    word, rest = m.group(1), m.group(2).strip()
    level = _whole(word) if word.isdecimal() else _LEVEL_WORDS.get(word)
    if level is None:
        raise _error("rules.contract_form", text=shown(text))
    if level not in COST:
        raise _error("rules.contract_level", text=shown(text))
    if not rest and conceded is not None:
        return ContractCell(Contract("game", level, None), dark, conceded)
    if not rest:
        raise _error("rules.contract_no_suit", text=shown(text))
    if rest not in _STRAIN_WORDS:
        raise _error("rules.contract_suit", text=shown(text), suit=shown(rest))
    return ContractCell(Contract("game", level, _STRAIN_WORDS[rest]), dark, conceded)


def cell_of(contract) -> ContractCell:
    """The cell of a contract given as a ContractCell, a Contract or the text a scorer writes."""
    if isinstance(contract, ContractCell):
        return contract
    if isinstance(contract, Contract):
        return ContractCell(contract)
    return parse_contract_cell(contract)
