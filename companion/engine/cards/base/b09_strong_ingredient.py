"""Strong Ingredient (B09, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...ingredients.labels import chip_label
from ...model import STOPPED, Decision, GameState, Option
from ...text import N_, say
from .._card import NONE, Card, Events, look, put_back_hand, seats


def _strong_ingredient(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ctx.seat.status == STOPPED and ctx.seat.last_space < catalog.LAST_CHIP_SPACE:
            look(ctx, catalog.CARD_LOOKS["B09"], say("Strong Ingredient: draw up to {n} chips, you may place one",
                                                     n=catalog.CARD_LOOKS["B09"]))


def _looked_strong(ctx: Ctx, decision: Decision) -> None:
    decision.options = [*(Option(c, say("Place {chip}", chip=chip_label(c))) for c in ctx.seat.hand),
                        Option(NONE, say("Place none, all go back"))]
    decision.prompt = say("Strong Ingredient: place one of these chips (it cannot explode the pot)?")


def _resolve_strong(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    chosen = keys[0] if keys[0] != NONE else None
    put_back_hand(ctx, CARD, keep=chosen)
    if chosen:
        ctx.place(chosen, safe=True)


CARD = Card("B09", N_("Strong Ingredient"), N_("Start player first, each player who stopped without exploding "
            "draws up to 5 chips and may place 1 of them in the pot; the rest go back into the bag."),
            end={"brewing": _strong_ingredient}, looked=_looked_strong, resolve=_resolve_strong,
            other_titles=("Overpowering Ingredient", "Safety Procedure"))
