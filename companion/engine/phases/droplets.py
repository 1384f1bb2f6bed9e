"""Droplet moves: the pot droplet and, beside it, a second droplet the seat may move instead.

Every rule that moves "your droplet" (a chip action, the die, a ruby spend, a card) calls
`Ctx.move_droplet`. The second droplet is the test-tube droplet on the back side of the pot (a
glass pays at once) or, with Wolfgang's Exchange Office, the stand droplet (its tube sets a price,
`exchange`). The seat chooses which droplet moves, one step at a time; once the second droplet is
at its last place every step goes to the pot droplet. The question is an offer: the phase waits
for it, but a seat that draws or stops without answering has chosen the pot droplet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..catalog import printed
from ..expansions import exchange
from ..model import Decision, Option
from ..text import N_, say

if TYPE_CHECKING:
    from ..context import Ctx

DROPLET = "core/droplet"
POT, TUBE, STAND = "pot", "tube", exchange.STAND


def move(ctx: Ctx, steps: int, why: str) -> None:
    """Move `steps` single steps; a seat already choosing for an earlier move gets these queued."""
    if steps <= 0:
        return
    for waiting in ctx.state.decisions:  # a plain loop: most often no question is open
        if waiting.rule == DROPLET and waiting.seat == ctx.seat_no:
            waiting.data["moves"] = [*waiting.data["moves"], *[why] * steps]  # a new list: clones share the old
            return
    _carry_on(ctx, [why] * steps)


def _carry_on(ctx: Ctx, moves: list[str]) -> None:
    """Make the queued steps until one needs the seat's choice (both droplets can move)."""
    while moves:
        free = _movable(ctx)
        if len(free) == 2:
            seat = ctx.seat
            ctx.ask("droplet", DROPLET, say("Move a droplet 1 step ({why}): which one?", why=say(moves[0])),
                    [Option(POT, say("Pot droplet to space {space}", space=printed(seat.droplet + 1))),
                     _second_option(ctx, free[1])],
                    blocking=False, data={"moves": moves})
            return
        why = moves.pop(0)
        if free:
            _step(ctx, free[0], why)


def _second_option(ctx: Ctx, which: str) -> Option:
    seat = ctx.seat
    if which == STAND:
        return exchange.step_option(ctx.state.config, seat)
    glass = catalog.TEST_TUBES[seat.tube + 1]
    return Option(TUBE, say("Test-tube droplet to glass {glass}: {bonus}", glass=seat.tube + 1, bonus=say(glass.label)))


def _movable(ctx: Ctx) -> list[str]:
    """The droplets that can still move forward: the pot's, and the second one until its last place."""
    seat = ctx.seat
    free = [POT] if seat.droplet < catalog.LAST_CHIP_SPACE - 1 else []
    config = ctx.state.config
    if config.tubes and seat.tube < catalog.LAST_GLASS:
        free.append(TUBE)
    elif exchange.stand_free(config, seat):
        free.append(STAND)
    return free


def resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    moves = list(decision.data["moves"])
    ctx.close(decision)
    _step(ctx, keys[0], moves.pop(0))
    _carry_on(ctx, moves)


def lapse(ctx: Ctx, decision: Decision) -> None:
    """The seat drew or stopped without choosing (the question was already withdrawn): every
    queued step goes to the pot droplet, the one the front side of the pot has."""
    for why in decision.data["moves"]:
        free = _movable(ctx)
        if free:
            _step(ctx, POT if POT in free else free[0], why)


def _step(ctx: Ctx, which: str, why: str) -> None:
    seat = ctx.seat
    if which == POT:
        seat.droplet += 1
        ctx.emit("droplet", amount=1, to=seat.droplet, why=why)
        return
    if which == STAND:
        exchange.step(ctx, why)
        return
    seat.tube += 1
    glass = catalog.TEST_TUBES[seat.tube]
    ctx.emit("tube", to=seat.tube, bonus=glass.label, why=why)
    paid_for = N_("test-tube glass")
    if glass.kind == "vp":
        ctx.gain_points(glass.amount, paid_for)
    elif glass.kind == "ruby":
        ctx.gain_rubies(glass.amount, paid_for)
    else:
        ctx.chip_from_supply(glass.color, glass.amount, paid_for)
