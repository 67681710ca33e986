"""What the cards allowed, solved for the kit's hand records and the published results (their views:
prefprint.views.makeable).

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
from pathlib import Path

from prefprint.analysis.cache import EventAnalysis, Request, analyse, load_cache, played_requests, save_cache
from prefprint.analysis.solver import DENOMINATIONS, DealAnalysis, has_layout
from prefprint.engine.rules import active_seats
from prefprint.io.layout import session_number
from prefprint.words.messages import Message

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
    """Hand `background` (analysis.workers.Background) the whole grids of `deals` that the caches of `sources` lack,
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

    `background` (analysis.workers.Background): solved there, the deals not yet solved left for a later call."""
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
