"""results.xlsx: the workbook of a session's or a competition's results."""

from __future__ import annotations

from pathlib import Path

from prefprint.engine.report import CompetitionReport, Report
from prefprint.views.report_state import report_state
from prefprint.views.results_pages import competition_context


def publish_workbook(report: Report, folder: Path) -> list[Path]:
    """A session's results.xlsx in the folder."""
    from prefprint.io.workbook import write_results_workbook

    return [write_results_workbook(report, Path(folder) / "results.xlsx", report_state(report)["text"])]


def publish_competition_workbook(report: CompetitionReport, folder: Path, ctx: dict | None = None) -> list[Path]:
    """A competition's results.xlsx in the folder: the overall ranking and every session's (`ctx`: competition_context)."""
    from prefprint.io.workbook import write_competition_workbook

    ctx = ctx or competition_context(report)
    notes = {r.event.session: report_state(r)["text"] for r in report.reports}
    return [write_competition_workbook(report, Path(folder) / "results.xlsx", ctx["state"]["text"], notes)]
