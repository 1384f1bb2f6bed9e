"""The base game's 24 Fortune Teller cards, one test each from the card's text and its clarification, and the deck rules."""

from collections import Counter

import pytest

from companion.engine import (
    Choose,
    ConfigError,
    Draw,
    Fortune,
    IllegalAction,
    Return,
    catalog,
    format_transcript,
    legal_actions,
    parse_transcript,
    replay,
    state_to_dict,
    step,
    waiting_for,
)
from companion.engine.cards import CARDS
from companion.engine.model import chip

from .scenario import answer, at_round, card, decision, draw, draws, next_step, set_bag, stop


def kinds(chips) -> Counter:
    return Counter(chip(c).kind for c in chips)


def options(state, seat, kind="fortune.choice") -> list[str]:
    return decision(state, seat, kind).keys()


def look(state, seat, *chip_kinds):
    """The seat draws these chips for a card, only to look at them."""
    for kind in chip_kinds:
        cid = next(c for c in state.seats[seat].bag if chip(c).kind == kind)
        state = step(state, Draw(seat, cid)).state
    return state


def brew_to_rewards(state):
    """Everyone still brewing stops; every bonus die shows 1 VP."""
    for n, seat in enumerate(state.seats):
        if seat.status == "brewing":
            state = stop(state, n)
    while any(d.kind == "bonus_die" for d in state.decisions):
        d = next(d for d in state.decisions if d.kind == "bonus_die")
        state = step(state, Choose(d.seat, d.id, ("1",))).state
    return state


def to_next_round(state):
    start = state.round
    while state.round == start:
        state = next_step(state)
    return state


def with_tails(round_no: int, scores: tuple[int, ...]):
    """At the start of `round_no` with these scores (rats are counted from them)."""
    state = at_round(round_no, players=len(scores))
    for seat, score in zip(state.seats, scores, strict=True):
        seat.score = score
    return state


# the deck -------------------------------------------------------------------------------------

def test_the_base_deck_holds_24_cards_13_purple_and_11_blue():
    base = {card_id: c for card_id, c in CARDS.items() if c.box is None}
    assert len(base) == 24
    assert Counter(c.kind for c in base.values()) == {"purple": 13, "blue": 11}
    assert list(base) == [f"P{k:02d}" for k in range(1, 14)] + [f"B{k:02d}" for k in range(1, 12)]
    assert fortune_available_without_expansions() == list(base)


def fortune_available_without_expansions() -> list[str]:
    from companion.engine.cards import available

    return available(at_round(3))


def test_each_card_is_used_once_per_game():
    state = card(at_round(1), "P01")
    state = to_next_round(state)
    with pytest.raises(IllegalAction) as err:
        step(state, Fortune("P01"))
    assert err.value.code == "card_used" and "once" in err.value.reason
    assert Fortune("P01") not in legal_actions(state)
    assert state_to_dict(state)["cards_used"] == ["P01"]


def test_choose_wisely_needs_the_purple_book_and_is_drawn_again_before_round_3():
    for round_no in (1, 2):
        state = at_round(round_no)
        with pytest.raises(IllegalAction) as err:
            step(state, Fortune("P09"))
        assert err.value.code == "book_not_out" and "round 3" in err.value.reason
        assert "P09" not in state_to_dict(state)["cards_available"]
    assert "P09" in state_to_dict(at_round(3))["cards_available"]


def test_choose_wisely_before_round_3_plays_with_the_droplet_only_when_the_table_says_so():
    state = card(at_round(1, card_books="play"), "P09")
    assert [s.droplet for s in state.seats] == [2, 2] and state.phase == "brewing"
    with pytest.raises(ConfigError):
        at_round(1, card_books="sometimes")


def test_an_unknown_card_or_a_second_card_in_a_round_is_refused_and_changes_nothing():
    state = at_round(1)
    with pytest.raises(IllegalAction) as err:
        step(state, Fortune("P14"))
    assert err.value.code == "no_such_card"
    state = card(state, "P02")  # every seat rolls first, so the card phase is still open
    assert state.phase == "fortune"
    with pytest.raises(IllegalAction) as err:
        step(state, Fortune("P03"))
    assert err.value.code == "card_read" and "Roll the Die" in err.value.reason


def test_a_transcript_with_cards_replays_to_the_same_state():
    state = at_round(1)
    inputs = [Fortune("B10")]
    text = format_transcript(state.config, inputs)
    assert '"card": "B10"' in text
    again, parsed = parse_transcript(text)
    assert state_to_dict(replay(again, [a for _, a in parsed])) == state_to_dict(step(state, Fortune("B10")).state)


