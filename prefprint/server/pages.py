"""The server's HTML pages: words from the message catalogue, built here and handed to the templates.

Templates in templates/server/ (autoescaped; data for the page's script goes through `tojson`,
which escapes <, >, & and quotes, so nothing typed is echoed unescaped). The pages call the JSON
API from their scripts (SCRIPTS): table.js and director.js, each a module importing shared.js.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from babel import Locale

from prefprint.engine.deals import PRINTED_RANKS, SUITS
from prefprint.engine.rules import COST, STRAINS, active_seats
from prefprint.io.render import html, templates_dir
from prefprint.server.rows import Refused
from prefprint.views.documents import seat_text, table_cards_context
from prefprint.words.messages import Message, plural

if TYPE_CHECKING:  # the session's state, which the pages show (scoring imports this module's neighbours)
    from prefprint.server.scoring import Scoring

SCRIPTS = ("shared.js", "table.js", "director.js")  # in templates/server/, served at /shared.js, …
TABLE_POLL_MS = 10_000  # a table's page looks at its rows again: says when offline, shows what changed meanwhile

# no page is framed by another site, scripts only from the server itself, nothing cached
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
}

# the words of the pages (codes serve.ui_*): the script takes them as they are
UI = (
    "table",
    "round",
    "deal",
    "dealer",
    "first_hand",
    "seats",
    "contract",
    "allpass",
    "misere",
    "dark",
    "declarer",
    "defence",
    "whist",
    "pass",
    "half",
    "tricks",
    "check",
    "confirm",
    "change",
    "saved",
    "next",
    "round_done",
    "session_done",
    "room",
    "moves",
    "closed",
    "correct",
    "reason",
    "whists",
    "entered",
    "missing",
    "missing_deals",
    "director",
    "progress",
    "close_round",
    "open_round",
    "export",
    "hide",
    "show",
    "ranking",
    "place",
    "player",
    "mp",
    "percent",
    "all_entered",
    "open_table",
    "code",
    "enter",
    "rows",
    "provisional",
    "waiting",
    "error",
    "tricks_of",
    "no_round",
    "choose",
    "results",
    "corrections",
    "live",
    "live_at",
    "live_behind",
    "live_waiting",
    "live_error",
    "web_at",
    "web_error",
    "web_sending",
    "live_final",
    "live_solving",
    "layout",
    "layout_missing",
    "layout_enter",
    "layout_help",
    "layout_save",
    "layout_saved",
    "talon_top",
    "talon_bottom",
    "loading",
    "conceded",
    "offline",
    "offline_row",
    "offline_layout",
    "offline_check",
    "offline_change",
    "offline_preview",
    "whists_later",
    "entered_elsewhere",
    "layout_entered_elsewhere",
    "layout_entered_theirs",
    "close_missing",
    "by_table",
    "by_director",
    "corrected_by",
    "sending",
    "row_waiting",
    "row_refused",
    "layout_waiting",
    "layout_refused",
    "rows_not_entered",
    "missing_ask",
    "go_enter",
    "round_clock_left",
    "round_clock_paused",
    "ahead",
    "table_code",
    "tables_now",
    "clock",
    "clock_start",
    "clock_pause",
    "clock_resume",
    "clock_next",
    "clock_back",
    "clock_idle",
    "clock_paused",
    "minutes_left",
    "clock_over",
    "clock_started",
    "entering",
    "last_entry",
    "late",
    "all_in",
    "no_rows_yet",
    "missing_rows",
    "waive",
    "waive_reason",
    "waived",
    "unwaived",
    "travellers",
    "anywhere",
)


def words(lang: str) -> dict:
    """The words of the pages; their placeholders ({seat}, {n}, {round}) are left for the script to fill."""
    holes = {k: "{" + k + "}" for k in ("seat", "n", "round", "deals", "now", "error")}
    return {k: Message(f"serve.ui_{k}", **holes).text(lang) for k in UI}


def waiting_words(lang: str) -> dict:
    """«N строк ждут связи» in each plural category of the language (CLDR, as Intl.PluralRules names them): the
    page picks the form for its count, the number put before it."""
    out = {}
    for n in (*range(0, 30), 101, 1.5):  # a number of each category the language has
        out.setdefault(Locale.parse(lang).plural_form(n), plural(n, "count.row_waiting", lang))
    return out


def _render(s: Scoring, template: str, **context) -> str:
    return html(f"server/{template}", s.lang, event=s.event, w=words(s.lang), live=s.live, **context)


_MOVES = {"move": "serve.move_to", "stay": "serve.move_stay", "rest": "serve.move_rest", "end": "serve.move_end"}


def _moves(s: Scoring) -> dict:
    """(round, table) -> ["N 5 → 3S", …]: where each seat goes after the round, as the table card says."""

    out = {}
    for card in table_cards_context(s.event)["cards"]:
        for r in card["rounds"]:
            lines = []
            for seat, player, kind, at in r["next"]:  # at: (table, seat) he goes to, or after his rest
                to, place, after = (str(at[0]), at[1], seat_text(at)) if at else ("", "", "")
                message = Message(_MOVES[kind], seat=seat, player=player, to=to, place=place, after=after)
                lines.append(message.text(s.lang))
            out[f"{r['round']}/{card['table']}"] = lines
    return out


def table(s: Scoring, number: int, token: str, director: bool) -> str:
    e = s.event
    data = {
        "table": number,
        "token": token,
        "director": director,
        "seats": list(e.seats),
        "table_size": e.table_size,
        "dark": bool(e.conventions.dark),
        "concession": bool(e.conventions.concession),
        "words": words(s.lang),
        "waiting": waiting_words(s.lang),
        "levels": list(COST),
        "strains": [("NT" if x == "БК" and s.lang == "en" else x) for x in STRAINS],
        "active": {d.dealer: list(active_seats(e.table_size, d.dealer)) for d in e.deals},
        "moves": {k: v for k, v in _moves(s).items() if k.endswith(f"/{number}")},
        "names": {str(p.number): p.name for p in e.players},
        "suits": list(SUITS),
        "ranks": list(PRINTED_RANKS[s.lang]),  # 7 … Т (7 … A), as cards are written
        "poll": TABLE_POLL_MS,
        "last_round": len(e.movement.rounds),
    }
    room = e.movement.room_named(number)
    return _render(s, "table.html", number=number, data=data, director=director, room=room)


def director(s: Scoring, token: str) -> str:
    data = {
        "token": token,
        "words": words(s.lang),
        "names": {str(p.number): p.name for p in s.event.players},
        "rounds": s.plan.rounds,
    }
    return _render(s, "director.html", data=data, token=token, anywhere=s.access.anywhere)


def home(s: Scoring) -> str:
    return _render(s, "home.html")


def table_code(s: Scoring, number: int) -> str:
    """/t/N opened without a code (typed from the table card's address): a form asking for it."""
    return _render(s, "code.html", number=number, label=Message("serve.ui_table_code", n=number).text(s.lang))


def results(s: Scoring, ranking) -> str:

    if isinstance(ranking, Refused):
        return _render(s, "results.html", ranking=None, problem=ranking.message.text(s.lang), note="", heading=None)
    note = (
        Message(
            "serve.provisional_note", pending=len(ranking.get("pending", [])), partial=len(ranking.get("partial", []))
        ).text(s.lang)
        if ranking.get("provisional")
        else ""
    )
    # a later session ranked with the sessions before it: the competition's ranking, not this session's
    together = {t["session"] for r in ranking["ranking"] for t in r["sessions"]} - {s.event.session}
    heading = s.event.title if together else s.event.heading
    sessions = ", ".join(str(n) for n in sorted(together | {s.event.session}))
    said = Message("serve.ranked_together", sessions=sessions).text(s.lang) if together else None
    return _render(s, "results.html", ranking=ranking["ranking"], problem="", note=note, heading=heading, together=said)


def refused(s: Scoring, e: Refused) -> str:
    return _render(s, "refused.html", message=e.message.text(s.lang), status=e.status)


@lru_cache(maxsize=len(SCRIPTS))
def script(name: str) -> str:
    """The text of one of the pages' scripts (a name of SCRIPTS)."""
    return (templates_dir() / "server" / name).read_text(encoding="utf-8")
