"""A table of values made once per key, for the words and lists the expansions ask for after every input."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class MadeOnce(dict[_K, _V]):
    """Key -> its value, made by `make` the first time the key is asked and looked up as
    `table[key]` after that. A dict's own lookup rather than `functools.cache`: on Python 3.11 a
    call through the cache's wrapper costs about twice as much, and these are asked after every
    input or chip. A key of several parts is one tuple, which `make` takes whole."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[_K], _V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> _V:
        value = self[key] = self.make(key)
        return value
