"""Toadstool (red): moves further the more orange chips are in the pot."""

from __future__ import annotations

from .. import catalog
from ..model import Seat, chip
from ..text import N_
from ._rule import IngredientRule, Reads


def _extra(seat: Seat) -> int:
    oranges = sum(1 for cid, _ in seat.pot if chip(cid).color == "orange")
    return next((extra for least, extra in catalog.RED_1_EXTRA if oranges >= least), 0)


SET_1 = IngredientRule(
    "red/1", "red", 1,
    N_("A red chip moves 1 extra space if 1 or 2 orange chips are in your pot, 2 extra spaces if 3 or "
    "more are, wherever they lie."),
    extra_move=_extra, reads=Reads(counts=("orange",)),
)
