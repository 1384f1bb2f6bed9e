"""Every ingredient price against the books' cost lines: North Star English (the default reading)
word for word, and each edition's table against what its rulebook prints."""

import re

import pytest

from companion.engine import Buy, ConfigError, GameConfig, book_sets, catalog, legal_actions, new_game, step
from companion.engine.phases import evaluation
from companion.engine.phases.evaluation import book_prices

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
WITCHES_PRICES = {
    # expansions.md 1.6 (read from the Herb Witches rulebook's book pictures; D5: first printed = set 5)
    ("green", 5): {1: 5, 2: 9, 4: 16}, ("green", 6): {1: 4, 2: 8, 4: 14},
    ("blue", 5): {1: 8, 2: 15, 4: 19}, ("blue", 6): {1: 5, 2: 10, 4: 18},
    ("red", 5): {1: 6, 2: 11, 4: 18}, ("red", 6): {1: 7, 2: 11, 4: 17},
    ("yellow", 5): {1: 10, 2: 14, 4: 20}, ("yellow", 6): {1: 8, 2: 12, 4: 18},
    ("purple", 5): {1: 9}, ("purple", 6): {1: 16},
    ("black", 5): {1: 10}, ("black", 6): {1: 9},
}
BASE_PRICES = {book: cost for book, cost in catalog.PRICES.items() if book[1] not in catalog.WITCHES_SETS}
RULEBOOK = shared_file("seeds", "rulebook-en-northstar.txt")
RULEBOOKS = {"northstar": "rulebook-en-northstar.txt", "schmidt": "rulebook-en-schmidt.txt",
             "first-translation": "rulebook-en-first-translation.txt"}
"""The editions whose rulebook prints the Almanac (Spanish has none; see below)."""
# "Cost: A Blue 1-chip costs 5 coins, a 2-chip costs 10, and a 4-chip costs 19." (North Star, Schmidt)
# "Cost: Blue 1-chip/2-chip/4-chips cost 5/10/19 coins." (the first translation); one-chip books alike.
ANY_COST_LINE = re.compile(r"Cost: (?:An? |The |One )?(\w+) 1-chip(?:/2-chip/4-chips)? costs? (\d+)"
                           r"(?: coins, a 2-chip costs (\d+), and a 4-chip costs (\d+)|/(\d+)/(\d+) coins| coins)")


def costs(line: str) -> dict[int, int]:
    """{chip value: coins} read from a cost line."""
    return {int(v): int(c) for v, c in re.findall(r"(\d)-chip costs (\d+)", line)}


def printed_prices(text: str) -> dict[tuple[str, int | None], dict[int, int]]:
    """Book -> {chip value: cost} as a rulebook's Almanac prints them: each colour's books in set
    order; orange and black have one book (black's two pages print one price)."""
    found: dict[tuple[str, int | None], dict[int, int]] = {}
    for match in ANY_COST_LINE.finditer(text):
        color = match.group(1).lower()
        numbers = [int(n) for n in match.groups()[1:] if n]
        costs = dict(zip((1, 2, 4), numbers, strict=False))
        if color in ("orange", "black"):
            assert found.setdefault((color, None), costs) == costs
        else:
            found[(color, 1 + sum(1 for c, _ in found if c == color))] = costs
    return found


def test_every_book_has_its_cost_line_and_the_catalog_charges_it():
    assert set(BASE_PRICES) == set(COST_LINES)
    for book, line in COST_LINES.items():
        assert catalog.PRICES[book] == costs(line), f"{book}: {line}"


def test_the_cost_lines_are_the_rulebooks():
    if RULEBOOK is None:
        pytest.skip("shared/seeds is not beside this checkout")
    text = RULEBOOK.read_text()
    for line in COST_LINES.values():
        assert line in text


@pytest.mark.parametrize("edition", list(RULEBOOKS))
def test_each_edition_charges_what_its_rulebook_prints(edition):
    """North Star and Schmidt print the same costs; the first translation's green set 3 4-chip costs 21."""
    path = shared_file("seeds", RULEBOOKS[edition])
    if path is None:
        pytest.skip("shared/seeds is not beside this checkout")
    printed = printed_prices(path.read_text())
    assert len(printed) == 22, "every book's cost line was read"
    assert {book: cost for book, cost in catalog.EDITION_PRICES[edition].items() if book in BASE_PRICES} == printed


@pytest.mark.parametrize("edition", list(catalog.EDITIONS))
def test_the_herb_witches_books_cost_the_same_in_every_edition(edition):
    """The expansion prints one price list; every edition's game charges it, black's books too."""
    for (color, set_no), cost in WITCHES_PRICES.items():
        books = {**{c: 5 for c in catalog.BOOK_COLORS}, color: set_no}
        config = GameConfig(players=("A", "B"), books=books, edition=edition, expansions=("witches",))
        assert book_prices(config, color) == cost, (color, set_no)
    assert {book for book in catalog.PRICES if book[1] in catalog.WITCHES_SETS} == set(WITCHES_PRICES)


def test_the_shop_sells_a_set_5_chip_at_its_price():
    state = game(books={**{c: 1 for c in catalog.BOOK_COLORS}, "blue": 5}, expansions=("witches",))
    set_bag(state, 0, "green-4", "green-4", "green-4", "green-4", "white-1")
    set_bag(state, 1, "white-1")
    for kind in ("green-4",) * 4:
        state = draw(state, 0, kind)
    state = stop(stop(state, 0), 1)
    state = answer(state, 0, "bonus_die", "1")
    coins = catalog.POT_TRACK[17].coins
    assert state.phase == "shop" and state.seats[0].coins == coins and 15 <= coins < 19
    assert ("blue", 2) in [(a.color, a.value) for a in legal_actions(state, 0) if isinstance(a, Buy)]
    assert ("blue", 4) not in [(a.color, a.value) for a in legal_actions(state, 0) if isinstance(a, Buy)], "19 > 17"
    result = step(state, Buy(0, "blue", 2))
    assert [e["cost"] for e in result.events if e["event"] == "bought"] == [15]


