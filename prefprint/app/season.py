"""A club's season: its evenings' results read, their players matched to the registry, the ladders and grades
computed and the club's site published.

`build` reads (the registry and every evening's results.json of a club read from its club.toml, io.club.load_club)
and computes; `run` also registers newcomers where asked (`add_new`) and writes the site (index, a page per season,
per player, the grades, standings.xlsx, and every evening's results site byte for byte in evenings/<date>-<name>/)
into the folder it is given, swapped in whole as results are: the club's site exactly as it goes on the web. The
command line (which loads the club once and chooses the folder), the tests and the benchmarks call these.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from prefprint.engine.grade import Grade, grades
from prefprint.engine.ladder import Evening, Finish, Line, standings
from prefprint.engine.names import Known, Registry, new_id, plain, unmixed
from prefprint.errors import PrefprintError
from prefprint.io.club import (
    RESULTS_JSON,
    Club,
    EveningFile,
    EveningsError,
    PlayedEvening,
    Season,
    SeasonReport,
    add_players,
    evening_folders,
    load_registry,
    patterns_unmatched,
    ranking_place,
    read_evening,
)
from prefprint.io.outdir import OutputFolder, link_site, write_atomic
from prefprint.io.render import html
from prefprint.io.workbook import write_standings_book
from prefprint.views.season import (
    grades_context,
    index_context,
    player_context,
    season_context,
    season_json,
    season_slug,
    site_folders,
    standings_sheets,
)
from prefprint.words.messages import Message, shown


def _identified(file: EveningFile, registry: Registry, warnings: list, unknown: dict) -> dict[int, str | None]:
    """Each player number of an evening -> his registry id, or None; close and unknown names said (never merged).

    A registered player named exactly (or by his id, or by the id of an entry merged into his) that evening is not
    suggested for another of its names."""
    data = file.data
    found: dict[int, tuple] = {}
    for p in data["players"]:
        number, name, given = p["number"], p.get("name", ""), p.get("id")
        pid = registry.ids.get(given) if isinstance(given, str) else None
        if given and not pid:
            warnings.append(Message("season.id_unknown", id=shown(given), name=shown(name), evening=file.key))
        match = registry.match(name) if not pid else None
        found[number] = (match.id if match and match.kind == "exact" else pid, name, match)
    present = {pid for pid, _, _ in found.values() if pid}
    ids: dict[int, str | None] = {}
    for number, (pid, name, match) in found.items():
        ids[number] = pid
        if pid or not match or not name:
            continue
        close = [(sid, reason) for sid, reason in match.suggestions if sid not in present]
        for sid, reason in close:
            warnings.append(
                Message(
                    "season.close_name",
                    name=shown(name),
                    evening=file.key,
                    registered=shown(registry.players[sid].name),
                    id=sid,
                    reason=Message(f"season.reason_{reason}"),
                    alias=json.dumps(name, ensure_ascii=False),
                )
            )
        if not close:
            unknown.setdefault(plain(name), (file.key, []))[1].append(name)
    return ids


def _evening(file: EveningFile, registry: Registry, warnings: list, unknown: dict) -> PlayedEvening:
    """The registered players' lines of one evening; close and unknown names said (never merged)."""
    data = file.data
    ranking = {r["player"]: r for r in data["ranking"]}
    key_of: dict[int, str] = {}  # player number -> registry id, or a guest's key
    lines: dict = {}
    ids = _identified(file, registry, warnings, unknown)
    for p in data["players"]:
        number, name, pid = p["number"], p.get("name", ""), ids.get(p["number"])
        if pid and pid in lines:
            warnings.append(Message("season.id_twice", id=pid, evening=file.key))
            pid = None
        key_of[number] = pid or f"guest:{number}:{file.key}"
        r = ranking.get(number)
        if pid and r and r.get("max"):
            ratio = Fraction(str(r["mp"])) / r["max"]
            lines[pid] = {
                "number": number,
                "name": name,
                "ratio": ratio,
                "place": ranking_place(r["place"]),
                "percent_text": r.get("percent_text", ""),
                "card": p.get("card", ""),
                "deals": 0,
            }
    comparisons: dict = {}
    for row in data["rows"]:
        if row.get("adjusted") or not row.get("max"):
            continue
        who = key_of.get(row["player"])
        comparisons.setdefault((row.get("session", 1), row["deal"], row["seat"]), []).append(
            (who, Fraction(str(row["mp"])) / row["max"])
        )
        if who in lines:
            lines[who]["deals"] += 1
    return PlayedEvening(file, lines, list(comparisons.values()))


def _read_lines(file: EveningFile, registry: Registry, warnings: list, unknown: dict) -> PlayedEvening:
    """_evening, or the error that names the results.json whose rows are not as prefprint writes them."""
    try:
        return _evening(file, registry, warnings, unknown)
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        raise PrefprintError(Message("club.results_json_broken", path=str(file.folder / RESULTS_JSON))) from None


