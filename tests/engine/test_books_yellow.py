"""Yellow (mandrake) sets 2-4, scenario by scenario from the books' text (North Star Almanac)."""

import pytest

from companion.engine import Draw, state_to_dict, step
from companion.words import describe, render

from .scenario import (
    answer,
    books,
    card,
    decision,
    draw,
    draws,
    game,
    herb_witches,
    in_bag,
    in_force,
    next_step,
    set_bag,
    spaces,
    stop,
)


class TestYellowSet2:
    def test_the_books_example_a_2_chip_after_a_yellow_moves_4(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "yellow-1", "white-2")
        state = draws(state, 0, "yellow-1", "white-2")
        assert spaces(state, 0) == [("yellow-1", 1), ("white-2", 5)]

    def test_the_state_shows_the_doubling_until_the_next_chip_takes_it(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "yellow-4", "orange-1", "white-1")
        state = draw(state, 0, "yellow-4")
        assert state.seats[0].pending == ["yellow/2"]
        assert in_force(state) == ["the next chip laid moves twice as far"]
        state = draw(state, 0, "orange-1")
        assert spaces(state, 0) == [("yellow-4", 4), ("orange-1", 6)]
        assert state.seats[0].pending == [] and in_force(state) == []

    def test_the_value_of_the_yellow_chip_does_not_matter(self):
        for yellow in ("yellow-1", "yellow-2", "yellow-4"):
            state = game(books=books(yellow=2))
            set_bag(state, 0, yellow, "orange-1")
            state = draws(state, 0, yellow, "orange-1")
            assert spaces(state, 0)[-1][1] - spaces(state, 0)[0][1] == 2

    def test_a_yellow_after_a_yellow_is_doubled_and_doubles_the_next_not_fourfold(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "yellow-1", "yellow-2", "white-3")
        state = draws(state, 0, "yellow-1", "yellow-2", "white-3")
        assert spaces(state, 0) == [("yellow-1", 1), ("yellow-2", 5), ("white-3", 11)]

    def test_a_red_chip_after_a_yellow_moves_its_whole_move_twice(self):
        state = game(books=books(yellow=2, red=1))  # red set 1: 1 extra space with an orange in the pot
        set_bag(state, 0, "orange-1", "yellow-1", "red-2")
        state = draws(state, 0, "orange-1", "yellow-1", "red-2")
        assert spaces(state, 0) == [("orange-1", 1), ("yellow-1", 2), ("red-2", 8)]  # (2 + 1) x 2

    def test_a_white_1_chip_that_moves_2_under_red_set_4_moves_4_after_a_yellow(self):
        state = game(books=books(yellow=2, red=4))
        set_bag(state, 0, "red-1", "yellow-1", "white-1")
        state = draws(state, 0, "red-1", "yellow-1", "white-1")
        assert spaces(state, 0) == [("red-1", 1), ("yellow-1", 2), ("white-1", 6)]
        assert state.seats[0].white_total == 1

    def test_a_blue_chip_after_a_yellow_is_doubled_and_its_look_ahead_chip_is_not(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "yellow-1", "blue-1", "orange-1")
        state = draws(state, 0, "yellow-1", "blue-1")
        assert spaces(state, 0) == [("yellow-1", 1), ("blue-1", 3)]
        state = draw(state, 0, "orange-1")
        state = answer(state, 0, "blue.preview", state.seats[0].hand[0])
        assert spaces(state, 0)[-1] == ("orange-1", 4)

    def test_a_yellow_placed_from_the_crow_skull_look_ahead_doubles_the_next_chip(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "blue-1", "yellow-1", "white-2")
        state = draws(state, 0, "blue-1", "yellow-1")
        state = answer(state, 0, "blue.preview", state.seats[0].hand[0])
        state = draw(state, 0, "white-2")
        assert spaces(state, 0) == [("blue-1", 1), ("yellow-1", 2), ("white-2", 6)]

    def test_a_doubled_white_put_back_with_the_flask_has_used_up_the_doubling(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "yellow-1", "white-1", "orange-1")
        state = draws(state, 0, "yellow-1", "white-1")
        state = answer(state, 0, "flask", "use")
        state = draw(state, 0, "orange-1")
        assert spaces(state, 0) == [("yellow-1", 1), ("orange-1", 2)]

    def test_a_red_chip_set_beside_the_pot_leaves_the_doubling_for_the_next_chip_laid(self):
        state = game(books=books(yellow=2, red=2))
        set_bag(state, 0, "yellow-1", "red-2", "orange-1", "white-1")
        state = draws(state, 0, "yellow-1", "red-2", "orange-1")
        assert spaces(state, 0) == [("yellow-1", 1), ("orange-1", 3)]
        assert len(state.seats[0].aside) == 1

    def test_the_doubling_does_not_outlast_the_round(self):
        state = game(books=books(yellow=2))
        set_bag(state, 0, "yellow-1", "white-1")
        state = stop(draw(state, 0, "yellow-1"), 0)
        while state.round == 1:
            state = next_step(state)
        assert state.seats[0].pending == []


