"""The double-dummy solver's two searches (a game's and a misère's): one source, run two ways.

Plain, this module is Python over lists and dicts, the reference and the default. With the `fast`
extra (numba installed, `PREFPRINT_NO_JIT` unset: `prefprint.analysis.jit`) the same functions are
compiled, and run over numpy arrays; the answers are the same, every one. The two ways differ only
in the containers the factories below make and in the memo's two accessors, `_get` and `_put`,
which keep a dict plain and an open-addressed array compiled (`njit(plain=…)`).

Size: over 90 lines a search, on purpose: each is one function called once a position, the hot path
of the analysis; its trick loop cut into functions that pass that state along runs slower both ways.

`prefprint.analysis.solver` plays positions with them (`jit.searches()` gives this module run the
process's way) and describes the rules and the hands (32-bit masks, bit 8 · suit + rank). A search
answers "does the declarer take at least `target` of the remaining tricks?" by alpha-beta over whole
tricks: sure tricks as bounds; a memo (transposition table) keyed on the position in relative ranks (`_key`),
shared by every discard and strain of a declarer; equal cards merged, the cheapest winning card first,
killers, and in the first tricks the defenders' cards that held the declarer before. In numba's
subset: no closures (the state is passed in: `ctx`, the memo, the move buffers, the killers), 64-bit
integers (the key is two words; bit counts are looked up, `lookup`), moves kept in buffers by tricks left.
"""

from __future__ import annotations

import threading

from prefprint.analysis import jit, lookup
from prefprint.analysis.jit import njit
from prefprint.analysis.lookup import HIGH, INDEX, LOW, POP, RUNS, RUNS_N, SQUEEZE, SQUEEZE_N, SURE, TOP, TOP_LONG

COMPILED = jit.compiling()  # this module's way: compiled (numpy arrays) or plain (lists and a dict)
_ARRAYS = threading.local()  # compiled, the memos' array of each thread (see GEN_SHIFT)

# ctx: the declarer's place in a trick led by the first, second or third hand (ctx[leader]), the trump
# suit (-1: none), its mask and shift (0 without trumps), the memo's generation, the positions searched
TRUMP, TMASK, TSHIFT, GEN, NODES = 3, 4, 5, 6, 7
# the game's hints in the memo, kept apart from positions (whose second key word is below 2**23): the
# defenders' opening lead that held the declarer, keyed by their hands (the leader's, then his
# partner's | OPENING), and a defender's second-hand card that did, by his hand, then his partner's
# and the card led (hand << 5 | its bit number | ANSWER); the same hands under every discard and strain
OPENING, ANSWER = 1 << 37, 1 << 38
# Compiled, one array serves every memo of a thread, each its generation (1 …) in the second key
# word's bits from GEN_SHIFT: a slot of another generation, or empty (0), counts as free. A new memo
# costs nothing, and the array's lines in use stay in the cache from one search to the next.
GEN_SHIFT, GENERATIONS = 39, 1 << 23
PROBES = 4  # slots of the compiled memo looked at for a key
MEMO_BITS = 17  # 131,072 slots, 3 MB: the open's first 20 deals fill 9 % (median), at most 52 % (a misère counted)
# a buffer of moves by tricks left: the leads, the second and third hands' cards, two for sorting
LEADS, SECOND, THIRD, SORT1, SORT2 = 0, 1, 2, 3, 4

SEARCH = "b1(i8, i8, i8, i8, i8, i8[::1], i8[:, ::1], i8[::1], i8[:, :, ::1], i8[::1])"


def _array(values, shape=None):
    """`values` as the container a search runs on: a list plain, an int64 array compiled."""
    if not COMPILED:
        return values
    import numpy as np

    a = np.array(values, dtype=np.int64)
    return a if shape is None else a.reshape(shape)


def lookups():
    """The searches' lookup tables laid out flat (`lookup.flat`): a tuple plain (the garbage collector
    stops looking into a tuple of numbers, never into a list), an int64 array compiled."""
    out = lookup.flat()
    return _array(out) if COMPILED else tuple(out)


