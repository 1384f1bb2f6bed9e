"""A blessing in disguise (AB06, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import ESSENCE_EXPLODED, Card, Events


def _blessing_in_disguise(state: GameState, events: Events) -> None:
    """Read by `essence.reach`."""
    state.card_data["essence"] = {ESSENCE_EXPLODED: catalog.CARD_ESSENCE["AB06"]}


CARD = Card("AB06", N_("A blessing in disguise"), N_("If your pot explodes this round, your essence rises 2 more "
            "spaces."), read=_blessing_in_disguise, needs="alchemists")
