"""The two plain searches of the double-dummy solver (a game's and a misère's), over hands as 32-bit masks.

Size: over 90 lines a search, on purpose: each search is one closure over its tables and buffers, called
once a node, the hot path of the analysis; cut into functions that pass that state along, it runs slower
under CPython. `prefprint.analysis.solver` plays positions with them (or with their compiled port,
`prefprint.analysis.kernel`); the rules and the representation are described there.
"""

from __future__ import annotations

from collections.abc import Iterable

from prefprint.analysis.tables import _HIGH, _LOW, _RUNS, _SQUEEZE, _SQUEEZE_N, _SURE, _TOP, _TOP_LONG

Card = tuple[int, int]

_SUIT = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
_ALL = 0xFFFFFFFF
_NEXT = (1, 2, 0)


def _rank_first(bit: int) -> int:
    """A sort key of a card bit: by rank, then suit."""
    b = bit.bit_length() - 1
    return (b & 7) << 2 | b >> 3


def _bit(card: Card) -> int:
    return 1 << (8 * card[0] + card[1])


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= _bit(c)
    return m


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple((b >> 3, b & 7) for b in range(32) if mask >> b & 1)


def _key(hl: int, ha: int, hb: int) -> int:
    """The position in relative ranks (cards out of play taken out): one key for all positions that play the same.

    Hands in play order from the leader. Per suit: the first hand's cards and how many are left
    (12 bits), the second hand's (8 bits); the third hand holds the rest.
    """
    gone = _ALL ^ (hl | ha | hb)
    sa, sb = _SQUEEZE_N, _SQUEEZE
    g = (gone & 255) << 8
    k = sa[g | hl & 255] | sb[g | ha & 255] << 12
    g = gone & 0xFF00
    k |= (sa[g | hl >> 8 & 255] | sb[g | ha >> 8 & 255] << 12) << 20
    g = gone >> 8 & 0xFF00
    k |= (sa[g | hl >> 16 & 255] | sb[g | ha >> 16 & 255] << 12) << 40
    g = gone >> 16 & 0xFF00
    return k | (sa[g | hl >> 24] | sb[g | ha >> 24] << 12) << 60


# --------------------------------------------------------------------------- searches
#
# A search is a function at_least(hl, ha, hb, leader, target) -> bool: does the declarer take
# at least `target` of the remaining tricks with best play on both sides? hl, ha, hb are the
# hands of the leader and of the second and third to play, `leader` the leader's index in the
# play order (0 = first hand). Bounds learnt are kept in `table` (key -> low << 4 | high), shared
# by every search of the same declarer and strain, so that positions met again under another
# discard cost one lookup.