def new_memo():
    """An empty memo (the positions searched) and its generation (for ctx[GEN]): plain, a dict of its own and 0;
    compiled, the thread's array (a row a slot: key, key, value) and a generation of its own."""
    if not COMPILED:
        return {}, 0
    import numpy as np

    a = _ARRAYS.__dict__
    if a.get("gen", GENERATIONS) >= GENERATIONS:
        a["array"], a["gen"] = np.zeros((1 << MEMO_BITS, 3), dtype=np.int64), 0
    a["gen"] += 1
    return a["array"], a["gen"] << GEN_SHIFT


def new_buffers():
    """The moves of a trick, by tricks left (0–10), kind (LEADS … SORT2) and place (up to 12)."""
    if not COMPILED:
        return [[[0] * 12 for _ in range(5)] for _ in range(11)]
    return _array([0] * (11 * 5 * 12), (11, 5, 12))


def new_killers():
    """The last lead that cut, by tricks left (a misère's by the declarer's place too)."""
    return _array([0] * 33)


def context(decl: int, trump: int | None, gen: int):
    """The search's state (see TRUMP): the declarer's places, the trump, its mask and shift, the memo's
    generation, the positions searched."""
    places = [(decl - leader) % 3 for leader in range(3)]
    if trump is None:
        return _array([*places, -1, 0, 0, gen, 0])
    return _array([*places, trump, 0xFF << 8 * trump, 8 * trump, gen, 0])


# --------------------------------------------------------------------------- helpers


@njit()
def _index(c, T):
    """The bit number of a card's bit (8 · suit + rank)."""
    if c & 0xFFFF:
        return T[INDEX | c & 0xFFFF]
    return 16 + T[INDEX | c >> 16 & 0xFFFF]


@njit()
def _key(hl, ha, hb, leader, trump, T):
    """The position in relative ranks as two words: one key for all positions that play the same.

    Hands in play order from the leader; per suit 20 bits: the first hand's cards and how many are
    left (12), the second hand's (8); the third holds the rest. Suits that play alike share a key:
    the trump suit (`trump`; -1 when no trump is left) goes last, the others (all four without a
    trump) are sorted. The second word holds the last suit, the leader and whether a trump is left.
    """
    gone = 0xFFFFFFFF ^ (hl | ha | hb)
    g = (gone & 255) << 8
    f0 = T[SQUEEZE_N | g | hl & 255] | T[SQUEEZE | g | ha & 255] << 12
    g = gone & 0xFF00
    f1 = T[SQUEEZE_N | g | hl >> 8 & 255] | T[SQUEEZE | g | ha >> 8 & 255] << 12
    g = gone >> 8 & 0xFF00
    f2 = T[SQUEEZE_N | g | hl >> 16 & 255] | T[SQUEEZE | g | ha >> 16 & 255] << 12
    g = gone >> 16 & 0xFF00
    f3 = T[SQUEEZE_N | g | hl >> 24] | T[SQUEEZE | g | ha >> 24] << 12
    if trump == 0:
        f0, f3 = f3, f0
    elif trump == 1:
        f1, f3 = f3, f1
    elif trump == 2:
        f2, f3 = f3, f2
    if f0 < f1:
        f0, f1 = f1, f0
    if f1 < f2:
        f1, f2 = f2, f1
        if f0 < f1:
            f0, f1 = f1, f0
    if trump < 0 and f2 < f3:  # the fourth suit into the three sorted ones
        f2, f3 = f3, f2
        if f1 < f2:
            f1, f2 = f2, f1
            if f0 < f1:
                f0, f1 = f1, f0
    return f0 | f1 << 20 | f2 << 40, (f3 << 2 | leader) << 1 | (trump >= 0)


def new_pairs():
    """A buffer of discard_keys's keys: two words for each of the 66 pairs of 12 cards."""
    return _array([0] * 132)


