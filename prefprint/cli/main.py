"""The `prefprint` commands: a thin layer over the library (cli/ alone imports click)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from prefprint import __version__
from prefprint.cli.localised import Group, Usage, echo_warnings
from prefprint.engine.rules import VARIANTS, variant_key
from prefprint.words.catalog import LANGS
from prefprint.words.messages import Message, shown, text_of


def _set_lang(lang: str | None, event=None) -> str:
    """The language of messages: --lang, else the event's (before the event is read: the error's own)."""
    obj = click.get_current_context().find_root().ensure_object(dict)
    if lang or event is not None:
        obj["lang"] = lang or event.language
    return obj.get("lang", "ru")


def _parse_pairs(text: str | None) -> dict:
    """SEAT=VALUE pairs separated by commas, e.g. N=5,E=5."""
    from prefprint.engine.rules import ScoringError

    if not text:
        return {}
    out = {}
    for part in text.split(","):
        if "=" not in part:
            raise ScoringError(Message("rules.pair", text=shown(part)))
        k, v = part.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _overrides(pairs) -> dict:
    """--convention NAME=VALUE options as a dict of typed values."""
    from prefprint.engine.rules import ScoringError
    from prefprint.io.spec import parse_value

    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ScoringError(Message("rules.convention_pair", text=shown(pair)))
        name, value = pair.split("=", 1)
        out[name.strip()] = parse_value(value)
    return out


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="prefprint")
def cli():
    """prefprint: duplicate preferans table kits, protocols and matchpointed results."""


def _numbers(text: str | None, option: str) -> list[int] | None:
    if not text:
        return None
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise Usage(Message("cli.numbers", option=option, text=shown(text))) from None


# the options of the commands that read no spec (movement, score, costs)
_TABLE_SIZE = click.option(
    "--table-size",
    type=click.Choice(["4", "3"]),
    default="4",
    show_default=True,
    help="Players per table; at tables of 3 the talon lies in pocket W.",
)
_OUTPUT_LANG = click.option(
    "--lang",
    type=click.Choice(list(LANGS)),
    default="ru",
    show_default=True,
    help="Language of the text output and of errors.",
)


@cli.command()
@click.option("--players", type=int, required=True, help="Number of players (8–1000 at tables of 4, 6–1000 of 3).")
@_TABLE_SIZE
@click.option(
    "--rounds", type=int, help="Rounds of the session: auto chooses the movement for them (fewer than the full circle)."
)
@click.option(
    "--method",
    type=click.Choice(["auto", "standard", "field", "search", "scheme", "skip", "rooms", "rests"]),
    default="auto",
    show_default=True,
    help="Force a method of movement.",
)
@click.option("--rooms", help="Force a split into rooms, e.g. 20,12 (the rooms share the sets).")
@click.option("--by-lines", is_flag=True, help="Build the second session: rooms of former N, E, S, W.")
@click.option("--absent", help="With --by-lines: numbers of players who miss the second session, e.g. 3,17.")
@click.option("--compare", is_flag=True, help="List the candidates side by side and say why auto chose.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (stable shape, see docs/json.md).")
@_OUTPUT_LANG
def movement(players, table_size, rounds, method, rooms, by_lines, absent, compare, as_json, lang):
    """Build a movement and print it round by round with its statistics and fairness."""
    from prefprint.movement import build_movement, second_session, to_dict
    from prefprint.movement import compare as compare_candidates
    from prefprint.views.text import compare_text, movement_text

    _set_lang(lang)  # errors are written by the group in this language
    if rounds is not None and rounds < 1:
        raise Usage(Message("cli.rounds_min", n=rounds))
    room_sizes = _numbers(rooms, "--rooms")
    away = _numbers(absent, "--absent") or ()
    if away and not by_lines:
        raise Usage(Message("cli.absent_by_lines"))
    k = int(table_size)
    if compare:
        options, best, reason = compare_candidates(players, k, method, room_sizes, rounds)
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "candidates": [_candidate_json(c, k) for c in options],
                        "chosen": best.method,
                        "reason": reason[0],
                    },
                    ensure_ascii=False,
                )
            )
        else:
            click.echo(compare_text(options, best, reason, players, k, lang))
        return
    if by_lines:
        first = build_movement(players, k, None, method, room_sizes)
        m = second_session(first, rounds, away)
    else:
        m = build_movement(players, k, rounds, method, room_sizes)
    if as_json:
        click.echo(json.dumps(to_dict(m), ensure_ascii=False))
    else:
        click.echo(movement_text(m, lang))


_VARIANT_HELP = f"Variant preset: {', '.join(VARIANTS)} (or its Russian name: Сочи, Ленинград, …)."


def _candidate_json(c, k: int) -> dict:
    q = c.movement.quality
    return {
        "method": c.method,
        "rounds": q.rounds,
        "deals": q.sets * k,
        "pairs": {"never": q.never, "once": q.once, "more": q.more} | ({"apart": q.apart} if q.apart else {}),
        "set_plays": {"min": q.set_plays[0], "max": q.set_plays[1]},
        "rests": {"min": q.rests[0], "max": q.rests[1]},
        "excess_pct": q.excess_pct,
    }


@cli.command()
@click.option("--variant", required=True, help=_VARIANT_HELP)
@_TABLE_SIZE
@click.option("--dealer", required=True, help="Dealer's seat (at a table of 3: the seat marked dealer, first hand).")
@click.option(
    "--contract",
    required=True,
    help='As written in the protocol: 7♠, 6S, 8NT, "семь пик", "7♠ втёмную", "6♠ без 3", мизер, "—".',
)
@click.option("--declarer", help="Declarer's seat (not for all-pass).")
@click.option("--tricks", help="Tricks per seat, e.g. N=5,E=5 (all-pass: the three hands).")
@click.option("--defence", help="Each defender: whist, pass or half, e.g. E=whist,S=pass.")
@click.option("--dark", is_flag=True, help='A dark game, as "втёмную" in the contract (classic: amounts ×2).')
@click.option("--concede", type=int, help='Tricks conceded before play, as "без 3" in the contract.')
@click.option("--convention", "overrides", multiple=True, help="Override a convention, e.g. tens=checked.")
@_OUTPUT_LANG
@click.option("--json", "as_json", is_flag=True, help='Print one JSON object, e.g. {"N": -104, ...}.')
def score(variant, table_size, dealer, contract, declarer, tricks, defence, dark, concede, overrides, lang, as_json):
    """Score one deal: what is written and the whists of each seat."""
    from prefprint.engine.rules import Outcome, ScoringError, conventions_for, fmt_json, parse_tricks, settle
    from prefprint.views.text import settlement_text

    try:
        conv = conventions_for(variant, _overrides(overrides))
        tr = {seat: parse_tricks(n) for seat, n in _parse_pairs(tricks).items()}
        outcome = Outcome.make(
            int(table_size), dealer, contract, declarer, tr, _parse_pairs(defence), dark, concede, conventions=conv
        )
        result = settle(outcome, conv)
    except ScoringError as e:
        e.lang = lang  # the group prints it in the language asked for
        raise
    if as_json:
        click.echo(json.dumps({s: fmt_json(v) for s, v in result.results.items()}))
    else:
        click.echo(settlement_text(outcome, result, lang))


@cli.command()
@click.option("--variant", required=True, help=_VARIANT_HELP)
@_TABLE_SIZE
@_OUTPUT_LANG
@click.option(
    "--convention", "overrides", multiple=True, help="Override a convention, e.g. consolation_to_dealer=false."
)
@click.option(
    "-o",
    "--output",
    "out",
    type=click.Path(file_okay=False),
    default="output/costs",
    show_default=True,
    help="Folder for costs-VARIANT-SIZE.html and .pdf.",
)
def costs(variant, table_size, lang, overrides, out):
    """Write the cost-of-game reference table (HTML and PDF)."""
    from prefprint.app.costs import write_costs
    from prefprint.engine.rules import ScoringError, conventions_for

    try:
        conv = conventions_for(variant, _overrides(overrides))
    except ScoringError as e:
        e.lang = lang  # the group prints it in the language asked for
        raise
    paths = write_costs(variant_key(variant), conv, int(table_size), lang, Path(out))
    for p in paths:
        click.echo(str(p))


_LANG = click.option(
    "--lang", type=click.Choice(list(LANGS)), help="Language of the messages (default: the event's language)."
)
_NO_ANALYSIS = click.option(
    "--no-analysis", is_flag=True, help="No double-dummy analysis (also [publish] analysis = false in the spec)."
)
_PUBLISH = click.option(
    "--publish", is_flag=True, help="Then publish the folder to the [publish] upload address (as prefprint publish)."
)


def _output(help_text: str):
    """The -o / --output option of a command that writes a folder."""
    return click.option("-o", "--output", "out", type=click.Path(file_okay=False), help=help_text)


def _analysis_wanted(flag_off: bool, competition) -> bool:
    """The double-dummy analysis runs unless --no-analysis, the spec or the environment switch it off."""
    from prefprint.app.kit import analysis_wanted

    return analysis_wanted(competition, flag_off)


def default_folder(spec) -> Path:
    """output/<spec stem>/, always inside output/: a spec named `...toml` (stem "..") gets output/...toml/."""
    path = Path(spec)
    name = path.stem if path.stem.strip(".") else path.name
    return Path("output") / name


def _say(lang: str):
    """A progress line on stderr: a Message in the language of the messages, or a plain string."""

    def say(msg):
        click.echo(text_of(msg, lang), err=True)

    return say


@cli.command()
@click.argument("spec", type=click.Path(exists=True, dir_okay=False))
@_output("Output folder (default: output/<spec stem>/).")
@click.option("--session", type=click.IntRange(min=1), help="Print only this session (default: every session).")
@click.option("--jobs", type=int, default=0, help="Processes for the analysis and PDF rendering (default: CPU count).")
@click.option("--force", is_flag=True, help="Overwrite a protocols.xlsx in the folder even if it holds results.")
@_NO_ANALYSIS
@_LANG
def kit(spec, out, session, jobs, force, no_analysis, lang):
    """Write the whole table kit of an event: cards, director, itineraries, protocols, deals, costs, workbook."""
    from prefprint.app import kit as kit_mod
    from prefprint.io.spec import load_competition

    _set_lang(lang)
    competition = load_competition(spec)
    lang = _set_lang(lang, competition)
    echo_warnings(list(competition.warnings) + kit_mod.kit_warnings(competition), lang)
    if session:
        competition.session(session)  # an unknown session is one line, before anything is written
    folder = Path(out) if out else default_folder(spec)
    written = kit_mod.write_competition_kit(
        competition,
        folder,
        session,
        jobs=jobs or None,
        progress=_say(lang),
        force=force,
        analysis=_analysis_wanted(no_analysis, competition),
    )
    click.echo(Message("kit.written", n=len(written), folder=str(folder)).text(lang))


@cli.command()
@click.argument("spec", type=click.Path(exists=True, dir_okay=False))
@click.argument("workbooks", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@_output("Output folder (default: output/<spec stem>/results/).")
@click.option(
    "--trust",
    type=click.Choice(["written", "computed"]),
    help="Publish despite whists that differ from the engine: which of the two counts.",
)
@click.option(
    "--provisional",
    is_flag=True,
    help="Publish what is entered so far: each deal over its rows typed in; the deals not begun are listed.",
)
@click.option(
    "--rulings",
    "rulings_path",
    type=click.Path(exists=True, dir_okay=False),
    help="The director's rulings (default: [[rulings]] in the spec and rulings.toml beside it).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the ranking as one JSON object.")
@click.option(
    "--no-pdf",
    is_flag=True,
    help="Publish the site and results.xlsx only, without results.pdf (by default the site is swapped "
    "in first and the PDF follows).",
)
@_NO_ANALYSIS
@_PUBLISH
@_LANG
def results(spec, workbooks, out, trust, provisional, rulings_path, as_json, no_pdf, no_analysis, publish, lang):
    """Check filled protocol workbooks (one per session, in order), matchpoint, rank over all and publish."""
    from prefprint.app.results import Options, ranking_json, run
    from prefprint.engine.rulings import load_rulings
    from prefprint.io.spec import load_competition
    from prefprint.server.exports import entered_sources

    _set_lang(lang)
    competition = load_competition(spec)
    lang = _set_lang(lang, competition)
    echo_warnings(competition.warnings, lang)
    rulings = {e.session: load_rulings(spec, e, rulings_path) for e in competition.sessions}
    folder = Path(out) if out else default_folder(spec) / "results"
    paths = [Path(w) for w in workbooks]
    sources, taken = entered_sources(competition, paths)  # a kit's protocols.xlsx reads with its server's rows
    for line in taken:
        click.echo(line.text(lang), err=True)
    options = Options(
        trust=trust,
        rulings_of=lambda e: rulings[e.session],
        provisional=provisional,
        inputs=(rulings_path,),
        analysis=_analysis_wanted(no_analysis, competition),
        progress=_say(lang),
        pdf=not no_pdf,
        site_ready=None if as_json else _site_ready(lang),
    )
    report = run(competition, sources, folder, options)
    echo_warnings(report.warnings, lang)
    if as_json:
        click.echo(json.dumps(ranking_json(report), ensure_ascii=False))
    else:
        from prefprint.views.report_state import provisional_text

        for r in report.reports:
            if r.provisional:
                click.echo(provisional_text(r, lang), err=True)
        click.echo(Message("results.published", path=str(folder / "index.html")).text(lang))
    if publish:
        _upload(spec, folder, lang, err=as_json)


def _site_ready(lang: str):
    """On stderr, when the results site is in place and the PDF follows."""

    def say(path):
        click.echo(Message("results.site_ready", path=str(path)).text(lang), err=True)

    return say


class _Bar:
    """A progress bar on stderr while deals are solved, only when stderr is a terminal."""

    def __init__(self, label: str):
        self.label, self.bar, self.done = label, None, 0

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@cli.command()
@click.argument("spec", type=click.Path(exists=True, dir_okay=False))
@click.option("--session", type=click.IntRange(min=1), help="Analyse only this session (default: every session).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (shape in docs/json.md).")
@click.option(
    "-o",
    "--output",
    "out",
    type=click.Path(file_okay=False),
    help="Folder of the cache (default: output/<spec stem>/).",
)
@click.option("--no-cache", is_flag=True, help="Solve every deal again; neither read nor write the cache.")
@click.option("--misere-tricks", is_flag=True, help="Also count the tricks a caught misère cannot avoid (slower).")
@click.option("--jobs", type=int, default=0, help="Processes (default: every core).")
@_LANG
def analyse(spec, session, as_json, out, no_cache, misere_tricks, jobs, lang):
    """Double-dummy analysis: the most tricks of each declarer in ♠ ♣ ♦ ♥ БК (best discard) and the misère verdict."""
    from prefprint.analysis import cache as analysis
    from prefprint.analysis.solver import load_searches
    from prefprint.io.spec import load_competition
    from prefprint.views.analysis_text import analysis_text, to_json

    _set_lang(lang)
    competition = load_competition(spec)
    lang = _set_lang(lang, competition)
    echo_warnings(competition.warnings, lang)
    if jobs < 0:
        raise Usage(Message("solver.bad_jobs", n=jobs))
    events = [competition.session(session)] if session else list(competition.sessions)
    folder = None if no_cache else (Path(out) if out else default_folder(spec))
    data, texts = {"deals": [], "skipped": []}, []
    for event in events:
        bar = _Bar(Message("solver.progress").text(lang)) if sys.stderr.isatty() else None
        try:
            result = analysis.analyse(
                event.deals, folder=folder, jobs=jobs or None, progress=bar, misere_count=misere_tricks
            )
        finally:
            if bar is not None:
                bar.close()
        if result.unsaved:
            click.echo(Message("warning", text=Message("solver.unsaved", why=result.unsaved)).text(lang), err=True)
        part = to_json(event.deals, result, event.session)
        data["deals"] += part["deals"]
        data["skipped"] += part["skipped"]
        title = competition.title
        if len(competition.sessions) > 1:
            title += ", " + (event.session_title or Message("solver.session", n=event.session).text(lang))
        texts.append(analysis_text(title, event.deals, result, lang))
    mode = "solver.compiled" if load_searches() else "solver.plain"
    click.echo(Message(mode).text(lang), err=True)  # which solver answered, on stderr: the JSON stays whole
    if as_json:
        data["allpass"] = part["allpass"]
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        click.echo("\n\n".join(texts))


@cli.command()
@click.argument("spec", type=click.Path(exists=True, dir_okay=False))
@click.option("--session", type=click.IntRange(min=1), default=1, show_default=True, help="The session to score.")
@click.option(
    "-o",
    "--output",
    "out",
    type=click.Path(file_okay=False),
    help="The kit's folder: database, secret and protocols.xlsx (default: output/<spec stem>/).",
)
@click.option("--host", help="Address to listen on (default: the host of [serve] url, else 127.0.0.1).")
@click.option("--port", type=click.IntRange(1, 65535), help="Port (default: the port of [serve] url, else 8000).")
@click.option("--hide-results", is_flag=True, help="Results pages only for the director until he shows them.")
@click.option(
    "--director-anywhere",
    is_flag=True,
    help="The director's page and API from any address, not only this machine (the code travels in clear).",
)
@click.option("--tokens", is_flag=True, help="Print the entry codes (the kit prints them) and exit.")
@click.option("--json", "as_json", is_flag=True, help='With --tokens: {"director": …, "tables": {"1": …}}.')
@_LANG
def serve(spec, session, out, host, port, hide_results, director_anywhere, tokens, as_json, lang):
    """Scoring server: the tables enter their rows by phone, the director watches, corrects and exports."""
    from prefprint.server.main import codes_of, run_server
    from prefprint.server.ranking import session_folder

    _set_lang(lang)
    from prefprint.io.spec import load_competition

    competition = load_competition(spec)
    lang = _set_lang(lang, competition)
    event = competition.session(session)
    folder = session_folder(competition, event, Path(out) if out else default_folder(spec))
    if tokens:
        found = codes_of(event, folder)
        if as_json:
            click.echo(
                json.dumps({"director": found["director"], "tables": {str(t): c for t, c in found["tables"].items()}})
            )
        else:
            click.echo(Message("serve.tokens_director", key=found["director"]).text(lang))
            for t, c in found["tables"].items():
                click.echo(Message("serve.tokens_table", table=t, key=c).text(lang))
        return
    run_server(competition, event, folder, spec, host, port, hide_results, _say(lang), director_anywhere)


@cli.command()
@click.argument("club", type=click.Path(exists=True, dir_okay=False))
@_output("Output folder (default: output/<club file stem>/).")
@click.option(
    "--add-new", is_flag=True, help="Register every name the registry does not know (players.toml), then build."
)
@click.option("--json", "as_json", is_flag=True, help="Print the standings and the grades as one JSON object.")
@_PUBLISH
@_LANG
def season(club, out, add_new, as_json, publish, lang):
    """A club's season: a ladder over its evenings and each player's grade, published as the club's site."""
    from prefprint.app.season import run, season_json
    from prefprint.io.club import load_club

    _set_lang(lang)
    loaded = load_club(club)  # read once: its language, then the season
    lang = _set_lang(lang, loaded)
    folder = Path(out) if out else default_folder(club)
    report = run(loaded, folder, add_new)
    for pid, name in report.added:
        click.echo(Message("season.added", id=pid, name=name, path=str(report.club.registry)).text(lang), err=True)
    echo_warnings(report.warnings, lang)
    if as_json:
        click.echo(json.dumps(season_json(report), ensure_ascii=False))
    else:
        click.echo(Message("season.published", path=str(folder / "index.html")).text(lang))
    if publish:
        _upload(club, folder, lang, err=as_json)


