"""Double-dummy analysis of an event's deals on every core, cached in the output folder.

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

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from concurrent import futures
from dataclasses import dataclass, field, replace
from pathlib import Path

from prefprint.analysis.solver import (
    DENOMINATIONS,
    MISERE,
    DealAnalysis,
    Misere,
    analyse_deal,
    has_layout,
    load_searches,
)
from prefprint.engine.deals import Deal, card_text
from prefprint.engine.rules import STRAINS, Outcome, active_seats
from prefprint.io.layout import ANALYSIS_CACHE
from prefprint.io.outdir import write_atomic
from prefprint.io.pool import WorkerPool
from prefprint.words.messages import Message

CACHE_FILE = ANALYSIS_CACHE
CACHE_VERSION = 1  # raise when the solver's answers or this file's shape change
BACKGROUND_NICE = 10  # Background's processes run this much lower in priority (os.nice): see Background

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


def deal_digest(deal: Deal) -> str:
    """A fingerprint of what the analysis of a deal depends on: layout, dealer, table size."""
    text = f"{deal.table_size}/{deal.dealer}/{sorted(deal.hands)}/{sorted(deal.talon)}"
    return hashlib.sha256(text.encode()).hexdigest()[:20]


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


# --------------------------------------------------------------------------- solving


def _solve(task: tuple[Deal, list[tuple[str, str]], bool]) -> DealAnalysis:
    deal, asked, misere_count = task
    return analyse_deal(deal, asked, misere_count)


def _run(tasks: list, jobs: int | None, progress: Progress | None) -> list[DealAnalysis]:
    """Solve the tasks on `jobs` processes (default: every core), reporting each deal done."""
    say = progress or (lambda done, total: None)
    total = len(tasks)
    say(0, total)
    workers = max(1, min(jobs or os.cpu_count() or 1, total))
    if workers == 1:
        out = []
        for task in tasks:
            out.append(_solve(task))
            say(len(out), total)
        return out
    out = []
    load_searches()  # the workers fork with the searches loaded, not each loading them
    with WorkerPool(workers) as pool:  # Ctrl-C or a failure: every worker ends at once, running deals unfinished
        pending = set(pool.submit_all(_solve, tasks))
        while pending:
            done, pending = futures.wait(pending, return_when=futures.FIRST_COMPLETED)
            for f in done:
                out.append(f.result())
            say(len(out), total)
    return out


def _background_start() -> None:
    """In each of Background's processes: a lower priority, where the system has one (BACKGROUND_NICE)."""
    if hasattr(os, "nice"):
        os.nice(BACKGROUND_NICE)


class Background:
    """Deals solved on processes that outlive a call of analyse (the scoring server's live worker, publishing
    again and again): a call takes the deals solved since the one before and hands over those still to
    solve, and returns at once. What a call takes is kept by the cache of its folder: with no folder, the
    next call would hand the same deals over again. `stop()` ends the processes; so does the end of the
    process that made them. Used from one thread, the one that lives as long as the processes (see io.pool).
    The processes run at a lower priority (BACKGROUND_NICE): the publishes and the requests that share the
    cores with them come first.
    """

    def __init__(self, jobs: int | None = None):
        self.jobs = jobs
        self.pool: WorkerPool | None = None
        self.running: dict[tuple, object] = {}  # (deal digest, asked, misère counts) -> its future

    def step(self, tasks: list, answered: Iterable[str] = ()) -> list[DealAnalysis]:
        """The analyses of `tasks` finished so far (a deal that failed raises its error); the rest started.
        `answered`: digests of deals the cache now answers, whose results are forgotten."""
        answered = set(answered)
        for key in [k for k, f in self.running.items() if k[0] in answered and f.done()]:
            del self.running[key]
        out = []
        for task in tasks:
            deal, todo, misere_count = task
            key = (deal_digest(deal), frozenset(todo), misere_count)
            future = self.running.get(key)
            if future is None:
                if self.pool is None:
                    load_searches()
                    self.pool = WorkerPool(self.jobs or os.cpu_count() or 1, _background_start).__enter__()
                self.running[key] = self.pool.submit(_solve, task)
            elif future.done():  # kept until the cache answers: should this call's result be lost, the next has it
                out.append(replace(future.result(), number=deal.number))
        return out

    def wait(self, timeout: float) -> int:
        """Waits at most `timeout` seconds for every deal under way to be solved: how many are still not."""
        return len(futures.wait([f for f in self.running.values() if not f.done()], timeout).not_done)

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.stop()
        self.pool, self.running = None, {}


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
        solved = _run(tasks, jobs, progress) if tasks else []
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


