"""Pumpkin Patch Party (B10, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import Card, Events


def _pumpkin_party(state: GameState, events: Events) -> None:
    """Read by `placing` for every chip laid this round."""
    state.card_data["extra_move"] = {"orange": catalog.PUMPKIN_PARTY_EXTRA}


CARD = Card("B10", N_("Pumpkin Patch Party"), N_("This round every orange chip moves 1 space further than its "
            "value."), read=_pumpkin_party,
            other_titles=("Pumpkin Party",))
