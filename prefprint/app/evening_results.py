"""A desk evening's results, published in one go: the evening's results (`prefprint results`), then the club's
season (`prefprint season`), then the season's site sent to the club's web host where club.toml says where.

The results are what `prefprint results evenings/<id>.toml output/<id>/protocols.xlsx` publishes from the club's
folder into output/<id>/results/, with `--rulings evenings/<id>.rulings.toml` when the desk has written that file,
and `--provisional` while rows are missing: provisional results until every row is in, then the final ones (the
pipeline's final_when_complete). The season is `prefprint season club.toml` into output/<club file stem>/, and
`--publish` when club.toml has [publish] upload. A failed results run publishes nothing (the pipeline swaps
folders in whole); the season or the upload failing is said, the evening's results stay published.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from prefprint.app.club_files import OUTPUT, ClubFolder
from prefprint.app.evenings import kit_workbooks, output_folder, spec_path
from prefprint.app.kit import analysis_wanted
from prefprint.app.results import Options, run
from prefprint.app.rulings_file import rulings_path
from prefprint.engine.report import Report
from prefprint.engine.rulings import load_rulings
from prefprint.errors import PrefprintError
from prefprint.io.layout import RESULTS
from prefprint.io.spec import load_competition
from prefprint.words.messages import Message


@dataclass
class Published:
    """What publishing an evening's results did."""

    results: Path  # the results' folder
    provisional: bool  # rows are missing: provisional results
    missing: int  # the rows not entered yet
    pending: list  # the deals not begun, by session: [(session, [deals])]
    season: Path | None = None  # the season's site, when it was made
    uploaded: Message | None = None  # what the upload of the season's site did
    warnings: list = field(default_factory=list)  # Messages: the results', the season's, why either step failed


def rows_missing(report: Report) -> int:
    """The rows of the session not entered yet: every row of a deal not begun, the rest of a deal begun."""
    event = report.event
    begun = sum(of - rows for rows, of in report.partial.values())
    return begun + sum(len(event.rows_of(event.deal(d))) for d in report.pending)


def season_folder(desk: ClubFolder) -> Path:
    """Where `prefprint season club.toml` run in the club's folder publishes: output/<club file stem>/."""
    return desk.folder / OUTPUT / desk.club_file.stem


def publish_evening(desk: ClubFolder, evening: str, read_sources: Callable | None = None, progress=None) -> Published:
    """The evening's results published, then the season's site made and uploaded (see the module).

    `read_sources(competition, workbooks)` -> (what was entered for each session, Messages said): the kit's
    workbook with its scoring database's rows merged (server.exports.entered_sources, as `prefprint results`
    reads it); None reads the workbooks as they are."""
    say = progress or (lambda message: None)
    spec = spec_path(desk, evening)
    competition = load_competition(spec)
    workbooks = kit_workbooks(desk, evening, competition)
    absent = [w for w in workbooks if not w.is_file()]
    if absent:
        raise PrefprintError(Message("desk.results_no_kit", path=str(absent[0].relative_to(desk.folder))))
    extra = rulings_path(desk, evening)
    extra = extra if extra.is_file() else None
    rulings = {e.session: load_rulings(spec, e, extra) for e in competition.sessions}
    sources, said = read_sources(competition, workbooks) if read_sources else (workbooks, [])
    for message in said:
        say(message)
    folder = output_folder(desk, evening) / RESULTS
    options = Options(
        rulings_of=lambda e: rulings[e.session],
        provisional=True,
        final_when_complete=True,
        inputs=(extra,),
        analysis=analysis_wanted(competition),
        progress=say,
        site_ready=lambda path: say(Message("results.site_ready", path=str(path))),
    )
    report = run(competition, sources, folder, options)
    done = Published(
        folder,
        any(r.provisional for r in report.reports),
        sum(rows_missing(r) for r in report.reports),
        [(r.event.session, list(r.pending)) for r in report.reports if r.pending],
        warnings=[*competition.warnings, *report.warnings],
    )
    publish_season(desk, done, say)
    return done


def publish_season(desk: ClubFolder, done: Published, say) -> None:
    """The club's season made into its folder and, where club.toml has [publish] upload, uploaded; what failed
    said in `done.warnings` (the evening's results are published whatever happens here)."""
    from prefprint.app import season
    from prefprint.app.upload import publish_site, read_site, sync_message
    from prefprint.io.club import load_club

    lang = desk.language()
    say(Message("desk.season_making"))
    try:
        club = load_club(desk.club_file)
        report = season.run(club, season_folder(desk))
    except PrefprintError as e:
        done.warnings.append(Message("desk.season_failed", error=e.text(lang)))
        return
    done.season = season_folder(desk)
    done.warnings += report.warnings
    if not club.upload:
        return
    say(Message("desk.season_uploading"))
    try:
        done.uploaded = sync_message(publish_site(read_site(club.path), done.season))
    except PrefprintError as e:
        done.warnings.append(Message("desk.upload_failed", error=e.text(lang)))
