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

from .scenario import draw, game, set_bag


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
    assert "Ann" in refused(state, Choose(1, preview.id, ("none",)), "wrong_seat")
    refused(state, Buy(0, "green", 1), "wrong_phase")
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
    refused(state, Choose(0, "d999", ("use",)), "unknown_decision")


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
        state = new_game(GameConfig(players=("A", "B", "C")))
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
