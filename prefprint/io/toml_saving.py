"""TOML files a program saves that a person may also edit: read with their comments and layout (tomlkit, a
round-trip TOML library), written atomically, and never over a hand edit made since the program read them.

`Seen` keeps the fingerprint (SHA-256 of the bytes) of each file as it was last looked at or written. `load`
refuses a file that changed since it was looked at (`StaleFile`, said with the file's name): the director
sees the new file before his change is made, and neither his change nor the hand edit is lost. A file
never looked at is looked at by `load` itself.
"""

from __future__ import annotations

import hashlib
import threading
import tomllib
from pathlib import Path

import tomlkit
from tomlkit.exceptions import TOMLKitError

from prefprint.errors import PrefprintError
from prefprint.io.outdir import write_atomic
from prefprint.io.toml_file import toml_problem, unreadable
from prefprint.words.messages import Message


class StaleFile(PrefprintError):
    """A file edited by hand since it was read: the save is refused, the file kept as it is."""


def fingerprint_of(data: bytes) -> str:
    """SHA-256 of a file's bytes: what a page is given as `seen` and gives back to change the file."""
    return hashlib.sha256(data).hexdigest()


def fingerprint(path: Path) -> str | None:
    """The fingerprint of the file's bytes; None for a file that is not there."""
    try:
        return fingerprint_of(Path(path).read_bytes())
    except FileNotFoundError:
        return None


class Seen:
    """The fingerprint of each file as the program last read or wrote it (one lock: saves never interleave)."""

    def __init__(self):
        self.prints: dict[Path, str | None] = {}
        self.lock = threading.RLock()

    def look(self, path: Path) -> None:
        """The file as it is now is what the director sees."""
        self.prints[Path(path).resolve()] = fingerprint(path)

    def check(self, path: Path) -> None:
        """StaleFile if the file changed since it was looked at; a file never looked at is looked at now."""
        key = Path(path).resolve()
        now = fingerprint(path)
        if key in self.prints and self.prints[key] != now:
            raise StaleFile(Message("desk.stale", path=str(path)))
        self.prints[key] = now

    def load(self, path: Path) -> tomlkit.TOMLDocument:
        """The file as a tomlkit document (an empty one for a file not there), after `check`."""
        self.check(path)
        try:
            text = Path(path).read_text(encoding="utf-8") if Path(path).is_file() else ""
            tomllib.loads(text)  # its mistakes said in words, at their line and column
            return tomlkit.parse(text)
        except tomllib.TOMLDecodeError as e:
            raise PrefprintError(Message("club.unreadable", path=str(path), error=toml_problem(e, text))) from None
        except (OSError, UnicodeDecodeError, TOMLKitError) as e:
            raise PrefprintError(Message("club.unreadable", path=str(path), error=unreadable(e))) from None

    def save(self, path: Path, doc) -> Path:
        """Write the document atomically if the file is still as looked at (else StaleFile, nothing written)."""
        self.check(path)
        text = tomlkit.dumps(doc)
        write_atomic(path, text)
        self.prints[Path(path).resolve()] = fingerprint_of(text.encode("utf-8"))
        return Path(path)


def put_key(table, key: str, value) -> None:
    """Set a key of a tomlkit table of an array ([[players]], [[seasons]]): in place where it is there (its
    comment kept), else after the table's last key, before the comments and blank lines that end it (which
    belong to what follows)."""
    body = table.value.body
    last = max((i for i, (k, _) in enumerate(body) if k is not None), default=len(body) - 1)
    if key in table or last + 1 >= len(body):
        table[key] = value
    else:
        table.value._insert_at(last + 1, key, value)  # tomlkit has no public insertion at a place
