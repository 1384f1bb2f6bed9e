"""Every ingredient book, and which of them a game uses.

Each colour's module holds its sets as `IngredientRule` records; `RULES` collects them all.
A set missing here is refused at setup with a clear message, never silently ignored.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from . import black, blue, green, locoweed, orange, purple, red, yellow
from ._rule import IngredientRule

if TYPE_CHECKING:
    from ..model import GameConfig

RULES: dict[str, IngredientRule] = {
    r.id: r
    for r in (
        blue.SET_1, blue.SET_2, blue.SET_3, blue.SET_4, red.SET_1, red.SET_2, red.SET_3, red.SET_4,
        yellow.SET_1, yellow.SET_2, yellow.SET_3, yellow.SET_4, green.SET_1, green.SET_2, green.SET_3, green.SET_4,
        purple.SET_1, purple.SET_2, purple.SET_3, purple.SET_4,
        black.TWO_PLAYERS, black.MORE_PLAYERS, orange.RULE, orange.WITCHES, *locoweed.BOOKS,
        # The Herb Witches
        green.SET_5, green.SET_6, blue.SET_5, blue.SET_6, red.SET_5, red.SET_6, yellow.SET_5, yellow.SET_6,
        purple.SET_5, purple.SET_6, black.SET_5, black.SET_6,
    )
}


_SETS: dict[str, tuple[int, ...]] = {
    color: tuple(sorted(r.set_no for r in RULES.values() if r.color == color and r.set_no is not None))
    for color in {r.color for r in RULES.values()}
}


def sets_of(color: str) -> list[int]:
    """The set numbers of this colour's books that the engine can play, lowest first (listed once:
    every game dealt random books asks for each colour)."""
    return list(_SETS.get(color, ()))


def black_rule_id(players: int) -> str:
    """The black book has a page for 2 players and one for 3-4 players."""
    return "black/2p" if players == 2 else "black/3-4p"


@lru_cache(maxsize=64)
def active_rules(config: GameConfig) -> dict[str, IngredientRule]:
    """colour -> the rule of the book on the table, for this game's sets and player count (black:
    the base book's page for the player count unless a black set is chosen)."""
    chosen = {color: RULES[f"{color}/{set_no}"] for color, set_no in config.books.items()}
    chosen["orange"] = orange.WITCHES if config.has("witches") else orange.RULE
    chosen.setdefault("black", RULES[black_rule_id(len(config.players))])
    weed = config.book(locoweed.COLOR)  # with a box that brings locoweed: chosen or its default
    if weed is not None:
        chosen[locoweed.COLOR] = RULES[f"{locoweed.COLOR}/{weed}"]
    return chosen


__all__ = ["RULES", "IngredientRule", "active_rules", "black_rule_id", "sets_of"]
