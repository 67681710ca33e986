"""What the cards allowed, as the pages show it: a deal's makeable grid on hand records and protocols, a played
row set against it, the marks on score cards (the grids solved by prefprint.analysis.makeable)."""

from __future__ import annotations

from dataclasses import dataclass

from prefprint.analysis.solver import DENOMINATIONS, DealAnalysis
from prefprint.words.messages import Message

MADE = 6  # the fewest tricks of a game: a number from here on is a contract that makes
UP, DOWN = "▲", "▼"


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