# purple cards ---------------------------------------------------------------------------------

def test_p01_the_pot_is_filling_up_moves_every_droplet():
    state = card(at_round(1, players=3), "P01")
    assert [s.droplet for s in state.seats] == [1, 1, 1]
    assert state.phase == "brewing"


def test_p02_roll_the_die_everyone_rolls_once_in_any_order():
    state = card(at_round(1, players=3), "P02")
    assert state.phase == "fortune" and sorted(waiting_for(state)) == [0, 1, 2]
    state = answer(state, 2, "bonus_die", "4")  # a ruby
    state = answer(state, 0, "bonus_die", "3")  # 2 VP
    state = answer(state, 1, "bonus_die", "6")  # an orange chip
    assert [(s.score, s.rubies) for s in state.seats] == [(2, 1), (0, 1), (0, 2)]
    assert kinds(state.seats[1].bag)["orange-1"] == 2
    assert state.phase == "brewing"


def test_p03_charity_pays_every_player_tied_for_fewest_rubies():
    state = at_round(1, players=3)
    for seat, rubies in zip(state.seats, (0, 2, 0), strict=True):
        seat.rubies = rubies
    state = card(state, "P03")
    assert [s.rubies for s in state.seats] == [1, 2, 1]  # compared before anyone is paid


def test_p04_beginners_bonus_gives_the_last_players_a_green_chip():
    before = with_tails(2, (3, 5, 3))
    state = card(before, "P04")
    assert [kinds(s.bag)["green-1"] for s in state.seats] == [2, 1, 2]
    gained = set(state.seats[0].bag) - set(before.seats[0].bag)
    assert kinds(gained) == {"green-1": 1}


def test_p05_just_in_time_points_or_a_white_chip_out_for_good():
    state = card(at_round(1), "P05")
    assert options(state, 0) == ["points", "white"]
    supply_whites = len(state.supply["white-1"])
    state = answer(state, 1, "fortune.choice", "white")  # any order
    state = answer(state, 0, "fortune.choice", "points")
    assert state.phase == "fortune" and [d.kind for d in state.decisions] == ["fortune.look"]
    assert {chip(a.chip).kind for a in legal_actions(state, 1)} == {"white-1"}
    with pytest.raises(IllegalAction) as err:
        look(state, 1, "white-2")
    assert err.value.code == "wrong_chip"
    taken = next(c for c in state.seats[1].bag if chip(c).kind == "white-1")
    state = step(state, Draw(1, taken)).state  # the white chip taken out passes the reader
    assert taken in state.supply["white-1"] and state.phase == "brewing"
    ann, ben = state.seats
    assert ann.score == catalog.JUST_IN_TIME_VP and kinds(ann.bag)["white-1"] == 4
    assert ben.score == 0 and kinds(ben.bag)["white-1"] == 3
    assert len(state.supply["white-1"]) == supply_whites + 1


def test_p06_you_only_get_to_choose_one_black_a_two_chip_or_rubies():
    state = card(at_round(1), "P06")
    assert options(state, 0) == ["black-1", "green-2", "blue-2", "red-2", "rubies"]  # no yellow in round 1
    state = answer(state, 0, "fortune.choice", "rubies")
    state = answer(state, 1, "fortune.choice", "red-2")
    assert state.seats[0].rubies == 1 + catalog.CHOOSE_ONE_RUBIES
    assert kinds(state.seats[1].bag)["red-2"] == 1
    assert "yellow-2" in options(card(at_round(2), "P06"), 0)


def test_p07_rats_are_your_friends_pays_a_point_per_rat_tail_of_this_round():
    state = card(with_tails(2, (0, 5)), "P07")  # Ann: tails after 1 and 4 -> 2
    assert state.phase == "brewing" and state.seats[0].rat == 2
    assert options(state, 0)[-1] == "points" and "yellow-4" in options(state, 0)
    with pytest.raises(IllegalAction):
        draw(state, 0, "orange-1")  # answered before the first chip
    state = answer(state, 0, "fortune.choice", "points")
    state = answer(state, 1, "fortune.choice", "green-4")
    assert state.seats[0].score == 2 and state.seats[0].rat == 2
    assert kinds(state.seats[1].bag)["green-4"] == 1


def test_p08_a_good_start_trades_at_most_the_tails_a_player_has():
    state = card(with_tails(2, (0, 5, 5)), "P08")
    assert options(state, 0) == ["0", "1", "2"]
    assert not state.decisions_for(1)  # the leaders have no tails to trade
    state = answer(state, 0, "fortune.choice", "2")
    assert (state.seats[0].rat, state.seats[0].rubies) == (0, 3)
    state = card(with_tails(2, (0, 40)), "P08")  # many tails: at most 3 are traded
    assert options(state, 0)[-1] == str(catalog.GOOD_START_MAX_TAILS)


