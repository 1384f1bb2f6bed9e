"""Just in Time (P05, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, looked_white_out, seats, take_white_out, white_ones


def _just_in_time(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        options = [Option("points", say_n("{n} victory point", "{n} victory points", catalog.JUST_IN_TIME_VP))]
        if white_ones(ctx):
            options.append(Option("white", say("Take a white 1-chip out of your bag for good")))
        ask(ctx, CARD, "fortune.choice", say("Just in Time: choose one"), options)


def _resolve_just_in_time(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The white chip is taken out past the bag's reader (a draw), so the table knows which one left."""
    ctx.close(decision)
    if keys[0] == "points":
        ctx.gain_points(catalog.JUST_IN_TIME_VP, CARD.name)
    else:
        take_white_out(ctx, say("Just in Time: take a white 1-chip out of your bag"))


def _looked_white_out(ctx: Ctx, decision: Decision) -> None:
    looked_white_out(ctx, CARD, decision)


CARD = Card("P05", N_("Just in Time"), N_("Each player chooses: 4 victory points, or take 1 white 1-chip out of "
            "their bag for good."), read=_just_in_time, looked=_looked_white_out, resolve=_resolve_just_in_time,
            other_titles=("Boomberry Cleanse",))
