"""The Herb Witches' overflow bowl: a full pot no longer ends the round (expansions.md 1.5)."""

import pytest

from companion.advice import advise, outlook, unmodelled
from companion.engine import Draw, IllegalAction, catalog, step, view_for
from companion.engine.locate import describe_location
from companion.engine.model import chip
from companion.words import describe

from .scenario import (
    answer,
    books,
    decision,
    draw,
    draws,
    finish_brewing,
    game,
    in_bag,
    next_step,
    set_bag,
    spaces,
    stop,
)

WITCHES = {"expansions": ("witches",)}


def full_pot(*bag: str, **setup):
    """Ann's droplet on 50: her orange 6-chip reaches the last space; Ben has stopped."""
    state = game(**{**WITCHES, **setup})
    state.seats[0].droplet = 50
    set_bag(state, 0, "orange-6", *bag)
    state = stop(state, 1)
    return draw(state, 0, "orange-6")


def bowl_kinds(state, seat=0):
    return [chip(cid).kind for cid in state.seats[seat].bowl]


def test_the_chip_that_reaches_the_last_space_lies_on_it_and_the_seat_may_draw_on():
    state = full_pot("green-4")
    assert spaces(state, 0) == [("orange-6", catalog.LAST_CHIP_SPACE)]
    assert state.seats[0].status == "brewing" and state.seats[0].scoring_space == catalog.SPOON
    state = draw(state, 0, "green-4")
    assert spaces(state, 0) == [("orange-6", catalog.LAST_CHIP_SPACE)] and bowl_kinds(state) == ["green-4"]


def test_without_the_herb_witches_a_full_pot_ends_the_round_as_before():
    state = game()
    state.seats[0].droplet = 50
    set_bag(state, 0, "green-4", "blue-1")
    state = draw(state, 0, "green-4")
    assert state.seats[0].status == "stopped" and state.seats[0].bowl == []
    with pytest.raises(IllegalAction, match="pot is full"):
        draw(state, 0, "blue-1")


def test_the_spoon_then_half_the_bowl_rounded_down_and_the_die():
    """Spoon: 15 VP and 35 coins; bowl green 4 + blue 2 + white 1 = 7: 3 more VP."""
    state = draws(full_pot("green-4", "blue-2", "white-1", "red-1"), 0, "green-4", "blue-2", "white-1")
    state = stop(state, 0)
    assert [d.kind for d in state.decisions_for(0)] == ["bonus_die"]
    state = finish_brewing(state)
    ann = state.seats[0]
    assert ann.score == 15 + 3 + 1 and ann.coins == 35  # the die showed 1 VP


def test_bowl_chips_have_no_action_and_are_never_the_last_chips():
    """Crow skull (blue set 1) in the bowl looks at nothing; green set 1 pays no ruby for a green
    chip in the bowl: the orange 6 is the last chip."""
    state = full_pot("blue-1", "green-2", "white-1", **{"books": books(blue=1, green=1)})
    state = draws(state, 0, "blue-1", "green-2")
    assert not state.decisions_for(0) and bowl_kinds(state) == ["blue-1", "green-2"]
    rubies = state.seats[0].rubies
    state = finish_brewing(stop(state, 0))
    assert state.seats[0].rubies == rubies


def test_whites_in_the_bowl_explode_the_pot_and_an_exploded_seat_that_takes_coins_gets_no_bowl_points():
    state = full_pot("white-3", "white-3", "white-2", "green-4")
    state = draws(state, 0, "white-3")
    state = draw(state, 0, "white-3")  # 6: the flask offer is let lapse by the next draw
    state = draw(state, 0, "white-2")  # 8 > 7
    ann = state.seats[0]
    assert ann.status == "exploded" and ann.white_total == 8 and bowl_kinds(state) == ["white-3", "white-3", "white-2"]
    state = finish_brewing(state)
    reward = decision(state, 0, "exploded.reward")
    assert [o.label.params["n"] for o in reward.options[:1]] == [15 + 4]  # the spoon and (3+3+2)//2
    coins = answer(state, 0, "exploded.reward", "coins")
    assert coins.seats[0].coins == 35 and coins.seats[0].score == 0
    points = answer(state, 0, "exploded.reward", "points")
    assert points.seats[0].score == 19 and points.seats[0].coins == 0


def test_the_flask_puts_a_white_back_from_the_bowl():
    state = draw(full_pot("white-2", "green-1"), 0, "white-2")
    state = answer(state, 0, "flask", "use")
    ann = state.seats[0]
    assert ann.bowl == [] and ann.white_total == 0 and not ann.flask_full
    assert sorted(chip(c).kind for c in ann.bag) == ["green-1", "white-2"]


def test_a_locoweed_counts_1_in_the_bowl():
    state = draws(full_pot("locoweed-1", "red-2"), 0, "locoweed-1", "red-2")
    assert view_for(state)["seats"][0]["bowl"]["total"] == 3 and view_for(state)["seats"][0]["bowl"]["points"] == 1


def test_the_bowl_empties_into_the_bag_at_the_end_of_the_round():
    state = draws(full_pot("green-4", "blue-2"), 0, "green-4")
    while state.round == 1:
        state = next_step(state)
    ann = state.seats[0]
    assert ann.bowl == [] and ann.pot == []
    assert sorted(chip(c).kind for c in ann.bag) == ["blue-2", "green-4", "orange-6"]


def test_a_read_of_a_chip_in_the_bowl_says_where_it_is():
    state = draws(full_pot("green-4"), 0, "green-4")
    green = state.seats[0].bowl[0]
    assert describe_location(state, green) == f"{green} is in Ann's overflow bowl"


def test_the_feed_tells_the_last_space_and_the_bowl_in_english_and_spanish():
    state = game(**WITCHES)
    state.seats[0].droplet = 50
    set_bag(state, 0, "orange-6", "locoweed-1", "white-1")
    full = step(state, Draw(0, in_bag(state, 0, "orange-6")))
    weed = step(full.state, Draw(0, in_bag(full.state, 0, "locoweed-1")))
    names = ["Ann", "Ben"]
    assert [describe(e, names) for e in full.events] == [
        "Ann: draws orange 6 → space 33", "Ann: the last space is reached: further chips go into the overflow bowl"]
    assert [describe(e, names, "es") for e in weed.events] == ["Ann: saca hierba loca → cuenco de desbordamiento (total 1)"]


def test_the_advice_counts_the_bowl_and_the_outlook_says_a_chip_goes_there():
    """A full pot, whites 5: a green 4 into the bowl is worth 2 VP and risks nothing, so DRAW; with
    a white 3 too, one draw in two explodes the pot and loses the spoon's coins, so STOP."""
    state = draws(full_pot("white-3", "white-2", "green-4", "white-3"), 0, "white-3", "white-2")
    assert unmodelled(state, 0) == "the overflow bowl is not modelled"
    safe = state.clone()
    set_bag(safe, 0, "green-4")
    found = advise(safe, 0)
    assert found["advice"] == "draw" and found["draw"]["vp"] == found["stop"]["vp"] + 2
    assert [(r["kind"], r["bowl"], r["exploded"]) for r in outlook(safe, 0)["chips"]] == [("green-4", True, False)]
    assert advise(state, 0)["advice"] == "stop"
