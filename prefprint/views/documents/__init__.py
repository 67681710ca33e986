"""Views of the event model for printing: one context builder per document."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from prefprint.analysis.makeable import table_lines, table_view
from prefprint.engine.deals import card_text, hand_by_suit
from prefprint.engine.model import Event
from prefprint.engine.rules import (
    LEVELS,
    MISERE_COST,
    SEATS,
    Contract,
    Conventions,
    Entry,
    Outcome,
    ScoringError,
    active_seats,
    both_must_whist,
    rates,
    results_of,
    settle,
)
from prefprint.io.codes import entry_url
from prefprint.io.outdir import write_atomic
from prefprint.io.render import html, write_pdf
from prefprint.words.catalog import Table, gettext
from prefprint.words.i18n import words
from prefprint.words.messages import Message
from prefprint.words.numbers import number, ranges, span

# the words of the cost table, per language, from the catalogues (role.*, role_short.*, convention.*, value.*)
ROLE_SHORT = Table("role_short")
ROLE_WORDS = Table("role")
CONVENTION_WORDS = Table("convention")
VALUE_WORDS = Table("value")


def signed(value, lang: str = "ru") -> str:
    """+15, −5, 0, +3,3: whists with their sign for the cost table, in the reader's notation."""
    v = Fraction(value)
    return ("+" if v > 0 else "") + number(v, lang)


_FOUR_ONLY = {"consolation_to_dealer", "allpass_dealer_pool"}  # the dealer sits out only at a table of 4


def _in_force(name: str, conv: Conventions, table_size: int) -> bool:
    """Whether a convention changes anything at this table: options not played are not listed."""
    if table_size == 3 and name in _FOUR_ONLY:
        return False
    value = getattr(conv, name)
    if name in ("stalingrad", "sixes_whisted", "concession", "allpass_dealer_pool", "dark"):
        return bool(value)
    return {
        "consolation_to_dealer": bool(conv.consolation),
        "misere_max_tricks": conv.misere_max_tricks < 10,  # no cap: every trick is charged
        "allpass_gora": conv.allpass == "gora",
        "allpass_whists": conv.allpass == "rostov",
    }.get(name, True)


def conventions_list(conv: Conventions, lang: str, table_size: int = 4) -> list[tuple[str, str]]:
    """(words, value) of every convention in force at the table size."""
    out = []
    for name, value in conv.items():
        if not _in_force(name, conv, table_size):
            continue
        if isinstance(value, bool):
            shown = VALUE_WORDS[lang]["yes" if value else "no"]
        elif isinstance(value, str):
            shown = VALUE_WORDS[lang].get(value, value)
        else:
            shown = number(value, lang)
        out.append((CONVENTION_WORDS[lang][name], shown))
    return out


# --------------------------------------------------------------------------- cost-of-game table

_EXAMPLES = (  # (contract cell, tricks, defence); those the conventions forbid are left out
    ("6♠", {"N": 6, "E": 4}, {"E": "whist", "S": "pass"}),
    ("7♥", {"N": 5, "E": 5}, {"E": "whist", "S": "pass"}),
    ("7♣", {"N": 9, "E": 1}, {"E": "whist", "S": "pass"}),
    ("8♦", {"N": 8, "E": 1, "S": 1}, {"E": "whist", "S": "whist"}),
    ("6♣", {"N": 7, "E": 1, "S": 2}, {"E": "whist", "S": "whist"}),  # E is a trick short of his share
    ("6♠", {"N": 7, "E": 1, "S": 2}, {"E": "whist", "S": "whist"}),
    ("7♠", {}, {"E": "pass", "S": "half"}),
    ("9БК", {"N": 10, "E": 0}, {"E": "whist", "S": "pass"}),
    ("10♥", {"N": 10}, {"E": "pass", "S": "pass"}),
    ("10♥", {"N": 9, "E": 1, "S": 0}, {"E": "whist", "S": "whist"}),
    ("мизер", {"N": 3}, {}),
    ("7♠ втёмную", {"N": 7, "E": 3}, {"E": "whist", "S": "pass"}),
    ("6♠ без 4", {}, {}),
)


def _lone_strain(level: int, conv: Conventions) -> str | None:
    """A suit a lone whister may defend at this level under the conventions (None: both must whist)."""
    for strain in ("♠", "♣"):
        if not both_must_whist(Contract("game", level, strain), conv):
            return strain
    return None


