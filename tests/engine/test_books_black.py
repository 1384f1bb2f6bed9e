"""Hawkmoth (black): the book choice The Herb Witches brings, and sets 5 and 6 as scenarios."""

import pytest

from companion.engine import Buy, ConfigError, GameConfig, catalog, new_game, step
from companion.engine.ingredients import active_rules
from companion.engine.model import chip

from .scenario import answer, draws, finish_brewing, game, herb_witches, set_bag


def black_witches(set_no, players=2, **more):
    return game(players=players, **herb_witches(black=set_no, **more))


def to_shop(state, *kinds):
    """Seat 0 draws these chips, everyone else one white 1-chip; the rounds' questions answered
    with their first option until the shop opens."""
    set_bag(state, 0, *kinds, "white-1")
    for n in range(1, len(state.seats)):
        set_bag(state, n, "white-1", "white-1")
    state = finish_brewing(draws(state, 0, *kinds))
    while state.phase != "shop":
        d = state.decisions[0]
        state = answer(state, d.seat, d.kind, d.keys()[0])
    return state


def book_rubies(state, seat, start=1):
    """Rubies a seat got besides its start and its scoring space's ruby."""
    s = state.seats[seat]
    return s.rubies - start - catalog.POT_TRACK[s.scoring_space].ruby


class TestTheChoice:
    @pytest.mark.parametrize(("players", "page"), [(2, "black/2p"), (3, "black/3-4p"), (5, "black/3-4p")])
    def test_without_a_black_set_the_base_books_page_for_the_player_count(self, players, page):
        names = ("A", "B", "C", "D", "E")[:players]
        config = GameConfig(players=names, expansions=("witches",))
        assert active_rules(config)["black"].id == page

    def test_a_black_set_replaces_both_pages(self):
        for players in (2, 4):
            config = GameConfig(players=("A", "B", "C", "D")[:players], **herb_witches(black=6))
            assert active_rules(config)["black"].id == "black/6"

    def test_sets_5_and_6_only_with_the_herb_witches(self):
        with pytest.raises(ConfigError, match="black set 5: sets 5 and 6 come with The Herb Witches"):
            new_game(GameConfig(players=("A", "B"), books={**{c: 1 for c in catalog.BOOK_COLORS}, "black": 5}))
        with pytest.raises(ConfigError, match="red set 6: sets 5 and 6 come with The Herb Witches"):
            new_game(GameConfig(players=("A", "B"), books={**{c: 1 for c in catalog.BOOK_COLORS}, "red": 6}))

    def test_black_has_no_set_1_to_4(self):
        with pytest.raises(ConfigError, match=r"black set 2 is not available; available: \[5, 6\]"):
            new_game(GameConfig(players=("A", "B"), **herb_witches(black=2)))


class TestBlackSet5:
    def test_a_bought_black_chip_goes_into_the_left_neighbours_bag_and_the_droplet_moves(self):
        state = to_shop(black_witches(5, players=3), "green-4", "green-4", "green-4")
        black = state.supply["black-1"][0]
        result = step(state, Buy(0, "black", 1, black))  # read at the buyer's reader
        left, buyer = result.state.seats[1], result.state.seats[0]
        assert black in left.bag and black in left.returning, "expected past the neighbour's reader"
        assert black not in buyer.bag and buyer.droplet == 1
        assert black not in result.state.seats[2].bag
        assert [e["event"] for e in result.events][:3] == ["bought", "chip_given", "droplet"]

    def test_a_black_chip_from_a_trade_goes_to_the_left_too(self):
        state = game(**herb_witches(black=5, purple=2))
        set_bag(state, 0, "purple-1", "orange-1", "white-1")
        set_bag(state, 1, "white-1", "white-1")
        state = finish_brewing(draws(state, 0, "purple-1", "orange-1"))
        state = answer(state, 0, "purple.trade", "1")
        assert any(chip(c).kind == "black-1" for c in state.seats[1].returning)
        assert state.seats[0].droplet == 1

    def test_step_b_a_ruby_per_black_chip_in_the_left_pot_and_per_own_black_chip_at_the_end(self):
        state = black_witches(5)
        set_bag(state, 0, "black-1", "orange-1", "black-1", "white-1")
        set_bag(state, 1, "black-1", "orange-1", "orange-1", "black-1", "white-1")
        state = draws(state, 0, "black-1", "orange-1", "black-1")
        state = finish_brewing(draws(state, 1, "black-1", "orange-1", "orange-1", "black-1"))
        assert book_rubies(state, 0) == 2 + 1, "two in Ben's pot, own last chip black"
        assert book_rubies(state, 1) == 2 + 1, "two in Ann's pot (left of Ben with 2 players), own last chip"


class TestBlackSet6:
    def test_the_furthest_black_chip_moves_the_droplet_the_second_furthest_takes_a_ruby(self):
        state = black_witches(6, players=3)
        set_bag(state, 0, "orange-1", "orange-1", "black-1", "white-1")
        set_bag(state, 1, "orange-1", "black-1", "white-1")
        set_bag(state, 2, "black-1", "white-1")
        state = draws(state, 0, "orange-1", "orange-1", "black-1")
        state = draws(state, 1, "orange-1", "black-1")
        state = finish_brewing(draws(state, 2, "black-1"))
        seats = state.seats
        assert [s.droplet for s in seats] == [1, 0, 0]
        assert [book_rubies(state, n) for n in range(3)] == [0, 1, 0]

    def test_ties_share_and_one_player_may_take_both(self):
        state = black_witches(6, players=3)
        set_bag(state, 0, "orange-1", "black-1", "white-1")
        set_bag(state, 1, "orange-1", "black-1", "white-1")
        set_bag(state, 2, "black-1", "white-1")
        state = draws(state, 0, "orange-1", "black-1")
        state = draws(state, 1, "orange-1", "black-1")
        state = finish_brewing(draws(state, 2, "black-1"))
        assert [s.droplet for s in state.seats] == [1, 1, 0]
        assert [book_rubies(state, n) for n in range(3)] == [0, 0, 1]
        state = black_witches(6)
        set_bag(state, 0, "black-1", "black-1", "white-1")
        set_bag(state, 1, "white-1", "white-1")
        state = finish_brewing(draws(state, 0, "black-1", "black-1"))
        assert state.seats[0].droplet == 1 and book_rubies(state, 0) == 1
