"""A results folder whole: the site, then results.pdf and results.xlsx, of a session or a competition."""

from __future__ import annotations

from pathlib import Path

from prefprint.app.publish.pdf import publish_competition_pdf, publish_pdf
from prefprint.app.publish.site import publish_competition_site, publish_site
from prefprint.engine.report import CompetitionReport, Report


def publish(
    report: Report,
    folder: Path,
    jobs: int | None = None,
    comp: dict | None = None,
    pdf: bool = True,
    previous=None,
    root: Path | None = None,
) -> list[Path]:
    """index.html, deals/, players/, tables/, results.pdf and results.xlsx in a folder (`comp`: of a
    competition's session, its pages linked to the overall ranking one folder up). `pdf`: False leaves
    results.pdf out. `previous` (io.outdir.Previous of the folder `root` replaces): unchanged files
    hard-linked, unchanged parts of the PDF not rendered again."""
    written = publish_site(report, folder, comp, previous, root, workbook=not pdf, downloads=downloads_of(pdf))
    if pdf:
        written += publish_pdf(report, folder, jobs, comp, previous, root)
    return written


def downloads_of(pdf: bool = True, spreadsheet: bool = True) -> tuple[str, ...]:
    """The files a results folder has beside its site, which its ranking links to."""
    return ("results.pdf",) * pdf + ("results.xlsx",) * spreadsheet


def publish_competition(
    report: CompetitionReport,
    folder: Path,
    jobs: int | None = None,
    pdf: bool = True,
    previous=None,
    root: Path | None = None,
) -> list[Path]:
    """The overall ranking (index.html, results.pdf, results.xlsx) and each session's site in session-N/."""
    written = publish_competition_site(report, folder, previous, root, workbook=not pdf, downloads=downloads_of(pdf))
    if pdf:
        written += publish_competition_pdf(report, folder, jobs, previous, root)
    return written
