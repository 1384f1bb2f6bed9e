"""A table of values made once per key, for the words and options the expansions ask for after every chip."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class MadeOnce(dict[_K, _V]):
    """Key -> its value, made by `make` the first time the key is asked and looked up as
    `table[key]` after that. A dict's own lookup rather than a call through `functools.cache`,
    whose wrapper has no fast call path on Python 3.11: the patients' offers ask after every chip.
    A key of several parts is one tuple, which `make` takes whole."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[_K], _V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> _V:
        value = self[key] = self.make(key)
        return value
