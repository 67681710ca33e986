"""Reading what a scorer typed into a cell: numbers, whists, seats' tricks and the words of the protocol."""

from __future__ import annotations

import math
import re
import unicodedata
from decimal import Decimal, InvalidOperation
from fractions import Fraction

TOLERANCE = Fraction(1, 20)  # written whists are rounded to one decimal
WHISTS_LIMIT = 100000  # far beyond any deal's result
PASS = {"пас", "pass", "п", "p"}
HALF = {"пол", "half", "полвиста", "h"}
PLAYED = {"сыграна", "сыграно", "played", ""}
NOT_PLAYED = {"не сыграна", "не играна", "не сыграно", "not played", "нет", "-x-"}
SPOILED = {"испорчена", "испорчено", "spoiled"}
ADJUSTED = {"корр", "корр.", "adjusted", "adj", "adj."}
ROW_WORDS = {
    **dict.fromkeys(NOT_PLAYED, "not played"),
    **dict.fromkeys(SPOILED, "spoiled"),
    **dict.fromkeys(ADJUSTED, "adjusted"),
}
SEAT_COLUMNS = (("decl_seat", "decl_tricks"), ("w1_seat", "w1_tricks"), ("w2_seat", "w2_tricks"))
# the cells a scorer types a result into (round, table and the players' numbers come printed)
RESULT_CELLS = (
    ("contract",)
    + tuple(c for pair in SEAT_COLUMNS for c in pair)
    + tuple(f"{s}_{what}" for s in "NESW" for what in ("whists", "mp"))
)


def clean(v):
    if isinstance(v, str):
        v = " ".join(v.replace("\u00a0", " ").split())
        return v or None
    return v


def word(v) -> str:
    """A typed word as compared: compatibility forms folded (NFKC), lower case, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", str(v)).casefold().split())


def integer(v):
    v = clean(v)
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError
    if isinstance(v, float):
        if not math.isfinite(v) or v != int(v):
            raise ValueError
        return int(v)
    if isinstance(v, int):
        return v
    text = unicodedata.normalize("NFKC", str(v)).strip()
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        raise ValueError
    return int(text)


def parse_whists(v) -> Fraction | None:
    """A written whist amount: numbers, numbers typed as text, "−5", "+7", "3,3"; ValueError if none."""
    v = clean(v)
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError
    if isinstance(v, int):
        return Fraction(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError
        return Fraction(Decimal(repr(v)))
    text = unicodedata.normalize("NFKC", str(v)).replace("−", "-").replace("–", "-").replace(",", ".")
    text = text.replace(" ", "").lstrip("+")
    if len(text) > 30:
        raise ValueError
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise ValueError from None
    if not d.is_finite():
        raise ValueError
    if d.adjusted() > 9:  # far out of range: do not build a huge number
        return Fraction(10**10)
    return Fraction(d)


def close(written: Fraction, computed: Fraction) -> bool:
    return abs(written - computed) <= TOLERANCE


def mixed_scripts(word: str) -> bool:
    """Cyrillic and Latin letters in one word: a look-alike letter typed on the other keyboard."""
    return bool(re.search(r"[а-яё]", word)) and bool(re.search(r"[a-z]", word))


def entered(srow) -> bool:
    """Something typed into a row's result cells (a contract, seats, tricks, whists or percentages)."""
    return any(clean(srow.values.get(c)) is not None for c in RESULT_CELLS)


def row_word(value) -> str | None:
    """not played | spoiled | adjusted where a contract cell holds the director's word."""
    value = clean(value)
    return ROW_WORDS.get(word(value)) if isinstance(value, str) else None


def tricks_word(value):
    v = clean(value)
    if isinstance(v, str) and word(v) in PASS:
        return "pass"
    if isinstance(v, str) and word(v) in HALF:
        return "half"
    return integer(v)


def cells_of(srow) -> dict:
    """A row's cells as typed, cleaned, for display (none for a row not written)."""
    return {k: clean(x) for k, x in srow.values.items()} if srow else {}
