"""Rats Are Your Friends (P07, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, chip_options, resolve_take, seats


def _rats_friends(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        tails = ctx.seat.rat
        options = [*chip_options(state, 4), Option("points", say_n("{n} victory point, one per rat tail",
                                                                   "{n} victory points, one per rat tail", tails))]
        ask(ctx, CARD, "fortune.choice", say("Rats Are Your Friends: a 4-chip, or a victory point per rat tail"), options)


def _resolve_rats_friends(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] == "points":
        ctx.close(decision)
        ctx.gain_points(ctx.seat.rat, CARD.name)
    else:
        resolve_take(ctx, CARD, decision, keys)


CARD = Card("P07", N_("Rats Are Your Friends"), N_("Each player chooses: take any one 4-chip, or 1 victory point "
            "for every rat tail they receive this round."), start={"brewing": _rats_friends},
            resolve=_resolve_rats_friends,
            other_titles=("Rat-a-Tat",))