def _worked_examples(conv: Conventions, table_size: int, dealer: str, lang: str) -> list[dict]:
    """The worked examples the conventions allow, each different in what it shows."""
    out = []
    for text, tricks, defence in _EXAMPLES:
        if text == "6♠" and defence["S"] == "whist" and not conv.stalingrad:
            continue  # both whist on 6♠: only news under Stalingrad
        if text.startswith("10") and conv.tens != "checked":
            continue
        if text == "мизер" and conv.misere_max_tricks >= 3:
            continue
        try:
            outcome = Outcome.make(table_size, dealer, text, "N", tricks, defence, conventions=conv)
        except ScoringError:
            continue
        res = settle(outcome, conv).results
        out.append(
            {
                "contract": outcome.cell.label(lang),
                "tricks": tricks,
                "defence": defence,
                "conceded": outcome.conceded,
                "cells": [(s, signed(res[s], lang)) for s in SEATS[table_size]],
            }
        )
    return out


def _whist_share(level: int, must: int, conv: Conventions, table_size: int, dealer: str) -> int | None:
    """Both whisted, the contract made, the defence short: the tricks each whister answers for
    himself (the obligation split), or None when the second whister answers for the whole shortfall.

    Asked of the engine: the first whister takes 0, 1, … of the tricks the defence took.
    """
    for share in range(must):
        tricks = {"N": 11 - must, "E": share, "S": must - 1 - share}
        outcome = Outcome.make(
            table_size, dealer, f"{level}♥", "N", tricks, {"E": "whist", "S": "whist"}, conventions=conv
        )
        payers = {e.seat for e in settle(outcome, conv).entries if e.why == "shortfall"}
        if "E" not in payers:
            return share or None
    return must


def _levels_text(levels: list[int], lang: str) -> str:
    """6 и 7; 8–10; 8 и 9: levels as a reader says them."""
    if len(levels) > 2 and levels[-1] - levels[0] == len(levels) - 1:
        return f"{levels[0]}–{levels[-1]}"
    words = [str(n) for n in levels]
    joint = f" {gettext('word.and', lang)} "
    return joint.join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]


def _responsibility(levels: list[dict], conv: Conventions, table_size: int, dealer: str, lang: str) -> str:
    """The whist shortfall rule in plain words, every figure asked of the engine."""
    shares, second = [], []
    for L in levels:
        if not L["obligation"]:
            continue  # a checked 10: no obligation, no shortfall
        share = _whist_share(L["level"], L["obligation"], conv, table_size, dealer)
        if share is None:
            second.append(L["level"])
        else:
            shares.append((L["level"], share))
    parts = [_m(lang, "costs.short_when"), _m(lang, "costs.short_lone")]
    if shares:
        each = "; ".join(_m(lang, "costs.short_share_item", level=lvl, n=n) for lvl, n in shares)
        parts.append(_m(lang, "costs.short_split", levels=_levels_text([lvl for lvl, _ in shares], lang), shares=each))
    if second:
        parts.append(_m(lang, "costs.short_second", levels=_levels_text(second, lang)))
    return " ".join(parts)


