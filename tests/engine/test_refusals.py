"""`step` accepts exactly what `legal_actions` lists and refuses the rest, changing nothing."""

import copy

import pytest

from companion.autoplay import RandomPlayer
from companion.engine import (
    Buy,
    Choose,
    Done,
    Draw,
    Fortune,
    GameConfig,
    IllegalAction,
    Spend,
    Stop,
    action_from_dict,
    apply,
    legal_actions,
    new_game,
    state_to_dict,
    step,
)

from .scenario import answer, decision, draw, draws, game, set_bag, stop


def refused(state, action, code):
    before = state_to_dict(state)
    with pytest.raises(IllegalAction) as err:
        step(state, action)
    assert err.value.code == code, err.value.reason
    assert state_to_dict(state) == before
    return err.value.reason


def test_wrong_seat_wrong_phase_and_unknown_seat():
    state = game()
    set_bag(state, 0, "blue-1", "white-1")
    state = draw(state, 0, "blue-1")
    preview = state.decisions[0]
    assert "only Ann answers this: Crow skull" in refused(state, Choose(1, preview.id, ("none",)), "wrong_seat")
    refused(state, Buy(0, "green", 1), "wrong_phase")
    state.seats[0].rubies = 2
    refused(state, Spend(0, "droplet"), "wrong_phase")
    refused(state, Done(0), "wrong_phase")
    refused(state, Fortune(None), "wrong_phase")
    refused(state, Stop(7), "no_such_seat")


def test_stale_and_invalid_answers():
    state = game()
    set_bag(state, 0, "white-1", "orange-1", "white-2")
    state = draw(state, 0, "white-1")
    flask = state.decisions[0]
    later = draw(state, 0, "orange-1")
    refused(later, Choose(0, flask.id, ("use",)), "stale")
    refused(state, Choose(0, flask.id, ("drink",)), "invalid_option")
    refused(state, Choose(0, flask.id, ("use", "use")), "invalid_option")
    assert refused(state, Choose(0, "d999", ("use",)), "unknown_decision") == "there is no question d999 in this game"


FLASK_RULE = "the flask only puts back a white chip that did not make the pot explode"


def test_the_flask_on_an_orange_chip_names_the_rule():
    state = game()
    set_bag(state, 0, "white-1", "orange-1", "white-2")
    state = draw(state, 0, "white-1")
    flask = decision(state, 0, "flask")
    state = draw(state, 0, "orange-1")
    reason = refused(state, Choose(0, flask.id, ("use",)), "stale")
    assert reason == f"{FLASK_RULE}, right after drawing it: the last chip is orange 1"


def test_the_flask_on_the_exploding_white_names_the_rule():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-3")
    flask = decision(state, 0, "flask")
    state = draw(state, 0, "white-2")  # 8 > 7: the pot explodes, no new offer
    assert state.seats[0].status == "exploded" and not state.decisions_for(0)
    assert refused(state, Choose(0, flask.id, ("use",)), "stale") == f"{FLASK_RULE}: Ann's pot has exploded"


def test_the_flask_a_second_time_says_it_is_empty():
    state = game()
    set_bag(state, 0, "white-1", "orange-1")
    state = draw(state, 0, "white-1")
    flask = decision(state, 0, "flask")
    state = answer(state, 0, "flask", "use")
    reason = refused(state, Choose(0, flask.id, ("use",)), "stale")
    assert reason.startswith("Ann's flask is empty") and "refilled for 2 rubies" in reason


def test_a_ruby_spend_with_fewer_than_two_rubies_says_so_in_any_phase():
    state = game()
    assert state.seats[0].rubies == 1
    assert refused(state, Spend(0, "droplet"), "too_few_rubies") == "moving the droplet costs 2 rubies; Ann has 1"
    state.seats[1].rubies = 2  # Ben can still spend: the round waits in the spend phase
    state = to_spend(state)
    assert state.phase == "spend" and state.seats[0].rubies == 1
    assert refused(state, Spend(0, "droplet"), "too_few_rubies") == "moving the droplet costs 2 rubies; Ann has 1"


def test_an_exploded_seat_that_took_the_points_cannot_shop():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2")
    state = draws(state, 0, "white-3", "white-3", "white-2")
    state.seats[1].droplet = 20
    set_bag(state, 1, "orange-1", "green-1")
    state = stop(draw(state, 1, "orange-1"), 1)
    state = answer(state, 1, "bonus_die", "1")
    state = answer(state, 0, "exploded.reward", "points")
    assert state.phase == "shop" and state.shopper == 1
    reason = refused(state, Buy(0, "orange", 1), "took_points")
    assert reason.startswith("Ann's pot exploded and Ann took the victory points")


