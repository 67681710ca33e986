"""Double-dummy solver: against a plain minimax, exhaustive discard scans, the CLI and the cache."""

from __future__ import annotations

import importlib.util
import json
import random
import shutil
import time
from functools import cache
from itertools import combinations

import pytest
from click.testing import CliRunner
from helpers import tiny_event_text
from hypothesis import given, settings
from hypothesis import strategies as st

from prefprint.analysis import cache as analysis
from prefprint.analysis.solver import MISERE, STRAINS, analyse_deal, double_dummy, solve_game, solve_misere
from prefprint.cli.main import cli
from prefprint.engine.deals import DECK, Deal, card_text, generate_deal
from prefprint.engine.rules import Outcome, active_seats
from prefprint.io.spec import parse_event

DENOMINATIONS = STRAINS + (MISERE,)


# --------------------------------------------------------------------------- the reference


def reference(hands: dict, declarer: str, first_hand: str, strain: str) -> int:
    """The declarer's tricks by plain minimax over every legal card (memoised at trick starts).

    Written from the rules alone: follow suit; void in the suit led, ruff if holding a trump;
    the highest trump, else the highest card of the suit led, wins; the winner leads. In a
    misère (no trumps) the defence maximises the declarer's tricks, he minimises them.
    """
    seats = [s for s in "NESW" if s in hands]
    i = seats.index(first_hand)
    seats = seats[i:] + seats[:i]
    misere = strain == MISERE
    trump = None if strain in ("БК", MISERE) else STRAINS.index(strain)
    decl = seats.index(declarer)

    def legal(hand, led):
        if led is None:
            return hand
        follow = tuple(c for c in hand if c[0] == led)
        if follow:
            return follow
        ruff = tuple(c for c in hand if c[0] == trump)
        return ruff or hand

    def winner(played):  # played: ((player, card), ...) in order
        led = played[0][1][0]
        return max(played, key=lambda pc: (pc[1][0] == trump, pc[1][0] == led, pc[1][1]))[0]

    @cache
    def from_trick(hs, leader):
        if not hs[0]:
            return 0
        return in_trick(hs, leader, ())

    def in_trick(hs, player, played):
        if len(played) == 3:
            w = winner(played)
            return (w == decl) + from_trick(hs, w)
        led = played[0][1][0] if played else None
        values = []
        for c in legal(hs[player], led):
            rest = list(hs)
            rest[player] = tuple(x for x in hs[player] if x != c)
            values.append(in_trick(tuple(rest), (player + 1) % 3, played + ((player, c),)))
        wants_more = (player == decl) != misere
        return max(values) if wants_more else min(values)

    return from_trick(tuple(tuple(sorted(hands[s])) for s in seats), 0)


def best_by_scan(hands: dict, talon, declarer: str, first_hand: str, strain: str) -> dict:
    """Every discard of two from the declarer's hand and the talon, with its reference tricks."""
    cards = list(hands[declarer]) + list(talon)
    out = {}
    for d in combinations(cards, 2):
        after = dict(hands)
        after[declarer] = [c for c in cards if c not in d]
        out[frozenset(d)] = reference(after, declarer, first_hand, strain)
    return out


