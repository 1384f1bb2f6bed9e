"""Useful rodent (AP09, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say
from .._card import NONE, Card, Events, ask, chip_options, seats, take


def _useful_rodent(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        options = [Option(f"{tails}:{o.key}", say("Give up {n} rat tails for a {chip}", n=tails, chip=o.label))
                   for tails, value in catalog.USEFUL_RODENT.items() if ctx.seat.rat >= tails
                   for o in chip_options(state, value, leave_out=("purple",))]
        if options:
            ask(ctx, CARD, "fortune.choice", say("Useful rodent: rat tails for a chip?"),
                      [Option(NONE, say("Keep the rat stone where it is")), *options])


def _resolve_useful_rodent(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == NONE:
        return
    tails, kind = keys[0].split(":")
    if ctx.state.supply.get(kind):
        ctx.seat.rat -= int(tails)
        ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=CARD.name)
        take(ctx, CARD, kind)


CARD = Card("AP09", N_("Useful rodent"), N_("You may give up 2, 4 or 6 rat tails for a 1-, 2- or 4-chip (any colour "
            "but purple)."), start={"brewing": _useful_rodent}, resolve=_resolve_useful_rodent)
