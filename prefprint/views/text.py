"""Plain-text views for the terminal: a movement, a settlement."""

from __future__ import annotations

from fractions import Fraction

from prefprint.engine.rules import Outcome, Settlement, fmt_whists
from prefprint.movement import Candidate, Movement, Quality
from prefprint.words.catalog import WordTable, gettext
from prefprint.words.i18n import METHOD_NAMES, note_text, reason_message
from prefprint.words.messages import Message, plural
from prefprint.words.numbers import number, span


def _t(code: str, lang: str, **params) -> str:
    return Message(code, **params).text(lang)


def quality_lines(m: Movement, lang: str = "ru") -> list[str]:
    """The fairness of a movement in words: pairs met, set plays, excess, and every weakness."""
    q = m.quality
    out = [
        _t(
            "movement.text_quality",
            lang,
            whom=_t(q.whom, lang),
            never=q.never,
            once=q.once,
            more=q.more,
            plays=span(q.set_plays),
            plays_hi=q.set_plays[1],
            excess=q.excess_pct,
        )
    ]
    if q.apart:
        out.append(_t("movement.text_apart", lang, apart=q.apart))
    for code, params in q.weaknesses():
        out.append(_t("movement.text_warning", lang, text=Message(code, **params)))
    return out


def movement_text(m: Movement, lang: str = "ru") -> str:
    """A movement round by round, then its statistics, its fairness and how the method was chosen."""
    names = METHOD_NAMES[lang]
    out = [
        _t(
            "movement.text_head",
            lang,
            players=m.players,
            k=m.table_size,
            tables=m.tables,
            sets=m.sets,
            rounds=len(m.rounds),
            full=m.full_rounds,
            method=names[m.method],
        )
    ]
    if len(m.rooms) > 1:
        for room in m.rooms:
            out.append(
                "  "
                + _t(
                    "movement.text_room",
                    lang,
                    room=room.number,
                    players=span(room.players),
                    tables=span(room.tables),
                    method=names[room.method],
                )
            )
    for code, params in m.notes:
        out.append("  " + note_text(code, params, lang))
    for rnd in m.rounds:
        out.append("\n" + _t("movement.text_round", lang, n=rnd.number))
        for t in rnd.tables:
            seats = "  ".join(f"{s} {p:>3}" for s, p in t.seats)
            copy = _t("movement.text_copy", lang, copy=t.copy) if m.copies_needed > 1 else ""
            out.append("  " + _t("movement.text_table", lang, table=t.table, set=t.set, copy=copy, seats=seats))
        if rnd.resting:
            out.append("  " + _t("movement.text_resting", lang, players=", ".join(map(str, rnd.resting))))
    st = m.stats
    out.append("")
    out.append(
        _t("movement.text_meetings", lang, histogram=", ".join(f"{k}: {v}" for k, v in st.meetings_histogram.items()))
    )
    out.append(
        _t(
            "movement.text_per_player",
            lang,
            sets=span(st.sets_per_player.values()),
            rests=span(st.rests_per_player.values()),
        )
    )
    out += quality_lines(m, lang)
    if m.copies_needed > 1:
        out.append(_t("movement.text_copies", lang, copies=span(m.copies.values())))
    passes = m.passes()
    if passes:
        out.append(_t("movement.text_passes", lang))
        for p in passes:
            copy = _t("movement.text_copy", lang, copy=p["copy"]) if m.copies_needed > 1 else ""
            out.append("  " + _t("movement.text_pass", lang, **{**p, "copy": copy}))
    return "\n".join(out)


def compare_text(
    options: list[Candidate], chosen: Candidate, reason: tuple, players: int, k: int, lang: str = "ru"
) -> str:
    """The candidates of a field side by side and why auto chose the one it did."""
    names = METHOD_NAMES[lang]
    head = _t("movement.compare_columns", lang).split("|")
    apart = any(c.movement.quality.apart for c in options)
    if apart:
        head.insert(6, _t("movement.compare_apart", lang))
    rows = []
    for c in options:
        q: Quality = c.movement.quality
        method = (
            names[c.method]
            if q.lines_fixed or c.method == "scheme"
            else _t("movement.compare_rotating", lang, method=names[c.method])
        )
        if any(code in ("auto_session", "auto_plane") for code, _ in c.notes):  # built for this session
            method = _t("movement.compare_session", lang, method=method, rounds=q.rounds)
        method += " *" if c is chosen else ""
        rows.append(
            [method, str(q.rounds), str(q.sets * k), str(q.never), str(q.once), str(q.more)]
            + ([str(q.apart)] if apart else [])
            + [span(q.set_plays), span(q.rests), number(q.excess_pct, lang)]
        )
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    lines = [_t("movement.compare_head", lang, players=players, k=k)]
    for row in [head] + rows:
        lines.append(
            "  " + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        )
    if apart:
        lines.append(_t("movement.compare_apart_note", lang))
    lines.append(_t("movement.compare_chosen", lang, method=names[chosen.method], reason=reason_message(reason, lang)))
    return "\n".join(lines)


_WHY = WordTable("settle.why")  # why a seat writes an amount
_PHRASES = WordTable("settle")  # the lines of a settlement


def _whists_word(amount: Fraction, lang: str) -> str:
    # a fraction of a whist reads as "2.5 виста" / "2.5 whists"
    if Fraction(amount).denominator != 1:
        return gettext("settle.whists_fraction", lang)
    return plural(Fraction(amount).numerator, "count.whist", lang)


def settlement_text(outcome: Outcome, result: Settlement, lang: str = "ru", printed: bool = False) -> str:
    """What was written for one deal and the whists per seat; `printed`: the whists of the last line as the results
    site prints them ("58,7", "−3,3": a table's phone), else exact to two decimals and signed ("+58,67")."""
    ph, why = _PHRASES[lang], _WHY[lang]
    contract = gettext("word.all_pass", lang) if outcome.contract.kind == "allpass" else outcome.cell.label(lang)
    lines = [ph["head"].format(contract=contract, dealer=outcome.dealer, size=outcome.table_size)]
    for e in result.entries:
        amount = number(e.amount, lang)
        if e.what == "whists":
            lines.append(
                "  "
                + ph["whists"].format(seat=e.seat, amount=amount, word=_whists_word(e.amount, lang), on=e.on)
                + f" ({why[e.why]})"
            )
        else:
            lines.append(f"  {e.seat}: {ph[e.what]} +{amount} ({why[e.why]})")
    if result.factor != 1:
        lines.append("  " + ph["dark"].format(factor=result.factor))

    def shown(v):
        return number(fmt_whists(v), lang) if printed else f"{'+' if v > 0 else ''}{number(v, lang, 2)}"

    lines.append(f"{ph['result']}: " + "  ".join(f"{s} {shown(v)}" for s, v in result.results.items()))
    return "\n".join(lines)
