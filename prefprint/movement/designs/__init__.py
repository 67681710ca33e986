"""Line designs behind the movements: perfect ones from finite fields, searched ones elsewhere.

Pure Python. A *line design* keeps every player in one seat (his line) for the whole session. It is
one array per line: `rows[line][player][round]` is the set (0-based) that player plays in that
round, or `REST`. Line 0 is N: N player t stays at table t, so `rows[0]` also says which set lies on
which table. The other lines follow the sets: in round r the E player at table t is the one whose
row holds the set of table t.

- `perfect_design` (perfect.py, over the rings of rings.py): every two players of different lines
  meet exactly once, everybody plays every set once. Positions are the elements of a ring G (a
  cyclic group Z_m with gcd(m, 6) = 1, finite fields GF(q), and direct products of them — MacNeish);
  an item of kind c (a set or a line) sits at position i + c·r in round r. Players of lines a and b
  meet exactly once because a − b is a unit; that needs 4 distinct non-zero coefficients with unit
  differences at tables of 4 (3 at tables of 3): Z_m with gcd(m, 6) = 1 (the seed's standard
  movement: sets −1, E +1, S +2, W −2), GF(q) for q ≥ 5 (q ≥ 4 at tables of 3), and their products.
  With `spot` the last position keeps no N player: whoever comes there rests (fields of k·q − 1
  players).
- `group_design` (groups.py): any other number of full tables. Player x of a line plays set x + π(r)
  in round r over the group Z_T (Z_2 × Z_T/2 where 4 divides T, so that orthomorphisms exist); every
  such design is a valid movement, and an annealing of the permutations π makes meetings as even as
  it can (`_GroupSearch`).
- `substitute_design` (substitutes.py): k·T + 1 … k·T + k − 1 players on T tables: lines E (, S, W)
  get one extra player who sits in for the one of the line who rests; everybody rests at most once.
  A formula over the ring where it allows (nobody then meets anybody twice), else a search for a
  transversal of the line's square (`rester_schedule`).
- `rotating_design` (rotations.py): small fields (up to 6 tables) where players change seats so that
  nearly everybody meets everybody (`RotatingSearch`).

- session designs (`session_designs` in sessions.py, `plane_session` in planes.py): for a session of
  R ≤ 8 rounds, not the full circle — line designs over a group whose R rows are searched so that
  nobody meets anybody twice (tools/make_sessions.py, prefprint/movement/data/sessions.txt), and for
  21, 22, 25, 26 players at tables of 4 the lines of the affine plane of order 5 (players change
  seats).

The searched designs up to 40 tables are computed ahead by tools/make_designs.py and shipped in
prefprint/movement/data/designs.txt (read through importlib.resources, as sessions.txt, each once:
precomputed.py); `line_designs` (catalogue.py) lists those of a field. Others are searched on demand
with a smaller effort. Every search is deterministic (its own random generator, fixed seeds).
"""

from prefprint.movement.designs.catalogue import base_design, line_designs, measure, rest_design
from prefprint.movement.designs.design import REST, Design
from prefprint.movement.designs.groups import group_design
from prefprint.movement.designs.perfect import perfect_design
from prefprint.movement.designs.planes import PLANE_FIELDS, plane_groups, plane_session
from prefprint.movement.designs.precomputed import (
    DATA,
    SESSIONS,
    stored,
    stored_exhausted,
    stored_planes,
    stored_sessions,
)
from prefprint.movement.designs.rings import Field, perfect_order, prime_power
from prefprint.movement.designs.rotations import Rotation, make_rotation, rotating_design, rotation_rounds
from prefprint.movement.designs.sessions import (
    SESSION_ROUNDS,
    product_group,
    session_design,
    session_designs,
    session_faults,
    session_groups,
    session_known,
    session_rows,
)
from prefprint.movement.designs.substitutes import substitute_design

__all__ = [
    "DATA",
    "PLANE_FIELDS",
    "REST",
    "SESSIONS",
    "SESSION_ROUNDS",
    "Design",
    "Field",
    "Rotation",
    "base_design",
    "group_design",
    "line_designs",
    "make_rotation",
    "measure",
    "perfect_design",
    "perfect_order",
    "plane_groups",
    "plane_session",
    "prime_power",
    "product_group",
    "rest_design",
    "rotating_design",
    "rotation_rounds",
    "session_design",
    "session_designs",
    "session_faults",
    "session_groups",
    "session_known",
    "session_rows",
    "stored",
    "stored_exhausted",
    "stored_planes",
    "stored_sessions",
    "substitute_design",
]
