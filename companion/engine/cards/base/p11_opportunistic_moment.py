"""An Opportunistic Moment (P11, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...ingredients.labels import chip_label, kind_label
from ...model import Decision, GameState, Option, chip
from ...text import N_, say
from .._card import NONE, Card, Events, look, put_back_hand, seats


def _upgrade(state: GameState, chip_id: str) -> int | None:
    """The value one level up (`GameConfig.next_value`: 1 -> 2 -> 4; white 2 -> 3) of a chip the
    card may swap, while the box has one. Orange is never upgraded (publisher clarification; an
    orange 1 never becomes the Herb Witches' orange 6), nor a colour whose book is not out yet."""
    c = chip(chip_id)
    if c.color in catalog.NEVER_UPGRADED or not catalog.book_out(c.color, state.round):
        return None
    value = state.config.next_value(c.color, c.value)
    return value if value and state.supply.get(f"{c.color}-{value}") else None


def _opportunity(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        look(ctx, catalog.CARD_LOOKS["P11"], say("An Opportunistic Moment: draw {n} chips to look at",
                                                 n=catalog.CARD_LOOKS["P11"]))


def _looked_opportunity(ctx: Ctx, decision: Decision) -> None:
    swaps = [Option(c, say("Swap {chip} for a {better}", chip=chip_label(c), better=kind_label(chip(c).color, up)))
             for c in ctx.seat.hand if (up := _upgrade(ctx.state, c))]
    if swaps:
        decision.options = [*swaps, Option(NONE, say("No swap: all go back"))]
        decision.prompt = say("An Opportunistic Moment: swap one chip for the next higher value?")
        return
    ctx.close(decision)
    put_back_hand(ctx, CARD)
    ctx.chip_from_supply("green", 1, why=CARD.name)


def _resolve_opportunity(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The swapped chip goes to the box and its upgrade into the bag; the others go back (the
    swapped one too when its upgrade has been sold out since it was offered)."""
    ctx.close(decision)
    up = _upgrade(ctx.state, keys[0]) if keys[0] != NONE else None
    put_back_hand(ctx, CARD, keep=keys[0] if up else None)
    if up:
        ctx.trade_up(keys[0], up, CARD.name)


CARD = Card(
    "P11", N_("An Opportunistic Moment"),
    N_("Each player draws 4 chips from their bag and may swap one of them for the same colour's next "
       "higher value (never orange); who cannot swap takes 1 green 1-chip. All drawn chips go back "
       "into the bag."),
    read=_opportunity, looked=_looked_opportunity, resolve=_resolve_opportunity, other_titles=("Flea Market",),
)
