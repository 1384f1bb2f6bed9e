"""A table that makes each value the first time its key is looked up, and keeps it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class Memo(dict[_K, _V]):
    """key -> make(key), made once per key. Looked up as `memo[key]` (or `memo.__getitem__` bound
    as a function), this is a dict's own lookup: on Python 3.11 a call through `functools.cache`
    costs about twice as much, and the engine and its players ask thousands of times a game (a
    chip id parsed, an input built). A key `make` refuses raises as `make` does and is not kept."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[_K], _V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> _V:
        found = self[key] = self.make(key)
        return found
