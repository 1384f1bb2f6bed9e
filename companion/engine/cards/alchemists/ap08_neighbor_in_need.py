"""Neighbor in need (AP08, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say
from .._card import (
    Card,
    Events,
    ask,
    chip_options,
    left_of,
    looked_white_out,
    resolve_take,
    seats,
    take_white_out,
    white_ones,
)


def _neighbour_in_need(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        left = left_of(state, events, ctx.seat_no)
        options = [Option("take", say("{name} takes a chip of their choice", name=left.seat.name))]
        if white_ones(left):
            options.insert(0, Option("white", say("{name} takes a white 1-chip out of their bag for good",
                                                   name=left.seat.name)))
        ask(ctx, CARD, "fortune.choice", say("Neighbor in need: choose for {name}", name=left.seat.name), options)


def _resolve_neighbour_in_need(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The chooser's answer opens the left neighbour's part: a draw of a white 1-chip, or a pick."""
    if decision.data.get("take"):
        resolve_take(ctx, CARD, decision, keys)
        return
    ctx.close(decision)
    left = left_of(ctx.state, ctx.events, ctx.seat_no)
    if keys[0] == "white":
        take_white_out(left, say("Neighbor in need: take a white 1-chip out of your bag"))
        return
    options = chip_options(ctx.state)
    if options:
        ask(left, CARD, "fortune.choice", say("Neighbor in need: {name} gives you a chip of your choice",
                                              name=ctx.seat.name), options, data={"take": True})


def _looked_white_out(ctx: Ctx, decision: Decision) -> None:
    looked_white_out(ctx, CARD, decision)


CARD = Card("AP08", N_("Neighbor in need"), N_("Choose for the player to your left: they take a white 1-chip out of "
            "their bag for good, or they take a chip of their choice."), read=_neighbour_in_need,
            looked=_looked_white_out, resolve=_resolve_neighbour_in_need)
