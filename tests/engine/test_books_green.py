"""Garden spider sets 2-4 in evaluation step B, as scenarios, also after an explosion."""

from collections import Counter

import pytest

from companion.engine import Choose, Fortune, GameConfig, catalog, new_game, step
from companion.engine.ingredients import RULES
from companion.engine.model import chip
from companion.words import describe

from .scenario import (
    answer,
    at_round,
    books,
    decision,
    draws,
    finish_brewing,
    game,
    herb_witches,
    next_step,
    set_bag,
    stop,
)


def green(set_no, round_no=1, **more):
    if round_no == 1:
        return game(books=books(green=set_no, **more))
    return step(at_round(round_no, books=books(green=set_no, **more)), Fortune(None)).state


DIE = 1
"""The bonus die shows 1 VP for whoever rolls it (`finish_brewing`)."""


def evaluate(state, *kinds, sold_out=()):
    """(the state once seat 0 drew these chips and evaluation began, kinds it got from the box).
    Seat 1 stops with nothing; every chip of a `sold_out` kind left in the box goes beside its pot."""
    set_bag(state, 0, *kinds)
    set_bag(state, 1, "white-1")
    for kind in sold_out:
        state.seats[1].aside += state.supply[kind]
        state.supply[kind] = []
    box = supply(state)
    state = finish_brewing(draws(state, 0, *kinds))
    return state, taken(state, box)


def supply(state):
    return Counter(k for k, ids in state.supply.items() for _ in ids)


def taken(state, box):
    """Kinds that left the box since `box` (nobody has shopped yet)."""
    return sorted((box - supply(state)).elements())


class TestGreenSet2:
    def test_a_green_1_last_puts_an_orange_1_into_the_bag_expected_past_the_reader(self):
        state, got = evaluate(green(2), "orange-1", "green-1")
        assert got == ["orange-1"] and not [d for d in state.decisions if d.seat == 0]
        new = next(c for c in state.seats[0].bag if chip(c).kind == "orange-1")
        assert new in state.seats[0].returning

    def test_a_green_2_and_a_green_4_at_the_end_each_offer_their_choice(self):
        state, got = evaluate(green(2, round_no=3), "green-4", "green-2")
        box = supply(state)
        assert decision(state, 0, "green.chip").keys() == ["yellow-1", "purple-1"]
        state = answer(state, 0, "green.chip", "purple-1")
        assert decision(state, 0, "green.chip").keys() == ["blue-1", "red-1"]
        state = answer(state, 0, "green.chip", "red-1")
        assert got == [] and taken(state, box) == ["purple-1", "red-1"]

    def test_a_green_chip_before_the_last_two_gives_nothing(self):
        assert evaluate(green(2), "green-1", "orange-1", "orange-1")[1] == []

    def test_yellow_and_purple_only_once_their_books_are_out(self):
        assert evaluate(green(2), "green-4")[1] == []  # round 1: neither book is out
        state, got = evaluate(green(2, round_no=2), "green-4")  # round 2: the yellow book only
        assert got == ["yellow-1"] and not [d for d in state.decisions if d.seat == 0]

    def test_sold_out_gives_nothing(self):
        assert evaluate(green(2), "green-1", sold_out=("orange-1",))[1] == []

    def test_one_of_the_two_sold_out_gives_the_other_without_asking(self):
        assert evaluate(green(2), "green-2", sold_out=("red-1",))[1] == ["blue-1"]

    def test_acts_after_an_explosion(self):
        state, got = evaluate(green(2), "white-3", "white-3", "green-1", "white-2")
        assert state.seats[0].status == "exploded" and got == ["orange-1"]


