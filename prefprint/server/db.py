"""The scoring server's database: SQLite in the output folder, every row with who entered it and when.

WAL journal with `synchronous=FULL`: a transaction is on disk when COMMIT returns, so a row the
server acknowledged survives a kill -9 or a power cut. A correction writes the old value into
`audit` with who, when and why before it replaces the row. One writer (server.writer, in a thread)
commits the rows that arrive together in one transaction (group commit: one fsync for
a burst of tables instead of one each).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from prefprint.errors import PrefprintError
from prefprint.io.layout import DB_FILE

SCHEMA = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rows (
    deal INTEGER NOT NULL, round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    entry TEXT NOT NULL,      -- the row as entered (JSON: contract, declarer, defence, tricks, dark)
    cells TEXT NOT NULL,      -- the protocol cells it fills (JSON), whists computed by the engine
    whists TEXT NOT NULL,     -- {seat: whists} (JSON)
    by TEXT NOT NULL, at TEXT NOT NULL, address TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (deal, round, tbl)
);
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    deal INTEGER NOT NULL, round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    old TEXT NOT NULL,        -- the replaced row (JSON: entry, cells, whists, by, at)
    by TEXT NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL DEFAULT '', address TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS closed (round INTEGER PRIMARY KEY, by TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS layouts (
    deal INTEGER PRIMARY KEY,  -- a deal dealt at the table: its cards as its first table wrote them
    pockets TEXT NOT NULL,     -- {pocket: cards as text} (JSON), pockets: the seats that play, talon_top, talon_bottom
    by TEXT NOT NULL, at TEXT NOT NULL, address TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS waived (
    deal INTEGER NOT NULL, round INTEGER NOT NULL, tbl INTEGER NOT NULL,  -- a row the director waived
    by TEXT NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL, address TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (deal, round, tbl)
);
"""


def now() -> str:
    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


@dataclass
class Row:
    deal: int
    round: int
    table: int
    entry: dict
    cells: dict
    whists: dict
    by: str
    at: str

    def json(self) -> dict:
        return {**self.entry, "whists": self.whists, "by": self.by, "at": self.at}


@dataclass
class Write:
    """One row to store; `correct`: it may replace a row already there (with `reason` in the audit)."""

    row: Row
    correct: bool = False
    reason: str = ""
    address: str = ""
    director: bool = False


class Conflict(Exception):
    """The row is there already and the write is no correction (HTTP 409)."""


class Same(Exception):
    """The very row (or layout) is there already, entered by the same hand: nothing to store (HTTP 200)."""


class Closed(Exception):
    """The round is closed and the writer is no director (HTTP 403)."""


def connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=30)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    return con


def entered(folder: Path, digest: str, session: int) -> tuple[dict, dict] | None:
    """What another session's database in `folder` holds, read without taking it (its server may be
    running): (the cells of every row by (deal, round, table), the pockets of every layout by deal).
    None when the folder has no database, or one of another event or session, or one that cannot be read."""
    path = Path(folder) / DB_FILE
    if not path.is_file():
        return None
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            meta = dict(con.execute("SELECT key, value FROM meta"))
            if meta.get("digest") != digest or meta.get("session") != str(session):
                return None
            rows = {
                (d, r, t): json.loads(cells)
                for d, r, t, cells in con.execute("SELECT deal, round, tbl, cells FROM rows")
            }
            layouts = {d: json.loads(pockets) for d, pockets in con.execute("SELECT deal, pockets FROM layouts")}
        finally:
            con.close()
    except (sqlite3.Error, ValueError):
        return None
    return rows, layouts


