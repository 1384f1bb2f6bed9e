"""African death's head hawkmoth (black): the base book compares black chips with the neighbours;
set 5 gives black chips to the left neighbour, set 6 rewards the furthest black chips at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import GameState, chip
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
    beaten = (mine > _blacks(ctx.state, (ctx.seat_no + 1) % n)) + (mine > _blacks(ctx.state, (ctx.seat_no - 1) % n))
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


# set 5 -------------------------------------------------------------------------------------

def left_of(state: GameState, seat_no: int) -> int:
    """The player on a seat's left: the next one clockwise (with 2 players, the opponent)."""
    return (seat_no + 1) % len(state.seats)


def _to_the_left(ctx: Ctx, chip_id: str) -> bool:
    """The chip goes into the left neighbour's bag past that neighbour's reader (expected there as a
    chip going in), and the giver's droplet moves on."""
    left = left_of(ctx.state, ctx.seat_no)
    ctx.state.seats[left].put_in_bag([chip_id])
    ctx.emit("chip_given", chip=chip_id, to=left)
    ctx.move_droplet(catalog.BLACK_5_STEPS, HAWKMOTH)
    return True


def _rubies_5(ctx: Ctx) -> None:
    theirs = _blacks(ctx.state, left_of(ctx.state, ctx.seat_no))
    mine_at_end = sum(1 for cid, _ in ctx.seat.pot[-2:] if chip(cid).color == "black")
    ctx.gain_rubies((theirs + mine_at_end) * catalog.BLACK_5_RUBIES, HAWKMOTH)


SET_5 = IngredientRule(
    "black/5", "black", 5,
    N_("A black chip you buy or receive goes into the bag of the player on your left, and your droplet "
       "moves 1 space. In evaluation step B you receive 1 ruby for each black chip in the pot of the "
       "player on your left and 1 ruby for each black chip that is the last or the next to last chip "
       "placed in your own pot."),
    gained=_to_the_left, on_evaluate=_rubies_5,
)


# set 6 -------------------------------------------------------------------------------------

def _ranks(state: GameState) -> list[int]:
    """The spaces holding a black chip in any pot, furthest first, each once (ties share a rank)."""
    return sorted({space for seat in state.seats for cid, space in seat.pot if chip(cid).color == "black"},
                  reverse=True)


def _furthest(ctx: Ctx) -> None:
    ranks = _ranks(ctx.state)
    mine = {space for cid, space in ctx.seat.pot if chip(cid).color == "black"}
    if ranks and ranks[0] in mine:
        ctx.move_droplet(catalog.BLACK_6_STEPS, HAWKMOTH)
    if len(ranks) > 1 and ranks[1] in mine:
        ctx.gain_rubies(catalog.BLACK_6_RUBIES, HAWKMOTH)


SET_6 = IngredientRule(
    "black/6", "black", 6,
    N_("In evaluation step B the player whose black chip lies furthest in their pot moves their droplet 1 "
       "space; the player whose black chip lies second furthest receives 1 ruby. Tied players all receive "
       "the bonus; one player may receive both."),
    on_evaluate=_furthest,
)
