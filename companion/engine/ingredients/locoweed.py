"""Locoweed: the 8th colour (The Herb Witches, The Alchemists). It prints no value: its book says
how far it moves. Chip ids are ``locoweed-1-NN``: the 1 is the value it counts as wherever a value
is counted rather than moved (the overflow bowl, the yellow and purple books that name it).

Sets 5 and 6 come with The Herb Witches; The Alchemists' four books print no set number and are
numbered 7-10 here (expansions.md 2.8: A-L1 to A-L4). Exactly one locoweed book is in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import Chip, Decision, Option, Seat, chip
from ..text import N_, Text, say
from ._rule import IngredientRule, Reads
from .labels import chip_label

if TYPE_CHECKING:
    from ..context import Ctx

COLOR = "locoweed"
LOCOWEED = N_("locoweed")


def value(chip_id: str) -> int:
    """A chip's value where a value is counted, not moved (the overflow bowl; the yellow and purple
    books that name locoweed): locoweed's is 1, every other chip's its printed one."""
    return chip(chip_id).value


# set 5 -------------------------------------------------------------------------------------

def _by_rats(seat: Seat) -> int:
    """The rat stone's steps this round (a card's change included) plus 1, at most 4; the chip's
    own value (1) is the first of them."""
    return min(seat.rat + 1, catalog.LOCOWEED_5_MOST) - 1


def _set_5_now(seat: Seat) -> Text | None:
    """Said while the rat stone lies past the droplet: then a locoweed moves more than 1."""
    return say("a locoweed drawn now moves {n}", n=_by_rats(seat) + 1) if seat.rat else None


SET_5 = IngredientRule(
    "locoweed/5", COLOR, 5,
    N_("A locoweed chip moves as many spaces as your rat stone was moved at the start of this round, "
       "plus 1, and at most 4 spaces."),
    extra_move=_by_rats, in_force=_set_5_now,
)


# set 6 -------------------------------------------------------------------------------------

def copied(seat: Seat) -> Chip | None:
    """The last coloured chip in the pot (white and locoweed passed over: a locoweed before it
    copied the same chip), or None."""
    for cid, _ in reversed(seat.pot):
        c = chip(cid)
        if c.color not in ("white", COLOR):
            return c
    return None


def _copy(seat: Seat, weed: Chip) -> Chip:
    """Laid as the copy: that chip's colour and value under this locoweed's id; with no coloured
    chip yet it moves 1 and has no action."""
    model = copied(seat)
    return Chip(weed.id, model.color, model.value) if model else weed


def _set_6_now(seat: Seat) -> Text | None:
    model = copied(seat)
    return say("a locoweed drawn now acts as a {chip}", chip=chip_label(model.id)) if model else None


SET_6 = IngredientRule(
    "locoweed/6", COLOR, 6,
    N_("A locoweed chip is a copy of the last coloured chip in your pot (white chips do not count): it "
       "moves as far as that chip's value and has its action. With no coloured chip in your pot it "
       "moves 1 space and has no action."),
    acts_as=_copy, in_force=_set_6_now,
)


# The Alchemists' books ---------------------------------------------------------------------

ESSENCE = IngredientRule(
    "locoweed/7", COLOR, 7,
    N_("A locoweed chip moves 1 space. In the essence phase, after counting colours, your essence "
       "moves 1 more space for each locoweed chip in your pot."),
    reads=Reads(),
)


def _by_colours(seat: Seat) -> int:
    """1 space per colour in the pot, white not counted, locoweed always counted (this one)."""
    colours = {chip(cid).color for cid, _ in seat.pot} - {"white"} | {COLOR}
    return len(colours) - 1


COLOURS = IngredientRule(
    "locoweed/8", COLOR, 8,
    N_("A locoweed chip moves 1 space for each different colour already in your pot; white does not "
       "count, locoweed always does."),
    extra_move=_by_colours,
)

RETURN = "locoweed.return"


def _offer_return(ctx: Ctx, weed: Chip) -> None:
    """The seat may put one coloured chip of its pot (not this locoweed) back into the bag."""
    options = [Option(cid, say("Put {chip} on space {space} back", chip=chip_label(cid), space=catalog.printed(space)))
               for cid, space in ctx.seat.pot if cid != weed.id and chip(cid).color != "white"]
    if options:
        ctx.ask(RETURN, "locoweed/9", say("Locoweed: put a coloured chip from your pot back into the bag?"),
                options, blocking=False, data={"chip": weed.id})


def _resolve_return(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Its space stays empty; the other chips stay where they are."""
    ctx.close(decision)
    ctx.pot_to_bag([keys[0]], LOCOWEED)


RETURNS = IngredientRule(
    "locoweed/9", COLOR, 9,
    N_("A locoweed chip moves 1 space. Then you may put any one coloured chip from your pot back into "
       "the bag; its space stays empty and the other chips stay where they are."),
    on_place=_offer_return, resolve=_resolve_return,
)


def _by_whites(seat: Seat) -> int:
    """As many spaces as the white chips in the pot add up to, at least 1."""
    return max(sum(c.value for c in (chip(cid) for cid, _ in seat.pot) if c.color == "white"), 1) - 1


WHITE_SUM = IngredientRule(
    "locoweed/10", COLOR, 10,
    N_("A locoweed chip moves as many spaces as the white chips in your pot add up to, at least 1 space."),
    extra_move=_by_whites,
)

BOOKS: tuple[IngredientRule, ...] = (SET_5, SET_6, ESSENCE, COLOURS, RETURNS, WHITE_SUM)
