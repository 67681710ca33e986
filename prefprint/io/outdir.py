"""Output folders written whole or not at all: staged beside the target, swapped in at the end, locked.

Everything is written into a hidden folder beside the target (`.NAME.swap-…`); on success it
takes the target's place in one step (Linux `renameat2(RENAME_EXCHANGE)`), so readers see the
old results or the new, never a mix, and files of an earlier run that this run does not write
are gone. Entries the earlier run did not write (a `results/` folder inside a kit folder, a
director's own notes) are carried over. A manifest `.prefprint` in the folder lists what
prefprint wrote. A lock beside the folder keeps two runs out of it.

Crash-only: a run killed at any moment (SIGKILL included) leaves nothing that stops the next.
The lock is an flock on `.NAME.lock`, which the kernel drops when its process dies; processes
forked while it is held (the workers of prefprint.io.pool) close their copy at once, so a worker
can never keep it. The next run takes the lock, puts back an old folder caught between the two
renames of a swap, removes staged folders and half-written temporary files, and at its end
removes the lock file too.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from prefprint.errors import PrefprintError
from prefprint.io import layout
from prefprint.words.messages import shown

# the process's umask, read once (os.umask can only be read by setting it)
_UMASK = os.umask(0)
os.umask(_UMASK)


MANIFEST = ".prefprint"
DIGESTS = ".prefprint-digests"  # what each file prefprint wrote holds (a digest), and the parts of each PDF
# what prefprint writes into a folder: a folder holding only these was written by it
KNOWN_NAMES = {
    "index.html",
    "deals",
    "players",
    "tables",
    "results.pdf",
    "results.xlsx",
    layout.RESULTS_JSON,
    layout.KIT_WORKBOOK,
    "results",
    "table-cards.html",
    "table-cards.pdf",
    "director.html",
    "director.pdf",
    "itineraries.html",
    "itineraries.pdf",
    "protocols.html",
    "protocols.pdf",
    "deals.html",
    "deals.pdf",
    "costs.html",
    "costs.pdf",
    "start-list.html",
    "start-list.pdf",
    layout.ANALYSIS_CACHE,
    layout.PRINTED_SPEC,
    MANIFEST,
    DIGESTS,
    # the scoring server's: the secret of the entry codes, its database, its exports
    layout.SECRET_FILE,
    layout.DB_FILE,
    layout.DB_FILE + "-wal",
    layout.DB_FILE + "-shm",
    layout.EXPORTS,
    # a club's season site (prefprint season): besides index.html and players/, season-N.html
    "grades.html",
    "standings.xlsx",
}


# a temporary file of write_atomic: ".NAME.xxxxxxxx.tmp"
_TEMPORARY = re.compile(r"\.(.+)\.[a-z0-9_]{8}\.tmp")
_TEMPORARY_AGE = 60  # seconds: a temporary file older than this is a killed run's


def _ours(name: str) -> bool:
    """A name prefprint writes into an output folder (a session's own folder: session-N; a killed run's temporary file)."""
    m = _TEMPORARY.fullmatch(name)
    if m:
        name = m.group(1)
    return (
        name in KNOWN_NAMES
        or layout.session_number(name) is not None
        or (name.startswith("season-") and name.endswith(".html") and name[7:-5].isdigit())
    )


class OutputError(PrefprintError):
    """The output folder cannot be used: one line, exit code 2."""

    exit_code = 2


# the lock files this process holds open: a forked child closes its copies (the lock stays the parent's alone).
# The process's own state: the hook that reads it at a fork has no caller to be handed it.
_OPEN_LOCKS: set[int] = set()


def _drop_locks() -> None:
    for fd in list(_OPEN_LOCKS):
        try:
            os.close(fd)
        except OSError:
            pass
    _OPEN_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_locks)


def _reason(e: OSError) -> str:
    return e.strerror or type(e).__name__


class OutputFolder:
    """A folder of outputs written as a whole; `inputs` must not lie inside it."""

    def __init__(self, folder, inputs=(), kind: str = "results"):
        self.given = Path(folder)
        self.kind = kind
        self.inputs = [Path(p) for p in inputs if p]

    @property
    def folder(self) -> Path:
        return Path(os.path.abspath(self.given)).resolve()

    def check(self) -> None:
        """Refuse early: a file in the way, an input inside the folder, a folder of someone else's files."""
        folder = self.folder
        for parent in [folder, *folder.parents]:
            if parent.exists() and not parent.is_dir():
                raise OutputError("outdir.not_folder", path=shown(str(parent), 200))
        for path in self.inputs:
            try:
                inside = Path(os.path.abspath(path)).resolve().is_relative_to(folder)
            except OSError:
                inside = False
            if inside:
                raise OutputError("outdir.holds_input", folder=shown(str(self.given), 200), path=shown(str(path), 200))
        other = self._other_kind(folder)
        if other:  # the other command's folder: a kit (its filled workbook) replaced by results, or results by a kit
            raise OutputError(
                f"outdir.is_{other}", path=shown(str(self.given), 200), results=shown(str(self.given / "results"), 200)
            )
        if folder.is_dir() and not (folder / MANIFEST).is_file():
            try:
                names = {e.name for e in os.scandir(folder)}
            except OSError as e:
                raise OutputError("outdir.cannot_write", path=shown(str(folder), 200), reason=_reason(e)) from None
            if not all(_ours(n) for n in names):
                raise OutputError("outdir.foreign", path=shown(str(self.given), 200))

    def _other_kind(self, folder: Path) -> str | None:
        """The kind of the other command whose output `folder` holds, itself or in its sessions' folders (a
        competition's kit or results: session-N/ each), or whose output a session's folder lies in; else None."""
        around = [folder.parent] if layout.session_number(folder.name) is not None else []
        inside = [folder, *sorted(folder.glob("session-*"))] if folder.is_dir() else []
        for where in [*inside, *around]:
            written = _manifest(where)
            if written and written.get("state") == "done" and written.get("kind", self.kind) != self.kind:
                return written["kind"]
        return None

    @contextmanager
    def staged(self):
        """Yield an empty folder to write into; swap it in if the block succeeds, remove it if not."""
        with self.locked():
            with self.stage() as staging:
                yield staging

    @contextmanager
    def locked(self):
        """Keep other runs out of the folder while the block runs (one or more stages swapped in, one by one)."""
        self.check()
        folder = self.folder
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise OutputError("outdir.cannot_write", path=shown(str(folder.parent), 200), reason=_reason(e)) from None
        with self._lock(folder):
            _recover(folder)
            yield

    @contextmanager
    def stage(self, keep: bool = False):
        """Inside `locked()`: yield a folder to write into, swapped in whole if the block succeeds.

        `keep`: the folder starts as a copy of what prefprint wrote in the current one (its files
        hard-linked, so nothing is copied), for a second stage that only adds to the first (the
        PDF after the site): readers see the first stage whole, then the second whole.
        """
        folder = self.folder
        try:
            staging = _staging_folder(folder, private=self.kind == "kit")
        except OSError as e:
            raise OutputError("outdir.cannot_write", path=shown(str(folder.parent), 200), reason=_reason(e)) from None
        try:
            _write_manifest(staging, self.kind, "staging")
            if keep:
                for name in (_manifest(folder) or {}).get("names", []):
                    if _ours(name) and name != MANIFEST and os.path.lexists(folder / name):
                        _link_tree(folder / name, staging / name)
            yield staging
            names = sorted(e.name for e in os.scandir(staging) if e.name != MANIFEST)
            _write_manifest(staging, self.kind, "done", names)
            _swap(staging, folder)
        except OSError as e:
            shutil.rmtree(staging, ignore_errors=True)
            raise OutputError("outdir.cannot_write", path=shown(str(folder), 200), reason=_reason(e)) from None
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        _carry_over(staging, folder)

    @contextmanager
    def _lock(self, folder: Path):
        path = folder.parent / f".{folder.name}.lock"
        while True:
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError as e:
                raise OutputError(
                    "outdir.cannot_write", path=shown(str(folder.parent), 200), reason=_reason(e)
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise OutputError("outdir.locked", path=shown(str(self.given), 200)) from None
            try:  # the lock file may have been removed by the run that held it: lock the file that is there
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        _OPEN_LOCKS.add(fd)
        try:
            yield
        finally:
            try:
                os.unlink(path)
            except OSError:
                pass
            _OPEN_LOCKS.discard(fd)
            os.close(fd)


def _staging_folder(folder: Path, private: bool = False) -> Path:
    """A new empty folder beside `folder` to stage into. It becomes the output folder: `private` (a kit, whose
    table cards and director's sheet print the entry codes) its owner's alone, as mkdtemp makes it (0700);
    else readable as any folder the user makes (0755 under umask 022): a web server reads published results."""
    path = Path(tempfile.mkdtemp(prefix=f".{folder.name}.swap-", dir=folder.parent))
    if not private:
        os.chmod(path, 0o777 & ~_UMASK)
    return path


def _write_manifest(folder: Path, kind: str, state: str, names=()) -> None:
    (folder / MANIFEST).write_text(json.dumps({"kind": kind, "state": state, "names": list(names)}), encoding="utf-8")


def _manifest(folder: Path) -> dict | None:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux); False where the system cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _swap(staging: Path, folder: Path) -> None:
    """Put the staged folder in the target's place; the old content ends up at the staging path."""
    if not folder.exists():
        os.rename(staging, folder)
        staging.mkdir()  # an empty "old" folder, so that carrying over has nothing to do
        return
    if _exchange(staging, folder):
        return
    old = _staging_folder(folder, private=True)  # a holder for a moment, never the output itself
    os.rename(folder, old / "x")
    os.rename(staging, folder)
    os.rename(old / "x", staging)
    old.rmdir()


