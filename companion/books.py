"""Choosing the books: a set per colour, or "random", dealt with a seed when a game is created.

The deal picks only among the sets the engine can play (`book_sets`), and the game's setup records
the sets it dealt, so replaying a game never needs the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from companion.engine import book_sets, catalog

RANDOM = "random"
"""A colour's choice that deals one of its sets at random."""

BASE_BOOK = 0
"""Black's choice of its base book (the page for the player count): recorded as no black set."""

Choice = int | str
"""A set number, or `RANDOM`."""


def deal(choice: Mapping[str, Choice], rng: random.Random, expansions: Iterable[str] = ()) -> dict[str, int]:
    """A set for every book colour: the one chosen, or for "random" one dealt by `rng`; a colour
    left out plays set 1. "random" deals sets 1-4, and 1-6 with The Herb Witches, whose box also
    brings black a choice (its base book, set 5 or 6; black left out plays the base book). A set
    number the engine lacks, or a colour without books, passes through for the engine to refuse by
    name; a choice that is neither a number nor "random" raises ValueError."""
    witches = "witches" in expansions
    sets = _dealt_from(witches)
    books: dict[str, Any] = {color: wanted for color, wanted in choice.items()
                             if color not in (*catalog.BOOK_COLORS, catalog.CHOSEN_BLACK)}
    for color in catalog.BOOK_COLORS:
        books[color] = _one(color, choice.get(color, 1), sets[color], rng)
    black = choice.get(catalog.CHOSEN_BLACK)
    if black == RANDOM:
        black = rng.choice([BASE_BOOK, *book_sets(catalog.CHOSEN_BLACK)]) if witches else BASE_BOOK
    if black not in (None, BASE_BOOK):
        books[catalog.CHOSEN_BLACK] = _one(catalog.CHOSEN_BLACK, black, [], rng)
    return books


@cache
def _dealt_from(witches: bool) -> dict[str, tuple[int, ...]]:
    """By colour, the sets "random" deals from: 1-4, and 1-6 with The Herb Witches (the same for
    every game: a simulation deals books for each game it plays)."""
    return {color: tuple(n for n in book_sets(color) if witches or n in catalog.BASE_SETS) for color in catalog.BOOK_COLORS}


def _one(color: str, wanted: Choice, sets: Sequence[int], rng: random.Random) -> Choice:
    if wanted == RANDOM:
        return rng.choice(sets)
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        return wanted
    raise ValueError(f'{color}: choose a set number or "{RANDOM}", not {wanted!r}')


def every_colour(choice: Choice) -> dict[str, Choice]:
    """One choice for all five colours (`--books 2`, `--books random`), and for black when the choice
    can name one of its books (`--books 5`, `--books random`)."""
    books = {color: choice for color in catalog.BOOK_COLORS}
    if choice == RANDOM or choice in catalog.WITCHES_SETS:
        books[catalog.CHOSEN_BLACK] = choice
    return books


def parse_choice(text: str) -> Choice:
    """A command line's `--books` value: a set number or "random"."""
    return RANDOM if text == RANDOM else int(text)
