"""A Second Chance (B08, a blue card: in force for the round)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import BREWING, EXPLODED, Chip, Decision, Option
from ...text import N_, say
from .._card import RULE, Card


def _second_chance(ctx: Ctx, placed: Chip) -> None:
    offered: list[int] = ctx.state.card_data.setdefault("second_chance", [])
    if ctx.seat_no in offered or (len(ctx.seat.pot) < catalog.SECOND_CHANCE_AFTER and ctx.seat.status != EXPLODED):
        return
    offered.append(ctx.seat_no)
    ctx.ask("fortune.second_chance", RULE, say("A Second Chance: go on with this pot, or put every chip back "
                                               "and brew again?"),
            [Option("continue", say("Go on")), Option("again", say("Put everything back, start again"))])


def _resolve_second_chance(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] != "again":
        return
    seat = ctx.seat
    chips = [cid for cid, _ in seat.pot] + seat.bowl + seat.hand
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no]
    seat.set_pot([], [])
    seat.hand, seat.insured = [], 0
    ctx.state.set_status(ctx.seat_no, BREWING)
    ctx.emit("brew_again")
    ctx.put_back(chips, CARD.name)


CARD = Card(
    "B08", N_("A Second Chance"),
    N_("After placing their first 5 chips, each player may once choose to go on, or to put all their "
       "chips back into the bag and start brewing again."),
    placed=_second_chance, resolve=_resolve_second_chance, other_titles=("Second Chances",),
)
