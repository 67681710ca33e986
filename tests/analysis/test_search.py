"""The searches (prefprint/analysis/search.py) run both ways, compiled (the `fast` extra) and plain: every answer the same.

Without numba these tests skip; CI installs it with the test extra. The solver's tests in
test_solver.py run in the process's mode (compiled where numba is installed); those of them that
solve positions run here again in the other mode, so that both modes meet every one of them.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from test_solver import (  # noqa: F401  (collected here again, in the other mode)
    deal,
    deal_analysis,
    endgames,
    test_a_deal_at_a_table_of_three_plays_n_e_s_from_the_marked_first_hand,
    test_a_deal_is_analysed_for_every_seat_and_strain,
    test_a_misere_declarer_with_the_lowest_cards_is_clean,
    test_a_void_player_holding_a_trump_must_ruff,
    test_a_whole_deal_analysed_at_once_agrees_with_each_strain_alone,
    test_best_discard_agrees_with_an_exhaustive_scan,
    test_endgames_of_five_cards_agree_with_plain_minimax,
    test_four_card_discards_and_misere_agree_with_an_exhaustive_scan,
    test_full_deals_agree_with_a_slow_reference,
    test_long_suits_and_drawn_trumps_agree_with_the_reference,
    test_makeable_gives_the_number_of_a_played_contract,
    test_misere_verdict_and_count_agree_with_an_exhaustive_scan,
    test_small_endgames_agree_with_plain_minimax,
    test_strains_sharing_the_table_of_positions_without_trumps_agree_with_each_alone,
    test_the_first_hand_leads_whoever_declares,
)

from prefprint.analysis import jit, solver
from prefprint.engine.deals import generate_deal

ROOT = Path(__file__).resolve().parents[2]
NUMBA = importlib.util.find_spec("numba") is not None
pytestmark = pytest.mark.skipif(not NUMBA, reason="numba is not installed (the fast extra)")


@pytest.fixture(scope="module", autouse=True)
def other_mode():
    """The solver's tests imported above run in the mode test_solver.py does not run them in."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(jit, "COMPILED", not jit.COMPILED)
        yield


def in_modes(solve, *args):
    """solve(*args) by the solver's own search and by the compiled one."""
    out = []
    for compiled in (False, True):
        with pytest.MonkeyPatch.context() as m:
            m.setattr(jit, "COMPILED", compiled)
            out.append(solve(*args))
    return out


def test_the_searches_are_compiled_one_way_and_plain_the_other():
    with pytest.MonkeyPatch.context() as m:
        m.setattr(jit, "COMPILED", True)
        assert solver.load_searches()
    compiled, plain = jit.searches(True), jit.searches(False)
    assert compiled.game.signatures and compiled.misere.signatures  # numba's dispatchers, given their signatures
    assert compiled.__file__ == plain.__file__
    for name in ("game", "misere", "discard_keys", "_key"):  # one source: the compiled function is the plain one's code
        assert getattr(compiled, name).py_func.__code__.co_code == getattr(plain, name).__code__.co_code
    assert plain.new_memo() == ({}, 0) and isinstance(plain.LOOKUPS, tuple)


@pytest.mark.parametrize("seed, dealer, table_size", [(7, "E", 4), (11, "S", 3), (20270220, "W", 4)])
def test_whole_deals_agree_in_both_modes(seed, dealer, table_size):
    """Every declarer, strain, discard and misère count of a random deal: the same in both modes."""
    d = generate_deal(seed, seed % 9 + 1, 1, dealer, table_size)
    plain, compiled = in_modes(solver.analyse_deal, d, None, True)
    assert plain.tricks == compiled.tricks and plain.misere == compiled.misere
    # a discard may differ when two are as good: each mode's discard must achieve the tricks it gives
    hands = dict(d.hands)
    for seat, strains in compiled.discards.items():
        for strain, gone in strains.items():
            if strain == solver.MISERE or gone is None:
                continue
            kept = dict(hands)
            kept[seat] = [c for c in list(hands[seat]) + list(d.talon) if c not in gone]
            assert solver.double_dummy(kept, seat, compiled.first_hand, strain) == compiled.tricks[seat][strain]


