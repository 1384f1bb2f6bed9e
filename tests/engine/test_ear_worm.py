"""Ear worm (The Alchemists, expansions.md 2.5 and D9): right after the essence phase the seat draws
its oval's number of chips one by one and places each normally, with its action; no chip laid then
can explode the pot. What each book's action does for a chip laid after brewing is in README's
Rulebook readings."""

import pytest

from companion.engine import Choose, Draw, Fortune, GameConfig, IllegalAction, catalog, legal_actions, new_game, step
from companion.engine.model import chip

from .scenario import answer, books, decision, draws, in_bag, set_bag, spaces
from .test_alchemists import alchemy, through_essence, to_next_round

WITCHES = ("alchemists", "witches")


def worm(*pot: str, bag: tuple[str, ...] = (), space: str = "1", expansions=("alchemists",), **sets: int):
    """Ann (Ear worm) draws `pot` and stops (or explodes), Ben draws nothing; Ann's marker stops on
    `space` (1: draw 1 chip, 3: draw 2); her bag then holds `bag`: Ann's first Ear worm chip is next."""
    state = new_game(GameConfig(players=("Ann", "Ben"), expansions=expansions, books=books(**sets),
                                patients=("ear-worm", "nervousness", "vampirism")))
    state = step(answer(answer(state, 0, "patient", "ear-worm"), 1, "patient", "ear-worm"), Fortune(None)).state
    set_bag(state, 0, *pot, *bag)
    state = draws(state, 0, *pot)
    state = through_essence(state, space)
    assert state.phase == "essence"
    return state


def worm_draws(state, *kinds: str):
    """Ann's Ear worm chips, drawn at her bag's reader (or for a chip's look), one by one."""
    for kind in kinds:
        state = step(state, Draw(0, in_bag(state, 0, kind))).state
    return state


def last(state) -> tuple[str, int]:
    return spaces(state, 0)[-1]


# the draws: whites, exploded pots, round 9 -----------------------------------------------------

def test_an_ear_worm_white_cannot_explode_the_pot_and_the_draws_go_on_after_it():
    state = worm("orange-1", "green-1", "black-1", "white-3", "white-3", bag=("white-2", "green-1"), space="3")
    state = worm_draws(state, "white-2")  # whites 8 > 7
    assert state.seats[0].status == "stopped" and state.seats[0].white_total == 8
    assert decision(state, 0, "fortune.look").data["left"] == 1
    state = worm_draws(state, "green-1")
    assert last(state) == ("green-1", 12) and state.phase != "essence"


def test_an_exploded_pot_s_ear_worm_draws_in_rounds_1_to_8_d9():
    state = worm("orange-1", "white-3", "white-3", "white-2", bag=("green-1",))
    assert state.seats[0].status == "exploded"
    state = worm_draws(state, "green-1")
    assert last(state) == ("green-1", 10) and state.seats[0].status == "exploded"


def test_ear_worm_draws_nothing_in_round_9_whose_essence_pays_points_only_d9():
    state = alchemy("ear-worm", "ear-worm")
    while state.round < catalog.ROUNDS:
        state = to_next_round(state)
    set_bag(state, 0, "orange-1", "green-1", "blue-1", "red-1")
    state = draws(state, 0, "orange-1", "green-1")
    score = state.seats[0].score
    state = through_essence(state)
    assert state.phase != "essence" and not [d for d in state.decisions if d.kind == "fortune.look"]
    assert len(state.seats[0].pot) == 2 and state.seats[0].score >= score + 2  # 2 spaces: 2 victory points


# chips that move further ----------------------------------------------------------------------

@pytest.mark.parametrize("sets, expansions, pot, drawn, space", [
    ({"red": 1}, ("alchemists",), ("orange-1", "green-1"), "red-1", 4),  # 1 orange: 1 extra
    ({"red": 3}, ("alchemists",), ("orange-1", "white-2"), "red-1", 6),  # the white 2 before it: 2 extra
    ({"red": 4}, ("alchemists",), ("red-1",), "white-1", 3),  # a white 1 after a red moves 2
    ({"red": 5}, WITCHES, ("red-4",), "red-1", 8),  # as far as the red 4 already in the pot
    ({"yellow": 4}, ("alchemists",), ("orange-1",), "yellow-1", 3),  # the first yellow: 1 extra
    ({"locoweed": 8}, ("alchemists",), ("orange-1", "green-1"), "locoweed-1", 5),  # orange, green, locoweed
    ({"locoweed": 10}, ("alchemists",), ("orange-1", "white-3"), "locoweed-1", 7),  # whites add up to 3
])
def test_an_ear_worm_chip_moves_as_its_book_says(sets, expansions, pot, drawn, space):
    state = worm(*pot, bag=(drawn,), expansions=expansions, **sets)
    state = worm_draws(state, drawn)
    assert last(state) == (drawn, space)