def test_p09_choose_wisely_droplet_two_spaces_or_a_purple_chip():
    before = at_round(3)
    state = card(before, "P09")
    assert options(state, 0) == ["droplet", "purple-1"]
    state = answer(state, 0, "fortune.choice", "droplet")
    state = answer(state, 1, "fortune.choice", "purple-1")
    assert state.seats[0].droplet == before.seats[0].droplet + 2
    assert state.seats[1].droplet == before.seats[1].droplet
    assert kinds(state.seats[1].bag)["purple-1"] == 1


def test_p10_wheel_and_deal_a_ruby_for_a_one_chip_but_not_purple_or_black():
    state = at_round(3, players=3)
    for seat, rubies in zip(state.seats, (1, 1, 0), strict=True):
        seat.rubies = rubies
    state = card(state, "P10")
    assert options(state, 0) == ["orange-1", "green-1", "blue-1", "red-1", "yellow-1", "none"]
    assert not state.decisions_for(2)  # no ruby to pay with
    state = answer(state, 0, "fortune.choice", "yellow-1")
    state = answer(state, 1, "fortune.choice", "none")
    assert state.seats[0].rubies == 0 and kinds(state.seats[0].bag)["yellow-1"] == 1
    assert state.seats[1].rubies == 1


def test_p11_an_opportunistic_moment_looks_at_four_and_swaps_one_up_never_orange():
    state = at_round(1)
    set_bag(state, 0, "orange-1", "green-1", "blue-2", "white-3", "white-1")
    set_bag(state, 1, "orange-1", "orange-1", "white-3", "white-3", "white-1")
    state = card(state, "P11")
    state = look(state, 0, "orange-1", "green-1", "blue-2", "white-3")
    assert options(state, 0, "fortune.look") == [
        next(c for c in state.seats[0].hand if chip(c).kind == k) for k in ("green-1", "blue-2")] + ["none"]
    state = look(state, 1, "orange-1", "orange-1", "white-3", "white-3")  # nothing to swap: a green chip
    assert kinds(state.seats[1].bag) == {"orange-1": 2, "white-3": 2, "white-1": 1, "green-1": 1}
    green = next(c for c in state.seats[0].hand if chip(c).kind == "green-1")
    state = step(state, Choose(0, decision(state, 0, "fortune.look").id, (green,))).state
    ann = state.seats[0]
    assert kinds(ann.bag) == {"orange-1": 1, "green-2": 1, "blue-2": 1, "white-3": 1, "white-1": 1}
    assert not ann.hand and green in state.supply["green-1"]
    assert state.phase == "brewing"


def test_p11_the_looked_at_chips_are_expected_back_past_the_reader():
    state = at_round(1)
    state = card(state, "P11")
    before = list(state.seats[0].bag)
    state = look(state, 0, *[chip(c).kind for c in before[:4]])
    assert set(state.seats[0].hand) == set(before[:4])
    state = step(state, Choose(0, decision(state, 0, "fortune.look").id, ("none",))).state
    assert set(before[:4]) <= set(state.seats[0].returning)


def test_p12_less_is_more_compares_first_and_ties_all_take_the_blue_chip():
    state = at_round(1, players=3)
    set_bag(state, 0, "white-1", "white-1", "white-1", "orange-1", "green-1")   # 5
    set_bag(state, 1, "white-1", "white-1", "white-1", "orange-1", "green-1")   # 5
    set_bag(state, 2, "white-3", "white-2", "white-1", "orange-1", "green-1")   # 8
    state = card(state, "P12")
    state = look(state, 2, "white-3", "white-2", "white-1", "orange-1", "green-1")
    state = look(state, 0, "white-1", "white-1", "white-1", "orange-1", "green-1")
    assert state.phase == "fortune"  # Ben has not looked yet: nobody is paid
    state = look(state, 1, "white-1", "white-1", "white-1", "orange-1", "green-1")
    assert [kinds(s.bag)["blue-2"] for s in state.seats] == [1, 1, 0]
    assert [s.rubies for s in state.seats] == [1, 1, 2]
    assert state.phase == "brewing" and not any(s.hand for s in state.seats)
    # brewing has begun, and the chips looked at are still expected back past the readers
    assert all(len(s.returning) == 5 + 1 for s in state.seats[:2]) and len(state.seats[2].returning) == 5
    back = state.seats[0].returning[0]
    assert step(state, Return(0, back)).state.seats[0].pot == []


