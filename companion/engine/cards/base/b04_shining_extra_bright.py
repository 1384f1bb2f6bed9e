"""It's Shining Extra Bright (B04, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import Card, Events, ruby_space, seats


def _shining(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ruby_space(ctx):
            ctx.gain_rubies(catalog.SHINING_RUBIES, CARD.name)


CARD = Card("B04", N_("It's Shining Extra Bright"), N_("Whoever's scoring space shows a ruby this round takes 1 "
            "extra ruby."), start={"rubies": _shining},
            other_titles=("Fire Burn",))
