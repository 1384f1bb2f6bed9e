"""A Good Start (P08, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, seats


def _good_start(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        most = min(ctx.seat.rat, catalog.GOOD_START_MAX_TAILS)
        if most:
            ask(ctx, CARD, "fortune.choice", say("A Good Start: trade rat tails for rubies?"),
                      [Option("0", say("Keep the rat stone where it is")),
                       *(Option(str(k), say_n("Give up {n} rat tail for {n} ruby", "Give up {n} rat tails for {n} rubies", k))
                         for k in range(1, most + 1))])


def _resolve_good_start(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    traded = int(keys[0])
    if traded:
        ctx.seat.rat -= traded
        ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=CARD.name)
        ctx.gain_rubies(traded, CARD.name)


CARD = Card("P08", N_("A Good Start"), N_("Each player chooses: use the rat stone as usual, or give up 1 to 3 of "
            "this round's rat tails and take that many rubies."), start={"brewing": _good_start},
            resolve=_resolve_good_start,
            other_titles=("Good Start",))
