"""Ghost's breath (purple): step B actions by the purple chips in the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import Decision, Option, chip
from ._rule import IngredientRule
from .labels import chip_label, plural

if TYPE_CHECKING:
    from ..context import Ctx

TIERS = catalog.PURPLE_1_TIERS
WHY = "ghost's breath"


def _label(tier: int) -> str:
    vp, rubies, droplet = TIERS[tier]
    parts = [f"{vp} victory point{'s' if vp > 1 else ''}"]
    if rubies:
        parts.append(f"{rubies} ruby")
    if droplet:
        parts.append(f"droplet {droplet} forward")
    return " and ".join(parts)


def _pay(ctx: Ctx, tier: int) -> None:
    vp, rubies, droplet = TIERS[tier]
    ctx.gain_points(vp, WHY)
    ctx.gain_rubies(rubies, WHY)
    ctx.move_droplet(droplet, WHY)


def _evaluate(ctx: Ctx) -> None:
    purples = sum(1 for cid, _ in ctx.seat.pot if chip(cid).color == "purple")
    top = min(purples, max(TIERS))
    if top == 0:
        return
    if top < max(TIERS):
        # Below the top tier, a higher tier only adds to a lower one, so it is taken without asking.
        _pay(ctx, top)
        return
    ctx.ask("purple.tier", "purple/1", f"Ghost's breath: {purples} purple chips, choose your bonus",
            [Option(str(t), _label(t)) for t in range(top, 0, -1)])


def _resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    _pay(ctx, int(keys[0]))


SET_1 = IngredientRule(
    "purple/1", "purple", 1,
    "In evaluation step B count your purple chips: 1 gives 1 victory point; 2 give 1 victory point "
    "and 1 ruby; 3 or more give 2 victory points and move your droplet 1 space. You may always take "
    "a lower bonus instead; tiers never combine.",
    on_evaluate=_evaluate, resolve=_resolve,
)


def _purples(ctx: Ctx) -> list[tuple[str, int]]:
    """(chip, space) of every purple chip in the pot, in placing order."""
    return [(cid, space) for cid, space in ctx.seat.pot if chip(cid).color == "purple"]


def _on_space(space: int) -> str:
    """Where a chip lies, by the number printed on its space, as players name it."""
    return f"space {catalog.POT_TRACK[space].coins}"


# set 2 -------------------------------------------------------------------------------------

def _trade_label(traded: list[tuple[str, int]]) -> str:
    chips, vp, rubies, droplet = catalog.PURPLE_2_TRADES[len(traded)]
    parts = [*(f"a {color} {value}-chip" for color, value in chips), plural(vp, "victory point")]
    if rubies:
        parts.append(plural(rubies, "ruby", "rubies"))
    if droplet:
        parts.append(f"droplet {plural(droplet, 'space')} forward")
    where = ", ".join(_on_space(space) for _, space in traded)
    return f"Trade in {plural(len(traded), 'purple chip')} ({where}): {', '.join(parts)}"


def _offer_trade(ctx: Ctx) -> None:
    purples = _purples(ctx)
    if purples:
        most = min(len(purples), max(catalog.PURPLE_2_TRADES))
        ctx.ask("purple.trade", "purple/2", "Ghost's breath: trade in purple chips from your pot?",
                [*(Option(str(n), _trade_label(purples[:n])) for n in range(most, 0, -1)),
                 Option("0", "Keep them all")])


def _resolve_trade(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The purple chips named go back into the box; the chips of the trade come from it."""
    ctx.close(decision)
    count = int(keys[0])
    if not count:
        return
    for cid, _ in _purples(ctx)[:count]:
        ctx.chip_to_supply(cid, WHY)
    chips, vp, rubies, droplet = catalog.PURPLE_2_TRADES[count]
    for color, value in chips:
        ctx.chip_from_supply(color, value, why=WHY)
    ctx.gain_points(vp, WHY)
    ctx.gain_rubies(rubies, WHY)
    ctx.move_droplet(droplet, WHY)


SET_2 = IngredientRule(
    "purple/2", "purple", 2,
    "In evaluation step B you may trade in purple chips from your pot: for 1, a black 1-chip, 1 "
    "victory point and 1 ruby; for 2, a green 1-chip, a blue 2-chip, 3 victory points and your "
    "droplet 1 space forward; for 3, a yellow 4-chip, 6 victory points, 1 ruby and your droplet 2 "
    "spaces forward. One trade only; you may trade in fewer chips than you have.",
    on_evaluate=_offer_trade, resolve=_resolve_trade,
)


# set 3 -------------------------------------------------------------------------------------

def _band(space: int) -> int:
    printed = catalog.POT_TRACK[space].coins
    return next((vp for least, vp in catalog.PURPLE_3_BANDS if printed >= least), 0)


def _points_by_space(ctx: Ctx) -> None:
    ctx.gain_points(sum(_band(space) for _, space in _purples(ctx)), WHY)


SET_3 = IngredientRule(
    "purple/3", "purple", 3,
    "In evaluation step B, for each purple chip in your pot you receive victory points by its space: "
    "0 on spaces 0 to 9, 1 on spaces 10 to 19, 2 on spaces 20 to 29, 3 on spaces 30 or higher.",
    on_evaluate=_points_by_space,
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
                found[key] = Option(f"{cid}>{new}", f"Trade the {chip_label(cid)} on {_on_space(space)} "
                                    f"for a {c.color} {new}")
    return list(found.values())


def _offer_upgrade(ctx: Ctx) -> None:
    top = min(len(_purples(ctx)), max(catalog.PURPLE_4_UPGRADES))
    options = _upgrades(ctx, top) if top else []
    if options:
        ctx.ask("purple.upgrade", "purple/4", f"Ghost's breath: {plural(len(_purples(ctx)), 'purple chip')}, "
                "trade in one chip from your pot for a higher one?", [*options, Option("none", "Keep the pot as it is")])


def _resolve_upgrade(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The new chip comes from the box into the bag and the old one goes back into the box; if
    the new kind has run out meanwhile, the old chip stays."""
    ctx.close(decision)
    if keys[0] == "none":
        return
    old, new = keys[0].split(">")
    c = chip(old)
    if ctx.chip_from_supply(c.color, int(new), why=WHY) is not None:
        ctx.chip_to_supply(old, WHY)


SET_4 = IngredientRule(
    "purple/4", "purple", 4,
    "In evaluation step B count your purple chips: with 1 you may trade in one 1-chip from your pot "
    "for a 2-chip of the same colour; with 2, one 2-chip for a 4-chip; with 3 or more, one 1-chip "
    "for a 4-chip. The new chip goes into your bag. A lower action may be used instead; actions "
    "never combine.",
    on_evaluate=_offer_upgrade, resolve=_resolve_upgrade,
)
