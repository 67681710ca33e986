"""Real FTP and SFTP servers on 127.0.0.1 for the publish tests: pyftpdlib in a process of its own (so that a
test can kill it half way), asyncssh's SFTP server on a thread, its host key and the client's key made anew."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

USER, PASSWORD = "club", "s3cret-пароль"


def tree(folder: Path) -> dict[str, bytes]:
    """Every file of a folder but the hidden ones (the manifest, a lock, a file being uploaded)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    }


def make_site(folder: Path, files: dict[str, bytes | str]) -> Path:
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)
    return folder


SITE = {
    "index.html": "<a href='players/1.html'>1</a>",
    "season-1.html": "<p>ladder</p>",
    "players/1.html": "<p>Иванов</p>",
    "players/2.html": "<p>Петров</p>",
    "standings.xlsx": b"PK\x03\x04" + bytes(range(256)) * 20,
    "evenings/e1/index.html": "<p>evening</p>",
    "evenings/e1/results.json": "{}",
    "evenings/e1/empty.txt": "",  # an empty transfer, which TLS ends otherwise
}

_FTP = r"""
import logging, sys
from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler, ThrottledDTPHandler
from pyftpdlib.servers import FTPServer
logging.getLogger("pyftpdlib").setLevel(logging.CRITICAL)
root, limit, port, user, password, cert = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *sys.argv[4:7]
authorizer = DummyAuthorizer()
authorizer.add_user(user, password, root, perm="elradfmwMT")
if cert:
    from pyftpdlib.handlers import TLS_FTPHandler
    class Handler(TLS_FTPHandler):
        certfile = cert
        tls_control_required = tls_data_required = True
else:
    class Handler(FTPHandler):
        pass
Handler.authorizer = authorizer
Handler.auth_failed_timeout = 0.1
if limit:
    class Slow(ThrottledDTPHandler):
        read_limit = limit
    Handler.dtp_handler = Slow
server = FTPServer(("127.0.0.1", port), Handler)
print(server.address[1], flush=True)
server.serve_forever()
"""


class FtpServer:
    """pyftpdlib serving `root` to USER/PASSWORD; `limit` bytes a second of uploads (0: as fast as it goes);
    with `cert` (a PEM file of a certificate and its key) TLS required on the control and data connections."""

    def __init__(self, root: Path, limit: int = 0, port: int = 0, cert: Path | None = None):
        self.root, self.limit = root, limit
        args = [sys.executable, "-c", _FTP, str(root), str(limit), str(port), USER, PASSWORD, str(cert or "")]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.process.stdout.readline())

    @property
    def url(self) -> str:
        return f"ftp://{USER}@127.0.0.1:{self.port}/"

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture
def ftp_server(tmp_path, monkeypatch):
    """An FTP server on a fresh folder, its password in the environment, HOME and the cache in tmp_path."""
    pytest.importorskip("pyftpdlib")
    home(tmp_path, monkeypatch)
    monkeypatch.setenv("PREFPRINT_FTP_PASSWORD", PASSWORD)
    (tmp_path / "web").mkdir()
    server = FtpServer(tmp_path / "web")
    yield server
    server.kill()


def self_signed(path: Path) -> Path:
    """A PEM file of a new self-signed certificate for 127.0.0.1 and its key (for the FTPS server; the same file is
    the certificate a client trusts with [publish] cafile)."""
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    plain = serialization.NoEncryption()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, plain)
    path.write_bytes(pem + cert.public_bytes(serialization.Encoding.PEM))
    return path


def home(tmp_path: Path, monkeypatch) -> Path:
    """A HOME of the test's own (~/.ssh, ~/.netrc, the cache of locks), without an SSH agent."""
    folder = tmp_path / "home"
    (folder / ".ssh").mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / ".cache"))
    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    monkeypatch.delenv("PREFPRINT_FTP_PASSWORD", raising=False)
    return folder


class SftpServer:
    """asyncssh's SFTP server chrooted to `root`, on a loop of its own thread; the client's key and the host's
    made anew, the client's written to HOME/.ssh/id_ed25519; `known()` writes the host's key to known_hosts."""

    def __init__(self, root: Path, home_folder: Path):
        import asyncssh

        self.asyncssh, self.root, self.home = asyncssh, root, home_folder
        self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key.write_private_key(str(home_folder / ".ssh" / "id_ed25519"))
        self.connections = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(self._listen(), self.loop).result(10)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _listen(self):
        keys = self.asyncssh.import_authorized_keys(self.client_key.export_public_key().decode())
        return await self.asyncssh.listen(
            "127.0.0.1",
            0,
            server_host_keys=[self.host_key],
            authorized_client_keys=keys,
            sftp_factory=self._session,
            allow_scp=False,
        )

    def _session(self, chan):
        self.connections.append(chan.get_connection())
        return self.asyncssh.SFTPServer(chan, chroot=os.fsencode(self.root))

    def kill(self) -> None:
        """The server gone at once, as a crashed one: its connections cut, nothing more answered."""

        async def cut():
            self.server.close()
            for conn in self.connections:
                conn.abort()

        asyncio.run_coroutine_threadsafe(cut(), self.loop).result(10)

    def known(self, key=None) -> None:
        line = f"[127.0.0.1]:{self.port} " + (key or self.host_key).export_public_key().decode()
        (self.home / ".ssh" / "known_hosts").write_text(line, encoding="utf-8")

    @property
    def url(self) -> str:
        return f"sftp://{USER}@127.0.0.1:{self.port}/"

    def stop(self) -> None:
        """The server stopped and its thread ended (once, however many times asked)."""
        if not self.thread.is_alive():
            return

        async def close():
            self.server.close()
            await self.server.wait_closed()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def sftp_server(tmp_path, monkeypatch):
    """An SFTP server on a fresh folder whose host key the test's known_hosts holds."""
    pytest.importorskip("asyncssh")
    (tmp_path / "web").mkdir()
    server = SftpServer(tmp_path / "web", home(tmp_path, monkeypatch))
    server.known()
    yield server
    server.stop()