def _carry_over(old: Path, folder: Path) -> None:
    """Move entries of the old folder that prefprint did not write into the new one, then drop the old."""
    manifest = _manifest(old) or {}
    if manifest.get("state") != "staging":
        ours = set(manifest.get("names", [])) | {MANIFEST}
        for entry in os.scandir(old):
            if entry.name not in ours and not (folder / entry.name).exists():
                os.rename(entry.path, folder / entry.name)
    shutil.rmtree(old, ignore_errors=True)


def _recover(folder: Path) -> None:
    """Clean up after a run that was killed: staged folders removed, an old folder's own entries kept.

    Also the half-written files of write_atomic beside the folder (a competition's index.html and
    start list are written there) and in it: only temporary files of names prefprint writes, and
    only those untouched for a while (`prefprint analyse` writes its cache without the lock).
    """
    import time

    stale = time.time() - _TEMPORARY_AGE
    for where in (folder.parent, folder):
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for entry in entries:
            m = _TEMPORARY.fullmatch(entry.name)
            try:
                if (
                    m
                    and _ours(m.group(1))
                    and entry.is_file(follow_symlinks=False)
                    and entry.stat(follow_symlinks=False).st_mtime < stale
                ):
                    os.unlink(entry.path)
            except OSError:
                pass
    for entry in folder.parent.glob(f".{folder.name}.swap-*"):
        if not entry.is_dir():
            continue
        state = (_manifest(entry) or {}).get("state")
        if state != "staging" and not folder.exists():
            os.rename(entry, folder)  # killed between the two renames of a swap: the old folder goes back
        else:
            _carry_over(entry, folder)


