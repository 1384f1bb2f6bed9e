"""Seasoned Perfectly (B02, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import Card, Events, seats


def _seasoned(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ctx.seat.white_total == catalog.SEASONED_WHITES:
            ctx.move_droplet(1, CARD.name)


CARD = Card("B02", N_("Seasoned Perfectly"), N_("Whoever has white chips totalling exactly 7 in their pot at the "
            "end of the round moves their droplet 1 space forward."), end={"round_end": _seasoned},
            other_titles=("Bubbling Over",))
