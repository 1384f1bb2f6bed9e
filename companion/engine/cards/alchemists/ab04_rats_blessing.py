"""A rat's blessing (AB04, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...phases import evaluation
from ...text import N_
from .._card import Card, Events, seats


def _rats_blessing(state: GameState, events: Events) -> None:
    """Coins to shop with (not the last round's, which only become points)."""
    if evaluation.is_last_round(state):
        return
    for ctx in seats(state, events):
        bonus = catalog.RATS_BLESSING * ctx.seat.rat
        if ctx.seat.reward != "points" and bonus:
            ctx.seat.coins += bonus
            ctx.emit("coins", amount=ctx.seat.coins, why=CARD.name)


CARD = Card("AB04", N_("A rat's blessing"), N_("This round your buying power rises by 2 coins for every rat tail."),
            end={"rewards": _rats_blessing})
