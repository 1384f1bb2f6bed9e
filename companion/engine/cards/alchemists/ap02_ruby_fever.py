"""Ruby fever (AP02, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ...context import Ctx
from ...model import Decision, GameState, chip
from ...text import N_, say
from .._card import Card, Events, look, put_back_hand, seats


def _ruby_fever(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        look(ctx, 1, say("Ruby fever: draw 1 chip, take as many rubies as its value"))


def _looked_ruby_fever(ctx: Ctx, decision: Decision) -> None:
    ctx.close(decision)
    ctx.gain_rubies(chip(ctx.seat.hand[0]).value, CARD.name)
    put_back_hand(ctx, CARD)


CARD = Card("AP02", N_("Ruby fever"), N_("Every player draws 1 chip from their bag and takes as many rubies as its "
            "value, then puts it back."), read=_ruby_fever, looked=_looked_ruby_fever)
