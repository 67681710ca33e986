"""This machine's lock of a publish target: an flock on a file in the user's cache folder, which the kernel
drops when its process dies, so that two runs here never publish to one target at once."""

from __future__ import annotations

import fcntl
import os
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from prefprint.io.remote.errors import failed
from prefprint.io.remote.target import Target

POLL = 0.2


def lock_folder() -> Path:
    """$XDG_CACHE_HOME/prefprint (~/.cache/prefprint), else the temporary folder."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "prefprint"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except OSError:
        return Path(tempfile.gettempdir())


@contextmanager
def local_lock(target: Target, wait: float):
    """Held while the block runs; a second run waits up to `wait` seconds, then PublishError("locked")."""
    path = lock_folder() / target.lock_name
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    raise failed("locked_here", target.host or target.path) from None
                time.sleep(POLL)
        yield
    finally:
        os.close(fd)
