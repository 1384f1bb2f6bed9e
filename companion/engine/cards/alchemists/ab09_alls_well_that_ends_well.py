"""All's well that ends well (AB09, a blue card: in force for the round)."""

from __future__ import annotations

from ...model import GameState
from ...text import N_
from .._card import ESSENCE_LAST_MOVED, Card, Events


def _all_is_well(state: GameState, events: Events) -> None:
    """Read by `essence.reach`: the spaces the last chip moved (the German card's reading, D4)."""
    state.card_data["essence"] = {ESSENCE_LAST_MOVED: 1}


CARD = Card("AB09", N_("All's well that ends well"), N_("Your essence rises by as many spaces as the last chip in "
            "your pot moved."), read=_all_is_well, needs="alchemists")
