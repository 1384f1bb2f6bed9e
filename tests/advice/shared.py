"""Positions for the advice's tests, built from a real game by moving chips between the supply and a bag.

Values worked by hand use the pot track as the game data prints it (index: coins, VP, ruby) and
the value model's prices from docs/advice.md: in round 9 a coin is 0.2 VP, a ruby 0.5 VP, a
droplet step and the flask nothing; in round 8 a coin is 0.25 VP.
"""

from __future__ import annotations

from companion.engine import GameState

from ..engine.scenario import books, game, set_bag


def seat_in(phase: str, round_no: int, bag: tuple[str, ...], *, droplet: int = 0, coins: int = 0,
            rubies: int = 0, flask: bool = True, tubes: bool = False, **sets: int) -> GameState:
    """Seat 0 of a 2-player game in this phase of this round, with exactly this bag and an empty pot
    (the round's chips are back in the bag), both scores 0 (no rat stones)."""
    state = game(books=books(**sets), tubes=tubes)
    state.round, state.phase = round_no, phase
    set_bag(state, 0, *bag)
    seat = state.seats[0]
    seat.droplet, seat.coins, seat.rubies, seat.flask_full = droplet, coins, rubies, flask
    state.set_status(0, "stopped")
    state.decisions = []
    if phase == "shop":
        state.shopper = 0
    return state
