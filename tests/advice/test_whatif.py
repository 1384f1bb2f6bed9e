"""The advice's light copies of a game: every part of the game, and only the seat's own parts new."""

from dataclasses import fields

from companion.advice import whatif
from companion.engine.model import GameState

from ..engine.scenario import draws, game, set_bag


def test_a_copy_for_one_seat_holds_every_part_of_the_game_and_a_draw_in_it_leaves_the_game_as_it_was():
    state = game()
    set_bag(state, 0, "white-1", "orange-1", "white-2")
    state = draws(state, 0, "white-1")
    copy = whatif.sandbox(state, 0)
    assert [getattr(copy, f.name) for f in fields(GameState)] == [getattr(state, f.name) for f in fields(GameState)]
    bag, pot, supply = list(state.seats[0].bag), list(state.seats[0].pot), {k: list(v) for k, v in state.supply.items()}
    after, _ = whatif.draw(copy, 0, next(c for c in copy.seats[0].bag if c.startswith("orange")))
    copy.supply["orange-1"].pop()
    copy.seats[0].bag.pop()
    assert (state.seats[0].bag, state.seats[0].pot, state.supply) == (bag, pot, supply)
    assert copy.seats[1] is state.seats[1], "the other seats are shared, not copied"
    assert len(after.seats[0].pot) == 2
