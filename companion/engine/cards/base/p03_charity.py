"""Charity (P03, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...model import GameState
from ...text import N_
from .._card import Card, Events, seats


def _charity(state: GameState, events: Events) -> None:
    fewest = min(s.rubies for s in state.seats)
    for ctx in seats(state, events):
        if ctx.seat.rubies == fewest:
            ctx.gain_rubies(1, CARD.name)


CARD = Card("P03", N_("Charity"), N_("The player or players with the fewest rubies each take 1 ruby."), read=_charity,
            other_titles=("Alms",))
