"""A small donation (AP05, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...phases import evaluation
from ...text import N_
from .._card import Card, Events, seats


def _small_donation(state: GameState, events: Events) -> None:
    """A roll never costs anything, so whoever may roll does."""
    for ctx in seats(state, events):
        if ctx.seat.rat >= catalog.SMALL_DONATION_TAILS:
            evaluation.ask_die(ctx)


CARD = Card("AP05", N_("A small donation"), N_("Whoever has 2 or more rat tails this round rolls the die once."),
            start={"brewing": _small_donation})
