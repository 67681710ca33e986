"""The director's sheet: the movement round by round, its rooms, time plan and warnings."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.views.documents.movement_quality import movement_quality_context
from prefprint.views.documents.wording import phrase
from prefprint.words.numbers import ranges


def _room_players(room, lang: str) -> str:
    """The players of a room as the director reads them: "1–13 (13)", "бывшие N: 1, 5, 9, … (12)"."""
    players = ranges(room.players)
    if room.lines:
        return phrase(lang, "movement.mq_room_lines", lines=", ".join(room.lines), players=players, n=len(room.players))
    return phrase(lang, "movement.mq_room_players", players=players, n=len(room.players))


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
        return phrase(event.language, "movement.mq_plan_late", **params)
    if minutes > LONG_SESSION_MINUTES:
        return phrase(event.language, "movement.mq_plan_long", **params)
    return ""


def dealing_notes(event: Event) -> list[str]:
    """The director's notes on deals dealt at the tables: who deals, and the sets he deals himself."""
    if not event.dealt_at_table:
        return []
    out = [phrase(event.language, "movement.mq_dealt")]
    several = [s for s, n in event.movement.copies.items() if n > 1]
    if several:
        out.append(phrase(event.language, "movement.mq_dealt_copies", sets=ranges(several)))
    return out


# The director's sheet's seating: a table a round, each kept whole on a page (print.css .keep). A table of a round
# of ROUND_PAGE_TABLES tables or more is surely taller than half the page (A4 less its margins, 271 mm: two head
# rows of 8.5 pt text of at least 5 mm each, a row a table of 10 pt text of at least 5.7 mm, 2 mm below): no two
# such tables share a page, so each after the first starts one (break-before) where WeasyPrint would first lay it
# out below the one before, find it too tall and lay it out again on the next page.
ROUND_PAGE_TABLES = next(n for n in range(1, 100) if 2 * (2 * 5.0 + 5.7 * n + 2) > 271)


def director_context(event: Event) -> dict:
    """The director's sheet: the movement, its figures and fairness, rooms, time plan, warnings and code."""
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
        "pairs_whom": phrase(event.language, m.quality.whom),
        "plan_warning": plan_warning(event),
        "dealing": dealing_notes(event),
        "director_code": phrase(
            event.language, "serve.director_code", url=event.serve_url, key=event.entry_codes["director"]
        )
        if event.serve_url and event.entry_codes
        else "",
    }
