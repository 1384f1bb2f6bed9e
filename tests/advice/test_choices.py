"""Every other choice valued: worked by hand on positions small enough to count every draw.

Round 9 prices (docs/advice.md): a coin 0.2 VP, a ruby 0.5, the flask and a droplet step nothing;
the bonus die left out. Pot track (index: coins, VP, ruby): 24: 19, 5, ruby; 25: 20, 5; 26: 20, 6;
27: 21, 6; 28: 21, 6, ruby; 29: 22, 7; 30: 22, 7, ruby; 31: 23, 7; 32: 23, 8.
"""

import pytest

from companion.advice import LAPSE, Futures, advise_choice
from companion.engine import GameConfig
from companion.engine.model import chip

from ..engine.scenario import begin, books, card, draws, finish_brewing, game, herb_witches, set_bag, spend, stop
from ..engine.test_witches import play_to, witch_game
from .shared import seat_in


def brewing(round_no, bag, drawn, droplet, **setup):
    state = game(**setup)
    state.round = round_no
    set_bag(state, 0, *drawn, *bag)
    state.seats[0].droplet = droplet
    return draws(state, 0, *drawn)


def values(question):
    return {(chip(o["key"]).kind if o["key"].count("-") == 2 else o["key"]): o["value"] for o in question["options"]}


def only_question(state, seat=0):
    advice = advise_choice(state, seat)
    assert len(advice["questions"]) == 1, advice
    return advice["questions"][0]


def test_the_crow_skull_keeps_the_orange():
    # droplet 20: white 2 on 22, white 3 on 25 (whites 5), blue 2 on 27 looks at the orange and a white 3.
    # Orange on 28; then stopping (scoring 29: 4.4 + 7 = 11.4) beats drawing the white 3 (explodes on
    # 31, scoring 32: 8 VP rather than 4.6 in coins). The white 3 explodes at once on 30 (scoring 31:
    # 7 VP). None: stop on 27 (scoring 28: 4.2 + 6 + a ruby 0.5 = 10.7) beats drawing (half the
    # orange then 11.4, half the white: 7).
    state = brewing(9, (), ("white-2", "white-3", "blue-2", "orange-1", "white-3"), 20)
    q = only_question(state)
    assert q["basis"] == "search" and q["best"].startswith("orange-1")
    assert values(q) == pytest.approx({"orange-1": 11.4, "white-3": 7.0, "none": 10.7})
    assert all(o["exact"] for o in q["options"])


def test_the_flask_puts_back_the_second_white_3_by_a_hair():
    # droplet 20: white 3 on 23, white 3 on 26 (whites 6); the orange and a white 2 left.
    # Let it lapse: stop (scoring 27: 10.2) beats drawing (orange then stop on 28: 10.7; white 2
    # explodes on 28, scoring 29: 7 VP): 8.85. Use it (whites 3, last 23, the white 3 back in the
    # bag): stop is 9.3 (scoring 24 with its ruby); drawing gives, a third each, the orange (then
    # 10.45), the white 2 (then 10.0), the white 3 (back to the lapsed position: 10.2): 30.65 / 3.
    state = brewing(9, ("orange-1", "white-2"), ("white-3", "white-3"), 20)
    q = only_question(state)
    assert q["rule"] == "core/flask" and q["best"] == "use"
    assert values(q) == pytest.approx({"use": 30.65 / 3, LAPSE: 10.2}, abs=5e-4)  # values to 3 decimals


def test_an_exploded_pot_in_round_9_takes_the_points_its_coins_would_not_make():
    # droplet 5: whites 3, 3 and 2 explode on 13 (scoring 14: 14 coins, 3 VP); 14 coins are 2 VP at the end
    state = brewing(9, ("orange-1",), ("white-3", "white-3", "white-2"), 5)
    state = finish_brewing(stop(state, 1))
    q = only_question(state)
    assert q["rule"] == "core/reward" and q["best"] == "points"
    assert values(q) == {"points": 3.0, "coins": 2.0}


def test_coins_before_round_9_are_worth_the_purchase_they_make():
    state = brewing(4, ("orange-1", "green-1"), ("white-3", "white-3", "white-2"), 5)
    state = finish_brewing(stop(state, 1))
    q = only_question(state)
    assert q["best"] == "coins" and values(q)["points"] == 3.0
    assert values(q)["coins"] > 3.0  # 14 coins in round 4 buy chips for five rounds


@pytest.mark.parametrize(("round_no", "expected"), [
    # round 9: 2 VP (+ a droplet step, worth nothing); 1 VP + a ruby (0.5); 1 VP
    (9, {"3": 2.0, "2": 1.5, "1": 1.0}),
    # round 2: a droplet step is worth the coin and the quarter VP of each later round,
    # 0.5 + 0.45 + 0.4 + 0.35 + 0.3 + 0.25 + 0.2 + 7 x 0.25 = 4.2; a ruby half of it, 2.1
    (2, {"3": 6.2, "2": 3.1, "1": 1.0}),
])
def test_ghosts_breath_tiers_by_the_rounds_left(round_no, expected):
    state = brewing(round_no, ("white-1",), ("purple-1", "purple-1", "purple-1"), 0)
    state = finish_brewing(stop(stop(state, 0), 1))
    q = only_question(state)
    assert q["rule"] == "purple/1" and q["basis"] == "assets"
    assert values(q) == pytest.approx(expected)
    assert q["best"] == "3"


