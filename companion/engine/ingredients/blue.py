"""Crow skull (blue): set 1 looks ahead, set 2 insures the next draws, sets 3 and 4 pay on ruby spaces."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import EXPLODED, Chip, Decision, Option, chip
from ..text import N_, say, say_n
from ._rule import INSURES, LOOKS_AHEAD, PAYS, IngredientRule, Reads

if TYPE_CHECKING:
    from ..context import Ctx

NONE = "none"
_PLACE_NONE = Option(NONE, say("Place none, all go back"))
"""The crow skull's answer that places none, made once: an `Option` is never changed once made."""


def reveal_count(value: int, in_bag: int) -> int:
    """Chips a crow skull of this value looks at: its value, or as many as are left."""
    return min(value, in_bag)


def _preview(ctx: Ctx, blue: Chip) -> None:
    """Open the look-ahead: the seat's next draws go to its hand until it has seen `value` chips.
    A blue chip laid after the seat stopped (set aside by red set 6) draws nothing: no more chips
    come out of the bag; one Ear worm draws after the essence phase looks, as the seat is drawing."""
    if not ctx.drawing:
        return
    reveal = reveal_count(blue.value, len(ctx.seat.bag))
    if reveal == 0:
        ctx.emit("preview_empty", chip=blue.id)
        return
    ctx.ask(
        "blue.preview", "blue/1",
        say_n("Crow skull {value}: draw {n} chip, then place it or not",
              "Crow skull {value}: draw {n} chips, then place one of them or none", reveal, value=blue.value),
        [_PLACE_NONE],
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
    on_place=_preview, resolve=_resolve, reads=Reads(), brews=LOOKS_AHEAD,
)


def _insure(ctx: Ctx, blue: Chip) -> None:
    """Windows do not add up: the longer of what is left of the running one and the new chip's.
    A blue chip laid once the pot has exploded (Ear worm's, or one set beside the pot) opens no
    window: the explosion is not one of the draws after it."""
    seat = ctx.seat
    if seat.status == EXPLODED:
        return
    seat.insured = max(seat.insured, blue.value)
    ctx.emit("insured", chip=blue.id, draws=seat.insured)


ON_A_RUBY_SPACE = N_("crow skull on a ruby space")


def _on_ruby_space(ctx: Ctx) -> bool:
    return catalog.POT_TRACK[ctx.seat.pot[-1][1]].ruby


def _ruby(ctx: Ctx, blue: Chip) -> None:
    if _on_ruby_space(ctx):
        ctx.gain_rubies(catalog.BLUE_3_RUBIES, ON_A_RUBY_SPACE)


def _points(ctx: Ctx, blue: Chip) -> None:
    if _on_ruby_space(ctx):
        ctx.gain_points(catalog.BLUE_4_VP[blue.value], ON_A_RUBY_SPACE)


SET_2 = IngredientRule(
    "blue/2", "blue", 2,
    N_("When you place a blue chip, if your pot explodes with one of the next draws (1, 2 or 4 by the "
       "chip's value) you still receive both victory points and coins; you still cannot roll the bonus "
       "die. The windows do not add up: a blue chip placed while another's window runs gives the "
       "longer of the two (a 4-chip after a 2-chip covers the next 4 draws, not 5)."),
    on_place=_insure, brews=INSURES,
)

SET_3 = IngredientRule(
    "blue/3", "blue", 3,
    N_("If you place a blue chip on a ruby space, you immediately receive 1 ruby. The values of the "
       "blue chips are of no significance."),
    on_place=_ruby, acts_on_last_space=True, reads=Reads(), brews=PAYS,
)

SET_4 = IngredientRule(
    "blue/4", "blue", 4,
    N_("If you draw a blue chip from your bag and have to place it on a ruby space, you immediately "
       "receive victory points: 1 for a 1-chip, 2 for a 2-chip, 4 for a 4-chip."),
    on_place=_points, acts_on_last_space=True, reads=Reads(), brews=PAYS,
)


# set 5 -------------------------------------------------------------------------------------

def _points_by_oranges(ctx: Ctx, blue: Chip) -> None:
    """Orange chips count as chips, whatever their value (an orange 6-chip is one)."""
    if ctx.seat.in_pot("orange") >= blue.value:
        ctx.gain_points(blue.value, N_("crow skull"))


SET_5 = IngredientRule(
    "blue/5", "blue", 5,
    N_("When you draw a blue chip, if your pot holds at least as many orange chips as the blue chip's "
       "value, you immediately receive that many victory points."),
    on_place=_points_by_oranges, acts_on_last_space=True,
)


# set 6 -------------------------------------------------------------------------------------

def _rubies_by_white_ones(ctx: Ctx, blue: Chip) -> None:
    """The chips laid directly before the blue chip, as many as its value (fewer if the pot holds fewer)."""
    before = ctx.seat.pot[:-1][-blue.value:]
    ctx.gain_rubies(sum(1 for cid, _ in before if chip(cid).kind == "white-1"), N_("crow skull"))


SET_6 = IngredientRule(
    "blue/6", "blue", 6,
    N_("When you draw a blue chip, look at as many chips placed directly before it as its value: you "
       "receive 1 ruby for each white 1-chip among them."),
    on_place=_rubies_by_white_ones, acts_on_last_space=True,
)
