"""A local folder made the same on a remote one, safely: only what changed travels, a reader never follows a
link to a file not yet there, and nothing prefprint did not upload is ever touched.

The remote folder holds a manifest (`.prefprint-manifest.json`: each file prefprint put there and the
sha256 of its bytes, the names a run may have left `pending`, and the `folders` prefprint made). A run:

1. takes the locks: this machine's (an flock, so two runs here never interleave) and the remote's
   (`.prefprint-lock`, made only where none is; one older than STALE seconds is a dead run's, and so
   is one of this machine's, whose run would hold the flock);
   the second run waits up to `wait` seconds, then refuses;
2. compares the local files with the manifest: new and changed files are to go up, files of the
   manifest the folder no longer has to go away. A new file whose name the remote already has and
   the manifest does not list is the club's own: the run refuses, having changed nothing;
3. writes the manifest with those names `pending`, uploads each file under a temporary name
   (`.NAME.prefprint-part`), and renames them into place: other files first, then the pages, each
   folder's `index.html` last;
4. writes the manifest of the new files (the removals still pending), removes the files no longer made
   (and the folders prefprint made, where that leaves them empty), and writes the manifest once more.

Killed at any moment, the remote holds whole files only, old or new, and the next run finishes the job:
what the killed run left pending is taken as its own (renamed-in files, temporary files, removals).

A run `under` a folder of the target (an evening's `evenings/<id>` in its club's site) makes that folder the
same as the local one and leaves the manifest's other files as they are: the live evening and the club's site
share one manifest and one lock, so the club's next publish takes the evening's files as its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import socket
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from prefprint.io.remote.errors import PublishError, failed
from prefprint.io.remote.locks import local_lock
from prefprint.io.remote.target import Target
from prefprint.words.messages import Message, shown

MANIFEST = ".prefprint-manifest.json"
LOCK = ".prefprint-lock"
PART = ".prefprint-part"
FORMAT = 1
STALE = 15 * 60  # seconds: a remote lock older than this is a killed run's
POLL = 0.5


@dataclass
class SyncReport:
    """What a run did: files uploaded and their bytes, files removed, files left as they were, seconds taken."""

    uploaded: list
    removed: list
    unchanged: int
    bytes: int
    seconds: float
    where: str = ""  # the target as a message names it


def local_files(folder: Path) -> dict[str, Path]:
    """Every file of the folder by its '/'-separated relative name; hidden files and folders (a lock, a manifest,
    a folder being swapped in) left out."""
    out = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith("."):
                path = Path(root) / name
                out[path.relative_to(folder).as_posix()] = path
    return out


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def upload_order(name: str) -> tuple:
    """Other files first, then the pages, each folder's index.html last; deeper folders before the top's."""
    base = posixpath.basename(name)
    kind = 2 if base == "index.html" else 1 if base.endswith((".html", ".htm")) else 0
    return (kind, -name.count("/") if kind == 2 else 0, name)


def part_name(name: str) -> str:
    head, base = posixpath.split(name)
    return posixpath.join(head, f".{base}{PART}")


def open_remote(target: Target):
    """A connection to the target (`local`, `ftp` or `sftp` module's Remote)."""
    if target.scheme == "file":
        from prefprint.io.remote.local import LocalRemote

        return LocalRemote(target)
    if target.scheme == "sftp":
        from prefprint.io.remote.sftp import SftpRemote

        return SftpRemote(target)
    from prefprint.io.remote.ftp import FtpRemote

    return FtpRemote(target)


def sync(
    folder: Path | str, target: Target, wait: float = 10.0, progress=None, stale: float = STALE, under: str = ""
) -> SyncReport:
    """Make the target's files of prefprint those of `folder` (see the module's text), or those in its folder
    `under` ('/'-separated); PublishError where it cannot, the local folder never changed."""
    folder = Path(folder)
    if not folder.is_dir():
        raise PublishError(Message("publish.no_folder", folder=str(folder)))
    started = time.monotonic()
    prefix = f"{under.strip('/')}/" if under.strip("/") else ""
    files = {prefix + name: path for name, path in local_files(folder).items()}
    digests = {name: sha256(path) for name, path in files.items()}
    with local_lock(target, wait):
        remote = open_remote(target)
        try:
            with _RemoteLock(remote, target, wait, stale):
                report = _sync(remote, target, files, digests, progress, prefix)
        finally:
            remote.close()
    where = f"{target.where.rstrip('/')}/{prefix.rstrip('/')}" if prefix else target.where
    report.seconds, report.where = time.monotonic() - started, where
    return report


def _manifest(remote, target: Target) -> tuple[dict, list, set]:
    """The remote manifest's files, pending names and folders prefprint made; names that are not plain relative
    paths (a manifest edited by hand) left out: a run never reaches outside its folder."""
    raw = remote.read(MANIFEST)
    if raw is None:
        return {}, [], set()
    try:
        data = json.loads(raw.decode("utf-8"))
        files, pending, folders = data["files"], data.get("pending", []), data.get("folders", [])
        if not isinstance(files, dict) or not isinstance(pending, list) or not isinstance(folders, list):
            raise ValueError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise failed("bad_manifest", target.host or target.path, name=MANIFEST) from None
    files = {str(k): str(v) for k, v in files.items() if _plain(k)}
    return files, [str(n) for n in pending if _plain(n)], {str(f) for f in folders if _plain(f)}


def _plain(name) -> bool:
    """A relative '/'-separated name without "..", "." or empty parts (nor a backslash)."""
    if not isinstance(name, str) or "\\" in name:
        return False
    return all(p not in ("", ".", "..") for p in name.split("/"))


def _write_manifest(remote, files: dict, pending, folders) -> None:
    data = {"format": FORMAT, "files": dict(sorted(files.items())), "pending": sorted(set(pending))}
    data["folders"] = sorted(folders)
    remote.write_bytes(MANIFEST, json.dumps(data, ensure_ascii=False, indent=0).encode("utf-8"))


def _sync(remote, target: Target, files: dict, digests: dict, progress, prefix: str = "") -> SyncReport:
    old, pending, folders = _manifest(remote, target)
    kept = {n: d for n, d in old.items() if not n.startswith(prefix)}  # the site's other files, a run `under` one
    outside = [n for n in pending if not n.startswith(prefix)]  # a killed run's of the whole site: left to it
    pending = [n for n in pending if n.startswith(prefix)]
    digests = kept | digests
    changed = sorted((n for n in files if old.get(n) != digests[n]), key=upload_order)
    ours = set(old) - set(kept) | set(pending)
    gone = sorted(n for n in ours if n not in files and not n.endswith(PART))
    listed: dict = {}
    _refuse_others(remote, target, [n for n in changed if n not in ours], listed)
    leftovers = [n for n in pending if n.endswith(PART) and n not in {part_name(c) for c in changed}]
    if not changed and not gone and not leftovers:
        return SyncReport([], [], len(files), 0, 0.0)
    heads = sorted({posixpath.dirname(n) for n in changed} - {""})
    folders |= _missing_folders(remote, heads, listed)
    _write_manifest(remote, old, {*outside, *pending, *changed, *map(part_name, changed)}, folders)
    for name in leftovers:
        remote.remove(name)
    for head in heads:
        remote.makedirs(head)
    sent = 0
    for name in changed:
        remote.put(files[name], part_name(name))
        sent += files[name].stat().st_size
        if progress:
            progress(name)
    for name in changed:
        remote.rename(part_name(name), name)
    _write_manifest(remote, digests, [*outside, *gone], folders)
    if gone:
        for name in gone:
            remote.remove(name)
        emptied = {a for n in gone for a in _ancestors(n)} & folders
        for head in sorted(emptied, key=lambda h: -h.count("/")):  # the deepest first
            if not any(n.startswith(head + "/") for n in digests) and remote.remove_folder_if_empty(head):
                folders.discard(head)
        _write_manifest(remote, digests, outside, folders)
    return SyncReport(changed, gone, len(files) - len(changed), sent, 0.0)


def _ancestors(name: str) -> list[str]:
    parts = name.split("/")[:-1]
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def _listing(remote, folder: str, listed: dict) -> set:
    if folder not in listed:
        listed[folder] = remote.names(folder)
    return listed[folder]


def _missing_folders(remote, heads: list, listed: dict) -> set[str]:
    """The folders (and their parents) of `heads` the remote lacks: prefprint's to make, and to remove once empty."""
    missing: set[str] = set()
    for head in heads:
        for folder in _ancestors(head + "/x"):
            parent, base = posixpath.split(folder)
            if folder not in missing and (parent in missing or base not in _listing(remote, parent, listed)):
                missing.add(folder)
    return missing


def _refuse_others(remote, target: Target, new: list, listed: dict) -> None:
    """PublishError naming the files this run would put where the remote has files prefprint did not put."""
    taken = []
    for name in new:
        head, base = posixpath.split(name)
        if base in _listing(remote, head, listed):
            taken.append(name)
    if taken:
        more = len(taken) - 5
        names = ", ".join(taken[:5]) + (f" (+{more})" if more > 0 else "")
        raise failed("not_ours", target.host or target.path, names=shown(names, 300), n=len(taken))


class _RemoteLock:
    """The remote's lock file, made only where none is; waited for up to `wait` seconds; a stale one replaced."""

    def __init__(self, remote, target: Target, wait: float, stale: float):
        self.remote, self.target, self.wait, self.stale = remote, target, wait, stale
        self.token = uuid.uuid4().hex

    def __enter__(self):
        deadline = time.monotonic() + self.wait
        mine = json.dumps({"token": self.token, "host": socket.gethostname(), "time": time.time()}).encode()
        while not self.remote.create_new(LOCK, mine):
            held = self._held()
            mine_dead = held is not None and held.get("host") == socket.gethostname()  # this machine's flock is ours
            if held is None or mine_dead or time.time() - held.get("time", 0) > self.stale:
                self.remote.remove(LOCK)  # a killed run's: replaced
                continue
            if time.monotonic() >= deadline:
                since = time.strftime("%H:%M:%S", time.localtime(held.get("time", 0)))
                raise failed(
                    "locked", self.target.host or self.target.path, machine=shown(held.get("host")), since=since
                )
            time.sleep(POLL)
        return self

    def _held(self) -> dict | None:
        raw = self.remote.read(LOCK)
        if raw is None:
            return {"time": time.time()}  # gone meanwhile: try again
        try:
            data = json.loads(raw)
            return data if isinstance(data, dict) and isinstance(data.get("time"), int | float) else None
        except ValueError:
            return None

    def __exit__(self, *exc):
        try:
            raw = self.remote.read(LOCK)
            if raw is not None and json.loads(raw).get("token") == self.token:
                self.remote.remove(LOCK)
        except (PublishError, ValueError, AttributeError):
            pass  # a lock left behind is a killed run's to the next run
        return False
