"""What chips cost: the price list of a game's books in its edition, by round.

The shop reads it, and so do the rules that buy outside the shop (purple set 5) and the cards
that offer "any chip" of a value.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

from .. import catalog
from ..model import GameConfig, LastSetup

_T = TypeVar("_T")


class Rounds(dict[int, _T]):
    """Round -> one table of one setup that depends on the books laid out only, worked out the first
    time a round with those books out asks for it (a later round with the same books shares it):
    the shop asks after every purchase, and a dict's own lookup costs less than a cached call."""

    __slots__ = ("config", "work")

    def __init__(self, config: GameConfig, work: Callable[[GameConfig, int], _T]) -> None:
        super().__init__()
        self.config = config
        self.work = work

    def __missing__(self, round_no: int) -> _T:
        since = catalog.books_out_since(round_no)
        found = self[round_no] = self[since] if since < round_no else self.work(self.config, round_no)
        return found


def by_round(work: Callable[[GameConfig, int], _T]) -> LastSetup[Rounds[_T]]:
    """A table of `work`'s answers per setup and round: the last setup's found by identity, other
    setups' (another game's) kept for a while too."""
    return LastSetup(lru_cache(maxsize=64)(lambda config: Rounds(config, work)))


@lru_cache(maxsize=64)
def _books(config: GameConfig) -> tuple[tuple[str, tuple[tuple[tuple[str, int], int], ...]], ...]:
    """Every colour's ((colour, value), cost) in this game (white is never sold), the same in every
    round: looked up once per game rather than once per round."""
    return tuple((color, tuple(((color, value), cost) for value, cost in book_prices(config, color).items()))
                 for color in catalog.COLORS if color != "white")


def _work_out_prices(config: GameConfig, round_no: int) -> dict[tuple[str, int], int]:
    found: dict[tuple[str, int], int] = {}
    for color, prices in _books(config):
        if catalog.book_out(color, round_no):
            found.update(prices)
    return found


PRICE_LISTS = by_round(_work_out_prices)
"""`PRICE_LISTS.of(config)[round_no]`: what `price_list` answers, for the hottest callers."""


def price_list(config: GameConfig, round_no: int) -> dict[tuple[str, int], int]:
    """(colour, value) -> cost of every chip for sale in this round with these books and edition."""
    return PRICE_LISTS.of(config)[round_no]


def book_prices(config: GameConfig, color: str) -> dict[int, int]:
    """{chip value: cost} as this game's book of that colour prints it in the chosen edition (an
    expansion's book: as its box prints it)."""
    book = (color, config.book(color))
    return catalog.EDITION_PRICES[config.edition].get(book) or catalog.EXPANSION_PRICES.get(book, {})
