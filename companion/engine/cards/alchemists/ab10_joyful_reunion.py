"""A joyful reunion (AB10, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...expansions.herb_witches import witches
from ...model import Decision, GameState, Option
from ...text import N_, say
from .._card import Card, Events, ask, seats


def _spent(ctx: Ctx) -> list[str]:
    return [kind for kind in witches.TYPES if kind not in ctx.seat.pennies]


def _reunion(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if _spent(ctx):
            ask(ctx, CARD, "fortune.choice", say("A joyful reunion: which spent witch penny comes back?"),
                      [Option(kind, witches.penny_label(kind)) for kind in _spent(ctx)])


def _resolve_reunion(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    ctx.seat.pennies = [kind for kind in witches.TYPES if kind in ctx.seat.pennies or kind == keys[0]]
    ctx.emit("penny_back", penny=keys[0], why=CARD.name)


CARD = Card("AB10", N_("A joyful reunion"), N_("At the end of the round each player takes back one of their spent "
            "witch pennies."), needs="witches", end={"round_end": _reunion}, resolve=_resolve_reunion)
