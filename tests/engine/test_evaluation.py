"""Evaluation A-F, the calendar of a round, and the end of the game."""

import pytest

from companion.autoplay import play_game
from companion.engine import Buy, Done, GameConfig, IllegalAction, Spend, catalog, legal_actions, step
from companion.engine.model import chip

from .scenario import answer, buy, done, draw, draws, game, set_bag, spend, stop


def to_rewards(state):
    """Both seats stop at once; the die is answered with 1 VP."""
    for n, seat in enumerate(state.seats):
        if seat.status == "brewing":
            state = stop(state, n)
    for d in [d for d in state.decisions if d.kind == "bonus_die"]:
        state = answer(state, d.seat, "bonus_die", "1")
    return state


def test_all_exploded_nobody_rolls_and_each_chooses_points_or_coins():
    state = game()
    for n in (0, 1):
        set_bag(state, n, "white-3", "white-3", "white-2")
        state = draws(state, n, "white-3", "white-3", "white-2")
    assert state.phase == "rewards"
    state = answer(state, 0, "exploded.reward", "points")
    state = answer(state, 1, "exploded.reward", "coins")
    ann, ben = state.seats
    assert (ann.score, ann.coins) == (catalog.POT_TRACK[9].vp, 0)
    assert (ben.score, ben.coins) == (0, catalog.POT_TRACK[9].coins)


def test_rubies_on_the_scoring_space_pay_exploded_pots_too():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2")  # last chip on 8: scoring space 9 has a ruby
    state = draws(state, 0, "white-3", "white-3", "white-2")
    set_bag(state, 1, "orange-1")
    state = draw(state, 1, "orange-1")
    state = to_rewards(state)
    assert state.seats[0].rubies == catalog.START_RUBIES + 1


def test_shop_two_chips_must_differ_in_colour_and_costs_come_from_the_book():
    state = game()
    state.seats[0].droplet = 20
    set_bag(state, 0, "orange-1")
    set_bag(state, 1, "orange-1")
    state = to_rewards(draw(state, 0, "orange-1"))
    assert state.phase == "shop" and state.shopper == 0 and state.seats[0].coins == 18
    state = buy(state, 0, "blue", 1)
    with pytest.raises(IllegalAction) as err:
        buy(state, 0, "blue", 2)
    assert err.value.code == "same_color"
    assert state.seats[0].coins == 13


def test_yellow_is_for_sale_from_round_2_and_purple_from_round_3():
    state = game()
    state.seats[0].droplet = 40
    set_bag(state, 0, "orange-1")
    state = to_rewards(draw(state, 0, "orange-1"))
    colors = {a.color for a in legal_actions(state, 0) if isinstance(a, Buy)}
    assert "yellow" not in colors and "purple" not in colors and "white" not in colors
    assert {"orange", "black", "green", "blue", "red"} <= colors
    with pytest.raises(IllegalAction) as err:
        buy(state, 0, "yellow", 1)
    assert err.value.code == "not_for_sale"


def test_a_sold_out_chip_cannot_be_bought():
    state = game()
    state.seats[0].droplet = 40
    set_bag(state, 0, "orange-1")
    state.supply["black-1"] = []
    state = to_rewards(draw(state, 0, "orange-1"))
    with pytest.raises(IllegalAction) as err:
        buy(state, 0, "black", 1)
    assert err.value.code == "sold_out"


def test_unspent_coins_are_lost_and_the_shop_moves_in_turn_order():
    state = game(players=3, start_player=1)
    for n in range(3):
        state.seats[n].droplet = 10
        set_bag(state, n, "orange-1")
        state = draw(state, n, "orange-1")
    state = to_rewards(state)
    assert state.shopper == 1  # the start player shops first
    state = done(state, 1)
    assert state.seats[1].coins == 0 and state.shopper == 2
    with pytest.raises(IllegalAction) as err:
        step(state, Done(0))
    assert err.value.code == "not_your_turn"


