"""The Pot Is Filling Up (P01, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import Card, Events, seats


def _filling_up(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        ctx.move_droplet(catalog.CARD_DROPLET["P01"], CARD.name)


CARD = Card("P01", N_("The Pot Is Filling Up"), N_("Every player moves their droplet 1 space forward."),
            read=_filling_up,
            other_titles=("Drop It",))