def test_rubies_buy_a_droplet_step_worth_a_point_in_each_of_the_two_rounds_left():
    # round 7, droplet 12, four oranges: scoring 17 (16 coins, 3 VP); a step: 18 (16 coins, 4 VP):
    # 1 VP in rounds 8 and 9, against the 1 VP the two rubies make at the end
    advice = advise_choice(seat_in("spend", 7, ("orange-1",) * 4, droplet=12, rubies=2), 0)
    spends = advice["spends"]
    assert spends["best"] == "droplet"
    assert {o["key"]: o["value"] for o in spends["options"]} == pytest.approx({"done": 0.0, "droplet": 1.0})


def test_a_flask_refill_saves_no_white_chip_in_a_bag_without_any():
    advice = advise_choice(seat_in("spend", 7, ("orange-1",) * 4, droplet=13, rubies=2, flask=False), 0)
    spends = {o["key"]: o["value"] for o in advice["spends"]["options"]}
    # the step: one coin more in rounds 8 and 9 (0.45) for the point the rubies make
    assert spends == pytest.approx({"done": 0.0, "droplet": -0.55, "flask": -1.0})
    assert advice["spends"]["best"] == "done"


def test_the_test_tube_droplet_is_not_valued_and_says_what_it_changes():
    state = seat_in("spend", 3, ("orange-1",) * 4, rubies=2, tubes=True)
    state = spend(state, 0, "droplet")
    q = only_question(state)
    assert q["rule"] == "core/droplet" and not q["valued"] and q["best"] is None and q["reason"] == "not_valued"
    tube = next(o for o in q["options"] if o["key"] == "tube")
    assert tube["value"] is None and tube["gains"] == {"changes": ["tube"]}
    pot = next(o for o in q["options"] if o["key"] == "pot")
    assert pot["value"] > 0


def test_the_die_is_chance_not_a_choice():
    state = brewing(3, ("orange-1",), ("white-1",), 0)
    state = stop(stop(state, 0), 1)
    assert any(d.rule == "core/die" for d in state.decisions_for(0))
    assert advise_choice(state, 0)["questions"] == []


def before_the_card(round_no, bag, droplet=0, scores=(0, 0)):
    state = begin(GameConfig(players=("Ann", "Ben"), books=books()))
    state.round = round_no
    set_bag(state, 0, *bag)
    state.seats[0].droplet = droplet
    for seat, score in zip(state.seats, scores, strict=True):
        seat.score = score
    return state


def test_a_chip_taken_before_the_brew_counts_in_this_round_too():
    # round 8, You Only Get to Choose One: a yellow 2 moves four oranges from droplet 10 on from
    # scoring space 15 (15 coins, 3 VP) to 17 (16 coins, 3 VP): a coin in round 8 (0.25) and in
    # round 9 (0.2); 3 rubies at 0.5 each in round 8
    state = card(before_the_card(8, ("orange-1",) * 4, droplet=10), "P06")
    q = only_question(state)
    assert q["basis"] == "assets"
    found = {o["key"]: o["value"] for o in q["options"]}
    assert found["yellow-2"] == pytest.approx(0.45) and found["rubies"] == pytest.approx(1.5)


def test_rats_are_your_friends_points_paid_at_once_beside_a_chip_for_this_round_and_the_next():
    # round 8, Ann 10 points, Ben 20: 5 rat tails (after 10, 12, 14, 16, 18), Ann starts on 5.
    # Points: 5 at once, then her two oranges: scoring 8 (8 coins, 1 VP) and the full flask (2
    # rubies, 1.0): 2 + 1 + 1 = 4.0. A yellow 4: scoring 12 (12 coins, 2 VP): 3 + 2 + 1 = 6.0 this
    # round; in round 9 (5 tails again) 12 coins and 2 VP instead of 8 and 1: 0.8 + 1 = 1.8 more
    state = card(before_the_card(8, ("orange-1", "orange-1"), scores=(10, 20)), "P07")
    assert state.seats[0].rat == 5
    q = only_question(state)
    assert q["basis"] == "search" and q["best"] == "points"
    found = {o["key"]: o for o in q["options"]}
    assert found["points"]["value"] == pytest.approx(9.0) and found["points"]["exact"]
    assert found["yellow-4"]["value"] == pytest.approx(7.8) and found["yellow-4"]["later"]["value"] == pytest.approx(1.8)


def test_calling_a_witch_spends_her_penny_worth_2_points_at_the_end():
    # Colours in the pot: orange, green, red, blue, black are 5 colours: 4 VP, less the penny's 2
    state = witch_game("H-G1", books=books(blue=3))
    pot = ("orange-1", "green-1", "red-1", "blue-1", "black-1")
    set_bag(state, 0, *pot, "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = stop(draws(state, 0, *pot), 0)
    state = play_to(stop(draws(state, 1, "orange-1"), 1), "rewards")
    q = next(q for q in advise_choice(state, 0)["questions"] if q["kind"] == "witch")
    assert {o["key"]: o["value"] for o in q["options"]} == {"call": 2.0, "pass": 0.0}
    assert q["best"] == "call"


def test_a_question_an_answer_opens_is_answered_at_best():
    # purple set 5 (The Herb Witches): purples on 19 and 20 (4 VP each) are 8 coins to spend now on
    # up to two chips; after an orange (3) the 5 left buy a green 1 or a blue 1, or nothing more.
    # The orange is worth the best of those, each valued with the orange as the brews left see it.
    state = brewing(3, ("orange-1", "orange-1"), ("purple-1", "purple-1"), 18, **herb_witches(purple=5))
    state = finish_brewing(stop(stop(state, 0), 1))
    q = only_question(state)
    assert q["rule"] == "purple/5" and q["valued"]
    futures = Futures(state, 0)
    pairs = [futures.value(["orange-1", second]).value for second in ("green-1", "blue-1")]
    orange = next(o for o in q["options"] if o["key"] == "orange-1")
    assert orange["value"] == pytest.approx(max([*pairs, futures.value(["orange-1"]).value]), abs=1e-3)
