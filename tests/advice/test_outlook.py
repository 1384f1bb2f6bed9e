"""The next-draw outlook, checked by hand on small bags for every colour's set-1 action."""

import random
from collections import Counter

import pytest

from companion.advice import Outlooks, outlook
from companion.autoplay import play_game
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog

from ..engine.scenario import books, draw, draws, game, set_bag, stop


def row(view, kind):
    return next(r for r in view["chips"] if r["kind"] == kind)


def brewing(*bag, drawn=(), **sets):
    state = game(books=books(**sets))
    set_bag(state, 0, *bag, *drawn)
    return draws(state, 0, *drawn)


def test_whites_land_by_value_and_the_one_past_the_threshold_explodes():
    state = brewing("white-1", "white-3", "orange-1", drawn=("white-3", "white-2"))  # white total 5
    view = outlook(state, 0)
    assert view["now"] == {"space": 6, "coins": 6, "vp": 1, "ruby": False, "white_total": 5, "threshold": 7}
    one, three = row(view, "white-1"), row(view, "white-3")
    assert (one["space"], one["exploded"], one["probability"]) == (6, False, pytest.approx(1 / 3))
    assert one["scoring"] == {"space": 7, "coins": 7, "vp": 1, "ruby": False}
    assert one["offers"] == ["core/flask"]
    assert (three["space"], three["exploded"], three["offers"]) == (8, True, [])
    assert view["explode"] == pytest.approx(1 / 3)


def test_orange_fills_one_space_and_the_spread_adds_up():
    state = brewing("orange-1", "orange-1", "white-1", drawn=("white-2",))
    view = outlook(state, 0)
    assert (row(view, "orange-1")["space"], row(view, "orange-1")["count"]) == (3, 2)
    assert sum(a["probability"] for a in view["after"]) == pytest.approx(1)
    assert [(a["coins"], a["probability"]) for a in view["after"]] == [(4, pytest.approx(1))]


@pytest.mark.parametrize(("oranges", "extra"), [(0, 0), (1, 1), (2, 1), (3, 2)])
def test_red_moves_extra_spaces_by_the_oranges_in_the_pot(oranges, extra):
    state = brewing("red-1", drawn=("orange-1",) * oranges)
    red = row(outlook(state, 0), "red-1")
    assert (red["space"], red["extra"]) == (oranges + 1 + extra, extra)
    assert red["scoring"]["space"] == oranges + 2 + extra


def test_yellow_after_a_white_offers_to_put_the_white_back():
    after_white = row(outlook(brewing("yellow-1", "orange-1", drawn=("white-2",)), 0), "yellow-1")
    after_orange = row(outlook(brewing("yellow-1", "orange-1", drawn=("orange-1",)), 0), "yellow-1")
    assert (after_white["space"], after_white["offers"]) == (3, ["yellow/1"])
    assert (after_orange["space"], after_orange["offers"]) == (2, [])


def test_blue_lands_and_opens_its_look_ahead_then_the_next_draw_goes_to_the_hand():
    state = brewing("blue-2", "white-1", "orange-1", drawn=("orange-1",))
    blue = row(outlook(state, 0), "blue-2")
    assert (blue["space"], blue["offers"], blue["exploded"]) == (3, ["blue/1"], False)
    looking = draws(state, 0, "blue-2")
    white = row(outlook(looking, 0), "white-1")
    assert (white["to_hand"], white["space"]) == (True, None)


def test_green_purple_black_land_by_value_and_a_ruby_space_shows():
    state = brewing("green-2", "purple-1", "black-1", drawn=("white-2", "white-2"))  # last space 4
    view = outlook(state, 0)
    assert {r["kind"]: r["space"] for r in view["chips"]} == {"black-1": 5, "green-2": 6, "purple-1": 5}
    assert row(view, "green-2")["scoring"] == {"space": 7, "coins": 7, "vp": 1, "ruby": False}
    assert row(view, "black-1")["scoring"] == {"space": 6, "coins": 6, "vp": 1, "ruby": False}
    assert row(view, "purple-1")["scoring"]["space"] == 6