@cli.command()
@click.argument("spec", type=click.Path(exists=True, dir_okay=False))
@_output("The folder to publish (default: the one `season` or `results` writes for this file).")
@_LANG
def publish(spec, out, lang):
    """Publish a club's site (club.toml) or an event's results (its spec) to its [publish] upload address."""
    from prefprint.app.upload import read_site

    _set_lang(lang)
    site = read_site(spec)
    lang = _set_lang(lang, site)
    folder = Path(out) if out else default_folder(spec) / ("" if site.kind == "club" else "results")
    _upload(spec, folder, lang, site)


def _upload(path, folder: Path, lang: str, site=None, err: bool = False) -> None:
    """The folder sent to the file's [publish] upload; what travelled said on stdout (on stderr after JSON)."""
    from prefprint.app.upload import publish_site, read_site, sync_message

    done = sync_message(publish_site(site or read_site(path), folder))
    click.echo(done.text(lang), err=err)


@cli.command()
@click.argument("folder", type=click.Path(file_okay=False), default=".")
@click.option("--port", type=click.IntRange(1, 65535), help="Port on 127.0.0.1 (default: 8765, or a free one).")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open the browser.")
@_LANG
def desk(folder, port, no_browser, lang):
    """The director's desk: the club, its players and its evenings in the browser (docs/desk.md)."""
    from prefprint.server.desk import run_desk

    lang = _set_lang(lang)
    run_desk(Path(folder), port, _say(lang), browser=not no_browser)
