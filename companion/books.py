"""Choosing the books: a set per colour, or "random", dealt with a seed when a game is created.

The deal picks only among the sets the engine can play (`book_sets`), and the game's setup records
the sets it dealt, so replaying a game never needs the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.engine import book_sets, catalog

RANDOM = "random"
"""A colour's choice that deals one of its sets at random."""

Choice = int | str
"""A set number, or `RANDOM`."""


def deal(choice: Mapping[str, Choice], rng: random.Random) -> dict[str, int]:
    """A set for every book colour: the one chosen, or for "random" one dealt by `rng`; a colour
    left out plays set 1. A set number the engine lacks, or a colour without books, passes through
    for the engine to refuse by name; a choice that is neither a number nor "random" raises ValueError."""
    books: dict[str, Any] = {color: wanted for color, wanted in choice.items() if color not in catalog.BOOK_COLORS}
    for color in catalog.BOOK_COLORS:
        wanted = choice.get(color, 1)
        if wanted == RANDOM:
            books[color] = rng.choice(book_sets(color))
        elif isinstance(wanted, int) and not isinstance(wanted, bool):
            books[color] = wanted
        else:
            raise ValueError(f'{color}: choose a set number or "{RANDOM}", not {wanted!r}')
    return books


def every_colour(choice: Choice) -> dict[str, Choice]:
    """One choice for all five colours (`--books 2`, `--books random`)."""
    return {color: choice for color in catalog.BOOK_COLORS}


def parse_choice(text: str) -> Choice:
    """A command line's `--books` value: a set number or "random"."""
    return RANDOM if text == RANDOM else int(text)
