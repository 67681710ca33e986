"""The wall start list: players in alphabetical order with the table and seat they start at."""

from __future__ import annotations

from prefprint.engine.model import Event


def sort_key(name: str) -> tuple:
    """Alphabetical order of names as a Russian reader expects it (Ё beside Е, case ignored)."""
    folded = str(name).casefold()
    return (folded.replace("ё", "е"), folded)


def first_seats(event: Event) -> dict:
    """player -> (round, table, seat, room) of his first round at a table (round 1 unless he rests)."""
    out = {}
    for rnd in event.movement.rounds:
        for t in rnd.tables:
            for seat, p in t.seats:
                out.setdefault(p, (rnd.number, t.table, seat, t.room))
    return out


def _typical(values) -> int:
    """The ninth decile: nine values in ten are at most this."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


FIGURE_MM = 13.5  # a start list's column of figures (number, room, table, seat), as print.css sets it


def start_list_context(event: Event, sessions=None) -> dict:
    """Players in alphabetical order with their round-1 table and seat, laid out in columns.

    `sessions` (label, Event) pairs give one table-and-seat column group per session of a
    competition; by default the event's own session alone, without a session heading.
    """
    sessions = list(sessions) if sessions else [(None, event)]
    seats = [(label, first_seats(ev)) for label, ev in sessions]
    rooms = [len(ev.movement.rooms) > 1 for _, ev in sessions]  # a room column where a session has rooms
    entries = []
    for p in sorted(event.players, key=lambda p: (sort_key(p.name or ""), p.number)):
        entries.append({"player": p, "at": [where.get(p.number) for _, where in seats]})
    n = len(entries)
    across = 2 if len(sessions) == 1 else 1  # a column group per session leaves room for one list a page
    pages = 1 if n <= 30 * across else 2 if n <= 70 * across else -(-n // (35 * across))
    per_column = max(1, -(-n // (across * pages)))
    columns = [entries[i : i + per_column] for i in range(0, n, per_column)]
    # rows as tall as a page allows (about 225 mm of rows)
    row_mm = min(16.0, max(5.0, 225.0 / per_column))
    # Numbers, tables and seats as large as the rows allow. Names as large as fits the name column
    # (a list's share of the 188 mm width less 13.5 mm a column of figures, 3 mm of padding): nine
    # names in ten on one line, or on two (surname, name) where the rows are tall enough.
    # DejaVu Sans takes about 0.21 mm a letter a point, a line 1.1 × 0.353 mm a point.
    font_pt = min(18.0, row_mm * 1.4)
    name_mm = (188.0 - 5.0 * (across - 1)) / across - FIGURE_MM * (1 + sum(3 if r else 2 for r in rooms)) - 3.0
    names = [str(e["player"].name or "") for e in entries] or ["—"]
    one_line = name_mm / (max(_typical(len(name) for name in names), 8) * 0.21)
    two_lines = min(
        (row_mm - 1.0) / (2 * 1.1 * 0.353),
        name_mm / (max(_typical(max(map(len, name.split() or [""])) for name in names), 6) * 0.21),
    )
    name_pt = max(9.0, min(font_pt, max(one_line, two_lines)))
    later = any(at and at[0] > 1 for e in entries for at in e["at"])
    return {
        "pages": [columns[i : i + across] for i in range(0, len(columns), across)],
        "sessions": [s for s, _ in sessions],
        "rooms": rooms,
        "figure_mm": FIGURE_MM,
        "row_mm": round(row_mm, 1),
        "font_pt": round(font_pt, 1),
        "across": across,
        "name_pt": round(name_pt, 1),
        "any_later": later,
    }
