"""Ghost's breath (purple): step B actions by the purple chips in the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import Decision, Option, chip
from ..phases.prices import price_list
from ..text import N_, Text, say, say_n
from ._rule import IngredientRule, Reads
from .labels import chip_label, kind_label

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
    purples = ctx.seat.in_pot("purple")
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


def _purples(ctx: Ctx) -> list[tuple[str, int]]:
    """(chip, space) of every purple chip in the pot, in placing order."""
    return [laid for laid in ctx.seat.pot if chip(laid[0]).color == "purple"]


# set 2 -------------------------------------------------------------------------------------

TRADE_LABELS = {
    1: N_("Trade in 1 purple chip (space {spaces}): a {chip}-chip, {points} and {rubies}"),
    2: N_("Trade in 2 purple chips (spaces {spaces}): a {chip}-chip, a {chip2}-chip, {points} and the "
          "droplet {steps} forward"),
    3: N_("Trade in 3 purple chips (spaces {spaces}): a {chip}-chip, {points}, {rubies} and the droplet "
          "{steps} forward"),
}
"""Each trade's option, naming the spaces (by their printed numbers) of the purple chips it takes."""


def _trade_label(traded: list[tuple[str, int]]) -> Text:
    chips, vp, rubies, droplet = catalog.PURPLE_2_TRADES[len(traded)]
    names = [kind_label(color, value) for color, value in chips]
    return say(TRADE_LABELS[len(traded)], spaces=", ".join(str(catalog.printed(space)) for _, space in traded),
               chip=names[0], chip2=names[-1], points=say_n("{n} victory point", "{n} victory points", vp),
               rubies=say_n("{n} ruby", "{n} rubies", rubies), steps=droplet)


def _offer_trade(ctx: Ctx) -> None:
    purples = _purples(ctx)
    if purples:
        most = min(len(purples), max(catalog.PURPLE_2_TRADES))
        ctx.ask("purple.trade", "purple/2", say("Ghost's breath: trade in purple chips from your pot?"),
                [*(Option(str(n), _trade_label(purples[:n])) for n in range(most, 0, -1)),
                 Option("0", say("Keep them all"))])


