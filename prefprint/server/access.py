"""Who asks the scoring server: a table's code or the director's, wrong codes counted by address and answered
with a wait, the director's pages kept to this machine."""

from __future__ import annotations

import ipaddress
import time

from prefprint.io import codes as entry_codes
from prefprint.server.rows import MAX_TEXT, Refused
from prefprint.words.messages import Message

FAILURES = 20  # wrong codes from one address within WINDOW seconds before it must wait (HTTP 429)
WINDOW = 60.0


class Access:
    """The session's entry codes and who has given them: a role for each code, the wrong codes of each address,
    this machine's own addresses."""

    def __init__(self, codes: dict, anywhere: bool = False):
        """`codes` (io.codes.codes): the tables' and the director's; `anywhere`: the director's code is taken from
        any address, not only this machine's."""
        self.anywhere = anywhere
        self.by_code = {c: ("table", t) for t, c in codes["tables"].items()}
        self.by_code[codes["director"]] = ("director", None)
        self.failures: dict[str, list] = {}  # address -> [wrong codes, since when]
        self.own: set[str] = set()  # this machine's addresses, as the local ends of the connections show them

    def who(self, token, address: str) -> tuple[str, int | None]:
        """("director", None) or ("table", n) for a code; Refused 403 (429 after too many wrong codes)."""
        stamp = time.monotonic()
        fails = self.failures.get(address)
        if fails and stamp - fails[1] > WINDOW:
            fails = self.failures.pop(address)
            fails = None
        if fails and fails[0] >= FAILURES:
            raise Refused(429, Message("serve.too_many_codes"), "token")
        role = self.role(token)
        if role is not None:
            if role[0] == "director":
                self.director_here(address)
            return role
        if fails is None:
            self.failures[address] = fails = [0, stamp]
        fails[0] += 1
        raise Refused(403, Message("serve.bad_code"), "token")

    def here(self, address: str) -> bool:
        """The request came from this machine: loopback, or an address of its own (`own`, learnt from the
        local end of every connection), or no network address at all (a Unix socket, a test's client)."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return True
        mapped = getattr(ip, "ipv4_mapped", None)
        return ip.is_loopback or (mapped is not None and mapped.is_loopback) or address in self.own

    def director_here(self, address: str) -> None:
        """Refused 403 when the director's pages are asked from another machine (unless `anywhere`)."""
        if not self.anywhere and not self.here(address):
            raise Refused(403, Message("serve.director_elsewhere"), "token")

    def role(self, token) -> tuple[str, int | None] | None:
        """The role of a code (as `who`), None for no code or a wrong one, which is not counted."""
        if isinstance(token, str) and len(token) <= MAX_TEXT["token"]:
            typed = entry_codes.normal(token)
            for code, role in self.by_code.items():
                if entry_codes.same(typed, code):
                    return role
        return None

    def director(self, token, address: str) -> None:
        """Refused 403 unless the code is the director's (`who`)."""
        if self.who(token, address)[0] != "director":
            raise Refused(403, Message("serve.director_only"), "token")
