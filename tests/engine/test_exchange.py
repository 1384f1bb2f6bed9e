"""Wolfgang's Exchange Office: the stand droplet, the green side's victory points, the brown side's division."""

import pytest

from companion.engine import Buy, GameConfig, IllegalAction, catalog, legal_actions, new_game, step

from .scenario import (
    answer,
    at_round,
    buy,
    card,
    decision,
    done,
    draw,
    finish_brewing,
    next_step,
    set_bag,
    spend,
    stop,
)

EXCHANGE = {"expansions": ("exchange",)}

# The stand as expansions.md section 3.2 prints it: tube -> number, per side.
GREEN = (12, 10, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2)
BROWN = (15, 13, 11, 9, 7, 6, 5, 5, 4, 4, 3, 3, 2)


def brewing(stand: str = "green", players: int = 2):
    """Round 1 of an exchange game, no card: the seats are about to brew."""
    state = new_game(GameConfig(players=("Ann", "Ben", "Cid")[:players], stand=stand, **EXCHANGE))
    return card(state, None)


def rolling_ann(stand: str = "green", tube: int = 0, droplet: int = 0):
    """Ann alone reached the furthest space and rolls the bonus die; her stand droplet is on `tube`."""
    state = brewing(stand)
    state.seats[0].stand, state.seats[0].droplet = tube, droplet
    set_bag(state, 0, "orange-1", "green-1")
    set_bag(state, 1, "orange-1", "green-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    return stop(state, 1)


def test_every_seat_starts_on_the_first_tube():
    state = brewing()
    assert [s.stand for s in state.seats] == [0, 0]


@pytest.mark.parametrize("where", ["stand", "pot"])
def test_the_bonus_die_droplet_may_move_the_stand_droplet_instead(where):
    state = answer(answer(rolling_ann(tube=3, droplet=2), 0, "bonus_die", "5"), 0, "droplet", where)
    ann = state.seats[0]
    assert (ann.stand, ann.droplet) == ((4, 2) if where == "stand" else (3, 3))


def test_a_card_droplet_may_move_the_stand_droplet():
    state = new_game(GameConfig(players=("Ann", "Ben"), **EXCHANGE))
    state = card(state, "P01")  # The Pot Is Filling Up
    state = answer(answer(state, 0, "droplet", "stand"), 1, "droplet", "pot")
    assert [(s.stand, s.droplet) for s in state.seats] == [(1, 0), (0, 1)]


def test_a_two_space_move_is_two_single_steps_each_chosen():
    state = new_game(GameConfig(players=("Ann", "Ben"), **EXCHANGE))
    state = card(state, "P09")  # Choose Wisely in round 1: no purple chip yet, so the 2 spaces
    state = answer(answer(state, 0, "droplet", "stand"), 0, "droplet", "pot")
    assert (state.seats[0].stand, state.seats[0].droplet) == (1, 1)


def test_a_chip_action_droplet_may_move_the_stand_droplet():
    state = brewing()
    set_bag(state, 0, "black-1")
    set_bag(state, 1, "orange-1")
    state = finish_brewing(draw(draw(state, 0, "black-1"), 1, "orange-1"))
    state = answer(state, 0, "droplet", "stand")  # hawkmoth: more black chips than the neighbour
    assert (state.seats[0].stand, state.seats[0].droplet) == (1, 0)


def test_a_ruby_spent_on_the_droplet_may_move_the_stand_droplet():
    state = shop_open(rubies=2)
    state = done(state, 0)
    state = answer(spend(state, 0, "droplet"), 0, "droplet", "stand")
    assert (state.seats[0].stand, state.seats[0].droplet, state.seats[0].rubies) == (1, 20, 0)


@pytest.mark.parametrize(("side", "text"), [
    ("green", "Stand droplet to tube 5: 1 victory point for 6 coins"),
    ("brown", "Stand droplet to tube 5: chip value divided by 6 at the end"),
])
def test_the_question_names_the_next_tube_and_its_number(side, text):
    state = answer(rolling_ann(side, tube=4, droplet=6), 0, "bonus_die", "5")
    labels = [str(o.label) for o in decision(state, 0, "droplet").options]
    assert labels == ["Pot droplet to space 7", text]


def test_after_the_last_tube_every_step_goes_to_the_pot_droplet():
    state = answer(rolling_ann(tube=12, droplet=3), 0, "bonus_die", "5")
    assert not state.decisions_for(0)
    assert (state.seats[0].stand, state.seats[0].droplet) == (12, 4)


def test_without_the_exchange_office_nobody_is_asked():
    state = card(new_game(GameConfig(players=("Ann", "Ben"))), "P01")
    assert not state.decisions and [s.droplet for s in state.seats] == [1, 1]


# green side ------------------------------------------------------------------------------------

def shop_open(stand: str = "green", rubies: int = 1):
    """Round 1's shop, Ann's turn: she stopped on a far space (droplet 20), Ben at once."""
    state = brewing(stand)
    state.seats[0].droplet, state.seats[0].rubies = 20, rubies
    state = finish_brewing(state)
    assert state.phase == "shop" and state.shopper == 0
    return state


def shopping(tube: int, coins: int, stand: str = "green"):
    """Ann's turn in round 1's shop with these coins and her stand droplet on `tube`."""
    state = shop_open(stand)
    state.seats[0].coins, state.seats[0].stand = coins, tube
    return state


@pytest.mark.parametrize("tube", range(13))
def test_green_side_sells_a_victory_point_at_the_price_under_the_droplet(tube):
    state = shopping(tube, GREEN[tube] + 1)
    score = state.seats[0].score
    state = buy(state, 0, "points", 1)
    assert state.seats[0].score == score + 1
    # one coin is left: too little for a chip or a point, so Ann's turn is over and it is lost
    assert state.shopper != 0 and state.seats[0].coins == 0


def test_any_number_of_points_besides_two_chips():
    state = shopping(8, 30)  # tube 8: 4 coins a point
    state = buy(buy(state, 0, "orange", 1), 0, "green", 1)  # 3 + 4 coins: two chips, the most
    score = state.seats[0].score
    state = step(state, Buy(0, "points", 5)).state  # 20 of the 23 coins left
    assert state.seats[0].score == score + 5
    assert state.shopper != 0  # 3 coins: no third chip, no point at 4; the turn is over


def test_points_are_offered_among_the_shops_inputs():
    state = shopping(12, 2)
    assert Buy(0, "points", 1) in legal_actions(state, 0)


@pytest.mark.parametrize(("tube", "coins", "stand", "reason"), [
    (0, 11, "green", "too_expensive"),
    (4, 20, "brown", "no_points_for_sale"),
])
def test_refusals(tube, coins, stand, reason):
    state = shopping(tube, coins, stand)
    with pytest.raises(IllegalAction) as refused:
        step(state, Buy(0, "points", 1))
    assert refused.value.code == reason


def test_more_points_than_the_coins_pay_for_are_refused_and_nothing_changes():
    state = shopping(12, 5)
    with pytest.raises(IllegalAction) as refused:
        step(state, Buy(0, "points", 3))
    assert refused.value.code == "too_expensive" and "6 coins" in str(refused.value)
    assert state.seats[0].coins == 5


def test_points_named_as_a_chip_are_refused():
    state = shopping(12, 5)
    with pytest.raises(IllegalAction) as refused:
        step(state, Buy(0, "points", 1, "green-1-01"))
    assert refused.value.code == "malformed" and state.seats[0].coins == 5


def test_without_the_exchange_office_no_points_are_sold():
    state = card(new_game(GameConfig(players=("Ann", "Ben"))), None)
    state.seats[0].droplet = 20
    state = finish_brewing(state)
    state.seats[0].coins = 30
    with pytest.raises(IllegalAction) as refused:
        step(state, Buy(0, "points", 1))
    assert refused.value.code == "no_points_for_sale"


def test_an_exploded_pot_that_took_the_points_buys_no_points():
    """Q-E3: buying points is a purchase, and such a seat has nothing to shop with."""
    state = shopping(12, 10)
    state.seats[0].reward = "points"
    with pytest.raises(IllegalAction) as refused:
        step(state, Buy(0, "points", 1))
    assert refused.value.code == "took_points"


def test_a_seat_with_coins_only_for_points_still_gets_its_turn():
    state = shopping(12, 2)  # 2 coins buy no chip, but a point on the last tube
    assert state.shopper == 0
    state = done(state, 0)
    assert state.shopper != 0


def final_round(stand: str, tube: int):
    """Round 9, no card: Ann's stand droplet on `tube`."""
    state = card(at_round(9, stand=stand, **EXCHANGE), None)
    state.seats[0].stand = tube
    return state


def play_out(state):
    while state.phase != "game_over":
        state = next_step(state)
    return state


@pytest.mark.parametrize(("tube", "rate"), [(12, 2), (6, 5), (0, 5)])
def test_green_side_in_round_9_the_coins_buy_points_at_the_stand_where_cheaper(tube, rate):
    """Q-E2: the last round has no shop; its coins become points at 5 : 1, or at the stand's price
    where that is lower."""
    state = final_round("green", tube)
    state.seats[0].droplet = 20
    state = play_out(state)
    coins = catalog.POT_TRACK[state.seats[0].scoring_space].coins
    assert coins >= 10 and state.seats[0].final_points["coins"] == coins // rate


# brown side ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("tube", "points"), [(0, 4), (12, 30)])
def test_brown_side_the_rulebook_example_60_is_4_points_on_15_and_30_on_2(tube, points):
    state = final_round("brown", tube)
    set_bag(state, 0, *["green-4"] * 10, *["blue-4"] * 5)  # 60
    state = play_out(state)
    assert state.seats[0].final_points["stand"] == points


def test_brown_side_counts_the_pot_and_beside_the_pot_and_rounds_down():
    state = final_round("brown", 4)  # 7
    set_bag(state, 0, "white-3", "white-1", "orange-1")
    state = draw(state, 0, "orange-1")
    state.seats[0].aside += [state.supply["blue-4"].pop(), state.supply["blue-4"].pop()]
    state = play_out(state)
    assert state.seats[0].final_points["stand"] == (3 + 1 + 1 + 4 + 4) // 7


def test_brown_side_counts_white_chips():
    state = final_round("brown", 0)  # 15
    set_bag(state, 0, "white-3", "white-3", "white-3", "white-2", "white-2", "white-1", "white-1")
    assert play_out(state).seats[0].final_points["stand"] == 1


def test_the_brown_division_is_its_own_line_and_green_has_none():
    assert "stand" in play_out(final_round("brown", 0)).seats[0].final_points
    assert "stand" not in play_out(final_round("green", 0)).seats[0].final_points


def test_the_stand_table_is_the_fact_sheets():
    assert catalog.STAND == {"green": GREEN, "brown": BROWN}
