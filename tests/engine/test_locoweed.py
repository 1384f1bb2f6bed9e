"""Locoweed (The Herb Witches sets 5 and 6, The Alchemists' four books), the new pumpkin book, the
boxes' chips (expansions.md 1.6, 2.8)."""

import random

import pytest

from companion.dealing import deal_setup
from companion.engine import ConfigError, Draw, Fortune, GameConfig, catalog, new_game, step
from companion.engine.model import chip
from companion.engine.phases.evaluation import price_list

from .scenario import answer, books, decision, draw, draws, game, in_force, set_bag, spaces

WITCHES = ("witches",)
ALCHEMISTS = ("alchemists",)


def weed(book: int, expansions=WITCHES, **setup):
    return game(expansions=expansions, books={**books(), "locoweed": book}, **setup)


@pytest.mark.parametrize(("rat", "moves"), [(0, 1), (2, 3), (3, 4), (6, 4)])
def test_set_5_moves_the_rat_stones_steps_plus_1_at_most_4(rat, moves):
    state = weed(5)
    state.seats[0].rat = rat
    set_bag(state, 0, "locoweed-1")
    assert in_force(state, lang="es") == ([f"una hierba loca sacada ahora avanza {moves}"] if rat else [])
    state = draw(state, 0, "locoweed-1")
    assert spaces(state, 0) == [("locoweed-1", rat + moves)]


def test_set_6_copies_the_last_coloured_chip_passing_over_whites():
    """Red set 1 with an orange chip in the pot: a red 2 moves 3; the locoweed after it and a white
    is a red 2 too, with red's action: it moves 3 as well."""
    state = weed(6)
    set_bag(state, 0, "orange-1", "red-2", "white-1", "locoweed-1")
    state = draws(state, 0, "orange-1", "red-2", "white-1", "locoweed-1")
    assert spaces(state, 0) == [("orange-1", 1), ("red-2", 4), ("white-1", 5), ("locoweed-1", 8)]


def test_set_6_with_no_coloured_chip_moves_1_with_no_action():
    state = weed(6)
    set_bag(state, 0, "white-2", "locoweed-1")
    state = draws(state, 0, "white-2", "locoweed-1")
    assert spaces(state, 0) == [("white-2", 2), ("locoweed-1", 3)]


def test_set_6_copies_a_crow_skulls_look_ahead():
    """Blue set 1: a blue 2 looks at 2 chips; the locoweed after it looks at 2 as well."""
    state = weed(6)
    set_bag(state, 0, "blue-2", "locoweed-1", "green-1", "orange-1", "white-1")
    state = draw(state, 0, "blue-2")
    state = draws(state, 0, "green-1", "orange-1")
    state = answer(state, 0, "blue.preview", "none")
    state = draw(state, 0, "locoweed-1")
    assert spaces(state, 0) == [("blue-2", 2), ("locoweed-1", 4)]
    assert decision(state, 0, "blue.preview").data["reveal"] == 2


def test_book_7_moves_1():
    state = weed(7, ALCHEMISTS)
    set_bag(state, 0, "white-3", "locoweed-1")
    state = draws(state, 0, "white-3", "locoweed-1")
    assert spaces(state, 0) == [("white-3", 3), ("locoweed-1", 4)]


def test_book_8_moves_1_per_colour_in_the_pot_white_not_counted_locoweed_always():
    state = weed(8, ALCHEMISTS)
    set_bag(state, 0, "orange-1", "green-1", "white-1", "orange-1", "locoweed-1")
    state = draws(state, 0, "orange-1", "green-1", "white-1", "orange-1", "locoweed-1")
    assert spaces(state, 0)[-1] == ("locoweed-1", 4 + 3)  # orange, green, locoweed


@pytest.mark.parametrize(("whites", "moves"), [((), 1), (("white-1", "white-2"), 3)])
def test_book_10_moves_the_white_sum_at_least_1(whites, moves):
    state = weed(10, ALCHEMISTS)
    set_bag(state, 0, *whites, "locoweed-1")
    state = draws(state, 0, *whites, "locoweed-1")
    assert spaces(state, 0)[-1] == ("locoweed-1", 3 + moves if whites else 1)


