"""Laying a chip in the pot: its space, the white total, the flask offer and the chip's action.

Both a draw and a look-ahead rule (the crow skull) place chips, through `Ctx.place`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import catalog
from .ingredients import active_rules
from .ingredients.labels import chip_label
from .model import EXPLODED, STOPPED, Decision, GameState, Option, chip
from .text import say

if TYPE_CHECKING:
    from .context import Ctx

FLASK = "core/flask"


def landing(last_space: int, value: int, extra: int) -> int:
    """The space a chip reaches: its value (and extra spaces) past the last chip, at most the last space."""
    return min(last_space + value + extra, catalog.LAST_CHIP_SPACE)


def explodes(white_total: int, threshold: int) -> bool:
    """The pot explodes when its whites add up to more than the threshold."""
    return white_total > threshold


def place(ctx: Ctx, chip_id: str, *, safe: bool = False) -> None:
    """Lay a drawn chip after the previous one by its value; check the whites; run its action.

    `safe`: a chip placed for a Fortune Teller card cannot explode the pot and has no action.
    The round's card may move a colour further (`card_data["extra_move"]`, Pumpkin Patch Party)."""
    seat = ctx.seat
    c = chip(chip_id)
    if chip_id in seat.hand:
        seat.hand.remove(chip_id)
    rule = active_rules(ctx.state.config).get(c.color)
    own = rule.extra_move(seat) if rule and rule.extra_move and not safe else 0  # a red chip's action
    extra = own + ctx.state.card_data.get("extra_move", {}).get(c.color, 0)
    space = landing(seat.last_space, c.value, extra)
    seat.pot.append((chip_id, space))
    ctx.emit("placed", chip=chip_id, space=space, extra=extra)
    if c.color == "white" and not safe:
        total = seat.white_total
        if explodes(total, seat.threshold):
            seat.status = EXPLODED
            ctx.emit("exploded", white_total=total, threshold=seat.threshold)
            return
        if space < catalog.LAST_CHIP_SPACE and seat.flask_full:
            ctx.ask("flask", FLASK, say("Use the flask to put the {chip} back into the bag?", chip=chip_label(chip_id)),
                    [Option("use", say("Flask: put {chip} back", chip=chip_label(chip_id)))], blocking=False,
                    data={"chip": chip_id})
    if space >= catalog.LAST_CHIP_SPACE:
        seat.status = STOPPED
        ctx.emit("pot_full", space=space)
        return
    if rule and rule.on_place and not safe:
        rule.on_place(ctx, c)


def why_no_flask(state: GameState, seat_no: int) -> str:
    """What a referee says to a seat that reaches for the flask when it may not use it."""
    seat = state.seats[seat_no]
    if not seat.flask_full:
        return (f"{seat.name}'s flask is empty: it puts back one white chip, then is refilled for "
                f"{catalog.FLASK_COST} rubies at the end of a round")
    rule = "the flask only puts back a white chip that did not make the pot explode"
    if state.phase != "brewing":
        return f"{rule}, in the potion phase"
    if seat.status == EXPLODED:
        return f"{rule}: {seat.name}'s pot has exploded"
    last = seat.pot[-1][0] if seat.pot else None
    if last is None or chip(last).color != "white":
        return f"{rule}, right after drawing it: the last chip is {chip_label(last) if last else 'none yet'}"
    return f"{rule}, right after drawing it: the offer lapsed when {seat.name} stopped"


def resolve_flask(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    seat = ctx.seat
    white = decision.data["chip"]
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no or d.data.get("chip") != white]
    seat.pot = [p for p in seat.pot if p[0] != white]
    seat.flask_full = False
    ctx.emit("flask", chip=white)
    seat.put_in_bag([white])
