"""The Pot Is Full (B07, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...model import GameState
from ...phases import evaluation
from ...text import N_
from .._card import Card, Events


def _pot_is_full(state: GameState, events: Events) -> None:
    """Whoever rolls the bonus die rolls it twice and takes both results."""
    for d in [d for d in state.decisions if d.kind == evaluation.DIE_KIND]:
        evaluation.ask_die(Ctx(state, d.seat, events))


CARD = Card("B07", N_("The Pot Is Full"), N_("Whoever rolls the bonus die this round rolls it twice and takes "
            "both results."), start={"bonus_die": _pot_is_full},
            other_titles=("Double Double",))
