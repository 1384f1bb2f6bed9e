"""Garden spider (green): rubies for green chips at the end of the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import chip
from ..text import N_
from ._rule import IngredientRule, Reads

if TYPE_CHECKING:
    from ..context import Ctx


def _evaluate(ctx: Ctx) -> None:
    greens = sum(1 for cid, _ in ctx.seat.pot[-2:] if chip(cid).color == "green")
    ctx.gain_rubies(greens, N_("garden spider"))


SET_1 = IngredientRule(
    "green/1", "green", 1,
    N_("In evaluation step B you receive 1 ruby for each green chip that is the last or the next to "
    "last chip placed in your pot."),
    on_evaluate=_evaluate, reads=Reads(tail=2, tail_colors=("green",)),
)
