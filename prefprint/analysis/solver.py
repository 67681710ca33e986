"""Double-dummy solver for preferans: best play with all cards seen. Pure Python, no I/O.

Rules played: 10 tricks of 3 cards (only the three active seats play); follow suit; a player
void in the suit led who holds a trump must ruff; the highest trump, else the highest card of
the suit led, wins; the winner leads next. The first hand leads to trick 1 whoever declares.
In a game the declarer takes the talon and discards two (the best two for him); the two
defenders play together. In a misère the declarer takes the talon, discards two and plays
without trumps to take no trick; the defenders play together to give him tricks.

All-pass has no double-dummy answer: each of the three plays for himself, so there are no
two sides to set against each other, and this module gives none.

Cards are (suit, rank) pairs as in `prefprint.engine.deals` (suits ♠ ♣ ♦ ♥ = 0–3, ranks 7 … Т =
0–7). Inside, a hand is a 32-bit mask (bit 8·suit + rank). The search answers "does the
declarer take at least t of the remaining tricks?" by alpha-beta over whole tricks, with a memo
(transposition table) at trick boundaries keyed on the position in relative ranks (cards played
or discarded taken out), so that positions that play the same — reached by other plays or
other discards — are solved once; of cards that play the same only one is tried. Positions
that sure tricks settle (top cards, long cards once the others are out of the suit, trumps
drawn first, trumps no higher trump can meet) are not searched. In the first tricks the
defenders' cards that held the declarer under one discard are tried first under the next:
their hands are the same under every discard.

The two searches are in `prefprint.analysis.search`, one source run two ways: compiled where numba
is installed (the `fast` extra), else plain Python (see `jit`); the same answers either way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from prefprint.analysis import jit
from prefprint.engine.deals import Deal
from prefprint.engine.rules import CLOCKWISE, STRAINS, Contract, active_seats

Card = tuple[int, int]

_SUIT = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
_NEXT = (1, 2, 0)


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for suit, rank in cards:
        m |= 1 << (8 * suit + rank)
    return m


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple((b >> 3, b & 7) for b in range(32) if mask >> b & 1)


NO_TRUMP = "БК"
MISERE = "мизер"


class _Solver:
    """One kind of play (declarer, trump or misère) with its memo of positions, shared by every discard."""

    def __init__(self, declarer: int, trump: int | None = None, misere: bool = False, shared: dict | None = None):
        """`shared`: the declarer's, kept across his strains: the memo of his games (its positions
        without trumps play the same in every strain, and the defenders' cards that held him in the
        first tricks mostly do so again). A misère has a memo of its own."""
        self.declarer = declarer
        self.misere = misere
        k = jit.searches()
        if misere or shared is None:
            memo, gen = k.new_memo()
        else:
            if "memo" not in shared:
                shared["memo"] = k.new_memo()
            memo, gen = shared["memo"]
        search = k.misere if misere else k.game
        ctx, lookups, buffers, killers = k.context(declarer, trump, gen), k.LOOKUPS, k.new_buffers(), k.new_killers()
        self.ctx = ctx

        def at_least(hl: int, ha: int, hb: int, leader: int, target: int) -> bool:
            return search(hl, ha, hb, leader, target, ctx, memo, lookups, buffers, killers)

        self.search = at_least

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return int(self.ctx[-1])

    def at_least(self, hands: tuple[int, int, int], leader: int, target: int) -> bool:
        """Does the declarer take `target` tricks or more from the position (hands in play order)?"""
        return self.search(hands[leader], hands[(leader + 1) % 3], hands[(leader + 2) % 3], leader, target)

    def value(self, hands: tuple[int, int, int], leader: int, lo: int = 0, hi: int | None = None) -> int:
        """The declarer's tricks from the position with best play on both sides, known to lie in lo…hi."""
        if hi is None:
            hi = hands[(self.declarer + 1) % 3].bit_count()
        if self.misere:
            # upwards: a caught misère mostly costs few tricks, and a test above the answer costs most
            while lo < hi and self.at_least(hands, leader, lo + 1):
                lo += 1
            return lo
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.at_least(hands, leader, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


def load_searches() -> bool:
    """Load the searches now, with their lookup tables: compiled (numba's cache, else a compilation) or
    plain. True if compiled.

    Called before worker processes fork, so that they inherit them instead of loading them each."""
    jit.searches()
    return jit.COMPILED


def _discards(hands: tuple[int, int, int], decl: int, leader: int, trump: int, keep_score) -> list[tuple[tuple, int]]:
    """The declarer's distinct discards of two from his 12 cards, likeliest best first.

    Two discards that leave positions which play the same (the same in relative ranks, suits that
    play alike aside: the searches' key, `trump` -1 for none) are one: the first is kept. Each is
    (hands after it, the two cards discarded).
    """
    hand = hands[decl]
    bits = [1 << b for b in range(32) if hand >> b & 1]
    score = {c: keep_score(c, hand) for c in bits}
    k = jit.searches()
    keys = k.new_pairs()
    k.discard_keys(
        hands[leader], hands[_NEXT[leader]], hands[_NEXT[_NEXT[leader]]], (decl - leader) % 3, trump, k.LOOKUPS, keys
    )
    seen = {}
    for i, (x, y) in enumerate(combinations(bits, 2)):
        key = (keys[2 * i], keys[2 * i + 1])
        if key not in seen:
            after = tuple(h & ~x & ~y if p == decl else h for p, h in enumerate(hands))
            seen[key] = (score[x] + score[y], after, x | y)
    return [(after, gone) for _, after, gone in sorted(seen.values(), key=lambda t: t[0])]


def _game_keep(trump: int | None, others: int):
    """How much the declarer wants to keep a card in a game: trumps, high cards, length."""
    tmask = 0 if trump is None else _SUIT[trump]

    def score(card: int, hand: int) -> float:
        s = (card.bit_length() - 1) >> 3
        suit = _SUIT[s]
        value = (card.bit_length() - 1) & 7
        if card & tmask:
            value += 10
        above = others & suit & ~(card - 1) & ~card
        if not above:
            value += 8  # a master
        length = (hand & suit).bit_count()
        if tmask and not card & tmask and length <= 2 and hand & tmask:
            value -= 4  # a short side suit: discarding it makes a void to ruff in
        return value + length * 0.5

    return score


def _misere_keep(others: int):
    """How much the declarer wants to keep a card in a misère: low cards under the defenders' cards."""

    def score(card: int, hand: int) -> float:
        suit = _SUIT[(card.bit_length() - 1) >> 3]
        below = (others & suit & (card - 1)).bit_count()  # defenders' cards he cannot duck under
        above = (others & suit & ~(card - 1) & ~card).bit_count()
        return above - 2 * below

    return score


def _best_game(
    hands: tuple[int, int, int],
    decl: int,
    leader: int,
    trump: int | None,
    shared: dict | None = None,
) -> tuple[int, int]:
    """(tricks, discard mask) of a game with the declarer holding 12 cards: the best discard's.

    `shared`: the declarer's, kept across his strains (see _Solver).
    """
    solver = _Solver(decl, trump, shared=shared)
    others = hands[_NEXT[decl]] | hands[_NEXT[_NEXT[decl]]]
    cands = _discards(hands, decl, leader, -1 if trump is None else trump, _game_keep(trump, others))
    total = hands[_NEXT[decl]].bit_count()
    after, gone = cands[0]
    best, best_gone = solver.value(after, leader), gone
    for after, gone in cands[1:]:
        if best == total:
            break
        if solver.at_least(after, leader, best + 1):
            best, best_gone = solver.value(after, leader, best + 1), gone
    return best, best_gone


def _best_misere(hands: tuple[int, int, int], decl: int, leader: int, count: bool) -> tuple[int | None, int | None]:
    """(tricks, discard mask) of a misère with the declarer holding 12 cards.

    Tricks: 0 when some discard takes none; else the fewest the defence cannot stop him taking
    (None if not `count`ed). Discard: one that achieves it (None if caught and not counted).
    """
    solver = _Solver(decl, None, True)
    others = hands[_NEXT[decl]] | hands[_NEXT[_NEXT[decl]]]
    cands = _discards(hands, decl, leader, -1, _misere_keep(others))
    for after, gone in cands:
        if not solver.at_least(after, leader, 1):
            return 0, gone
    if not count:
        return None, None
    after, gone = cands[0]
    best, best_gone = solver.value(after, leader, 1), gone  # every discard is caught: one trick at least
    for after, gone in cands[1:]:
        if best == 1:
            break
        if not solver.at_least(after, leader, best):
            best, best_gone = solver.value(after, leader, 1, best - 1), gone
    return best, best_gone


# --------------------------------------------------------------------------- public


@dataclass(frozen=True)
class Misere:
    """A misère with the best discard: clean (no trick), else caught for `tricks` at best."""

    clean: bool
    tricks: int | None  # the most tricks the defence forces against his best discard; None: not counted
    discard: tuple[Card, Card] | None  # a discard that achieves it; None: caught and not counted

    @property
    def verdict(self) -> str:
        """ "clean" or "caught", as the JSON of the analysis says it."""
        return "clean" if self.clean else "caught"


def play_order(seats: Iterable[str], first_hand: str) -> tuple[str, ...]:
    """The seats that play, clockwise from the first hand."""
    seats = sorted(set(seats), key=CLOCKWISE.index)
    if first_hand not in seats:
        raise ValueError(f"first hand {first_hand} does not play (seats {', '.join(seats)})")
    i = seats.index(first_hand)
    return tuple(seats[i:] + seats[:i])


def _position(hands: Mapping[str, Iterable[Card]], declarer: str, first_hand: str, extra=()):
    """(masks in play order, declarer's index) with the declarer holding `extra` too; checks the cards."""
    if len(hands) != 3:
        raise ValueError(f"three hands play, not {len(hands)}")
    order = play_order(hands, first_hand)
    if declarer not in order:
        raise ValueError(f"declarer {declarer} does not play (seats {', '.join(order)})")
    cards = [tuple(hands[s]) for s in order]
    every = [c for h in cards for c in h] + list(extra)
    bad = [c for c in every if not (isinstance(c, tuple) and len(c) == 2 and 0 <= c[0] < 4 and 0 <= c[1] < 8)]
    if bad:
        raise ValueError(f"not a card: {bad[0]!r}")
    if len(set(every)) != len(every):
        raise ValueError("a card is given twice")
    sizes = {len(h) for h in cards}
    if len(sizes) != 1 or not 1 <= sizes.pop() <= 10:
        raise ValueError(f"hands must hold the same number of cards, 1 to 10: {', '.join(str(len(h)) for h in cards)}")
    decl = order.index(declarer)
    masks = tuple(_mask(h) | (_mask(extra) if p == decl else 0) for p, h in enumerate(cards))
    return masks, decl


def _trump(strain: str) -> int | None:
    if strain == NO_TRUMP:
        return None
    if strain in STRAINS:
        return STRAINS.index(strain)
    raise ValueError(f"strain {strain!r}: expected one of {' '.join(STRAINS)}")


def double_dummy(hands: Mapping[str, Iterable[Card]], declarer: str, first_hand: str, strain: str) -> int:
    """The declarer's tricks with the cards as they lie, best play on both sides (hands of equal size).

    `strain` is a suit, БК or мизер; for a misère the tricks the defence forces on him.
    """
    masks, decl = _position(hands, declarer, first_hand)
    solver = _Solver(decl, None, True) if strain == MISERE else _Solver(decl, _trump(strain))
    return solver.value(masks, 0)


def _talon_position(hands, talon, declarer, first_hand):
    talon = tuple(talon)
    if len(talon) != 2:
        raise ValueError(f"the talon holds 2 cards, not {len(talon)}")
    return _position(hands, declarer, first_hand, talon)


def solve_game(
    hands: Mapping[str, Iterable[Card]], talon: Iterable[Card], declarer: str, first_hand: str, strain: str
) -> tuple[int, tuple[Card, Card]]:
    """The most tricks the declarer takes in `strain` after the best discard of two, and that discard.

    Hands of 10 cards for a deal; any equal size for an endgame (the declarer adds the talon).
    """
    masks, decl = _talon_position(hands, talon, declarer, first_hand)
    tricks, gone = _best_game(masks, decl, 0, _trump(strain))
    return tricks, _cards(gone)


def solve_misere(
    hands: Mapping[str, Iterable[Card]], talon: Iterable[Card], declarer: str, first_hand: str, count: bool = True
) -> Misere:
    """A misère after the declarer's best discard: clean or caught, and (if `count`) for how many tricks."""
    masks, decl = _talon_position(hands, talon, declarer, first_hand)
    tricks, gone = _best_misere(masks, decl, 0, count)
    return Misere(tricks == 0, tricks, None if gone is None else _cards(gone))


# --------------------------------------------------------------------------- deals

DENOMINATIONS = STRAINS + (MISERE,)  # every contract with a declarer


@dataclass(frozen=True)
class DealAnalysis:
    """What a deal allows with all cards seen, for each seat that plays it as declarer.

    `tricks[seat][strain]`: the most tricks in a game after the best discard;
    `discards[seat][strain]`: that discard (strain ♠ ♣ ♦ ♥ БК, or мизер: the misère's discard);
    `misere[seat]`: the misère verdict. Entries not asked for are absent.
    """

    number: int
    dealer: str
    table_size: int
    order: tuple[str, ...]  # the seats that play, clockwise from the first hand
    tricks: dict[str, dict[str, int]]
    discards: dict[str, dict[str, tuple[Card, Card] | None]]
    misere: dict[str, Misere]

    @property
    def first_hand(self) -> str:
        """The seat that leads to trick 1."""
        return self.order[0]

    def makeable(self, declarer: str, contract) -> int | None:
        """The tricks the declarer takes with best play in a contract ("7♠", "мизер" or a rules.Contract).

        For a misère: the tricks he cannot avoid (0: clean). None for all-pass (it has no
        double-dummy answer) and for what was not analysed.
        """

        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if c.kind == "game":
            return self.tricks.get(declarer, {}).get(c.strain)
        if c.kind == "misere":
            m = self.misere.get(declarer)
            return None if m is None else m.tricks
        return None


def has_layout(deal: Deal) -> bool:
    """True if the deal's cards are known: three hands of 10 and a talon of 2 (not dealt at the table)."""
    return len(deal.hands) == 3 and all(len(h) == 10 for _, h in deal.hands) and len(deal.talon) == 2


def analyse_deal(
    deal: Deal, requests: Iterable[tuple[str, str]] | None = None, misere_count: bool = False
) -> DealAnalysis:
    """Solve a deal for each (declarer seat, strain or мизер) asked, by default every one of them.

    A misère gets its verdict; `misere_count` also counts a caught one's tricks (several times slower).
    """
    if not has_layout(deal):
        raise ValueError(f"deal {deal.number} has no layout")
    order = active_seats(deal.table_size, deal.dealer)
    if requests is None:
        requests = [(s, d) for s in order for d in DENOMINATIONS]
    hands = {s: h for s, h in deal.hands}
    tricks: dict[str, dict[str, int]] = {}
    discards: dict[str, dict[str, tuple[Card, Card] | None]] = {}
    misere: dict[str, Misere] = {}
    shared: dict[str, dict] = {}  # by declarer: the memo of his games, kept across his strains
    for seat, what in requests:
        if what == MISERE:
            m = solve_misere(hands, deal.talon, seat, order[0], misere_count)
            misere[seat] = m
            discards.setdefault(seat, {})[MISERE] = m.discard
        else:
            masks, decl = _talon_position(hands, deal.talon, seat, order[0])
            n, gone = _best_game(masks, decl, 0, _trump(what), shared.setdefault(seat, {}))
            tricks.setdefault(seat, {})[what] = n
            discards.setdefault(seat, {})[what] = _cards(gone)
    return DealAnalysis(deal.number, deal.dealer, deal.table_size, order, tricks, discards, misere)


def deal_digest(deal: Deal) -> str:
    """A fingerprint of what the analysis of a deal depends on: layout, dealer, table size."""
    text = f"{deal.table_size}/{deal.dealer}/{sorted(deal.hands)}/{sorted(deal.talon)}"
    return hashlib.sha256(text.encode()).hexdigest()[:20]
