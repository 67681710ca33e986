"""Cards, deals and their notation; deals generated reproducibly from a seed. Pure Python."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from prefprint.engine.rules import SEATS, active_seats
from prefprint.errors import PrefprintError
from prefprint.words.catalog import PerLanguage, gettext
from prefprint.words.messages import Message, shown

SUITS = ("♠", "♣", "♦", "♥")
RANKS = ("7", "8", "9", "10", "В", "Д", "К", "Т")  # low to high
RANKS_EN = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_WORDS = {**{r.lower(): i for i, r in enumerate(RANKS)}, **{r.lower(): i for i, r in enumerate(RANKS_EN)}, "t": 7}
DECK = tuple((s, r) for s in range(4) for r in range(8))
PRINTED_RANKS = PerLanguage(lambda lang: tuple(gettext("card.ranks", lang).split()))  # as each language prints them


class DealError(PrefprintError):
    """A prepared deal that is not a valid layout."""


def card_text(card, lang="ru") -> str:
    suit, rank = card
    return SUITS[suit] + PRINTED_RANKS[lang][rank]


def hand_by_suit(cards, lang="ru") -> list[tuple[str, str]]:
    """A hand as (suit, ranks high to low) for each suit, "—" where void."""
    ranks = PRINTED_RANKS[lang]
    out = []
    for s in range(4):
        held = sorted((r for (su, r) in cards if su == s), reverse=True)
        out.append((SUITS[s], " ".join(ranks[r] for r in held) or "—"))
    return out


def parse_cards(text: str) -> tuple:
    """Cards from text such as "♠ Т К 10 ♣ 9 8 ♥ Д В 7" (Russian or English ranks; "S:" for ♠)."""
    cards, suit = [], None
    t = str(text).replace(",", " ").replace("—", " ")
    for letter, symbol in (("S:", "♠"), ("C:", "♣"), ("D:", "♦"), ("H:", "♥")):
        t = t.replace(letter, symbol).replace(letter.lower(), symbol)
    i = 0
    while i < len(t):
        ch = t[i]
        if ch.isspace() or ch == "-":
            i += 1
        elif ch in SUITS:
            suit, i = SUITS.index(ch), i + 1
        else:
            if t[i : i + 2] == "10":
                rank, i = 3, i + 2
            elif ch.lower() in _RANK_WORDS:
                rank, i = _RANK_WORDS[ch.lower()], i + 1
            else:
                raise DealError("deals.cannot_read", text=shown(text), at=shown(t[i:], 12))
            if suit is None:
                raise DealError("deals.rank_before_suit", text=shown(text))
            cards.append((suit, rank))
    return tuple(cards)


@dataclass(frozen=True)
class Deal:
    """One duplicate box: the cards of each pocket and the talon (top, bottom)."""

    number: int
    set: int
    dealer: str  # 4-handed: the seat that sits out; 3-handed: the seat marked dealer (first hand)
    table_size: int
    hands: tuple[tuple[str, tuple], ...]
    talon: tuple  # (top, bottom)

    @property
    def talon_pocket(self) -> str:
        return self.dealer if self.table_size == 4 else "W"

    def hand(self, seat):
        return dict(self.hands).get(seat, ())


def dealer_of(index_in_set: int, table_size: int) -> str:
    """Dealers rotate within a set so that each seat is first once (N, E, S, W / N, E, S)."""
    if table_size == 4:
        return SEATS[4][index_in_set % 4]
    # at a table of 3 the box marks the first hand "dealer": N, E, S in turn
    return active_seats(3, SEATS[3][index_in_set % 3])[0]


def _stream(seed: str, number: int):
    counter = 0
    while True:
        block = hmac.new(
            str(seed).encode(), f"prefprint deal {number} block {counter}".encode(), hashlib.sha256
        ).digest()
        yield from block
        counter += 1


def shuffled_deck(seed, number: int) -> list:
    """The deck shuffled for one deal: Fisher–Yates driven by HMAC-SHA256(seed, deal number)."""
    deck = list(DECK)
    stream = _stream(seed, number)
    for i in range(len(deck) - 1, 0, -1):
        limit = 256 - 256 % (i + 1)  # rejection sampling: no modulo bias
        while True:
            b = next(stream)
            if b < limit:
                break
        j = b % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def generate_deal(seed, number: int, set_no: int, dealer: str, table_size: int) -> Deal:
    """A generated deal: 10 cards to each playing pocket, 2 to the talon."""
    deck = shuffled_deck(seed, number)
    seats = sorted(active_seats(table_size, dealer), key="NESW".index)
    hands = tuple((s, tuple(sorted(deck[10 * i : 10 * i + 10]))) for i, s in enumerate(seats))
    return Deal(number, set_no, dealer, table_size, hands, tuple(deck[30:32]))


def prepared_deal(data: dict, number: int, set_no: int, dealer: str, table_size: int) -> Deal:
    """A deal given in the event spec: pockets by seat and the talon (top first)."""
    seats = sorted(active_seats(table_size, dealer), key="NESW".index)
    hands = []
    for s in seats:
        if s not in data:
            raise DealError("deals.hand_missing", number=number, seat=s)
        hands.append((s, tuple(sorted(parse_cards(data[s])))))
    talon = tuple(parse_cards(data.get("talon", "")))
    problems = layout_problems(dict(hands), talon)
    if problems:
        raise DealError("deals.bad_layout", number=number, problems=problems)
    return Deal(number, set_no, dealer, table_size, tuple(hands), talon)


def layout_problems(hands: dict, talon: tuple) -> list[Message]:
    """What is wrong with a layout: hands of 10 cards, a talon of 2, 32 different cards."""
    cards = [c for h in hands.values() for c in h] + list(talon)
    problems = [Message("deals.hand_size", seat=s, n=len(h)) for s, h in hands.items() if len(h) != 10]
    if len(talon) != 2:
        problems.append(Message("deals.talon_size", n=len(talon)))
    dup = sorted({c for c in cards if cards.count(c) > 1})
    if dup:
        problems.append(Message("deals.twice", cards=" ".join(card_text(c) for c in dup)))
    return problems


def make_deals(
    n_sets: int, per_set: int, table_size: int, seed, prepared: dict | None = None, dealt_at_table: bool = False
) -> list[Deal]:
    """All deals of an event: set s holds deals (s−1)·per_set+1 … s·per_set.

    Deals dealt at the first table have no layout until the protocol brings it back.
    """
    prepared = prepared or {}
    deals = []
    for s in range(1, n_sets + 1):
        for i in range(per_set):
            number = (s - 1) * per_set + i + 1
            dealer = dealer_of(i, table_size)
            if dealt_at_table:
                deals.append(Deal(number, s, dealer, table_size, (), ()))
            elif number in prepared:
                deals.append(prepared_deal(prepared[number], number, s, dealer, table_size))
            else:
                deals.append(generate_deal(seed, number, s, dealer, table_size))
    return deals


def typed_layout(deal: Deal, typed: dict) -> tuple[Deal | None, list]:
    """A deal dealt at the table with the layout its first table wrote: {pocket: (text, cell)}.

    Returns the deal with its cards (None while nothing usable was typed) and the problems,
    each naming its cell. Pockets are the active seats and "talon_top", "talon_bottom"; a pocket
    left empty may come as ("", cell), so that the problem names that very cell.
    """
    seats = sorted(active_seats(deal.table_size, deal.dealer), key="NESW".index)
    problems, hands, talon = [], {}, []
    for pocket in list(seats) + ["talon_top", "talon_bottom"]:
        if not str(typed.get(pocket, ("", None))[0]).strip():
            cell = typed[pocket][1] if pocket in typed and typed[pocket][1] else _first_cell(typed)
            problems.append(
                Message("deals.layout_cell_missing", cell=cell, pocket=_pocket_name(pocket))
                if pocket in seats
                else Message("deals.layout_talon_missing", cell=cell, pocket=_pocket_name(pocket))
            )
            continue
        text, cell = typed[pocket]
        try:
            cards = parse_cards(text)
        except DealError as e:
            problems.append(Message("deals.at_cell", cell=cell, what=e.message))
            continue
        if pocket.startswith("talon"):
            if len(cards) != 1:
                problems.append(Message("deals.at_cell", cell=cell, what=Message("deals.talon_card", n=len(cards))))
                continue
            talon += list(cards)
        elif len(cards) != 10:
            problems.append(
                Message("deals.at_cell", cell=cell, what=Message("deals.hand_size", seat=pocket, n=len(cards)))
            )
        else:
            hands[pocket] = tuple(sorted(cards))
    if problems:
        return None, problems
    where = {c: typed[p][1] for p, h in hands.items() for c in h}
    where.update({c: typed[p][1] for p, c in zip(("talon_top", "talon_bottom"), talon)})
    cards = [c for h in hands.values() for c in h] + talon
    twice = {c for c in cards if cards.count(c) > 1}
    cell = min((where[c] for c in twice), default=_first_cell(typed))  # where a repeated card was written
    problems = [Message("deals.at_cell", cell=cell, what=p) for p in layout_problems(hands, tuple(talon))]
    if problems:
        return None, problems
    return Deal(deal.number, deal.set, deal.dealer, deal.table_size, tuple(hands.items()), tuple(talon)), []


def _first_cell(typed: dict) -> str:
    """The first cell where something was typed (a problem of the whole layout is said there)."""
    return min((cell for text, cell in typed.values() if cell and str(text).strip()), default="?")


def _pocket_name(pocket: str):
    """A pocket as the layout cells label it: a seat, or a card of the talon in words."""
    return Message(f"deals.pocket_{pocket}") if pocket.startswith("talon") else pocket
