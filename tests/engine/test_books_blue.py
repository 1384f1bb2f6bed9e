"""Crow skull sets 2-4: the explosion insurance window and the ruby-space payouts, as scenarios."""

import pytest

from companion.engine import Draw, catalog, new_game, step, view_for
from companion.engine.model import GameConfig
from companion.words import describe

from .scenario import (
    answer,
    books,
    card,
    decision,
    draw,
    draws,
    finish_brewing,
    game,
    herb_witches,
    in_bag,
    next_step,
    set_bag,
    stop,
)


def blue(set_no, players=2):
    return game(players=players, books=books(blue=set_no))


class TestBlueSet2:
    def test_an_explosion_on_the_next_draw_after_a_blue_1_keeps_points_and_coins_but_rolls_no_die(self):
        state = blue(2)
        set_bag(state, 0, "white-3", "white-3", "blue-1", "white-2")
        state = draws(state, 0, "white-3", "white-3", "blue-1", "white-2")  # 8 > 7 on space 10
        seat = state.seats[0]
        assert seat.status == "exploded" and seat.insured_explosion
        state = finish_brewing(state)
        assert not [d for d in state.decisions if d.seat == 0], "no die, and no points-or-coins question"
        seat = state.seats[0]
        space = catalog.POT_TRACK[10]
        assert (seat.reward, seat.score, seat.coins) == ("both", space.vp, space.coins)

    def test_an_explosion_after_the_window_is_over_chooses_points_or_coins(self):
        state = blue(2)
        set_bag(state, 0, "white-3", "white-3", "blue-1", "orange-1", "white-2")
        state = draws(state, 0, "white-3", "white-3", "blue-1", "orange-1", "white-2")
        assert state.seats[0].status == "exploded" and not state.seats[0].insured_explosion
        state = finish_brewing(state)
        assert decision(state, 0, "exploded.reward")

    @pytest.mark.parametrize(("oranges", "insured"), [(3, True), (4, False)])
    def test_a_blue_4_placed_right_after_a_blue_2_covers_the_next_4_draws_not_5(self, oranges, insured):
        state = blue(2)
        set_bag(state, 0, "white-3", "white-2", "blue-2", "blue-4", *["orange-1"] * oranges, "white-3")
        state = draws(state, 0, "white-3", "white-2", "blue-2")
        assert state.seats[0].insured == 2
        state = draw(state, 0, "blue-4")
        assert state.seats[0].insured == 4
        state = draws(state, 0, *["orange-1"] * oranges, "white-3")  # whites 8: the 4th or 5th draw
        assert state.seats[0].status == "exploded"
        assert state.seats[0].insured_explosion is insured

    @pytest.mark.parametrize(("oranges", "insured"), [(1, True), (2, False)])
    def test_a_blue_2_placed_third_after_a_blue_4_covers_the_next_2_draws(self, oranges, insured):
        state = blue(2)
        set_bag(state, 0, "white-3", "white-2", "blue-4", "orange-1", "orange-1", "blue-2",
                *["orange-1"] * oranges, "white-3")
        state = draws(state, 0, "white-3", "white-2", "blue-4", "orange-1", "orange-1")
        assert state.seats[0].insured == 2
        state = draw(state, 0, "blue-2")
        assert state.seats[0].insured == 2, "the 4-chip's 1 draw left and the 2-chip's 2: the longer, not 3"
        state = draws(state, 0, *["orange-1"] * oranges, "white-3")
        assert state.seats[0].insured_explosion is insured

    def test_the_state_shows_the_running_window_and_the_feed_says_it(self):
        state = blue(2)
        set_bag(state, 0, "white-3", "white-3", "blue-4", "orange-1", "white-2")
        state = draws(state, 0, "white-3", "white-3")
        names = [s.name for s in state.seats]
        placed = step(state, Draw(0, in_bag(state, 0, "blue-4")))
        assert [describe(e, names) for e in placed.events] == [
            "Ann: draws blue 4 → space 10",
            "Ann: crow skull: 4 draws insured (an explosion keeps victory points and coins)"]
        state = draw(placed.state, 0, "orange-1")
        assert view_for(state, 0)["seats"][0]["insured"] == 3
        exploded = step(state, Draw(0, in_bag(state, 0, "white-2"))).events
        assert describe(exploded[-1], names) == ("Ann: EXPLODES: whites 8 > 7 (a crow skull's window: victory "
                                                 "points and coins both)")
        assert view_for(step(state, Draw(0, in_bag(state, 0, "white-2"))).state)["seats"][0]["insured_explosion"]

    def test_the_window_ends_with_the_round(self):
        state = blue(2)
        set_bag(state, 0, "blue-4", "white-1")
        state = draws(state, 0, "blue-4")
        state = finish_brewing(state)
        while state.phase != "fortune":
            state = next_step(state)
        assert state.seats[0].insured == 0


def landing(set_no, drawn, chip_kind, droplet=0):
    """Seat 0 draws `drawn`, then `chip_kind`: (the state before the blue chip, after it)."""
    state = blue(set_no)
    state.seats[0].droplet = droplet
    set_bag(state, 0, *drawn, chip_kind, "white-1")
    before = draws(state, 0, *drawn)
    return before, draw(before, 0, chip_kind)


