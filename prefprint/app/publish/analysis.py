"""Double-dummy analysis for the results pages: the deals of each report solved, or taken from the cache."""

from __future__ import annotations

from pathlib import Path

from prefprint.analysis import makeable
from prefprint.engine.report import Report
from prefprint.views.report_state import row_status
from prefprint.words.messages import Message


def analyse_reports(
    reports: list[Report],
    folder: Path,
    staging: Path,
    wanted: bool = True,
    jobs: int | None = None,
    progress=None,
    background=None,
) -> None:
    """Carry the analysis cache into the staged folder and (if wanted) analyse each report's deals.

    The whole table of every deal and the contracts played are solved where the cache (the kit's,
    or `prefprint analyse`'s, in the folder around the results) does not hold them. Every session
    of a competition shares the one cache at the top of the folder. `background` (analysis.workers.Background):
    solved there while the pages are published with what is solved so far (the scoring server's live
    site); the deals left carry what the cache holds (`analysis.unsolved`).
    """
    makeable.carry_cache(makeable.cache_sources(folder), staging)
    if not wanted:
        return
    say = progress or (lambda msg: None)
    for report in reports:
        event = report.event
        outcomes = [
            (d.number, r.outcome)
            for d in report.deals
            for r in d.results
            if r.outcome is not None and row_status(r) == "played"
        ]
        requests = makeable.results_requests(event.deals, outcomes)
        if len(reports) > 1:
            say(Message("makeable.session", n=event.session))
        report.analysis = makeable.solve(event.deals, staging, requests, jobs, say, background)
