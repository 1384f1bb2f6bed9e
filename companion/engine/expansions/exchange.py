"""Wolfgang's Exchange Office: the shared stand, each seat's stand droplet, and what its tube is worth.

The stand droplet moves only instead of the pot droplet (`droplets` asks which one). The number
under it is, on the green side, the price of one victory point in the shop (bought with a `Buy`
of `POINTS`) and, on the brown side, what the printed values of all the seat's chips are divided
by at the end of the game. The numbers are one table, `catalog.STAND`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..errors import IllegalAction
from ..model import GameConfig, GameState, Option, Seat, chip
from ..text import N_, say

if TYPE_CHECKING:
    from ..context import Ctx

STAND = "stand"
"""The droplet question's option that moves the stand droplet."""
POINTS = "points"
"""`Buy(seat, POINTS, n)`: n victory points at the stand's price (green side)."""
GREEN, BROWN = catalog.STAND_SIDES
WHY = N_("the exchange stand")


def side(config: GameConfig) -> str | None:
    """The side of the stand in play, or None without the Exchange Office."""
    return config.stand if config.has("exchange") else None


def number(config: GameConfig, tube: int) -> int:
    """The number printed under a tube of the side in play."""
    return catalog.STAND[config.stand][tube]


def stand_free(config: GameConfig, seat: Seat) -> bool:
    """Whether the seat's stand droplet may still move (never past the last tube, Q-E1)."""
    return config.has("exchange") and seat.stand < catalog.LAST_STAND_TUBE


def step_option(config: GameConfig, seat: Seat) -> Option:
    """The droplet question's answer that moves the stand droplet, saying what the next tube is worth."""
    tube = seat.stand + 1
    if config.stand == GREEN:
        return Option(STAND, say("Stand droplet to tube {tube}: 1 victory point for {n} coins", tube=tube,
                                 n=number(config, tube)))
    return Option(STAND, say("Stand droplet to tube {tube}: chip value divided by {n} at the end", tube=tube,
                             n=number(config, tube)))


def step(ctx: Ctx, why: str) -> None:
    seat = ctx.seat
    seat.stand += 1
    ctx.emit("stand", to=seat.stand, number=number(ctx.state.config, seat.stand), side=ctx.state.config.stand,
             why=why)


# green side: victory points in the shop -----------------------------------------------------

def point_price(state: GameState, seat_no: int) -> int | None:
    """Coins per victory point for this seat in the shop, or None when the stand sells none."""
    if side(state.config) != GREEN:
        return None
    return number(state.config, state.seats[seat_no].stand)


def can_buy_points(state: GameState, seat_no: int) -> bool:
    cost = point_price(state, seat_no)
    return cost is not None and state.seats[seat_no].coins >= cost


def buy_points(ctx: Ctx, count: int) -> None:
    """Buy `count` victory points at the price under the seat's stand droplet; the shop's own
    checks (whose turn, an exploded pot that took the points) have run."""
    seat = ctx.seat
    cost = point_price(ctx.state, ctx.seat_no)
    if cost is None:
        raise IllegalAction("no_points_for_sale", "victory points are sold only on the green side of Wolfgang's "
                            "Exchange Office" + (": this game's stand shows the brown side"
                                                 if ctx.state.config.has("exchange") else ", which is not in play"))
    if count < 1:
        raise IllegalAction("malformed", f"buy 1 or more victory points, not {count}")
    if count * cost > seat.coins:
        raise IllegalAction("too_expensive", f"{count} victory point(s) cost {count * cost} coins at tube "
                            f"{seat.stand} ({cost} each); {seat.name} has {seat.coins}")
    seat.coins -= count * cost
    ctx.emit("points_bought", amount=count, cost=count * cost)
    ctx.gain_points(count, WHY)


def coin_points(state: GameState, seat: Seat) -> int:
    """The last round's coins as points: 5 per point, or on the green side the stand's price where
    it is lower (Q-E2: the better of the two, mixed as the coins allow)."""
    rate = catalog.COINS_PER_VP
    cost = number(state.config, seat.stand) if side(state.config) == GREEN else rate
    if cost >= rate:
        return seat.coins // rate
    return max(k + (seat.coins - k * cost) // rate for k in range(seat.coins // cost + 1))


# brown side: the chips' value at the end ----------------------------------------------------

def chip_value(seat: Seat) -> int:
    """The printed values of every chip the seat owns: bag, pot, hand and beside the pot, whites too."""
    owned = [*seat.bag, *(cid for cid, _ in seat.pot), *seat.hand, *seat.aside]
    return sum(chip(cid).value for cid in owned)


def final_points(state: GameState, seat: Seat) -> int:
    """Brown side: the chips' value divided by the number under the stand droplet, rounded down."""
    if side(state.config) != BROWN:
        return 0
    return chip_value(seat) // number(state.config, seat.stand)

