"""Plain-text views for the terminal: a movement, a settlement."""

from __future__ import annotations

from fractions import Fraction

from .i18n import METHOD_NAMES, note_text
from .messages import plural
from .movement import Movement
from .rules import Outcome, Settlement, fmt_whists


def movement_text(m: Movement, lang: str = "en") -> str:
    """A movement round by round, then its statistics and how the method was chosen."""
    out = [f"{m.players} players, tables of {m.table_size}: {m.tables} tables, {m.sets} sets, "
           f"{len(m.rounds)} of {m.full_rounds} rounds; method: {METHOD_NAMES['en'][m.method]}"]
    if len(m.rooms) > 1:
        for room in m.rooms:
            out.append(f"  room {room.number}: players {room.players[0]}–{room.players[-1]}, "
                       f"tables {room.tables[0]}–{room.tables[-1]}, {METHOD_NAMES['en'][room.method]}")
    for code, params in m.notes:
        out.append("  " + note_text(code, params, lang))
    for rnd in m.rounds:
        out.append(f"\nRound {rnd.number}")
        for t in rnd.tables:
            seats = "  ".join(f"{s} {p:>3}" for s, p in t.seats)
            out.append(f"  table {t.table:>3}  set {t.set:>3}   {seats}")
        if rnd.resting:
            out.append(f"  resting: {', '.join(map(str, rnd.resting))}")
    st = m.stats
    out.append("\nMeetings (times: pairs): " + ", ".join(f"{k}: {v}" for k, v in st.meetings_histogram.items()))
    spp, rpp = st.sets_per_player.values(), st.rests_per_player.values()
    out.append(f"Sets per player: {min(spp)}–{max(spp)}; rests per player: {min(rpp)}–{max(rpp)}")
    return "\n".join(out)


_WHY = {
    "en": {"made": "contract made", "unwhisted": "not whisted", "half": "half-whist", "remiz": "remiz",
           "consolation": "consolation", "tricks": "defence tricks", "shortfall": "whist shortfall",
           "misere": "misère", "conceded": "conceded before play, no whists", "allpass": "all-pass",
           "dealer": "dealer on all-pass"},
    "ru": {"made": "игра сыграна", "unwhisted": "без виста", "half": "полвиста", "remiz": "ремиз",
           "consolation": "консоляция", "tricks": "взятки защиты", "shortfall": "недобор виста",
           "misere": "мизер", "conceded": "сдался до розыгрыша, вистов нет", "allpass": "распасы",
           "dealer": "прикупщик на распасах"},
}
_PHRASES = {
    "en": {"head": "{contract}, dealer {dealer}, table of {size}", "whists": "{seat} writes {amount} {word} on {on}",
           "pool": "pool", "gora": "gora", "dark": "dark game: all amounts ×{factor}", "result": "Result"},
    "ru": {"head": "{contract}, сдающий {dealer}, стол на {size}", "whists": "{seat} пишет {amount} {word} на {on}",
           "pool": "пуля", "gora": "гора", "dark": "игра втёмную: всё ×{factor}", "result": "Результат"},
}
_WHIST_WORD = {"en": "whist|whists", "ru": "вист|виста|вистов"}


def _whists_word(amount: Fraction, lang: str) -> str:
    # a fraction of a whist reads as "2.5 виста" / "2.5 whists"
    if Fraction(amount).denominator != 1:
        return "виста" if lang == "ru" else "whists"
    return plural(Fraction(amount).numerator, _WHIST_WORD[lang])


def settlement_text(outcome: Outcome, result: Settlement, lang: str = "ru") -> str:
    """What was written for one deal and the whists per seat."""
    ph, why = _PHRASES[lang], _WHY[lang]
    lines = [ph["head"].format(contract=outcome.cell.label(lang), dealer=outcome.dealer, size=outcome.table_size)]
    for e in result.entries:
        amount = fmt_whists(e.amount)
        if e.what == "whists":
            lines.append("  " + ph["whists"].format(seat=e.seat, amount=amount, word=_whists_word(e.amount, lang),
                                                     on=e.on) + f" ({why[e.why]})")
        else:
            lines.append(f"  {e.seat}: {ph[e.what]} +{amount} ({why[e.why]})")
    if result.factor != 1:
        lines.append("  " + ph["dark"].format(factor=result.factor))
    lines.append(f"{ph['result']}: " + "  ".join(f"{s} {fmt_whists(v, 2)}" for s, v in result.results.items()))
    return "\n".join(lines)
