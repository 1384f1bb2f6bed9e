"""An Opportunistic Moment (P11, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...ingredients.labels import chip_label, kind_label
from ...model import Decision, GameState, Option, chip
from ...text import N_, say
from .._card import NONE, Card, Events, look, put_back_hand, seats


def _upgrade(state: GameState, chip_id: str) -> tuple[str, int] | None:
    """The same colour's next higher value it comes in (1 -> 2 -> 4; white 2 -> 3), if any.

    Orange is never upgraded (publisher clarification; an orange 1 never becomes the Herb Witches'
    orange 6), nor a colour whose book is not out yet.
    """
    c = chip(chip_id)
    if c.color in catalog.NEVER_UPGRADED or not catalog.book_out(c.color, state.round):
        return None
    higher = sorted(v for (color, v) in catalog.box(state.config.supply, state.config.expansions)
                    if color == c.color and v > c.value)
    return (c.color, higher[0]) if higher else None


def _opportunity(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        look(ctx, catalog.CARD_LOOKS["P11"], say("An Opportunistic Moment: draw {n} chips to look at",
                                                 n=catalog.CARD_LOOKS["P11"]))


def _looked_opportunity(ctx: Ctx, decision: Decision) -> None:
    swaps = [Option(c, say("Swap {chip} for a {better}", chip=chip_label(c), better=kind_label(*up))) for c in ctx.seat.hand
             if (up := _upgrade(ctx.state, c)) and ctx.state.supply.get(f"{up[0]}-{up[1]}")]
    if swaps:
        decision.options = [*swaps, Option(NONE, say("No swap: all go back"))]
        decision.prompt = say("An Opportunistic Moment: swap one chip for the next higher value?")
        return
    ctx.close(decision)
    put_back_hand(ctx, CARD)
    ctx.chip_from_supply("green", 1, why=CARD.name)


def _resolve_opportunity(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The swapped chip goes to the box and its upgrade into the bag; the others go back."""
    ctx.close(decision)
    swapped = keys[0] if keys[0] != NONE else None
    up = _upgrade(ctx.state, swapped) if swapped else None
    if up and ctx.chip_from_supply(*up, why=CARD.name) is None:
        swapped = None  # sold out since it was offered: the chip stays
    put_back_hand(ctx, CARD, keep=swapped)
    if swapped:
        ctx.chip_to_supply(swapped, CARD.name)


CARD = Card("P11", N_("An Opportunistic Moment"), N_("Each player draws 4 chips from their bag and may swap one "
            "of them for the same colour's next higher value (never orange); who cannot swap takes 1 green "
            "1-chip. All drawn chips go back into the bag."), read=_opportunity, looked=_looked_opportunity,
            resolve=_resolve_opportunity,
            other_titles=("Flea Market",))
