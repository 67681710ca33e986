"""How fair a movement is: who meets whom how often, set plays, rests (`Stats`, `Quality`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

EXCESS_LIMIT = (10, 15)  # % of all meetings: without rests, with rests


@dataclass(frozen=True)
class Stats:
    """Statistics of a movement.

    Pairs are counted over the players who can meet: players of one room, and of different
    lines where every player keeps his seat (`eligible` such pairs).
    """

    meetings: dict  # (a, b) with a < b -> times at one table
    meetings_histogram: dict  # times -> number of eligible pairs (0: never met)
    sets_per_player: dict
    rests_per_player: dict
    eligible: int = 0
    lines_fixed: bool = False  # every player keeps one seat
    apart: int = 0  # pairs of players in different rooms (they cannot meet)


@dataclass(frozen=True)
class Quality:
    """How fair a movement is (see `quality`)."""

    rounds: int
    full_rounds: int
    tables: int
    sets: int
    lines_fixed: bool  # every player keeps one seat: pairs are counted over different lines
    eligible: int  # pairs of players that can meet (of one room; of different lines where lines are kept)
    never: int
    once: int
    more: int
    meetings: int
    excess: int  # Σ over eligible pairs of max(0, meetings − c), c = ceil(meetings / eligible)
    set_plays: tuple[int, int]  # fewest and most tables playing one set
    rests: tuple[int, int]  # fewest and most rests of a player
    rooms: int = 1
    apart: int = 0  # pairs of players in different rooms: they never meet, by design
    fewest: int = 0  # the fewest times a pair that can meet does meet
    most: int = 0  # the most times one pair meets
    repeats: int = 0  # Σ over pairs of max(0, meetings − 1): meetings beyond the first of a pair
    asked: int = 0  # the rounds the director asked for (the movement was chosen for them)

    @property
    def repeats_pct(self) -> float:
        return round(100 * self.repeats / self.meetings, 1) if self.meetings else 0.0

    @property
    def excess_pct(self) -> float:
        return round(100 * self.excess / self.meetings, 1) if self.meetings else 0.0

    @property
    def never_pct(self) -> float:
        return round(100 * self.never / self.eligible, 1) if self.eligible else 0.0

    @property
    def unmet_pct(self) -> float:
        """Pairs that never meet, those kept apart in different rooms included, in % of all pairs
        that would be eligible in one room: what a split into rooms costs when ways to play a
        field are compared."""
        pairs = self.eligible + self.apart
        return round(100 * (self.never + self.apart) / pairs, 1) if pairs else 0.0

    @property
    def even(self) -> int:
        """The even share of meetings a pair (c of the excess)."""
        return -(-self.meetings // self.eligible) if self.eligible else 0

    @property
    def limit(self) -> int:
        return EXCESS_LIMIT[1] if self.rests[1] else EXCESS_LIMIT[0]

    @property
    def perfect(self) -> bool:
        return self.lines_fixed and self.eligible > 0 and self.once == self.eligible and self.set_plays[0] >= 2

    def rule_misses(self) -> list[tuple[str, dict]]:
        """(message code, params) for every rule the movement breaks (see `meets_rules`)."""
        out = []
        if self.set_plays[0] < 2:
            out.append(("movement.q_sets_once", {}))
        if self.rests[1] - self.rests[0] > 1:
            out.append(("movement.q_rests", {"low": self.rests[0], "high": self.rests[1]}))
        if self.full_rounds < min(self.tables, 7) and not self.asked:
            out.append(
                ("movement.q_rounds", {"rounds": self.full_rounds, "tables": self.tables, "need": min(self.tables, 7)})
            )
        return out

    def weaknesses(self) -> list[tuple[str, dict]]:
        """(message code, params) for every target the movement misses, worded from its figures."""
        out = self.rule_misses()
        if self.excess_pct > self.limit:
            figures = {
                "pct": self.excess_pct,
                "limit": self.limit,
                "never": self.never,
                "low": self.fewest,
                "high": self.most,
                "even": self.even,
            }
            out.append(("movement.q_excess_never" if self.never else "movement.q_excess_uneven", figures))
        if self.rounds < self.full_rounds and self.never and not self.asked:
            out.append(("movement.q_early_rooms" if self.rooms > 1 else "movement.q_early", {"never": self.never}))
        return out

    @property
    def whom(self) -> str:
        """The message code naming the pairs counted: of different lines and / or of one room."""
        if self.rooms > 1:
            return "movement.text_lines_rooms" if self.lines_fixed else "movement.text_rooms"
        return "movement.text_lines" if self.lines_fixed else "movement.text_all"

    @property
    def meets_rules(self) -> bool:
        """Every set at two tables or more, rests even, enough rounds (the hard targets)."""
        return (
            self.set_plays[0] >= 2
            and self.rests[1] - self.rests[0] <= 1
            and (self.full_rounds >= min(self.tables, 7) or bool(self.asked))
        )


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def statistics(movement) -> Stats:
    """Meetings of every pair, their histogram over the pairs that can meet, sets and rests per player.

    Players of different rooms never meet, nor do players of one line where every player keeps
    his seat: such pairs are left out of the histogram and counted apart (`apart`: other rooms).
    """
    meetings = Counter()
    sets = Counter()
    rests = Counter()
    seats: dict[int, set] = {}
    for rnd in movement.rounds:
        for table in rnd.tables:
            players = sorted(table.players)
            for a, b in combinations(players, 2):
                meetings[(a, b)] += 1
            sets.update(players)
            for s, p in table.seats:
                seats.setdefault(p, set()).add(s)
        rests.update(rnd.resting)
    fixed = all(len(s) == 1 for s in seats.values())
    everyone = movement.numbers
    groups = [room.players for room in movement.rooms] if len(movement.rooms) > 1 else [everyone]
    eligible = 0
    for group in groups:
        eligible += _pairs(len(group))
        if fixed:
            eligible -= sum(_pairs(c) for c in Counter(next(iter(seats[p])) for p in group if p in seats).values())
    histogram = Counter(meetings.values())
    histogram[0] = eligible - len(meetings)
    apart = _pairs(len(everyone)) - sum(_pairs(len(g)) for g in groups)
    return Stats(
        dict(meetings),
        {h: histogram[h] for h in sorted(histogram) if histogram[h]},
        {p: sets[p] for p in everyone},
        {p: rests[p] for p in everyone},
        eligible,
        fixed,
        apart,
    )


def quality(movement) -> Quality:
    """Fairness: pairs never / once / more often met (over the pairs that can meet: of one room,
    of different lines where every player keeps his seat), excess meetings, set plays, rests."""
    st = movement.stats
    plays = Counter(t.set for rnd in movement.rounds for t in rnd.tables)
    eligible = st.eligible
    counts = list(st.meetings.values())
    total = sum(counts)
    met = len(counts)
    once = sum(1 for m in counts if m == 1)
    more = met - once
    c = -(-total // eligible) if eligible else 0
    excess = sum(max(0, m - c) for m in counts)
    rests = list(st.rests_per_player.values()) or [0]
    tables = max((len(r.tables) for r in movement.rounds), default=0)
    return Quality(
        len(movement.rounds),
        movement.full_rounds,
        tables,
        len(plays),
        st.lines_fixed,
        eligible,
        eligible - met,
        once,
        more,
        total,
        excess,
        (min(plays.values(), default=0), max(plays.values(), default=0)),
        (min(rests), max(rests)),
        len(movement.rooms),
        st.apart,
        0 if eligible > met else min(counts, default=0),
        max(counts, default=0),
        sum(m - 1 for m in counts if m > 1),
        movement.asked,
    )
