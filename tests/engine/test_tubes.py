"""The test-tube side of the pots: a second droplet, the seat's choice of droplet, the glasses."""

import pytest

from companion.engine import Choose, ConfigError, GameConfig, IllegalAction, new_game, step
from companion.engine.context import Ctx
from companion.engine.model import chip

from .scenario import answer, decision, draw, draws, game, set_bag, spend, stop

# The strip as the rulebook pictures it (game-data section 5): glass -> what reaching it pays.
GLASSES = {
    1: ("ruby", 1), 2: ("vp", 1), 3: ("chip", "blue-1"), 4: ("vp", 2), 5: ("chip", "black-1"),
    6: ("vp", 2), 7: ("chip", "red-2"), 8: ("vp", 3), 9: ("chip", "purple-1"), 10: ("vp", 3),
    11: ("chip", "yellow-4"), 12: ("vp", 4),
}


def rolling_ann(tube: int = 0, droplet: int = 0):
    """A test-tube game where Ann alone rolls the bonus die; her test-tube droplet is on `tube`."""
    state = game(tubes=True)
    state.seats[0].tube, state.seats[0].droplet = tube, droplet
    set_bag(state, 0, "orange-1", "green-1")
    set_bag(state, 1, "orange-1", "green-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    state = stop(state, 1)
    return state


@pytest.mark.parametrize("glass", sorted(GLASSES))
def test_each_glass_pays_at_once(glass):
    state = rolling_ann(tube=glass - 1)
    before = state.seats[0]
    state = answer(answer(state, 0, "bonus_die", "5"), 0, "droplet", "tube")
    ann = state.seats[0]
    assert ann.tube == glass and ann.droplet == before.droplet
    kind, what = GLASSES[glass]
    if kind == "ruby":
        assert ann.rubies == before.rubies + what
    elif kind == "vp":
        assert ann.score == before.score + what
    else:  # the chip comes from the supply into the bag, and is expected past the reader
        known = set(before.bag) | {c for c, _ in before.pot}
        gained = [c for c in ann.bag if c not in known]
        assert [chip(c).kind for c in gained] == [what] and gained[0] in ann.returning
    assert (kind == "vp") == (ann.score != before.score)
    assert (kind == "ruby") == (ann.rubies != before.rubies)


def test_the_strip_pays_one_ruby_15_points_and_five_chips_in_all():
    assert sum(a for k, a in GLASSES.values() if k == "vp") == 15
    state = new_game(GameConfig(players=("Ann", "Ben"), tubes=True))
    assert [s.tube for s in state.seats] == [0, 0]


def test_the_seat_may_move_the_pot_droplet_instead():
    state = answer(answer(rolling_ann(tube=4, droplet=3), 0, "bonus_die", "5"), 0, "droplet", "pot")
    assert (state.seats[0].tube, state.seats[0].droplet) == (4, 4)


def test_the_droplet_question_names_both_destinations():
    state = answer(rolling_ann(tube=2, droplet=6), 0, "bonus_die", "5")
    labels = [str(o.label) for o in decision(state, 0, "droplet").options]
    assert labels == ["Pot droplet to space 7", "Test-tube droplet to glass 3: a blue 1-chip into the bag"]


@pytest.mark.parametrize("glass", sorted(GLASSES))
def test_the_question_says_what_each_glass_pays(glass):
    """The strip's pictures in words: glass 10, like 8, shows 3 victory points."""
    state = answer(rolling_ann(tube=glass - 1), 0, "bonus_die", "5")
    kind, what = GLASSES[glass]
    if kind == "ruby":
        bonus = f"{what} ruby"
    elif kind == "vp":
        bonus = f"{what} victory point{'s' if what > 1 else ''}"
    else:
        color, value = what.split("-")
        bonus = f"a {color} {value}-chip into the bag"
    assert str(decision(state, 0, "droplet").options[1].label) == f"Test-tube droplet to glass {glass}: {bonus}"


def test_once_the_strip_is_full_the_pot_droplet_moves_without_a_question():
    state = answer(rolling_ann(tube=12, droplet=3), 0, "bonus_die", "5")
    assert not state.decisions_for(0)
    assert (state.seats[0].tube, state.seats[0].droplet) == (12, 4)


def test_without_the_test_tube_side_nobody_is_asked():
    state = game()
    set_bag(state, 0, "orange-1", "green-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    state = answer(stop(state, 1), 0, "bonus_die", "5")
    assert not state.decisions_for(0) and state.seats[0].droplet == 1 and state.seats[0].tube == 0


def test_the_round_waits_for_the_choice():
    state = answer(rolling_ann(), 0, "bonus_die", "5")
    assert state.phase == "bonus_die"
    assert answer(state, 0, "droplet", "tube").phase != "bonus_die"


def test_two_moves_in_the_chip_actions_are_chosen_one_after_the_other():
    # Ann has the only black chip (the hawkmoth moves a droplet) and three purples (the top tier
    # moves one too): two steps, each chosen, and the second may go elsewhere.
    state = game(tubes=True)
    set_bag(state, 0, "black-1", "purple-1", "purple-1", "purple-1", "green-1")
    set_bag(state, 1, "orange-1", "green-1")
    state = draws(state, 0, "black-1", "purple-1", "purple-1", "purple-1")
    state = stop(stop(state, 0), 1)
    state = answer(state, 0, "bonus_die", "1")
    state = answer(state, 0, "purple.tier", "3")
    assert len([d for d in state.decisions_for(0) if d.kind == "droplet"]) == 1
    state = answer(state, 0, "droplet", "tube")
    assert state.seats[0].tube == 1 and state.phase == "chip_actions"
    state = answer(state, 0, "droplet", "pot")
    assert (state.seats[0].tube, state.seats[0].droplet) == (1, 1)
    assert state.phase != "chip_actions"


def test_a_ruby_spend_moves_the_chosen_droplet_and_the_round_waits():
    state = rolling_ann()  # nobody has coins to shop with: the round goes on to the rubies
    state.seats[0].rubies = 4
    state = answer(state, 0, "bonus_die", "1")
    assert state.phase == "spend"
    state = spend(spend(state, 0, "droplet"), 0, "droplet")
    assert state.seats[0].rubies == 0 and state.phase == "spend"
    state = answer(answer(state, 0, "droplet", "tube"), 0, "droplet", "tube")
    assert state.seats[0].tube == 2 and state.seats[0].score >= 1


def test_tubes_must_be_true_or_false():
    with pytest.raises(ConfigError, match="tubes"):
        new_game(GameConfig(players=("Ann", "Ben"), tubes="yes"))


def test_an_unknown_key_in_the_droplet_question_is_refused():
    state = answer(rolling_ann(), 0, "bonus_die", "5")
    with pytest.raises(IllegalAction):
        step(state, Choose(0, decision(state, 0, "droplet").id, ("both",)))


def test_a_move_while_brewing_does_not_hold_up_the_draws_and_lapses_to_the_pot_droplet():
    # A card that moves the droplet (the hook every caller shares): the seat may keep drawing.
    state = game(tubes=True)
    set_bag(state, 0, "orange-1", "orange-1", "green-1")
    Ctx(state, 0, []).move_droplet(2, "a card")
    question = decision(state, 0, "droplet")
    assert not question.blocking and question.data["moves"] == ["a card", "a card"]
    state = draw(state, 0, "orange-1")
    ann = state.seats[0]
    assert (ann.droplet, ann.tube) == (2, 0) and not state.decisions_for(0)
    assert ann.pot[0][1] == 3  # the chip is counted from the moved droplet


def test_a_move_while_brewing_can_be_answered_before_drawing():
    state = game(tubes=True)
    set_bag(state, 0, "orange-1", "green-1")
    Ctx(state, 0, []).move_droplet(1, "a card")
    state = answer(state, 0, "droplet", "tube")
    assert (state.seats[0].droplet, state.seats[0].tube, state.seats[0].rubies) == (0, 1, 2)


def test_a_ruby_from_the_first_glass_can_be_spent_in_the_same_round():
    state = rolling_ann()
    state.seats[0].rubies = 3
    state = answer(state, 0, "bonus_die", "1")
    state = answer(spend(state, 0, "droplet"), 0, "droplet", "tube")  # glass 1 pays a ruby: 3 - 2 + 1
    assert state.seats[0].rubies == 2 and not state.seats[0].done and state.phase == "spend"
    state = answer(spend(state, 0, "droplet"), 0, "droplet", "pot")
    assert state.seats[0].rubies == 0 and state.phase != "spend"