def _game_search(
    decl: int, trump: int | None, table: dict, counter: list, plain: dict | None = None, hints: dict | None = None
):
    """The search of a game: the declarer maximises his tricks, trump suit `trump` (None: no trump).

    `plain` keeps the bounds of positions where no trump is left (None: `table` does): such a
    position plays as in no trump, so one table of them serves every strain of the declarer.
    `hints` keeps the defenders' cards that held the declarer in the first tricks (see `opening`),
    by their hands: a hint for his other strains too, where the same cards mostly do it again.
    Only the order of the search depends on them, never its answer.
    """
    if plain is None:
        plain = table
    if hints is None:
        hints = {}
    tmask = 0 if trump is None else _SUIT[trump]
    tshift = 0 if trump is None else 8 * trump
    runs, suits, top, sure, sq, sqn, top_long = _RUNS, _SUIT, _TOP, _SURE, _SQUEEZE, _SQUEEZE_N, _TOP_LONG
    killers = [0] * 11  # by tricks left: the declarer's lead that last reached his target
    # by the defenders' hands: the opening lead that last held the declarer under his target; by
    # their hands and the card led (keys of 64 bits and more): the second hand's card that last did
    opening = answers = hints
    sides = tuple(sh for sh in (0, 8, 16, 24) if sh != tshift)
    dpos_of = tuple((decl - leader) % 3 for leader in range(3))  # the declarer's place in the trick
    after1, after2 = (1, 2, 0), (2, 0, 1)

    def cashable(hl, ha, hb):
        """Tricks the leader takes from the top keeping the lead: a lower bound for his side."""
        o = ha | hb
        n = (
            top[hl & 255 | (o & 255) << 8]
            + top[hl >> 8 & 255 | o & 0xFF00]
            + top[hl >> 16 & 255 | o >> 8 & 0xFF00]
            + top[hl >> 24 | o >> 16 & 0xFF00]
        )
        return ruffed(n, hl, ha, hb) if n and o & tmask else n

    def ruffed(n, hl, ha, hb):
        """The leader's `n` top tricks less the rounds a follower void in a side suit must ruff."""
        for sh in sides:
            mine = hl >> sh & 255
            if mine:
                a, b = ha >> sh & 255, hb >> sh & 255
                run = top[mine | (a | b) << 8]
                if run:
                    safe = run
                    if ha & tmask and a.bit_count() < safe:
                        safe = a.bit_count()
                    if hb & tmask and b.bit_count() < safe:
                        safe = b.bit_count()
                    n -= run - safe
        return n

    def long_cash(n, hl, ha, hb):
        """The leader's `n` top tricks and his long cards that win once the others are out of the suit.

        Sound when no follower can ruff: followers without trumps, or (when they hold some) a
        leader who draws them first — his top trumps outnumber each follower's trumps; a follower
        out of trumps meanwhile only discards, and fewer cards of the others never cost the leader
        a trick. Then in each suit the leader cashes his top cards; when they outnumber each
        follower's cards, the followers are out of the suit and his other cards of it win too. He
        keeps the lead throughout, and a partner among the followers only adds to his side's
        count. 0 when no follower can be kept from ruffing. `n`: his top cards (_TOP) over all suits.
        """
        if (ha | hb) & tmask:
            mine = hl >> tshift & 255
            a, b = ha >> tshift & 255, hb >> tshift & 255
            t = top[mine | (a | b) << 8]
            if not t or t < a.bit_count() or t < b.bit_count():
                return 0
        for sh in (0, 8, 16, 24):
            mine = hl >> sh & 255
            if mine:
                a, b = ha >> sh & 255, hb >> sh & 255
                t = top[mine | (a | b) << 8]
                if t and t >= a.bit_count() and t >= b.bit_count():
                    n += mine.bit_count() - t
        return n

    def masters(hd, others, hl):
        """True if the declarer holds the highest card of every suit the leader holds."""
        for sh in (0, 8, 16, 24):
            if hl >> sh & 255 and (hd >> sh & 255) < (others >> sh & 255):
                return False
        return True

    def leads(hl, ha, hb, dpos):
        """The leader's cards, likeliest first: sure winners, then leads to partner, then the rest."""
        first, second, rest = [], [], []
        if dpos == 0:
            partner = hd = 0
        elif dpos == 1:
            partner, hd = hb, ha
        else:
            partner, hd = ha, hb
        for s in (0, 1, 2, 3):
            sh = 8 * s
            mine = hl >> sh & 255
            if not mine:
                continue
            a, b = ha >> sh & 255, hb >> sh & 255
            reps = runs[s][mine | (a | b) << 8]
            high = reps[-1]
            side = tmask and sh != tshift
            if (high >> sh) > (a | b) and not (side and (not a and ha & tmask or not b and hb & tmask)):
                first.append(high)
                rest.extend(reps[:-1])
            elif partner:
                p, d = partner >> sh & 255, hd >> sh & 255
                if p > d and p > mine or (side and not p and partner & tmask and d):
                    second.append(reps[0])
                    rest.extend(reps[1:])
                else:
                    rest.extend(reps)
            else:
                rest.extend(reps)
        return first + second + rest

    def follows(hand, present, led, ls, best, losing):
        """A follower's cards: the cheapest that wins first when his side is losing the trick."""
        x = hand & led
        if x:
            sh = 8 * ls
            cands = runs[ls][x >> sh | ((present & ~x) >> sh & 255) << 8]
            if losing and len(cands) > 1 and best & led:
                for c in cands:
                    if c > best:
                        return (c,) + tuple(y for y in cands if y != c)
            return cands
        x = hand & tmask
        if x:
            cands = runs[trump][x >> tshift | ((present & ~x) >> tshift & 255) << 8]
            if losing and len(cands) > 1 and best & tmask:
                for c in cands:
                    if c > best:
                        return (c,) + tuple(y for y in cands if y != c)
            return cands
        out = []
        others = present & ~hand
        for s in (0, 1, 2, 3):
            sh = 8 * s
            m = hand >> sh & 255
            if m:
                out.extend(runs[s][m | (others >> sh & 255) << 8])
        return out

    def last_winner(c0, c1, c2):
        """Who wins a trick of these cards (0 the leader, 1 the second, 2 the third)."""
        led = suits[(c0.bit_length() - 1) >> 3]
        w, b = 0, c0
        if c1 & led and c1 > b or c1 & tmask and not b & tmask:
            w, b = 1, c1
        if c2 & led and b & led and c2 > b or c2 & tmask and (c2 > b or not b & tmask):
            w = 2
        return w

    def at_least(hl, ha, hb, leader, target):
        if target <= 0:
            return True
        left = hl.bit_count()
        if target > left:
            return False
        dpos = dpos_of[leader]
        o = ha | hb  # the leader's top tricks, as cashable() counts them, and (<< 4) long cards that may win too
        n = (
            top_long[hl & 255 | (o & 255) << 8]
            + top_long[hl >> 8 & 255 | o & 0xFF00]
            + top_long[hl >> 16 & 255 | o >> 8 & 0xFF00]
            + top_long[hl >> 24 | o >> 16 & 0xFF00]
        )
        more = n >> 4
        n &= 15
        if dpos == 0:
            # a follower's ruffs only lower the count: worked out only when the count would settle it
            if n >= target and (not o & tmask or ruffed(n, hl, ha, hb) >= target):
                return True
            # long cards, or trumps drawn so that no follower ruffs the top cards counted above
            if n + more >= target and (more or o & tmask) and long_cash(n, hl, ha, hb) >= target:
                return True
            hd, x, y = hl, ha, hb
        else:
            if left - n < target and (not o & tmask or left - ruffed(n, hl, ha, hb) < target):
                return False
            if left - n - more < target and (more or o & tmask) and left - long_cash(n, hl, ha, hb) < target:
                return False
            if dpos == 1:
                hd, x, y = ha, hb, hl
            else:
                hd, x, y = hb, hl, ha
            if not (x | y) & tmask and masters(hd, x | y, hl):
                # whatever is led the declarer wins it with the master, then cashes from the top
                if cashable(hd, x, y) >= target:
                    return True
        if tmask:
            # trumps that no higher trump of the other side can meet win whenever they are played
            d = hd >> tshift & 255
            a = x >> tshift & 255
            b = y >> tshift & 255
            if sure[d | (a | b) << 8] >= target:
                return True
            da, db = sure[a | d << 8], sure[b | d << 8]
            if left - (da if da > db else db) < target:
                return False
        present = hl | ha | hb
        gone = _ALL ^ present
        g = (gone & 255) << 8
        key = sqn[g | hl & 255] | sq[g | ha & 255] << 12
        g = gone & 0xFF00
        key |= (sqn[g | hl >> 8 & 255] | sq[g | ha >> 8 & 255] << 12) << 20
        g = gone >> 8 & 0xFF00
        key |= (sqn[g | hl >> 16 & 255] | sq[g | ha >> 16 & 255] << 12) << 40
        g = gone >> 16 & 0xFF00
        key = (key | (sqn[g | hl >> 24] | sq[g | ha >> 24] << 12) << 60) << 2 | leader  # _key()
        tab = table if present & tmask else plain
        e = tab.get(key, left)  # low << 4 | high
        if e >> 4 >= target:
            return True
        if e & 15 < target:
            return False
        counter[0] += 1
        m0, m1, m2 = dpos == 0, dpos == 1, dpos == 2
        penultimate = left == 2
        l1, l2 = after1[leader], after2[leader]
        result = not m0
        order = leads(hl, ha, hb, dpos)
        if m0:
            k = killers[left]
            if k & hl and k != order[0] and k in order:
                order.remove(k)
                order.insert(0, k)
        elif left == 10:
            # the defenders' opening lead: the same hands under every discard, and what held the
            # declarer under the last one mostly holds him under the next
            defenders = hl << 32 | (hb if m1 else ha)
            k = opening.get(defenders, 0)
            if k and k != order[0] and k in order:
                order.remove(k)
                order.insert(0, k)
        for c0 in order:
            ls = (c0.bit_length() - 1) >> 3
            led = suits[ls]
            nl = hl ^ c0
            r1 = not m1
            x = ha & led
            if x:  # following suit, the common case, inline
                sh = 8 * ls
                moves = runs[ls][x >> sh | ((present ^ x) >> sh & 255) << 8]
                if m1 != m0 and len(moves) > 1:
                    for i, c in enumerate(moves):
                        if c > c0:  # the cheapest card that wins first
                            if i:
                                moves = moves[i : i + 1] + moves[:i] + moves[i + 1 :]
                            break
            else:
                moves = follows(ha, present, led, ls, c0, m1 != m0)
            if left >= 8 and not m1:
                # a defender second to play: the card that last held the declarer after this lead with
                # the defenders holding the same cards (the same under many discards in the first tricks)
                answer = (ha << 32 | (hb if m0 else hl)) << 32 | c0
                k = answers.get(answer, 0)
                if k and k != moves[0] and k in moves:
                    moves = (k,) + tuple(c for c in moves if c != k)
            for c1 in moves:
                if c1 & led and c1 > c0 or c1 & tmask and not c0 & tmask:
                    w1, b1 = 1, c1
                else:
                    w1, b1 = 0, c0
                na = ha ^ c1
                r2 = not m2
                x = hb & led
                if x:
                    sh = 8 * ls
                    moves2 = runs[ls][x >> sh | ((present ^ x) >> sh & 255) << 8]
                    if (w1 == dpos) != m2 and len(moves2) > 1 and b1 & led:
                        for i, c in enumerate(moves2):
                            if c > b1:
                                if i:
                                    moves2 = moves2[i : i + 1] + moves2[:i] + moves2[i + 1 :]
                                break
                else:
                    moves2 = follows(hb, present, led, ls, b1, (w1 == dpos) != m2)
                for c2 in moves2:
                    if c2 & led and b1 & led and c2 > b1 or c2 & tmask and (c2 > b1 or not b1 & tmask):
                        w = 2
                    else:
                        w = w1
                    nb = hb ^ c2
                    need = target - 1 if w == dpos else target
                    if penultimate:
                        if need != 1:
                            r = need <= 0
                        elif w == 0:
                            r = last_winner(nl, na, nb) == dpos
                        elif w == 1:
                            r = (1 + last_winner(na, nb, nl)) % 3 == dpos
                        else:
                            r = (2 + last_winner(nb, nl, na)) % 3 == dpos
                    elif w == 0:
                        r = at_least(nl, na, nb, leader, need)
                    elif w == 1:
                        r = at_least(na, nb, nl, l1, need)
                    else:
                        r = at_least(nb, nl, na, l2, need)
                    if r == m2:
                        r2 = m2
                        break
                if r2 == m1:
                    r1 = m1
                    if left >= 8 and not m1:
                        answers[answer] = c1
                    break
            if r1 == m0:
                result = m0
                if m0:
                    killers[left] = c0
                elif left == 10:
                    opening[defenders] = c0
                break
        tab[key] = (target << 4 | e & 15) if result else (e & ~15 | target - 1)
        return result

    return at_least


