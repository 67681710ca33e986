"""The round clock: which round should be playing and the minutes left in it, from the spec's time plan.

Pure: `position` takes the plan, when the clock's current stretch began, the pauses since, the rounds
before that stretch and the time now. A stretch begins when the director starts the clock (round 1) or
moves it a round on or back (that round starts in full at that moment); the pauses inside a stretch do
not count. Without the director's start the clock runs from the spec's start on the event's date
(`scheduled`). A `Clock` is what the server keeps (server.db, a setting) and changes on the director's
actions; the JSON of the API is `Clock.json`.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field, replace

GAP_MINUTES = 5  # between rounds, as Event.time_plan plans them


@dataclass(frozen=True)
class Plan:
    """The time plan of a session: its rounds, each `minutes` long, `gap` minutes between two."""

    rounds: int
    minutes: int
    gap: int = GAP_MINUTES

    @classmethod
    def of(cls, event) -> Plan:
        return cls(len(event.movement.rounds), event.round_minutes)


@dataclass(frozen=True)
class Position:
    """Where the clock is: `round` the round playing (or about to start, in the gap before it; the last
    round once the time is up), `over` the rounds whose time is up, `minutes_left` until `round` ends."""

    round: int
    over: int
    minutes_left: int


def _seconds(delta: dt.timedelta) -> float:
    return max(delta.total_seconds(), 0.0)


def played(started_at: dt.datetime, pauses, now: dt.datetime) -> float:
    """The seconds the clock ran from `started_at` to `now`: the pauses ((start, end or None), an end of
    None still paused) taken out, each counted only within that span."""
    if now <= started_at:
        return 0.0
    total = _seconds(now - started_at)
    for start, end in pauses:
        a, b = max(start, started_at), min(end or now, now)
        if b > a:
            total -= _seconds(b - a)
    return max(total, 0.0)


def position(plan: Plan, started_at: dt.datetime, pauses, offset: int, now: dt.datetime) -> Position:
    """The round now and the minutes left: `offset` rounds were over when the stretch began at `started_at`."""
    run = played(started_at, pauses, now)
    play, period = plan.minutes * 60, (plan.minutes + plan.gap) * 60
    done, into = divmod(run, period)
    over = offset + int(done)
    if into >= play:  # the gap after a round: that round is over, the next one starts at the gap's end
        over += 1
        left = period - into + play
    else:
        left = play - into
    if over >= plan.rounds:
        return Position(plan.rounds, plan.rounds, 0)
    return Position(over + 1, over, math.ceil(left / 60 - 1e-9))


def _time(text: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(text) if text else None


@dataclass(frozen=True)
class Clock:
    """The clock as kept: `since` when it was started (None: not yet), `at` when its stretch began with
    `offset` rounds over, `pauses` within the stretch ((start, end or None))."""

    since: dt.datetime | None = None
    at: dt.datetime | None = None
    offset: int = 0
    pauses: tuple = field(default_factory=tuple)

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None

    def position(self, plan: Plan, now: dt.datetime) -> Position | None:
        """Where the clock is now; None before it starts."""
        if self.at is None:
            return None
        return position(plan, self.at, self.pauses, self.offset, now)

    def json(self, plan: Plan, now: dt.datetime) -> dict:
        """{"round", "started_at", "minutes_left", "paused"} as the API gives it."""
        p = self.position(plan, now)
        return {
            "round": p.round if p else None,
            "started_at": self.since.isoformat(timespec="seconds") if self.since else None,
            "minutes_left": p.minutes_left if p else None,
            "paused": self.paused,
        }

    # the director's actions: each gives the clock after it, or None when it cannot be done now

    def start(self, now: dt.datetime) -> Clock | None:
        return None if self.at is not None else Clock(now, now, 0, ())

    def pause(self, now: dt.datetime) -> Clock | None:
        if self.at is None or self.paused:
            return None
        return replace(self, pauses=(*self.pauses, (now, None)))

    def resume(self, now: dt.datetime) -> Clock | None:
        if not self.paused:
            return None
        return replace(self, pauses=(*self.pauses[:-1], (self.pauses[-1][0], now)))

    def move(self, plan: Plan, now: dt.datetime, by: int) -> Clock | None:
        """The round `by` rounds from the one now starts in full now (still paused if paused)."""
        p = self.position(plan, now)
        if p is None or not 1 <= p.round + by <= plan.rounds:
            return None
        return Clock(self.since, now, p.round + by - 1, ((now, None),) if self.paused else ())

    # kept as a setting of the database

    def stored(self) -> dict:
        def text(t):
            return t.isoformat() if t else None

        return {
            "since": text(self.since),
            "at": text(self.at),
            "offset": self.offset,
            "pauses": [[text(a), text(b)] for a, b in self.pauses],
        }

    @classmethod
    def kept(cls, data: dict | None) -> Clock | None:
        """The clock a setting holds; None when there is none."""
        if not data:
            return None
        pauses = tuple((_time(a), _time(b)) for a, b in data.get("pauses", ()))
        return cls(_time(data.get("since")), _time(data.get("at")), int(data.get("offset", 0)), pauses)


def scheduled(date: str, start: str, now: dt.datetime) -> Clock:
    """The clock before the director touches it: running from the spec's start when today is the event's
    date and that time has come (a server tried out on another day waits for the director's start)."""
    try:
        day = dt.date.fromisoformat(str(date)[:10])
        h, m = (int(x) for x in start.split(":"))
    except ValueError:
        return Clock()
    begin = dt.datetime.combine(day, dt.time(h, m), tzinfo=now.tzinfo)
    if now.date() != day or now < begin:
        return Clock()
    return Clock(begin, begin, 0, ())