@njit()
def discard_keys(h0, h1, h2, p, trump, T, out):
    """The key (`_key`) of the position after each discard of two cards of hand `p` (0–2: h0, h1, h2 in
    play order from the leader), into out[2i], out[2i + 1]; the pairs in itertools.combinations's order
    of his cards from the lowest. The number of pairs."""
    hand = h0 if p == 0 else (h1 if p == 1 else h2)
    n = 0
    x = hand
    while x:
        cx = x & -x
        x ^= cx
        y = x
        while y:
            cy = y & -y
            y ^= cy
            kept = hand ^ cx ^ cy
            if p == 0:
                k1, k2 = _key(kept, h1, h2, 0, trump, T)
            elif p == 1:
                k1, k2 = _key(h0, kept, h2, 0, trump, T)
            else:
                k1, k2 = _key(h0, h1, kept, 0, trump, T)
            out[2 * n] = k1
            out[2 * n + 1] = k2
            n += 1
    return n


def _dict_get(memo, k1, k2, default):
    return memo.get((k1, k2), default)


def _dict_put(memo, k1, k2, value):
    memo[k1, k2] = value


@njit(plain=_dict_get)
def _get(memo, k1, k2, default):
    """What the memo holds for the key (k1, k2), else `default`. Plain: a dict; compiled: an
    open-addressed array, a row a slot (key, key, value: one cache line a probe), an empty
    slot's second key -1."""
    mask = memo.shape[0] - 1
    h = ((k1 ^ k1 >> 31 ^ k2 * 0x9E3779B1) * 0x85EBCA6B >> 13) & mask
    for i in range(PROBES):
        s = (h + i) & mask
        t = memo[s, 1]
        if t == k2 and memo[s, 0] == k1:
            return memo[s, 2]
        if t >> GEN_SHIFT != k2 >> GEN_SHIFT:  # a slot of another memo, or empty
            return default
    return default


@njit(plain=_dict_put)
def _put(memo, k1, k2, value):
    """Keep `value` for the key: in its slot, else an empty one near it, else over the first (which
    loses a bound, never makes one wrong)."""
    mask = memo.shape[0] - 1
    h = ((k1 ^ k1 >> 31 ^ k2 * 0x9E3779B1) * 0x85EBCA6B >> 13) & mask
    s = h
    for i in range(PROBES):
        t = (h + i) & mask
        if memo[t, 1] >> GEN_SHIFT != k2 >> GEN_SHIFT or memo[t, 1] == k2 and memo[t, 0] == k1:
            s = t
            break
    memo[s, 0] = k1
    memo[s, 1] = k2
    memo[s, 2] = value


@njit()
def _front(buf, n, c):
    """Move card `c`, if among the first n of buf, to the front, the others keeping their order."""
    for i in range(n):
        if buf[i] == c:
            for j in range(i, 0, -1):
                buf[j] = buf[j - 1]
            buf[0] = c
            return


@njit()
def _runs(buf, n, idx, sh, T):
    """Append the lowest card of each run of the suit at shift `sh` (mine | others << 8: `idx`) to buf[n:];
    the new n."""
    b = RUNS | sh << 15 | idx << 2
    k = T[RUNS_N | idx]
    buf[n : n + k] = T[b : b + k]
    return n + k


# --------------------------------------------------------------------------- the game


@njit()
def _ruffed(n, hl, ha, hb, tmask, tshift, T):
    """The leader's `n` top tricks less the rounds a follower void in a side suit must ruff."""
    for sh in range(0, 32, 8):
        if sh == tshift:
            continue
        mine = hl >> sh & 255
        if mine:
            a, b = ha >> sh & 255, hb >> sh & 255
            run = T[TOP | mine | (a | b) << 8]
            if run:
                safe = run
                if ha & tmask and T[POP | a] < safe:
                    safe = T[POP | a]
                if hb & tmask and T[POP | b] < safe:
                    safe = T[POP | b]
                n -= run - safe
    return n