def test_rubies_buy_droplet_steps_and_a_flask_refill_repeatedly():
    state = game()
    set_bag(state, 0, "white-1", "orange-1")
    state = draw(state, 0, "white-1")
    state = answer(state, 0, "flask", "use")
    state.seats[0].rubies = 6
    state = to_rewards(state)
    while state.phase == "shop":
        state = done(state, state.shopper)
    assert state.phase == "spend"
    state = spend(state, 0, "flask")
    state = spend(state, 0, "droplet")
    state = spend(state, 0, "droplet")
    ann = state.seats[0]
    assert (ann.rubies, ann.droplet, ann.flask_full) == (0, 2, True)
    with pytest.raises(IllegalAction):
        step(state, Spend(0, "droplet"))


def test_the_round_ends_chips_return_to_the_bag_and_the_start_player_passes_on():
    state = game()
    bag_before = sorted(state.seats[0].bag)
    state = draws(state, 0, "orange-1", "green-1")
    state = to_rewards(state)
    while state.phase in ("shop", "spend"):
        state = step(state, next(a for a in legal_actions(state) if isinstance(a, Done))).state
    assert (state.round, state.phase, state.start_player) == (2, "fortune", 1)
    assert sorted(state.seats[0].bag) == bag_before  # nothing bought: the same nine chips
    assert state.seats[0].pot == [] and state.seats[0].rat == 0


def test_before_round_6_every_bag_gets_one_more_white_1():
    state = game()
    state.round = 5
    before = [sum(1 for c in s.bag if chip(c).kind == "white-1") for s in state.seats]
    state = to_rewards(state)
    while state.phase != "fortune":
        state = step(state, next(a for a in legal_actions(state) if isinstance(a, Done))).state
    assert state.round == 6
    assert [sum(1 for c in s.bag if chip(c).kind == "white-1") for s in state.seats] == [b + 1 for b in before]


def test_final_round_has_no_shop_converts_coins_and_rubies_and_breaks_ties_by_pot():
    state = game()
    state.round = 9
    state.seats[0].droplet, state.seats[1].droplet = 20, 21
    state.seats[0].score, state.seats[1].score = 10, 10
    state.seats[0].rubies, state.seats[1].rubies = 5, 3
    set_bag(state, 0, "orange-1")
    set_bag(state, 1, "orange-1")
    state = draw(draw(state, 0, "orange-1"), 1, "orange-1")
    assert state.phase == "bonus_die"
    state = answer(state, 1, "bonus_die", "4")  # Ben's 23 is further than Ann's 22: Ben rolls, a ruby
    assert state.phase == "game_over"
    ann, ben = state.seats
    # Ann: space 22 = 18 coins, 5 VP -> 10 + 5 + 18 // 5 + 5 // 2 = 20, one ruby left
    assert (ann.score, ann.rubies) == (20, 1)
    # Ben: space 23 = 19 coins, 5 VP, ruby from the die -> 10 + 5 + 3 + 4 // 2 = 20
    assert ben.score == 20
    assert state.winners == [1]  # tied on points, Ben filled his pot further


def test_a_full_tie_is_a_shared_victory():
    state = game()
    state.round = 9
    for n in (0, 1):
        state.seats[n].droplet = 20
        set_bag(state, n, "orange-1")
        state = draw(state, n, "orange-1")
    for d in [d for d in state.decisions if d.kind == "bonus_die"]:
        state = answer(state, d.seat, "bonus_die", "5")
    assert state.winners == [0, 1]

def test_results_keep_each_rounds_score_and_what_coins_and_rubies_added():
    state = game(3)
    state.round = 9
    ann = state.seats[0]
    ann.droplet, ann.score, ann.rubies = 10, 3, 4
    for n in (2, 1, 0):
        set_bag(state, n, "orange-1")
        state = draw(state, n, "orange-1")
    state = answer(state, 0, "bonus_die", "3")  # Ann's 11 is furthest: she rolls 2 VP
    ann = state.seats[0]
    # Ann ends round 9 on 3 + 2 (space 11) + 2 (die) = 7; then 11 coins make 2 VP and 4 rubies 2 VP.
    assert ann.round_scores == [7] and ann.final_points == {"coins": 2, "rubies": 2}
    assert ann.score == 11


def test_every_round_of_a_whole_game_has_its_score():
    state, _ = play_game(GameConfig(players=("Ann", "Ben", "Cid")), seed=4)
    for seat in state.seats:
        assert len(seat.round_scores) == catalog.ROUNDS
        assert seat.score == seat.round_scores[-1] + sum(seat.final_points.values())
