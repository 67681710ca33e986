"""results.pdf's layout in millimetres: score cards as aligned lines in columns, protocols that start a page."""

from __future__ import annotations

from prefprint.views import makeable
from prefprint.views.report_state import IN_PLAY
from prefprint.words.numbers import number

# results.pdf prints the score cards as recap lines in a monospaced face: a table cell per
# figure costs WeasyPrint about half a millisecond, so 100 cards of 100 deals as tables would
# double the time of the whole PDF; aligned lines of text cost a tenth of that.
# Heights in millimetres as print.css sets them (.cards): a column is what an A4 page leaves
# under the heading and above the legend.
CARD_COLUMN_MM = 244.0
_RECAP_MM = 2.96  # a recap line: 7 pt mono, line height 1.2
_HEADING_MM = 2.87  # a line of a round's heading: 6.5 pt, line height 1.25
_BLOCK_MM = 0.6  # space above a round
_CARD_MM = 12.0  # a card's name, standing and column heads
_MORE_MM = 7.5  # a card continued in the next column: its name and column heads again
_HEADING_LETTERS = 68  # letters of a round's heading that surely fit one line of a column
NBSP = "\u00a0"
_RECAP = "{deal:>3} {role:<{rw}}{contract:<6}{tricks:>7} {whists:>6} {mp:>7} {run:>8}"
_MARK_WIDTH = len(" ▲10")  # the widest double-dummy mark after a role


def role_width(t: dict) -> int:
    """Letters of a printed score card's role column: its longest role with the widest mark, and a space."""
    marked = max(len(t["role_names"][r]) for r in makeable.SIDES) + _MARK_WIDTH
    plain = max(len(w) for w in (*t["role_names"].values(), t["status_names"]["adjusted"], t["role"]))
    return max(marked, plain) + 1


def _segments(text: str) -> list[tuple[str, str]]:
    """A line as (text, css class) pieces: red suits marked."""
    out, buf = [], ""
    for ch in text:
        if ch in "♥♦":
            if buf:
                out.append((buf, ""))
            out.append((ch, "red"))
            buf = ""
        else:
            buf += ch
    if buf:
        out.append((buf, ""))
    return out


def _fmt(value, lang: str) -> str:
    return number(value, lang)


def recap_head(t: dict) -> str:
    """The column heads of a printed score card."""
    return _RECAP.format(
        deal=t["deal_short"][:3],
        role=t["role"],
        rw=role_width(t),
        contract=t["contract_short"][:6],
        tricks=t["tricks_short"],
        whists=t["whists_short"],
        mp=t["mp"],
        run=t["running_short"],
    )


def recap_line(x: dict, t: dict) -> list[tuple[str, str]]:
    """One deal of a score card as an aligned line (pieces with red suits marked)."""
    if x["out"]:
        text = f"{x['deal']:>3} {t['status_names'][x['status']]}"
        if x["notes"]:
            text += ": " + "; ".join(x["notes"])
        return _segments(text)
    role = t["status_names"]["adjusted"] if x["status"] == "adjusted" else t["role_names"].get(x["role"], "")
    if x.get("dd"):
        role += " " + x["dd"]["text"]
    if x["decl_tricks"] is not None and x["own_tricks"] is not None:
        tricks = f"{x['decl_tricks']} / {x['own_tricks']}"
    else:
        tricks = _fmt(x["decl_tricks"] if x["decl_tricks"] is not None else x["own_tricks"], t["lang"])
    whists = _fmt(x["whists"], t["lang"])  # an adjusted score's percentage is in the row's note
    mp = f"{_fmt(x['mp'], t['lang'])}/{x['top']}" if x["mp"] is not None else ""
    run = _fmt(x["running"], t["lang"])
    text = _RECAP.format(
        deal=x["deal"],
        role=role,
        rw=role_width(t),
        contract=x["contract"],
        tricks=tricks,
        whists=whists,
        mp=mp,
        run=run,
    ).rstrip()
    if x["status"] == IN_PLAY:  # the word across the empty role, contract, tricks and whists
        word = f"{x['deal']:>3} {t['status_names'][IN_PLAY]}"
        text = word + text[len(word) :]
    if x["notes"]:
        text += "\n    " + "; ".join(x["notes"])
    return _segments(text)


