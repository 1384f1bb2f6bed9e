"""Choosing the books: "random" deals a set the engine plays, seeded, recorded as the sets dealt."""

import random

import pytest

from companion.books import RANDOM, deal, every_colour
from companion.engine import GameConfig, book_sets, catalog, format_transcript, new_game, parse_transcript


def test_a_random_deal_picks_only_playable_sets_and_over_many_games_every_one():
    dealt: dict[str, set[int]] = {color: set() for color in catalog.BOOK_COLORS}
    for seed in range(200):
        books = deal(every_colour(RANDOM), random.Random(seed))
        assert set(books) == set(catalog.BOOK_COLORS)
        for color, set_no in books.items():
            assert set_no in catalog.BASE_SETS, "sets 5 and 6 only with The Herb Witches; black keeps its base book"
            dealt[color].add(set_no)
        new_game(GameConfig(players=("A", "B"), books=books))  # the engine plays what was dealt
    assert dealt == {color: set(catalog.BASE_SETS) for color in catalog.BOOK_COLORS}


def test_with_the_herb_witches_random_deals_sets_1_to_6_and_black_its_base_book_or_set_5_or_6():
    dealt: dict[str, set[int]] = {color: set() for color in (*catalog.BOOK_COLORS, "black")}
    for seed in range(200):
        books = deal(every_colour(RANDOM), random.Random(seed), ("witches",))
        for color, set_no in books.items():
            dealt[color].add(set_no)
        dealt["black"].add(books.get("black", 0))
        new_game(GameConfig(players=("A", "B"), books=books, expansions=("witches",)))
    assert dealt == {**{color: set(book_sets(color)) for color in catalog.BOOK_COLORS}, "black": {0, 5, 6}}
    assert book_sets("red") == [1, 2, 3, 4, 5, 6]


def test_a_deal_without_the_herb_witches_draws_the_same_books_as_before_it_came():
    """A seed deals the base sets exactly as it did: games created from a seed before stay alike."""
    rng = random.Random(5)
    expected = {color: rng.choice([1, 2, 3, 4]) for color in catalog.BOOK_COLORS}
    assert deal(every_colour(RANDOM), random.Random(5)) == expected


def test_books_5_names_every_colour_black_too_and_books_2_leaves_black_its_base_book():
    assert every_colour(5)["black"] == 5 and "black" not in every_colour(2)
    assert "black" not in deal({"black": 0}, random.Random(1), ("witches",)), "0: the base book"


def test_the_same_seed_deals_the_same_books_and_the_setup_records_the_sets():
    choice = {"green": RANDOM, "blue": 1, "red": RANDOM}
    books = deal(choice, random.Random(42))
    assert books == deal(choice, random.Random(42))
    assert books["blue"] == 1 and books["yellow"] == books["purple"] == 1, "chosen and left-out colours"
    config = GameConfig(players=("A", "B"), books=books)
    header = format_transcript(config, []).splitlines()[0]
    assert RANDOM not in header
    assert parse_transcript(header)[0].books == books, "a replay reads the sets dealt, not a seed"


def test_a_choice_that_is_neither_a_set_nor_random_is_refused_by_colour():
    with pytest.raises(ValueError, match="blue: choose a set number or \"random\", not 'two'"):
        deal({"blue": "two"}, random.Random(1))
    assert deal({"blue": 9}, random.Random(1))["blue"] == 9, "left for the engine to refuse by name"