class TestYellowSet3:
    @pytest.mark.parametrize(("yellows", "threshold"), [(0, 7), (1, 8), (2, 8), (3, 9), (4, 9)])
    def test_the_threshold_rises_to_8_with_the_first_yellow_and_9_with_the_third(self, yellows, threshold):
        state = game(books=books(yellow=3))
        set_bag(state, 0, *(["yellow-1"] * yellows), "white-1")
        state = draws(state, 0, *(["yellow-1"] * yellows))
        assert state.seats[0].threshold == threshold

    def test_whites_of_8_do_not_explode_after_a_yellow(self):
        state = game(books=books(yellow=3))
        set_bag(state, 0, "yellow-2", "white-3", "white-3", "white-2", "white-1")
        state = draws(state, 0, "yellow-2", "white-3", "white-3", "white-2")
        assert state.seats[0].white_total == 8 and state.seats[0].status == "brewing"
        state = draw(state, 0, "white-1")
        assert state.seats[0].status == "exploded"

    def test_with_living_in_luxury_the_higher_limit_applies_never_a_sum(self):
        state = game(books=books(yellow=3))
        state = card(next_step_to_round_2(state), "B01")
        set_bag(state, 0, "yellow-1", "yellow-1", "yellow-1", "white-3", "white-3", "white-3", "white-1")
        state = draws(state, 0, "yellow-1")
        assert state.seats[0].threshold == 9
        state = draws(state, 0, "yellow-1", "yellow-1", "white-3", "white-3", "white-3")
        assert (state.seats[0].white_total, state.seats[0].status) == (9, "brewing")
        state = draw(state, 0, "white-1")
        assert state.seats[0].status == "exploded", "9 is the limit, not 9 + 1 or 9 + 2"

    def test_the_threshold_falls_back_to_7_for_the_next_round(self):
        state = game(books=books(yellow=3))
        set_bag(state, 0, "yellow-1", "white-1")
        state = stop(draw(state, 0, "yellow-1"), 0)
        state = next_step_to_round_2(state)
        assert [s.threshold for s in state.seats] == [7, 7]


def next_step_to_round_2(state):
    """Play on with no card and plain answers to the start of round 2."""
    while state.round == 1:
        state = next_step(state)
    return state


class TestYellowSet4:
    def test_the_first_three_yellows_move_1_2_and_3_more_and_later_ones_nothing(self):
        state = game(books=books(yellow=4))
        set_bag(state, 0, "yellow-1", "yellow-2", "yellow-1", "yellow-4")
        state = draws(state, 0, "yellow-1", "yellow-2", "yellow-1", "yellow-4")
        assert spaces(state, 0) == [("yellow-1", 2), ("yellow-2", 6), ("yellow-1", 10), ("yellow-4", 14)]

    def test_other_chips_between_yellows_do_not_change_the_count(self):
        state = game(books=books(yellow=4))
        set_bag(state, 0, "yellow-1", "white-1", "yellow-1")
        state = draws(state, 0, "yellow-1", "white-1")
        assert in_force(state) == ["the next yellow chip moves 2 more"]
        state = draw(state, 0, "yellow-1")
        assert spaces(state, 0) == [("yellow-1", 2), ("white-1", 3), ("yellow-1", 6)]