def _read_evenings(club: Club, warnings: list) -> list[EveningFile]:
    """Every evening the club's patterns find, once: the same folder found twice, or the same event in two."""
    files, seen, errors = [], {}, []
    for folder in evening_folders(club):
        try:
            file = read_evening(folder)
        except PrefprintError as e:
            errors.append(e)
            continue
        if file.data.get("provisional"):
            warnings.append(Message("season.provisional", key=file.key, folder=str(folder)))
            continue
        if file.key in seen:
            warnings.append(
                Message("season.evening_twice", key=file.key, first=str(seen[file.key]), second=str(folder))
            )
            continue
        seen[file.key] = folder
        files.append(file)
    if errors:
        raise EveningsError(errors) if len(errors) > 1 else errors[0]
    return sorted(files, key=lambda f: (f.date, f.key))


def _matched(files: list[EveningFile], registered: list) -> tuple[list[PlayedEvening], list, dict]:
    """Every evening's lines as the registry names its players, what was said of the names, the names unknown."""
    registry = Registry([Known(p.id, p.name, (p.name, *p.aliases), p.merged) for p in registered])
    said: list = []
    unknown: dict[str, tuple] = {}  # a name as compared -> (the first evening that has it, its spellings)
    return [_read_lines(f, registry, said, unknown) for f in files], said, unknown


def build(club: Club, add_new: bool = False) -> SeasonReport:
    """Read the club's registry and evenings and compute its seasons and grades; `add_new` registers the unknown
    names first."""
    warnings: list = patterns_unmatched(club)
    registered = load_registry(club.registry, club.language)
    files = _read_evenings(club, warnings)
    evenings, said, unknown = _matched(files, registered)
    added: list = []
    if add_new and unknown:
        taken = {pid for p in registered for pid in (p.id, *p.merged)}
        for _, spellings in unknown.values():  # the spellings that match silently make one player
            name = _registered_name(spellings)
            added.append((new_id(name, taken), name))
            taken.add(added[-1][0])
        add_players(club.registry, added)
        registered = load_registry(club.registry, club.language)
        evenings, said, unknown = _matched(files, registered)
    warnings += said
    warnings += [Message("season.unknown_name", name=shown(n[0]), evening=k) for k, n in unknown.values()]
    if unknown:
        warnings.append(Message("season.add_new_hint", n=len(unknown), club=str(club.path)))
    warnings += [
        Message("season.outside", key=e.key) for e in evenings if not any(s.holds(e.date) for s in club.seasons)
    ]
    seasons = []
    for season in club.seasons:
        played = [e for e in evenings if season.holds(e.date)]
        seasons.append((season, _standings(season, played), played))
    all_grades = grades([(e.key, e.comparisons) for e in evenings], club.grade)
    players = {p.id: p for p in registered}
    mine = {pid: g for pid, g in all_grades.items() if pid in players}
    return SeasonReport(club, players, evenings, seasons, mine, warnings, added)


def _registered_name(spellings: list[str]) -> str:
    """The name a newcomer is registered by, of the spellings an evening gave him: «Громов Антон» rather than
    «ГРОМОВ  АНТОН», spaces collapsed, each word in one alphabet."""
    words = [" ".join(unmixed(s).split()) for s in spellings]
    return next((w for w in words if all(x[:1].isupper() and x[1:] == x[1:].lower() for x in w.split())), words[0])


def _standings(season: Season, played: list[PlayedEvening]) -> list[Line]:
    evenings = [
        Evening(e.key, e.date, {pid: Finish(line["ratio"], *line["place"]) for pid, line in e.lines.items()})
        for e in played
    ]
    return standings(evenings, season.rules)


def run(club: Club, folder: Path | str, add_new: bool = False) -> SeasonReport:
    """Build the season and publish the club's site into `folder`, whole."""
    out = OutputFolder(Path(folder), inputs=(club.path, club.registry, *evening_folders(club)), kind="season")
    out.check()
    report = build(club, add_new)
    with out.staged() as staging:
        write_site(report, staging)
    return report


def write_site(report: SeasonReport, staging: Path) -> list[Path]:
    """The club's pages and standings.xlsx written into `staging`, each evening's results site linked in (hard
    links: its files as its folder has them) at its folder of the site; the pages written, the evenings not."""
    lang = report.club.language
    folders = site_folders(report)
    for e in report.evenings:
        link_site(e.file.folder, staging / folders[e.key])
    written = [write_atomic(staging / "index.html", html("season_index.html", lang, **index_context(report)))]
    for i in range(len(report.seasons)):
        page = html("season_standings.html", lang, **season_context(report, i, lang))
        written.append(write_atomic(staging / season_slug(i), page))
    written.append(write_atomic(staging / "grades.html", html("season_grades.html", lang, **grades_context(report))))
    (staging / "players").mkdir()
    for pid in sorted(report.players):
        page = html("season_player.html", lang, **player_context(report, pid, lang, folders))
        written.append(write_atomic(staging / "players" / f"{pid}.html", page))
    written.append(write_standings_book(staging / "standings.xlsx", standings_sheets(report, lang)))
    return written


__all__ = ["Grade", "SeasonReport", "build", "run", "season_json", "write_site"]
