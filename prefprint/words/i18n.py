"""Words of printed material in Russian (default) and English, from the gettext catalogues. Pure Python."""

from __future__ import annotations

from prefprint.words.catalog import LANGS, WordTable
from prefprint.words.messages import Message

__all__ = ["LANGS", "FORMS", "METHOD_NAMES", "VARIANT_NAMES", "WORDS", "forms", "note_text", "reason_message", "words"]


def note_text(code: str, params: dict, lang: str = "ru") -> str:
    """One movement note in words (the texts live in the message catalogue, section movement)."""
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
    """Why auto chose a movement (a message code and params, see movement.choice.best_candidate) as a Message;
    the other candidates' missed rules are worded with their methods' names."""
    code, params = reason
    p = dict(params)
    if "others" in p:
        names = METHOD_NAMES.get(lang, METHOD_NAMES["ru"])
        p["others"] = "; ".join(
            Message(
                "movement.why_rules_other",
                method=names.get(method, method),
                misses=", ".join(Message(c, **pp).text(lang) for c, pp in misses),
            ).text(lang)
            for method, misses in p["others"]
        )
    return Message("movement." + code, **p)


# Words looked up by a name, per language, from the catalogues: METHOD_NAMES["en"]["field"] == "balanced".
METHOD_NAMES = WordTable("method")
VARIANT_NAMES = WordTable("variant")
WORDS = WordTable("word", extra={"status_names": {"played": ""}})  # a played row shows no status

# The counted words of the printed pages: forms(lang)["deal"] is the key "count.deal" (plural, counted).
FORMS = {
    name: f"count.{name}"
    for name in ("player", "table", "set", "deal", "round", "minute", "room", "result", "pair", "time", "rest", "page")
}
FORMS["copies"] = "count.copy"


def forms(lang: str = "ru") -> dict:
    """The keys of the counted words of the printed pages (the same in every language)."""
    return FORMS


def words(lang: str) -> dict:
    """The printed words of a language (`word.*` of its catalogue) by name."""
    return WORDS[lang]
