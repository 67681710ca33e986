"""results.json: the event, its players and every row as scored, beside the site, for a club's season to read."""

from __future__ import annotations

import json
from pathlib import Path

from prefprint.engine.report import CompetitionReport
from prefprint.io.layout import RESULTS_JSON
from prefprint.io.outdir import write_atomic
from prefprint.views.results_json import results_document


def publish_results_json(report: CompetitionReport, folder: Path, previous=None) -> Path:
    """Write results.json of a competition report (one session or several) into the results folder."""
    text = json.dumps(results_document(report), ensure_ascii=False, indent=1) + "\n"
    path = Path(folder) / RESULTS_JSON
    return previous.write(folder, path, text) if previous is not None else write_atomic(path, text)