def test_p13_rat_infestation_doubles_the_tails():
    state = card(with_tails(2, (0, 5)), "P13")
    assert [s.rat for s in state.seats] == [4, 0]
    assert state.seats[0].start_space == state.seats[0].droplet + 4


# blue cards -----------------------------------------------------------------------------------

def test_b01_living_in_luxury_explodes_only_above_nine_this_round():
    state = card(at_round(1), "B01")
    set_bag(state, 0, "white-3", "white-3", "white-2", "white-1", "white-1")
    state = draws(state, 0, "white-3", "white-3", "white-2", "white-1")  # 9
    assert state.seats[0].status == "brewing"
    state = draw(state, 0, "white-1")  # 10
    assert state.seats[0].status == "exploded"
    state = to_next_round(state)
    assert [s.threshold for s in state.seats] == [catalog.EXPLOSION_THRESHOLD] * 2


def test_b02_seasoned_perfectly_exactly_seven_whites_move_the_droplet_at_the_end():
    state = card(at_round(1), "B02")
    set_bag(state, 0, "white-3", "white-2", "white-2")
    state = draws(state, 0, "white-3", "white-2", "white-2")  # exactly 7
    set_bag(state, 1, "white-3", "white-2", "white-1")
    state = draws(state, 1, "white-3", "white-2", "white-1")  # 6
    state = to_next_round(state)
    assert [s.droplet for s in state.seats] == [1, 0]


def exploded_on_a_ruby(card_id: str):
    """With this card, Ann explodes with her last chip on 8 (scoring space 9 shows a ruby); Ben stops on 2."""
    state = card(at_round(1), card_id)
    set_bag(state, 0, "white-3", "white-3", "white-2")
    state = draws(state, 0, "white-3", "white-3", "white-2")
    set_bag(state, 1, "white-2")
    return brew_to_rewards(draw(state, 1, "white-2"))


def test_b03_lucky_devil_two_points_on_a_ruby_space_even_exploded():
    state = exploded_on_a_ruby("B03")
    assert state.seats[0].status == "exploded" and catalog.POT_TRACK[9].ruby
    assert state.seats[0].score == catalog.LUCKY_DEVIL_VP and state.seats[0].rubies == 2
    assert state.seats[1].score == 1  # only the die


def test_b04_shining_extra_bright_two_rubies_from_a_ruby_space():
    state = exploded_on_a_ruby("B04")
    assert [s.rubies for s in state.seats] == [1 + 2, 1]


@pytest.mark.parametrize("players, left", [(2, 1), (3, 1), (4, 1)])
def test_b05_schadenfreude_the_player_to_the_left_takes_a_two_chip(players, left):
    state = card(at_round(1, players=players), "B05")
    set_bag(state, 0, "white-3", "white-2", "white-2", "white-1")
    state = draws(state, 0, "white-3", "white-2", "white-2", "white-1")  # 8: exploded
    state = brew_to_rewards(state) if not state.decisions else state
    assert [d.seat for d in state.decisions if d.kind == "fortune.choice"] == [left]
    state = answer(state, left, "fortune.choice", "blue-2")
    assert kinds(state.seats[left].bag)["blue-2"] == 1


def test_b06_well_stirred_the_first_white_goes_back_without_the_flask():
    state = card(at_round(1), "B06")
    set_bag(state, 0, "white-2", "white-1", "orange-1")
    state = draw(state, 0, "white-2")
    assert {d.kind for d in state.decisions_for(0)} == {"flask", "fortune.stir"}
    state = answer(state, 0, "fortune.stir", "stir")
    ann = state.seats[0]
    assert ann.pot == [] and ann.flask_full and not state.decisions_for(0)
    assert kinds(ann.bag)["white-2"] == 1
    state = draw(state, 0, "white-1")  # the second white: only the flask
    assert {d.kind for d in state.decisions_for(0)} == {"flask"}


def test_b06_the_flask_used_on_the_first_white_withdraws_the_card_offer():
    state = card(at_round(1), "B06")
    set_bag(state, 0, "white-2", "orange-1")
    state = draw(state, 0, "white-2")
    state = answer(state, 0, "flask", "use")
    assert not state.decisions_for(0) and not state.seats[0].flask_full


def test_b07_the_pot_is_full_the_roller_rolls_twice_and_takes_both():
    state = card(at_round(1), "B07")
    set_bag(state, 0, "orange-1")
    state = draw(state, 0, "orange-1")
    set_bag(state, 1, "orange-1")
    state = draw(state, 1, "orange-1")  # both bags are empty: both stop on the same space
    rolls = [d for d in state.decisions if d.kind == "bonus_die"]
    assert sorted(d.seat for d in rolls) == [0, 0, 1, 1]  # a tie: both roll, twice each
    state = answer(state, 0, "bonus_die", "3")
    state = answer(state, 0, "bonus_die", "4")
    assert (state.seats[0].score, state.seats[0].rubies) == (2, 2)


