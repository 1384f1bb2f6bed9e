"""A rat to cherish (AP06, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, more_tails, seats


def _cherish(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        most = min(ctx.seat.rubies, catalog.CHERISH_MOST)
        if most:
            ask(ctx, CARD, "fortune.choice", say("A rat to cherish: give rubies for rat tails?"),
                      [Option("0", say("Keep your rubies")),
                       *(Option(str(k), say_n("Give {n} ruby for {tails} more rat tails",
                                              "Give {n} rubies for {tails} more rat tails", k, tails=k * catalog.CHERISH_TAILS))
                         for k in range(1, most + 1))])


def _resolve_cherish(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    given = int(keys[0])
    if given:
        ctx.seat.rubies -= given
        ctx.emit("rubies_paid", amount=given, why=CARD.name)
        more_tails(ctx, CARD, given * catalog.CHERISH_TAILS)


CARD = Card("AP06", N_("A rat to cherish"), N_("You may give up to 3 rubies: 3 more rat tails for each ruby given."),
            start={"brewing": _cherish}, resolve=_resolve_cherish)
