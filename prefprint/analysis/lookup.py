"""The solver's lookup tables of one suit: runs of equal cards, relative ranks, top and sure tricks.

Each is indexed by a byte of the hand's cards in the suit (bit = rank 7 … Т) and, most of them, a byte
of the other hands' cards shifted by 8; built once on import. The searches (`prefprint.analysis.search`)
read them laid out one after another in one flat sequence (`flat`).
"""

from __future__ import annotations


def _subsets(mask: int):
    """Every subset of a byte mask, the empty one included."""
    sub = mask
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & mask


def _runs_table(shift: int) -> tuple:
    """mine | others << 8 -> the lowest card of each run of `mine` no card of `others` splits, ascending."""
    out = [()] * 65536
    for mine in range(1, 256):
        for others in _subsets(255 & ~mine):
            reps, open_run = [], False
            for b in range(8):
                if mine >> b & 1:
                    if not open_run:
                        reps.append(1 << (b + shift))
                    open_run = True
                elif others >> b & 1:
                    open_run = False
            out[mine | others << 8] = tuple(reps)
    return tuple(out)


def _squeeze_table() -> tuple:
    """gone << 8 | held -> held with the gone ranks taken out (relative ranks)."""
    out = [0] * 65536
    for gone in range(256):
        kept = [b for b in range(8) if not gone >> b & 1]
        for held in _subsets(255 & ~gone):
            out[gone << 8 | held] = sum(1 << j for j, b in enumerate(kept) if held >> b & 1)
    return tuple(out)


_RUNS = tuple(_runs_table(8 * s) for s in range(4))
_SQUEEZE = _squeeze_table()
# gone << 8 | held -> held in relative ranks | how many cards of the suit are left << 8
_SQUEEZE_N = tuple(q | (8 - (i >> 8).bit_count()) << 8 for i, q in enumerate(_SQUEEZE))
# mine | others << 8 -> how many of mine rank above every one of the others
_TOP = tuple(((i & 255) >> (i >> 8).bit_length()).bit_count() for i in range(65536))


def _long_table() -> tuple:
    """mine | others << 8 -> _TOP | the rest of mine << 4 when they may win too once the others run out.

    The others' cards are held by two players, one card each a round: when my top cards outnumber
    the longer holding, both are out of the suit by then and my small cards win as well. Here only
    the necessary half of that (the top cards outnumber half the others' cards) is asked, for the
    two holdings are not known apart: the search checks the rest when it matters.
    """
    out = []
    for i, t in enumerate(_TOP):
        mine, others = i & 255, i >> 8
        long = not mine & others and t and 2 * t >= others.bit_count()
        out.append(t | (mine.bit_count() - t) << 4 if long else t)
    return tuple(out)


_TOP_LONG = _long_table()


def _sure_table() -> tuple:
    """mine | others << 8 -> how many of mine no card of the others can beat, one card each (a matching)."""
    out = [0] * 65536
    for i in range(65536):
        mine, others = i & 255, i >> 8
        if mine & others:
            continue
        free = sure = 0
        for b in range(7, -1, -1):  # from the top: each of the others' cards beats one lower card of mine
            if others >> b & 1:
                free += 1
            elif mine >> b & 1:
                if free:
                    free -= 1
                else:
                    sure += 1
        out[i] = sure
    return tuple(out)


# mine | others << 8 -> how many of my trumps win whatever happens: every card is played in the
# end, and one of mine loses only to a higher trump of the other side in the same trick
_SURE = _sure_table()
# a byte -> its highest and lowest bit (0 for an empty byte)
_HIGH = tuple(1 << (m.bit_length() - 1) if m else 0 for m in range(256))
_LOW = tuple(m & -m for m in range(256))


# The flat layout the searches read (`prefprint.analysis.search`): the rows above one after another, each
# of 65,536 entries indexed by a 16-bit argument (most by mine | others << 8), at offsets OR-ed with the
# argument: T[POP | x]
TOP, TOP_LONG, SURE, SQUEEZE, SQUEEZE_N, POP, INDEX, RUNS_N, HIGH, LOW = (row << 16 for row in range(10))
# the runs of a suit: RUNS | 8 · suit << 15 | (mine | others << 8) << 2 | j -> the j-th run's lowest card,
# ascending, the card's bit (j < 4: a suit of 8 cards holds at most 4 runs); RUNS_N | (mine | others << 8) -> how many
RUNS = 1 << 20


def flat() -> list:
    """The rows of the flat layout, one after another (see the offsets above)."""
    out = [0] * (RUNS << 1)

    def row(offset, values):
        out[offset : offset + len(values)] = values

    row(TOP, _TOP)
    row(TOP_LONG, _TOP_LONG)
    row(SURE, _SURE)
    row(SQUEEZE, _SQUEEZE)
    row(SQUEEZE_N, _SQUEEZE_N)
    row(POP, [i.bit_count() for i in range(65536)])
    row(INDEX, [i.bit_length() - 1 if i and not i & (i - 1) else -1 for i in range(65536)])
    row(RUNS_N, [len(reps) for reps in _RUNS[0]])
    for s, runs in enumerate(_RUNS):
        for i, reps in enumerate(runs):
            if reps:
                row(RUNS | 8 * s << 15 | i << 2, reps)
    row(HIGH, _HIGH)
    row(LOW, _LOW)
    return out
