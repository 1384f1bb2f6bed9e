"""Roll the Die (P02, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...model import GameState
from ...phases import evaluation
from ...text import N_
from .._card import Card, Events, seats


def _roll_the_die(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        evaluation.ask_die(ctx)


CARD = Card("P02", N_("Roll the Die"), N_("Every player rolls the bonus die once and takes the result shown."),
            read=_roll_the_die,
            other_titles=("Donations", "Take a Chance"))
