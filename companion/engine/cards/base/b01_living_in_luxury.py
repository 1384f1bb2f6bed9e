"""Living in Luxury (B01, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import Card, Events


def _luxury(state: GameState, events: Events) -> None:
    """An absolute limit for the round (the end of the round sets it back): beside another one
    (yellow set 3's 8 or 9) the higher applies, never a sum."""
    for seat in state.seats:
        seat.threshold = max(seat.threshold, catalog.LUXURY_THRESHOLD)
    events.append({"event": "threshold", "seat": None, "threshold": catalog.LUXURY_THRESHOLD})


CARD = Card("B01", N_("Living in Luxury"), N_("This round a pot explodes only when its white chips total more "
            "than 9."), read=_luxury,
            other_titles=("Portentous Potables",))
