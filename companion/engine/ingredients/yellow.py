"""Mandrake (yellow): sets 1-4. Set 1 puts the white chip before it back, set 2 doubles the next
chip's move, set 3 raises the explosion threshold, set 4 moves the first three yellows further."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import EXPLODED, Chip, Decision, Option, Seat, chip
from ..text import N_, Text, say
from ._rule import RAISES_LIMIT, TAKES_BACK, IngredientRule, Reads
from .labels import chip_label

if TYPE_CHECKING:
    from ..context import Ctx


# set 1 -------------------------------------------------------------------------------------

RETURN = "return"


TAKEN_BACK = Reads(tail=2, tail_colors=("white",))
"""The mandrake acts when the chip placed directly before it is white (what the advice reads too)."""


def takes_back(before: str | None) -> bool:
    """Whether the mandrake acts, by the colour of the chip placed directly before it (None: no chip)."""
    return before in TAKEN_BACK.tail_colors


def _offer(ctx: Ctx, yellow: Chip) -> None:
    """Not in an exploded pot (a chip set aside placed after the explosion): its whites stay."""
    pot = ctx.seat.pot
    if ctx.seat.status != EXPLODED and takes_back(chip(pot[-2][0]).color if len(pot) >= 2 else None):
        white = pot[-2][0]
        ctx.ask(
            "yellow.return", "yellow/1", say("Mandrake: put the {chip} back into the bag?", chip=chip_label(white)),
            [Option(RETURN, say("Put {chip} back", chip=chip_label(white)))], blocking=False, data={"white": white},
        )


def _resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """A card or a patient that put the white chip back first took this offer with it."""
    ctx.close(decision)
    ctx.pot_to_bag([decision.data["white"]], N_("mandrake"))


SET_1 = IngredientRule(
    "yellow/1", "yellow", 1,
    N_("If you draw a yellow chip directly after a white chip, you may put that white chip back into the "
    "bag. Its space stays empty and the yellow chip stays where it is."),
    on_place=_offer, resolve=_resolve, reads=TAKEN_BACK, brews=TAKES_BACK,
)


# set 2 -------------------------------------------------------------------------------------

DOUBLE = "yellow/2"


def _double_next(ctx: Ctx, yellow: Chip) -> None:
    if DOUBLE not in ctx.seat.pending:
        ctx.seat.pending.append(DOUBLE)


def _doubled(seat: Seat, placed: Chip, spaces: int) -> int:
    return spaces * catalog.YELLOW_2_FACTOR if DOUBLE in seat.pending else spaces


def _set_2_now(seat: Seat) -> Text | None:
    return say("the next chip laid moves twice as far") if DOUBLE in seat.pending else None


SET_2 = IngredientRule(
    DOUBLE, "yellow", 2,
    N_("If you draw a yellow chip, the next chip you draw moves twice as far: a 2-chip drawn after a "
    "yellow chip moves 4 spaces. The value of the yellow chip does not matter."),
    moves=_doubled, on_place=_double_next, in_force=_set_2_now,
)


# set 3 -------------------------------------------------------------------------------------

def _raise_threshold(ctx: Ctx, yellow: Chip) -> None:
    """An absolute limit: beside another one (Living in Luxury's 9) the higher applies, never a sum.
    Not in a pot that has exploded (a chip laid after it, Ear worm's): it stays exploded."""
    seat = ctx.seat
    if seat.status == EXPLODED:
        return
    limit = next((t for least, t in catalog.YELLOW_3_THRESHOLDS if seat.in_pot("yellow") >= least), seat.threshold)
    if limit > seat.threshold:
        seat.threshold = limit
        ctx.emit("threshold", threshold=limit)


SET_3 = IngredientRule(
    "yellow/3", "yellow", 3,
    N_("When you draw your first yellow chip, your pot explodes only when its white chips total more than "
    "8 instead of 7; after your third yellow chip, more than 9. The values of the yellow chips do not "
    "matter."),
    on_place=_raise_threshold, reads=Reads(counts=("yellow",)), brews=RAISES_LIMIT,
)


# set 4 -------------------------------------------------------------------------------------

def _by_order(seat: Seat) -> int:
    """The 1st, 2nd and 3rd yellow chip move 1, 2 and 3 more; the yellow being laid is not in the pot yet."""
    earlier = seat.in_pot("yellow")
    return catalog.YELLOW_4_EXTRA[earlier] if earlier < len(catalog.YELLOW_4_EXTRA) else 0


def _set_4_now(seat: Seat) -> Text | None:
    extra = _by_order(seat)
    return say("the next yellow chip moves {extra} more", extra=extra) if extra else None


SET_4 = IngredientRule(
    "yellow/4", "yellow", 4,
    N_("When you draw a yellow chip, count the yellow chips already in your pot: your 1st yellow chip "
    "moves 1 space more than its value, your 2nd 2 more, your 3rd 3 more; later ones no more. The "
    "values of the yellow chips do not matter."),
    extra_move=_by_order, in_force=_set_4_now, reads=Reads(counts=("yellow",)),
)


# set 5 -------------------------------------------------------------------------------------

MANDRAKE = N_("mandrake")


def _peek(ctx: Ctx, yellow: Chip) -> None:
    """The next chip drawn only says how far the yellow chip moves on; none once the seat has
    stopped (but while it draws for Ear worm) or when the bag is empty."""
    if ctx.drawing and ctx.seat.bag:
        ctx.ask("yellow.peek", "yellow/5", say("Mandrake: draw one more chip; your {chip} moves on by its value, "
                                               "then it goes back into the bag", chip=chip_label(yellow.id)),
                [], data={"reveal": 1, "take": True, "yellow": yellow.id})


def _resolve_peek(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Locoweed, which prints no value, counts 1 (its chips are numbered as 1-chips)."""
    ctx.close(decision)
    drawn = keys[0]
    ctx.seat.hand.remove(drawn)
    ctx.put_back([drawn], MANDRAKE)
    if any(cid == decision.data["yellow"] for cid, _ in ctx.seat.pot):  # a patient may have returned it meanwhile
        ctx.move_on(decision.data["yellow"], chip(drawn).value, MANDRAKE)


SET_5 = IngredientRule(
    "yellow/5", "yellow", 5,
    N_("When you draw a yellow chip, place it, then draw one more chip: the yellow chip moves on by that "
       "chip's value (a locoweed chip counts 1). Put that chip back into the bag; it does nothing else, "
       "even if it is white."),
    on_place=_peek, resolve=_resolve_peek,
)


# set 6 -------------------------------------------------------------------------------------

def _offer_ruby(ctx: Ctx, yellow: Chip) -> None:
    """While the seat draws (Ear worm's chips too), not for a chip laid after it stopped."""
    seat = ctx.seat
    if ctx.drawing and seat.rubies >= catalog.YELLOW_6_COST:
        ctx.ask("yellow.ruby", "yellow/6", say("Mandrake: pay {n} ruby to move your {chip} {spaces} spaces further?",
                                               n=catalog.YELLOW_6_COST, chip=chip_label(yellow.id),
                                               spaces=catalog.YELLOW_6_MOVE),
                [Option("pay", say("Pay {n} ruby", n=catalog.YELLOW_6_COST))], blocking=False,
                data={"yellow": yellow.id})


def _resolve_ruby(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """A yellow chip returned to the bag (Forgetfulness) took this offer with it."""
    ctx.close(decision)
    ctx.pay_rubies(catalog.YELLOW_6_COST, MANDRAKE)
    ctx.move_on(decision.data["yellow"], catalog.YELLOW_6_MOVE, MANDRAKE)


SET_6 = IngredientRule(
    "yellow/6", "yellow", 6,
    N_("When you draw a yellow chip, you may pay 1 ruby to move it 3 more spaces, once per yellow chip, "
       "before you draw the next chip."),
    on_place=_offer_ruby, resolve=_resolve_ruby,
)
