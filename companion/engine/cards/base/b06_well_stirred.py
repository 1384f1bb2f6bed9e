"""Well Stirred (B06, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...ingredients.labels import chip_label
from ...model import BREWING, Chip, Decision, Option
from ...text import N_, say
from .._card import Card, ask


def _well_stirred(ctx: Ctx, placed: Chip) -> None:
    stirred: list[int] = ctx.state.card_data.setdefault("stirred", [])
    if placed.color != "white" or ctx.seat_no in stirred:
        return
    stirred.append(ctx.seat_no)
    if ctx.seat.status == BREWING:
        ask(ctx, CARD, "fortune.stir", say("Well Stirred: put the {chip} back into the bag?", chip=chip_label(placed.id)),
                  [Option("stir", say("Put {chip} back (the flask stays as it is)", chip=chip_label(placed.id)))],
                  blocking=False, data={"chip": placed.id})


def _resolve_stir(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    white = decision.data["chip"]
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no or d.data.get("chip") != white]
    ctx.seat.pot = [p for p in ctx.seat.pot if p[0] != white]
    ctx.state.decisions = [d for d in ctx.state.decisions  # the flask's offer for it lapses: it is gone
                           if d.seat != ctx.seat_no or d.data.get("chip") != white]
    ctx.put_back([white], CARD.name)


CARD = Card("B06", N_("Well Stirred"), N_("This round each player may put the first white chip they draw back "
            "into the bag (the flask is not used)."), placed=_well_stirred, resolve=_resolve_stir,
            other_titles=("Cauldron Bubble",))