def test_yellow_set_2_doubles_the_next_ear_worm_chip():
    state = worm("orange-1", "green-1", "black-1", bag=("yellow-1", "green-2"), space="3", yellow=2)
    state = worm_draws(state, "yellow-1", "green-2")
    assert spaces(state, 0)[-2:] == [("yellow-1", 4), ("green-2", 8)]


def test_locoweed_set_6_is_laid_as_a_copy_of_the_last_coloured_chip_with_its_action():
    state = worm("orange-1", "red-1", bag=("locoweed-1",), expansions=WITCHES, locoweed=6)  # red set 1: 1 orange, 1 extra
    state = worm_draws(state, "locoweed-1")
    assert last(state) == ("locoweed-1", 5)


# the explosion threshold ----------------------------------------------------------------------

def test_yellow_set_3_raises_a_stopped_pot_s_threshold_but_an_exploded_pot_stays_exploded():
    state = worm("orange-1", bag=("yellow-1",), yellow=3)
    state = worm_draws(state, "yellow-1")
    assert state.seats[0].threshold == 8
    state = worm("orange-1", "white-3", "white-3", "white-2", bag=("yellow-1",), yellow=3)
    state = worm_draws(state, "yellow-1")
    assert state.seats[0].status == "exploded" and state.seats[0].threshold == 7


# the mandrake and other offers: questions now ------------------------------------------------

def test_the_mandrake_after_an_ear_worm_white_asks_and_the_next_chip_waits_for_the_answer():
    state = worm("orange-1", "green-1", "black-1", "purple-1", "blue-1", bag=("white-1", "yellow-1", "green-1"),
                 space="5", blue=2)  # 5 colours: draw 3
    state = worm_draws(state, "white-1", "yellow-1")
    asked = decision(state, 0, "ear_worm.chip")
    assert asked.blocking and [o.key for o in asked.options] == ["return", "none"]
    assert not [d for d in state.decisions if d.kind == "fortune.look"]  # the third chip waits
    with pytest.raises(IllegalAction):
        step(state, Draw(0, in_bag(state, 0, "green-1")))
    white = spaces(state, 0)[-2]
    state = answer(state, 0, "ear_worm.chip", "return")
    assert white not in spaces(state, 0) and state.seats[0].returning  # back into the bag past the reader
    assert decision(state, 0, "fortune.look").data["left"] == 1


def test_the_mandrake_s_question_answered_no_leaves_the_white_and_the_phase_ends():
    state = worm("orange-1", "green-1", "black-1", bag=("white-1", "yellow-1"), space="3")
    state = worm_draws(state, "white-1", "yellow-1")
    assert state.phase == "essence"  # the last chip's question holds the phase
    result = step(state, Choose(0, decision(state, 0, "ear_worm.chip").id, ("none",)))
    assert [k for k, _ in spaces(result.state, 0)][-2:] == ["white-1", "yellow-1"]
    assert {"event": "action_passed", "seat": 0, "chip": result.state.seats[0].pot[-1][0], "why": "Ear worm"} \
        in result.events
    assert result.state.phase != "essence"


def test_no_mandrake_question_in_an_exploded_pot():
    state = worm("orange-1", "white-3", "white-3", "white-2", bag=("yellow-1",))
    state = worm_draws(state, "yellow-1")
    assert not state.decisions_for(0)


def test_yellow_set_6_asks_for_a_ruby_to_move_the_ear_worm_yellow_3_further():
    state = worm("orange-1", bag=("yellow-1",), expansions=WITCHES, yellow=6)
    state = worm_draws(state, "yellow-1")
    assert [o.key for o in decision(state, 0, "ear_worm.chip").options] == ["pay", "none"]
    state = answer(state, 0, "ear_worm.chip", "pay")
    assert last(state) == ("yellow-1", 5) and state.seats[0].rubies == 0


def test_locoweed_set_9_asks_which_coloured_chip_goes_back():
    state = worm("orange-1", "green-1", bag=("locoweed-1",), locoweed=9)
    state = worm_draws(state, "locoweed-1")
    green = state.seats[0].pot[1][0]
    assert green in decision(state, 0, "ear_worm.chip").keys()
    state = answer(state, 0, "ear_worm.chip", green)
    assert [k for k, _ in spaces(state, 0)] == ["orange-1", "locoweed-1"] and green in state.seats[0].bag


# chips that draw chips ------------------------------------------------------------------------

