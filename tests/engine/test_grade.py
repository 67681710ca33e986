"""The grade: expected percentage against the field, performance, a weight that halves every H deals."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from prefprint.engine.grade import Grade, Settings, expected, grades, performance, update


def test_the_worked_example_of_docs_season_md():
    """docs/season.md: a player of grade 50 (weight 100) on an evening of two deals."""
    g = {"A": Grade(50, 100), "B": Grade(56, 100), "C": Grade(44, 100), "D": Grade(52, 100), "E": Grade(48, 100)}
    deal1 = [("A", F(1)), ("B", F(1, 2)), ("C", F(0))]
    deal2 = [("A", F(1, 2)), ("D", F(1)), ("E", F(0))]
    update(g, "e1", [deal1, deal2], Settings(half_life=300))
    step = g["A"].history[-1]
    assert (step.expected, step.scored) == (50.0, 75.0)
    assert round(g["A"].weight, 3) == 101.539
    assert round(g["A"].value, 2) == 50.49
    assert round(g["B"].value, 2) == 55.91 and g["B"].history[-1].expected == 59.0
    assert g["A"].deals == 2 and g["B"].deals == 1


def test_expected_and_performance_are_inverse():
    assert expected(55, [50, 45]) == 57.5
    assert performance(57.5, [50, 45]) == 55


def test_a_newcomer_starts_at_the_start_value_and_is_provisional():
    s = Settings(start=45, prior=24, provisional_below=120)
    out = grades([("e1", [[("a", F(1, 2)), ("b", F(1, 2))]])], s)
    assert out["a"].history[0].before == 45
    assert abs(out["a"].value - 45) < 1e-9  # 50 % against a newcomer of 45 shows a grade of 45
    assert abs(out["a"].weight - (24 * 2 ** (-1 / 300) + 1)) < 1e-9
    assert out["a"].provisional(s)


def test_a_line_of_one_compares_nobody():
    assert grades([("e1", [[("a", F(1))]])]) == {}


def test_the_weight_halves_every_h_deals():
    s = Settings(half_life=10, start=50, prior=0)
    out = {"a": Grade(80.0, 10.0), "b": Grade(50.0, 1e9)}
    update(out, "e", [[("a", F(1, 2)), ("b", F(1, 2))]] * 10, s)  # ten deals at exactly the grade of 50
    assert abs(out["a"].weight - (10 * 0.5 + 10)) < 1e-9
    assert abs(out["a"].value - (80 * 5 + 50 * 10) / 15) < 1e-9


@given(st.lists(st.lists(st.fractions(0, 1), min_size=2, max_size=6), min_size=1, max_size=20))
def test_an_evening_moves_no_grade_beyond_its_performances(lines):
    comparisons = [[(f"p{i}", r) for i, r in enumerate(line)] for line in lines]
    out = grades([("e1", comparisons)], Settings(start=50))
    for grade in out.values():
        step = grade.history[-1]
        assert 0 <= step.scored <= 100
        assert -50 <= grade.value <= 150
        assert grade.deals == sum(1 for line in comparisons for p, _ in line if p == grade_name(out, grade))


def grade_name(out, grade):
    return next(k for k, v in out.items() if v is grade)
