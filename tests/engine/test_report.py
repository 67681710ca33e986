"""The report types sit in the engine, where the views read them; the checks and the app hand out the same ones."""

from __future__ import annotations

from fractions import Fraction

from prefprint.engine.matchpoints import Standing
from prefprint.engine.report import Checked, CompetitionReport, DealResult, Report, Result, SessionTotal


def test_the_old_faces_hand_out_the_engines_types():
    import prefprint.app.competition as competition
    import prefprint.app.results as results
    import prefprint.checks as checks

    assert (checks.Checked, checks.DealResult, checks.Result) == (Checked, DealResult, Result)
    assert results.Report is Report and "Report" in results.__all__
    assert (competition.CompetitionReport, competition.SessionTotal) == (CompetitionReport, SessionTotal)


def test_checked_unpacks_into_deals_problems_warnings():
    deal = DealResult(1, "played", [Result(1, 1, 1, 4, None, {"N": 1}, {"N": Fraction(5)})])
    deals, problems, warnings = Checked([deal], ["p"], ["w"])
    assert (deals, problems, warnings) == ([deal], ["p"], ["w"])


def test_a_competition_reports_sessions_are_its_reports_events():
    first, second = object(), object()
    reports = [Report(first, [], [], [], {}), Report(second, [], [], [], {})]
    comp = CompetitionReport(None, reports, [Standing("1", 7, 3, 4, 2)])
    assert comp.sessions == [first, second]


def test_a_session_total_is_a_share_of_its_maximum():
    total = SessionTotal(2, Fraction(3, 2), 4, digits=1)
    assert total.ratio == Fraction(3, 8) and total.percent_text == "37.5"
