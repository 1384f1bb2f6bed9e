"""Chips going back into the bag: the engine tells a chip put back from a chip drawn."""

import pytest

from companion.engine import Buy, Fortune, IllegalAction, Return, legal_actions, step

from .scenario import answer, at_round, buy, draw, draws, game, next_step, set_bag, stop


def test_the_flask_white_is_expected_back_and_its_read_is_not_a_draw():
    state = game()
    set_bag(state, 0, "white-2", "orange-1")
    white = state.seats[0].bag[0]
    state = answer(draw(state, 0, "white-2"), 0, "flask", "use")
    assert state.seats[0].returning == [white]
    state = step(state, Return(0, white)).state
    assert state.seats[0].returning == [] and white in state.seats[0].bag and state.seats[0].pot == []
    with pytest.raises(IllegalAction) as err:
        step(state, Return(0, white))
    assert err.value.code == "not_returning" and "in Ann's bag" in err.value.reason


def test_crow_skull_rejects_and_the_mandrake_white_are_expected_back():
    state = game()
    set_bag(state, 0, "blue-2", "white-3", "orange-1", "white-1", "yellow-1")
    state = draws(state, 0, "blue-2", "white-3", "orange-1")
    orange = next(c for c in state.seats[0].hand if c.startswith("orange"))
    white3 = next(c for c in state.seats[0].hand if c.startswith("white"))
    state = answer(state, 0, "blue.preview", orange)
    assert state.seats[0].returning == [white3]
    state = draws(state, 0, "white-1", "yellow-1")
    state = answer(state, 0, "yellow.return", "return")
    assert len(state.seats[0].returning) == 2


def test_a_draw_of_a_chip_whose_return_was_not_read_still_counts():
    state = game()
    set_bag(state, 0, "white-1", "orange-1")
    white = state.seats[0].bag[0]
    state = draw(answer(draw(state, 0, "white-1"), 0, "flask", "use"), 0, "white-1")
    assert state.seats[0].returning == [] and state.seats[0].pot[0][0] == white


def test_chips_poured_back_at_the_end_of_the_round_and_bought_chips_are_expected():
    state = game()
    state.seats[0].droplet = 20
    set_bag(state, 0, "orange-1", "white-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    state = stop(state, 1)
    state = answer(state, 0, "bonus_die", "6")  # an orange chip from the supply into the bag
    die_chip = state.seats[0].returning[-1]
    state = buy(state, 0, "green", 2)  # entered on a phone: the chip still has to go in
    read_chip = state.supply["blue-1"][3]
    state = step(state, Buy(0, "blue", 1, read_chip)).state  # seen at the reader: that was its way in
    ann = state.seats[0]
    assert state.phase == "fortune"  # nobody can spend rubies: the round is over, round 2 awaits
    green = next(c for c in ann.bag if c.startswith("green-2"))
    pot_orange = next(c for c in ann.bag if c.startswith("orange-1") and c != die_chip)
    assert ann.returning == [die_chip, green, pot_orange] and read_chip not in ann.returning
    state = step(state, Fortune(None)).state
    assert state.seats[0].returning == [die_chip, green, pot_orange]  # still expected past the reader


def test_a_chip_poured_back_after_the_card_is_turned_is_still_its_return_not_a_draw():
    """People pour their pots back while someone turns the next card: the card does not make a
    chip still expected back count as in the bag, so its late read confirms it and draws nothing."""
    state = game()
    set_bag(state, 0, "orange-1", "white-1")
    state = stop(stop(draw(state, 0, "orange-1"), 0), 1)
    while state.phase != "fortune":
        state = next_step(state)
    [poured] = [c for c in state.seats[0].returning if c.startswith("orange-1")]
    state = step(state, Fortune(None)).state
    assert state.phase == "brewing" and poured in state.seats[0].returning
    result = step(state, Return(0, poured))
    assert result.events == [{"event": "return_seen", "seat": 0, "chip": poured}]
    ann = result.state.seats[0]
    assert ann.pot == [] and poured in ann.bag and poured not in ann.returning


def test_the_last_bonus_die_s_orange_chip_is_seen_going_into_the_bag_after_the_game_is_over():
    state = at_round(9)
    for n, seat in enumerate(state.seats):  # the pots of round 8 are poured back past the readers
        for cid in list(seat.returning):
            state = step(state, Return(n, cid)).state
    state = step(state, Fortune(None)).state
    set_bag(state, 0, "orange-1", "green-1", "white-1")
    state = stop(stop(draws(state, 0, "orange-1", "green-1"), 0), 1)
    state = answer(state, 0, "bonus_die", "6")  # an orange 1-chip into the bag
    while state.phase != "game_over":
        state = next_step(state)
    [orange] = state.seats[0].returning
    assert legal_actions(state, 0) == [Return(0, orange)] and legal_actions(state, 1) == []
    result = step(state, Return(0, orange))
    assert result.events == [{"event": "return_seen", "seat": 0, "chip": orange}]
    assert result.state.seats[0].returning == [] and result.state.phase == "game_over"
    with pytest.raises(IllegalAction) as err:
        step(result.state, Return(0, orange))
    assert err.value.code == "game_over"
