"""Rings for perfect designs: finite fields GF(q), cyclic groups Z_m and their direct products."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import gcd


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, m) with q = p**m for a prime p, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    m = 0
    while q % p == 0:
        q //= p
        m += 1
    return (p, m) if q == 1 else None


def _poly_mod(a: list[int], f: list[int], p: int) -> list[int]:
    """a mod f over GF(p); coefficient lists, lowest degree first, f monic."""
    a = a[:]
    while len(a) >= len(f):
        lead = a[-1] % p
        if lead:
            shift = len(a) - len(f)
            for i, c in enumerate(f):
                a[shift + i] = (a[shift + i] - lead * c) % p
        a.pop()
    return a


@cache
def _irreducible(p: int, m: int) -> tuple[int, ...]:
    """The first monic polynomial of degree m irreducible over GF(p) (coefficients, lowest first)."""

    def polys(d):
        for n in range(p**d):
            yield [(n // p**i) % p for i in range(d)] + [1]

    for f in polys(m):
        if all(any(_poly_mod(f, g, p)) for d in range(1, m // 2 + 1) for g in polys(d)):
            return tuple(f)
    raise ArithmeticError(f"no irreducible polynomial of degree {m} over GF({p})")


class Field:
    """GF(q), q = p**m: elements are 0..q-1, read as base-p digits of a polynomial in α."""

    def __init__(self, q: int):
        self.q = q
        self.p, self.m = prime_power(q)
        self.modulus = _irreducible(self.p, self.m) if self.m > 1 else (0, 1)

    def digits(self, a: int) -> list[int]:
        return [(a // self.p**i) % self.p for i in range(self.m)]

    def number(self, digits: list[int]) -> int:
        return sum((d % self.p) * self.p**i for i, d in enumerate(digits))

    def add(self, a: int, b: int) -> int:
        return self.number([x + y for x, y in zip(self.digits(a), self.digits(b))])

    def neg(self, a: int) -> int:
        return self.number([-x for x in self.digits(a)])

    def mul(self, a: int, b: int) -> int:
        x, y = self.digits(a), self.digits(b)
        prod = [0] * (2 * self.m - 1)
        for i, u in enumerate(x):
            for j, v in enumerate(y):
                prod[i + j] += u * v
        return self.number(_poly_mod(prod, list(self.modulus), self.p) if self.m > 1 else prod)

    def const(self, c: int) -> int:
        return c % self.p

    @property
    def alpha(self) -> int:
        return self.p if self.m > 1 else 1


@dataclass(frozen=True)
class _Component:
    """One factor of a product ring: its order, +, ·, units, and the coefficients (set, E, S, W)."""

    order: int
    name: str
    add: tuple[tuple[int, ...], ...]
    neg: tuple[int, ...]
    mul: object  # (a, b) -> a·b
    unit: object  # a -> bool
    coeffs: tuple[int, ...]


def _cyclic(m: int, kinds: int) -> _Component:
    coeffs = tuple(c % m for c in (-1, 1, 2, -2)[:kinds])  # sets −1, E +1, S +2, W −2: the seed's movement
    add = tuple(tuple((a + b) % m for b in range(m)) for a in range(m))
    return _Component(
        m, f"Z{m}", add, tuple((-a) % m for a in range(m)), lambda a, b: a * b % m, lambda a: gcd(a, m) == 1, coeffs
    )


def _field(q: int, kinds: int) -> _Component | None:
    f = Field(q)
    wanted = [
        f.neg(1),
        1,
        f.const(2),
        f.neg(f.const(2)),
        f.alpha,
        f.neg(f.alpha),
        f.add(f.alpha, 1),
        f.mul(f.alpha, f.alpha),
        f.add(f.alpha, f.const(2)),
    ]
    coeffs = []
    for c in wanted:
        if c and c not in coeffs:
            coeffs.append(c)
    if len(coeffs) < kinds:
        return None
    add = tuple(tuple(f.add(a, b) for b in range(q)) for a in range(q))
    return _Component(
        q, f"GF({q})", add, tuple(f.neg(a) for a in range(q)), f.mul, lambda a: a != 0, tuple(coeffs[:kinds])
    )


class Ring:
    """A direct product of components, elements numbered 0..order-1 (mixed radix)."""

    def __init__(self, parts: list[_Component]):
        self.parts = parts
        self.order = 1
        for c in parts:
            self.order *= c.order
        self.name = " × ".join(c.name for c in parts)
        self.standard = len(parts) == 1 and parts[0].name.startswith("Z")

    def split(self, a: int) -> list[int]:
        out = []
        for c in self.parts:
            out.append(a % c.order)
            a //= c.order
        return out

    def join(self, xs) -> int:
        a, scale = 0, 1
        for x, c in zip(xs, self.parts):
            a += x * scale
            scale *= c.order
        return a

    def add(self, a: int, b: int) -> int:
        return self.join([c.add[x][y] for c, x, y in zip(self.parts, self.split(a), self.split(b))])

    def sub(self, a: int, b: int) -> int:
        return self.join([c.add[x][c.neg[y]] for c, x, y in zip(self.parts, self.split(a), self.split(b))])

    def mul(self, a: int, b: int) -> int:
        return self.join([c.mul(x, y) for c, x, y in zip(self.parts, self.split(a), self.split(b))])

    def unit(self, a: int) -> bool:
        return all(c.unit(x) for c, x in zip(self.parts, self.split(a)))

    def coeff(self, kind: int) -> int:
        """The coefficient of a kind: 0 = set, 1.. = lines E, S, W (N stays: 0)."""
        return self.join([c.coeffs[kind] for c in self.parts])


@cache
def ring_of(order: int, kinds: int) -> Ring | None:
    """A ring of this order with `kinds` coefficients (set + moving lines) whose differences are
    units, or None: fields GF(2^a) (a ≥ 2), GF(3^b) (b ≥ 2) and Z_m with gcd(m, 6) = 1."""
    if order < kinds + 1:
        return None
    least = kinds + 1  # a field needs `kinds` distinct non-zero elements
    rest, parts = order, []
    for p in (2, 3):
        q = 1
        while rest % p == 0:
            rest //= p
            q *= p
        if q > 1:
            if q < least:
                return None
            parts.append(_field(q, kinds))
    if rest > 1:
        parts.append(_cyclic(rest, kinds))
    return Ring(parts) if parts and all(parts) else None


def perfect_order(order: int, table_size: int) -> bool:
    """True when `order` tables admit a perfect line design (MacNeish over fields and Z_m)."""
    return ring_of(order, table_size) is not None