# --------------------------------------------------------------------------- JSON


def _cards_text(cards) -> list[str] | None:
    if cards is None:
        return None
    return [card_text(c) for c in sorted(cards, key=lambda c: (c[0], -c[1]))]


def to_json(deals: Iterable[Deal], analysis: EventAnalysis, session: int = 1) -> dict:
    """The analysis of a session's deals as plain JSON data (shape in docs/json.md): cards as "♠Т", seats N E S W."""
    out = []
    for d in deals:
        a = analysis.deals.get(d.number)
        if a is None:
            continue
        seats = sorted(a.order, key="NESW".index)
        hands = {s: _cards_text(dict(d.hands)[s]) for s in seats}
        hands["talon"] = [card_text(c) for c in d.talon]
        entry = {
            "deal": d.number,
            "session": session,
            "dealer": d.dealer,
            "first_hand": a.first_hand,
            "hands": hands,
            "tricks": {s: {k: a.tricks[s][k] for k in STRAINS if k in a.tricks[s]} for s in seats if s in a.tricks},
            "misere": {s: a.misere[s].verdict for s in seats if s in a.misere},
            "misere_tricks": {s: a.misere[s].tricks for s in seats if s in a.misere},
            "discards": {
                s: {k: _cards_text(a.discards[s][k]) for k in DENOMINATIONS if k in a.discards[s]}
                for s in seats
                if s in a.discards
            },
        }
        out.append(entry)
    return {
        "deals": out,
        "skipped": [{"deal": n, "session": session} for n in analysis.skipped],
        "allpass": "no double-dummy answer: three players each play for himself",
    }


# --------------------------------------------------------------------------- text


def _misere_text(m: Misere, lang: str) -> str:

    if m.clean:
        return Message("solver.clean").text(lang)
    if m.tricks is None:
        return Message("solver.caught").text(lang)
    return Message("solver.caught_n", n=m.tricks).text(lang)


def analysis_text(title: str, deals: Iterable[Deal], analysis: EventAnalysis, lang: str = "ru") -> str:
    """The analysis as readable text, a grid per deal: tricks per declarer and strain, the misère verdict."""

    def t(code, **kw):
        return Message(code, **kw).text(lang)

    strains = [s if s != "БК" else t("solver.no_trump") for s in DENOMINATIONS[:-1]]
    lines = [t("solver.title", title=title), ""]
    for d in deals:
        a = analysis.deals.get(d.number)
        if a is None:
            continue
        head = (
            t("solver.deal4", number=d.number, dealer=d.dealer, first=a.first_hand)
            if d.table_size == 4
            else t("solver.deal3", number=d.number, first=a.first_hand)
        )
        lines.append(head)
        lines.append(f"  {t('solver.declarer'):<8}" + "".join(f"{s:>4}" for s in strains) + f"   {t('solver.misere')}")
        for seat in sorted(a.order, key="NESW".index):
            row = a.tricks.get(seat, {})
            cells = "".join(f"{row[s] if s in row else '·':>4}" for s in DENOMINATIONS[:-1])
            m = a.misere.get(seat)
            lines.append(f"  {seat:<8}{cells}   {_misere_text(m, lang) if m else '·'}".rstrip())
        lines.append("")
    if not analysis.deals:
        lines.append(t("solver.nothing"))
    if analysis.skipped:
        lines.append(t("solver.skipped", numbers=", ".join(map(str, analysis.skipped))))
    lines.append(t("solver.legend"))
    return "\n".join(lines)
