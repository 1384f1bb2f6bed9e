"""A powerful tipple (AP10, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import NONE, Card, Events, ask, chip_options, seats, take


def _powerful_tipple(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        options = [Option(f"{back}:{o.key}", say_n("Droplet {n} space back for a {chip}",
                                                   "Droplet {n} spaces back for a {chip}", back, chip=o.label))
                   for back, value in catalog.POWERFUL_TIPPLE.items() if ctx.seat.droplet >= back
                   for o in chip_options(state, value)]
        if options:
            ask(ctx, CARD, "fortune.choice", say("A powerful tipple: move your droplet back for a chip?"),
                      [Option(NONE, say("Leave the droplet where it is")), *options])


def _resolve_powerful_tipple(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Only the pot droplet moves back (the stand's and the test tubes' never do)."""
    ctx.close(decision)
    if keys[0] == NONE:
        return
    back, kind = keys[0].split(":")
    if ctx.state.supply.get(kind):
        ctx.seat.droplet -= int(back)
        ctx.emit("droplet", amount=-int(back), to=ctx.seat.droplet, why=CARD.name)
        take(ctx, CARD, kind)


CARD = Card("AP10", N_("A powerful tipple"), N_("You may move your droplet 1 or 2 spaces back for a 2- or 4-chip."),
            read=_powerful_tipple, resolve=_resolve_powerful_tipple)