def test_book_9_moves_1_then_may_put_a_coloured_chip_back_leaving_its_space_empty():
    state = weed(9, ALCHEMISTS)
    set_bag(state, 0, "green-2", "white-1", "red-1", "locoweed-1", "orange-1")
    state = draws(state, 0, "green-2", "white-1", "red-1", "locoweed-1")
    offer = decision(state, 0, "locoweed.return")
    assert not offer.blocking and sorted(chip(k).kind for k in offer.keys()) == ["green-2", "red-1"]
    green = next(k for k in offer.keys() if chip(k).color == "green")
    state = answer(state, 0, "locoweed.return", green)
    assert spaces(state, 0) == [("white-1", 3), ("red-1", 4), ("locoweed-1", 5)]
    assert green in state.seats[0].bag
    state = draw(state, 0, "orange-1")
    assert spaces(state, 0)[-1] == ("orange-1", 6)


def test_the_new_pumpkin_book_sells_the_orange_6_for_22_and_locoweed_from_round_1():
    prices = price_list(GameConfig(players=("A", "B"), expansions=WITCHES), 1)
    assert prices[("orange", 1)] == 3 and prices[("orange", 6)] == 22 and prices[("locoweed", 1)] == 8
    base = price_list(GameConfig(players=("A", "B")), 1)
    assert ("orange", 6) not in base and ("locoweed", 1) not in base


@pytest.mark.parametrize(("book", "cost"), [(5, 8), (6, 10), (7, 11), (8, 16), (9, 10), (10, 12)])
def test_each_locoweed_book_prices_its_chip(book, cost):
    config = GameConfig(players=("A", "B"), expansions=("alchemists", "witches"), books={**books(), "locoweed": book})
    assert price_list(config, 1)[("locoweed", 1)] == cost


def test_an_orange_chip_is_never_upgraded_by_a_card():
    """An Opportunistic Moment: the orange 1 is not swapped for the orange 6 the box now holds."""
    state = new_game(GameConfig(players=("Ann", "Ben"), expansions=WITCHES))
    set_bag(state, 0, "orange-1", "green-1", "orange-1", "orange-1")
    state = step(state, Fortune("P11")).state
    for cid in list(state.seats[0].bag):
        state = step(state, Draw(0, cid)).state
    keys = decision(state, 0, "fortune.look").keys()
    assert [k if k == "none" else chip(k).kind for k in keys] == ["green-1", "none"]


def test_the_boxes_add_their_chips_to_the_supply():
    base = sum(catalog.SUPPLIES["A"].values())
    assert sum(catalog.box("A", WITCHES).values()) == base + 153
    assert catalog.box("A", ("alchemists", "witches"))[("locoweed", 1)] == 55
    state = new_game(GameConfig(players=("A", "B"), expansions=WITCHES))
    assert len(state.supply["orange-6"]) == 20 and state.supply["locoweed-1"][0] == "locoweed-1-01"


def test_five_players_fill_five_start_bags_from_the_herb_witches_box():
    state = new_game(GameConfig(players=("A", "B", "C", "D", "E"), expansions=WITCHES))
    assert all(len(seat.bag) == 9 for seat in state.seats)


def test_the_locoweed_book_is_one_of_the_boxes_in_play():
    assert GameConfig(players=("A", "B"), expansions=WITCHES).book("locoweed") == 5
    assert GameConfig(players=("A", "B"), expansions=ALCHEMISTS).book("locoweed") == 7
    assert GameConfig(players=("A", "B")).book("locoweed") is None
    with pytest.raises(ConfigError, match="locoweed book 7 is not in the boxes in play; available: 5, 6"):
        new_game(GameConfig(players=("A", "B"), expansions=WITCHES, books={**books(), "locoweed": 7}))
    with pytest.raises(ConfigError, match="no books to choose for locoweed"):
        new_game(GameConfig(players=("A", "B"), books={**books(), "locoweed": 5}))


def test_a_random_deal_deals_a_locoweed_book_and_records_it():
    dealt = {deal_setup({c: "random" for c in catalog.BOOK_COLORS}, ("alchemists", "witches"),
                        random.Random(seed))["books"]["locoweed"] for seed in range(40)}
    assert dealt == set(catalog.LOCOWEED_SETS)
    assert "locoweed" not in deal_setup({c: "random" for c in catalog.BOOK_COLORS}, (), random.Random(1))["books"]
    assert deal_setup({"locoweed": 6}, WITCHES, random.Random(1))["books"]["locoweed"] == 6
    assert deal_setup({}, ALCHEMISTS, random.Random(1))["books"]["locoweed"] == 7, "the default, written down"
