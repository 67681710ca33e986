"""SFTP targets with asyncssh: signed in with the SSH agent or a key (`~/.ssh/id_*`, or the target's `key`),
the server known by `~/.ssh/known_hosts` only. An unknown host is refused with the command that accepts its
key; a host whose key changed is refused with the advice to ask the host why.

The calls run on an event loop of this object's own, one at a time: the sync is a plain sequence of steps.
"""

from __future__ import annotations

import asyncio
import os
import posixpath
from pathlib import Path

import asyncssh

from prefprint.io.remote.errors import PublishError, failed
from prefprint.io.remote.target import PORTS, Target

TIMEOUT = 20  # seconds to connect
STEP = 300  # seconds for one step (a file's upload included)
_FULL = (asyncssh.SFTPNoSpaceOnFilesystem, asyncssh.SFTPQuotaExceeded)


def known_hosts_path() -> str:
    return os.path.join(os.path.expanduser("~"), ".ssh", "known_hosts")


class SftpRemote:
    """A signed-in SFTP session in the target's folder; every name '/'-separated and relative to it."""

    def __init__(self, target: Target):
        self.host, self.target = target.host, target
        self.loop = asyncio.new_event_loop()
        self.conn = self.sftp = None
        try:
            self.loop.run_until_complete(self._connect())
        except BaseException:
            self.close()
            raise

    async def _connect(self) -> None:
        target, known = self.target, known_hosts_path()
        options = {"known_hosts": known if os.path.isfile(known) else ([], [], [])}
        if target.key:
            if not os.path.isfile(target.key):
                raise failed("key_missing", self.host, path=target.key)
            options["client_keys"] = [target.key]
        try:
            self.conn = await asyncio.wait_for(
                asyncssh.connect(target.host, target.port, username=target.user or None, **options), TIMEOUT
            )
        except asyncssh.HostKeyNotVerifiable:
            raise self._host_key_error(known) from None
        except asyncssh.PermissionDenied as e:
            raise failed("login_refused_ssh", self.host, e.reason, user=target.user or "?") from None
        except asyncssh.KeyImportError as e:
            raise failed("key_unreadable", self.host, e, path=target.key) from None
        except (TimeoutError, OSError, asyncssh.Error) as e:
            raise failed("unreachable", self.host, _reason(e)) from None
        try:
            self.sftp = await asyncio.wait_for(self.conn.start_sftp_client(), TIMEOUT)
        except (TimeoutError, OSError, asyncssh.Error) as e:
            raise failed("no_sftp", self.host, _reason(e)) from None
        try:
            there = await self.sftp.isdir(target.path)
            if there:
                await self.sftp.chdir(target.path)
        except asyncssh.SFTPError as e:
            raise failed("bad_path", self.host, e.reason, path=target.path) from None
        if not there:
            raise failed("bad_path", self.host, path=target.path)

    def _host_key_error(self, known: str) -> PublishError:
        port = "" if self.target.port == PORTS["sftp"] else f"-p {self.target.port} "
        accept = f"ssh-keyscan {port}{self.host} >> ~/.ssh/known_hosts"
        try:
            keys = asyncssh.read_known_hosts(known).match(self.host, "", self.target.port)[0]
        except (OSError, ValueError):
            keys = []
        if keys:
            return failed("host_key_changed", self.host, path=known)
        return failed("host_unknown", self.host, command=accept, ssh=f"ssh {port}{self.target.user or ''}@{self.host}")

    def _run(self, step, missing_ok: bool = False):
        try:
            return self.loop.run_until_complete(asyncio.wait_for(step, STEP))
        except (asyncssh.SFTPNoSuchFile, asyncssh.SFTPNoSuchPath) as e:
            if missing_ok:
                return None
            raise failed("refused", self.host, e.reason) from None
        except _FULL as e:
            raise failed("disk_full", self.host, e.reason) from None
        except asyncssh.SFTPFailure as e:
            if any(w in str(e.reason).lower() for w in ("space", "quota")):
                raise failed("disk_full", self.host, e.reason) from None
            raise failed("refused", self.host, e.reason) from None
        except (TimeoutError, asyncssh.SFTPError, asyncssh.Error, OSError, EOFError) as e:
            code = "refused" if isinstance(e, asyncssh.SFTPError) and not _lost(e) else "dropped"
            raise failed(code, self.host, _reason(e)) from None

    def read(self, name: str) -> bytes | None:
        async def step():
            async with self.sftp.open(name, "rb") as f:
                return await f.read()

        return self._run(step(), missing_ok=True)

    def names(self, folder: str) -> set[str]:
        return set(self._run(self.sftp.listdir(folder or "."), missing_ok=True) or ()) - {".", ".."}

    def makedirs(self, folder: str) -> None:
        self._run(self.sftp.makedirs(folder, exist_ok=True))

    def put(self, local: Path, name: str) -> None:
        self._run(self.sftp.put(str(local), name))

    def write_bytes(self, name: str, data: bytes) -> None:
        async def step():
            async with self.sftp.open(name + ".part", "wb") as f:
                await f.write(data)

        self._run(step())
        self.rename(name + ".part", name)

    def create_new(self, name: str, data: bytes) -> bool:
        async def step():
            flags = asyncssh.FXF_WRITE | asyncssh.FXF_CREAT | asyncssh.FXF_EXCL
            async with self.sftp.open(name, flags, encoding=None) as f:
                await f.write(data)
            return True

        try:
            return self._run(step())
        except PublishError:
            if posixpath.basename(name) in self.names(posixpath.dirname(name)):
                return False
            raise

    def rename(self, source: str, name: str) -> None:
        try:
            self._run(self.sftp.posix_rename(source, name))
        except PublishError:  # a server without posix-rename: the old file removed first
            self.remove(name)
            self._run(self.sftp.rename(source, name))

    def remove(self, name: str) -> None:
        self._run(self.sftp.remove(name), missing_ok=True)

    def remove_folder_if_empty(self, folder: str) -> bool:
        try:
            self._run(self.sftp.rmdir(folder), missing_ok=True)
            return True
        except PublishError:
            return False  # not empty (the club's own files)

    def close(self) -> None:
        try:
            if self.sftp is not None:
                self.sftp.exit()
            if self.conn is not None:
                self.conn.close()
                self.loop.run_until_complete(asyncio.wait_for(self.conn.wait_closed(), 5))
        except (TimeoutError, OSError, asyncssh.Error):
            pass
        finally:
            self.loop.close()


def _lost(e: Exception) -> bool:
    return isinstance(e, asyncssh.SFTPConnectionLost | asyncssh.SFTPNoConnection | asyncssh.SFTPEOFError)


def _reason(e: BaseException) -> str:
    if isinstance(e, asyncio.TimeoutError):
        return "timeout"
    return str(getattr(e, "reason", "") or e) or type(e).__name__
