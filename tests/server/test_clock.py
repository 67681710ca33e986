"""The round clock: the round now and the minutes left from the time plan, pauses and moves."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from prefprint.server.clock import Clock, Plan, played, position, scheduled

T0 = dt.datetime(2026, 12, 5, 18, 30, tzinfo=dt.UTC)
plans = st.builds(Plan, st.integers(1, 30), st.integers(1, 60), st.integers(0, 10))
seconds = st.integers(0, 60 * 60 * 30)


def _at(s: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=s)


def test_the_club_nights_plan():
    """20 minutes a round, 5 between: as Event.time_plan prints it on the director's sheet."""
    plan = Plan(5, 20)
    p = position(plan, T0, (), 0, T0)
    assert (p.round, p.over, p.minutes_left) == (1, 0, 20)
    p = position(plan, T0, (), 0, _at(60 * 19 + 1))
    assert (p.round, p.over, p.minutes_left) == (1, 0, 1)
    p = position(plan, T0, (), 0, _at(60 * 20))  # round 1's time is up: round 2 starts at 18:55, ends 19:15
    assert (p.round, p.over, p.minutes_left) == (2, 1, 25)
    p = position(plan, T0, (), 0, _at(60 * 25))
    assert (p.round, p.over, p.minutes_left) == (2, 1, 20)
    p = position(plan, T0, (), 0, _at(60 * (5 * 25 - 5)))  # the last round's end
    assert (p.round, p.over, p.minutes_left) == (5, 5, 0)


@given(plans, seconds, seconds)
def test_rounds_are_over_in_order_and_never_come_back(plan, a, b):
    early, late = sorted((a, b))
    p, q = position(plan, T0, (), 0, _at(early)), position(plan, T0, (), 0, _at(late))
    assert p.over <= q.over
    for x in (p, q):
        assert x.round == min(x.over + 1, plan.rounds) and 0 <= x.over <= plan.rounds
        assert 0 <= x.minutes_left <= plan.minutes + plan.gap
        assert (x.minutes_left == 0) == (x.over == plan.rounds)


@given(plans, seconds)
def test_the_plans_round_starts_and_ends_on_time(plan, s):
    r = s % plan.rounds  # round r + 1 starts r periods after the start and its time is up `minutes` later
    start = r * (plan.minutes + plan.gap) * 60
    p = position(plan, T0, (), 0, _at(start))
    assert (p.round, p.over, p.minutes_left) == (r + 1, r, plan.minutes)
    assert position(plan, T0, (), 0, _at(start + plan.minutes * 60)).over == r + 1


@given(plans, seconds, seconds, st.integers(0, 60 * 60 * 3))
def test_a_pause_holds_the_clock(plan, run, pause_at, length):
    """A pause of `length` seconds: the clock is where it would be `length` seconds earlier."""
    pause_at = min(pause_at, run)
    pauses = ((_at(pause_at), _at(pause_at + length)),)
    now = _at(run + length)
    assert position(plan, T0, pauses, 0, now) == position(plan, T0, (), 0, _at(run))
    assert played(T0, ((_at(pause_at), None),), _at(pause_at + length)) == pause_at  # still paused


@given(plans, seconds, st.integers(0, 30))
def test_rounds_over_before_the_stretch_count(plan, s, offset):
    """A stretch that began with `offset` rounds over is where a plain clock is `offset` rounds later."""
    offset = min(offset, plan.rounds)
    period = (plan.minutes + plan.gap) * 60
    assert position(plan, T0, (), offset, _at(s)) == position(plan, T0, (), 0, _at(s + offset * period))


@given(plans, seconds, st.sampled_from([1, -1]))
def test_a_move_starts_the_round_in_full_now(plan, s, by):
    clock = Clock().start(T0)
    now = _at(s)
    moved = clock.move(plan, now, by)
    before = clock.position(plan, now)
    if not 1 <= before.round + by <= plan.rounds:
        assert moved is None
        return
    after = moved.position(plan, now)
    assert (after.round, after.minutes_left) == (before.round + by, plan.minutes)
    assert moved.since == T0


def test_the_directors_actions():
    plan = Plan(5, 20)
    idle = Clock()
    assert idle.position(plan, T0) is None and idle.pause(T0) is None and idle.move(plan, T0, 1) is None
    assert idle.json(plan, T0) == {"round": None, "started_at": None, "minutes_left": None, "paused": False}
    clock = idle.start(T0)
    assert clock.start(T0) is None and clock.resume(T0) is None
    paused = clock.pause(_at(300))
    assert paused.paused and paused.pause(_at(301)) is None
    assert paused.json(plan, _at(3000)) == {
        "round": 1,
        "started_at": "2026-12-05T18:30:00+00:00",
        "minutes_left": 15,
        "paused": True,
    }
    going = paused.resume(_at(600))
    assert going.json(plan, _at(600))["minutes_left"] == 15
    moved = paused.move(plan, _at(900), 1)  # moved while paused: round 2 in full, still paused
    assert moved.paused and moved.json(plan, _at(2000))["round"] == 2
    assert moved.json(plan, _at(2000))["minutes_left"] == 20
    assert Clock.kept(moved.stored()) == moved and Clock.kept(None) is None


def test_the_spec_start_runs_the_clock_on_the_events_date_only():
    clock = scheduled("2026-12-05", "18:30", _at(60))
    assert clock.since == T0 and clock.position(Plan(5, 20), _at(60)).round == 1
    assert scheduled("2026-12-05", "18:30", _at(-60)).at is None  # not yet
    assert scheduled("2026-12-04", "18:30", _at(60)).at is None  # a server tried on another day
    assert scheduled("2026-12-05", "", _at(60)).at is None