@settings(max_examples=300, deadline=None)
@given(endgames(1, 7))
def test_endgames_agree_in_both_modes(case):
    hands, _, declarer, first, strain = case
    plain, compiled = in_modes(solver.double_dummy, hands, declarer, first, strain)
    assert plain == compiled


@settings(max_examples=150, deadline=None)
@given(endgames(1, 6, talon=True))
def test_discards_and_misere_counts_agree_in_both_modes(case):
    hands, talon, declarer, first, strain = case
    if strain == solver.MISERE:
        plain, compiled = in_modes(solver.solve_misere, hands, talon, declarer, first)
        assert (plain.clean, plain.tricks) == (compiled.clean, compiled.tricks)
    else:
        plain, compiled = in_modes(solver.solve_game, hands, talon, declarer, first, strain)
        assert plain[0] == compiled[0]


def test_the_compiled_search_counts_its_positions():
    hands = {"N": [(0, 7), (1, 0)], "E": [(0, 0), (2, 5)], "S": [(3, 3), (1, 6)]}
    with pytest.MonkeyPatch.context() as m:
        m.setattr(jit, "COMPILED", True)
        s = solver._Solver(0, 0)
        s.value(solver._position(hands, "N", "N")[0], 0)
        assert s.nodes > 0


CHILD = """
import sys, time
start = time.perf_counter()
from prefprint.analysis import solver
assert solver.load_searches()
loaded = time.perf_counter() - start
from prefprint.engine.deals import generate_deal
a = solver.analyse_deal(generate_deal(3, 1, 1, "N", 4), misere_count=True)
print(loaded, sorted((s, sorted(t.items())) for s, t in a.tricks.items()), sorted((s, m.tricks) for s, m in a.misere.items()))
"""


def test_a_second_process_loads_the_compiled_search_from_the_cache(tmp_path):
    """The first process compiles and writes numba's cache; a second loads it and solves the same (numba
    issue 6061: a recursive function cached without its signature crashed every process after the first)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("PREFPRINT_NO_JIT", None)
    runs = []
    for _ in range(2):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        runs.append((time.perf_counter() - started, done.stdout.split(" ", 1)))
    assert list(tmp_path.rglob("*.nbi")) and list(tmp_path.rglob("*.nbc"))  # the cache's index and code
    (_, (compiling, first)), (_, (loading, second)) = runs
    assert first == second
    assert float(loading) < float(compiling) / 2  # loaded, not compiled again


def test_prefprint_no_jit_keeps_the_plain_search(tmp_path):
    env = dict(os.environ, PREFPRINT_NO_JIT="1", PYTHONPATH=str(ROOT))
    code = "import sys; from prefprint.analysis import jit, solver; print(jit.COMPILED, solver.load_searches(), 'numba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False", "False", "False"], done.stderr
    assert jit.compiling() or jit.njit("b1(i8)")(len) is len  # no decorator at all in the plain mode


def test_without_a_folder_for_the_cache_the_search_is_compiled_all_the_same(monkeypatch):
    """numba refuses cache=True when neither NUMBA_CACHE_DIR, the package's folder nor the user's cache
    folder can be written: the shim compiles without the cache then, instead of failing the analysis."""
    import numba

    njit, asked = numba.njit, []

    def refusing(*args, **kwargs):
        asked.append(kwargs.get("cache", False))
        if kwargs.get("cache"):
            raise RuntimeError("cannot cache function 'f': no locator available for file 'f.py'")
        return njit(*args, **kwargs)

    monkeypatch.setattr(jit, "_loading", True)  # as while searches(True) loads the module
    monkeypatch.setattr(numba, "njit", refusing)

    @jit.njit("i8(i8)")
    def twice(x):
        return 2 * x

    assert asked[:2] == [True, False]  # refused with the cache, then compiled without (numba calls it too)
    assert twice(21) == 42 and twice.signatures