def _round_block(rnd: dict, t: dict) -> dict:
    from prefprint.io.render import short_name

    if rnd["rest"]:
        return {
            "kind": "round",
            "title": f"{t['round']} {rnd['round']} · {t['rest']}",
            "detail": "",
            "lines": [],
            "height": _HEADING_MM + _BLOCK_MM,
        }
    room = f" · {t['room'].lower()} {rnd['room']}" if rnd.get("room") else ""  # as the table card names it
    title = f"{t['round']} {rnd['round']} · {t['table'].lower()} {rnd['table']}{room} · {rnd['seat']}"
    total = f" · {_fmt(rnd['mp'], t['lang'])}/{rnd['top']}" if rnd["top"] else ""
    # a table-mate's seat, number and name on one line: the line breaks only between table-mates
    mates = ", ".join(NBSP.join((s, str(p), *short_name(name).split())) for s, p, name in rnd["mates"])
    detail = f"{total} — {mates}"
    lines = [recap_line(x, t) for x in rnd["deals"]]
    heading_lines = _wrapped_lines(title + detail, _HEADING_LETTERS)
    height = heading_lines * _HEADING_MM + _BLOCK_MM + _RECAP_MM * sum(1 + bool(x["notes"]) for x in rnd["deals"])
    return {"kind": "round", "title": title, "detail": detail, "lines": lines, "height": height}


def _wrapped_lines(text: str, letters: int) -> int:
    """Lines of `text` wrapped at its ordinary spaces (never at a no-break space) to `letters` a line."""
    lines, used = 1, 0
    for word in text.split(" "):
        if used and used + 1 + len(word) > letters:
            lines, used = lines + 1, len(word)
        else:
            used += len(word) + bool(used)
    return lines


def print_card_pages(cards: list[dict], t: dict, room: float = CARD_COLUMN_MM) -> list[list[list[dict]]]:
    """Score cards for print: pages of two columns of blocks (a card's heading, its rounds).

    A card longer than a column starts on a new page; a shorter one goes where it fits whole,
    so that a club night prints four cards a page. Rounds are never split; heights are
    reckoned in millimetres from the print CSS (a test renders the densest page).
    """
    columns: list[list[dict]] = [[]]
    used = 0.0

    def new_column():
        nonlocal used
        columns.append([])
        used = 0

    for card in cards:
        rounds = [_round_block(r, t) for r in card["rounds"]]
        heading = {"kind": "card", "card": card, "height": _CARD_MM, "more": False}
        size = heading["height"] + sum(r["height"] for r in rounds)
        if size > room:
            if columns[-1]:
                new_column()
            if len(columns) % 2 == 0:  # a long card starts on the left of a page
                new_column()
        elif used + size > room and columns[-1]:
            new_column()
        columns[-1].append(heading)
        used += heading["height"]
        for block in rounds:
            if used + block["height"] > room and columns[-1]:
                new_column()
                columns[-1].append({"kind": "card", "card": card, "height": _MORE_MM, "more": True})
                used += _MORE_MM
            columns[-1].append(block)
            used += block["height"]
    return [columns[i : i + 2] for i in range(0, len(columns), 2)]


# Lower bounds of a printed protocol's height (results.pdf), in millimetres: a row of the table
# (8.5 pt text, its padding and rule), the heading and legend, the layout's row of hands, the
# space and rule between two protocols; the page's height inside its margins (print.css @page).
_ROW_MM_AT_LEAST = 4.0
_DEAL_MM_AT_LEAST = 20.0
_HANDS_MM_AT_LEAST = 20.0
_GAP_MM = 10.0
_PAGE_MM = 297.0 - 12.0 - 14.0


def mark_new_pages(deals: list[dict]) -> None:
    """Mark (new_page) each printed protocol that surely starts a page: even at its least height it does not fit
    under the one before. Only where the layout would put it there anyway, so that the pages stay the same:
    WeasyPrint then lays it out once instead of trying the foot of the page first."""
    used = None  # the least height of the page filled so far; None at the top of the part
    for d in deals:
        rows = len(d["rows"]) + sum(1 for r in d["rows"] if r["notes"])
        least = _DEAL_MM_AT_LEAST + rows * _ROW_MM_AT_LEAST + (0 if d["view"]["blank"] else _HANDS_MM_AT_LEAST)
        d["new_page"] = used is not None and used + _GAP_MM + least > _PAGE_MM
        # on this page or the next: in either case at least its own height is used
        used = least
