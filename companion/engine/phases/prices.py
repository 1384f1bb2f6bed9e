"""What chips cost: the price list of a game's books in its edition, by round.

The shop reads it, and so do the rules that buy outside the shop (purple set 5) and the cards
that offer "any chip" of a value.
"""

from __future__ import annotations

from functools import lru_cache

from .. import catalog
from ..model import GameConfig


@lru_cache(maxsize=256)
def price_list(config: GameConfig, round_no: int) -> dict[tuple[str, int], int]:
    """(colour, value) -> cost of every chip for sale in this round with these books and edition."""
    found = {}
    for color in catalog.COLORS:
        if color == "white" or not catalog.book_out(color, round_no):
            continue
        for value, cost in book_prices(config, color).items():
            found[(color, value)] = cost
    return found


def book_prices(config: GameConfig, color: str) -> dict[int, int]:
    """{chip value: cost} as this game's book of that colour prints it in the chosen edition (an
    expansion's book: as its box prints it)."""
    book = (color, config.book(color))
    return catalog.EDITION_PRICES[config.edition].get(book) or catalog.EXPANSION_PRICES.get(book, {})