@njit()
def _long_cash(n, hl, ha, hb, tmask, tshift, T):
    """The leader's `n` top tricks and his long cards that win once the others are out of the suit.

    Sound when no follower can ruff: followers without trumps, or (when they hold some) a leader who
    draws them first — his top trumps outnumber each follower's trumps; a follower out of trumps
    meanwhile only discards, and fewer cards of the others never cost the leader a trick. Then in each
    suit the leader cashes his top cards; when they outnumber each follower's cards, the followers are
    out of the suit and his other cards of it win too. He keeps the lead throughout, and a partner
    among the followers only adds to his side's count. 0 when no follower can be kept from ruffing.
    `n`: his top cards (TOP) over all suits.
    """
    if (ha | hb) & tmask:
        mine = hl >> tshift & 255
        a, b = ha >> tshift & 255, hb >> tshift & 255
        t = T[TOP | mine | (a | b) << 8]
        if not t or t < T[POP | a] or t < T[POP | b]:
            return 0
    for sh in range(0, 32, 8):
        mine = hl >> sh & 255
        if mine:
            a, b = ha >> sh & 255, hb >> sh & 255
            t = T[TOP | mine | (a | b) << 8]
            if t and t >= T[POP | a] and t >= T[POP | b]:
                n += T[POP | mine] - t
    return n


@njit()
def _cashable(hl, ha, hb, tmask, tshift, T):
    o = ha | hb
    n = 0
    for sh in range(0, 32, 8):
        n += T[TOP | hl >> sh & 255 | (o >> sh & 255) << 8]
    if n and o & tmask:
        return _ruffed(n, hl, ha, hb, tmask, tshift, T)
    return n


@njit()
def _masters(hd, others, hl):
    for sh in range(0, 32, 8):
        if hl >> sh & 255 and (hd >> sh & 255) < (others >> sh & 255):
            return False
    return True


@njit()
def _game_leads(hl, ha, hb, dpos, tmask, tshift, T, buf):
    """The leader's cards into buf[LEADS], likeliest first: sure winners, then leads to partner, then the
    rest; how many."""
    out, second, rest = buf[LEADS], buf[SORT1], buf[SORT2]
    nf = ns = nr = 0
    partner = hd = 0
    if dpos == 1:
        partner, hd = hb, ha
    elif dpos == 2:
        partner, hd = ha, hb
    for sh in (0, 8, 16, 24):
        mine = hl >> sh & 255
        if not mine:
            continue
        a, b = ha >> sh & 255, hb >> sh & 255
        idx = mine | (a | b) << 8
        r = RUNS | sh << 15 | idx << 2  # the runs, ascending
        cnt = T[RUNS_N | idx]
        high = T[r + cnt - 1]
        # a sure winner, unless a follower void in this side suit ruffs it
        if high >> sh > a | b and not (sh != tshift and (not a and ha & tmask or not b and hb & tmask)):
            out[nf] = high
            nf += 1
            rest[nr : nr + cnt - 1] = T[r : r + cnt - 1]
            nr += cnt - 1
            continue
        if partner:
            p, d = partner >> sh & 255, hd >> sh & 255
            if p > d and p > mine or (not p and sh != tshift and partner & tmask and d):
                second[ns] = T[r]
                ns += 1
                rest[nr : nr + cnt - 1] = T[r + 1 : r + cnt]
                nr += cnt - 1
                continue
        rest[nr : nr + cnt] = T[r : r + cnt]
        nr += cnt
    out[nf : nf + ns] = second[:ns]
    out[nf + ns : nf + ns + nr] = rest[:nr]
    return nf + ns + nr


@njit()
def _game_follows(hand, present, led, ls, best, losing, tmask, tshift, out, T):
    """A follower's cards into `out`: the cheapest that wins first when his side is losing the trick;
    how many."""
    x = hand & led
    sh, win = 8 * ls, led
    if not x and hand & tmask:
        x, sh, win = hand & tmask, tshift, tmask
    if x:
        n = _runs(out, 0, x >> sh | ((present & ~x) >> sh & 255) << 8, sh, T)
        if losing and n > 1 and best & win:
            for i in range(n):
                if out[i] > best:
                    _front(out, n, out[i])
                    break
        return n
    n = 0
    others = present & ~hand
    for sh in (0, 8, 16, 24):
        m = hand >> sh & 255
        if m:
            n = _runs(out, n, m | (others >> sh & 255) << 8, sh, T)
    return n