def _misere_search(decl: int, table: dict, counter: list):
    """The search of a misère: no trumps, the defence maximises the declarer's tricks.

    Its trick loop mirrors the game search's on purpose: one loop for both, with the rules of
    the two as parameters, would add a call or a branch at every card of the hot path."""
    runs, suits, key_of, high_of, low_of = _RUNS, _SUIT, _key, _HIGH, _LOW
    dpos_of = tuple((decl - leader) % 3 for leader in range(3))
    after1, after2 = (1, 2, 0), (2, 0, 1)
    killers = [[0] * 11 for _ in range(3)]  # by the declarer's place and tricks left: the last lead that cut

    def settled(hd, others, on_lead, left):
        """The declarer's remaining tricks when they are already certain, else None.

        Every card of his below every defender's card of its suit: he can never be made to win
        (unless on lead with nothing but suits the defenders are out of). Every card of his above
        every defender's card of its suit, and on lead: he wins every trick.
        """
        below = above = True
        escape = False
        for sh in (0, 8, 16, 24):
            d = hd >> sh & 255
            if d:
                o = others >> sh & 255
                if o:
                    escape = True
                    if d > low_of[o]:
                        below = False
                    if low_of[d] < high_of[o]:
                        above = False
        if below:
            return 0 if escape or not on_lead else left
        if above and on_lead:
            return left
        return None

    def leads(hl, ha, hb, dpos):
        """The leader's cards, likeliest first: the declarer leads what a defender must overtake,
        a defender leads what the declarer must win."""
        first, second, rest = [], [], []
        if dpos == 0:
            for s in (0, 1, 2, 3):
                sh = 8 * s
                mine = hl >> sh & 255
                if mine:
                    a, b = ha >> sh & 255, hb >> sh & 255
                    reps = runs[s][mine | (a | b) << 8]
                    low = reps[0] >> sh
                    (first if a and low < low_of[a] or b and low < low_of[b] else second).append(reps[0])
                    rest.extend(reps[1:])
            return first + second + rest
        partner, hd = (hb, ha) if dpos == 1 else (ha, hb)
        for s in (0, 1, 2, 3):
            sh = 8 * s
            mine = hl >> sh & 255
            if mine:
                a, b = ha >> sh & 255, hb >> sh & 255
                reps = runs[s][mine | (a | b) << 8]
                d, p = hd >> sh & 255, partner >> sh & 255
                low = reps[0] >> sh
                (first if d and low_of[d] > low and (not p or low_of[p] < low_of[d]) else second).append(reps[0])
                rest.extend(reps[1:])
        return first + second + rest

    def follows(hand, present, led, ls, best, declarer_to_play, declarer_winning):
        """A follower's cards: the declarer ducks with his highest losing card, a defender keeps
        under the declarer's card; discards go high first."""
        x = hand & led
        if x:
            sh = 8 * ls
            cands = runs[ls][x >> sh | ((present & ~x) >> sh & 255) << 8]
            if len(cands) > 1 and (declarer_to_play or declarer_winning):
                under = [c for c in cands if c < best]
                if under:
                    c = under[-1]
                    return (c,) + tuple(y for y in cands if y != c)
                if declarer_to_play:
                    return cands[::-1]
            return cands
        out = []
        others = present & ~hand
        for s in (0, 1, 2, 3):
            sh = 8 * s
            m = hand >> sh & 255
            if m:
                out.extend(runs[s][m | (others >> sh & 255) << 8])
        out.sort(key=_rank_first, reverse=True)
        return out

    def last_winner(c0, c1, c2):
        """Who wins a trick of these cards (0 the leader, 1 the second, 2 the third)."""
        led = suits[(c0.bit_length() - 1) >> 3]
        w, b = 0, c0
        if c1 & led and c1 > b:
            w, b = 1, c1
        if c2 & led and c2 > b:
            w = 2
        return w

    def at_least(hl, ha, hb, leader, target):
        if target <= 0:
            return True
        left = hl.bit_count()
        if target > left:
            return False
        dpos = dpos_of[leader]
        if dpos == 0:
            sure = settled(hl, ha | hb, True, left)
        elif dpos == 1:
            sure = settled(ha, hb | hl, False, left)
        else:
            sure = settled(hb, hl | ha, False, left)
        if sure is not None:
            return sure >= target
        key = key_of(hl, ha, hb) << 2 | leader
        e = table.get(key, left)  # low << 4 | high
        if e >> 4 >= target:
            return True
        if e & 15 < target:
            return False
        counter[0] += 1
        present = hl | ha | hb
        # the defence wants the declarer's count high: it is the maximising side
        m0, m1, m2 = dpos != 0, dpos != 1, dpos != 2
        penultimate = left == 2
        l1, l2 = after1[leader], after2[leader]
        result = not m0
        order = leads(hl, ha, hb, dpos)
        k = killers[dpos][left]
        if k & hl and k != order[0] and k in order:
            order.remove(k)
            order.insert(0, k)
        for c0 in order:
            ls = (c0.bit_length() - 1) >> 3
            led = suits[ls]
            nl = hl ^ c0
            r1 = not m1
            for c1 in follows(ha, present, led, ls, c0, not m1, not m0):
                if c1 & led and c1 > c0:
                    w1, b1 = 1, c1
                else:
                    w1, b1 = 0, c0
                na = ha ^ c1
                r2 = not m2
                for c2 in follows(hb, present, led, ls, b1, not m2, w1 == dpos):
                    w = 2 if c2 & led and c2 > b1 else w1
                    nb = hb ^ c2
                    need = target - 1 if w == dpos else target
                    if penultimate:
                        if need != 1:
                            r = need <= 0
                        elif w == 0:
                            r = last_winner(nl, na, nb) == dpos
                        elif w == 1:
                            r = (1 + last_winner(na, nb, nl)) % 3 == dpos
                        else:
                            r = (2 + last_winner(nb, nl, na)) % 3 == dpos
                    elif w == 0:
                        r = at_least(nl, na, nb, leader, need)
                    elif w == 1:
                        r = at_least(na, nb, nl, l1, need)
                    else:
                        r = at_least(nb, nl, na, l2, need)
                    if r == m2:
                        r2 = m2
                        break
                if r2 == m1:
                    r1 = m1
                    break
            if r1 == m0:
                result = m0
                killers[dpos][left] = c0
                break
        table[key] = (target << 4 | e & 15) if result else (e & ~15 | target - 1)
        return result

    return at_least
