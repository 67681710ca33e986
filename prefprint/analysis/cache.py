"""Double-dummy analysis of an event's deals, cached in the output folder (solved on every core by
analysis.workers; shown by views.analysis_text).

`analyse(deals)` solves every deal whose layout is known, for each seat that plays it as
declarer: the most tricks in ♠ ♣ ♦ ♥ БК after the best discard (and that discard) and the
misère verdict. `analyse(deals, requests)` solves only the (deal, declarer, strain) asked — the
contracts actually played, see `played_requests`. Answers are kept per deal in
`<folder>/analysis-cache.json`, keyed by a digest of the deal's layout, dealer and table size,
so asking again costs nothing; a changed deal gets a new key and is solved again. Deals without
a layout (dealt at the table) are skipped.
All-pass has no double-dummy answer and is never asked for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from prefprint.analysis.solver import DENOMINATIONS, MISERE, DealAnalysis, Misere, deal_digest, has_layout
from prefprint.analysis.workers import Background, run_tasks
from prefprint.engine.deals import Deal
from prefprint.engine.rules import Outcome, active_seats
from prefprint.io.layout import ANALYSIS_CACHE
from prefprint.io.outdir import write_atomic

CACHE_FILE = ANALYSIS_CACHE
CACHE_VERSION = 1  # raise when the solver's answers or this file's shape change

Request = tuple[int, str, str]  # (deal number, declarer seat, strain ♠ ♣ ♦ ♥ БК or мизер)
Progress = Callable[[int, int], None]  # (deals done, deals to solve)


@dataclass
class EventAnalysis:
    """The analysis of an event's deals: by deal number, with what was skipped and what it cost."""

    deals: dict[int, DealAnalysis] = field(default_factory=dict)
    skipped: list[int] = field(default_factory=list)  # deals without a layout
    solved: int = 0  # (declarer, strain) problems solved by this run
    cached: int = 0  # problems answered from the cache
    unsaved: str = ""  # why the cache could not be written ("" when it was, or was not needed)
    unsolved: list[int] = field(default_factory=list)  # deals still being solved in the background (Background)

    def makeable(self, deal: int, declarer: str, contract) -> int | None:
        """The tricks the declarer takes with best play in a contract played on a deal (see DealAnalysis.makeable)."""
        a = self.deals.get(deal)
        return None if a is None else a.makeable(declarer, contract)


def played_requests(outcomes: Iterable[tuple[int, Outcome]]) -> list[Request]:
    """The (deal, declarer, strain) of contracts played with a declarer, once each (all-pass left out)."""
    seen = {}
    for number, outcome in outcomes:
        c = outcome.contract
        if c.kind == "game":
            seen[(number, outcome.declarer, c.strain)] = None
        elif c.kind == "misere":
            seen[(number, outcome.declarer, MISERE)] = None
    return list(seen)


# --------------------------------------------------------------------------- cache


def _to_dict(a: DealAnalysis) -> dict:
    cards = lambda cs: None if cs is None else [list(c) for c in cs]  # noqa: E731
    return {
        "number": a.number,
        "dealer": a.dealer,
        "table_size": a.table_size,
        "order": list(a.order),
        "tricks": a.tricks,
        "discards": {s: {k: cards(v) for k, v in d.items()} for s, d in a.discards.items()},
        "misere": {s: {"clean": m.clean, "tricks": m.tricks, "discard": cards(m.discard)} for s, m in a.misere.items()},
    }


def _from_dict(d: dict) -> DealAnalysis:
    cards = lambda cs: None if cs is None else tuple(tuple(c) for c in cs)  # noqa: E731
    return DealAnalysis(
        int(d["number"]),
        str(d["dealer"]),
        int(d["table_size"]),
        tuple(d["order"]),
        {s: {k: int(v) for k, v in t.items()} for s, t in d["tricks"].items()},
        {s: {k: cards(v) for k, v in t.items()} for s, t in d["discards"].items()},
        {s: Misere(bool(m["clean"]), m["tricks"], cards(m["discard"])) for s, m in d["misere"].items()},
    )


