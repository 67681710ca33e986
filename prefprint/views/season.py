"""What a club's season site shows: the club's page, each season's standings, a page per player with his
trend, and the grades."""

from __future__ import annotations

from prefprint.engine.ladder import Line
from prefprint.io.club import Season, SeasonReport
from prefprint.io.layout import RESULTS, evening_site_folder
from prefprint.words.catalog import gettext
from prefprint.words.messages import wording
from prefprint.words.numbers import number, span

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 400, 200, 30  # a viewBox read on a phone (390 px) and up to 640 px wide
CHART_DATE_GAP = 90  # units between two dates under the chart: «12 нояб.» is about 55 of its 400 wide


def site_folders(report: SeasonReport) -> dict[str, str]:
    """Each evening's folder in the club's site (by its key): evenings/<date>-<name>, `name` the folder its results
    were published in (output/<name>/results), as the spec names it ([publish] club); a name taken twice numbered."""
    out: dict[str, str] = {}
    for e in report.evenings:
        folder = e.file.folder
        name = folder.parent.name if folder.name == RESULTS and folder.parent.name else folder.name
        base = evening_site_folder(name, e.file.data["event"]["date"])
        there, n = base, 1
        while there in out.values():
            n += 1
            there = f"{base}-{n}"
        out[e.key] = there
    return out


def evening_link(folder: str, depth: int = 0) -> str:
    """The address of an evening's folder in the club's site from a page `depth` folders below its top."""
    return "../" * depth + folder + "/"


def score_text(line: Line, season: Season, lang: str) -> str:
    """A season's score as its page prints it: «56,78%» of the average, or the sum of place points «37,5»."""
    if season.rules.score == "places":
        return number(line.score, lang, 1, trim=True)
    return number(f"{float(line.score * 100):.2f}", lang) + "%"


def change_text(change: int | None) -> tuple[str, str]:
    """(mark, class) of a place's change since the evening before: «▲2», «▼1», «=», or nothing for a newcomer."""
    if change is None:
        return "", ""
    if change > 0:
        return f"▲{change}", "up"
    if change < 0:
        return f"▼{-change}", "down"
    return "=", "same"


def season_slug(index: int) -> str:
    return f"season-{index + 1}.html"


def index_context(report: SeasonReport) -> dict:
    """The club's page: its seasons with their leaders, the evenings played, the grades' link."""
    seasons = []
    for i, (season, lines, played) in enumerate(report.seasons):
        leaders = [report.players[x.player].name for x in lines if x.place and x.place.first == 1]
        seasons.append({"title": season.title, "start": season.start, "end": season.end, "href": season_slug(i),
                        "evenings": len(played), "leaders": leaders})  # fmt: skip
    folders = site_folders(report)
    evenings = [
        {"date": e.date, "title": e.file.data["event"]["title"], "players": len(e.file.data["players"]),
         "href": evening_link(folders[e.key]) + "index.html"}
        for e in reversed(report.evenings)
    ]  # fmt: skip
    return {"club": report.club, "seasons": seasons, "evenings": evenings}


def line_fields(report: SeasonReport, line: Line, dates: dict) -> dict:
    """A standings line as the page and the JSON both show it: place, player, evenings played, counted and dropped."""
    return {
        "place": span(line.place) if line.place else "",
        "id": line.player,
        "name": report.players[line.player].name,
        "events": line.events,
        "counted": [dates[k] for k in line.counted],
        "dropped": [dates[k] for k in line.dropped],
    }


def season_json(report: SeasonReport) -> dict:
    """What `prefprint season --json` prints (docs/json.md)."""
    dates = {e.key: e.date.isoformat() for e in report.evenings}
    return {
        "seasons": [
            {
                "title": season.title,
                "standings": [
                    {
                        **line_fields(report, line, dates),
                        "score": _score_json(line, season),
                        "qualified": line.qualified,
                    }
                    for line in lines
                ],
            }
            for season, lines, _ in report.seasons
        ],
        "grades": [
            {
                "id": r["id"],
                "name": r["name"],
                "grade": round(r["grade"], 2),
                "deals": r["deals"],
                "provisional": r["provisional"],
            }
            for r in grades_context(report)["rows"]
        ],  # fmt: skip
    }


def _score_json(line: Line, season: Season):
    """A season's score for JSON: the average percentage to two decimals, or the sum of place points."""
    if season.rules.score == "places":
        value = line.score
        return value.numerator if value.denominator == 1 else round(float(value), 2)
    return round(float(line.score * 100), 2)


def season_context(report: SeasonReport, index: int, lang: str) -> dict:
    """One season's standings: place, name, evenings played, counted and dropped, score, qualification, change."""
    season, lines, played = report.seasons[index]
    dates = {e.key: e.date for e in played}
    rows = []
    for line in lines:
        mark, kind = change_text(line.change)
        rows.append(
            {
                **line_fields(report, line, dates),
                "score": score_text(line, season, lang),
                "to_qualify": line.to_qualify,
                "change": mark,
                "change_class": kind,
            }
        )
    return {"club": report.club, "season": season, "rows": rows, "evenings": len(played)}


def player_seasons(report: SeasonReport, pid: str, lang: str) -> list[dict]:
    """A player's line in each season he played: its place (or the evenings still needed), evenings, score."""
    out = []
    for i, (season, lines, _) in enumerate(report.seasons):
        line = next((x for x in lines if x.player == pid), None)
        if line:
            out.append({"title": season.title, "href": "../" + season_slug(i), "place": span(line.place) if line.place else "",
                        "of": sum(1 for x in lines if x.place), "to_qualify": line.to_qualify, "events": line.events,
                        "counted": len(line.counted), "score": score_text(line, season, lang)})  # fmt: skip
    return out