@njit()
def _last_winner(c0, c1, c2, tmask, T):
    led = 0xFF << (_index(c0, T) & 0x18)
    w, b = 0, c0
    if c1 & led and c1 > b or c1 & tmask and not b & tmask:
        w, b = 1, c1
    if c2 & led and b & led and c2 > b or c2 & tmask and (c2 > b or not b & tmask):
        w = 2
    return w


@njit(SEARCH)
def game(hl, ha, hb, leader, target, ctx, memo, T, buf, killers):
    """Does the declarer take at least `target` of the remaining tricks? hl, ha, hb: the hands of the
    leader and of the second and third to play; `leader`: the leader's index in the play order."""
    if target <= 0:
        return True
    left = T[POP | hl & 0xFFFF] + T[POP | hl >> 16]
    if target > left:
        return False
    tmask, tshift = ctx[TMASK], ctx[TSHIFT]
    dpos = ctx[leader]
    o = ha | hb  # the leader's top tricks, as _cashable counts them, and (<< 4) long cards that may win too
    n = (
        T[TOP_LONG | hl & 255 | (o & 255) << 8]
        + T[TOP_LONG | hl >> 8 & 255 | o & 0xFF00]
        + T[TOP_LONG | hl >> 16 & 255 | o >> 8 & 0xFF00]
        + T[TOP_LONG | hl >> 24 | o >> 16 & 0xFF00]
    )
    more = n >> 4
    n &= 15
    if not dpos:
        # a follower's ruffs only lower the count: worked out only when the count would settle it
        if n >= target and (not o & tmask or _ruffed(n, hl, ha, hb, tmask, tshift, T) >= target):
            return True
        if o & tmask:  # his side suits' top cards (less the rounds a void defender ruffs), then his sure trumps
            i = hl >> tshift & 255 | (o >> tshift & 255) << 8
            if (
                T[SURE | i] > T[TOP | i]
                and _ruffed(n, hl, ha, hb, tmask, tshift, T) - T[TOP | i] + T[SURE | i] >= target
            ):
                return True
        # long cards, or trumps drawn so that no follower ruffs the top cards counted above
        if n + more >= target and (more or o & tmask) and _long_cash(n, hl, ha, hb, tmask, tshift, T) >= target:
            return True
        hd, x, y = hl, ha, hb
    else:
        if left - n < target and (not o & tmask or left - _ruffed(n, hl, ha, hb, tmask, tshift, T) < target):
            return False
        if (
            left - n - more < target
            and (more or o & tmask)
            and left - _long_cash(n, hl, ha, hb, tmask, tshift, T) < target
        ):
            return False
        if dpos == 1:
            hd, x, y = ha, hb, hl
        else:
            hd, x, y = hb, hl, ha
        # whatever is led the declarer wins it with the master, then cashes from the top
        if not (x | y) & tmask and _masters(hd, x | y, hl) and _cashable(hd, x, y, tmask, tshift, T) >= target:
            return True
    if tmask:
        # trumps that no higher trump of the other side can meet win whenever they are played
        d, a, b = hd >> tshift & 255, x >> tshift & 255, y >> tshift & 255
        if T[SURE | d | (a | b) << 8] >= target:
            return True
        da, db = T[SURE | a | d << 8], T[SURE | b | d << 8]
        if left - (da if da > db else db) < target:
            return False
    present = hl | ha | hb
    k1, k2 = _key(hl, ha, hb, leader, ctx[TRUMP] if present & tmask else -1, T)
    k2 |= ctx[GEN]
    e = _get(memo, k1, k2, left)  # low << 4 | high
    if e >> 4 >= target:
        return True
    if e & 15 < target:
        return False
    ctx[NODES] += 1
    m0, m1, m2 = dpos == 0, dpos == 1, dpos == 2
    l1, l2 = (leader + 1) % 3, (leader + 2) % 3
    here = buf[left]
    leads, second, third = here[LEADS], here[SECOND], here[THIRD]
    result = not m0
    n0 = _game_leads(hl, ha, hb, dpos, tmask, tshift, T, here)
    if m0:
        if killers[left] & hl:
            _front(leads, n0, killers[left])
    elif left == 10:  # the defenders' opening lead that held the declarer under his last discard or strain
        _front(leads, n0, _get(memo, hl, (hb if m1 else ha) | OPENING | ctx[GEN], 0))
    answer = 0
    for c0 in leads[:n0]:
        b0 = T[INDEX | c0 & 0xFFFF] if c0 & 0xFFFF else 16 + T[INDEX | c0 >> 16]
        ls = b0 >> 3
        led = 0xFF << 8 * ls
        nl = hl ^ c0
        r1 = not m1
        x = ha & led
        if x:  # following suit, the common case, inline: the cheapest card that wins first
            sh = 8 * ls
            idx = x >> sh | ((present ^ x) >> sh & 255) << 8
            n1 = T[RUNS_N | idx]
            r = RUNS | sh << 15 | idx << 2
            second[:n1] = T[r : r + n1]
            if m1 != m0 and n1 > 1:
                y = x & -(c0 << 1)  # his cards above the card led: the lowest of them is the lowest of a run
                if y:
                    _front(second, n1, y & -y)
        else:
            n1 = _game_follows(ha, present, led, ls, c0, m1 != m0, tmask, tshift, second, T)
        if left >= 8 and not m1:  # a defender second to play: the card that last held the declarer here
            answer = ((hb if m0 else hl) << 5 | b0) | ANSWER | ctx[GEN]
            _front(second, n1, _get(memo, ha, answer, 0))
        for c1 in second[:n1]:
            w1, b1 = 0, c0
            if c1 & led and c1 > c0 or c1 & tmask and not c0 & tmask:
                w1, b1 = 1, c1
            na = ha ^ c1
            r2 = not m2
            x = hb & led
            if x:
                sh = 8 * ls
                idx = x >> sh | ((present ^ x) >> sh & 255) << 8
                n2 = T[RUNS_N | idx]
                r = RUNS | sh << 15 | idx << 2
                third[:n2] = T[r : r + n2]
                if n2 > 1 and b1 & led and (w1 == dpos) != m2:
                    y = x & -(b1 << 1)
                    if y:
                        _front(third, n2, y & -y)
            else:
                n2 = _game_follows(hb, present, led, ls, b1, (w1 == dpos) != m2, tmask, tshift, third, T)
            for c2 in third[:n2]:
                w = w1
                if c2 & led and b1 & led and c2 > b1 or c2 & tmask and (c2 > b1 or not b1 & tmask):
                    w = 2
                nb = hb ^ c2
                need = target - 1 if w == dpos else target
                if left == 2:
                    if need != 1:
                        r = need <= 0
                    elif not w:
                        r = _last_winner(nl, na, nb, tmask, T) == dpos
                    elif w == 1:
                        r = (1 + _last_winner(na, nb, nl, tmask, T)) % 3 == dpos
                    else:
                        r = (2 + _last_winner(nb, nl, na, tmask, T)) % 3 == dpos
                elif not w:
                    r = game(nl, na, nb, leader, need, ctx, memo, T, buf, killers)
                elif w == 1:
                    r = game(na, nb, nl, l1, need, ctx, memo, T, buf, killers)
                else:
                    r = game(nb, nl, na, l2, need, ctx, memo, T, buf, killers)
                if r == m2:
                    r2 = m2
                    break
            if r2 == m1:
                r1 = m1
                if left >= 8 and not m1:
                    _put(memo, ha, answer, c1)
                break
        if r1 == m0:
            result = m0
            if m0:
                killers[left] = c0
            elif left == 10:
                _put(memo, hl, (hb if m1 else ha) | OPENING | ctx[GEN], c0)
            break
    _put(memo, k1, k2, (target << 4 | e & 15) if result else (e & ~15 | target - 1))
    return result


