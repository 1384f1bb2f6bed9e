"""Schadenfreude (B05, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...model import EXPLODED, Decision, GameState
from ...text import N_, say
from .._card import Card, Events, ask, chip_options, left_of, resolve_take, seats


def _schadenfreude(state: GameState, events: Events) -> None:
    """The player to the left of an exploded pot (clockwise next; with 2 players the opponent)."""
    for ctx in seats(state, events):
        if ctx.seat.status == EXPLODED:
            options = chip_options(state, 2)
            if options:
                ask(left_of(state, events, ctx.seat_no), CARD, "fortune.choice",
                    say("Schadenfreude: {name}'s pot exploded, take a 2-chip", name=ctx.seat.name), options)


def _resolve_take(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    resolve_take(ctx, CARD, decision, keys)


CARD = Card("B05", N_("Schadenfreude"), N_("Whenever a pot explodes this round, the player to that player's left "
            "takes any one 2-chip."), end={"brewing": _schadenfreude}, resolve=_resolve_take,
            other_titles=("Malicious Joy", "Toil and Trouble"))
