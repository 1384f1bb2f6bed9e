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
    assert {c["samples"] for c in advice["chips"][:6]} == {96} and advice["chips"][-1]["samples"] == 32
    assert all(0 < c["error"] < 2 for c in advice["chips"])
    assert advice["best"] and all(b["cost"] <= 12 for b in advice["best"])