# --------------------------------------------------------------------------- the misère


@njit()
def _settled(hd, others, on_lead, left, T):
    """The declarer's remaining tricks when they are already certain, else -1.

    Every card of his below every defender's card of its suit: he can never be made to win (unless on
    lead with nothing but suits the defenders are out of). Every card of his above every defender's
    card of its suit, and on lead: he wins every trick.
    """
    below = above = True
    escape = False
    for sh in range(0, 32, 8):
        d = hd >> sh & 255
        if d:
            o = others >> sh & 255
            if o:
                escape = True
                if d > T[LOW | o]:
                    below = False
                if T[LOW | d] < T[HIGH | o]:
                    above = False
    if below:
        return 0 if escape or not on_lead else left
    if above and on_lead:
        return left
    return -1


@njit()
def _trick(hl, ha, hb, dpos, T):
    """This trick of a misère: True if the defence can make the declarer win it, False if he can lose
    it whatever they do. Led by him, he loses it in a suit where a defender holds only higher cards.
    Led by a defender, a suit of the leader's lets him escape when he is void in it, or his lowest
    card is under the leader's lowest or under the partner's (who must then overtake him);
    otherwise its lowest card forces him."""
    if not dpos:
        for sh in range(0, 32, 8):
            low = T[LOW | hl >> sh & 255]
            if low:
                a, b = ha >> sh & 255, hb >> sh & 255
                if a and low < T[LOW | a] or b and low < T[LOW | b]:
                    return False
        return True
    hd, partner = (ha, hb) if dpos == 1 else (hb, ha)
    for sh in range(0, 32, 8):
        x = T[LOW | hl >> sh & 255]
        if x:
            d = T[LOW | hd >> sh & 255]
            if d:
                p = T[LOW | partner >> sh & 255]
                if d > x and d > p:
                    return True
    return False


