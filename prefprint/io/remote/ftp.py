"""FTP and FTPS targets with the standard library's ftplib: `ftps://` requires TLS (explicit, AUTH TLS, data
protected too); `ftp://` takes TLS where the server offers it and goes plain where it does not. With TLS the
server's certificate is checked (its authority and its name) against the system's authorities, or against the
target's `cafile` (a host's self-signed certificate); one that does not pass is refused, naming the host.

The password comes from Target.password() and is handed to the server only: it is never in a message.
"""

from __future__ import annotations

import ftplib
import io
import posixpath
import socket
import ssl
from pathlib import Path

from prefprint.io.remote.errors import PublishError, failed
from prefprint.io.remote.target import Target

TIMEOUT = 20  # seconds without an answer: the connection is taken as dropped
_FULL = ("452", "552")  # insufficient storage; exceeded storage allocation


class FtpRemote:
    """A signed-in FTP session in the target's folder; every name '/'-separated and relative to it."""

    def __init__(self, target: Target):
        self.host = target.host
        user, password = target.password()
        ftp = ftplib.FTP_TLS(timeout=TIMEOUT, context=_context(target))
        try:
            ftp.connect(target.host, target.port)
        except (OSError, EOFError, ftplib.Error) as e:
            raise failed("unreachable", self.host, _reason(e)) from None
        self.ftp = ftp
        try:
            self._sign_in(ftp, target, user, password)
        except BaseException:
            self.close()
            raise

    def _sign_in(self, ftp: ftplib.FTP_TLS, target: Target, user: str, password: str) -> None:
        secure = True
        try:
            ftp.auth()
        except ftplib.error_perm:  # the server has no TLS
            if target.scheme == "ftps":
                raise failed("no_tls", self.host) from None
            secure = False
        except ssl.SSLCertVerificationError as e:
            raise failed("not_trusted", self.host, e.verify_message or _reason(e)) from None
        except (OSError, EOFError, ssl.SSLError, ftplib.Error) as e:
            raise failed("tls_failed", self.host, _reason(e)) from None
        try:
            ftp.login(user, password, secure=False)
        except ftplib.error_perm as e:
            raise failed("login_refused", self.host, _reason(e), user=user) from None
        except (OSError, EOFError, ftplib.Error) as e:
            raise failed("dropped", self.host, _reason(e)) from None
        if secure:
            self._do(ftp.prot_p)
        try:
            ftp.cwd(target.path)
        except ftplib.error_perm as e:
            raise failed("bad_path", self.host, _reason(e), path=target.path) from None
        except (OSError, EOFError, ftplib.Error) as e:
            raise failed("dropped", self.host, _reason(e)) from None

    def _do(self, call, *args, missing_ok: bool = False):
        """An FTP command; its failure said as a PublishError (None for a missing file where `missing_ok`)."""
        try:
            return call(*args)
        except ftplib.error_perm as e:
            if str(e)[:3] in _FULL:
                raise failed("disk_full", self.host, _reason(e)) from None
            if missing_ok and str(e).startswith("550"):
                return None
            raise failed("refused", self.host, _reason(e)) from None
        except ftplib.error_temp as e:
            code = "disk_full" if str(e)[:3] in _FULL else "dropped"
            raise failed(code, self.host, _reason(e)) from None
        except ssl.SSLError as e:
            if e.reason != "SHUTDOWN_WHILE_IN_INIT":
                raise failed("dropped", self.host, _reason(e)) from None
            # an empty transfer over TLS (an empty folder listed, an empty file) closed by the server before
            # ftplib's TLS shutdown: the transfer is whole; the server's answer to it is read as ftplib would
            return self._do(self.ftp.voidresp)
        except (OSError, EOFError, ftplib.Error) as e:
            raise failed("dropped", self.host, _reason(e)) from None

    def read(self, name: str) -> bytes | None:
        out = io.BytesIO()
        done = self._do(self.ftp.retrbinary, f"RETR {name}", out.write, missing_ok=True)
        return None if done is None else out.getvalue()

    def names(self, folder: str) -> set[str]:
        found = []
        self._do(self.ftp.retrlines, f"NLST {folder or '.'}", found.append, missing_ok=True)
        return {posixpath.basename(n.rstrip("/")) for n in found}

    def makedirs(self, folder: str) -> None:
        path = ""
        for part in folder.split("/"):
            path = posixpath.join(path, part)
            if part not in self.names(posixpath.dirname(path)):
                self._do(self.ftp.mkd, path)

    def put(self, local: Path, name: str) -> None:
        with open(local, "rb") as f:
            self._do(self.ftp.storbinary, f"STOR {name}", f)

    def write_bytes(self, name: str, data: bytes) -> None:
        self._do(self.ftp.storbinary, f"STOR {name}.part", io.BytesIO(data))
        self.rename(f"{name}.part", name)

    def create_new(self, name: str, data: bytes) -> bool:
        """FTP has no exclusive create: made where absent, then read back (a second writer's bytes: not ours)."""
        if posixpath.basename(name) in self.names(posixpath.dirname(name)):
            return False
        self._do(self.ftp.storbinary, f"STOR {name}", io.BytesIO(data))
        return self.read(name) == data

    def rename(self, source: str, name: str) -> None:
        try:
            self.ftp.rename(source, name)
        except ftplib.error_perm:  # a server that will not rename onto a file: the old one removed first
            self.remove(name)
            self._do(self.ftp.rename, source, name)
        except (OSError, EOFError, ftplib.Error) as e:
            raise failed("dropped", self.host, _reason(e)) from None

    def remove(self, name: str) -> None:
        self._do(self.ftp.delete, name, missing_ok=True)

    def remove_folder_if_empty(self, folder: str) -> bool:
        try:
            self.ftp.rmd(folder)
            return True
        except ftplib.error_perm:
            return False  # not empty (the club's own files), or gone
        except (OSError, EOFError, ftplib.Error) as e:
            raise failed("dropped", self.host, _reason(e)) from None

    def close(self) -> None:
        try:
            self.ftp.quit()
        except (OSError, EOFError, ftplib.Error, PublishError):
            self.ftp.close()


def _context(target: Target) -> ssl.SSLContext:
    """TLS that checks the server's certificate and name: against the system's authorities, or the target's
    `cafile`; PublishError where that file cannot be read as certificates."""
    try:
        return ssl.create_default_context(cafile=target.cafile or None)
    except (OSError, ssl.SSLError) as e:
        raise failed("bad_cafile", target.host, _reason(e), path=target.cafile) from None


def _reason(e: BaseException) -> str:
    if isinstance(e, socket.timeout | TimeoutError):
        return "timeout"
    return str(e) or type(e).__name__