def _link_tree(source: Path, target: Path) -> None:
    """Hard-link a file, or every file of a folder, to a new place (copied where links cannot be made)."""
    if source.is_dir() and not source.is_symlink():
        target.mkdir(parents=True, exist_ok=True)
        for entry in os.scandir(source):
            _link_tree(Path(entry.path), target / entry.name)
        return
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def link_site(source: Path, target: Path) -> None:
    """A site's files hard-linked (copied where links cannot be made) under `target`, byte for byte; its hidden
    files and folders (the output folder's own, a stage being swapped in) left out."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in os.scandir(source):
        if not entry.name.startswith("."):
            _link_tree(Path(entry.path), target / entry.name)


def digest(data: bytes | str) -> str:
    """A file's or a part's content in 32 hexadecimal digits (SHA-256)."""
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()[:32]


class Previous:
    """What the folder being replaced holds, so that a new run writes only what changed.

    Read when the run starts (the folder is locked): the digest, size and time of each file
    prefprint wrote there, the parts of each PDF (digest and pages) and the PDFs themselves (they
    are gone once the first stage is swapped in). A file whose content is unchanged is
    hard-linked from the old folder instead of written; a PDF's unchanged parts are taken from
    the old PDF instead of rendered. `save` leaves the new digests in the staged folder.
    """

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else None
        data: dict = {}
        if self.folder is not None and (_manifest(self.folder) or {}).get("state") == "done":
            try:
                data = json.loads((self.folder / DIGESTS).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = {}
        self.files: dict = data.get("files", {}) if isinstance(data, dict) else {}
        self.pdf_parts: dict = data.get("pdfs", {}) if isinstance(data, dict) else {}
        self.pdfs: dict[str, bytes] = {}
        for rel in list(self.pdf_parts):
            try:
                self.pdfs[rel] = (self.folder / rel).read_bytes()
            except OSError:
                del self.pdf_parts[rel]
        self.new_files: dict = {}
        self.new_pdfs: dict = {}
        self.linked = 0

    def write(self, staging: Path, path: Path, data: bytes | str) -> Path:
        """Write a file of the staged folder, or hard-link it from the old folder where its content is the same."""
        path = Path(path)
        rel = path.relative_to(staging).as_posix()
        raw = data.encode("utf-8") if isinstance(data, str) else data
        key = digest(raw)
        old = self.files.get(rel)
        if old and old[0] == key and self.folder is not None and self._link(self.folder / rel, path, old, len(raw)):
            self.new_files[rel] = old
            self.linked += 1
            return path
        write_atomic(path, raw)
        st = os.stat(path)
        self.new_files[rel] = [key, st.st_size, st.st_mtime_ns]
        return path

    @staticmethod
    def _link(source: Path, target: Path, old: list, size: int) -> bool:
        try:
            st = os.lstat(source)
            if not os.path.isfile(source) or os.path.islink(source) or [st.st_size, st.st_mtime_ns] != [size, old[2]]:
                return False  # edited by hand since: written anew
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(source, target)
            return True
        except (OSError, IndexError, TypeError):
            return False

    def pdf(self, staging: Path, path: Path) -> tuple[bytes | None, list]:
        """The old PDF at the same place in the folder and its parts ([{"digest", "pages"}, …])."""
        rel = Path(path).relative_to(staging).as_posix()
        return self.pdfs.get(rel), list(self.pdf_parts.get(rel, []))

    def wrote_pdf(self, staging: Path, path: Path, parts: list) -> None:
        self.new_pdfs[Path(path).relative_to(staging).as_posix()] = parts

    def save(self, staging: Path) -> None:
        """The digests of what this run wrote, beside the manifest of the staged folder."""
        files = {rel: v for rel, v in self.new_files.items() if (staging / rel).is_file()}
        pdfs = {rel: v for rel, v in self.new_pdfs.items() if (staging / rel).is_file()}
        write_atomic(staging / DIGESTS, json.dumps({"files": files, "pdfs": pdfs}))


def write_atomic(path: Path, data: bytes | str) -> Path:
    """Write a file through a temporary one in the same folder, so it is never half-written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path