@njit()
def _misere_leads(hl, ha, hb, dpos, T, buf):
    """The misère leader's cards into buf[LEADS]: first in each suit the highest card a defender must overtake (the
    declarer leading) or that forces the declarer (a defender leading), else its lowest; the rest
    after, ascending."""
    out, second, rest = buf[LEADS], buf[SORT1], buf[SORT2]
    nf = ns = nr = 0
    partner, hd = (hb, ha) if dpos == 1 else (ha, hb)
    for sh in (0, 8, 16, 24):
        mine = hl >> sh & 255
        if not mine:
            continue
        a, b = ha >> sh & 255, hb >> sh & 255
        idx = mine | (a | b) << 8
        r = RUNS | sh << 15 | idx << 2  # the runs, ascending
        cnt = T[RUNS_N | idx]
        low = T[r] >> sh
        if not dpos:
            lim = T[LOW | a] if T[LOW | a] > T[LOW | b] else T[LOW | b]
            first = low < lim
        else:
            lim = T[LOW | hd >> sh & 255]
            first = low < lim and T[LOW | partner >> sh & 255] < lim
        j = 1
        if first:
            while j < cnt and T[r + j] >> sh < lim:
                j += 1
            out[nf] = T[r + j - 1]
            nf += 1
        else:
            second[ns] = T[r]
            ns += 1
        rest[nr : nr + j - 1] = T[r : r + j - 1]
        nr += j - 1
        rest[nr : nr + cnt - j] = T[r + j : r + cnt]
        nr += cnt - j
    out[nf : nf + ns] = second[:ns]
    out[nf + ns : nf + ns + nr] = rest[:nr]
    return nf + ns + nr


