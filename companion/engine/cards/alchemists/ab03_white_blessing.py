"""The white blessing (AB03, a blue card: in force for the round)."""

from __future__ import annotations

from ...model import GameState, chip
from ...text import N_
from .._card import Card, Events, seats


def _white_blessing(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ctx.seat.pot and (last := chip(ctx.seat.pot[-1][0])).color == "white":
            ctx.gain_points(last.value, CARD.name)


CARD = Card("AB03", N_("The white blessing"), N_("After you stop: if the last chip in your pot is white, score as many "
            "victory points as its value."), end={"brewing": _white_blessing})
