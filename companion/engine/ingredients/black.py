"""African death's head hawkmoth (black): compare black chips with the neighbours."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import GameState
from ..text import N_
from ._rule import IngredientRule, Reads

if TYPE_CHECKING:
    from ..context import Ctx

HAWKMOTH = N_("hawkmoth")


def _blacks(state: GameState, seat_no: int) -> int:
    return state.seats[seat_no].in_pot("black")


def _two_players(ctx: Ctx) -> None:
    mine = _blacks(ctx.state, ctx.seat_no)
    theirs = _blacks(ctx.state, 1 - ctx.seat_no)
    if mine == 0 or mine < theirs:
        return  # with no black chip there is no moth to act
    ctx.move_droplet(catalog.BLACK_STEPS, HAWKMOTH)
    if mine > theirs:
        ctx.gain_rubies(catalog.BLACK_RUBIES, HAWKMOTH)


def _more_players(ctx: Ctx) -> None:
    mine = _blacks(ctx.state, ctx.seat_no)
    if mine == 0:
        return  # with no black chip there is no moth to act (and no neighbour has fewer)
    n = len(ctx.state.seats)
    beaten = sum(1 for nb in ((ctx.seat_no + 1) % n, (ctx.seat_no - 1) % n) if mine > _blacks(ctx.state, nb))
    if beaten:
        ctx.move_droplet(catalog.BLACK_STEPS, HAWKMOTH)
    if beaten == 2:
        ctx.gain_rubies(catalog.BLACK_RUBIES, HAWKMOTH)


TWO_PLAYERS = IngredientRule(
    "black/2p", "black", None,
    N_("2 players: with as many black chips in your pot as your opponent, move your droplet 1 space; "
    "with more, move your droplet 1 space and take 1 ruby."),
    on_evaluate=_two_players, reads=Reads(counts=("black",)),
)
MORE_PLAYERS = IngredientRule(
    "black/3-4p", "black", None,
    N_("3-4 players: with more black chips than the player on your left or on your right, move your "
    "droplet 1 space; with more than both, move your droplet 1 space and take 1 ruby."),
    on_evaluate=_more_players, reads=Reads(counts=("black",)),
)
