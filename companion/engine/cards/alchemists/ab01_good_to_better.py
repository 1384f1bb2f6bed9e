"""From good to better (AB01, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...ingredients.labels import chip_label
from ...model import Decision, GameState, Option, chip
from ...text import N_, say
from .._card import NONE, RULE, Card, Events, chip_options, seats


def _good_to_better(state: GameState, events: Events) -> None:
    """After stopping (an explosion stops too): a coloured 2- or 4-chip in the pot may be swapped."""
    for ctx in seats(state, events):
        swappable = [cid for cid, _ in ctx.seat.pot if chip(cid).color != "white" and chip(cid).value in (2, 4)]
        if swappable:
            ctx.ask("fortune.choice", RULE, say("From good to better: swap a 2- or 4-chip in your pot for another?"),
                    [Option(NONE, say("Keep the pot as it is")),
                     *(Option(cid, say("Swap the {chip} on space {space}", chip=chip_label(cid), space=space))
                       for cid, space in ctx.seat.pot if cid in swappable)])


def _resolve_good_to_better(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    old = decision.data.get("old")
    if old is None:
        options = [o for value in (2, 4) for o in chip_options(ctx.state, value)]
        if keys[0] != NONE and options:
            ctx.ask("fortune.choice", RULE, say("From good to better: which chip takes the place of the {chip}?",
                                                chip=chip_label(keys[0])), options, data={"old": keys[0]})
        return
    stock = ctx.state.supply.get(keys[0])
    if not stock:
        return
    new = stock.pop(0)
    seat = ctx.seat
    at = next(k for k, (cid, _) in enumerate(seat.pot) if cid == old)
    seat.put_at(at, new, seat.pot[at][1])
    back = ctx.state.supply[chip(old).kind]
    back.append(old)
    back.sort()
    ctx.emit("swapped", chip=old, to=new, why=CARD.name)


CARD = Card(
    "AB01", N_("From good to better"),
    N_("After you stop: you may take a coloured 2- or 4-chip out of your pot for good and put another "
       "2- or 4-chip from the supply in its place."),
    end={"brewing": _good_to_better}, resolve=_resolve_good_to_better,
)