class TestGreenSet3:
    def test_the_books_example_three_greens_worth_6_move_the_last_chip_6_further(self):
        # Whites 3 + 2 + 2 = 7; greens 1 + 1 + 4 = 6; the last chip, an orange on 14, moves to 20.
        state, _ = evaluate(green(3), "white-3", "green-1", "white-2", "green-1", "green-4", "white-2", "orange-1")
        last, space = state.seats[0].pot[-1]
        assert (chip(last).kind, space) == ("orange-1", 20)
        assert state.seats[0].score == DIE + catalog.POT_TRACK[21].vp  # step D pays the new scoring space

    def test_whites_not_exactly_7_move_nothing(self):
        state, _ = evaluate(green(3), "white-3", "green-4", "white-3", "orange-1")
        assert state.seats[0].pot[-1][1] == 11
        assert state.seats[0].score == DIE + catalog.POT_TRACK[12].vp

    def test_the_move_stops_on_the_last_space(self):
        state = green(3)
        state.seats[0].droplet = 40
        state, _ = evaluate(state, "white-3", "white-2", "white-2", "green-4")  # the green on 51 moves 4
        assert state.seats[0].pot[-1][1] == catalog.LAST_CHIP_SPACE
        assert state.seats[0].score == DIE + catalog.POT_TRACK[catalog.SPOON].vp

    def test_purple_set_3_reads_the_space_the_move_left_a_purple_chip_on(self):
        # The last chip, a purple on 9 (0 VP on spaces 0-9), moves 1 on to 10 (1 VP).
        state, _ = evaluate(green(3, purple=3), "white-3", "white-2", "white-2", "green-1", "purple-1")
        assert state.seats[0].pot[-1][1] == 10
        assert state.seats[0].score == DIE + 1 + catalog.POT_TRACK[11].vp


class TestGreenSet4:
    def test_pay_one_ruby_per_green_at_the_end_to_move_the_droplet(self):
        state = green(4)
        state.seats[0].rubies = 3
        state, _ = evaluate(state, "green-1", "green-2")
        assert decision(state, 0, "green.pay").keys() == ["2", "1", "0"]
        state = answer(state, 0, "green.pay", "2")
        assert (state.seats[0].rubies, state.seats[0].droplet) == (1, 2)

    def test_fewer_rubies_than_greens_limit_the_steps_and_paying_is_optional(self):
        state, _ = evaluate(green(4), "green-1", "green-2")  # 1 ruby from the start
        assert decision(state, 0, "green.pay").keys() == ["1", "0"]
        state = answer(state, 0, "green.pay", "0")
        assert (state.seats[0].rubies, state.seats[0].droplet) == (1, 0)

    def test_no_rubies_no_question(self):
        state = green(4)
        state.seats[0].rubies = 0
        state, _ = evaluate(state, "green-1", "green-2")
        assert not [d for d in state.decisions if d.seat == 0]

    def test_acts_after_an_explosion(self):
        state, _ = evaluate(green(4), "white-3", "white-3", "green-1", "white-2")
        assert state.seats[0].status == "exploded"
        assert decision(state, 0, "green.pay").keys() == ["1", "0"]


@pytest.mark.parametrize("set_no", [2, 3, 4])
def test_every_green_book_has_its_text(set_no):
    assert "green" in RULES[f"green/{set_no}"].text and "step B" in RULES[f"green/{set_no}"].text


def test_the_feed_tells_the_move_and_the_chip_with_printed_spaces():
    state = green(3)
    set_bag(state, 0, "white-3", "green-1", "white-2", "green-1", "green-4", "white-2", "orange-1", "white-1")
    set_bag(state, 1, "white-1")
    state = stop(draws(state, 0, "white-3", "green-1", "white-2", "green-1", "green-4", "white-2", "orange-1"), 0)
    state = stop(state, 1)
    die = decision(state, 0, "bonus_die")
    events = step(state, Choose(0, die.id, ("1",))).events
    lines = [describe(e, ["Ann", "Ben"]) for e in events if e["event"] == "moved"]
    assert lines == ["Ann: orange 1 moves 6 spaces on to space 17 (garden spider)"]  # the 20th space prints 17
    state = green(2)
    names = [s.name for s in state.seats]
    set_bag(state, 0, "green-4", "white-1")
    set_bag(state, 1, "white-1")
    state = stop(stop(draws(state, 0, "green-4"), 0), 1)
    events = step(state, Choose(0, decision(state, 0, "bonus_die").id, ("1",))).events
    assert "Ann: no chip for the green 4: its chips' books are not out yet (garden spider)" in [
        describe(e, names) for e in events]


