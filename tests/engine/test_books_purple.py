"""Ghost's breath sets 2-4 in evaluation step B, as scenarios, also after an explosion."""

import pytest

from companion.engine import Choose, Fortune, catalog, step
from companion.engine.model import chip
from companion.words import describe

from .scenario import answer, at_round, books, decision, game, herb_witches
from .test_books_green import DIE, evaluate, supply, taken


def purple(set_no, **more):
    return game(books=books(purple=set_no, **more))


def purples_in_pot(state, seat=0):
    return [space for cid, space in state.seats[seat].pot if chip(cid).color == "purple"]


class TestPurpleSet2:
    def test_the_books_example_trade_in_3_of_4_purple_chips(self):
        state, _ = evaluate(purple(2), "purple-1", "purple-1", "purple-1", "purple-1")
        trade = decision(state, 0, "purple.trade")
        assert trade.keys() == ["3", "2", "1", "0"]
        assert str(trade.options[0].label) == ("Trade in 3 purple chips (spaces 1, 2, 3): a yellow 4-chip, 6 victory "
                                               "points, 1 ruby and the droplet 2 forward")
        seat, box = state.seats[0], supply(state)
        score, rubies = seat.score, seat.rubies
        state = answer(state, 0, "purple.trade", "3")
        seat = state.seats[0]
        assert purples_in_pot(state) == [4]
        assert taken(state, box) == ["yellow-4"] and supply(state)["purple-1"] == box["purple-1"] + 3
        assert (seat.score - score, seat.rubies - rubies, seat.droplet) == (6 + catalog.POT_TRACK[5].vp, 1 + 1, 2)  # step C: space 5's ruby

    @pytest.mark.parametrize(("count", "chips", "vp", "rubies", "droplet"), [
        ("1", ["black-1"], 1, 1, 0),
        ("2", ["blue-2", "green-1"], 3, 0, 1),
    ])
    def test_the_smaller_trades(self, count, chips, vp, rubies, droplet):
        state, _ = evaluate(purple(2), "purple-1", "purple-1", "orange-1")
        box, score, had = supply(state), state.seats[0].score, state.seats[0].rubies
        state = answer(state, 0, "purple.trade", count)
        seat = state.seats[0]
        assert taken(state, box) == chips
        assert (seat.score - score - catalog.POT_TRACK[4].vp, seat.rubies - had, seat.droplet) == (vp, rubies, droplet)

    def test_a_traded_last_chip_leaves_its_space_behind_and_the_scoring_space_stays(self):
        state, _ = evaluate(purple(2), "orange-1", "purple-1")
        state = answer(state, 0, "purple.trade", "1")
        seat = state.seats[0]
        assert purples_in_pot(state) == [] and seat.scoring_space == 3 and seat.coins == catalog.POT_TRACK[3].coins

    def test_keeping_them_all_changes_nothing(self):
        state, _ = evaluate(purple(2), "purple-1", "purple-1")
        box = supply(state)
        state = answer(state, 0, "purple.trade", "0")
        assert purples_in_pot(state) == [1, 2] and taken(state, box) == []

    def test_a_sold_out_chip_is_not_received_the_rest_is(self):
        state, _ = evaluate(purple(2), "purple-1", "purple-1", "purple-1", sold_out=("yellow-4",))
        score = state.seats[0].score
        state = answer(state, 0, "purple.trade", "3")
        assert state.seats[0].score == score + 6 + catalog.POT_TRACK[4].vp
        assert not [c for c in state.seats[0].bag if chip(c).kind == "yellow-4"]

    def test_acts_after_an_explosion(self):
        state, _ = evaluate(purple(2), "white-3", "white-3", "purple-1", "white-2")
        assert state.seats[0].status == "exploded"
        assert decision(state, 0, "purple.trade").keys() == ["1", "0"]


class TestPurpleSet3:
    def test_points_by_the_number_printed_on_each_purple_chips_space(self):
        # Purples on spaces printed 1 (0 VP), 10 (1 VP) and 19 (1 VP; it is the 23rd space of the
        # pot, so counting spaces instead of reading the number would give 2).
        state, _ = evaluate(purple(3), "purple-1", "green-4", "green-4", "purple-1", "green-4", "green-4",
                            "green-4", "purple-1")
        assert [catalog.POT_TRACK[s].coins for s in purples_in_pot(state)] == [1, 10, 19]
        assert state.seats[0].score == DIE + 2 + catalog.POT_TRACK[24].vp

    def test_thirty_or_higher_gives_3(self):
        state = purple(3)
        state.seats[0].droplet = 44
        state, _ = evaluate(state, "purple-1")
        assert catalog.POT_TRACK[purples_in_pot(state)[0]].coins == 30
        assert state.seats[0].score == DIE + 3 + catalog.POT_TRACK[46].vp

    def test_acts_after_an_explosion(self):
        state = purple(3)
        state.seats[0].droplet = 10
        state, _ = evaluate(state, "white-3", "purple-1", "white-3", "white-2")
        state = answer(state, 0, "exploded.reward", "coins")
        assert state.seats[0].score == 1  # the purple on 14 (printed 14)


