"""Set 1 books, orange and black: one class per book, as scenarios."""

import pytest

from companion.engine import IllegalAction
from companion.engine.ingredients import RULES

from .scenario import answer, decision, draw, draws, game, set_bag, spaces, stop


def finish_brewing(state):
    for n, seat in enumerate(state.seats):
        if seat.status == "brewing" and not state.decisions_for(n):
            state = stop(state, n)
    return state


class TestRedSet1:
    @pytest.mark.parametrize("oranges,extra", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
    def test_extra_spaces_by_orange_count(self, oranges, extra):
        state = game()
        set_bag(state, 0, *(["orange-1"] * oranges), "red-2")
        state = draws(state, 0, *(["orange-1"] * oranges), "red-2")
        assert spaces(state, 0)[-1] == ("red-2", oranges + 2 + extra)


class TestYellowSet1:
    def test_puts_back_the_white_drawn_directly_before_and_its_space_stays_empty(self):
        state = game()
        set_bag(state, 0, "white-2", "yellow-1", "white-1")
        state = draws(state, 0, "white-2", "yellow-1")
        assert not [d for d in state.decisions if d.kind == "flask"]
        state = answer(state, 0, "yellow.return", "return")
        assert spaces(state, 0) == [("yellow-1", 3)]
        assert state.seats[0].white_total == 0
        assert sorted(c[:7] for c in state.seats[0].bag) == ["white-1", "white-2"]

    def test_no_offer_when_the_chip_before_was_not_white(self):
        state = game()
        set_bag(state, 0, "orange-1", "yellow-1", "white-1")
        state = draws(state, 0, "orange-1", "yellow-1")
        assert not state.decisions


class TestBlueSet1:
    def test_look_at_fewer_chips_when_the_bag_holds_fewer(self):
        state = game()
        set_bag(state, 0, "blue-4", "orange-1", "white-1")
        state = draw(state, 0, "blue-4")
        assert decision(state, 0, "blue.preview").data["reveal"] == 2

    def test_place_none_puts_everything_back(self):
        state = game()
        set_bag(state, 0, "blue-1", "white-3", "orange-1")
        state = draws(state, 0, "blue-1", "white-3")
        state = answer(state, 0, "blue.preview", "none")
        assert spaces(state, 0) == [("blue-1", 1)] and len(state.seats[0].bag) == 2

    def test_cannot_stop_or_draw_past_the_preview_before_answering(self):
        state = game()
        set_bag(state, 0, "blue-1", "white-3", "orange-1")
        state = draws(state, 0, "blue-1", "white-3")
        with pytest.raises(IllegalAction) as err:
            draw(state, 0, "orange-1")
        assert err.value.code == "decision_pending"
        with pytest.raises(IllegalAction):
            stop(state, 0)

    def test_a_white_placed_from_the_preview_can_explode_the_pot(self):
        state = game()
        set_bag(state, 0, "white-3", "white-3", "blue-1", "white-2")
        state = draws(state, 0, "white-3", "white-3", "blue-1", "white-2")
        white = state.seats[0].hand[0]
        state = answer(state, 0, "blue.preview", white)
        assert state.seats[0].status == "exploded"

    def test_a_placed_chip_carries_out_its_own_action(self):
        state = game()
        set_bag(state, 0, "blue-1", "blue-1", "orange-1", "white-1")
        state = draws(state, 0, "blue-1", "blue-1")
        second = state.seats[0].hand[0]
        state = answer(state, 0, "blue.preview", second)
        assert decision(state, 0, "blue.preview").data["blue"] == second


class TestGreenSet1:
    def test_a_ruby_for_each_green_among_the_last_two_chips(self):
        state = game()
        set_bag(state, 0, "green-1", "orange-1", "green-2", "green-1")
        state = draws(state, 0, "green-1", "orange-1", "green-2", "green-1")
        rubies = state.seats[0].rubies
        state = finish_brewing(state)
        for_die = [d for d in state.decisions if d.kind == "bonus_die"]
        for d in for_die:
            state = answer(state, d.seat, "bonus_die", "1")
        assert state.seats[0].rubies == rubies + 2  # green 2 and green 1 are last and next to last


class TestPurpleSet1:
    def _evaluate(self, purples):
        state = game()
        set_bag(state, 0, *(["purple-1"] * purples), "white-1")
        state = draws(state, 0, *(["purple-1"] * purples))
        state = finish_brewing(state)
        for d in [d for d in state.decisions if d.kind == "bonus_die"]:
            state = answer(state, d.seat, "bonus_die", "4")  # a ruby: keeps points apart
        return state

    def test_one_purple_gives_one_point(self):
        state = self._evaluate(1)
        assert state.phase != "chip_actions"
        assert state.seats[0].score == 1 + 0  # scoring space 1 pays no VP

    def test_three_purples_ask_for_a_tier_and_lower_tiers_are_allowed(self):
        state = self._evaluate(3)
        assert state.phase == "chip_actions"
        tier = decision(state, 0, "purple.tier")
        assert tier.keys() == ["3", "2", "1"]
        droplet, rubies = state.seats[0].droplet, state.seats[0].rubies
        state = answer(state, 0, "purple.tier", "2")
        assert state.seats[0].rubies == rubies + 1 and state.seats[0].droplet == droplet

    def test_tier_3_moves_the_droplet(self):
        state = self._evaluate(4)
        state = answer(state, 0, "purple.tier", "3")
        assert state.seats[0].droplet == 1


class TestBlack:
    def _evaluate(self, players, blacks):
        state = game(players=players)
        for n, count in enumerate(blacks):
            set_bag(state, n, *(["black-1"] * count), "white-1")
            state = draws(state, n, *(["black-1"] * count))
        state = finish_brewing(state)
        for d in [d for d in state.decisions if d.kind == "bonus_die"]:
            state = answer(state, d.seat, "bonus_die", "1")
        return state

    def test_two_players_equal_moves_the_droplet_more_adds_a_ruby(self):
        equal = self._evaluate(2, (1, 1))
        assert [s.droplet for s in equal.seats] == [1, 1]
        more = self._evaluate(2, (2, 1))
        assert [s.droplet for s in more.seats] == [1, 0]
        assert [s.rubies for s in more.seats] == [2, 1]

    def test_two_players_with_no_black_chips_get_nothing(self):
        state = self._evaluate(2, (0, 0))
        assert [s.droplet for s in state.seats] == [0, 0]

    def test_three_players_beating_one_neighbour_or_both(self):
        state = self._evaluate(3, (2, 1, 0))
        # seat 0 beats both neighbours (1 and 2); seat 1 beats seat 2; seat 2 beats nobody.
        assert [s.droplet for s in state.seats] == [1, 1, 0]


def test_every_rule_has_its_book_text():
    for rule in RULES.values():
        assert len(rule.text) > 30, rule.id
