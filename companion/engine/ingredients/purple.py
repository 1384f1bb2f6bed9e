"""Ghost's breath (purple): a bonus by the number of purple chips in the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import Decision, Option, chip
from ..text import N_, Text, say, say_n
from ._rule import IngredientRule, Reads

if TYPE_CHECKING:
    from ..context import Ctx

TIERS = catalog.PURPLE_1_TIERS
GHOSTS_BREATH = N_("ghost's breath")


def _label(tier: int) -> Text:
    vp, rubies, droplet = TIERS[tier]
    points = say_n("{n} victory point", "{n} victory points", vp)
    if rubies:
        return say("{points} and {rubies}", points=points, rubies=say_n("{n} ruby", "{n} rubies", rubies))
    if droplet:
        return say("{points} and the droplet {n} forward", points=points, n=droplet)
    return points


def _pay(ctx: Ctx, tier: int) -> None:
    vp, rubies, droplet = TIERS[tier]
    ctx.gain_points(vp, GHOSTS_BREATH)
    ctx.gain_rubies(rubies, GHOSTS_BREATH)
    ctx.move_droplet(droplet, GHOSTS_BREATH)


def _evaluate(ctx: Ctx) -> None:
    purples = sum(1 for cid, _ in ctx.seat.pot if chip(cid).color == "purple")
    top = min(purples, max(TIERS))
    if top == 0:
        return
    if top < max(TIERS):
        # Below the top tier, a higher tier only adds to a lower one, so it is taken without asking.
        _pay(ctx, top)
        return
    ctx.ask("purple.tier", "purple/1", say("Ghost's breath: {n} purple chips, choose your bonus", n=purples),
            [Option(str(t), _label(t)) for t in range(top, 0, -1)])


def _resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    _pay(ctx, int(keys[0]))


SET_1 = IngredientRule(
    "purple/1", "purple", 1,
    N_("In evaluation step B count your purple chips: 1 gives 1 victory point; 2 give 1 victory point "
    "and 1 ruby; 3 or more give 2 victory points and move your droplet 1 space. You may always take "
    "a lower bonus instead; tiers never combine."),
    on_evaluate=_evaluate, resolve=_resolve, reads=Reads(counts=("purple",)),
)
