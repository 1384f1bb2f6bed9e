"""The printed boards as JSON for the pages, read from the engine's catalog (never copied)."""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.engine import catalog
from companion.engine.text import N_
from companion.words import translations

from .charts import SEAT_MARKS, SYMBOLS

LETTERS = {"white": N_("W"), "orange": N_("O"), "green": N_("G"), "blue": N_("B"), "red": N_("R"),
           "yellow": N_("Y"), "purple": N_("P"), "black": N_("K"), "locoweed": N_("L")}
"""The letter on each chip colour so that no one depends on telling colours apart: the English
letters here, each language's in its catalog (no two colours share one: `tests/webapp/test_board.py`)."""


def letters(lang: str) -> dict[str, str]:
    words = translations(lang)
    return {color: words.gettext(letter) for color, letter in LETTERS.items()}


@cache
def board(lang: str = "en") -> dict[str, Any]:
    """The pot track, the rat tails of the scoring track and the chip colours with their letters in `lang`."""
    return {
        "track": [{"space": s.index, "coins": s.coins, "vp": s.vp, "ruby": s.ruby}
                  for s in catalog.POT_TRACK],
        "last_chip_space": catalog.LAST_CHIP_SPACE,
        "rat_tails": sorted(catalog.RAT_TAILS),
        "rat_tail_lap": catalog.RAT_TAIL_LAP,
        "colors": list(catalog.COLORS),
        "letters": letters(lang),
        "glasses": [translations(lang).gettext(glass.label) for glass in catalog.TEST_TUBES],
        "rounds": catalog.ROUNDS,
        "seats": [{"color": color, "symbol": symbol, "path": SYMBOLS[symbol]} for color, symbol in SEAT_MARKS],
    }
