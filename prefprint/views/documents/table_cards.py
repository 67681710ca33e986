"""The table cards: each table's rounds, the moves of its players and boxes, its entry code."""

from __future__ import annotations

from prefprint.engine.model import Event
from prefprint.io.codes import entry_url, table_address
from prefprint.views.documents.addresses import TABLE_PAGE, site_url
from prefprint.views.documents.seating import table_copy, where_next
from prefprint.views.documents.wording import phrase


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


def _after_rest(pos: dict, round_no: int, player: int, last: int) -> tuple[int, str] | None:
    """Where a player who rests in a round plays next, (table, seat), or None when he plays no more."""
    for r in range(round_no + 1, last + 1):
        at = pos.get((r, player))
        if at:
            return at
    return None


def seat_text(at: tuple[int, str]) -> str:
    """A table and a seat as a card prints them: (3, "S") -> "3S"."""
    return f"{at[0]}{at[1]}"


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


def table_cards_context(event: Event) -> dict:
    """A card per table: each round's set and seats, where players and boxes go next, its legend and entry code."""
    m, lang = event.movement, event.language
    pos = where_next(event)
    boxes = _box_moves(event)
    last = len(m.rounds)
    rooms = {room.number: room for room in m.rooms}
    deals_at = dealing_tables(event)
    cards = {}
    for rnd in m.rounds:
        for t in rnd.tables:
            moves_next = []
            for seat, p in t.seats:
                # (seat, player, kind, (table, seat) where he goes next or after his rest, else None)
                if rnd.number == last:
                    moves_next.append((seat, p, "end", None))
                    continue
                nxt = pos[(rnd.number + 1, p)]
                if nxt is None:
                    moves_next.append((seat, p, "rest", _after_rest(pos, rnd.number + 1, p, last)))
                elif nxt == (t.table, seat):
                    moves_next.append((seat, p, "stay", None))
                else:
                    moves_next.append((seat, p, "move", nxt))
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
        moves = [(kind, at) for r in card["rounds"] for _, _, kind, at in r["next"]]
        card["used"] = {kind for kind, _ in moves if kind != "move"}
        card["example"] = next((at for kind, at in moves if kind == "move"), None)  # (table, seat)
        card["legend"] = _card_legend(card, lang)
        card["deals"] = _card_deals(deals_at.get(card["table"], []), event)
        card["entry"] = card_entry(event, card["table"])
        card["site"] = card_site(event, bool(card["url"]), bool(card["entry"]))
    return {"cards": [cards[k] for k in sorted(cards)], "compact": last <= 13, "dense": last > 30}


def card_site(event: Event, results_qr: bool, entry: bool) -> dict | None:
    """A table card's QR code of the club's site, where the spec names its club and the club its address: placed
    left of the card's other QR boxes (the results' 21 mm, the entry's 36 mm, each with its 3 mm gap), the rules'
    room (`pad`) and the foot's height made for it."""
    url = event.club_site.url if event.club_site else ""
    if not url:
        return None
    right = (24 if results_qr else 0) + (39 if entry else 0)
    return {"url": url, "caption": phrase(event.language, "word.scan_site"), "right": right, "pad": right + 24,
            "height": 42 if entry else 30}  # fmt: skip


def card_entry(event: Event, table: int) -> dict | None:
    """A table card's entry QR: the table's page on the scoring server with its code, its address to type
    without the code, and the code to type."""
    code = event.entry_codes.get("tables", {}).get(table) if event.serve_url else None
    if not code:
        return None

    # the address on two lines, the server's then the table's page: each short enough to read aloud and to fit
    # under the QR code
    host, _, page = table_address(event.serve_url, table).rpartition("/t/")
    return {
        "url": entry_url(event.serve_url, table, code),
        "address": f"{host}\n/t/{page}",
        "code": code,
        "caption": phrase(event.language, "serve.card_caption"),
    }


def _card_legend(card: dict, lang: str) -> list[str]:
    """The card's own symbols explained with its own examples: copies, slots of the row, rests."""
    out = []
    copy = next((r for r in card["rounds"] if r["copy_no"]), None)
    if copy:
        out.append(phrase(lang, "movement.card_copy", set=copy["set"], copy=copy["copy_no"]))
    slot = next((r["from"][1] for r in card["rounds"] if r["from"][0] == "slot"), None)
    if slot:
        out.append(phrase(lang, "movement.card_slot", slot=slot))
    rest = next((at for r in card["rounds"] for _, _, kind, at in r["next"] if kind == "rest" and at), None)
    if rest:
        out.append(phrase(lang, "movement.card_rest_next", table=str(rest[0]), seat=rest[1], where=seat_text(rest)))
    elif "rest" in card["used"]:
        out.append(phrase(lang, "movement.card_rest"))
    return out


def _card_deals(items: list[tuple[int, int]], event: Event) -> str:
    """The dealing instruction of a table that deals sets at the table ("" when it deals none): the layout
    written on the protocol, or entered on the table's phone where the scoring server is used."""
    if not items:
        return ""
    lang = event.language
    when = "; ".join(phrase(lang, "movement.card_deal_item", set=s, round=r) for r, s in items)
    key = "movement.card_deal_4" if event.table_size == 4 else "movement.card_deal_3"
    # with the scoring server the layout is entered on the table's phone (the card carries its code): no paper
    return phrase(lang, key + ("_phone" if event.serve_url else ""), items=when, n=len(items))