def costs_context(variant: str, conv: Conventions, table_size: int, lang: str) -> dict:
    """Every figure of the cost-of-game table, computed by the scoring engine from the conventions."""
    four = table_size == 4
    dealer = "W" if four else "N"
    roles = ["declarer", "whister", "passer"] + (["dealer"] if four else [])
    seat_of = {"declarer": "N", "whister": "E", "passer": "S", "dealer": "W"}
    levels = []
    for level in LEVELS:
        r = rates(level, conv, table_size)
        strain = _lone_strain(level, conv)
        rows = []
        for taken in range(10, max(-1, level - 5), -1) if strain else ():
            outcome = Outcome.make(
                table_size,
                dealer,
                f"{level}{strain}",
                "N",
                {"N": taken, "E": 10 - taken},
                {"E": "whist", "S": "pass"},
                conventions=conv,
            )
            res = settle(outcome, conv).results
            rows.append(
                {"tricks": taken, "diff": taken - level, "cells": [signed(res[seat_of[role]], lang) for role in roles]}
            )
        levels.append(
            {
                "level": level,
                "cost": r["cost"],
                "obligation": r["obligation"],
                "made": r["made"],
                "trick": r["trick"],
                "under": r["undertrick"],
                "short": r["shortfall"],
                "half": r["half"],
                "conceded": r["conceded"],
                "rows": rows,
                "strain": strain,
            }
        )
    # misère and all-pass parts from the same entries settle writes
    misere = {
        "made": results_of([Entry("pool", "N", Fraction(MISERE_COST))], table_size, conv.pool_value),
        "per_trick": results_of([Entry("gora", "N", Fraction(conv.misere_gora))], table_size, conv.pool_value),
        "cap": conv.misere_max_tricks,
    }
    allpass = {
        "zero": results_of([Entry("pool", "N", Fraction(1))], table_size, conv.pool_value),
        "per_trick": results_of([Entry("gora", "N", Fraction(conv.allpass_gora))], table_size, conv.pool_value),
        "dealer_pool": four and conv.allpass_dealer_pool,
    }
    allpass_examples = []
    hands = active_seats(table_size, dealer)
    for split in ((0, 4, 6), (1, 4, 5), (2, 3, 5), (2, 4, 4), (3, 3, 4), (1, 2, 7), (0, 5, 5), (1, 3, 5)):
        outcome = Outcome.make(table_size, dealer, "—", None, dict(zip(hands, split)), conventions=conv)
        res = settle(outcome, conv).results
        allpass_examples.append(
            {
                "split": "–".join(map(str, split)),
                "talon": 10 - sum(split),
                "cells": [signed(res[s], lang) for s in hands],
            }
            | ({"dealer": signed(res[dealer], lang)} if four else {})
        )
    checked = None
    if conv.tens == "checked":
        made = settle(Outcome.make(table_size, dealer, "10♠", "N", {"N": 10}, {"E": "pass", "S": "pass"}), conv)
        checked = {"declarer": signed(made["N"], lang), "other": signed(made["E"], lang)}
    return {
        "variant": variant,
        "conv": conv,
        "table_size": table_size,
        "four": four,
        "roles": roles,
        "role_words": ROLE_WORDS[lang],
        "role_short": ROLE_SHORT[lang],
        "levels": levels,
        "misere": misere,
        "allpass": allpass,
        "allpass_examples": allpass_examples,
        "allpass_hands": hands,
        "examples": _worked_examples(conv, table_size, dealer, lang),
        "conventions": conventions_list(conv, lang, table_size),
        "signed": lambda v: signed(v, lang),
        "dealer_seat": dealer,
        "checked": checked,
        "half_levels": [L for L in levels if L["half"] and L["strain"]],
        "compulsory": "sixes" if conv.sixes_whisted else "stalingrad" if conv.stalingrad else None,
        "responsibility": _responsibility(levels, conv, table_size, dealer, lang),
        "misere_cost": MISERE_COST,
        # results of a table of 3 are thirds: each is rounded, so a row may miss 0 by a step
        "rounding": _m(lang, "costs.rounding_3", step=number(Fraction(1, 10), lang)) if not four else "",
    }


def costs_html(variant: str, conv: Conventions, table_size: int, lang: str, event=None) -> str:
    return html("costs.html", lang, event=event, **costs_context(variant, conv, table_size, lang))


def write_costs(variant: str, conv: Conventions, table_size: int, lang: str, folder: Path) -> list[Path]:
    """costs-VARIANT-SIZE.html and .pdf in a folder."""
    text = costs_html(variant, conv, table_size, lang)
    stem = folder / f"costs-{variant}-{table_size}"
    return [write_atomic(stem.with_suffix(".html"), text), write_pdf(text, stem.with_suffix(".pdf"))]


# --------------------------------------------------------------------------- the results site's addresses

# Pages of the published results site, relative to its root (the spec's [publish] url): the
# kit's QR codes point at them before the results exist, so the layout is fixed here.
PLAYER_PAGE = "players/player-{n}.html"
DEAL_PAGE = "deals/deal-{n}.html"
TABLE_PAGE = "tables/table-{n}.html"


def site_url(event: Event, page: str, n: int) -> str:
    """The address of a page of the published site, or "" when the spec gives no [publish] url."""
    if not event.publish_url:
        return ""
    return event.publish_url.rstrip("/") + "/" + page.format(n=n)


# --------------------------------------------------------------------------- kit documents


def table_copy(table_play) -> int:
    """Which copy of its set a table plays (1 unless the movement prepares several copies)."""
    return getattr(table_play, "copy", 1) or 1