def load_cache(folder: Path) -> dict[str, DealAnalysis]:
    """The cached analyses in a folder by deal digest; nothing when absent, stale or unreadable."""
    try:
        data = json.loads((Path(folder) / CACHE_FILE).read_text(encoding="utf-8"))
        if data.get("version") != CACHE_VERSION:
            return {}
        return {k: _from_dict(v) for k, v in data["deals"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}  # a cache is only a shortcut: a damaged one is solved again and rewritten


def save_cache(folder: Path, entries: dict[str, DealAnalysis]) -> None:
    """Write analyses by deal digest as the folder's cache (atomically)."""

    data = {"version": CACHE_VERSION, "deals": {k: _to_dict(v) for k, v in sorted(entries.items())}}
    write_atomic(Path(folder) / CACHE_FILE, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def _missing(cached: DealAnalysis | None, asked: list[tuple[str, str]], misere_count: bool) -> list[tuple[str, str]]:
    """The requests a cached analysis does not answer."""
    if cached is None:
        return asked
    out = []
    for seat, what in asked:
        if what == MISERE:
            m = cached.misere.get(seat)
            if m is None or (misere_count and m.tricks is None):
                out.append((seat, what))
        elif what not in cached.tricks.get(seat, {}):
            out.append((seat, what))
    return out


def _merge(old: DealAnalysis | None, new: DealAnalysis) -> DealAnalysis:
    if old is None:
        return new
    tricks = {s: dict(t) for s, t in old.tricks.items()}
    discards = {s: dict(t) for s, t in old.discards.items()}
    misere = dict(old.misere)
    for s, t in new.tricks.items():
        tricks.setdefault(s, {}).update(t)
    for s, t in new.discards.items():
        discards.setdefault(s, {}).update(t)
    misere.update(new.misere)
    return DealAnalysis(new.number, new.dealer, new.table_size, new.order, tricks, discards, misere)


def analyse(
    deals: Iterable[Deal],
    requests: Iterable[Request] | None = None,
    folder: Path | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    misere_count: bool = False,
    background: Background | None = None,
) -> EventAnalysis:
    """Analyse deals (all, or only `requests`), reusing and refreshing the cache in `folder` (None: no cache).

    `misere_count`: also count the tricks a caught misère cannot avoid, as comparing a played
    misère with double dummy needs (several times slower than the verdict). `background`: the deals
    are solved there, this call taking those finished since the last (Background.step) and returning
    at once; a deal left unsolved (`unsolved`) carries what the cache holds of it.
    """
    deals = list(deals)
    result = EventAnalysis()
    asked: dict[int, list[tuple[str, str]]] = {}
    if requests is None:
        for d in deals:
            asked[d.number] = None  # every seat and strain
    else:
        for number, seat, what in requests:
            if what not in DENOMINATIONS:
                raise ValueError(f"strain {what!r}: expected one of {' '.join(DENOMINATIONS)}")
            asked.setdefault(number, []).append((seat, what))
    cache = load_cache(folder) if folder is not None else {}
    tasks, digests = [], {}
    for d in deals:
        if d.number not in asked:
            continue
        if not has_layout(d):
            result.skipped.append(d.number)
            continue
        order = active_seats(d.table_size, d.dealer)
        want = asked[d.number] if asked[d.number] is not None else [(s, w) for s in order for w in DENOMINATIONS]
        want = list(dict.fromkeys(want))
        strangers = sorted({s for s, _ in want if s not in order})
        if strangers:
            raise ValueError(f"deal {d.number}: {', '.join(strangers)} does not play (seats {', '.join(order)})")
        digests[d.number] = key = deal_digest(d)
        if key in cache:  # the same cards may come under another number (a session's own numbering)
            cache[key] = replace(cache[key], number=d.number)
        todo = _missing(cache.get(key), want, misere_count)
        result.cached += len(want) - len(todo)
        result.solved += len(todo)
        if todo:
            tasks.append((d, todo, misere_count))
        elif key in cache:
            result.deals[d.number] = cache[key]
    if background is not None:
        pending = {digests[d.number] for d, _, _ in tasks}
        solved = background.step(tasks, set(digests.values()) - pending)  # none to solve: it forgets the answered
    else:
        solved = run_tasks(tasks, jobs, progress) if tasks else []
    for a in solved:
        key = digests[a.number]
        cache[key] = result.deals[a.number] = _merge(cache.get(key), a)
    if len(solved) < len(tasks):
        done = {a.number for a in solved}
        for deal, todo, _ in tasks:
            if deal.number in done:
                continue
            result.solved -= len(todo)
            key = digests[deal.number]
            if key in cache:  # what it holds of the deal, all of it when another deal of the same cards was solved
                result.deals[deal.number] = replace(cache[key], number=deal.number)
            if _missing(cache.get(key), todo, misere_count):
                result.unsolved.append(deal.number)
            else:
                result.cached += len(todo)
    if folder is not None and solved:
        # entries of other deals stay: another session may share the folder, and they are small
        try:
            save_cache(folder, cache)
        except OSError as e:  # the answers stand; only the next run will solve them again
            result.unsaved = f"{Path(folder) / CACHE_FILE}: {e.strerror or e}"
    result.deals = dict(sorted(result.deals.items()))
    return result
