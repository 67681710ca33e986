"""After play: read the filled protocols, check them, matchpoint, rank and publish.

One pipeline for the command line, the scoring server, the tests and the benchmarks: `run` takes a
competition (a single session is a competition of one session) and what was entered for each session in
session order: a filled workbook, or the rows a scoring server stored, both read into one model
(engine.entries.Entries). Each workbook is identified (competition.identify), what was entered read
(io.workbook.read_entries) and its layouts taken (competition.with_layouts), then `check_workbook`
(prefprint.checks: every row against the movement and the scoring engine, rulings applied) → `score`
(matchpoints, totals, ranking) → one ranking over every session (competition.combine) → `publish`. `ranking_json` is what `prefprint results --json` prints.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import pickle
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from prefprint.app.competition import CompetitionReport, combine, identify, with_layouts
from prefprint.app.memo import Memo
from prefprint.app.publish import (
    analyse_reports,
    downloads_of,
    publish_competition_pdf,
    publish_competition_site,
    publish_indexes,
    publish_pdf,
    publish_results_json,
    publish_site,
)
from prefprint.checks import Checked, check_workbook
from prefprint.engine.entries import Entries
from prefprint.engine.matchpoints import Standing, matchpoint, rank
from prefprint.engine.model import Competition, Event
from prefprint.engine.report import Report
from prefprint.engine.rulings import Rulings
from prefprint.errors import Interrupted, WorkbookError, WorkbooksError
from prefprint.io.outdir import OutputFolder, Previous
from prefprint.io.workbook import read_entries
from prefprint.views.results_json import partial_json, ranking_json
from prefprint.words.messages import Message

# --------------------------------------------------------------------------- scoring


def _exact(x):
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else x


def score(event: Event, deals: list, applied: list = (), factoring: str = "plain") -> tuple[list[Standing], dict]:
    """Matchpoint every played deal per line, total per player (rulings counted) and rank.

    plain (the seed): top 2·(n−1) over the n results of the line; neuberg: results scaled to the
    full field of N tables, (mp + 1)·N/n − 1, top 2·(N−1). An adjusted seat gets its percentage of
    the top of its line.
    """
    totals: dict[int, list] = {p.number: [0, 0, 0] for p in event.players}
    per_player: dict[int, list] = {p.number: [] for p in event.players}
    for d in deals:
        if d.status != "played":
            continue
        full = len(event.rows_of(event.deal(d.number)))
        for s in event.seats:
            scored = [r for r in d.results if r.status == "played" and s not in r.adjusted]
            n = len(scored)
            mps = matchpoint([r.whists[s] for r in scored])
            if factoring == "neuberg":
                top = 2 * (full - 1)
                mps = [Fraction((m + 1) * full, n) - 1 for m in mps]
            else:
                top = 2 * max(0, n - 1)
            given = [(r, m) for r, m in zip(scored, mps)]
            given += [(r, r.adjusted[s] * top / 100) for r in d.results if s in r.adjusted]
            for r, mp in given:
                r.mp[s] = _exact(mp)
                r.tops[s] = top
                r.top = max(r.top, top)
                t = totals.setdefault(r.players[s], [0, 0, 0])
                t[0] += r.mp[s]
                t[1] += top
                t[2] += 1
                per_player.setdefault(r.players[s], []).append((d.number, r, s))
    rows = {(d.number, r.round, r.table): r for d in deals for r in d.results}
    for a in applied:
        if a.kind == "adjusted":
            a.mp = Fraction(rows[(a.deal, a.round, a.table)].mp.get(a.seat, 0))
        else:
            totals.setdefault(a.player, [0, 0, 0])[0] += a.mp
    standings = rank({p: (_exact(v[0]), v[1], v[2]) for p, v in totals.items()})
    return standings, per_player


# --------------------------------------------------------------------------- the whole run


def checked_session(event: Event, source: Path | Entries, trust, rulings, provisional: bool, memo=None) -> tuple:
    """(the event with the layouts entered, their problems, the session checked) of what was entered (`source`: a
    filled workbook, or engine.entries.Entries).

    `memo` (app.memo.Memo, for a process that publishes again and again, whose earlier sessions do not change
    while it publishes the current one): what a session gave is kept (a copy, by what was entered, the event, the
    rulings and the mode), and the same entries are not checked again. WorkbookError if a workbook cannot be
    read."""
    if memo is None:
        try:
            entries = source if isinstance(source, Entries) else read_entries(source, event)
        except WorkbookError as e:
            if e.entries is None:
                raise
            # sheets missing or doubled: the rows of those read are checked too (every problem in one run)
            event, _ = with_layouts(event, e.entries.layouts)
            rest = check_workbook(event, e.entries.deals, trust, rulings, provisional)
            raise WorkbookError(source, e.problems + rest.problems, rest.warnings, lang=event.language) from None
        event, layout_problems = with_layouts(event, entries.layouts)
        return event, layout_problems, check_workbook(event, entries.deals, trust, rulings, provisional)
    try:
        entered = source if isinstance(source, Entries) else Path(source).read_bytes()
    except OSError:
        return checked_session(event, source, trust, rulings, provisional)  # reading it says what is wrong
    key = hashlib.sha256(pickle.dumps((entered, event.digest, trust, rulings, provisional))).digest()
    done = memo.checked.get(key, lambda: pickle.dumps(checked_session(event, source, trust, rulings, provisional)))
    return pickle.loads(done)  # a copy, the first time too: every copy pickles the same (site_pages)


def report_of(event: Event, checked: Checked, rulings: Rulings | None = None, provisional: bool = False) -> Report:
    """Score checked deals into a report."""
    factoring = (rulings or Rulings()).factoring
    standings, per_player = score(event, checked.deals, checked.applied, factoring)
    return Report(
        event,
        checked.deals,
        standings,
        checked.warnings,
        per_player,
        checked.applied,
        provisional,
        list(checked.pending),
        dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        factoring,
        dict(checked.partial),
    )


def problems_error(event: Event, workbook: Path, problems: list, warnings: list, provisional: bool) -> WorkbookError:
    """The error listing a workbook's problems; rows not yet filled hint at --provisional, whists written
    otherwise than computed at --trust."""
    missing = sum(
        p.params.get("n", 1)
        for p in problems
        if isinstance(p, Message)
        and p.code in ("results.row_missing", "results.contract_missing", "results.deal_blank")
    )
    hint = [Message("results.provisional_hint", n=missing)] if missing and not provisional else []
    if any(isinstance(p, Message) and p.code == "results.whists_differ" for p in problems):
        hint.append(Message("results.trust_hint"))
    return WorkbookError(workbook, problems, warnings + hint, lang=event.language)


@dataclass(frozen=True)
class Options:
    """How `run` checks and publishes: one value carried through its stages (as black's Mode is)."""

    trust: str | None = None  # whists written otherwise than computed: trusted (--trust)
    rulings_of: Callable | None = None  # rulings_of(event): a session's rulings
    provisional: bool = False  # rows not yet filled: ranked over those filled
    publish: bool = True  # False: checked and ranked only
    inputs: tuple = ()  # files besides the workbooks and the spec that the output folder must not hold
    analysis: bool = False  # the pages set the results against double dummy
    jobs: int | None = None  # processes that render and solve
    progress: Callable | None = None  # progress(message): what a long stage is doing
    pdf: bool = True  # results.pdf (and results.xlsx with it) after the site
    site_ready: Callable | None = None  # site_ready(path): the site is in place and the PDF follows
    spreadsheet: bool = True  # results.xlsx
    final_when_complete: bool = False  # with provisional: the final run once no row is missing


def run(
    competition: Competition,
    sources: list[Path | Entries],
    folder: Path | None = None,
    options: Options = Options(),
    memo: Memo | None = None,
) -> CompetitionReport:
    """Check what was entered for every session, matchpoint each within its session, rank over all; then publish.

    `sources` are the sessions' in order (one for a one-session event): a filled workbook each, or what was
    entered (engine.entries.Entries: the scoring server's rows). `options.rulings_of(event)` gives a
    session's rulings. Nothing is published when any session has a problem: the problems of every
    workbook are listed together. The output folder is checked first (it must not hold an input;
    another run must not be writing to it); the site is written into a temporary folder and swapped
    in, then (`pdf`) the same site with results.pdf and results.xlsx is swapped in: readers see the old
    folder, the new site, then the new site with its PDF and workbook, never a mix (without `pdf` the
    workbook comes with the site; without `spreadsheet` there is none: the scoring server's live site,
    published again at every change, leaves it out). Files that did not change are hard-linked from the
    folder replaced, and the PDF's parts that did not change are not rendered again. `site_ready(path)` is called when
    the site is in place and the PDF follows. `analysis`: the pages set the results against double
    dummy (one cache for every session, at the top of the folder). `memo` (app.memo.Memo, for a process that
    publishes again and again): see checked_session; the pages of a session whose report did not change are not
    built again either (publish_site); with its `background`, the deals the cache lacks are solved there, what
    is not solved yet left to a later run (analyse_reports).
    `final_when_complete` (with `provisional`): once no row is missing, the final run instead, checked
    and published once (the scoring server's last publish); should the final check find problems the
    provisional run is published and they are raised.
    """

    pairs, warnings = identify(competition, sources)
    files = [s.source if isinstance(s, Entries) else s for s in sources]
    files = [f for f in files if f is not None]
    out = OutputFolder(folder, inputs=(*files, competition.source, *options.inputs)) if options.publish else None
    if out:
        out.check()
    reports, errors = _reports(pairs, options, memo)
    late = []  # problems of the final check (final_when_complete): raised once the provisional run is out
    if (
        options.provisional
        and options.final_when_complete
        and not errors
        and not any(r.pending or r.partial for r in reports)
    ):
        final, late = _reports(pairs, replace(options, provisional=False), memo)
        if not late:
            reports = final
    if errors:
        raise errors[0] if len(errors) == 1 else WorkbooksError(errors)
    report = combine(competition, reports)
    report.warnings = warnings + report.warnings
    if out:
        _publish(out, report, options, memo)
    if late:
        raise late[0] if len(late) == 1 else WorkbooksError(late)
    return report


def _publish(out: OutputFolder, report: CompetitionReport, options: Options, memo: Memo | None) -> None:
    """run's publishing of a checked and ranked report into `out`: the site first, then (`options.pdf`) the PDF."""
    reports = report.reports
    one = len(report.competition.sessions) == 1

    def site(staging, previous):
        analyse_reports(
            reports,
            out.folder,
            staging,
            options.analysis,
            options.jobs,
            options.progress,
            memo.background if memo else None,
        )
        # the files that come with the site (the PDF and the workbook with it come later: pdf_of links them)
        downloads = downloads_of(False, options.spreadsheet and not options.pdf)
        if one:
            publish_site(
                reports[0],
                staging,
                previous=previous,
                root=staging,
                workbook=options.spreadsheet and not options.pdf,
                downloads=downloads,
            )
        else:
            publish_competition_site(
                report,
                staging,
                previous,
                staging,
                workbook=options.spreadsheet and not options.pdf,
                memo=memo.pages if memo else None,
                downloads=downloads,
            )
        publish_results_json(report, staging, previous)

    def pdf_of(staging, previous):
        if one:
            publish_pdf(reports[0], staging, options.jobs, previous=previous, root=staging)
        else:
            publish_competition_pdf(report, staging, options.jobs, previous, staging)
        downloads = downloads_of(True, options.spreadsheet)  # in place now: the rankings link them
        publish_indexes(reports[0] if one else report, staging, downloads, previous, staging)

    publish_in_stages(out, site, pdf_of if options.pdf else None, options.site_ready)


def _reports(pairs, options: Options, memo: Memo | None) -> tuple[list[Report], list[WorkbookError]]:
    """The report of every (session, source) checked, and the problems of those with problems. `memo` keeps the
    sessions before the last: the last one, the session being entered, changes with every run."""
    reports, errors = [], []
    for i, (event, source) in enumerate(pairs):
        rulings = options.rulings_of(event) if options.rulings_of else None
        path = source.source if isinstance(source, Entries) else source
        kept = memo if i < len(pairs) - 1 else None
        try:
            event, layout_problems, checked = checked_session(
                event, source, options.trust, rulings, options.provisional, kept
            )
        except WorkbookError as e:
            errors.append(e)
            continue
        problems = layout_problems + checked.problems
        if problems:
            errors.append(problems_error(event, path, problems, checked.warnings, options.provisional))
            continue
        reports.append(report_of(event, checked, rulings, options.provisional))
    return reports, errors


def publish_in_stages(out, site, pdf=None, site_ready=None) -> None:
    """The site swapped into the output folder first, then (if `pdf`) the site with its PDF; the folder
    stays locked from the first stage to the last. `site(staging, previous)` and `pdf(staging, previous)`
    write into the staged folder (previous: what the folder held, io.outdir.Previous); `site_ready(path)`
    is told the site's index.html between the two."""
    with out.locked():
        previous = Previous(out.folder)
        with out.stage() as staging:
            site(staging, previous)
            previous.save(staging)
        if pdf is None:
            return
        if site_ready:
            site_ready(out.given / "index.html")
        try:
            with out.stage(keep=True) as staging:
                pdf(staging, previous)
                previous.save(staging)
        except KeyboardInterrupt:
            raise Interrupted(Message("interrupted.site", path=str(out.given))) from None


__all__ = ["Memo", "Options", "Report", "partial_json", "ranking_json", "report_of", "run", "score"]
