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

from companion.books import RANDOM, Choice, deal
from companion.engine import catalog
from companion.engine.expansions.alchemists.patients import PATIENTS, PATIENTS_LAID_OUT
from companion.engine.expansions.herb_witches import witches

ALL = "all"
"""`--expansions all`: every expansion."""


def deal_setup(books: Mapping[str, Choice], expansions: Iterable[str], rng: random.Random,
               witches_chosen: Sequence[str] = (), patients: Sequence[str] = ()) -> dict[str, Any]:
    """The `GameConfig` keys a deal decides: `books`, and `expansions` with what they lay out
    (the witches chosen, if any, else dealt). `patients`: the three patients a table chose to lay
    out; none chosen, three are drawn."""
    chosen = tuple(sorted(set(expansions)))
    dealt = deal({color: wanted for color, wanted in books.items() if color != "locoweed"}, rng, chosen)
    weed = _locoweed(books, chosen, rng)
    setup: dict[str, Any] = {"books": {**dealt, **({"locoweed": weed} if weed is not None else {})},
                             "expansions": chosen}
    if "witches" in chosen:
        setup["witches"] = deal_witches(witches_chosen, rng)
    if "alchemists" in chosen:
        setup["patients"] = tuple(patients) or tuple(rng.sample(sorted(PATIENTS), PATIENTS_LAID_OUT))
    elif patients:
        setup["patients"] = tuple(patients)  # for the engine to refuse: no patients without The Alchemists
    return setup


def _locoweed(books: Mapping[str, Choice], expansions: tuple[str, ...], rng: random.Random) -> Choice | None:
    """The locoweed book: the one chosen, or one of the boxes' books dealt for "random". Not named,
    it follows one choice for every colour (`--books random`, `--books 5`) when that is a choice for
    locoweed too; else the first of the boxes' books (`GameConfig.book`'s default), written down so
    the setup names it. A choice without a box that brings locoweed passes through for the engine
    to refuse; None: no locoweed in play."""
    sets = catalog.locoweed_sets(expansions)
    wanted = books.get("locoweed")
    common = {books.get(color) for color in catalog.BOOK_COLORS}
    if wanted is None and sets and len(common) == 1 and (shared := common.pop()) in (RANDOM, *sets):
        wanted = shared
    if wanted == RANDOM:
        if not sets:
            raise ValueError("locoweed: no box with locoweed (The Herb Witches, The Alchemists) is in play")
        return rng.choice(sets)
    return sets[0] if wanted is None and sets else wanted


def deal_witches(chosen: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """One witch of each type: the one chosen, else one turned up at random. A choice the rules
    refuse (an unknown witch, two of a type) is kept as it is, for `check_config` to name."""
    if any(w not in witches.WITCHES for w in chosen) or len({witches.WITCHES[w].type for w in chosen}) < len(chosen):
        return tuple(chosen)
    picked = {witches.WITCHES[w].type: w for w in chosen}
    return tuple(picked.get(kind) or rng.choice(witches.of_type(kind)) for kind in witches.TYPES)

def parse_expansions(text: str) -> tuple[str, ...]:
    """A command line's `--expansions`: names separated by commas, `all`, or nothing."""
    if text.strip() == ALL:
        return catalog.EXPANSIONS
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in catalog.EXPANSIONS]
    if unknown:
        raise ValueError(f"unknown expansion(s) {', '.join(unknown)}: choose from {', '.join(catalog.EXPANSIONS)} or {ALL}")
    return names
