"""What the cards allowed, on the kit's hand records and on the published results.

Each hand record carries its deal's makeable grid (the tricks of every declarer in ♠ ♣ ♦ ♥ БК
with the best discard, and the misère verdict); each published protocol shows it beside the
layout and sets every played row against it; score cards mark the deals a player did better or
worse than double dummy. The analysis (prefprint.analysis) is computed once and cached in the
output folder, `analysis-cache.json`, keyed by each deal's digest. Kit and results folders are
written whole into a staged folder that replaces the old one (prefprint.io.outdir), so the cache of
the old folder — and of the folders around it, where the kit and `prefprint analyse` keep theirs
— is merged into the staged folder before anything is solved: publishing again solves nothing.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from prefprint.analysis.cache import EventAnalysis, Request, analyse, load_cache, played_requests, save_cache
from prefprint.analysis.solver import DENOMINATIONS, DealAnalysis, has_layout
from prefprint.engine.rules import active_seats
from prefprint.io.layout import session_number
from prefprint.words.messages import Message

MADE = 6  # the fewest tricks of a game: a number from here on is a contract that makes
UP, DOWN = "▲", "▼"

Say = Callable[[object], None]  # a progress line: a Message or a plain string


# --------------------------------------------------------------------------- the cache


def cache_sources(folder: Path) -> list[Path]:
    """Folders whose cache may answer for an output folder: the folder, the one around it
    (a kit's around its results, `prefprint analyse`'s default) and the session folders of both;
    for a folder in a session's kit folder (the scoring server's DIR/session-2/live) also the
    competition's kit folder around that, whose other sessions' deals it ranks too."""
    folder = Path(folder)
    out = []
    around = (folder, folder.parent)
    if session_number(folder.parent.name) is not None:
        around += (folder.parent.parent,)
    for f in around:
        out.append(f)
        try:
            out += sorted(p for p in f.glob("session-*") if p.is_dir())
        except OSError:
            pass
    return list(dict.fromkeys(out))


def _answers(a: DealAnalysis) -> int:
    return sum(len(t) for t in a.tricks.values()) + len(a.misere) + sum(m.tricks is not None for m in a.misere.values())


def carry_cache(sources: Iterable[Path], staging: Path) -> int:
    """Merge the caches found in `sources` into the staged folder's own; the number of deals it holds.

    Of two analyses of one deal the one that answers more is kept (the kit's full grid over a
    results run's played contracts). A cache that cannot be read counts as none.
    """
    entries: dict[str, DealAnalysis] = {}
    for folder in sources:
        for key, a in load_cache(folder).items():
            if key not in entries or _answers(a) > _answers(entries[key]):
                entries[key] = a
    if entries:
        save_cache(staging, entries)
    return len(entries)


def results_requests(deals, outcomes: Iterable[tuple[int, object]]) -> list[Request]:
    """What results publishing asks: the whole grid of every deal with a layout (every declarer in
    ♠ ♣ ♦ ♥ БК and the misère, as the kit's hand records show it) and the contracts played. What the
    cache holds costs nothing; the rest is solved, so that a results folder without the kit's cache
    shows the same full grids."""
    out = played_requests(outcomes)
    for d in deals:
        if has_layout(d):
            out += [(d.number, s, w) for s in active_seats(d.table_size, d.dealer) for w in DENOMINATIONS]
    return list(dict.fromkeys(out))


def start_solving(deals, sources: Iterable[Path], background) -> None:
    """Hand `background` (cache.Background) the whole grids of `deals` that the caches of `sources` lack,
    and return at once: the same tasks a publish with those caches hands it (carry_cache, results_requests),
    so that the publish finds them under way. The scoring server's live worker starts solving so, before its
    first publish has read the rows."""
    deals = list(deals)
    with tempfile.TemporaryDirectory() as folder:
        carry_cache(sources, Path(folder))
        analyse(deals, results_requests(deals, []), folder=Path(folder), background=background)


def solve(
    deals,
    folder: Path,
    requests: list[Request] | None = None,
    jobs: int | None = None,
    say: Say | None = None,
    background=None,
) -> EventAnalysis:
    """Analyse deals (all, or only `requests`) with the cache of `folder`, saying what it does in progress lines.

    `background` (cache.Background): solved there, the deals not yet solved left for a later call."""
    say = say or (lambda msg: None)
    started = time.monotonic()
    step = {"next": 0.25}

    def progress(done: int, total: int) -> None:
        if done == 0:
            say(Message("makeable.solving", n=total))
        elif total >= 8 and done < total and done / total >= step["next"]:
            say(Message("makeable.step", done=done, n=total))
            while step["next"] <= done / total:
                step["next"] += 0.25

    result = analyse(list(deals), requests, folder=folder, jobs=jobs, progress=progress, background=background)
    if result.solved:
        say(
            Message(
                "makeable.done",
                seconds=round(time.monotonic() - started, 1),
                solved=result.solved,
                cached=result.cached,
            )
        )
    elif result.deals:
        say(Message("makeable.cached", n=len(result.deals)))
    if result.unsaved:
        say(Message("warning", text=Message("solver.unsaved", why=result.unsaved)))
    return result


# --------------------------------------------------------------------------- views


def grid_view(a: DealAnalysis | None, lang: str) -> dict | None:
    """A deal's makeable grid for print: a row per declarer (N E S W order), a cell per strain
    (None: not analysed), the misère in words; None without an analysis."""
    if a is None:
        return None
    rows, partial = [], False
    for seat in sorted(a.order, key="NESW".index):
        row = a.tricks.get(seat, {})
        cells = [row.get(s) for s in DENOMINATIONS[:-1]]
        m = a.misere.get(seat)
        misere = None if m is None else Message("solver.clean" if m.clean else "solver.caught").text(lang)
        partial = partial or None in cells or misere is None
        rows.append(
            {
                "seat": seat,
                "cells": [{"n": n, "made": n is not None and n >= MADE} for n in cells],
                "misere": misere,
                "clean": bool(m and m.clean),
            }
        )
    if not any(c["n"] is not None for r in rows for c in r["cells"]) and not any(r["misere"] for r in rows):
        return None
    return {"rows": rows, "partial": partial, "first": a.first_hand}


@dataclass(frozen=True)
class Against:
    """A played result set against double dummy, from the declarer's side.

    `dd`: the tricks double dummy gives the declarer (a misère: the tricks he cannot avoid; None:
    caught, not counted); `taken`: his tricks (None: not played out, both defenders passed).
    """

    misere: bool
    dd: int | None
    taken: int | None

    @property
    def gain(self) -> int | None:
        """Tricks the declarer did better than double dummy (negative: worse); None when unknown."""
        if self.taken is None:
            return None
        if not self.misere:
            return self.taken - self.dd
        if self.dd is None:
            return None  # caught, not counted: only a bound, and a mark carries a number or nothing
        return self.dd - self.taken

    def dd_text(self) -> str:
        """Double dummy's number as the protocol prints it: tricks; a misère 0 (clean), ≥1 (caught) or the count."""
        return "≥1" if self.dd is None else str(self.dd)


def against(a: DealAnalysis | None, outcome) -> Against | None:
    """A played contract against double dummy; None for all-pass (no answer), a game not played out (both
    defenders passed: no tricks to set against it) and what was not analysed."""
    if a is None or outcome is None or outcome.declarer is None:
        return None
    c = outcome.contract
    tricks = dict(outcome.tricks)
    if c.kind == "game":
        dd = a.tricks.get(outcome.declarer, {}).get(c.strain)
        if dd is None:
            return None
        if outcome.conceded is not None:
            taken = c.level - outcome.conceded  # "без трёх": scored as taking that many fewer
        else:
            taken = tricks.get(outcome.declarer)
        return Against(False, dd, taken) if taken is not None else None
    if c.kind == "misere":
        m = a.misere.get(outcome.declarer)
        if m is None:
            return None
        return Against(True, 0 if m.clean else m.tricks, tricks.get(outcome.declarer))
    return None


def mark(x: Against | None, side: str = "declarer") -> dict | None:
    """The mark of a result against double dummy for one side: "▲2" (better), "▼1" (worse), or None (as
    allowed, or not known to the trick: a caught misère whose tricks were not counted)."""
    if x is None or x.gain is None or x.gain == 0:
        return None
    gain = x.gain if side == "declarer" else -x.gain
    sign, cls = (UP, "up") if gain > 0 else (DOWN, "down")
    return {"text": f"{sign}{abs(gain)}", "cls": cls}


# roles on a score card whose play a mark judges: the declarer's, and the defence's of those who play it
SIDES = {"declarer": "declarer", "whist": "defence", "catch": "defence"}


def grid_lines(view: dict, t: dict) -> list[list[tuple[str, str]]]:
    """A makeable grid as aligned lines of a monospaced face for print, in (text, css class) pieces:
    bold for a game that makes and a clean misère, red suits. An HTML table, or a piece per figure,
    would cost WeasyPrint a second or two a hundred deals; a piece per run of one style does not."""
    head = [(f"{t['dd_short']:<3}", "")]
    for s in ("♠", "♣", "♦", "♥"):
        head += [("  ", ""), (s, "red" if s in "♦♥" else "")]
    head += [(f"{t['no_trump']:>3} {t['misere']}", "")]
    lines = [_joined(head)]
    for row in view["rows"]:
        line = [(f"{row['seat']:<3}", "")]
        for c in row["cells"]:
            line.append((f"{'·' if c['n'] is None else c['n']:>3}", "b" if c["made"] else ""))
        line.append((f" {row['misere'] or '·'}", "b" if row["clean"] else ""))
        lines.append(_joined(line))
    return lines


def _joined(pieces: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Adjacent pieces of one style as one."""
    out: list[tuple[str, str]] = []
    for text, cls in pieces:
        if out and out[-1][1] == cls:
            out[-1] = (out[-1][0] + text, cls)
        else:
            out.append((text, cls))
    return out
