"""Building a movement: early stops, refusals and their words, any request valid or clearly refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rechecks import recheck

from prefprint.errors import MovementError
from prefprint.movement import build_movement, second_session


def test_early_stop_and_errors():
    m = build_movement(20, 4, rounds=3)
    assert len(m.rounds) == 3 and m.full_rounds == 5 and m.sets == 5
    recheck(m)
    with pytest.raises(MovementError, match="rounds must be from 2 to 6"):
        build_movement(20, 4, rounds=7)  # 6 rounds: a rotating design plays them
    with pytest.raises(MovementError, match="in 1 round some sets would be played at one table only"):
        build_movement(20, 4, rounds=1)
    with pytest.raises(MovementError, match="table size must be 4 or 3, not 5"):
        build_movement(20, 5)
    with pytest.raises(MovementError, match="players must be from 8 to 1000 at tables of 4, not 0"):
        build_movement(0, 4)
    with pytest.raises(MovementError, match="the standard movement needs"):
        build_movement(24, 4, method="standard")
    with pytest.raises(MovementError, match="nobody needs to rest"):
        build_movement(24, 4, method="rests")
    assert "туров может быть от 2 до 6" in pytest.raises(MovementError, build_movement, 20, 4, 7).value.text("ru")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 200), st.sampled_from((3, 4)), st.data())
def test_any_request_gives_a_valid_movement_or_a_clear_refusal(n, size, data):
    method = data.draw(st.sampled_from(("auto", "standard", "field", "search", "scheme", "skip", "rooms", "rests")))
    rooms = data.draw(st.one_of(st.none(), st.lists(st.integers(0, 80), min_size=1, max_size=3)))
    rounds = data.draw(st.one_of(st.none(), st.integers(-1, 30)))
    by_lines = data.draw(st.booleans())
    try:
        m = build_movement(n, size, None if by_lines else rounds, method, rooms)
        if by_lines:
            m = second_session(m, rounds)
    except MovementError as e:
        assert e.text("ru") and e.text("en") and "\n" not in e.text("en")
        return
    recheck(m)


def test_a_refused_number_of_rounds_names_every_number_that_plays():
    """«за 5 туров часть комплектов сыграл бы только один стол; число туров может быть: 2–3, 8–11»: every count
    named builds, the short sessions among them (it said «нужно не меньше 8» while 2 and 3 were played)."""

    def counts(spans: str) -> list[int]:
        out = []
        for part in spans.split(", "):
            a, _, b = part.partition("–")
            out += range(int(a), int(b or a) + 1)
        return out

    refused = 0
    for players, k in ((12, 4), (13, 4), (9, 3), (10, 3), (16, 4)):
        for rounds in range(2, 10):
            try:
                build_movement(players, k, rounds)
            except MovementError as e:
                if e.message.code != "movement.rounds_once":
                    continue
                refused += 1
                named = counts(e.message.params["spans"])
                assert rounds not in named and len(named) >= 2
                for r in named:
                    assert len(build_movement(players, k, r).rounds) == r
    assert refused >= 5
