"""Less Is More (P12, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, chip
from ...text import N_, say
from .._card import Card, Events, look, put_back_hand, seats


def _less_is_more(state: GameState, events: Events) -> None:
    state.card_data["totals"] = {}
    for ctx in seats(state, events):
        look(ctx, catalog.CARD_LOOKS["P12"], say("Less Is More: draw {n} chips to look at", n=catalog.CARD_LOOKS["P12"]))


def _looked_less_is_more(ctx: Ctx, decision: Decision) -> None:
    total = sum(chip(c).value for c in ctx.seat.hand)
    ctx.state.card_data["totals"][ctx.seat_no] = total
    ctx.emit("card_total", total=total)
    ctx.close(decision)
    put_back_hand(ctx, CARD)


def _pay_less_is_more(state: GameState, events: Events) -> None:
    """Compare first, then pay: every seat tied for the lowest total takes the blue chip."""
    totals: dict[int, int] = state.card_data.get("totals", {})
    lowest = min(totals.values(), default=None)
    for ctx in seats(state, events):
        if totals.get(ctx.seat_no, lowest) == lowest:
            ctx.chip_from_supply("blue", 2, why=CARD.name)
        else:
            ctx.gain_rubies(1, CARD.name)


CARD = Card("P12", N_("Less Is More"), N_("Every player draws 5 chips from their bag; the player or players with "
            "the lowest total take 1 blue 2-chip, everyone else takes 1 ruby. All drawn chips go back into "
            "the bag."), read=_less_is_more, looked=_looked_less_is_more, end={"fortune": _pay_less_is_more})
