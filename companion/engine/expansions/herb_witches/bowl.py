"""The overflow bowl (The Herb Witches): chips drawn after one reached the last space of the pot.

With the bowl in play a full pot does not end the round: the seat may draw on, and every further
chip goes into the bowl. Chips there have no action and are never the last or next-to-last chip
(they are not in the pot), but whites there count toward the explosion (`Seat.white_total`). At
evaluation the seat scores half the bowl's total value, rounded down, as victory points, with the
spoon's points; an exploded seat that took the coins scores none of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import catalog
from ...ingredients import locoweed
from ...model import GameConfig, Seat
from ...text import N_

if TYPE_CHECKING:
    from ...context import Ctx

BOWL = N_("overflow bowl")


def in_play(config: GameConfig) -> bool:
    """The bowls come with The Herb Witches; without it a full pot ends the seat's round."""
    return config.has("witches")


def full(seat: Seat) -> bool:
    """A chip lies on the last space: the next chip the seat lays goes into the bowl."""
    pot = seat.pot  # no `bool()` call: asked for every chip laid
    return pot[-1][1] >= catalog.LAST_CHIP_SPACE if pot else False


def total(seat: Seat) -> int:
    """The bowl's total value (a locoweed, which prints no value, counts 1). A loop, not sum()
    over a generator: the bowl is most often empty, and the generator costs more than its chips."""
    value = 0
    for cid in seat.bowl:
        value += locoweed.value(cid)
    return value


def points(seat: Seat) -> int:
    """Half the bowl's total value, rounded down: the victory points it scores."""
    return total(seat) // catalog.BOWL_DIVISOR


def fill(ctx: Ctx, chip_id: str) -> None:
    """Lay a chip in the bowl: it has no action and moves nothing."""
    ctx.seat.lay_in_bowl(chip_id)
    ctx.emit("bowl", chip=chip_id, total=total(ctx.seat))


def score(ctx: Ctx) -> None:
    """Evaluation step D: the bowl's victory points, for a seat that takes its space's points."""
    ctx.gain_points(points(ctx.seat), BOWL)