def test_the_yellow_books_have_their_spanish_words():
    state = game(books=books(yellow=2))
    set_bag(state, 0, "yellow-1", "white-1")
    assert in_force(draw(state, 0, "yellow-1"), lang="es") == ["la siguiente ficha colocada avanza el doble"]
    state = game(books=books(yellow=4))
    set_bag(state, 0, "yellow-1", "white-1")
    assert in_force(draw(state, 0, "white-1"), lang="es") == ["la siguiente ficha amarilla avanza 1 más"]
    state = game(books=books(yellow=3))
    set_bag(state, 0, "yellow-1", "white-1")
    result = step(state, Draw(0, state.seats[0].bag[0]))
    assert describe(result.events[-1], ["Ann", "Ben"], "es") == "Ann: esta ronda un caldero solo explota por encima de 8"
    for set_no in (2, 3, 4):
        text = state_to_dict(game(books=books(yellow=set_no)))["books"]["yellow"]["text"]
        assert render(text, "es").startswith(("Si sacas", "Cuando sacas"))


def yellow_witches(set_no):
    return game(**herb_witches(yellow=set_no))


class TestYellowSet5:
    def test_the_yellow_chip_moves_on_by_the_next_chips_value_which_goes_back_into_the_bag(self):
        state = yellow_witches(5)
        set_bag(state, 0, "yellow-1", "red-4", "white-1")
        state = draw(state, 0, "yellow-1")
        assert decision(state, 0, "yellow.peek").blocking
        red = in_bag(state, 0, "red-4")
        state = draw(state, 0, "red-4")
        assert spaces(state, 0) == [("yellow-1", 5)]
        assert red in state.seats[0].bag and red in state.seats[0].returning, "expected back past the reader"

    def test_a_white_chip_drawn_for_it_only_moves_the_yellow_chip(self):
        state = yellow_witches(5)
        set_bag(state, 0, "yellow-2", "white-3", "orange-1")
        state = draws(state, 0, "yellow-2", "white-3")
        assert spaces(state, 0) == [("yellow-2", 5)] and state.seats[0].white_total == 0
        state = draw(state, 0, "orange-1")
        assert spaces(state, 0)[-1] == ("orange-1", 6)

    def test_with_an_empty_bag_nothing_is_drawn(self):
        state = yellow_witches(5)
        set_bag(state, 0, "orange-1", "yellow-1")
        state = draws(state, 0, "orange-1", "yellow-1")
        assert spaces(state, 0) == [("orange-1", 1), ("yellow-1", 2)] and state.seats[0].status == "stopped"


class TestYellowSet6:
    def test_one_ruby_moves_the_yellow_chip_3_more_spaces(self):
        state = yellow_witches(6)
        set_bag(state, 0, "yellow-2", "orange-1")
        state = draw(state, 0, "yellow-2")
        offer = decision(state, 0, "yellow.ruby")
        assert not offer.blocking
        state = answer(state, 0, "yellow.ruby", "pay")
        assert spaces(state, 0) == [("yellow-2", 5)] and state.seats[0].rubies == 0

    def test_the_offer_lapses_with_the_next_draw_and_needs_a_ruby(self):
        state = yellow_witches(6)
        set_bag(state, 0, "yellow-1", "orange-1", "yellow-1", "white-1")
        state = draws(state, 0, "yellow-1", "orange-1")
        assert not state.decisions_for(0) and spaces(state, 0) == [("yellow-1", 1), ("orange-1", 2)]
        state.seats[0].rubies = 0
        state = draw(state, 0, "yellow-1")
        assert not state.decisions_for(0), "no ruby to pay"


def test_no_mandrake_return_is_offered_in_a_pot_that_has_already_exploded():
    """A yellow chip set beside the pot (red set 6) and placed after a white chip once the pot has
    exploded: the white stays, so the pot stays exploded."""
    state = game(**herb_witches(red=6, yellow=1))
    set_bag(state, 0, "red-1", "yellow-1", "white-3", "white-3", "white-2")
    state = draws(state, 0, "red-1", "yellow-1")  # the yellow goes beside the pot
    state = draws(state, 0, "white-3", "white-3", "white-2")  # whites 8: exploded
    assert state.seats[0].status == "exploded"
    state = answer(state, 0, "red.place_aside", "place")
    assert spaces(state, 0)[-2:] == [("white-2", 9), ("yellow-1", 10)]
    assert not [d for d in state.decisions if d.kind == "yellow.return"]
