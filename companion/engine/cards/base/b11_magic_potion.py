"""Magic Potion (B11, a blue card: in force for the round)."""

from __future__ import annotations

from ...model import GameState
from ...text import N_
from .._card import Card, Events, seats


def _magic_potion(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if not ctx.seat.flask_full:
            ctx.seat.flask_full = True
            ctx.emit("flask_refilled", why=CARD.name)


CARD = Card("B11", N_("Magic Potion"), N_("At the end of the round every player's flask is refilled for free."),
            end={"round_end": _magic_potion},
            other_titles=("Flask Rabbit",))