def test_a_chip_the_shop_does_not_sell_names_the_rule():
    state = game()
    state.seats[0].droplet = 20
    set_bag(state, 0, "orange-1", "green-1")
    set_bag(state, 1, "orange-1", "green-1")
    state = stop(stop(draw(state, 0, "orange-1"), 0), 1)
    state = answer(state, 0, "bonus_die", "1")
    assert state.phase == "shop" and state.shopper == 0
    assert refused(state, Buy(0, "yellow", 1), "not_for_sale") == (
        "the yellow book is laid out before round 2: no yellow chips are for sale in round 1")
    assert refused(state, Buy(0, "white", 1), "not_for_sale") == "white chips are never for sale"
    assert refused(state, Buy(0, "green", 3), "not_for_sale") == "there is no green 3-chip in the shop"


def to_spend(state):
    """Both seats stop at once with nothing to buy: the round reaches the rubies."""
    state = stop(stop(state, 0), 1)
    for d in [d for d in state.decisions if d.kind == "bonus_die"]:
        state = answer(state, d.seat, "bonus_die", "1")
    while state.phase == "shop":
        state = step(state, Done(state.shopper)).state
    return state


def test_a_chip_already_in_the_pot_is_refused():
    state = game()
    set_bag(state, 0, "orange-1", "white-1")
    first = state.seats[0].bag[0]
    state = draw(state, 0, "orange-1")
    assert "pot on space 1" in refused(state, Draw(0, first), "not_in_bag")
    assert "not a chip of this game" in refused(state, Draw(0, "green-9-99"), "not_in_bag")


def test_malformed_inputs_are_refused_with_the_reason():
    for bad, words in [
        ("draw", "JSON object"), ({"kind": "dance"}, "unknown input kind"),
        ({"kind": "draw", "seat": 0}, "missing field 'chip'"),
        ({"kind": "draw", "seat": "0", "chip": "white-1-01"}, "whole number"),
        ({"kind": "stop", "seat": True}, "whole number"),
        ({"kind": "choose", "seat": 0, "decision": "d1", "keys": [1]}, "list of strings"),
        ({"kind": "stop", "seat": 0, "extra": 1}, "unexpected field"),
    ]:
        with pytest.raises(IllegalAction) as err:
            action_from_dict(bad)
        assert err.value.code == "malformed" and words in err.value.reason


def test_every_listed_action_is_accepted_along_random_games():
    for seed in range(6):
        state = new_game(GameConfig(players=("A", "B", "C"), tubes=seed % 2 == 1))
        player = RandomPlayer(seed)
        while state.phase != "game_over":
            for action in legal_actions(state):
                step(state, action)  # must not raise
            apply(state, player.choose(state))


def test_step_never_changes_its_argument():
    state = game()
    snapshot = copy.deepcopy(state)
    step(state, Draw(0, state.seats[0].bag[0]))
    assert state == snapshot


def test_a_stopped_seat_is_told_why_it_stopped():
    state = game(players=3)
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    reason = refused(state, Stop(0), "stopped")
    assert reason == "Ann's bag is empty: a player with no chips in the bag must stop"
    state.seats[1].droplet = 50
    set_bag(state, 1, "red-4", "orange-1")
    state = draw(state, 1, "red-4")
    assert refused(state, Stop(1), "stopped") == "Ben's pot is full: a chip reached the last space"


def test_the_shop_goes_clockwise_and_a_seat_that_finished_is_told_so():
    state = game()
    for n in (0, 1):
        state.seats[n].droplet = 20
        set_bag(state, n, "orange-1", "green-1")
    state = stop(stop(draw(draw(state, 0, "orange-1"), 1, "orange-1"), 0), 1)
    for n in (0, 1):
        state = answer(state, n, "bonus_die", "1")
    assert state.shopper == 0
    assert refused(state, Buy(1, "orange", 1), "not_your_turn").startswith("it is Ann's turn to shop")
    state = step(state, Done(0)).state
    assert refused(state, Buy(0, "orange", 1), "not_your_turn") == "Ann has finished shopping this round; it is Ben's turn"


def test_a_lapsed_mandrake_offer_quotes_the_question():
    state = game()
    set_bag(state, 0, "white-1", "yellow-1", "orange-1", "green-1")
    state = draws(state, 0, "white-1", "yellow-1")
    offer = decision(state, 0, "yellow.return")
    state = draw(state, 0, "orange-1")
    reason = refused(state, Choose(0, offer.id, ("return",)), "stale")
    assert reason == ('"Mandrake: put the white 1 back into the bag?" has been answered, or it was an offer '
                      "that lapsed with the next draw or stop")
