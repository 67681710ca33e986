"""The movement's fairness as the director's sheet shows it (the partial _movement_quality.html)."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.words.messages import Message
from prefprint.words.numbers import number, ranges, span


def movement_quality_context(event: Event) -> dict:
    """The movement's fairness for the director's sheet (partial _movement_quality.html): figures,
    a warning for every weakness, copies of boxes to prepare, boxes passing between rooms."""

    m, lang = event.movement, event.language

    def t(code, **params):
        return Message(code, **params).text(lang)

    q = m.quality
    whom = t(q.whom)
    rows = (
        [
            (t("movement.mq_rounds"), t("movement.mq_rounds_value", rounds=q.rounds, full=q.full_rounds)),
            (t("movement.mq_pairs", whom=whom), f"{q.never} / {q.once} / {q.more}"),
        ]
        + ([(t("movement.mq_apart"), str(q.apart))] if q.apart else [])
        + [
            (t("movement.mq_set_plays"), span(q.set_plays)),
            (t("movement.mq_rests"), span(q.rests)),
            (t("movement.mq_excess"), f"{q.excess} ({number(q.excess_pct, lang)} %)"),
        ]
    )
    warnings = [Message(code, **params).text(lang) for code, params in q.weaknesses()]
    if q.perfect and q.rooms == 1:
        verdict = t("movement.mq_perfect")
    elif q.eligible and not q.never and q.fewest == q.most:
        verdict = t("movement.mq_even", n=q.most)
    else:
        verdict = t("movement.mq_ok") if not warnings else ""
    copies = ""
    if m.copies_needed > 1:
        by_count = {}
        for set_no, n in m.copies.items():
            by_count.setdefault(n, []).append(set_no)
        copies = t(
            "movement.mq_copies",
            text="; ".join(
                t("movement.mq_copies_item", sets=ranges(sets), n=n) for n, sets in sorted(by_count.items()) if n > 1
            ),
        )
    columns = t("movement.mq_passes_columns").split("|")
    show_copy = m.copies_needed > 1

    def place(room, table, slot):
        return (
            t("movement.mq_pass_slot", room=room, table=table, slot=slot)
            if slot
            else t("movement.mq_pass_place", room=room, table=table)
        )

    raw = m.passes()
    passes = [
        [p["after"], p["set"]]
        + ([p["copy"]] if show_copy else [])
        + [
            place(p["from_room"], p["from_table"], p["from_slot"]),
            place(p["to_room"], p["to_table"], p["to_slot"]),
            p["round"],
        ]
        for p in raw
    ]
    slots = any(p["from_slot"] or p["to_slot"] for p in raw)
    return {
        "title": t("movement.mq_title"),
        "rows": rows,
        "warnings": warnings,
        "verdict": verdict,
        "copies": copies,
        "copies_why": t("movement.mq_copies_why") if copies else "",
        "passes": passes,
        "passes_title": t("movement.mq_passes"),
        "passes_columns": columns if show_copy else columns[:2] + columns[3:],
        "passes_note": t("movement.mq_passes_slots") if slots else "",
    }
