"""Where a site is published: `sftp://user@host[:port]/path`, `ftp://user@host[:port]/path` (TLS when the
server offers it), `ftps://…` (TLS required), or a folder (a path, or `file:///path`).

The address never holds a password: SFTP signs in with the SSH agent or a key (`~/.ssh`, or the
`key` given), FTP takes its password from the environment variable PREFPRINT_FTP_PASSWORD or from
`~/.netrc` (`machine HOST login USER password …`), in that order. FTP over TLS checks the server's
certificate against the system's authorities, or against the `cafile` given (a host's self-signed one).
"""

from __future__ import annotations

import netrc
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from prefprint.io.remote.errors import PublishError
from prefprint.io.toml_file import typed, value_text
from prefprint.words.messages import Message, shown

SCHEMES = ("sftp", "ftp", "ftps", "file")
PORTS = {"sftp": 22, "ftp": 21, "ftps": 21}
PASSWORD_ENV = "PREFPRINT_FTP_PASSWORD"


@dataclass(frozen=True)
class Target:
    """A place to publish to: its scheme, host, port, user and folder (relative to the login folder unless it
    starts with "/"); `key` an SSH private key file or ""; `cafile` the certificate(s) an FTPS server's is checked
    against ("": the system's authorities)."""

    scheme: str
    host: str
    port: int
    user: str
    path: str
    key: str = ""
    cafile: str = ""

    @property
    def where(self) -> str:
        """The target as a message names it: user@host:port/path (never a password), or the folder."""
        if self.scheme == "file":
            return self.path
        user = f"{self.user}@" if self.user else ""
        return f"{self.scheme}://{user}{self.host}:{self.port}/{self.path.removeprefix('.')}"

    @property
    def lock_name(self) -> str:
        """A file name for this machine's lock of the target (the same target, the same name)."""
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in self.where)
        return f"prefprint-publish-{safe[-150:]}.lock"

    def password(self) -> tuple[str, str]:
        """(user, password) for FTP: the environment variable, else ~/.netrc's entry for the host; PublishError
        naming both where neither has one."""
        given = os.environ.get(PASSWORD_ENV)
        if given:
            return self.user, given
        try:
            entry = netrc.netrc().authenticators(self.host)
        except (OSError, netrc.NetrcParseError):
            entry = None
        if entry and entry[2] is not None and (not self.user or entry[0] in (self.user, "")):
            return self.user or entry[0], entry[2]
        raise PublishError(Message("publish.no_password", host=self.host, user=self.user or "?", env=PASSWORD_ENV))


def parse_target(text: str, key: str = "", base: Path | None = None, cafile: str = "") -> Target:
    """A target from its address; a bare path (relative to `base` where given) is a folder; `key` and `cafile`
    relative to `base` too. PublishError for an address of another kind or without a host."""
    text = text.strip()
    parts = urlsplit(text)
    if parts.scheme in ("", "file") or len(parts.scheme) == 1:  # a path (C:\… has a one-letter "scheme")
        raw = unquote(parts.path) if parts.scheme == "file" else text
        path = Path(os.path.expanduser(raw))
        if base is not None and not path.is_absolute():
            path = base / path
        return Target("file", "", 0, "", str(path))
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise PublishError(Message("publish.bad_url", url=shown(_without_user(text), 200)))
    if parts.password is not None:
        raise PublishError(Message("publish.password_in_url", host=parts.hostname))
    try:
        port = parts.port or PORTS[parts.scheme]
    except ValueError:
        raise PublishError(Message("publish.bad_url", url=shown(_without_user(text), 200))) from None
    path = unquote(parts.path)[1:] or "."  # after the host's slash: in the login folder; "//" starts at the root
    key, cafile = (_beside(name, base) for name in (key, cafile))
    return Target(parts.scheme, parts.hostname, port, unquote(parts.username or ""), path, key, cafile)


def _beside(name: str, base: Path | None) -> str:
    """A file named in the TOML: "~" expanded, a relative name beside the file (`base`); "" stays ""."""
    if not name:
        return ""
    return str(Path(os.path.expanduser(name)) if base is None else base / os.path.expanduser(name))


def _without_user(text: str) -> str:
    """An address as a message may show it: whatever stands before an "@" of its host part left out."""
    head, sep, rest = text.partition("://")
    return head + sep + rest.split("@", 1)[-1] if sep else text


def public_url(problems, pub: dict) -> str:
    """[publish] url, the public address players read the site at (http:// or https://), "" where unset or wrong
    (said at its key)."""
    url = typed(problems, pub, ("publish",), "url", "str", "")
    if url and not re.fullmatch(r"https?://[^\s]+", url):
        problems.add(("publish", "url"), "spec.bad_url", found=value_text(url))
        return ""
    return url


def upload_keys(problems, pub: dict) -> tuple[str, str, str]:
    """[publish] upload (where `prefprint publish` sends the site: sftp://, ftp://, ftps:// or a folder), key and
    cafile, of a spec or a club file (`problems`: io.toml_file.Problems, a wrong address said at its key)."""
    upload = typed(problems, pub, ("publish",), "upload", "str", "")
    try:
        parse_target(upload or ".")
    except PublishError as e:
        problems.add(("publish", "upload"), e.message)
        upload = ""
    key = typed(problems, pub, ("publish",), "key", "str", "")
    return upload, key, typed(problems, pub, ("publish",), "cafile", "str", "")