def test_an_ear_worm_crow_skull_looks_and_its_chip_is_placed_with_its_action_without_exploding():
    state = worm("orange-1", "green-1", "black-1", "white-3", "white-3", space="3",
                 bag=("blue-2", "white-2", "red-1", "green-1"))  # whites 6
    state = worm_draws(state, "blue-2")
    look = decision(state, 0, "blue.preview")
    assert look.data["reveal"] == 2 and Draw(0, in_bag(state, 0, "white-2")) in legal_actions(state, 0)
    state = worm_draws(state, "white-2", "red-1")
    white = in_hand = state.seats[0].hand[0]
    assert chip(in_hand).kind == "white-2"
    state = answer(state, 0, "blue.preview", white)
    assert state.seats[0].white_total == 8 and state.seats[0].status == "stopped"
    assert last(state) == ("white-2", 13)
    assert decision(state, 0, "fortune.look").data["left"] == 1  # the looked-at chips are not Ear worm's draws
    state = worm_draws(state, "red-1")  # put back by the crow skull, drawn again
    assert last(state) == ("red-1", 15)  # red set 1: 1 orange, 1 extra


def test_the_crow_skull_s_chosen_chip_acts_too():
    state = worm("orange-1", bag=("blue-1", "red-1"))
    state = worm_draws(state, "blue-1", "red-1")
    state = answer(state, 0, "blue.preview", state.seats[0].hand[0])
    assert spaces(state, 0) == [("orange-1", 1), ("blue-1", 2), ("red-1", 4)]  # 1 orange: 1 extra


def test_red_set_6_sets_the_next_chip_beside_the_pot_and_it_is_placed_at_once_without_exploding():
    state = worm("orange-1", "white-3", "white-3", bag=("red-1", "white-2"), expansions=WITCHES, red=6)
    state = worm_draws(state, "red-1")
    assert decision(state, 0, "red.draw_aside").data["take"]
    state = worm_draws(state, "white-2")
    place = decision(state, 0, "red.place_aside")
    assert place.blocking and place.keys() == ["place"]
    state = answer(state, 0, "red.place_aside", "place")
    assert last(state) == ("white-2", 10) and state.seats[0].status == "stopped"


def test_yellow_set_5_draws_the_next_chip_to_move_the_ear_worm_yellow_on():
    state = worm("orange-1", bag=("yellow-1", "green-2"), expansions=WITCHES, yellow=5)
    state = worm_draws(state, "yellow-1", "green-2")
    assert last(state) == ("yellow-1", 4) and in_bag(state, 0, "green-2")


def test_red_set_2_an_ear_worm_red_goes_beside_the_pot_counts_as_drawn_and_is_asked_about_at_once():
    state = worm("orange-1", "green-1", "black-1", bag=("red-1", "white-1"), space="3", red=2)
    state = worm_draws(state, "red-1")
    asked = decision(state, 0, "red.aside")
    assert asked.keys() == ["place", "keep", "bag"] and state.seats[0].ear_worm == 1
    state = answer(state, 0, "red.aside", "place")
    assert last(state) == ("red-1", 4)
    state = worm_draws(state, "white-1")
    assert last(state) == ("white-1", 5)
    kept = worm("orange-1", bag=("red-1",), red=2)
    kept = answer(worm_draws(kept, "red-1"), 0, "red.aside", "keep")
    assert [chip(c).kind for c in kept.seats[0].aside] == ["red-1"] and kept.phase != "essence"


# crow skulls that pay, and one that insures ------------------------------------------------

@pytest.mark.parametrize("sets, expansions, pot, drawn, rubies, points", [
    ({"blue": 3}, ("alchemists",), ("orange-1", "green-1", "black-1"), "blue-2", 1, 0),  # space 5: a ruby space
    ({"blue": 4}, ("alchemists",), ("orange-1", "green-1", "black-1"), "blue-2", 0, 2),
    ({"blue": 5}, WITCHES, ("orange-1",), "blue-1", 0, 1),  # 1 orange chip
    ({"blue": 6}, WITCHES, ("orange-1", "white-1"), "blue-1", 1, 0),  # a white 1 directly before it
])
def test_an_ear_worm_crow_skull_pays_as_its_book_says(sets, expansions, pot, drawn, rubies, points):
    state = worm(*pot, bag=(drawn,), expansions=expansions, **sets)
    before = state.seats[0].rubies, state.seats[0].score
    state = worm_draws(state, drawn)
    assert (state.seats[0].rubies - before[0], state.seats[0].score - before[1]) == (rubies, points)


def test_blue_set_2_opens_no_window_over_an_explosion_already_past():
    state = worm("orange-1", "white-3", "white-3", "white-2", bag=("blue-1",), blue=2)
    state = worm_draws(state, "blue-1")
    assert state.seats[0].insured == 0 and not state.seats[0].insured_explosion


def test_green_chips_laid_by_ear_worm_act_in_step_b_on_the_pot_as_it_is():
    state = worm("orange-1", bag=("green-1",), green=1)
    state = worm_draws(state, "green-1")
    events = []
    while state.phase in ("bonus_die", "chip_actions"):
        d = state.decisions[0]
        result = step(state, Choose(d.seat, d.id, (d.options[0].key,)))
        state, events = result.state, events + result.events
    assert {"event": "rubies", "seat": 0, "amount": 1, "why": "garden spider"} in events  # green set 1: last chip

