"""The secret codes of result entry: one per table, one for the director.

The codes must be printed on the table cards and the director's sheet before the scoring server
starts, and nobody may work them out from printed material. They are derived with HMAC-SHA256
from a random secret written once into the kit's output folder (`serve-secret`, readable by its
owner only): the kit and `prefprint serve` on the same folder find the same codes, and printing
the kit again keeps them. (The spec's deals seed is not used: seeds are often a date, and a date
is guessed.) A code is 6 letters from an alphabet without look-alikes (no I/L/1, O/0, B/8, S/5,
Z/2, G/6, Q); typed codes are read case-blind, and a Cyrillic letter that looks like a Latin one
(А, В, С, Е, Н, К, М, Р, Т, Х, У) counts as that letter, so a phone on a Russian keyboard works.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import unicodedata
from pathlib import Path

from prefprint.engine.model import Event
from prefprint.io.layout import SECRET_FILE

DESK_SECRET_FILE = "desk-secret"  # the club folder's secret the director's desk code is made from
DESK_LENGTH = 12  # the desk's code travels only in its address on this laptop: longer than a typed table code
ALPHABET = "ACDEFHJKMNPRTUVWXY"
LENGTH = 6
_CYRILLIC = str.maketrans("АВСЕНКМРТХУ", "ABCEHKMPTXY")


def secret(folder: Path, create: bool = True, name: str = SECRET_FILE) -> bytes:
    """The folder's secret, written once (32 random bytes as hex, mode 0600); None if absent and not `create`.
    `name`: another secret of the folder (the director's desk keeps DESK_SECRET_FILE in the club's folder)."""
    path = Path(folder) / name
    try:
        return path.read_bytes().strip()
    except FileNotFoundError:
        if not create:
            return None
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_hex(32).encode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # written meanwhile by another run: that one counts
        return path.read_bytes().strip()
    with os.fdopen(fd, "wb") as f:
        f.write(value + b"\n")
        f.flush()
        os.fsync(f.fileno())
    return value


def _code(key: bytes, label: str, length: int = LENGTH) -> str:
    digest = int.from_bytes(hmac.new(key, label.encode(), hashlib.sha256).digest(), "big")
    out = []
    for _ in range(length):
        digest, k = divmod(digest, len(ALPHABET))
        out.append(ALPHABET[k])
    return "".join(out)


def codes(event: Event, key: bytes) -> dict:
    """{"director": code, "tables": {table: code}} of a session (another session or movement: other codes)."""
    base = f"prefprint/{event.session}/{event.digest}"
    tables = sorted({t.table for rnd in event.movement.rounds for t in rnd.tables})
    return {"director": _code(key, f"{base}/director"), "tables": {n: _code(key, f"{base}/table/{n}") for n in tables}}


def desk_code(folder: Path) -> str:
    """The director's code of the desk on a club's folder (its secret written on first use): the same every start."""
    return _code(secret(folder, name=DESK_SECRET_FILE), "prefprint/desk", DESK_LENGTH)


def normal(typed) -> str:
    """A typed code as compared: upper case, Cyrillic look-alikes as Latin, spaces and dashes dropped."""
    if not isinstance(typed, str):
        return ""
    text = unicodedata.normalize("NFKC", typed).upper().translate(_CYRILLIC)
    return "".join(ch for ch in text if ch not in " -\t")


def same(a: str, b: str) -> bool:
    """Two codes compared in constant time."""
    return hmac.compare_digest(a.encode(), b.encode())


def entry_url(base: str, table: int, code: str) -> str:
    """The address a table card's QR code opens: the table's page with its code."""
    return f"{base.rstrip('/')}/t/{table}?token={code}"


def table_address(base: str, table: int) -> str:
    """The table's page as a card prints it to be typed or read aloud ("192.168.1.10:8000/t/5"): without the
    code, which the page asks for, and without "http://", which a phone's browser adds by itself ("https://"
    stays: the browser would not add it)."""
    address = f"{base.rstrip('/')}/t/{table}"
    return address.removeprefix("http://")