def player_context(report: SeasonReport, pid: str, lang: str = "ru", folders: dict | None = None) -> dict:
    """A player's page: his place in each season, every evening he played (%, place, grade before and after, his
    score card), his trend."""
    grade = report.grades.get(pid)
    steps = {s.evening: s for s in grade.history} if grade else {}
    evenings = []
    folders = folders if folders is not None else site_folders(report)
    for e in report.evenings:
        line = e.lines.get(pid)
        if not line:
            continue
        step = steps.get(e.key)
        base = evening_link(folders[e.key], depth=1)
        evenings.append(
            {
                "date": e.date,
                "title": e.file.data["event"]["title"],
                "percent": line["percent_text"],
                "place": span(line["place"]),
                "of": len(e.file.data["ranking"]),
                "before": float(step.before) if step else None,
                "after": float(step.after) if step else None,
                "href": base + "index.html",
                "card": base + line["card"] if line["card"] else "",
                "ratio": line["ratio"],
            }
        )
    return {
        "club": report.club,
        "player": report.players[pid],
        "seasons": player_seasons(report, pid, lang),
        "grade": grade,
        "provisional": grade.provisional(report.club.grade) if grade else True,
        "evenings": evenings,
        "chart": chart(evenings),
    }


def chart(evenings: list[dict]) -> dict | None:
    """An inline SVG's geometry of a player's trend: the grade after each evening (a line), his % (dots), and
    the dates of the first, the last and some evenings between under it."""
    if not evenings:
        return None
    values = [float(e["ratio"] * 100) for e in evenings] + [e["after"] for e in evenings if e["after"] is not None]
    low = max(0, min(min(values), 50) - 5)
    high = min(100, max(max(values), 50) + 5)
    inner_w, inner_h = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD
    step = inner_w / max(1, len(evenings) - 1)

    def x(i):
        return round(CHART_PAD + (i * step if len(evenings) > 1 else inner_w / 2), 1)

    def y(v):
        return round(CHART_PAD + (high - v) / (high - low) * inner_h, 1)

    grade = " ".join(f"{x(i)},{y(e['after'])}" for i, e in enumerate(evenings) if e["after"] is not None)
    dots = [{"x": x(i), "y": y(float(e["ratio"] * 100))} for i, e in enumerate(evenings)]
    ticks = [{"y": y(v), "label": str(v)} for v in range(int(low // 10 * 10 + 10), int(high) + 1, 10)]
    n, shown = len(evenings), [0]
    for i in range(1, n):  # the last always; the others where they leave room
        if i == n - 1 or x(i) - x(shown[-1]) >= CHART_DATE_GAP and x(n - 1) - x(i) >= CHART_DATE_GAP:
            shown.append(i)
    dates = [{"x": x(i), "date": evenings[i]["date"], "anchor": _anchor(i, n)} for i in shown]
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "grade": grade, "dots": dots, "ticks": ticks,
            "fifty": y(50), "left": CHART_PAD, "right": CHART_WIDTH - CHART_PAD, "dates": dates,
            "dates_y": CHART_HEIGHT - CHART_PAD + 20}  # fmt: skip


def _anchor(i: int, n: int) -> str:
    """The text-anchor of a date under the chart: the first and the last kept inside it."""
    if n > 1 and i == 0:
        return "start"
    return "end" if n > 1 and i == n - 1 else "middle"


def grades_context(report: SeasonReport) -> dict:
    """The grades of the registered players, highest first, with the deals behind each."""
    settings = report.club.grade
    rows = [
        {"id": pid, "name": report.players[pid].name, "grade": g.value, "deals": g.deals,
         "provisional": g.provisional(settings)}
        for pid, g in sorted(report.grades.items(), key=lambda kv: (-kv[1].value, kv[0]))
    ]  # fmt: skip
    return {"club": report.club, "rows": rows, "settings": settings}


def standings_sheets(report: SeasonReport, lang: str) -> list[tuple[str, list[str], list[list]]]:
    """standings.xlsx as (sheet title, header, rows): a sheet per season, then the grades."""

    def w(key, **params):
        return wording(gettext(key, lang), lang, params)

    sheets = []
    for i, (season, lines, played) in enumerate(report.seasons):
        dates = {e.key: e.date.isoformat() for e in played}
        header = [w("word.place"), w("page.season.id"), w("word.name"), w("page.season.played"),
                  w("page.season.counted"), w("page.season.dropped"), w("page.season.score"),
                  w("page.season.qualified")]  # fmt: skip
        rows = [
            [span(line.place) if line.place else "—", line.player, report.players[line.player].name, line.events,
             ", ".join(dates[k] for k in line.counted), ", ".join(dates[k] for k in line.dropped),
             float(line.score) if season.rules.score == "places" else round(float(line.score * 100), 2),
             w("page.season.yes") if line.qualified else w("page.season.needs", n=line.to_qualify)]
            for line in lines
        ]  # fmt: skip
        sheets.append((f"{i + 1}. {season.title}"[:31], header, rows))
    header = [w("page.season.id"), w("word.name"), w("page.season.grade"), w("page.season.deals"),
              w("page.season.provisional_short")]  # fmt: skip
    rows = [[r["id"], r["name"], round(r["grade"], 2), r["deals"], w("page.season.yes") if r["provisional"] else ""]
            for r in grades_context(report)["rows"]]  # fmt: skip
    sheets.append((w("page.season.grades")[:31], header, rows))
    return sheets
