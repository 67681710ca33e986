"""The movement's fairness as the director's sheet shows it (the partial _movement_quality.html)."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.views.documents.wording import phrase
from prefprint.words.messages import Message
from prefprint.words.numbers import number, ranges, span


def _figures(q, lang: str) -> list[tuple[str, str]]:
    """(words, figure) rows: rounds, pairs met never / once / more, sets played, rests, excess."""
    return (
        [
            (
                phrase(lang, "movement.mq_rounds"),
                phrase(lang, "movement.mq_rounds_value", rounds=q.rounds, full=q.full_rounds),
            ),
            (phrase(lang, "movement.mq_pairs", whom=phrase(lang, q.whom)), f"{q.never} / {q.once} / {q.more}"),
        ]
        + ([(phrase(lang, "movement.mq_apart"), str(q.apart))] if q.apart else [])
        + [
            (phrase(lang, "movement.mq_set_plays"), span(q.set_plays)),
            (phrase(lang, "movement.mq_rests"), span(q.rests)),
            (phrase(lang, "movement.mq_excess"), f"{q.excess} ({number(q.excess_pct, lang)} %)"),
        ]
    )


def _verdict(q, warnings: list[str], lang: str) -> str:
    """Perfect, even, or fine where nothing is to be warned of ("" where something is)."""
    if q.perfect and q.rooms == 1:
        return phrase(lang, "movement.mq_perfect")
    if q.eligible and not q.never and q.fewest == q.most:
        return phrase(lang, "movement.mq_even", n=q.most)
    return phrase(lang, "movement.mq_ok") if not warnings else ""


def _copies(m, lang: str) -> str:
    """The copies of boxes to prepare: the sets played in several copies at once ("" where none is)."""
    if m.copies_needed <= 1:
        return ""
    by_count = {}
    for set_no, n in m.copies.items():
        by_count.setdefault(n, []).append(set_no)
    return phrase(
        lang,
        "movement.mq_copies",
        text="; ".join(
            phrase(lang, "movement.mq_copies_item", sets=ranges(sets), n=n)
            for n, sets in sorted(by_count.items())
            if n > 1
        ),
    )


def _place(lang: str, room, table, slot) -> str:
    """Where a box passes from or to: a room's table, or its slot of a row."""
    return (
        phrase(lang, "movement.mq_pass_slot", room=room, table=table, slot=slot)
        if slot
        else phrase(lang, "movement.mq_pass_place", room=room, table=table)
    )


def _passes(raw: list[dict], show_copy: bool, lang: str) -> list[list]:
    """Boxes passing between rooms: after which round, set (and copy), from where, to where, for which round."""
    return [
        [p["after"], p["set"]]
        + ([p["copy"]] if show_copy else [])
        + [
            _place(lang, p["from_room"], p["from_table"], p["from_slot"]),
            _place(lang, p["to_room"], p["to_table"], p["to_slot"]),
            p["round"],
        ]
        for p in raw
    ]


def movement_quality_context(event: Event) -> dict:
    """The movement's fairness for the director's sheet (partial _movement_quality.html): figures,
    a warning for every weakness, copies of boxes to prepare, boxes passing between rooms."""
    m, lang = event.movement, event.language
    q = m.quality
    warnings = [Message(code, **params).text(lang) for code, params in q.weaknesses()]
    copies = _copies(m, lang)
    columns = phrase(lang, "movement.mq_passes_columns").split("|")
    show_copy = m.copies_needed > 1
    raw = m.passes()
    slots = any(p["from_slot"] or p["to_slot"] for p in raw)
    return {
        "title": phrase(lang, "movement.mq_title"),
        "rows": _figures(q, lang),
        "warnings": warnings,
        "verdict": _verdict(q, warnings, lang),
        "copies": copies,
        "copies_why": phrase(lang, "movement.mq_copies_why") if copies else "",
        "passes": _passes(raw, show_copy, lang),
        "passes_title": phrase(lang, "movement.mq_passes"),
        "passes_columns": columns if show_copy else columns[:2] + columns[3:],
        "passes_note": phrase(lang, "movement.mq_passes_slots") if slots else "",
    }