def test_the_spanish_rulebook_prints_no_almanac_and_its_example_pays_set_1_prices():
    """Its only costs are in the shop example: "un 2 fichas verde por 8 monedas y un 2 fichas azul por 10"."""
    path = shared_file("seeds", "rulebook-es.txt")
    if path is None:
        pytest.skip("shared/seeds is not beside this checkout")
    text = path.read_text()
    assert not printed_prices(text) and "Compra un 2 fichas verde por 8 monedas y un 2 fichas azul por 10" in text
    spanish = catalog.EDITION_PRICES["spanish"]
    assert (spanish[("green", 1)][2], spanish[("blue", 1)][2]) == (8, 10)
    assert spanish == catalog.EDITION_PRICES["northstar"]


def test_the_editions_differ_in_the_green_set_3_four_chip_alone():
    differ = {(edition, book): costs for edition, table in catalog.EDITION_PRICES.items()
              for book, costs in table.items() if costs != catalog.PRICES[book]}
    assert differ == {("first-translation", ("green", 3)): {1: 6, 2: 11, 4: 21}}
    green_3 = {"green": 3, "blue": 1, "red": 1, "yellow": 1, "purple": 1}
    assert book_prices(GameConfig(players=("A", "B"), books=green_3, edition="first-translation"), "green")[4] == 21
    assert book_prices(GameConfig(players=("A", "B"), books=green_3), "green")[4] == 18  # North Star by default


def test_an_unknown_edition_is_refused_by_name():
    with pytest.raises(ConfigError, match="edition must be one of northstar, schmidt, first-translation, spanish, "
                                          "not 'german'"):
        new_game(GameConfig(players=("A", "B"), edition="german"))


def playable_books(set_no: int) -> dict[str, int]:
    """Set `set_no` of every colour the engine has it for, set 1 elsewhere."""
    return {color: set_no if set_no in book_sets(color) else 1 for color in catalog.BOOK_COLORS}


@pytest.mark.parametrize("edition", list(catalog.EDITIONS))
@pytest.mark.parametrize("set_no", [1, 2, 3, 4])
def test_the_shop_asks_the_chosen_editions_price_for_every_chip(edition, set_no):
    """Round 3 (every book out), 35 coins: each chip is offered at its book's price in the edition
    chosen and costs exactly that (every book the engine has, as the books land)."""
    books = playable_books(set_no)
    table = catalog.EDITION_PRICES[edition]
    expected = {(color, v): c for color in (*catalog.BOOK_COLORS, "orange", "black")
                for v, c in table[(color, books.get(color))].items()}
    if edition == "northstar" and set_no == 1:
        assert expected == {("orange", 1): 3, ("black", 1): 10, **{
            (color, v): c for color in catalog.BOOK_COLORS for v, c in costs(COST_LINES[(color, 1)]).items()}}
    state = game(books=books, edition=edition)
    state.round = 3
    state.seats[0].droplet = 51
    set_bag(state, 0, "orange-1", "green-1")
    state = draw(stop(state, 1), 0, "orange-1")  # onto the last space: the pot is full, the spoon pays 35
    state = answer(state, 0, "bonus_die", "1")
    assert state.phase == "shop" and state.seats[0].coins == 35
    offered = {(a.color, a.value) for a in legal_actions(state, 0) if isinstance(a, Buy)}
    assert offered == set(expected)
    for (color, value), cost in expected.items():
        after = buy(state, 0, color, value)
        assert (after.seats[0].coins, after.seats[0].bought) == (35 - cost, [color]), (color, value)


@pytest.mark.parametrize("round_no", range(1, 9))
def test_the_shop_sells_each_book_from_the_round_it_is_laid_out(round_no):
    """Yellow chips are for sale from round 2 on, purple from round 3 on, the other books from the
    first round; the last round has no shop."""
    state = game()
    state.round = round_no
    state.seats[0].droplet = 51
    set_bag(state, 0, "orange-1", "green-1")
    state = draw(stop(state, 1), 0, "orange-1")  # onto the last space: 35 coins, enough for any chip
    state = answer(state, 0, "bonus_die", "1")
    offered = {a.color for a in legal_actions(state, 0) if isinstance(a, Buy)}
    assert offered == {"orange", "black", "blue", "red", "green", *(["yellow"] if round_no >= 2 else []),
                       *(["purple"] if round_no >= 3 else [])}


def test_a_seat_with_coins_for_the_cheapest_chip_alone_still_shops():
    """An orange 1-chip costs 3 coins, the cheapest of set 1: with 3 coins a seat may buy it, with 2
    or with orange already bought it has nothing to buy."""
    state = game()
    state.round = 3
    seat = state.seats[0]
    seat.coins = 3
    assert evaluation.offers(state, 0) == [("orange", 1)] and evaluation.can_shop(state, 0)
    seat.bought = ["orange"]
    assert not evaluation.can_shop(state, 0)
    seat.bought, seat.coins = [], 2
    assert evaluation.offers(state, 0) == [] and not evaluation.can_shop(state, 0)
