"""Movements: who sits where in every round and which set each table plays (pure Python, no I/O).

Every movement built here is checked by `validate` (validation.py) before it is returned: an
invalid movement is a bug that raises `InvalidMovement`, never a printed kit.

A field is served by the fairest of its candidates (`candidates` in choice.py, `build_movement` in
building.py), each a room plan or several (plans.py) composed into one movement (composition.py):
- line designs (prefprint.movement.designs): every player keeps his seat; perfect where a ring
  allows it (the seed's standard movement, finite fields, their products), searched elsewhere;
  players who do not fill a table rest in turn, each at most once;
- the book's special schemes (8, 9, 12, 13, 16, 18, 24 players at tables of 4);
- the seed's skip movement (forced only);
- rooms that each play a movement of their own and share the sets (boxes pass between rooms).

A session of R rounds (`build_movement(..., rounds=R)`, auto) is chosen for those rounds, not cut
from the full circle (short_sessions.py): every candidate above that can play R rounds is built for
R rounds, beside the session designs (prefprint.movement.designs: line designs searched for R
rounds, the affine plane's sessions for 21, 22, 25 and 26 players), and ranked by the R rounds
played (`best_session`: nobody meeting anybody twice with full tables, repeated meetings ≤ 1 %
where players rest). Where the field has R + 1 tables or more and the target is missed, a note says
so with the figures and what is known (`session_limit`). Without `rounds` the full circle is chosen
as before.

Interfaces for the rest of prefprint (the model in model.py):
- `Movement.numbers`: the player numbers that take part (absent players keep their numbers);
  `renumber(movement, numbers)` gives a movement those numbers; `validate` checks the roster.
- `TablePlay.copy`: when several tables play one set in one round, each plays its own copy of
  the boxes; `Movement.routes()` gives each copy's (round, table) route, `Movement.copies` the
  copies to prepare per set.
- `second_session(first, rounds=None, absent=())`: the second session by lines (later_sessions.py).
- `quality(movement)`: the fairness figures the director's sheet and `--compare` print (fairness.py).
- `to_dict(movement)`: the stable JSON shape (export.py).
"""

from prefprint.movement.building import SHORT_SESSION, build_movement, compare
from prefprint.movement.choice import MAX_PLAYERS, METHODS, MIN_PLAYERS, Candidate, candidates, split_rooms
from prefprint.movement.export import to_dict
from prefprint.movement.fairness import EXCESS_LIMIT, Quality, Stats, quality, statistics
from prefprint.movement.later_sessions import lines_of, renumber, second_session
from prefprint.movement.model import SEATS, Movement, Room, Round, TablePlay
from prefprint.movement.plans import BOOK_SCHEMES, LINE_DIRECTION, LINE_STEP, standard_ok
from prefprint.movement.short_sessions import SESSION_METHODS, session_candidates
from prefprint.movement.validation import validate

__all__ = [
    "BOOK_SCHEMES",
    "EXCESS_LIMIT",
    "LINE_DIRECTION",
    "LINE_STEP",
    "MAX_PLAYERS",
    "METHODS",
    "MIN_PLAYERS",
    "SEATS",
    "SESSION_METHODS",
    "SHORT_SESSION",
    "Candidate",
    "Movement",
    "Quality",
    "Room",
    "Round",
    "Stats",
    "TablePlay",
    "build_movement",
    "candidates",
    "compare",
    "lines_of",
    "quality",
    "renumber",
    "second_session",
    "session_candidates",
    "split_rooms",
    "standard_ok",
    "statistics",
    "to_dict",
    "validate",
]