def _where_next(event: Event) -> dict:
    """(round, player) -> (table, seat) or None for resting; used for "3S → 2W"."""
    pos = {}
    for rnd in event.movement.rounds:
        for t in rnd.tables:
            for seat, p in t.seats:
                pos[(rnd.number, p)] = (t.table, seat)
        for p in rnd.resting:
            pos[(rnd.number, p)] = None
    return pos


def _box_moves(event: Event) -> dict:
    """(round, table) -> (table the box comes from or None, table it goes to or None), along the
    route of the copy of the set that table plays (None: from / to the director)."""
    out = {}
    for route in event.movement.routes().values():
        for i, (r, t) in enumerate(route):
            prev = route[i - 1] if i and route[i - 1][0] == r - 1 else None
            nxt = route[i + 1] if i + 1 < len(route) and route[i + 1][0] == r + 1 else None
            out[(r, t)] = (prev[1] if prev else None, nxt[1] if nxt else None)
    return out


def _after_rest(pos: dict, round_no: int, player: int, last: int) -> str:
    """Where a player who rests in a round plays next ("3S"), or "" when he plays no more."""
    for r in range(round_no + 1, last + 1):
        at = pos.get((r, player))
        if at:
            return f"{at[0]}{at[1]}"
    return ""


def dealing_tables(event: Event) -> dict[int, list[tuple[int, int]]]:
    """Deals dealt at the table: table -> [(round, set)] of the sets it deals before that round.

    The first table to play a set deals it; a set played in several copies is dealt by the
    director (every copy must hold the same layout), so no table deals it.
    """
    out: dict[int, list[tuple[int, int]]] = {}
    if not event.dealt_at_table:
        return out
    copies = event.movement.copies
    for (set_no, _copy), route in event.movement.routes().items():
        if copies.get(set_no, 1) == 1:
            r, t = route[0]
            out.setdefault(t, []).append((r, set_no))
    return {t: sorted(v) for t, v in out.items()}


def _m(lang: str, code: str, **params) -> str:

    return Message(code, **params).text(lang)


def table_cards_context(event: Event) -> dict:
    m, lang = event.movement, event.language
    pos = _where_next(event)
    boxes = _box_moves(event)
    last = len(m.rounds)
    rooms = {room.number: room for room in m.rooms}
    deals_at = dealing_tables(event)
    cards = {}
    for rnd in m.rounds:
        for t in rnd.tables:
            moves_next = []
            for seat, p in t.seats:
                if rnd.number == last:
                    moves_next.append((seat, p, "end", ""))
                    continue
                nxt = pos[(rnd.number + 1, p)]
                if nxt is None:
                    moves_next.append((seat, p, "rest", _after_rest(pos, rnd.number + 1, p, last)))
                elif nxt == (t.table, seat):
                    moves_next.append((seat, p, "stay", ""))
                else:
                    moves_next.append((seat, p, f"{nxt[0]}{nxt[1]}", ""))
            slot = rooms[t.room].slot_of(rnd.number, t.table)
            if slot:
                set_from = set_to = ("slot", slot)
            else:
                came, goes = boxes[(rnd.number, t.table)]
                set_from = ("table", came) if came else ("director", None)
                set_to = ("table", goes) if goes else ("director", None)
            copy = table_copy(t) if m.copies.get(t.set, 1) > 1 else 0
            cards.setdefault(
                t.table, {"table": t.table, "room": t.room, "rounds": [], "url": site_url(event, TABLE_PAGE, t.table)}
            )["rounds"].append(
                {
                    "round": rnd.number,
                    "set": t.set,
                    "copy_no": copy,
                    "seats": t.seats,
                    "next": moves_next,
                    "from": set_from,
                    "to": set_to,
                }
            )
    for card in cards.values():
        # the legend explains only what this card shows, with one of its own moves as the example
        kinds = [nxt for r in card["rounds"] for _, _, nxt, _ in r["next"]]
        card["used"] = {k for k in kinds if k in ("stay", "rest", "end")}
        card["example"] = next((k for k in kinds if k not in ("stay", "rest", "end")), None)
        card["legend"] = _card_legend(card, lang)
        card["deals"] = _card_deals(deals_at.get(card["table"], []), event)
        card["entry"] = entry_of(event, card["table"])
    return {"cards": [cards[k] for k in sorted(cards)], "compact": last <= 13, "dense": last > 30}


