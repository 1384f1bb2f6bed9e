"""A quick exchange (AP07, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...context import Ctx
from ...expansions.herb_witches import witches
from ...model import Decision, GameState, Option
from ...text import N_, say
from .._card import NONE, RULE, Card, Events, ask, chip_options, resolve_take, seats


def _quick_exchange(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ctx.seat.pennies:
            ask(ctx, CARD, "fortune.choice", say("A quick exchange: give up a witch penny for a chip of your choice?"),
                      [*(Option(kind, say("Give up your {penny}", penny=witches.penny_label(kind)))
                         for kind in ctx.seat.pennies), Option(NONE, say("Keep your pennies"))])


def _resolve_quick_exchange(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if decision.data.get("penny") or keys[0] == NONE:
        resolve_take(ctx, CARD, decision, keys)
        return
    ctx.close(decision)
    ctx.seat.pennies.remove(keys[0])
    ctx.emit("penny_given", penny=keys[0], why=CARD.name)
    ctx.ask("fortune.choice", RULE, say("A quick exchange: which chip?"), chip_options(ctx.state),
            data={"penny": keys[0]})


CARD = Card("AP07", N_("A quick exchange"), N_("Each player may give up one of their witch pennies for a chip of "
            "their choice."), needs="witches", read=_quick_exchange, resolve=_resolve_quick_exchange)
