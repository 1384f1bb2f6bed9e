"""Toadstool (red): sets 1-4. Set 1 counts orange chips, set 2 waits beside the pot, set 3 adds
the white chip before it, set 4 makes white 1-chips move further."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .. import catalog
from ..model import BREWING, Chip, Decision, Option, Seat, chip
from ..text import N_, Text, say
from ._rule import SETS_ASIDE, IngredientRule, Reads
from .labels import chip_label, kind_label

if TYPE_CHECKING:
    from ..context import Ctx


# set 1 -------------------------------------------------------------------------------------

def _by_oranges(seat: Seat) -> int:
    oranges = seat.in_pot("orange")
    return next((extra for least, extra in catalog.RED_1_EXTRA if oranges >= least), 0)


SET_1 = IngredientRule(
    "red/1", "red", 1,
    N_("A red chip moves 1 extra space if 1 or 2 orange chips are in your pot, 2 extra spaces if 3 or "
    "more are, wherever they lie."),
    extra_move=_by_oranges, reads=Reads(counts=("orange",)),
)


# set 2 -------------------------------------------------------------------------------------

ASIDE = "red.aside"
PLACE, KEEP, BAG = "place", "keep", "bag"


def _set_aside(ctx: Ctx, red: Chip) -> bool:
    """A red chip drawn once the seat has stopped (Ear worm's) is asked about at once."""
    ctx.seat.aside.append(red.id)
    ctx.emit("set_aside", chip=red.id)
    if ctx.seat.status != BREWING:
        _ask(ctx, red.id)
    return True


_PLACE_NOW = Option(PLACE, say("Place it after your last chip now"))
_KEEP_ASIDE = Option(KEEP, say("Keep it beside the pot for a later round"))
_BACK_IN_BAG = Option(BAG, say("Put it back into the bag"))
"""The answers about a red chip beside the pot, made once: an `Option` is never changed once made."""


def _options(seat: Seat) -> list[Option]:
    place = [_PLACE_NOW] if seat.last_space < catalog.LAST_CHIP_SPACE else []
    return [*place, _KEEP_ASIDE, _BACK_IN_BAG]


def _ask_each(ctx: Ctx) -> None:
    """The seat has stopped: one question per red chip beside its pot, kept ones from earlier rounds too."""
    for red in ctx.seat.aside:
        _ask(ctx, red)


def _ask(ctx: Ctx, red: str) -> None:
    c = chip(red)
    ctx.ask(ASIDE, "red/2", _aside_question(c.color, c.value), _options(ctx.seat), data={"chip": red})


@cache
def _aside_question(color: str, value: int) -> Text:
    """The question about a red chip beside the pot, made once per kind (a `Text` is never changed once made)."""
    return say("Toadstool: the {chip} beside your pot: place it, keep it or put it back into the bag?",
               chip=kind_label(color, value))


def _resolve_aside(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    seat = ctx.seat
    red = decision.data["chip"]
    ctx.close(decision)
    if keys[0] == PLACE:
        ctx.place(red)
        for other in ctx.state.decisions_for(ctx.seat_no):  # a full pot takes no more chips
            if other.kind == ASIDE:
                other.options = _options(seat)
    elif keys[0] == BAG:
        seat.aside.remove(red)
        ctx.put_back([red], N_("toadstool"))
    else:
        ctx.emit("kept_aside", chip=red)


SET_2 = IngredientRule(
    "red/2", "red", 2,
    N_("A red chip you draw goes beside your pot. Once you have stopped drawing (by choice or because "
    "your pot exploded), decide for each red chip beside your pot: place it after your last chip "
    "now, or keep it there for a later round. Evaluation begins once every player has decided. You "
    "may put such a chip back into your bag at any time."),
    on_draw=_set_aside, on_stop=_ask_each, resolve=_resolve_aside, brews=SETS_ASIDE,
)


# set 3 -------------------------------------------------------------------------------------

def _white_before(seat: Seat) -> int:
    last = chip(seat.pot[-1][0]) if seat.pot else None
    return last.value if last and last.color == "white" else 0


def _set_3_now(seat: Seat) -> Text | None:
    white = _white_before(seat)
    return say("a red chip drawn now moves {value} more (the white chip before it)", value=white) if white else None


SET_3 = IngredientRule(
    "red/3", "red", 3,
    N_("If the last chip in your pot is white when you draw a red chip, the red chip moves its own value "
    "plus that white chip's value: a red 1-chip drawn directly after a white 2-chip moves 3 spaces."),
    extra_move=_white_before, in_force=_set_3_now, reads=Reads(tail=1, tail_colors=("white",)),
)


# set 4 -------------------------------------------------------------------------------------

def _white_ones_further(seat: Seat, placed: Chip, spaces: int) -> int:
    if placed.color == "white" and placed.value == 1 and seat.in_pot("red"):
        return spaces - placed.value + catalog.RED_4_WHITE_1_MOVE
    return spaces


def _set_4_now(seat: Seat) -> Text | None:
    return say("every white 1-chip moves {spaces} spaces", spaces=catalog.RED_4_WHITE_1_MOVE) if seat.in_pot("red") else None


SET_4 = IngredientRule(
    "red/4", "red", 4,
    N_("Once at least 1 red chip is in your pot, every white 1-chip drawn after it moves 2 spaces instead "
    "of 1. Further red chips add nothing; white 2- and 3-chips are not affected. The white 1-chip "
    "still counts 1 towards an explosion."),
    moves=_white_ones_further, in_force=_set_4_now,
)


# set 5 -------------------------------------------------------------------------------------

def _by_higher_red(seat: Seat, placed: Chip, spaces: int) -> int:
    """A red chip moves by the highest red chip already in the pot when that one is higher."""
    if placed.color != "red":
        return spaces
    higher = max((c.value for c in (chip(cid) for cid, _ in seat.pot) if c.color == "red"), default=0)
    return spaces - placed.value + higher if higher > placed.value else spaces


def _set_5_now(seat: Seat) -> Text | None:
    higher = max((c.value for c in (chip(cid) for cid, _ in seat.pot) if c.color == "red"), default=0)
    return say("a lower red chip drawn now moves {value}", value=higher) if higher > 1 else None


SET_5 = IngredientRule(
    "red/5", "red", 5,
    N_("When you draw a red chip, if a red chip of higher value is already in your pot, the new red chip "
       "moves as far as that higher value: a red 1-chip drawn after a red 4-chip moves 4 spaces."),
    moves=_by_higher_red, in_force=_set_5_now,
)


# set 6 -------------------------------------------------------------------------------------

DRAW_ASIDE, PLACE_ASIDE = "red.draw_aside", "red.place_aside"


def _draw_aside(ctx: Ctx, red: Chip) -> None:
    """The next chip drawn goes beside the pot; none once the seat has stopped (but while it draws
    for Ear worm) or when the bag is empty."""
    if ctx.drawing and ctx.seat.bag:
        ctx.ask(DRAW_ASIDE, "red/6", say("Toadstool: draw one more chip and set it beside your pot"), [],
                data={"reveal": 1, "take": True})


def _offer_place(ctx: Ctx, aside: str, *, must: bool) -> None:
    if must:
        ctx.ask(PLACE_ASIDE, "red/6", say("Toadstool: place the {chip} beside your pot now (it must be placed "
                                          "this round)", chip=chip_label(aside)),
                [Option(PLACE, say("Place it after your last chip"))], data={"chip": aside})
    else:
        ctx.ask(PLACE_ASIDE, "red/6", say("Toadstool: place the {chip} beside your pot now, or later?",
                                          chip=chip_label(aside)),
                [Option(PLACE, say("Place it after your last chip"))], blocking=False,
                data={"chip": aside, "stands": True})


def _resolve_6(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if decision.kind == DRAW_ASIDE:
        drawn = keys[0]
        ctx.seat.hand.remove(drawn)
        ctx.seat.aside.append(drawn)
        ctx.emit("set_aside", chip=drawn)
        _offer_place(ctx, drawn, must=ctx.seat.status != BREWING)  # Ear worm's: the seat has stopped
    else:
        if not decision.blocking:  # laid as the next chip while brewing: offers lapse as at a draw
            ctx.withdraw_offers(stopping=False)
        ctx.place(decision.data["chip"])


def _place_before_the_end(ctx: Ctx) -> None:
    """The seat has stopped (or exploded): every chip set aside must be placed now; the offers to
    place one become questions."""
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no or d.kind != PLACE_ASIDE]
    for aside in ctx.seat.aside:
        _offer_place(ctx, aside, must=True)


SET_6 = IngredientRule(
    "red/6", "red", 6,
    N_("When you draw a red chip, place it, then draw one more chip and set it beside your pot. You "
       "choose when to place it: before any later draw, or at the latest once you stop drawing; it must "
       "be placed this round, even if your pot has exploded. A white chip set aside counts towards an "
       "explosion when it is placed."),
    on_place=_draw_aside, on_stop=_place_before_the_end, resolve=_resolve_6,
)
