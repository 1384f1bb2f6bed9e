"""Sale (AB02, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import chip
from ...text import N_
from .._card import Card, take


def _sale(ctx: Ctx, chip_id: str, cost: int) -> None:
    """The second chip bought: the cheaper of the two comes a second time (the first bought on a tie)."""
    bought: dict[int, tuple[tuple[int, str], ...]] = ctx.state.card_data.setdefault("sale", {})
    mine = bought[ctx.seat_no] = (*bought.get(ctx.seat_no, ()), (cost, chip(chip_id).kind))
    if len(mine) == catalog.MAX_PURCHASES:
        take(ctx, CARD, min(mine, key=lambda paid: paid[0])[1])


CARD = Card("AB02", N_("Sale"), N_("Whoever buys 2 chips this round takes the cheaper one a second time for free."),
            bought=_sale)