def test_a_chip_reaching_the_last_space_fills_the_pot():
    state = game()
    set_bag(state, 0, "orange-1", "white-1")
    state.seats[0].droplet = 51
    orange = row(outlook(state, 0), "orange-1")
    assert (orange["space"], orange["pot_full"], orange["scoring"]["coins"]) == (52, True, 35)


def test_nothing_to_show_for_a_seat_that_stopped():
    state = brewing("white-1", drawn=("white-3",))
    view = outlook(stop(state, 0), 0)
    assert view["chips"] == [] and view["now"]["space"] == 4


def test_blue_set_2_explodes_but_keeps_both_within_the_window():
    # Whites 3 + 3, then a blue 1 on 7: the next draw is covered, so the white 2 explodes on 9
    # but keeps points and coins; after an orange it would not.
    state = brewing("white-2", "orange-1", drawn=("white-3", "white-3", "blue-1"), blue=2)
    white = row(outlook(state, 0), "white-2")
    assert (white["space"], white["exploded"], white["insured"]) == (9, True, True)
    assert row(outlook(state, 0), "orange-1")["insured"] is False
    later = draws(brewing("white-2", "orange-1", "orange-1", drawn=("white-3", "white-3", "blue-1"), blue=2),
                  0, "orange-1")
    assert (row(outlook(later, 0), "white-2")["exploded"], row(outlook(later, 0), "white-2")["insured"]) == (True, False)


@pytest.mark.parametrize(("set_no", "points", "rubies"), [(1, 0, 0), (3, 0, 1), (4, 4, 0)])
def test_blue_sets_3_and_4_pay_on_a_ruby_space_at_once(set_no, points, rubies):
    state = brewing("blue-4", "white-2", drawn=("white-1",), blue=set_no)
    blue = row(outlook(state, 0), "blue-4")  # lands on 5, a ruby space
    assert (blue["space"], blue["points"], blue["rubies"]) == (5, points, rubies)
    assert row(outlook(state, 0), "white-2")["rubies"] == 0  # only blue chips pay


# sets 2-4 of red and yellow: the landing space includes each book's extra, worked out by hand

def brewing_with(chosen, *bag, drawn=()):
    state = game(books={"green": 1, "blue": 1, "red": 1, "yellow": 1, "purple": 1, **chosen})
    set_bag(state, 0, *bag, *drawn)
    return draws(state, 0, *drawn)


def test_red_set_2_goes_beside_the_pot_and_the_scoring_space_stays():
    red = row(outlook(brewing_with({"red": 2}, "red-4", "white-1", drawn=("white-2",)), 0), "red-4")
    assert (red["space"], red["aside"], red["to_hand"], red["scoring"]["space"]) == (None, True, False, 3)


@pytest.mark.parametrize(("before", "space"), [("white-2", 5), ("white-3", 7), ("orange-1", 2)])
def test_red_set_3_adds_the_white_chip_directly_before(before, space):
    red = row(outlook(brewing_with({"red": 3}, "red-1", drawn=(before,)), 0), "red-1")
    assert red["space"] == space


def test_red_set_4_white_1_chips_move_2_once_a_red_is_in_the_pot():
    no_red = row(outlook(brewing_with({"red": 4}, "white-1", "white-2", drawn=("orange-1",)), 0), "white-1")
    with_red = outlook(brewing_with({"red": 4}, "white-1", "white-2", drawn=("red-1",)), 0)
    assert no_red["space"] == 2
    assert (row(with_red, "white-1")["space"], row(with_red, "white-1")["extra"]) == (3, 1)
    assert row(with_red, "white-2")["space"] == 3


