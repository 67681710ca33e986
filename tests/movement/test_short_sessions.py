"""Sessions of R rounds: chosen for those rounds, nobody meeting twice where the field allows, or saying why."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rechecks import line_of, recheck, repeats, rests_of

from prefprint.errors import MovementError
from prefprint.movement import build_movement, compare

# (players, table size, rounds): fields where a searched design cut after R rounds made players
# meet twice (issue 19), fields with rests, and the affine plane's small fields
SESSIONS = [
    (40, 4, 7),
    (48, 4, 5),
    (80, 4, 7),
    (88, 4, 6),
    (120, 4, 8),
    (24, 4, 5),
    (24, 4, 4),
    (60, 4, 8),
    (41, 4, 7),
    (57, 4, 6),
    (99, 4, 8),
    (150, 4, 5),
    (21, 4, 4),
    (22, 4, 4),
    (18, 3, 5),
    (30, 3, 8),
    (78, 3, 7),
    (99, 3, 5),
    (79, 3, 7),
    (31, 3, 8),
    (100, 3, 6),
    (20, 3, 4),
]


@pytest.mark.parametrize("players,k,rounds", SESSIONS)
def test_a_session_of_r_rounds_meets_nobody_twice_where_the_field_allows(players, k, rounds):
    m = build_movement(players, k, rounds)
    meet = recheck(m)  # independent of the engine's statistics
    assert len(m.rounds) == rounds
    rests = rests_of(m).values()
    assert max(rests) - min(rests) <= 1
    tables, extra = divmod(players, k)
    assert tables >= rounds + 1
    total = sum(meet.values())
    assert total == rounds * tables * k * (k - 1) // 2
    if extra:
        assert 100 * repeats(meet) <= total, (players, k, rounds, repeats(meet))
    else:
        assert max(meet.values()) == 1, (players, k, rounds, repeats(meet))


def test_the_book_scheme_stays_for_the_full_circle_and_gives_way_in_a_short_session():
    assert build_movement(24, 4).method == "scheme"
    options, best, reason = compare(24, 4, rounds=5)
    assert "scheme" in {c.method for c in options} and best.method != "scheme"
    assert all(c.movement.quality.rounds == 5 for c in options)  # every candidate measured for 5 rounds
    scheme = next(c for c in options if c.method == "scheme").movement.quality
    assert scheme.repeats > 0 == best.movement.quality.repeats and reason[0] == "why_session_clean"
    m = build_movement(24, 4, 5)
    assert max(recheck(m).values()) == 1 and [c for c, _ in m.notes][0] == "auto_session"


@pytest.mark.parametrize("players,k,rounds", [(40, 4, 6), (48, 4, 7), (41, 3, 5)])
def test_a_forced_search_of_a_short_session_takes_the_designs_made_for_it(players, k, rounds):
    """`--method search --rounds R` chooses among the searched movements as auto does, the session
    designs included (it cut the full circle's searched design short: 10 repeats in 40 players' 6 rounds)."""
    m = build_movement(players, k, rounds, method="search")
    assert m.method == "search" and len(m.rounds) == rounds
    assert max(recheck(m).values()) == 1
    assert ("forced_method", {"method": "search"}) in m.notes
    options, best, _ = compare(players, k, method="search", rounds=rounds)
    assert {c.method for c in options} == {"search"} and best.movement.quality.repeats == 0


def test_a_perfect_movement_stays_the_choice_of_a_short_session():
    for players, k in ((28, 4), (44, 4), (32, 4), (21, 3)):
        m = build_movement(players, k, 5)
        assert m.method in ("standard", "field") and max(recheck(m).values()) == 1


def test_a_session_the_field_cannot_play_clean_says_why_in_both_languages():
    found = None
    for players, k, rounds in ((42, 4, 8), (41, 4, 8), (26, 4, 5), (25, 4, 5), (21, 4, 4)):
        m = build_movement(players, k, rounds)
        notes = dict(m.notes)
        if "session_limit" in notes:
            found = (m, notes["session_limit"])
            break
        assert 100 * m.quality.repeats <= m.quality.meetings  # else it must say why
    assert found is not None, "no sample session misses its target: the note is not checked"
    m, params = found
    from prefprint.words.i18n import note_text

    ru, en = note_text("session_limit", params, "ru"), note_text("session_limit", params, "en")
    assert str(m.quality.repeats) in en and str(m.quality.meetings) in ru and "\n" not in ru + en
    assert ("не доказано" in ru) == ("not proven" in en)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from((4, 3)), st.data())
def test_no_session_repeats_a_meeting_where_it_says_it_does_not(k, data):
    players = data.draw(st.integers(12, 160) if k == 4 else st.integers(9, 120))
    rounds = data.draw(st.integers(2, 8))
    try:
        m = build_movement(players, k, rounds)
    except MovementError as e:
        assert e.text("ru") and e.text("en")
        return
    meet = recheck(m)
    assert len(m.rounds) == rounds
    codes = {code for code, _ in m.notes}
    reason = dict(m.notes).get("auto_choice", {}).get("reason", ("",))[0]
    if "meet_at_most_once" in codes:  # players of different lines meet at most once
        line = line_of(m)
        assert all(n == 1 for (a, b), n in meet.items() if line[a] != line[b])
    if reason == "why_session_clean" or "auto_plane" in codes:
        assert max(meet.values()) == 1
    q = m.quality
    assert q.repeats == repeats(meet)
    tables, extra = divmod(players, k)
    if tables >= rounds + 1 and repeats(meet) and (not extra or 100 * repeats(meet) > sum(meet.values())):
        assert "session_limit" in codes  # a session that misses its target says so


@pytest.mark.slow
@pytest.mark.parametrize("k", [4, 3])
def test_every_session_of_every_field_meets_its_target_or_says_why(k):
    for players in range(12, 161) if k == 4 else range(9, 121):
        tables, extra = divmod(players, k)
        for rounds in range(4, 9):
            if tables < rounds + 1:
                continue
            m = build_movement(players, k, rounds)
            meet = recheck(m)
            assert len(m.rounds) == rounds and max(rests_of(m).values()) - min(rests_of(m).values()) <= 1
            over = repeats(meet) and (not extra or 100 * repeats(meet) > sum(meet.values()))
            assert not over or "session_limit" in dict(m.notes), (players, k, rounds)
            if not extra:
                assert not repeats(meet), (players, k, rounds)