def entry_of(event: Event, table: int) -> dict | None:
    """A table card's entry QR: the table's page on the scoring server with its code, and the code to type."""
    code = event.entry_codes.get("tables", {}).get(table) if event.serve_url else None
    if not code:
        return None

    return {
        "url": entry_url(event.serve_url, table, code),
        "code": code,
        "caption": _m(event.language, "serve.card_caption"),
    }


def _card_legend(card: dict, lang: str) -> list[str]:
    """The card's own symbols explained with its own examples: copies, slots of the row, rests."""
    out = []
    copy = next((r for r in card["rounds"] if r["copy_no"]), None)
    if copy:
        out.append(_m(lang, "movement.card_copy", set=copy["set"], copy=copy["copy_no"]))
    slot = next((r["from"][1] for r in card["rounds"] if r["from"][0] == "slot"), None)
    if slot:
        out.append(_m(lang, "movement.card_slot", slot=slot))
    rest = next((after for r in card["rounds"] for _, _, nxt, after in r["next"] if nxt == "rest" and after), None)
    if rest:
        out.append(_m(lang, "movement.card_rest_next", table=rest[:-1], seat=rest[-1], where=rest))
    elif "rest" in card["used"]:
        out.append(_m(lang, "movement.card_rest"))
    return out


def _card_deals(items: list[tuple[int, int]], event: Event) -> str:
    """The dealing instruction of a table that deals sets at the table ("" when it deals none)."""
    if not items:
        return ""
    lang = event.language
    when = "; ".join(_m(lang, "movement.card_deal_item", set=s, round=r) for r, s in items)
    return _m(
        lang, "movement.card_deal_4" if event.table_size == 4 else "movement.card_deal_3", items=when, n=len(items)
    )


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


def _room_players(room, lang: str) -> str:
    """The players of a room as the director reads them: "1–13 (13)", "бывшие N: 1, 5, 9, … (12)"."""
    players = ranges(room.players)
    if room.lines:
        return _m(lang, "movement.mq_room_lines", lines=", ".join(room.lines), players=players, n=len(room.players))
    return _m(lang, "movement.mq_room_players", players=players, n=len(room.players))


# A session that ends after midnight, or plays longer than this, gets a warning on the director's sheet.
LONG_SESSION_MINUTES = 6 * 60


