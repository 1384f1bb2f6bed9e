"""Every ingredient price against the books' cost lines (North Star English, the default reading)."""

import re

import pytest

from companion.engine import Buy, catalog, legal_actions

from .scenario import answer, buy, draw, game, set_bag, stop
from .shared import shared_file

# (colour, set) -> the book's cost line, word for word; None: orange and black have one book.
COST_LINES = {
    ("orange", None): "Cost: An orange 1-chip costs 3 coins.",
    ("black", None): "Cost: A black 1-chip costs 10 coins.",
    ("blue", 1): "Cost: A Blue 1-chip costs 5 coins, a 2-chip costs 10, and a 4-chip costs 19.",
    ("blue", 2): "Cost: A Blue 1-chip costs 5 coins, a 2-chip costs 10, and a 4-chip costs 19.",
    ("blue", 3): "Cost: A Blue 1-chip costs 4 coins, a 2-chip costs 8, and a 4-chip costs 14.",
    ("blue", 4): "Cost: A Blue 1-chip costs 5 coins, a 2-chip costs 10, and a 4-chip costs 20.",
    ("red", 1): "Cost: A Red 1-chip costs 6 coins, a 2-chip costs 10, and a 4-chip costs 16.",
    ("red", 2): "Cost: A Red 1-chip costs 4 coins, a 2-chip costs 8, and a 4-chip costs 14.",
    ("red", 3): "Cost: A Red 1-chip costs 5 coins, a 2-chip costs 9, and a 4-chip costs 15.",
    ("red", 4): "Cost: A Red 1-chip costs 7 coins, a 2-chip costs 11, and a 4-chip costs 17.",
    ("yellow", 1): "Cost: A Yellow 1-chip costs 8 coins, a 2-chip costs 12, and a 4-chip costs 18.",
    ("yellow", 2): "Cost: A Yellow 1-chip costs 9 coins, a 2-chip costs 13, and a 4-chip costs 19.",
    ("yellow", 3): "Cost: A Yellow 1-chip costs 8 coins, a 2-chip costs 12, and a 4-chip costs 18.",
    ("yellow", 4): "Cost: A Yellow 1-chip costs 8 coins, a 2-chip costs 12, and a 4-chip costs 18.",
    ("green", 1): "Cost: A Green 1-chip costs 4 coins, a 2-chip costs 8, and a 4-chip costs 14.",
    ("green", 2): "Cost: A Green 1-chip costs 6 coins, a 2-chip costs 11, and a 4-chip costs 18.",
    ("green", 3): "Cost: A Green 1-chip costs 6 coins, a 2-chip costs 11, and a 4-chip costs 18.",
    ("green", 4): "Cost: A Green 1-chip costs 4 coins, a 2-chip costs 8, and a 4-chip costs 14.",
    ("purple", 1): "Cost: A purple 1-chip costs 9 coins.",
    ("purple", 2): "Cost: A purple 1-chip costs 12 coins.",
    ("purple", 3): "Cost: A purple 1-chip costs 10 coins.",
    ("purple", 4): "Cost: A purple 1-chip costs 11 coins.",
}
RULEBOOK = shared_file("seeds", "rulebook-en-northstar.txt")


def costs(line: str) -> dict[int, int]:
    """{chip value: coins} read from a cost line."""
    return {int(v): int(c) for v, c in re.findall(r"(\d)-chip costs (\d+)", line)}


def test_every_book_has_its_cost_line_and_the_catalog_charges_it():
    assert set(catalog.PRICES) == set(COST_LINES)
    for book, line in COST_LINES.items():
        assert catalog.PRICES[book] == costs(line), f"{book}: {line}"


def test_the_cost_lines_are_the_rulebooks():
    if RULEBOOK is None:
        pytest.skip("shared/seeds is not beside this checkout")
    text = RULEBOOK.read_text()
    for line in COST_LINES.values():
        assert line in text


def test_the_shop_asks_the_books_price_for_every_chip():
    """Round 3 (every book out), 35 coins: each chip is offered at its book's price and costs exactly that."""
    book_prices = {("orange", 1): 3, ("black", 1): 10}
    for color in ("green", "blue", "red", "yellow", "purple"):
        book_prices.update({(color, v): c for v, c in costs(COST_LINES[(color, 1)]).items()})
    state = game()
    state.round = 3
    state.seats[0].droplet = 51
    set_bag(state, 0, "orange-1", "green-1")
    state = draw(stop(state, 1), 0, "orange-1")  # onto the last space: the pot is full, the spoon pays 35
    state = answer(state, 0, "bonus_die", "1")
    assert state.phase == "shop" and state.seats[0].coins == 35
    offered = {(a.color, a.value) for a in legal_actions(state, 0) if isinstance(a, Buy)}
    assert offered == set(book_prices)
    for (color, value), cost in book_prices.items():
        after = buy(state, 0, color, value)
        assert (after.seats[0].coins, after.seats[0].bought) == (35 - cost, [color]), (color, value)