def slow_reference(hands, declarer, first_hand, strain):
    """The same rules by alpha-beta over every legal card, with a table of bounds at trick starts
    keyed on the exact cards: slow but able to finish a 10-card deal."""
    seats = [s for s in "NESW" if s in hands]
    i = seats.index(first_hand)
    seats = seats[i:] + seats[:i]
    misere = strain == MISERE
    trump = None if strain in ("БК", MISERE) else STRAINS.index(strain)
    decl = seats.index(declarer)
    table = {}

    def legal(hand, led):
        if led is None:
            return hand
        follow = tuple(c for c in hand if c[0] == led)
        if follow:
            return follow
        ruff = tuple(c for c in hand if c[0] == trump)
        return ruff or hand

    def winner(played):
        led = played[0][1][0]
        return max(played, key=lambda pc: (pc[1][0] == trump, pc[1][0] == led, pc[1][1]))[0]

    def trick_start(hs, leader, alpha, beta):
        if not hs[0]:
            return 0
        key = (hs, leader)
        lo, hi = table.get(key, (0, len(hs[0])))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        v = in_trick(hs, leader, (), a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        table[key] = (lo, hi)
        return v

    def in_trick(hs, player, played, alpha, beta):
        if len(played) == 3:
            w = winner(played)
            gain = w == decl
            return gain + trick_start(hs, w, alpha - gain, beta - gain)
        led = played[0][1][0] if played else None
        wants_more = (player == decl) != misere
        best = -1 if wants_more else 99
        for c in legal(hs[player], led):
            rest = list(hs)
            rest[player] = tuple(x for x in hs[player] if x != c)
            v = in_trick(tuple(rest), (player + 1) % 3, played + ((player, c),), alpha, beta)
            if wants_more:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    return trick_start(tuple(tuple(sorted(hands[s])) for s in seats), 0, -1, 99)


# --------------------------------------------------------------------------- positions

SEATINGS = [("NES", 3), ("ESW", 4), ("NSW", 4), ("NEW", 4)]


@st.composite
def endgames(draw, low: int, high: int, talon: bool = False):
    """Three hands of k cards (k in low…high) from a shuffled deck, seats, first hand, declarer, strain."""
    k = draw(st.integers(low, high))
    deck = draw(st.permutations(DECK))
    seats, _ = draw(st.sampled_from(SEATINGS))
    hands = {s: tuple(deck[i * k : (i + 1) * k]) for i, s in enumerate(seats)}
    extra = tuple(deck[3 * k : 3 * k + 2]) if talon else ()
    return (
        hands,
        extra,
        draw(st.sampled_from(seats)),
        draw(st.sampled_from(seats)),
        draw(st.sampled_from(DENOMINATIONS)),
    )


@settings(max_examples=1500, deadline=None)
@given(endgames(1, 4))
def test_small_endgames_agree_with_plain_minimax(case):
    hands, _, declarer, first, strain = case
    assert double_dummy(hands, declarer, first, strain) == reference(hands, declarer, first, strain)


@settings(max_examples=60, deadline=None)
@given(endgames(5, 5))
def test_endgames_of_five_cards_agree_with_plain_minimax(case):
    hands, _, declarer, first, strain = case
    expected = reference(hands, declarer, first, strain)
    assert double_dummy(hands, declarer, first, strain) == expected
    assert slow_reference(hands, declarer, first, strain) == expected  # the references agree, for the tests below


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(endgames(6, 6))
def test_endgames_of_six_cards_agree_with_plain_minimax(case):
    hands, _, declarer, first, strain = case
    assert double_dummy(hands, declarer, first, strain) == reference(hands, declarer, first, strain)


@settings(max_examples=250, deadline=None)
@given(endgames(1, 3, talon=True))
def test_best_discard_agrees_with_an_exhaustive_scan(case):
    hands, talon, declarer, first, strain = case
    if strain == MISERE:
        strain = "БК"
    scan = best_by_scan(hands, talon, declarer, first, strain)
    tricks, discard = solve_game(hands, talon, declarer, first, strain)
    assert tricks == max(scan.values())
    assert scan[frozenset(discard)] == tricks  # the discard given achieves it


@settings(max_examples=250, deadline=None)
@given(endgames(1, 3, talon=True))
def test_misere_verdict_and_count_agree_with_an_exhaustive_scan(case):
    hands, talon, declarer, first, _ = case
    scan = best_by_scan(hands, talon, declarer, first, MISERE)
    m = solve_misere(hands, talon, declarer, first)
    assert m.clean == (min(scan.values()) == 0)
    assert m.verdict == ("clean" if m.clean else "caught")
    assert m.tricks == min(scan.values())
    assert scan[frozenset(m.discard)] == m.tricks
    quick = solve_misere(hands, talon, declarer, first, count=False)
    assert quick.clean == m.clean and (quick.tricks is None) != m.clean


@settings(max_examples=150, deadline=None)
@given(endgames(1, 4, talon=True), st.permutations(STRAINS))
def test_strains_sharing_the_table_of_positions_without_trumps_agree_with_each_alone(case, strains):
    """A declarer's strains share one table of the positions where no trump is left (they play as in
    no trump): solved in any order through it, every strain gives what it gives alone."""
    from prefprint.analysis.solver import _best_game, _talon_position, _trump

    hands, talon, declarer, first, _ = case
    masks, decl = _talon_position(hands, talon, declarer, first)
    plain: dict = {}
    for strain in strains:
        shared = _best_game(masks, decl, 0, _trump(strain), plain)[0]
        assert shared == solve_game(hands, talon, declarer, first, strain)[0], strain
        if len(hands[declarer]) <= 3:
            assert shared == max(best_by_scan(hands, talon, declarer, first, strain).values())


def test_a_whole_deal_analysed_at_once_agrees_with_each_strain_alone(deal, deal_analysis):
    hands = dict(deal.hands)
    for seat in deal_analysis.order:
        for strain in STRAINS:
            assert deal_analysis.tricks[seat][strain] == solve_game(hands, deal.talon, seat, "N", strain)[0]


def test_four_card_discards_and_misere_agree_with_an_exhaustive_scan():
    rng = random.Random(13)
    for _ in range(12):
        deck = rng.sample(DECK, 14)
        hands = {"N": deck[0:4], "E": deck[4:8], "S": deck[8:12]}
        talon, declarer, first = deck[12:14], rng.choice("NES"), rng.choice("NES")
        strain = rng.choice(STRAINS)
        scan = best_by_scan(hands, talon, declarer, first, strain)
        assert solve_game(hands, talon, declarer, first, strain)[0] == max(scan.values())
        scan = best_by_scan(hands, talon, declarer, first, MISERE)
        assert solve_misere(hands, talon, declarer, first).tricks == min(scan.values())


# --------------------------------------------------------------------------- rules by example


def cards(text: str) -> tuple:
    from prefprint.engine.deals import parse_cards

    return parse_cards(text)


def test_a_void_player_holding_a_trump_must_ruff():
    # hearts trumps, S declares and leads ♣В. N has no club and must ruff with ♥10 (E drops ♣К);
    # then N's ♦Т is ruffed by S's ♥7: one trick. Were N free to discard ♦Т, E would win the club,
    # lead ♠Д and N would overruff S: none.
    hands = {"N": cards("♦Т ♥10"), "E": cards("♣К ♠Д"), "S": cards("♥7 ♣В")}
    assert double_dummy(hands, "S", "S", "♥") == 1 == reference(hands, "S", "S", "♥")
    # a trump led must be followed with a trump, and the highest trump wins
    hands = {"N": cards("♠7 ♥Т"), "E": cards("♠8 ♥К"), "S": cards("♠Т ♥7")}
    assert double_dummy(hands, "N", "N", "♠") == 1


def test_the_first_hand_leads_whoever_declares():
    hands = {"N": cards("♠Т"), "E": cards("♠7"), "S": cards("♠8")}
    assert double_dummy(hands, "E", "N", "БК") == 0
    assert double_dummy(hands, "N", "E", "БК") == 1


LONG_SUITS = [
    # N's long spades run once E and S are out; S's clubs and hearts stop them or ruff them
    {"N": "♠Т ♠К ♠8 ♠7 ♣7 ♦8", "E": "♠Д ♠В ♦Т ♦К ♥Т ♥9", "S": "♠10 ♣Т ♣К ♥К ♥7 ♦7"},
    # N's top trumps draw E's and S's before his long clubs; E's long diamonds against them
    {"N": "♥Т ♥К ♥8 ♣Т ♣8 ♣7", "E": "♥Д ♣В ♦Т ♦К ♦Д ♦9", "S": "♥7 ♣К ♣Д ♠Т ♠К ♠Д"},
    # the followers out of the suit only after more rounds than the top cards last
    {"N": "♦Т ♦8 ♦7 ♣Т ♣К ♣9", "E": "♦К ♦Д ♦В ♣7 ♠Т ♠К", "S": "♦10 ♣8 ♥Т ♥К ♥Д ♠7"},
]


@pytest.mark.parametrize("layout", LONG_SUITS)
def test_long_suits_and_drawn_trumps_agree_with_the_reference(layout):
    # the search settles positions by cashing long cards once the others are out of the suit
    # (and trumps drawn first): every seat, first hand and strain against the reference (alpha-beta
    # over every legal card, held to plain minimax on the endgames of five cards; minimax itself
    # takes 14 times as long on these six)
    hands = {s: cards(t) for s, t in layout.items()}
    for declarer in hands:
        for first in hands:
            for strain in DENOMINATIONS:
                assert double_dummy(hands, declarer, first, strain) == slow_reference(hands, declarer, first, strain)


def test_a_misere_declarer_with_the_lowest_cards_is_clean():
    hands = {"N": cards("♠7 ♣7 ♦7"), "E": cards("♠Т ♣Т ♦Т"), "S": cards("♠К ♣К ♦К")}
    assert double_dummy(hands, "N", "E", MISERE) == 0
    assert double_dummy(hands, "E", "N", MISERE) == 3  # the aces must win whatever is led


def test_checks_reject_impossible_positions():
    good = {"N": cards("♠Т"), "E": cards("♠7"), "S": cards("♠8")}
    for hands, declarer, first in [
        ({"N": cards("♠Т"), "E": cards("♠7")}, "N", "N"),
        ({**good, "S": cards("♠Т")}, "N", "N"),
        ({**good, "S": cards("♠8 ♠9")}, "N", "N"),
        (good, "W", "N"),
        (good, "N", "W"),
    ]:
        with pytest.raises(ValueError):
            double_dummy(hands, declarer, first, "♠")
    with pytest.raises(ValueError):
        double_dummy(good, "N", "N", "♤")
    with pytest.raises(ValueError):
        solve_game(good, cards("♠9"), "N", "N", "♠")


# --------------------------------------------------------------------------- whole deals


@pytest.fixture(scope="module")
def deal() -> Deal:
    return generate_deal(20270220, 1, 1, "W", 4)


@pytest.fixture(scope="module")
def deal_analysis(deal):
    return analyse_deal(deal, misere_count=True)


def test_a_deal_is_analysed_for_every_seat_and_strain(deal, deal_analysis):
    a = deal_analysis
    assert a.order == active_seats(4, "W") == ("N", "E", "S") and a.first_hand == "N"
    assert set(a.tricks) == set(a.misere) == set(a.order)
    hands = dict(deal.hands)
    for seat in a.order:
        assert set(a.tricks[seat]) == set(STRAINS)
        for strain, n in a.tricks[seat].items():
            assert 0 <= n <= 10
            discard = a.discards[seat][strain]
            assert len(set(discard)) == 2 and set(discard) <= set(hands[seat]) | set(deal.talon)
            # taking the talon and putting it back is one discard: the best is no worse
            assert n >= double_dummy(hands, seat, "N", strain)
        m = a.misere[seat]
        assert m.clean == (m.tricks == 0) and m.tricks is not None


def test_makeable_gives_the_number_of_a_played_contract(deal_analysis):
    a = deal_analysis
    assert a.makeable("E", "7♥") == a.tricks["E"]["♥"]
    assert a.makeable("E", "6 NT") == a.tricks["E"]["БК"]
    assert a.makeable("N", "мизер") == a.misere["N"].tricks
    assert a.makeable("N", "—") is None  # all-pass has no double-dummy answer
    assert a.makeable("W", "6♠") is None  # the dealer sits out


def test_a_deal_at_a_table_of_three_plays_n_e_s_from_the_marked_first_hand():
    d = generate_deal(5, 2, 1, "E", 3)
    a = analyse_deal(d, [("S", "♠"), ("E", MISERE)], misere_count=False)
    assert a.order == ("E", "S", "N") and set(a.tricks) == {"S"} and set(a.misere) == {"E"}
    hands = dict(d.hands)
    assert a.tricks["S"]["♠"] == solve_game(hands, d.talon, "S", "E", "♠")[0]


@pytest.mark.slow
def test_full_deals_agree_with_a_slow_reference():
    """10-card deals against the slow reference: as dealt, and with the solver's discard."""
    rng = random.Random(3)
    for number, strain in ((1, "♠"), (2, "БК"), (3, "♥"), (4, MISERE)):
        d = generate_deal(20261205, number, 1, "NESW"[number % 4], 4)
        order = active_seats(4, d.dealer)
        hands = dict(d.hands)
        declarer = rng.choice(order)
        assert double_dummy(hands, declarer, order[0], strain) == slow_reference(hands, declarer, order[0], strain)
        if strain == MISERE:
            m = solve_misere(hands, d.talon, declarer, order[0])
            tricks, discard = m.tricks, m.discard
        else:
            tricks, discard = solve_game(hands, d.talon, declarer, order[0], strain)
        kept = dict(hands)
        kept[declarer] = [c for c in list(hands[declarer]) + list(d.talon) if c not in discard]
        assert tricks == slow_reference(kept, declarer, order[0], strain)


# --------------------------------------------------------------------------- event analysis


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny")
    (folder / "tiny.toml").write_text(tiny_event_text(), encoding="utf-8")
    return folder / "tiny.toml"


def requests_of(event):
    return [(d.number, active_seats(3, d.dealer)[1], s) for d in event.deals for s in ("♠", "БК")]


def test_the_cache_answers_a_second_run_without_solving(tiny, tmp_path):
    event = parse_event(tiny.read_text(encoding="utf-8"), tiny)
    asked = requests_of(event)
    first = analysis.analyse(event.deals, asked, folder=tmp_path, jobs=1)
    assert first.solved == len(asked) and first.cached == 0
    stamp = (tmp_path / analysis.CACHE_FILE).stat().st_mtime_ns
    again = analysis.analyse(event.deals, asked, folder=tmp_path, jobs=1)
    assert again.solved == 0 and again.cached == len(asked)
    assert (tmp_path / analysis.CACHE_FILE).stat().st_mtime_ns == stamp  # nothing rewritten
    for n, a in first.deals.items():
        assert again.deals[n].tricks == a.tricks and again.deals[n].discards == a.discards
    # one more strain solves only that; a damaged cache is solved again, not a crash
    more = analysis.analyse(event.deals, asked + [(1, "N", "♥")], folder=tmp_path, jobs=1)
    assert more.solved == 1
    assert more.deals[1].tricks["N"]["♥"] == analyse_deal(event.deal(1), [("N", "♥")]).tricks["N"]["♥"]
    (tmp_path / analysis.CACHE_FILE).write_text("{not json", encoding="utf-8")
    assert analysis.analyse(event.deals, asked, folder=tmp_path, jobs=1).solved == len(asked)
    assert json.loads((tmp_path / analysis.CACHE_FILE).read_text(encoding="utf-8"))["version"] == analysis.CACHE_VERSION
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("jobs", [1, 2])
def test_deals_solved_in_the_background_come_with_the_calls_that_follow(tmp_path, jobs):
    """The scoring server's live site: each publish takes the deals solved since the last, at once."""
    deals = [generate_deal(11, n, 1, "NE"[n % 2], 3) for n in range(1, 5)]
    assert len({analysis.deal_digest(d) for d in deals}) == 4
    asked = [(d.number, active_seats(3, d.dealer)[1], s) for d in deals for s in ("♠", "БК")]
    whole = analysis.analyse(deals, asked, jobs=1)
    seat = asked[-1][1]
    folder = tmp_path / "cache"
    folder.mkdir()
    analysis.analyse(deals[-1:], [(4, seat, "♠")], folder=folder, jobs=1)  # the cache holds a part of deal 4

    background = analysis.Background(jobs)
    try:
        first = analysis.analyse(deals, asked, folder=folder, background=background)
        assert first.unsolved == [1, 2, 3, 4] and first.solved == 0 and first.cached == 1  # handed over, not waited for
        assert first.deals == {4: first.deals[4]} and first.deals[4].tricks == {
            seat: {"♠": whole.deals[4].tricks[seat]["♠"]}
        }
        assert len(background.running) == 4
        deadline = time.monotonic() + 60
        while not all(f.done() for f in background.running.values()) and time.monotonic() < deadline:
            time.sleep(0.05)
        # a publish that takes them and then fails: its staged folder (a copy of the cache) is thrown away
        shutil.copytree(folder, tmp_path / "lost")
        lost = analysis.analyse(deals, asked, folder=tmp_path / "lost", background=background)
        assert lost.unsolved == [] and lost.solved == len(asked) - 1
        again = analysis.analyse(deals, asked, folder=folder, background=background)  # the next one has them
        assert again.unsolved == [] and again.solved == len(asked) - 1
        tail = analysis.analyse(deals, asked, folder=folder, background=background)
        assert tail.solved == 0 and tail.cached == len(asked) and not background.running  # asked no more
    finally:
        background.stop()
    final = analysis.analyse(deals, asked, folder=folder, jobs=1)
    assert final.solved == 0 and final.unsolved == [] and final.cached == len(asked)
    assert {n: a.tricks for n, a in final.deals.items()} == {n: a.tricks for n, a in whole.deals.items()}


def test_a_deal_that_fails_in_the_background_raises_and_stopping_ends_the_processes(tiny):
    import multiprocessing

    event = parse_event(tiny.read_text(encoding="utf-8"), tiny)
    d = event.deals[0]
    broken = Deal(d.number, d.set, d.dealer, d.table_size, tuple((s, h[:9] + h[:1]) for s, h in d.hands), d.talon)
    background = analysis.Background(1)
    try:
        analysis.analyse([broken], background=background)
        deadline = time.monotonic() + 20
        with pytest.raises(ValueError, match="twice"):
            while time.monotonic() < deadline:
                analysis.analyse([broken], background=background)
                time.sleep(0.05)
    finally:
        background.stop()
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


def test_a_changed_deal_is_solved_again(tiny, tmp_path):
    event = parse_event(tiny.read_text(encoding="utf-8"), tiny)
    asked = requests_of(event)
    analysis.analyse(event.deals, asked, folder=tmp_path, jobs=1)
    d = event.deals[0]
    swapped = Deal(d.number, d.set, d.dealer, d.table_size, d.hands, d.talon[::-1])  # same cards: same digest
    other = generate_deal(99, d.number, d.set, d.dealer, d.table_size)
    assert analysis.deal_digest(swapped) == analysis.deal_digest(d) != analysis.deal_digest(other)
    run = analysis.analyse([other] + list(event.deals[1:]), asked, folder=tmp_path, jobs=1)
    assert run.solved == 2 and run.cached == len(asked) - 2


def test_deals_without_a_layout_are_skipped(tmp_path):
    from prefprint.views.analysis_text import analysis_text, to_json

    text = tiny_event_text('source = "table"\n').replace("seed = 7\n", "")
    event = parse_event(text, tmp_path / "t.toml")
    result = analysis.analyse(event.deals, folder=tmp_path, jobs=1)
    assert result.deals == {} and result.skipped == [d.number for d in event.deals] and result.solved == 0
    data = to_json(event.deals, result)
    assert data["deals"] == [] and data["skipped"] == [{"deal": n, "session": 1} for n in result.skipped]
    assert "no deal with a known layout" in analysis_text("T", event.deals, result, "en")


def test_a_request_for_a_seat_that_does_not_play_is_refused(tiny):
    event = parse_event(tiny.read_text(encoding="utf-8"), tiny)
    with pytest.raises(ValueError, match="W does not play"):
        analysis.analyse(event.deals, [(1, "W", "♠")], jobs=1)
    with pytest.raises(ValueError, match="strain"):
        analysis.analyse(event.deals, [(1, "N", "7♠")], jobs=1)


def test_played_requests_come_once_per_contract_without_all_pass():
    outcomes = [
        (1, Outcome.make(4, "W", "7♠", "N", {}, {"E": "pass", "S": "pass"})),
        (1, Outcome.make(4, "W", "7♠", "N", {}, {"E": "pass", "S": "pass"})),
        (1, Outcome.make(4, "W", "мизер", "E", {"E": 0})),
        (2, Outcome.make(4, "W", "—", None, {"N": 4, "E": 3, "S": 3})),
    ]
    assert analysis.played_requests(outcomes) == [(1, "N", "♠"), (1, "E", MISERE)]


def test_workers_stop_when_a_deal_fails(tiny):
    event = parse_event(tiny.read_text(encoding="utf-8"), tiny)
    d = event.deals[0]
    broken = Deal(
        d.number, d.set, d.dealer, d.table_size, tuple((s, h[:9] + h[:1]) for s, h in d.hands), d.talon
    )  # a card twice
    t = time.perf_counter()
    with pytest.raises(ValueError):
        analysis.analyse([broken] + list(event.deals[1:]), jobs=2)
    assert time.perf_counter() - t < 20


def test_an_interrupt_stops_every_worker_at_once():
    import multiprocessing

    quick, slow = (generate_deal(20270220, n, 1, "NESW"[n % 4], 4) for n in (1, 4))
    asked = [(1, active_seats(4, quick.dealer)[0], "♠")]
    asked += [(4, seat, what) for seat in active_seats(4, slow.dealer) for what in DENOMINATIONS]

    def interrupt(done, total):
        if done:
            raise KeyboardInterrupt  # as Ctrl-C would, while the other worker is deep in deal 4

    before = set(multiprocessing.active_children())  # workers of other tests, still being reaped, are theirs
    t = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        analysis.analyse([quick, slow], asked, jobs=2, progress=interrupt, misere_count=True)
    # every worker is gone within the 2.5 s (a worker left on deal 4 would still be solving it then); on a busy
    # machine the last one may take a moment longer to be reaped than the pool waits for it
    while set(multiprocessing.active_children()) - before and time.perf_counter() - t < 2.5:
        time.sleep(0.05)
    assert not set(multiprocessing.active_children()) - before
    assert time.perf_counter() - t < 2.5  # deal 4 alone takes longer than that


# --------------------------------------------------------------------------- JSON and the command


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def tiny_json(tiny):
    result = run("analyse", str(tiny), "--json", "-o", str(tiny.parent / "out"), "--jobs", "2")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_has_the_shape_of_the_issue(tiny, tiny_json):
    event = parse_event(tiny.read_text(encoding="utf-8"), tiny)
    assert [d["deal"] for d in tiny_json["deals"]] == [d.number for d in event.deals]
    assert tiny_json["skipped"] == [] and "no double-dummy answer" in tiny_json["allpass"]
    valid = {card_text(c) for c in DECK}
    for entry, d in zip(tiny_json["deals"], event.deals):
        assert entry["dealer"] == d.dealer and entry["first_hand"] == active_seats(3, d.dealer)[0]
        assert list(entry["hands"]) == ["N", "E", "S", "talon"]
        shown = [c for cs in entry["hands"].values() for c in cs]
        assert len(shown) == 32 and set(shown) == valid
        assert entry["hands"]["talon"] == [card_text(c) for c in d.talon]  # top first
        for key in ("tricks", "misere", "misere_tricks", "discards"):
            assert list(entry[key]) == ["N", "E", "S"]
        for seat in "NES":
            assert list(entry["tricks"][seat]) == list(STRAINS)
            assert all(isinstance(n, int) and 0 <= n <= 10 for n in entry["tricks"][seat].values())
            assert entry["misere"][seat] in ("clean", "caught")
            assert (entry["misere_tricks"][seat] == 0) == (entry["misere"][seat] == "clean")
            assert list(entry["discards"][seat]) == list(DENOMINATIONS)
            for strain in STRAINS:
                pair = entry["discards"][seat][strain]
                assert len(pair) == 2 and set(pair) <= set(entry["hands"][seat]) | set(entry["hands"]["talon"])


def test_text_table_in_russian_and_english(tiny, tiny_json):
    out = str(tiny.parent / "out")
    ru = run("analyse", str(tiny), "-o", out)
    assert ru.exit_code == 0 and "Сдача 1 · первая рука N" in ru.output and "БК" in ru.output
    assert "Распасы двойным болваном не решаются" in ru.output
    en = run("analyse", str(tiny), "-o", out, "--lang", "en")
    assert en.exit_code == 0 and "Deal 1 · first hand N" in en.output and "NT" in en.output
    first = tiny_json["deals"][0]
    row = next(line for line in en.output.splitlines() if line.strip().startswith("N "))
    assert row.split()[1:6] == [str(first["tricks"]["N"][s]) for s in STRAINS]


def test_the_command_says_in_one_line_which_solver_it_used(tiny, monkeypatch):
    """On stderr, so that the JSON on stdout stays whole."""
    from prefprint.analysis import jit

    modes = [(False, "Solver: plain Python", "Решатель: на чистом Python")]
    if importlib.util.find_spec("numba"):
        modes.append((True, "Solver: compiled (numba)", "Решатель: скомпилированный (numba)"))
    for compiled, en, ru in modes:
        monkeypatch.setattr(jit, "COMPILED", compiled)
        result = run("analyse", str(tiny), "--no-cache", "--json", "--lang", "en")
        assert result.exit_code == 0 and json.loads(result.stdout)["deals"]
        assert [line for line in result.stderr.splitlines() if line.startswith("Solver")] == [result.stderr.strip()]
        assert result.stderr.startswith(en)
        assert ru in run("analyse", str(tiny), "--no-cache").stderr


def test_every_session_is_analysed_or_the_one_asked(tmp_path):
    text = tiny_event_text()
    head, players = text.split("[[players]]", 1)
    head = head.replace("[deals]\nseed = 7\n", "")
    prepared = head[head.index("[[deals.prepared]]") :].replace("[[deals.prepared]]", "[[sessions.deals.prepared]]")
    head = head[: head.index("[[deals.prepared]]")]
    spec = tmp_path / "cup.toml"
    spec.write_text(
        head
        + '[[sessions]]\ntitle = "Утро"\nrounds = 2\n[sessions.deals]\nseed = 7\n'
        + prepared
        + '[[sessions]]\ntitle = "Вечер"\nrounds = 2\n[sessions.deals]\nsource = "table"\n'
        + "[[players]]"
        + players,
        encoding="utf-8",
    )
    both = run("analyse", str(spec), "--json", "-o", str(tmp_path / "out"))
    assert both.exit_code == 0, both.output
    data = json.loads(both.stdout)
    assert [(d["session"], d["deal"]) for d in data["deals"]] == [(1, n) for n in range(1, 5)]
    assert data["skipped"] == [{"deal": n, "session": 2} for n in range(1, 5)]
    text = run("analyse", str(spec), "-o", str(tmp_path / "out"))
    assert "Tiny, Утро" in text.output and "Tiny, Вечер" in text.output
    second = json.loads(run("analyse", str(spec), "--json", "--session", "2", "--no-cache").stdout)
    assert second["deals"] == [] and len(second["skipped"]) == 4
    assert run("analyse", str(spec), "--session", "3").exit_code == 2


def test_an_unwritable_cache_is_a_warning_not_a_failure(tiny, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = CliRunner().invoke(cli, ["analyse", str(tiny), "-o", str(blocker / "out"), "--lang", "en"])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert "Warning: the analysis cache was not written" in result.output and "Deal 1" in result.output


def test_bad_arguments_exit_with_code_2(tiny, tmp_path):
    assert run("analyse", str(tmp_path / "missing.toml")).exit_code == 2
    assert run("analyse", str(tiny), "--jobs", "-1").exit_code == 2
    bad = tmp_path / "bad.toml"
    bad.write_text("[event]\ntitle = 5\n", encoding="utf-8")
    result = run("analyse", str(bad))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert run("analyse", "--help").exit_code == 0
