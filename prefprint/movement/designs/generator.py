"""The searches' random generator: small, deterministic, the same on every Python."""

from __future__ import annotations


class Xorshift:
    """A small deterministic generator (xorshift64*), the same on every Python."""

    def __init__(self, seed: int):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def next(self) -> int:
        s = self.s
        s ^= s >> 12
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= s >> 27
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n: int) -> int:
        return (self.next() >> 11) % n

    def random(self) -> float:
        return (self.next() >> 11) / 9007199254740992.0
