"""Mandrake (yellow): put the white chip drawn directly before back into the bag."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Chip, Decision, Option, chip
from ..text import N_, say
from ._rule import IngredientRule, Reads
from .labels import chip_label

if TYPE_CHECKING:
    from ..context import Ctx

RETURN = "return"


def takes_back(before: str | None) -> bool:
    """The mandrake acts when the chip placed directly before it (its colour, None: no chip) is white."""
    return before == "white"


def _offer(ctx: Ctx, yellow: Chip) -> None:
    pot = ctx.seat.pot
    if takes_back(chip(pot[-2][0]).color if len(pot) >= 2 else None):
        white = pot[-2][0]
        ctx.ask(
            "yellow.return", "yellow/1", say("Mandrake: put the {chip} back into the bag?", chip=chip_label(white)),
            [Option(RETURN, say("Put {chip} back", chip=chip_label(white)))], blocking=False, data={"white": white},
        )


def _resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    seat = ctx.seat
    white = decision.data["white"]
    ctx.close(decision)
    seat.pot = [p for p in seat.pot if p[0] != white]
    ctx.put_back([white], N_("mandrake"))


SET_1 = IngredientRule(
    "yellow/1", "yellow", 1,
    N_("If you draw a yellow chip directly after a white chip, you may put that white chip back into the "
    "bag. Its space stays empty and the yellow chip stays where it is."),
    on_place=_offer, resolve=_resolve, reads=Reads(tail=2, tail_colors=("white",)),
)