def green_witches(set_no, round_no=1):
    if round_no == 1:
        return game(**herb_witches(green=set_no))
    return step(at_round(round_no, **herb_witches(green=set_no)), Fortune(None)).state


class TestGreenSet5:
    def test_a_chip_chosen_for_a_green_at_the_end_stays_out_and_is_laid_first_next_round(self):
        state, _ = evaluate(green_witches(5), "white-2", "orange-1", "green-1")
        first = decision(state, 0, "green.first")
        orange = next(cid for cid, _ in state.seats[0].pot if cid.startswith("orange-1"))
        green_1 = next(cid for cid, _ in state.seats[0].pot if cid.startswith("green-1"))
        assert sorted(first.keys()) == sorted([orange, green_1, "none"]), "worth the green 1 or less: not the white 2"
        state = answer(state, 0, "green.first", orange)
        while state.round == 1:
            state = next_step(state)
        assert orange not in state.seats[0].bag and state.seats[0].first == [orange], "kept out over the round end"
        state = step(state, Fortune(None)).state
        assert state.seats[0].pot[0] == (orange, state.seats[0].start_space + 1) and state.seats[0].first == []

    def test_two_greens_at_the_end_choose_two_different_chips_and_the_green_itself_may_be_one(self):
        state, _ = evaluate(green_witches(5), "red-2", "green-2", "green-4")
        red, green_2, green_4 = (cid for cid, _ in state.seats[0].pot)
        assert sorted(decision(state, 0, "green.first").keys()) == sorted([red, green_2, "none"]), "for the green 2"
        state = answer(state, 0, "green.first", red)
        assert sorted(decision(state, 0, "green.first").keys()) == sorted([green_2, green_4, "none"]), "for the green 4"
        state = answer(state, 0, "green.first", green_4)
        assert state.seats[0].first == [red, green_4]

    def test_no_green_at_the_end_asks_nothing(self):
        state, _ = evaluate(green_witches(5), "green-1", "orange-1", "red-1")
        assert not [d for d in state.decisions if d.kind == "green.first"]


    def test_a_green_at_the_end_of_round_9_asks_nothing_there_is_no_next_round(self):
        state, _ = evaluate(green_witches(5, round_no=9), "white-2", "orange-1", "green-1")
        assert state.round == 9 and not [d for d in state.decisions if d.kind == "green.first"]


class TestGreenSet6:
    """`evaluate` answers every roll with face 1: 1 victory point each."""

    def test_the_die_is_rolled_once_per_green_chip_last_or_next_to_last(self):
        state, _ = evaluate(green_witches(6), "green-1", "orange-1", "green-4", "green-2")
        seat = state.seats[0]
        assert seat.score == DIE + 2 + catalog.POT_TRACK[seat.scoring_space].vp

    def test_one_green_at_the_end_rolls_once(self):
        state, _ = evaluate(green_witches(6), "green-4", "orange-1", "green-1", "orange-1")
        seat = state.seats[0]
        assert seat.score == DIE + 1 + catalog.POT_TRACK[seat.scoring_space].vp

    def test_the_pot_is_full_doubles_the_rolls(self):
        state = step(new_game(GameConfig(players=("Ann", "Ben"), **herb_witches(green=6))), Fortune("B07")).state
        state, _ = evaluate(state, "orange-1", "green-1")
        seat = state.seats[0]
        assert seat.score == 2 * DIE + 2 + catalog.POT_TRACK[seat.scoring_space].vp