class Store:
    """The rows of one session, kept in memory for reading and in SQLite for keeping."""

    def __init__(self, folder: Path, digest: str, session: int):
        self.path = Path(folder) / DB_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock_file()
        self.con = connect(self.path)
        self.con.executescript(_SCHEMA)
        self.rows: dict[tuple[int, int, int], Row] = {}  # (deal, round, table) -> row
        self.layouts: dict[int, dict] = {}  # deal -> {"pockets": {pocket: text}, "by", "at"}
        self.closed: set[int] = set()
        self.waived: dict[tuple[int, int, int], dict] = {}  # (deal, round, table) -> {"by", "at", "reason"}
        self.settings: dict = {}
        self.version = 0
        self._check_meta(digest, session)
        self._load()

    def _lock_file(self) -> None:
        """One server a folder: a second one would answer from rows it never saw (the kernel lets go of the
        lock when the process ends, also by kill -9)."""
        import fcntl
        import os

        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self._fd)

            raise PrefprintError("serve.busy", path=str(self.path)) from None

    def _check_meta(self, digest: str, session: int) -> None:
        meta = dict(self.con.execute("SELECT key, value FROM meta"))
        if not meta:
            with self.con:
                self.con.execute("BEGIN IMMEDIATE")
                self.con.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [("schema", str(SCHEMA)), ("digest", digest), ("session", str(session))],
                )
            return
        if meta.get("digest") != digest or meta.get("session") != str(session):
            raise PrefprintError("serve.other_event", path=str(self.path), session=meta.get("session", "?"))

    def _load(self) -> None:
        for deal, rnd, tbl, entry, cells, whists, by, at in self.con.execute(
            "SELECT deal, round, tbl, entry, cells, whists, by, at FROM rows"
        ):
            self.rows[(deal, rnd, tbl)] = Row(
                deal, rnd, tbl, json.loads(entry), json.loads(cells), json.loads(whists), by, at
            )
        self.closed = {r for (r,) in self.con.execute("SELECT round FROM closed")}
        self.layouts = {
            deal: {"pockets": json.loads(pockets), "by": by, "at": at}
            for deal, pockets, by, at in self.con.execute("SELECT deal, pockets, by, at FROM layouts")
        }
        self.waived = {
            (d, r, t): {"by": by, "at": at, "reason": reason}
            for d, r, t, by, at, reason in self.con.execute("SELECT deal, round, tbl, by, at, reason FROM waived")
        }
        self.settings = {
            k[len("setting.") :]: json.loads(v)
            for k, v in self.con.execute("SELECT key, value FROM meta WHERE key LIKE 'setting.%'")
        }

    # ------------------------------------------------------------------ writing (the writer thread only)

    def write(self, batch: list[Write]) -> list:
        """Store a batch in one transaction; per write, None (stored) or the exception refusing it.
        The memory is not touched: `remember` does it."""
        outcomes = []
        stored = []
        self.con.execute("BEGIN IMMEDIATE")
        try:
            for w in batch:
                r = w.row
                key = (r.deal, r.round, r.table)
                old = self.con.execute(
                    "SELECT entry, cells, whists, by, at FROM rows WHERE deal=? AND round=? AND tbl=?", key
                ).fetchone()
                if old and json.loads(old[0]) == r.entry and old[3] == r.by:
                    outcomes.append(Same())  # sent again (a double tap, an answer lost on the way): stored already
                    continue
                if r.round in self.closed and not w.director:
                    outcomes.append(Closed())
                    continue
                if old and not w.correct:
                    outcomes.append(Conflict())
                    continue
                if old:
                    before = {
                        "entry": json.loads(old[0]),
                        "cells": json.loads(old[1]),
                        "whists": json.loads(old[2]),
                        "by": old[3],
                        "at": old[4],
                    }
                    self.con.execute(
                        "INSERT INTO audit (deal, round, tbl, old, by, at, reason, address) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (*key, json.dumps(before, ensure_ascii=False), r.by, r.at, w.reason, w.address),
                    )
                self.con.execute(
                    "INSERT OR REPLACE INTO rows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        *key,
                        json.dumps(r.entry, ensure_ascii=False),
                        json.dumps(r.cells, ensure_ascii=False),
                        json.dumps(r.whists),
                        r.by,
                        r.at,
                        w.address,
                    ),
                )
                outcomes.append(None)
                stored.append(r)
            self.con.execute("COMMIT")
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        return outcomes

    def holds(self, row: Row) -> bool:
        """The very row is stored, entered by the same hand (sent again: acknowledged, never stored twice)."""
        stored = self.rows.get((row.deal, row.round, row.table))
        return stored is not None and (stored.entry, stored.by) == (row.entry, row.by)

    def remember(self, batch: list[Write], outcomes: list) -> None:
        """The rows a batch stored, in memory once they are on disk (in the server's event loop: the
        pages read the memory there, never while it changes)."""
        stored = [w.row for w, out in zip(batch, outcomes) if out is None]
        for r in stored:
            self.rows[(r.deal, r.round, r.table)] = r
        if stored:
            self.version += 1

    def write_layout(self, deal: int, pockets: dict, by: str, address: str, correct: bool, reason: str) -> dict:
        """Store a deal's layout (Same if this very one is there, Conflict if another is and this is no
        correction; the old one goes to the audit as round 0, table 0). Returns what `remember_layout` keeps
        in memory (in the event loop)."""
        at = now()
        with self.con:
            self.con.execute("BEGIN IMMEDIATE")
            old = self.con.execute("SELECT pockets, by, at FROM layouts WHERE deal=?", (deal,)).fetchone()
            if old and json.loads(old[0]) == pockets and old[1] == by:
                raise Same()
            if old and not correct:
                raise Conflict()
            if old:
                before = {"layout": json.loads(old[0]), "by": old[1], "at": old[2]}
                self.con.execute(
                    "INSERT INTO audit (deal, round, tbl, old, by, at, reason, address) VALUES (?, 0, 0, ?, ?, ?, ?, ?)",
                    (deal, json.dumps(before, ensure_ascii=False), by, at, reason, address),
                )
            self.con.execute(
                "INSERT OR REPLACE INTO layouts VALUES (?, ?, ?, ?, ?)",
                (deal, json.dumps(pockets, ensure_ascii=False), by, at, address),
            )
        return {"pockets": dict(pockets), "by": by, "at": at}

    def remember_layout(self, deal: int, layout: dict) -> None:
        self.layouts[deal] = layout
        self.version += 1

    def close_round(self, rnd: int, by: str, closed: bool = True) -> None:
        with self.con:
            self.con.execute("BEGIN IMMEDIATE")
            if closed:
                self.con.execute("INSERT OR IGNORE INTO closed VALUES (?, ?, ?)", (rnd, by, now()))
            else:
                self.con.execute("DELETE FROM closed WHERE round=?", (rnd,))
        (self.closed.add if closed else self.closed.discard)(rnd)

    def waive(self, key: tuple[int, int, int], waived: bool, by: str, reason: str, address: str) -> bool:
        """A row not entered waived by the director (it is no longer missing), or the waiver withdrawn; the
        audit says what was before ({"missing": true}, or the waiver withdrawn). False when nothing changes."""
        at = now()
        with self.con:
            self.con.execute("BEGIN IMMEDIATE")
            old = self.con.execute(
                "SELECT by, at, reason FROM waived WHERE deal=? AND round=? AND tbl=?", key
            ).fetchone()
            if bool(old) == waived:
                return False
            before = {"waived": dict(zip(("by", "at", "reason"), old))} if old else {"missing": True}
            self.con.execute(
                "INSERT INTO audit (deal, round, tbl, old, by, at, reason, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*key, json.dumps(before, ensure_ascii=False), by, at, reason, address),
            )
            if waived:
                self.con.execute("INSERT INTO waived VALUES (?, ?, ?, ?, ?, ?, ?)", (*key, by, at, reason, address))
            else:
                self.con.execute("DELETE FROM waived WHERE deal=? AND round=? AND tbl=?", key)
        if waived:
            self.waived[key] = {"by": by, "at": at, "reason": reason}
        else:
            self.waived.pop(key, None)
        self.version += 1
        return True

    def set(self, key: str, value) -> None:
        with self.con:
            self.con.execute("BEGIN IMMEDIATE")
            self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"setting.{key}", json.dumps(value)))
        self.settings[key] = value

    def audit(self) -> list[dict]:
        return [
            {"deal": d, "round": r, "table": t, "old": json.loads(old), "by": by, "at": at, "reason": reason}
            for d, r, t, old, by, at, reason in self.con.execute(
                "SELECT deal, round, tbl, old, by, at, reason FROM audit ORDER BY id"
            )
        ]

    def close(self) -> None:
        import os

        self.con.close()
        os.close(self._fd)
