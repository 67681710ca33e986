"""This machine's addresses on the local network: what a phone at a table types to reach the laptop.

Found without sending anything. A UDP socket's `connect` only chooses the route (no packet
leaves): its local end is the address this machine would send from towards a private address.
Only when no route says it is the machine's own name looked up (`getaddrinfo(gethostname())`,
answered from the hosts file on most systems).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

# one address in each private range (RFC 1918): the route towards it shows the address of this machine there
PROBES = ("192.168.255.255", "10.255.255.255", "172.31.255.255")
LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    """127.x.x.x, ::1 or localhost: an address only this machine reaches."""
    host = host.strip().strip("[]").rstrip(".").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def is_loopback_url(url: str) -> bool:
    """An http(s) address whose host only this machine reaches (no phone can open it)."""
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return False
    return bool(host) and is_loopback(host)


def route_address(probe: str) -> str | None:
    """The address this machine would send from towards `probe` (a UDP connect: nothing is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return s.getsockname()[0]
    except OSError:
        return None


def named_addresses() -> list[str]:
    """The IPv4 addresses this machine's own name stands for ([] when it stands for none)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
    except (OSError, UnicodeError):
        return []
    return [info[4][0] for info in found]


def lan_addresses(route=route_address, named=named_addresses) -> list[str]:
    """This machine's IPv4 addresses other computers of the network reach, most likely first; [] if none
    is found. `route` and `named` find the candidates (a test gives its own)."""
    found = _usable(route(p) for p in PROBES)
    return found or _usable(named())


def _usable(addresses) -> list[str]:
    out: list[str] = []
    for a in addresses:
        try:
            ip = ipaddress.ip_address(a) if a else None
        except ValueError:
            continue
        if ip is None or ip.version != 4 or ip.is_loopback or ip.is_link_local or ip.is_unspecified:
            continue
        if ip.is_multicast or str(ip) in out:
            continue
        out.append(str(ip))
    return out