def _resolve_trade(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The purple chips named go back into the box; the chips of the trade come from it."""
    ctx.close(decision)
    count = int(keys[0])
    if not count:
        return
    for cid, _ in _purples(ctx)[:count]:
        ctx.chip_to_supply(cid, GHOSTS_BREATH)
    chips, vp, rubies, droplet = catalog.PURPLE_2_TRADES[count]
    for color, value in chips:
        ctx.chip_from_supply(color, value, why=GHOSTS_BREATH)
    ctx.gain_points(vp, GHOSTS_BREATH)
    ctx.gain_rubies(rubies, GHOSTS_BREATH)
    ctx.move_droplet(droplet, GHOSTS_BREATH)


SET_2 = IngredientRule(
    "purple/2", "purple", 2,
    N_("In evaluation step B you may trade in purple chips from your pot: for 1, a black 1-chip, 1 "
       "victory point and 1 ruby; for 2, a green 1-chip, a blue 2-chip, 3 victory points and your "
       "droplet 1 space forward; for 3, a yellow 4-chip, 6 victory points, 1 ruby and your droplet 2 "
       "spaces forward. One trade only; you may trade in fewer chips than you have."),
    on_evaluate=_offer_trade, resolve=_resolve_trade, reads=Reads(counts=("purple",)),
)


# set 3 -------------------------------------------------------------------------------------

def _band(space: int) -> int:
    """Victory points for a purple chip by the number printed on its space."""
    printed = catalog.printed(space)
    return next((vp for least, vp in catalog.PURPLE_3_BANDS if printed >= least), 0)


def _points_by_space(ctx: Ctx) -> None:
    points = 0
    for _, space in _purples(ctx):  # a loop, not sum() of a generator: asked of every seat
        points += _band(space)
    ctx.gain_points(points, GHOSTS_BREATH)


SET_3 = IngredientRule(
    "purple/3", "purple", 3,
    N_("In evaluation step B, for each purple chip in your pot you receive victory points by its space: "
       "0 on spaces 0 to 9, 1 on spaces 10 to 19, 2 on spaces 20 to 29, 3 on spaces 30 or higher."),
    on_evaluate=_points_by_space, reads=Reads(spaces=("purple",)),
)


# set 4 -------------------------------------------------------------------------------------

def _upgrades(ctx: Ctx, top: int) -> list[Option]:
    """One option per kind of chip in the pot and tier (chips of a kind are alike), naming the
    last one of that kind by its space so the player knows which chip goes back into the box.
    White chips are not ingredients: a higher white only brings the explosion closer."""
    found: dict[str, Option] = {}
    for tier in range(top, 0, -1):
        old, new = catalog.PURPLE_4_UPGRADES[tier]
        for cid, space in reversed(ctx.seat.pot):
            c = chip(cid)
            key = f"{c.kind}>{new}"
            if c.value == old and c.color not in ("white", "purple") and key not in found \
                    and ctx.state.supply.get(f"{c.color}-{new}"):
                found[key] = Option(f"{cid}>{new}", say("Trade the {chip} on space {space} for a {new}",
                                                        chip=chip_label(cid), space=catalog.printed(space),
                                                        new=kind_label(c.color, new)))
    return list(found.values())


def _offer_upgrade(ctx: Ctx) -> None:
    purples = len(_purples(ctx))
    options = _upgrades(ctx, min(purples, max(catalog.PURPLE_4_UPGRADES))) if purples else []
    if options:
        ctx.ask("purple.upgrade", "purple/4",
                say_n("Ghost's breath: {n} purple chip, trade in one chip from your pot for a higher one?",
                      "Ghost's breath: {n} purple chips, trade in one chip from your pot for a higher one?",
                      purples),
                [*options, Option("none", say("Keep the pot as it is"))])


def _resolve_upgrade(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The new chip comes from the box into the bag and the old one goes back into the box; if
    the new kind has run out meanwhile, the old chip stays."""
    ctx.close(decision)
    if keys[0] == "none":
        return
    old, new = keys[0].split(">")
    ctx.trade_up(old, int(new), GHOSTS_BREATH)


SET_4 = IngredientRule(
    "purple/4", "purple", 4,
    N_("In evaluation step B count your purple chips: with 1 you may trade in one 1-chip from your pot "
       "for a 2-chip of the same colour; with 2, one 2-chip for a 4-chip; with 3 or more, one 1-chip "
       "for a 4-chip. The new chip goes into your bag. A lower action may be used instead; actions "
       "never combine."),
    on_evaluate=_offer_upgrade, resolve=_resolve_upgrade,
)


# set 5 -------------------------------------------------------------------------------------

SPEND = "purple.spend"


def _purse(ctx: Ctx) -> None:
    """The victory points printed on the purple chips' spaces become coins for this step only; in
    the last round they buy victory points as coins do (5 : 1)."""
    coins = sum(catalog.POT_TRACK[space].vp for _, space in _purples(ctx))
    if not coins:
        return
    if ctx.state.round >= catalog.ROUNDS:
        ctx.gain_points(coins // catalog.COINS_PER_VP, GHOSTS_BREATH)
    else:
        _offer_chips(ctx, coins, [])


def _offer_chips(ctx: Ctx, coins: int, bought: list[str]) -> None:
    """Chips of a colour not bought yet that the coins left pay for and the box still holds."""
    options = [Option(f"{color}-{value}", say("A {kind} for {cost} coins", kind=kind_label(color, value), cost=cost))
               for (color, value), cost in price_list(ctx.state.config, ctx.state.round).items()
               if cost <= coins and color not in bought and ctx.state.supply.get(f"{color}-{value}")]
    if options:
        ctx.ask(SPEND, "purple/5", say_n("Ghost's breath: {n} coin to spend now on up to 2 chips",
                                         "Ghost's breath: {n} coins to spend now on up to 2 chips", coins),
                [*options, Option("none", say("Buy nothing more"))], data={"coins": coins, "bought": bought})


def _resolve_spend(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "none":
        return
    color, value = keys[0].rsplit("-", 1)
    coins = decision.data["coins"] - price_list(ctx.state.config, ctx.state.round)[(color, int(value))]
    bought = [*decision.data["bought"], color]
    ctx.chip_from_supply(color, int(value), why=GHOSTS_BREATH)
    if len(bought) < catalog.MAX_PURCHASES:
        _offer_chips(ctx, coins, bought)


SET_5 = IngredientRule(
    "purple/5", "purple", 5,
    N_("In evaluation step B add up the victory points printed on the spaces of your purple chips: you "
       "may spend that many coins at once on up to 2 chips of different colours (in round 9, 1 victory "
       "point for every 5). What is left is lost; it never joins your coins in the shop."),
    on_evaluate=_purse, resolve=_resolve_spend,
)


# set 6 -------------------------------------------------------------------------------------

def _points_by_next(ctx: Ctx) -> None:
    """The printed value of the chip laid right after each purple chip (locoweed, printed without
    a value, is numbered as a 1-chip); a purple chip laid last scores nothing."""
    pot = ctx.seat.pot
    ctx.gain_points(sum(chip(pot[i + 1][0]).value for i, (cid, _) in enumerate(pot[:-1])
                        if chip(cid).color == "purple"), GHOSTS_BREATH)


SET_6 = IngredientRule(
    "purple/6", "purple", 6,
    N_("In evaluation step B each purple chip in your pot scores victory points equal to the printed "
       "value of the chip placed right after it (not how far it moved). A locoweed chip counts 1."),
    on_evaluate=_points_by_next,
)