class TestBlueSet3:
    @pytest.mark.parametrize(("drawn", "kind", "space", "ruby"), [
        (("white-1",), "blue-4", 5, 1),                          # the value does not matter
        (("white-1", "orange-1", "white-2"), "blue-1", 5, 1),
        (("white-2", "orange-1", "white-2"), "blue-4", 9, 1),
        (("white-1", "white-2"), "blue-4", 7, 0),                # no ruby on space 7
    ])
    def test_a_blue_chip_placed_on_a_ruby_space_gives_a_ruby_at_once(self, drawn, kind, space, ruby):
        before, after = landing(3, drawn, kind)
        assert after.seats[0].pot[-1][1] == space
        assert after.seats[0].rubies == before.seats[0].rubies + ruby
        assert after.phase == "brewing"

    def test_the_last_space_shows_a_ruby_so_the_chip_that_fills_the_pot_pays_it(self):
        before, after = landing(3, (), "blue-4", droplet=48)
        assert after.seats[0].pot[-1][1] == catalog.LAST_CHIP_SPACE and after.seats[0].status == "stopped"
        assert after.seats[0].rubies == before.seats[0].rubies + 1

    def test_a_blue_chip_placed_for_strong_ingredient_has_no_action(self):
        state = new_game(GameConfig(players=("Ann", "Ben"), books=books(blue=3)))
        state = card(state, "B09")
        set_bag(state, 0, "white-1", "blue-4")
        set_bag(state, 1, "white-1")
        state = draw(state, 0, "white-1")
        state = stop(stop(state, 0), 1)
        state = draw(state, 0, "blue-4")  # Strong Ingredient: Ann looks at her last chip
        rubies = state.seats[0].rubies
        state = answer(state, 0, "fortune.look", state.seats[0].hand[0])
        assert state.seats[0].pot[-1][1] == 5 and state.seats[0].rubies == rubies


class TestBlueSet4:
    @pytest.mark.parametrize(("drawn", "kind", "vp"), [
        (("white-1", "orange-1", "white-2"), "blue-1", 1),
        (("white-1", "white-2"), "blue-2", 2),
        (("white-1",), "blue-4", 4),
        (("white-2",), "blue-4", 0),  # space 6: no ruby
    ])
    def test_victory_points_by_the_chip_value_on_a_ruby_space(self, drawn, kind, vp):
        before, after = landing(4, drawn, kind)
        assert after.seats[0].score == before.seats[0].score + vp
        assert after.seats[0].rubies == before.seats[0].rubies

    def test_the_chip_that_fills_the_pot_on_the_last_ruby_space_pays(self):
        before, after = landing(4, (), "blue-2", droplet=50)
        assert after.seats[0].score == before.seats[0].score + 2


def test_with_red_set_2_a_red_chip_set_beside_the_pot_is_a_draw_and_one_laid_after_the_explosion_is_not():
    state = game(books=books(blue=2, red=2))
    set_bag(state, 0, "white-3", "white-3", "blue-2", "red-1", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-3", "blue-2", "red-1")  # the red goes beside the pot
    assert state.seats[0].insured == 1
    state = draw(state, 0, "white-2")  # 8 > 7 on the window's second draw
    assert state.seats[0].insured_explosion
    state = answer(state, 0, "red.aside", "place")  # laid after the explosion: not a draw
    assert state.seats[0].insured_explosion


def blue_witches(set_no):
    return game(**herb_witches(blue=set_no))


class TestBlueSet5:
    @pytest.mark.parametrize(("oranges", "blue", "vp"), [(2, "blue-2", 2), (1, "blue-2", 0), (1, "blue-1", 1),
                                                         (3, "blue-4", 0), (4, "blue-4", 4)])
    def test_points_equal_to_the_blue_value_with_at_least_that_many_orange_chips(self, oranges, blue, vp):
        state = blue_witches(5)
        set_bag(state, 0, *["orange-1"] * oranges, blue, "white-1")
        state = draws(state, 0, *["orange-1"] * oranges, blue)
        assert state.seats[0].score == vp


class TestBlueSet6:
    def test_a_ruby_per_white_1_among_the_chips_as_many_as_its_value_before_it(self):
        state = blue_witches(6)
        set_bag(state, 0, "white-1", "white-1", "orange-1", "white-2", "white-1", "blue-2", "blue-4", "white-3")
        state = draws(state, 0, "white-1", "white-1", "orange-1", "white-2", "white-1", "blue-2")
        assert state.seats[0].rubies == 1 + 1, "white 2, white 1: one white 1-chip"
        state = draw(state, 0, "blue-4")
        assert state.seats[0].rubies == 2 + 1, "blue 2, white 1, white 2, orange 1: one more"

    def test_only_the_chips_before_it_count(self):
        state = blue_witches(6)
        set_bag(state, 0, "white-1", "white-1", "blue-2", "white-3")
        state = draws(state, 0, "white-1", "white-1", "blue-2")
        assert state.seats[0].rubies == 1 + 2

    def test_fewer_chips_before_it_than_its_value_are_all_looked_at(self):
        state = blue_witches(6)
        set_bag(state, 0, "white-1", "blue-4", "white-3")
        state = draws(state, 0, "white-1", "blue-4")
        assert state.seats[0].rubies == 2
