"""A change to the bag, the droplet or the flask valued over the rounds left: known values.

A bag without white chips cannot explode: the seat draws every chip, so each brew is the same
and every value is exact (its error 0), worked by hand from the pot track.
"""

import pytest

from companion.advice.brews import Brewer, Policy
from companion.advice.futures import Futures
from companion.advice.sampling import Draws
from companion.advice.worth import worth
from companion.engine.model import Seat, chip

from ..engine.scenario import books, draws, game, set_bag
from .shared import seat_in

ORANGES = ("orange-1",) * 4


def test_one_more_space_in_round_9_is_the_ruby_of_the_space_it_reaches():
    # droplet 10, four oranges: the last chip on 14, scoring space 15 (15 coins, 3 VP) = 6.0 VP;
    # an orange more: scoring space 16 (15 coins, 3 VP and a ruby) = 6.5 VP
    futures = Futures(seat_in("shop", 8, ORANGES, droplet=10), 0)
    orange = futures.value(["orange-1"])
    assert orange.value == pytest.approx(0.5) and orange.error == 0
    assert orange.per_round == pytest.approx({"coins": 0, "vp": 0, "rubies": 1, "droplet": 0, "exploded": 0,
                                              "spaces": 1, "drawn": 1})


def test_chips_move_by_their_value_and_the_purple_pays_in_step_b():
    futures = Futures(seat_in("shop", 8, ORANGES, droplet=10), 0)
    # yellow 2: scoring space 17 (16 coins, 3 VP): 3.2 + 3 = 6.2, 0.2 more
    assert futures.value(["yellow-2"]).value == pytest.approx(0.2)
    # an orange and a yellow 2: scoring space 18 (16 coins, 4 VP): 7.2, 1.2 more
    assert futures.value(["orange-1", "yellow-2"]).value == pytest.approx(1.2)
    # purple 1: scoring space 16 (a ruby, 0.5) and one purple chip in step B: 1 VP
    assert futures.value(["purple-1"]).value == pytest.approx(1.5)


def test_a_chip_counts_in_every_round_left_at_that_rounds_price_of_a_coin():
    # round 7's shop: rounds 8 and 9 left. Droplet 13: scoring space 18 (16 coins, 4 VP); an orange
    # more: 19 (17 coins, 4 VP), one coin more in each round: 0.25 in round 8 + 0.2 in round 9
    futures = Futures(seat_in("shop", 7, ORANGES, droplet=13), 0)
    orange = futures.value(["orange-1"])
    assert orange.value == pytest.approx(0.45) and orange.per_round["coins"] == pytest.approx(1)
    assert futures.value(["orange-1"], lasts=1).value == pytest.approx(0.25)


def test_white_chips_that_cannot_explode_the_pot_are_all_drawn():
    # whites 3 and 3 can never pass 7: with four oranges from droplet 10 the last chip is on 20
    # (scoring 21: 18 coins, 4 VP); an orange more: 22 (18 coins, 5 VP), every time
    futures = Futures(seat_in("shop", 8, ("white-3", "white-3", *ORANGES), droplet=10), 0)
    orange = futures.value(["orange-1"])
    assert orange.value == pytest.approx(1.0) and orange.error == 0


def test_a_droplet_step_and_a_removed_chip():
    futures = Futures(seat_in("spend", 8, ORANGES, droplet=10), 0)
    assert futures.value(droplet=1).value == pytest.approx(0.5)  # as an orange more: scoring space 16
    orange = futures.root.seats[0].bag[0]
    # three oranges: scoring space 14 (14 coins, 3 VP) = 5.8 VP, 0.2 less
    assert futures.value(removed=[orange]).value == pytest.approx(-0.2)


def test_a_full_flask_is_worth_nothing_to_a_bag_without_white_chips():
    futures = Futures(seat_in("spend", 5, ORANGES, droplet=10, flask=False), 0)
    assert futures.value(flask=True, lasts=1).value == 0


def test_white_chips_are_sampled_and_the_error_says_how_closely():
    bag = ("white-1", "white-1", "white-1", "white-1", "white-2", "white-2", "white-3", "orange-1", "green-1")
    futures = Futures(seat_in("shop", 1, bag), 0)
    orange = futures.value(["orange-1"])
    assert orange.samples == 64 and 0 < orange.error < 1
    assert 0 < orange.per_round["drawn"] < 1
    again = Futures(seat_in("shop", 1, bag), 0).value(["orange-1"])
    assert again == orange  # the draw orders come from the position: the same question, the same answer


def test_the_sampled_seat_draws_one_more_only_when_the_track_says_so():
    # round 9, whites 5 with the last chip on 20: stopping scores space 21 (18 coins, 4 VP) = 7.6.
    # One more: the orange reaches 21 (scoring 22: 18 coins, 5 VP = 8.6); the white 3 explodes on 23
    # (scoring 24: the better of 3.8 in coins and 5 VP, and its ruby: 5.5): 7.05 on average
    seat = Seat("Ann", 0, 7, pot=[("white-2-01", 17), ("white-3-01", 20)], bag=["white-3-02", "orange-1-01"])
    policy = Policy(worth(9))
    assert policy.values(seat) == pytest.approx((7.6, 7.05))
    assert not policy.draws_on(seat)
    seat.bag = ["white-1-01", "orange-1-01"]  # nothing left can explode the pot: draw on
    assert policy.draws_on(seat)


