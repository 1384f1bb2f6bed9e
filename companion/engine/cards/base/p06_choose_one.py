"""You Only Get to Choose One (P06, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, chip_options, seats, take


def _choose_one(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        options = [*chip_options(state, 1, only=("black",)), *chip_options(state, 2)]
        options.append(Option("rubies", say_n("{n} ruby", "{n} rubies", catalog.CHOOSE_ONE_RUBIES)))
        ask(ctx, CARD, "fortune.choice", say("You Only Get to Choose One: a black chip, a 2-chip or {rubies} rubies",
                                             rubies=catalog.CHOOSE_ONE_RUBIES), options)


def _resolve_choose_one(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "rubies":
        ctx.gain_rubies(catalog.CHOOSE_ONE_RUBIES, CARD.name)
    else:
        take(ctx, CARD, keys[0])


CARD = Card("P06", N_("You Only Get to Choose One"), N_("Each player chooses one: 1 black chip, or any one "
            "2-chip, or 3 rubies."), read=_choose_one, resolve=_resolve_choose_one,
            other_titles=("But You Only Get to Choose One", "Choices, Choices"))
