"""Dealing a game's setup: the books (a set per colour or "random") and the expansions' cards.

Whatever is dealt at random (a book's set; with The Herb Witches the three witches, with The
Alchemists the three patients) is dealt here, once, when a game is created, and the setup records
the result, so replaying a game never needs the seed. Every way of creating a game (the config
file, the host's new-game form, `quacks demo`, `quacks simulate`) deals through `deal_setup`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.books import Choice, deal
from companion.engine import catalog
from companion.engine.patients import PATIENTS, PATIENTS_LAID_OUT

ALL = "all"
"""`--expansions all`: every expansion."""


def deal_setup(books: Mapping[str, Choice], expansions: Iterable[str], rng: random.Random,
               patients: Sequence[str] = ()) -> dict[str, Any]:
    """The `GameConfig` keys a deal decides: `books`, and `expansions` with what they lay out.
    `patients`: the three patients a table chose to lay out; none chosen, three are drawn."""
    chosen = tuple(sorted(set(expansions)))
    setup: dict[str, Any] = {"books": deal(books, rng), "expansions": chosen}
    if "alchemists" in chosen:
        setup["patients"] = tuple(patients) or tuple(rng.sample(sorted(PATIENTS), PATIENTS_LAID_OUT))
    elif patients:
        setup["patients"] = tuple(patients)  # for the engine to refuse: no patients without The Alchemists
    return setup


def parse_expansions(text: str) -> tuple[str, ...]:
    """A command line's `--expansions`: names separated by commas, `all`, or nothing."""
    if text.strip() == ALL:
        return catalog.EXPANSIONS
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in catalog.EXPANSIONS]
    if unknown:
        raise ValueError(f"unknown expansion(s) {', '.join(unknown)}: choose from {', '.join(catalog.EXPANSIONS)} or {ALL}")
    return names