def test_the_sampled_seat_keeps_the_chip_its_look_values_most():
    # round 9, droplet 20: whites 2 and 3 (5), then a blue 2 looks at an orange and a white 3:
    # the orange (on 28) keeps drawing worthwhile, the white 3 would explode the pot
    state = game()
    state.round = 9
    set_bag(state, 0, "white-2", "white-3", "blue-2", "orange-1", "white-3")
    state.seats[0].droplet = 20
    state = draws(state, 0, "white-2", "white-3", "blue-2", "orange-1", "white-3")
    look = state.blocking_decision(0)
    after = Brewer(state, 0)._answer(state, look.id, look.keys())
    assert [chip(c).kind for c, _ in after.seats[0].pot][-1] == "orange-1"
    assert [chip(c).kind for c in after.seats[0].bag] == ["white-3"]


@pytest.mark.parametrize("kind", ["orange-1", "blue-2", "yellow-1", "white-2", "green-4"])
def test_a_brew_with_a_chip_more_that_goes_on_from_the_brew_without_it_is_the_brew_played_from_the_start(kind):
    bag = ("white-1", "white-1", "white-1", "white-2", "white-2", "white-3", "orange-1", "blue-1", "yellow-1",
           "green-1", "red-1", "purple-1", "black-1")
    futures = Futures(seat_in("shop", 5, bag, droplet=4, flask=True), 0)
    brewer, cid = futures.brewer, futures.chip_id([kind], 0)
    for seed in range(60):
        assert brewer.brew(seed, [cid]) == brewer.brew(seed, [cid], shared=False), seed
    assert brewer.brew(7) == brewer.brew(7, shared=False)


def test_brews_with_two_chips_more_that_go_on_from_the_brew_without_them_are_the_brews_played_from_the_start():
    bag = ("white-1", "white-1", "white-1", "white-2", "white-2", "white-3", "orange-1", "blue-1", "yellow-1",
           "green-1", "red-1", "purple-1", "black-1")
    futures = Futures(seat_in("shop", 5, bag, droplet=4), 0)
    brewer = futures.brewer
    pairs = [("orange-1", "blue-2"), ("white-2", "white-3"), ("white-1", "orange-1"), ("orange-1", "white-3"),
             ("green-4", "red-1")]
    for seed in range(100):  # one brewer for all, as a shop values its chips and pairs: each answer on its own
        for kind in {k for pair in pairs for k in pair}:
            cid = futures.chip_id([kind], 0)
            assert brewer.brew(seed, [cid]) == brewer.brew(seed, [cid], shared=False), (seed, kind)
        for pair in pairs:
            ids = [futures.chip_id(pair, k) for k in range(2)]
            assert brewer.brew(seed, ids) == brewer.brew(seed, ids, shared=False), (seed, pair)
    drawn = {brewer.brew(seed, [futures.chip_id(pairs[0], k) for k in range(2)]).drawn for seed in range(100)}
    assert drawn == {0.0, 1.0}, "some brews draw both chips, some do not"


def test_the_sampled_seat_places_the_toadstools_chip_and_leaves_the_flask_it_withdrew():
    # red set 6: a red 1 on 1, the orange drawn after it set beside the pot, then a white 1 on 2
    # with the flask full: the flask is offered for the white, and the orange may be placed. Placing
    # the orange (on 3) only helps, and laying it withdraws the flask's offer, as a draw would.
    state = game(books=books(red=6), expansions=("witches",))
    state.round = 5
    set_bag(state, 0, "red-1", "orange-1", "white-1", "white-2")
    state = draws(state, 0, "red-1", "orange-1", "white-1")
    assert {d.kind for d in state.decisions if d.seat == 0} == {"red.place_aside", "flask"}
    after, _ = Brewer(state, 0)._offers(state)
    assert [chip(c).kind for c, _ in after.seats[0].pot] == ["red-1", "white-1", "orange-1"]
    assert after.seats[0].flask_full and not after.decisions_for(0)


def test_a_sampled_brew_places_every_chip_toadstool_set_aside_before_it_ends():
    # red set 6: whites 3 and 3 (on 3 and 6), a red 1 on 7 and the red 1 drawn after it set aside.
    # Placing that red (on 8) only helps, so the seat places it; it sets the white 2 aside, the last
    # chip. The seat stops (the white 2 would explode the pot), and a chip set aside must be placed
    # this round: the white 2 lands on 10, whites 8 of 7, the pot explodes.
    state = game(books=books(red=6), expansions=("witches",))
    state.round = 5
    set_bag(state, 0, "white-3", "white-3", "red-1", "red-1", "white-2")
    state = draws(state, 0, "white-3", "white-3", "red-1", "red-1")
    assert state.seats[0].aside and not state.seats[0].bag[1:]
    end, _, _ = Brewer(state, 0)._play(state, list(state.seats[0].bag), Draws(1))
    seat = end.seats[0]
    assert [(chip(c).kind, space) for c, space in seat.pot][-2:] == [("red-1", 8), ("white-2", 10)]
    assert seat.aside == [] and seat.white_total == 8 and seat.status == "exploded"
    assert not end.decisions_for(0)
