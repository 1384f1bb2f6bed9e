"""The shop advice: each chip for sale valued, the best purchases ranked, known values by hand."""

import pytest

from companion.advice import advise_shop

from .shared import seat_in

ORANGES = ("orange-1",) * 4


def test_three_coins_buy_the_orange_worth_the_ruby_of_the_space_it_reaches():
    # round 8, droplet 10: an orange moves the scoring space from 15 to 16, onto a ruby (0.5 VP in round 9)
    advice = advise_shop(seat_in("shop", 8, ORANGES, droplet=10, coins=3), 0)
    assert advice["rounds"] == 1 and advice["coins"] == 3
    assert [(c["chips"], c["cost"], c["value"], c["error"]) for c in advice["chips"]] == [([["orange", 1]], 3, 0.5, 0)]
    assert [(b["chips"], b["value"]) for b in advice["best"]] == [([["orange", 1]], 0.5)]


def test_a_purchase_that_costs_the_seat_is_not_advised():
    # droplet 11: four oranges end on 15 (scoring 16: a ruby), a fifth moves it off the ruby to 17:
    # 16 coins instead of 15 (0.2) and no ruby (-0.5)
    advice = advise_shop(seat_in("shop", 8, ORANGES, droplet=11, coins=3), 0)
    assert advice["chips"][0]["value"] == pytest.approx(-0.3)
    assert advice["best"] == []


def test_a_pair_is_valued_together_and_ranked_with_the_single_chips():
    # 15 coins in round 8 (purple from round 3, yellow from round 2): yellow 2 (12) + orange (3)
    # end on scoring space 18 (16 coins, 4 VP): 1.2 VP; purple 1 (9) alone: 1.5; purple and an
    # orange: scoring space 17 (16 coins, 3 VP: 0.2) and the purple's point: 1.2
    advice = advise_shop(seat_in("shop", 8, ORANGES, droplet=10, coins=15), 0)
    values = {tuple(map(tuple, c["chips"])): c["value"] for c in advice["chips"]}
    assert values[(("purple", 1),)] == 1.5 and values[(("yellow", 2),)] == 0.2 and values[(("orange", 1),)] == 0.5
    best = {tuple(map(tuple, b["chips"])): b["value"] for b in advice["best"]}
    assert best[(("purple", 1),)] == 1.5
    assert advice["best"][0]["value"] == max(b["value"] for b in advice["best"])
    pairs = [b for b in advice["best"] if len(b["chips"]) == 2]
    assert all(b["cost"] <= 15 and b["chips"][0][0] != b["chips"][1][0] for b in pairs)  # two colours


def test_no_advice_without_coins_or_in_the_last_round():
    assert advise_shop(seat_in("shop", 8, ORANGES, coins=2), 0)["best"] == []
    assert advise_shop(seat_in("shop", 9, ORANGES, coins=30), 0)["chips"] == []


def test_every_chip_the_seat_may_buy_is_valued_with_its_error_and_the_best_on_all_draw_orders():
    bag = ("white-1",) * 4 + ("white-2", "white-2", "white-3", "orange-1", "green-1")
    advice = advise_shop(seat_in("shop", 1, bag, coins=12), 0)
    kinds = {tuple(c["chips"][0]) for c in advice["chips"]}
    assert kinds == {("orange", 1), ("blue", 1), ("blue", 2), ("green", 1), ("green", 2), ("red", 1), ("red", 2),
                     ("black", 1)}  # 12 coins in round 1: no yellow or purple yet, nothing dearer than 12
    values = [c["value"] for c in advice["chips"]]
    assert values == sorted(values, reverse=True)
    assert {c["samples"] for c in advice["chips"][:5]} == {64} and advice["chips"][-1]["samples"] == 16
    assert all(0 < c["error"] < 2 for c in advice["chips"])
    assert advice["best"] and all(b["cost"] <= 12 for b in advice["best"])


def only_for_sale(state, *kinds):
    """The supply holds only these kinds (and white): every other chip is sold out."""
    for kind, stock in state.supply.items():
        if kind not in kinds and not kind.startswith("white"):
            stock.clear()
    return state


def test_two_chips_bought_together_can_beat_the_best_single_chip():
    # round 8, droplet 12: four oranges end on 16 (scoring 17: 16 coins, 3 VP). One space more is
    # 18 (16 coins, 4 VP): +1.0; two: 19 (17 coins, 4 VP): +1.2; three: 20 (17 coins, 4 VP, a
    # ruby): +1.7. A purple adds its space and 1 VP in step B.
    state = only_for_sale(seat_in("shop", 8, ORANGES, droplet=12, coins=15), "orange-1", "yellow-1", "yellow-2",
                          "purple-1")
    advice = advise_shop(state, 0)
    best = [(tuple(map(tuple, b["chips"])), b["value"]) for b in advice["best"]]
    assert best == [((("purple", 1), ("orange", 1)), pytest.approx(2.2)), ((("purple", 1),), pytest.approx(2.0)),
                    ((("yellow", 2), ("orange", 1)), pytest.approx(1.7))]


def test_two_chips_of_one_colour_are_never_a_purchase():
    # 20 coins: a yellow 1 and a purple (17 coins) are 2.2; two yellows (20 coins, 1.7 together)
    # may not be bought in one round, so the third best is the yellow 2 alone (1.2)
    state = only_for_sale(seat_in("shop", 8, ORANGES, droplet=12, coins=20), "yellow-1", "yellow-2", "purple-1")
    best = [(tuple(map(tuple, b["chips"])), b["value"]) for b in advise_shop(state, 0)["best"]]
    assert best == [((("purple", 1), ("yellow", 1)), pytest.approx(2.2)), ((("purple", 1),), pytest.approx(2.0)),
                    ((("yellow", 2),), pytest.approx(1.2))]


def test_a_black_chip_is_compared_with_the_neighbours_pot_as_it_is_now():
    # 2 players: Ben has a black chip in his pot. Ann's black moves her from scoring space 15 to 16
    # (a ruby, 0.5 in round 9) and ties Ben's: her droplet moves (worth nothing in round 9), no ruby
    state = seat_in("shop", 8, ORANGES, droplet=10, coins=10)
    black = state.supply["black-1"].pop(0)
    state.seats[1].set_pot([(black, 3)])
    values = {tuple(c["chips"][0]): c for c in advise_shop(only_for_sale(state, "black-1"), 0)["chips"]}
    assert values[("black", 1)]["value"] == pytest.approx(0.5)
    assert values[("black", 1)]["per_round"]["droplet"] == pytest.approx(1)
