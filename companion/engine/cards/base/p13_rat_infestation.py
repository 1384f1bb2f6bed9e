"""Rat Infestation (P13, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...model import GameState
from ...text import N_
from .._card import Card, Events, seats


def _rat_infestation(state: GameState, events: Events) -> None:
    """Doubles the tails counted on the score track, not those of an essence glass (The Alchemists)."""
    for ctx in seats(state, events):
        if ctx.seat.rat > ctx.seat.essence_rat:
            ctx.seat.rat += ctx.seat.rat - ctx.seat.essence_rat
            ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=CARD.name)


CARD = Card("P13", N_("Rat Infestation"), N_("The number of rat tails each player receives this round is doubled."),
            start={"brewing": _rat_infestation},
            other_titles=("Infestation",))