def test_yellow_set_2_every_chip_after_a_yellow_lands_twice_as_far():
    view = outlook(brewing_with({"yellow": 2}, "white-1", "white-3", "orange-1", drawn=("yellow-1",)), 0)
    assert {r["kind"]: r["space"] for r in view["chips"]} == {"orange-1": 3, "white-1": 3, "white-3": 7}
    assert view["now"]["space"] == 2


def test_yellow_set_3_the_outlook_explodes_only_above_the_raised_threshold():
    state = brewing_with({"yellow": 3}, "white-2", "white-3", "yellow-1", drawn=("white-3", "white-3"))
    before = outlook(state, 0)
    assert (row(before, "white-2")["exploded"], row(before, "yellow-1")["threshold"]) == (True, 8)
    after = outlook(draws(state, 0, "yellow-1"), 0)
    assert after["now"]["threshold"] == 8
    assert (row(after, "white-2")["exploded"], row(after, "white-3")["exploded"]) == (False, True)


def test_yellow_set_4_the_next_yellow_moves_by_its_order():
    first = row(outlook(brewing_with({"yellow": 4}, "yellow-2", drawn=("orange-1",)), 0), "yellow-2")
    third = row(outlook(brewing_with({"yellow": 4}, "yellow-2", drawn=("yellow-1", "yellow-1")), 0), "yellow-2")
    assert (first["space"], first["extra"]) == (4, 1)
    assert (third["space"], third["extra"]) == (2 + 3 + 2 + 3, 3)


WHOLE_GAMES = {  # players, seed, the test tubes, expansions; every game has the cards and random books
    "four players, random books": (("Ann", "Ben", "Cleo", "Dan"), 1, False, ()),
    "three players, the test tubes": (("Ann", "Ben", "Cleo"), 2, True, ()),
    "five players, every expansion": (("Ann", "Ben", "Cleo", "Dan", "Eve"), 3, False, catalog.EXPANSIONS),
}


@pytest.mark.parametrize("name", list(WHOLE_GAMES))
def test_every_seats_kept_outlook_is_the_one_worked_out_afresh_after_every_input_of_a_whole_game(name):
    """The pages show every seat's outlook after every input; the one kept from an earlier input
    (most inputs are another seat's) is exactly the outlook of the state now, for every seat,
    over whole seeded games with the cards, random books, the tubes and every expansion."""
    players, seed, tubes, expansions = WHOLE_GAMES[name]
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, expansions, random.Random(seed))
    outlooks, kept = Outlooks(), Counter()

    def check(state, action, events):
        for n in range(len(state.seats)):
            before = outlooks._kept.get(n)
            assert outlooks(state, n) == outlook(state, n), f"seat {n} after {action}"
            kept[before is not None and outlooks._kept[n] is before] += 1

    play_game(GameConfig(players=players, tubes=tubes, **setup), seed, on_step=check, cards=True)
    assert kept[True] > kept[False], "another seat's input leaves a seat's outlook as it was: it is kept"


def test_a_seats_odds_stay_after_another_seats_draw_and_follow_its_own_and_a_chip_put_into_its_bag():
    state = brewing("white-1", "white-3", "orange-1", drawn=("white-3", "white-2"))  # white total 5
    set_bag(state, 1, "orange-1", "white-1")
    outlooks = Outlooks()
    first = outlooks(state, 0)
    assert first["explode"] == pytest.approx(1 / 3)
    state = draw(state, 1, "orange-1")
    assert outlooks(state, 0) is first
    state.seats[0].put_in_bag([state.supply["white-3"].pop(0)])  # as black set 5 gives a neighbour a chip
    more = outlooks(state, 0)
    assert (more["bag"], more["explode"]) == (4, pytest.approx(2 / 4))
    state = draw(state, 0, "orange-1")  # white total still 5: both white 3s explode, the white 1 does not
    assert outlooks(state, 0)["explode"] == pytest.approx(2 / 3)