def plan_warning(event: Event) -> str:
    """A warning when the time plan runs past midnight or longer than six hours ("" otherwise)."""
    plan = event.time_plan()
    if not plan:
        return ""
    h, mnt = (int(x) for x in event.start.split(":"))
    rounds = len(plan)
    minutes = rounds * event.round_minutes + 5 * (rounds - 1)
    end = h * 60 + mnt + minutes
    params = {"rounds": rounds, "end": plan[-1][2], "hours": minutes // 60, "minutes": minutes % 60}
    if end > 24 * 60:
        return _m(event.language, "movement.mq_plan_late", **params)
    if minutes > LONG_SESSION_MINUTES:
        return _m(event.language, "movement.mq_plan_long", **params)
    return ""


def dealing_notes(event: Event) -> list[str]:
    """The director's notes on deals dealt at the tables: who deals, and the sets he deals himself."""
    if not event.dealt_at_table:
        return []
    out = [_m(event.language, "movement.mq_dealt")]
    several = [s for s, n in event.movement.copies.items() if n > 1]
    if several:
        out.append(_m(event.language, "movement.mq_dealt_copies", sets=ranges(several)))
    return out


# The director's sheet's seating: a table a round, each kept whole on a page (print.css .keep). A table of a round
# of ROUND_PAGE_TABLES tables or more is surely taller than half the page (A4 less its margins, 271 mm: two head
# rows of 8.5 pt text of at least 5 mm each, a row a table of 10 pt text of at least 5.7 mm, 2 mm below): no two
# such tables share a page, so each after the first starts one (break-before) where WeasyPrint would first lay it
# out below the one before, find it too tall and lay it out again on the next page.
ROUND_PAGE_TABLES = next(n for n in range(1, 100) if 2 * (2 * 5.0 + 5.7 * n + 2) > 271)


def director_context(event: Event) -> dict:
    m = event.movement
    st = m.stats
    return {
        "m": m,
        "round_pages": min((len(rnd.tables) for rnd in m.rounds), default=0) >= ROUND_PAGE_TABLES,
        "stats": st,
        "spp": (min(st.sets_per_player.values()), max(st.sets_per_player.values())),
        "rpp": (min(st.rests_per_player.values()), max(st.rests_per_player.values())),
        "plan": event.time_plan(),
        "copies": m.copies_needed,
        "quality": movement_quality_context(event),
        "scheme_rooms": [r for r in m.rooms if r.slot_rows],
        "room_players": {r.number: _room_players(r, event.language) for r in m.rooms},
        "room_sets": {r.number: ranges(r.sets) for r in m.rooms},
        "pairs_whom": _m(event.language, m.quality.whom),
        "plan_warning": plan_warning(event),
        "dealing": dealing_notes(event),
        "director_code": _m(
            event.language, "serve.director_code", url=event.serve_url, key=event.entry_codes["director"]
        )
        if event.serve_url and event.entry_codes
        else "",
    }


def itineraries_context(event: Event) -> dict:
    pos = _where_next(event)
    set_at = {(rnd.number, t.table): t.set for rnd in event.movement.rounds for t in rnd.tables}
    rooms = len(event.movement.rooms) > 1
    room_of = {p: room.number for room in event.movement.rooms for p in room.players}
    strips = []
    for p in event.players:
        legs = []
        for rnd in event.movement.rounds:
            at = pos.get((rnd.number, p.number))
            legs.append(
                {
                    "round": rnd.number,
                    "table": at[0] if at else None,
                    "seat": at[1] if at else None,
                    "set": set_at[(rnd.number, at[0])] if at else None,
                }
            )
        strips.append(
            {
                "player": p,
                "legs": legs,
                "url": site_url(event, PLAYER_PAGE, p.number),
                "room": room_of.get(p.number) if rooms else None,
            }
        )
    return {"strips": strips, "plan": dict((r, s) for r, s, _ in event.time_plan())}


def deal_view(deal, lang: str) -> dict:
    """A deal for print: each pocket's cards by suit, the talon top and bottom."""
    pockets = {}
    for seat in ("N", "E", "S", "W"):
        cards = deal.hand(seat)
        pockets[seat] = hand_by_suit(cards, lang) if cards else None
    blank = not deal.hands  # dealt at the first table: the protocol carries a grid to write it in
    return {
        "deal": deal,
        "pockets": pockets,
        "talon": [card_text(c, lang) for c in deal.talon],
        "talon_pocket": deal.talon_pocket,
        "red": [c[0] >= 2 for c in deal.talon],
        "void": any(ranks == "—" for hand in pockets.values() if hand for _, ranks in hand),
        "blank": blank,
        "active": active_seats(deal.table_size, deal.dealer),
    }


# A protocol with at most this many rows fits half an A4 sheet: two such protocols share a page.
HALF_PAGE_ROWS = 10


def protocol_sheets(event: Event) -> list[dict]:
    """One protocol per deal and copy of its set: the rows of the tables that play that copy."""
    copy_of = {(rnd.number, t.table): table_copy(t) for rnd in event.movement.rounds for t in rnd.tables}
    sheets = []
    for d in event.deals:
        view = deal_view(d, event.language)
        by_copy: dict[int, list] = {}
        for row in event.rows_of(d):
            by_copy.setdefault(copy_of.get((row.round, row.table), 1), []).append(row)
        for copy in sorted(by_copy):
            rows = by_copy[copy]
            sheets.append(
                {
                    "view": view,
                    "rows": rows,
                    "copy_no": copy,
                    "copies": len(by_copy),
                    "dealt_by": _dealt_by(event, d.set, rows) if view["blank"] and rows else "",
                }
            )
    return sheets


def _dealt_by(event: Event, set_no: int, rows: list) -> str:
    """Who deals a deal dealt at the table and writes its layout here: its first table, or the
    director where the set is played in several copies (every copy must hold the same layout)."""
    if event.movement.copies.get(set_no, 1) > 1:
        return _m(event.language, "movement.protocol_dealt_director")
    return _m(event.language, "movement.protocol_dealt_table", table=rows[0].table, round=rows[0].round)


def pair_sheets(sheets: list[dict], half_rows: int = HALF_PAGE_ROWS) -> list[list[dict]]:
    """Pages of one or two sheets: consecutive short sheets share a page, in order."""
    pages: list[list[dict]] = []
    for sheet in sheets:
        half = len(sheet["rows"]) <= half_rows
        if half and pages and len(pages[-1]) == 1 and len(pages[-1][0]["rows"]) <= half_rows:
            pages[-1].append(sheet)
        else:
            pages.append([sheet])
    return pages


def protocols_context(event: Event) -> dict:
    return {"pages": pair_sheets(protocol_sheets(event)), "half_rows": HALF_PAGE_ROWS}


def deals_context(event: Event, analysis=None) -> dict:
    """The hand records: every deal's pockets, and its makeable table when `analysis` is given."""

    views = [deal_view(d, event.language) for d in event.deals]
    for v in views:
        v["dd"] = table_view(analysis.deals.get(v["deal"].number), event.language) if analysis else None
        v["dd_lines"] = table_lines(v["dd"], words(event.language)) if v["dd"] else None
    return {
        "views": views,
        "void": any(v["void"] for v in views),
        "analysed": any(v["dd"] for v in views),
        "copies": event.movement.copies,
    }


# --------------------------------------------------------------------------- wall start list


def sort_key(name: str) -> tuple:
    """Alphabetical order of names as a Russian reader expects it (Ё beside Е, case ignored)."""
    folded = str(name).casefold()
    return (folded.replace("ё", "е"), folded)


def first_seats(event: Event) -> dict:
    """player -> (round, table, seat, room) of his first round at a table (round 1 unless he rests)."""
    out = {}
    for rnd in event.movement.rounds:
        for t in rnd.tables:
            for seat, p in t.seats:
                out.setdefault(p, (rnd.number, t.table, seat, t.room))
    return out


def _typical(values) -> int:
    """The ninth decile: nine values in ten are at most this."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


FIGURE_MM = 13.5  # a start list's column of figures (number, room, table, seat), as print.css sets it


def start_list_context(event: Event, sessions=None) -> dict:
    """Players in alphabetical order with their round-1 table and seat, laid out in columns.

    `sessions` (label, Event) pairs give one table-and-seat column group per session of a
    competition; by default the event's own session alone, without a session heading.
    """
    sessions = list(sessions) if sessions else [(None, event)]
    seats = [(label, first_seats(ev)) for label, ev in sessions]
    rooms = [len(ev.movement.rooms) > 1 for _, ev in sessions]  # a room column where a session has rooms
    entries = []
    for p in sorted(event.players, key=lambda p: (sort_key(p.name or ""), p.number)):
        entries.append({"player": p, "at": [where.get(p.number) for _, where in seats]})
    n = len(entries)
    across = 2 if len(sessions) == 1 else 1  # a column group per session leaves room for one list a page
    pages = 1 if n <= 30 * across else 2 if n <= 70 * across else -(-n // (35 * across))
    per_column = max(1, -(-n // (across * pages)))
    columns = [entries[i : i + per_column] for i in range(0, n, per_column)]
    # rows as tall as a page allows (about 225 mm of rows)
    row_mm = min(16.0, max(5.0, 225.0 / per_column))
    # Numbers, tables and seats as large as the rows allow. Names as large as fits the name column
    # (a list's share of the 188 mm width less 13.5 mm a column of figures, 3 mm of padding): nine
    # names in ten on one line, or on two (surname, name) where the rows are tall enough.
    # DejaVu Sans takes about 0.21 mm a letter a point, a line 1.1 × 0.353 mm a point.
    font_pt = min(18.0, row_mm * 1.4)
    name_mm = (188.0 - 5.0 * (across - 1)) / across - FIGURE_MM * (1 + sum(3 if r else 2 for r in rooms)) - 3.0
    names = [str(e["player"].name or "") for e in entries] or ["—"]
    one_line = name_mm / (max(_typical(len(name) for name in names), 8) * 0.21)
    two_lines = min(
        (row_mm - 1.0) / (2 * 1.1 * 0.353),
        name_mm / (max(_typical(max(map(len, name.split() or [""])) for name in names), 6) * 0.21),
    )
    name_pt = max(9.0, min(font_pt, max(one_line, two_lines)))
    later = any(at and at[0] > 1 for e in entries for at in e["at"])
    return {
        "pages": [columns[i : i + across] for i in range(0, len(columns), across)],
        "sessions": [s for s, _ in sessions],
        "rooms": rooms,
        "figure_mm": FIGURE_MM,
        "row_mm": round(row_mm, 1),
        "font_pt": round(font_pt, 1),
        "across": across,
        "name_pt": round(name_pt, 1),
        "any_later": later,
    }
