"""Wheel and Deal (P10, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import NONE, Card, Events, ask, chip_options, resolve_take, seats


def _wheel_and_deal(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        if ctx.seat.rubies >= catalog.WHEEL_AND_DEAL_COST:
            options = chip_options(state, 1, leave_out=("purple", "black"))
            ask(ctx, CARD, "fortune.choice", say_n("Wheel and Deal: pay {n} ruby for a 1-chip?",
                                                   "Wheel and Deal: pay {n} rubies for a 1-chip?", catalog.WHEEL_AND_DEAL_COST),
                      [*options, Option(NONE, say("Keep the ruby"))])


def _resolve_wheel_and_deal(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] != NONE and ctx.state.supply.get(keys[0]):  # the ruby pays only for a chip still there
        ctx.seat.rubies -= catalog.WHEEL_AND_DEAL_COST
        ctx.emit("rubies_paid", amount=catalog.WHEEL_AND_DEAL_COST, why=CARD.name)
    resolve_take(ctx, CARD, decision, keys)


CARD = Card("P10", N_("Wheel and Deal"), N_("Each player may pay 1 ruby to take any one 1-chip, except purple or "
            "black."), read=_wheel_and_deal, resolve=_resolve_wheel_and_deal,
            other_titles=("Wheeling and Dealing",))
