"""The potion phase: placement, the white total, explosions, the flask, stopping, the last space."""

import pytest

from companion.engine import Draw, IllegalAction, Stop, catalog, explosion_risk, step

from .scenario import answer, decision, draw, draws, game, set_bag, spaces, stop


def test_first_chip_counts_from_the_droplet_then_from_the_previous_chip():
    state = game()
    state.seats[0].droplet = 3
    set_bag(state, 0, "white-2", "orange-1", "white-1")
    state = draws(state, 0, "white-2", "orange-1")
    assert spaces(state, 0) == [("white-2", 5), ("orange-1", 6)]
    assert state.seats[0].scoring_space == 7


def test_white_total_may_reach_the_threshold_without_exploding():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-1", "white-1")
    state = draws(state, 0, "white-3", "white-3", "white-1")
    assert state.seats[0].white_total == 7 and state.seats[0].status == "brewing"
    state = draw(state, 0, "white-1")
    assert state.seats[0].status == "exploded"


def test_an_exploded_seat_cannot_draw_or_stop():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2", "white-1")
    state = draws(state, 0, "white-3", "white-3", "white-2")
    with pytest.raises(IllegalAction) as err:
        draw(state, 0, "white-1")
    assert err.value.code == "exploded"
    with pytest.raises(IllegalAction):
        step(state, Stop(0))


def test_the_threshold_is_a_rule_input():
    state = game(threshold=9)
    set_bag(state, 0, "white-3", "white-3", "white-3", "white-1")
    state = draws(state, 0, "white-3", "white-3", "white-3")
    assert state.seats[0].status == "brewing"  # 9 is not above 9


def test_exact_explosion_risk_counts_the_whites_that_would_pass_the_threshold():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2", "white-1", "orange-1", "green-1")
    state = draws(state, 0, "white-3", "white-2")  # total 5, margin 2
    assert explosion_risk(state.seats[0]) == (1, 4)  # only the white 3 of 4 chips would explode
    state = draw(state, 0, "white-1")  # total 6, margin 1
    assert explosion_risk(state.seats[0]) == (1, 3)


def test_chips_never_seen_before_count_in_the_white_total_the_colour_counts_and_the_risk():
    """Chips met for the first time (a pot or bag set up by hand, a search's stand-in chip) are
    counted as well as chips already laid in other games."""
    seat = game().seats[0]
    seat.set_pot([("white-3-71", 3), ("orange-1-71", 4), ("white-2-71", 6)], ["white-1-71"])
    assert seat.white_total == 6
    seat.lay("red-1-71", 7)
    assert seat.in_pot("red") == 1 and seat.in_pot("white") == 2
    seat.bag = ["white-2-72", "green-1-72", "white-1-72"]
    assert explosion_risk(seat) == (1, 3)  # margin 1: only the white 2 would pass the threshold


def test_stopping_by_choice_ends_the_seat_and_the_phase_waits_for_the_others():
    state = game()
    set_bag(state, 0, "orange-1", "white-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    assert state.seats[0].status == "stopped" and state.phase == "brewing"
    with pytest.raises(IllegalAction) as err:
        draw(state, 0, "white-1")
    assert err.value.code == "stopped"


def test_an_empty_bag_forces_a_stop():
    state = game()
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    assert state.seats[0].status == "stopped"


def test_flask_puts_the_last_white_back_once_until_refilled():
    state = game()
    set_bag(state, 0, "white-3", "white-2", "orange-1")
    state = draw(state, 0, "white-3")
    state = answer(state, 0, "flask", "use")
    seat = state.seats[0]
    assert seat.pot == [] and seat.white_total == 0 and not seat.flask_full
    assert len(seat.bag) == 3
    state = draw(state, 0, "white-2")
    assert not [d for d in state.decisions if d.kind == "flask"]  # empty flask: no offer


def test_flask_is_offered_only_right_after_a_white_chip():
    state = game()
    set_bag(state, 0, "white-1", "orange-1", "white-2")
    state = draw(state, 0, "white-1")
    assert decision(state, 0, "flask")
    state = draw(state, 0, "orange-1")  # the offer lapses with the next draw
    assert not state.decisions


def test_flask_cannot_undo_the_exploding_chip():
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2")
    state = draws(state, 0, "white-3", "white-3")
    state = draw(state, 0, "white-2")
    assert state.seats[0].status == "exploded"
    assert not [d for d in state.decisions if d.kind == "flask"]


def test_a_chip_reaching_the_last_space_lies_on_it_and_the_spoon_scores():
    state = game()
    state.seats[0].droplet = 50
    set_bag(state, 0, "green-4", "white-1")
    state = draw(state, 0, "green-4")
    assert spaces(state, 0) == [("green-4", catalog.LAST_CHIP_SPACE)]
    seat = state.seats[0]
    assert seat.scoring_space == catalog.SPOON and seat.status == "stopped"
    assert (catalog.POT_TRACK[catalog.SPOON].coins, catalog.POT_TRACK[catalog.SPOON].vp) == (35, 15)


def test_a_draw_of_a_chip_that_is_not_in_the_bag_is_refused_and_says_where_it_is():
    state = game()
    set_bag(state, 0, "white-1", "orange-1")
    set_bag(state, 1, "white-2")
    other = state.seats[1].bag[0]
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        step(state, Draw(0, other))
    assert err.value.code == "not_in_bag"
    assert "Ben's bag" in err.value.reason and "not in Ann's bag" in err.value.reason
    assert state == before


def test_an_empty_bag_stops_at_once_even_after_a_white_with_the_flask_full():
    # "If a player has no more chips in their bag they must stop": the flask offer lapses with it.
    state = game()
    set_bag(state, 0, "orange-1", "white-1")
    state = draws(state, 0, "orange-1", "white-1")
    assert state.seats[0].status == "stopped"
    assert not state.decisions_for(0) and state.seats[0].flask_full


def test_an_empty_bag_after_a_mandrake_stops_at_once():
    state = game()
    set_bag(state, 0, "white-1", "yellow-1")
    state = draws(state, 0, "white-1", "yellow-1")
    assert state.seats[0].status == "stopped" and not state.decisions_for(0)
