"""A good neighborhood (AB05, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...ingredients.labels import chip_label
from ...model import BREWING, Chip, Decision, Option, chip
from ...text import N_, say, say_n
from .._card import RULE, Card, left_of


def _good_neighbourhood(ctx: Ctx, placed: Chip) -> None:
    """While the pot has not exploded, the white 3-chip in it may go back into the bag: offered
    again after every chip placed, as long as the seat brews."""
    if ctx.seat.status != BREWING or any(d.rule == RULE and "white3" in d.data for d in ctx.state.decisions_for(ctx.seat_no)):
        return
    for cid, _ in ctx.seat.pot:
        if chip(cid).kind == "white-3":
            left = left_of(ctx.state, ctx.events, ctx.seat_no).seat
            ctx.ask("fortune.neighbourhood", RULE, say("A good neighborhood: put the {chip} back into the bag?",
                                                       chip=chip_label(cid)),
                    [Option("back", say_n("Put it back: {name} takes {n} ruby", "Put it back: {name} takes {n} rubies",
                                          catalog.NEIGHBOURHOOD_RUBIES, name=left.name))],
                    blocking=False, data={"white3": cid})
            return


def _resolve_good_neighbourhood(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Only while the chip is still in the pot (the flask may have put it back meanwhile)."""
    ctx.close(decision)
    white = decision.data["white3"]
    if all(cid != white for cid, _ in ctx.seat.pot):
        return
    ctx.seat.pot = [p for p in ctx.seat.pot if p[0] != white]
    ctx.state.decisions = [d for d in ctx.state.decisions  # the flask's offer for it lapses: it is gone
                           if d.seat != ctx.seat_no or d.data.get("chip") != white]
    ctx.put_back([white], CARD.name)
    left_of(ctx.state, ctx.events, ctx.seat_no).gain_rubies(catalog.NEIGHBOURHOOD_RUBIES, CARD.name)


CARD = Card("AB05", N_("A good neighborhood"), N_("While your pot has not exploded you may put your white 3-chip back "
            "into the bag at any time; if you do, the player to your left takes 2 rubies."),
            placed=_good_neighbourhood, resolve=_resolve_good_neighbourhood)
