"""Random fills of an event's protocols: plausible outcomes of deals, for demos, tests and benchmarks. Pure Python."""

from __future__ import annotations

import random

from prefprint.engine.cells import row_cells
from prefprint.engine.model import Event
from prefprint.engine.rules import Contract, Conventions, Outcome, active_seats, both_must_whist


def random_outcome(rng: random.Random, table_size: int, dealer: str, conv: Conventions | None = None) -> Outcome:
    """One plausible outcome of a deal (games mostly, some all-pass and misère), allowed by the conventions."""
    players = active_seats(table_size, dealer)
    kind = rng.random()
    if kind < 0.08:
        a = rng.randint(0, 6)
        b = rng.randint(0, 10 - a)
        talon = min(rng.choice((0, 0, 0, 1)), 10 - a - b)  # a talon card took a trick: not written (§7)
        return Outcome.make(
            table_size, dealer, "—", None, dict(zip(players, (a, b, 10 - a - b - talon))), conventions=conv
        )
    declarer = rng.choice(players)
    if kind < 0.12:
        return Outcome.make(
            table_size, dealer, "мизер", declarer, {declarer: rng.choice((0, 0, 0, 1, 2))}, conventions=conv
        )
    level = rng.choices((6, 7, 8, 9, 10), (50, 30, 12, 6, 2))[0]
    strain = rng.choice(("♠", "♣", "♦", "♥", "БК"))
    contract = Contract("game", level, strain)
    dark = bool(conv and conv.dark) and rng.random() < 0.1
    if conv and conv.concession and rng.random() < 0.05:
        return Outcome.make(table_size, dealer, contract, declarer, {}, {}, dark, rng.randint(1, 4), conventions=conv)
    taken = max(0, min(10, level + rng.choice((-2, -1, 0, 0, 0, 1, 1, 2))))
    w1, w2 = Outcome(table_size, dealer, contract, declarer).defenders()
    pattern = rng.random()
    if conv and both_must_whist(contract, conv):
        pattern = 1.0  # Stalingrad, classic sixes: both defenders whist
    elif conv and conv.tens == "checked" and level == 10 and taken < 10 and pattern < 0.15:
        pattern = 1.0  # a checked 10 that fails needs the defenders' tricks

    def make(tricks, defence):
        return Outcome.make(table_size, dealer, contract, declarer, tricks, defence, dark, conventions=conv)

    if pattern < 0.15:
        return make({}, {w1: "pass", w2: "pass"})
    if pattern < 0.22 and level in (6, 7):
        return make({}, {w1: "pass", w2: "half"})
    if pattern < 0.7:
        whister, passer = (w1, w2) if rng.random() < 0.6 else (w2, w1)
        return make({declarer: taken, whister: 10 - taken}, {whister: "whist", passer: "pass"})
    first = rng.randint(0, 10 - taken)
    return make({declarer: taken, w1: first, w2: 10 - taken - first}, {w1: "whist", w2: "whist"})


def random_fills(event: Event, seed: int = 1, blank_whists: float = 0.2) -> tuple[dict, dict]:
    """Fills for every row of every protocol, and the outcomes behind them."""
    rng = random.Random(seed)
    fills, outcomes = {}, {}
    for deal in event.deals:
        for row in event.rows_of(deal):
            outcome = random_outcome(rng, event.table_size, deal.dealer, event.conventions)
            key = (deal.number, row.round, row.table)
            outcomes[key] = outcome
            fills[key] = row_cells(event, outcome, with_whists=rng.random() >= blank_whists)
    return fills, outcomes
