"""The printed boards as JSON for the pages, read from the engine's catalog (never copied)."""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.engine import catalog

LETTERS = {"white": "W", "orange": "O", "green": "G", "blue": "B", "red": "R", "yellow": "Y",
           "purple": "P", "black": "K", "locoweed": "L"}
"""The letter printed on each chip colour so that no one depends on telling colours apart."""


@cache
def board() -> dict[str, Any]:
    """The pot track, the rat tails of the scoring track and the chip colours."""
    return {
        "track": [{"space": s.index, "coins": s.coins, "vp": s.vp, "ruby": s.ruby}
                  for s in catalog.POT_TRACK],
        "last_chip_space": catalog.LAST_CHIP_SPACE,
        "rat_tails": sorted(catalog.RAT_TAILS),
        "rat_tail_lap": catalog.RAT_TAIL_LAP,
        "colors": list(catalog.COLORS),
        "letters": LETTERS,
        "rounds": catalog.ROUNDS,
    }
