"""Give and take (AP03, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, chip_options, seats, take


def _give_and_take(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        options = [Option(f"{given}:{o.key}", say_n("Give {n} ruby for a {chip}", "Give {n} rubies for a {chip}", given,
                                                     chip=o.label))
                   for given, value in catalog.GIVE_AND_TAKE.items() if ctx.seat.rubies >= given
                   for o in chip_options(state, value, leave_out=("purple",))]
        ask(ctx, CARD, "fortune.choice", say("Give and take: rubies for a chip, or take {n} rubies",
                                             n=catalog.GIVE_AND_TAKE_RUBIES),
                  [*options, Option("rubies", say_n("Take {n} ruby", "Take {n} rubies", catalog.GIVE_AND_TAKE_RUBIES))])


def _resolve_give_and_take(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "rubies":
        ctx.gain_rubies(catalog.GIVE_AND_TAKE_RUBIES, CARD.name)
        return
    given, kind = keys[0].split(":")
    if ctx.state.supply.get(kind):
        ctx.seat.rubies -= int(given)
        ctx.emit("rubies_paid", amount=int(given), why=CARD.name)
        take(ctx, CARD, kind)


CARD = Card("AP03", N_("Give and take"), N_("Give 1, 2 or 4 rubies for a 1-, 2- or 4-chip (any colour but purple), "
            "or take 2 rubies."), read=_give_and_take, resolve=_resolve_give_and_take)
