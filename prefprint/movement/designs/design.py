"""The shape of a line design: one array per line of the set each player plays in every round."""

from __future__ import annotations

from dataclasses import dataclass

REST = -1


@dataclass(frozen=True)
class Design:
    """A line design: tables, rounds (= sets) and each line's rows (see prefprint.movement.designs)."""

    table_size: int
    tables: int
    rounds: int
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    method: str  # "standard", "field" or "search"
    ring: str = ""  # how a perfect design was built, e.g. "GF(8)", "GF(8) × Z5"
    session: bool = False  # searched for a session of `rounds` rounds (see session_design)
    spot: bool = False  # a session design whose last position has no N player (whoever comes there rests)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(line) for line in self.rows)
