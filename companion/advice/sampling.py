"""A deterministic sequence of pseudo-random numbers for the advice's sampled values.

The advice draws no random numbers of the interpreter's (it stays pure): where a value is
sampled (future brews), the draw orders come from SplitMix64 seeded by what the question is
about (`seed_of`), so the same question always gets the same answer, on every phone, in the
tests and in the tournament.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import TypeVar

_T = TypeVar("_T")
_MASK = (1 << 64) - 1


def seed_of(*parts: object) -> int:
    """A seed that depends only on `parts` (their text), not on the interpreter's hash seed."""
    return zlib.crc32(repr(parts).encode())


class Draws:
    """SplitMix64: one 64-bit multiply-xorshift step per number, seeded by any int."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> Draws:
        """The same sequence from here on."""
        found = Draws(0)
        found.state = self.state
        return found

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1 (the bias of a 64-bit remainder is below 2^-50 here)."""
        return self.next() % n

    def shuffled(self, items: Sequence[_T]) -> list[_T]:
        """The items in a uniformly random order (Fisher-Yates)."""
        found = list(items)
        for i in range(len(found) - 1, 0, -1):
            j = self.next() % (i + 1)
            found[i], found[j] = found[j], found[i]
        return found