class TestPurpleSet4:
    def test_one_purple_trades_a_1_chip_for_a_2_chip_of_its_colour(self):
        state, _ = evaluate(purple(4), "green-1", "orange-1", "white-1", "purple-1")
        upgrade = decision(state, 0, "purple.upgrade")
        assert [str(o.label) for o in upgrade.options] == [  # no white: it only brings an explosion closer
            "Trade the green 1 on space 1 for a green 2", "Keep the pot as it is"]
        green = state.seats[0].pot[0][0]
        box = supply(state)
        state = answer(state, 0, "purple.upgrade", f"{green}>2")
        seat = state.seats[0]
        assert green in state.supply["green-1"] and [chip(c).kind for c, _ in seat.pot] == ["orange-1", "white-1",
                                                                                           "purple-1"]
        assert taken(state, box) == ["green-2"]
        assert [chip(c).kind for c in seat.returning] == ["green-2"], "the new chip is expected past the reader"

    def test_two_purples_trade_a_2_chip_for_a_4_chip_or_take_the_lower_action(self):
        state, _ = evaluate(purple(4), "green-2", "red-1", "purple-1", "purple-1")
        assert [o.key.split(">")[1] for o in decision(state, 0, "purple.upgrade").options[:-1]] == ["4", "2"]
        assert [str(o.label) for o in decision(state, 0, "purple.upgrade").options[:-1]] == [
            "Trade the green 2 on space 2 for a green 4", "Trade the red 1 on space 3 for a red 2"]

    def test_three_or_more_purples_offer_every_tier(self):
        state, _ = evaluate(purple(4), "green-1", "green-2", "purple-1", "purple-1", "purple-1", "purple-1")
        assert [str(o.label) for o in decision(state, 0, "purple.upgrade").options] == [
            "Trade the green 1 on space 1 for a green 4", "Trade the green 2 on space 3 for a green 4",
            "Trade the green 1 on space 1 for a green 2", "Keep the pot as it is"]

    def test_a_kind_sold_out_is_not_offered(self):
        state, _ = evaluate(purple(4), "green-1", "purple-1", sold_out=("green-2",))
        assert not [d for d in state.decisions if d.seat == 0]

    def test_acts_after_an_explosion(self):
        state, _ = evaluate(purple(4), "green-1", "white-3", "white-3", "purple-1", "white-2")
        assert state.seats[0].status == "exploded"
        assert [str(o.label) for o in decision(state, 0, "purple.upgrade").options] == [
            "Trade the green 1 on space 1 for a green 2", "Keep the pot as it is"]


def test_the_feed_tells_each_chip_that_comes_and_goes():
    state, _ = evaluate(purple(4), "green-1", "purple-1")
    green = state.seats[0].pot[0][0]
    events = step(state, Choose(0, decision(state, 0, "purple.upgrade").id, (f"{green}>2",))).events
    lines = [describe(e, ["Ann", "Ben"]) for e in events if e["event"] in ("chip_gained", "chip_removed")]
    assert lines == ["Ann: gets green 2 into the bag (ghost's breath)",
                     "Ann: green 1 goes back to the supply (ghost's breath)"]


def purple_witches(set_no, round_no=1):
    if round_no == 1:
        return game(**herb_witches(purple=set_no))
    return step(at_round(round_no, **herb_witches(purple=set_no)), Fortune(None)).state


class TestPurpleSet5:
    def test_the_points_of_the_purple_spaces_buy_up_to_2_chips_of_different_colours_at_once(self):
        state, _ = evaluate(purple_witches(5), "green-4", "green-4", "green-4", "green-4", "purple-1", "purple-1")
        coins = sum(catalog.POT_TRACK[space].vp for space in purples_in_pot(state))
        assert coins == 7
        box = supply(state)
        assert decision(state, 0, "purple.spend").keys() == ["orange-1", "green-1", "blue-1", "red-1", "none"]
        state = answer(state, 0, "purple.spend", "orange-1")
        assert decision(state, 0, "purple.spend").keys() == ["green-1", "none"], "4 coins left, not orange again"
        state = answer(state, 0, "purple.spend", "green-1")
        assert taken(state, box) == ["green-1", "orange-1"] and not state.decisions_for(0)
        assert state.seats[0].coins == catalog.POT_TRACK[state.seats[0].scoring_space].coins, "never added to the coins"

    def test_buying_nothing_ends_it(self):
        state, _ = evaluate(purple_witches(5), "green-4", "green-4", "green-4", "green-4", "purple-1")
        box = supply(state)
        state = answer(state, 0, "purple.spend", "none")
        assert taken(state, box) == [] and not [d for d in state.decisions if d.kind == "purple.spend"]

    def test_in_round_9_the_sum_buys_victory_points_5_to_1(self):
        state = purple_witches(5, round_no=9)
        state, _ = evaluate(state, "green-4", "green-4", "green-4", "green-4", "purple-1", "purple-1")
        seat = state.seats[0]
        assert not [d for d in state.decisions if d.kind == "purple.spend"]
        assert seat.round_scores[-1] - seat.round_scores[-2] == DIE + 7 // 5 + catalog.POT_TRACK[seat.scoring_space].vp


class TestPurpleSet6:
    def test_each_purple_scores_the_printed_value_of_the_chip_after_it(self):
        state, _ = evaluate(purple_witches(6), "purple-1", "green-4", "purple-1", "white-2", "purple-1")
        seat = state.seats[0]
        assert seat.score == DIE + 4 + 2 + 0 + catalog.POT_TRACK[seat.scoring_space].vp

    def test_the_printed_value_not_the_spaces_the_chip_moved(self):
        state, _ = evaluate(purple_witches(6), "orange-1", "purple-1", "red-1")
        seat = state.seats[0]
        assert [space for _, space in seat.pot] == [1, 2, 4], "red set 1: the red 1 moves 2 beside an orange"
        assert seat.score == DIE + 1 + catalog.POT_TRACK[seat.scoring_space].vp

    def test_a_purple_after_a_purple_gives_1(self):
        state = purple_witches(6)
        state.seats[0].rubies = 0
        state, _ = evaluate(state, "purple-1", "purple-1", "orange-1")
        seat = state.seats[0]
        assert seat.score == DIE + 1 + 1 + catalog.POT_TRACK[seat.scoring_space].vp
