"""Beginner's Bonus (P04, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...model import GameState
from ...text import N_
from .._card import Card, Events, seats


def _beginners_bonus(state: GameState, events: Events) -> None:
    fewest = min(s.score for s in state.seats)
    for ctx in seats(state, events):
        if ctx.seat.score == fewest:
            ctx.chip_from_supply("green", 1, why=CARD.name)


CARD = Card("P04", N_("Beginner's Bonus"), N_("The player or players with the fewest victory points each take "
            "1 green 1-chip into their bag."), read=_beginners_bonus,
            other_titles=("Beginner's Luck",))
