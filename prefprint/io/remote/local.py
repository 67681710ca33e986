"""A folder as a publish target (a folder a cloud drive syncs, a mounted share): the same operations as the
network's, on the file system."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

from prefprint.io.remote.errors import failed
from prefprint.io.remote.target import Target


class LocalRemote:
    """The target's folder, which must be there; every name '/'-separated and relative to it."""

    def __init__(self, target: Target):
        self.root, self.where = Path(target.path), target.path
        if not self.root.is_dir():
            raise failed("bad_path", target.path, path=target.path)

    def _fail(self, e: OSError):
        code = "disk_full" if e.errno in (errno.ENOSPC, errno.EDQUOT) else "write_failed"
        return failed(code, self.where, e.strerror or e)

    def _path(self, name: str) -> Path:
        return self.root / name

    def read(self, name: str) -> bytes | None:
        try:
            return self._path(name).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as e:
            raise self._fail(e) from None

    def names(self, folder: str) -> set[str]:
        try:
            return set(os.listdir(self._path(folder or ".")))
        except (FileNotFoundError, NotADirectoryError):
            return set()

    def makedirs(self, folder: str) -> None:
        try:
            self._path(folder).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise self._fail(e) from None

    def put(self, local: Path, name: str) -> None:
        try:
            with open(local, "rb") as src, open(self._path(name), "wb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
        except OSError as e:
            raise self._fail(e) from None

    def write_bytes(self, name: str, data: bytes) -> None:
        part = self._path(name + ".part")
        try:
            part.write_bytes(data)
            os.replace(part, self._path(name))
        except OSError as e:
            raise self._fail(e) from None

    def create_new(self, name: str, data: bytes) -> bool:
        try:
            fd = os.open(self._path(name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return False
        except OSError as e:
            raise self._fail(e) from None
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return True

    def rename(self, source: str, name: str) -> None:
        try:
            os.replace(self._path(source), self._path(name))
        except OSError as e:
            raise self._fail(e) from None

    def remove(self, name: str) -> None:
        try:
            self._path(name).unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise self._fail(e) from None

    def remove_folder_if_empty(self, folder: str) -> bool:
        try:
            self._path(folder).rmdir()
            return True
        except FileNotFoundError:
            return True
        except OSError:
            return False  # not empty (the club's own files)

    def close(self) -> None:
        pass