@njit()
def _misere_follows(hand, present, led, ls, best, declarer_to_play, declarer_winning, out, T):
    """A misère follower's cards into `out`: the declarer ducks with his highest losing card, a defender keeps
    under the declarer's card; discards go high first (by rank, then suit)."""
    x = hand & led
    if x:
        sh = 8 * ls
        n = _runs(out, 0, x >> sh | ((present & ~x) >> sh & 255) << 8, sh, T)
        if n > 1 and (declarer_to_play or declarer_winning):
            under = -1
            for i in range(n):
                if out[i] < best:
                    under = i
            if under >= 0:
                _front(out, n, out[under])
            elif declarer_to_play:
                for i in range(n // 2):
                    out[i], out[n - 1 - i] = out[n - 1 - i], out[i]
        return n
    n = 0
    others = present & ~hand
    for sh in (0, 8, 16, 24):
        m = hand >> sh & 255
        if m:
            n = _runs(out, n, m | (others >> sh & 255) << 8, sh, T)
    for i in range(1, n):  # insertion sort, rank then suit, highest first
        c = out[i]
        b = _index(c, T)
        k = (b & 7) << 2 | b >> 3
        j = i - 1
        while j >= 0:
            bj = _index(out[j], T)
            if ((bj & 7) << 2 | bj >> 3) >= k:
                break
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = c
    return n


@njit()
def _plain_winner(c0, c1, c2, T):
    led = 0xFF << (_index(c0, T) & 0x18)
    w, b = 0, c0
    if c1 & led and c1 > b:
        w, b = 1, c1
    if c2 & led and c2 > b:
        w = 2
    return w


@njit(SEARCH)
def misere(hl, ha, hb, leader, target, ctx, memo, T, buf, killers):
    """Do the defenders force at least `target` tricks on the declarer? No trumps; the defence maximises
    his tricks. Its trick loop mirrors the game's on purpose: one loop for both, with the rules of the
    two as parameters, would add a call or a branch at every card of the hot path."""
    if target <= 0:
        return True
    left = T[POP | hl & 0xFFFF] + T[POP | hl >> 16]
    if target > left:
        return False
    dpos = ctx[leader]
    if not dpos:
        sure = _settled(hl, ha | hb, True, left, T)
    elif dpos == 1:
        sure = _settled(ha, hb | hl, False, left, T)
    else:
        sure = _settled(hb, hl | ha, False, left, T)
    if sure >= 0:
        return sure >= target
    if target == 1 or target == left:  # this trick settles them: one trick at least, or one lost
        if _trick(hl, ha, hb, dpos, T):
            if target == 1:
                return True
        elif target == left:
            return False
    k1, k2 = _key(hl, ha, hb, leader, -1, T)
    k2 |= ctx[GEN]
    e = _get(memo, k1, k2, left)  # low << 4 | high
    if e >> 4 >= target:
        return True
    if e & 15 < target:
        return False
    ctx[NODES] += 1
    present = hl | ha | hb
    m0, m1, m2 = dpos != 0, dpos != 1, dpos != 2  # the defence, maximising his count, is the maximising side
    l1, l2 = (leader + 1) % 3, (leader + 2) % 3
    here = buf[left]
    leads, second, third = here[LEADS], here[SECOND], here[THIRD]
    result = not m0
    n0 = _misere_leads(hl, ha, hb, dpos, T, here)
    k = killers[dpos * 11 + left]
    if k & hl:
        _front(leads, n0, k)
    for c0 in leads[:n0]:
        led = 0xFF << (_index(c0, T) & 0x18)
        ls = _index(c0, T) >> 3
        nl = hl ^ c0
        r1 = not m1
        n1 = _misere_follows(ha, present, led, ls, c0, not m1, not m0, second, T)
        for c1 in second[:n1]:
            w1, b1 = 0, c0
            if c1 & led and c1 > c0:
                w1, b1 = 1, c1
            na = ha ^ c1
            r2 = not m2
            n2 = _misere_follows(hb, present, led, ls, b1, not m2, w1 == dpos, third, T)
            for c2 in third[:n2]:
                w = 2 if c2 & led and c2 > b1 else w1
                nb = hb ^ c2
                need = target - 1 if w == dpos else target
                if left == 2:
                    if need != 1:
                        r = need <= 0
                    elif not w:
                        r = _plain_winner(nl, na, nb, T) == dpos
                    elif w == 1:
                        r = (1 + _plain_winner(na, nb, nl, T)) % 3 == dpos
                    else:
                        r = (2 + _plain_winner(nb, nl, na, T)) % 3 == dpos
                elif not w:
                    r = misere(nl, na, nb, leader, need, ctx, memo, T, buf, killers)
                elif w == 1:
                    r = misere(na, nb, nl, l1, need, ctx, memo, T, buf, killers)
                else:
                    r = misere(nb, nl, na, l2, need, ctx, memo, T, buf, killers)
                if r == m2:
                    r2 = m2
                    break
            if r2 == m1:
                r1 = m1
                break
        if r1 == m0:
            result = m0
            killers[dpos * 11 + left] = c0
            break
    _put(memo, k1, k2, (target << 4 | e & 15) if result else (e & ~15 | target - 1))
    return result


LOOKUPS = lookups()