def test_b08_a_second_chance_after_five_chips_puts_the_whole_pot_back_once():
    state = card(at_round(1), "B08")
    ann_bag = list(state.seats[0].bag)
    state.seats[0].flask_full = False
    state = draws(state, 0, "orange-1", "green-1", "white-1", "white-1", "white-1")
    assert [d.kind for d in state.decisions_for(0)] == ["fortune.second_chance"]
    with pytest.raises(IllegalAction):
        draw(state, 0, "white-2")
    state = answer(state, 0, "fortune.second_chance", "again")
    ann = state.seats[0]
    assert ann.pot == [] and sorted(ann.bag) == sorted(ann_bag) and ann.status == "brewing"
    assert not ann.flask_full  # the flask stays as it was
    state = draws(state, 0, "orange-1", "green-1", "white-1", "white-1", "white-1")
    assert not state.decisions_for(0)  # only once


def test_b08_a_second_chance_also_after_an_early_explosion():
    state = card(at_round(1), "B08")
    set_bag(state, 0, "white-3", "white-3", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-3", "white-2")
    assert state.seats[0].status == "exploded"
    state = answer(state, 0, "fortune.second_chance", "again")
    assert state.seats[0].status == "brewing" and len(state.seats[0].bag) == 4


def test_b09_strong_ingredient_a_chip_that_cannot_explode_and_has_no_action():
    state = card(at_round(1), "B09")
    set_bag(state, 0, "orange-1", "white-3", "white-3", "blue-2", "white-2")
    state = draws(state, 0, "white-3", "white-3")  # 6
    set_bag(state, 1, "orange-1")
    state = draw(state, 1, "orange-1")  # Ben's bag is empty: he must stop, nothing to look at
    state = stop(state, 0)
    assert state.phase == "brewing" and [d.kind for d in state.decisions] == ["fortune.look"]
    state = look(state, 0, "orange-1", "blue-2", "white-2")
    white = next(c for c in state.seats[0].hand if chip(c).kind == "white-2")
    state = step(state, Choose(0, decision(state, 0, "fortune.look").id, (white,))).state
    ann = state.seats[0]
    assert ann.white_total == 8 and ann.status == "stopped"  # over the limit, and safe
    assert kinds(ann.bag) == {"orange-1": 1, "blue-2": 1}
    assert state.phase == "bonus_die"


def test_b09_a_placed_blue_chip_does_not_look_ahead():
    state = card(at_round(1), "B09")
    set_bag(state, 0, "orange-1", "blue-2", "white-1")
    state = draw(state, 0, "orange-1")
    set_bag(state, 1, "orange-1")
    state = stop(draw(state, 1, "orange-1"), 0)
    state = look(state, 0, "blue-2", "white-1")
    blue = next(c for c in state.seats[0].hand if chip(c).kind == "blue-2")
    state = step(state, Choose(0, decision(state, 0, "fortune.look").id, (blue,))).state
    assert not any(d.kind == "blue.preview" for d in state.decisions)


def test_b09_a_placed_red_chip_moves_no_extra_space():
    state = card(at_round(1), "B09")
    set_bag(state, 0, "orange-1", "red-1")
    state = draw(state, 0, "orange-1")  # with an orange in the pot a red 1 would move 1 extra space
    set_bag(state, 1, "orange-1")
    state = stop(draw(state, 1, "orange-1"), 0)
    state = look(state, 0, "red-1")
    red = state.seats[0].hand[0]
    state = step(state, Choose(0, decision(state, 0, "fortune.look").id, (red,))).state
    assert [space for _, space in state.seats[0].pot] == [1, 2]


def test_b10_pumpkin_patch_party_orange_moves_one_further():
    state = card(at_round(1), "B10")
    set_bag(state, 0, "orange-1", "white-1")
    state = draws(state, 0, "orange-1", "white-1")
    assert [space for _, space in state.seats[0].pot] == [2, 3]


def test_b11_magic_potion_refills_every_flask_at_the_end_of_the_round():
    state = card(at_round(1), "B11")
    set_bag(state, 0, "white-1", "orange-1")
    state = draw(state, 0, "white-1")
    state = answer(state, 0, "flask", "use")
    assert not state.seats[0].flask_full
    state = to_next_round(state)
    assert state.seats[0].flask_full and state.seats[0].rubies == 1  # free: no ruby spent
