"""The double-dummy analysis as `prefprint analyse` gives it: plain JSON data (`to_json`, docs/json.md) and readable
text (`analysis_text`), a grid per deal."""

from __future__ import annotations

from collections.abc import Iterable

from prefprint.analysis.cache import EventAnalysis
from prefprint.analysis.solver import DENOMINATIONS, Misere
from prefprint.engine.deals import Deal, card_text
from prefprint.engine.rules import STRAINS
from prefprint.words.messages import Message


def _cards_text(cards) -> list[str] | None:
    if cards is None:
        return None
    return [card_text(c) for c in sorted(cards, key=lambda c: (c[0], -c[1]))]


def to_json(deals: Iterable[Deal], analysis: EventAnalysis, session: int = 1) -> dict:
    """The analysis of a session's deals as plain JSON data (shape in docs/json.md): cards as "♠Т", seats N E S W."""
    out = []
    for d in deals:
        a = analysis.deals.get(d.number)
        if a is None:
            continue
        seats = sorted(a.order, key="NESW".index)
        hands = {s: _cards_text(dict(d.hands)[s]) for s in seats}
        hands["talon"] = [card_text(c) for c in d.talon]
        entry = {
            "deal": d.number,
            "session": session,
            "dealer": d.dealer,
            "first_hand": a.first_hand,
            "hands": hands,
            "tricks": {s: {k: a.tricks[s][k] for k in STRAINS if k in a.tricks[s]} for s in seats if s in a.tricks},
            "misere": {s: a.misere[s].verdict for s in seats if s in a.misere},
            "misere_tricks": {s: a.misere[s].tricks for s in seats if s in a.misere},
            "discards": {
                s: {k: _cards_text(a.discards[s][k]) for k in DENOMINATIONS if k in a.discards[s]}
                for s in seats
                if s in a.discards
            },
        }
        out.append(entry)
    return {
        "deals": out,
        "skipped": [{"deal": n, "session": session} for n in analysis.skipped],
        "allpass": "no double-dummy answer: three players each play for himself",
    }


# --------------------------------------------------------------------------- text


def _misere_text(m: Misere, lang: str) -> str:

    if m.clean:
        return Message("solver.clean").text(lang)
    if m.tricks is None:
        return Message("solver.caught").text(lang)
    return Message("solver.caught_n", n=m.tricks).text(lang)


def analysis_text(title: str, deals: Iterable[Deal], analysis: EventAnalysis, lang: str = "ru") -> str:
    """The analysis as readable text, a grid per deal: tricks per declarer and strain, the misère verdict."""

    def t(code, **kw):
        return Message(code, **kw).text(lang)

    strains = [s if s != "БК" else t("solver.no_trump") for s in DENOMINATIONS[:-1]]
    lines = [t("solver.title", title=title), ""]
    for d in deals:
        a = analysis.deals.get(d.number)
        if a is None:
            continue
        head = (
            t("solver.deal4", number=d.number, dealer=d.dealer, first=a.first_hand)
            if d.table_size == 4
            else t("solver.deal3", number=d.number, first=a.first_hand)
        )
        lines.append(head)
        lines.append(f"  {t('solver.declarer'):<8}" + "".join(f"{s:>4}" for s in strains) + f"   {t('solver.misere')}")
        for seat in sorted(a.order, key="NESW".index):
            row = a.tricks.get(seat, {})
            cells = "".join(f"{row[s] if s in row else '·':>4}" for s in DENOMINATIONS[:-1])
            m = a.misere.get(seat)
            lines.append(f"  {seat:<8}{cells}   {_misere_text(m, lang) if m else '·'}".rstrip())
        lines.append("")
    if not analysis.deals:
        lines.append(t("solver.nothing"))
    if analysis.skipped:
        lines.append(t("solver.skipped", numbers=", ".join(map(str, analysis.skipped))))
    lines.append(t("solver.legend"))
    return "\n".join(lines)
