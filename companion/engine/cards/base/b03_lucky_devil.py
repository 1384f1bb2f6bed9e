"""Lucky Devil (B03, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...model import GameState
from ...text import N_
from .._card import Card, Events, ruby_space, seats


def _lucky_devil(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ruby_space(ctx):
            ctx.gain_points(catalog.LUCKY_DEVIL_VP, CARD.name)


CARD = Card("B03", N_("Lucky Devil"), N_("Whoever's scoring space shows a ruby this round gets 2 extra victory "
            "points, even if their pot exploded."), start={"rubies": _lucky_devil})
