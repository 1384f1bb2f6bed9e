"""Crow skull (blue): look at chips from the bag and place one of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Chip, Decision, Option
from ..text import N_, say, say_n
from ._rule import IngredientRule, Reads

if TYPE_CHECKING:
    from ..context import Ctx

NONE = "none"


def reveal_count(value: int, in_bag: int) -> int:
    """Chips a crow skull of this value looks at: its value, or as many as are left."""
    return min(value, in_bag)


def _preview(ctx: Ctx, blue: Chip) -> None:
    """Open the look-ahead: the seat's next draws go to its hand until it has seen `value` chips."""
    reveal = reveal_count(blue.value, len(ctx.seat.bag))
    if reveal == 0:
        ctx.emit("preview_empty", chip=blue.id)
        return
    ctx.ask(
        "blue.preview", "blue/1",
        say_n("Crow skull {value}: draw {n} chip, then place it or not",
              "Crow skull {value}: draw {n} chips, then place one of them or none", reveal, value=blue.value),
        [Option(NONE, say("Place none, all go back"))],
        data={"reveal": reveal, "blue": blue.id},
    )


def _resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    seat = ctx.seat
    chosen = keys[0]
    ctx.close(decision)
    back = [c for c in seat.hand if c != chosen]
    seat.hand = [c for c in seat.hand if c == chosen]
    if back:
        ctx.put_back(back, N_("crow skull"))
    if chosen != NONE:
        ctx.place(chosen)


SET_1 = IngredientRule(
    "blue/1", "blue", 1,
    N_("When you draw a blue chip, put it in your pot, then draw as many chips as its value (1, 2 or 4). "
    "You may place one of them as your next chip; the others go back into the bag. You may also put "
    "them all back. A placed chip with a bonus carries it out at once."),
    on_place=_preview, resolve=_resolve, reads=Reads(),
)


