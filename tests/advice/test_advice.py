"""DRAW/STOP advice: the memoised search against every draw order, and the reference positions."""

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import islice

import pytest

from companion.advice import Outcome, Search, TooDeep, advise, compact, grid, whatif
from companion.engine import IllegalAction
from companion.engine.ingredients import RULES, active_rules
from companion.engine.ingredients._rule import Reads
from companion.engine.model import BREWING, GameState

from ..engine.scenario import answer, books, draws, game, herb_witches, set_bag


def brute(search: Search, state) -> Outcome:
    """Every draw order, chip by chip (no memo, no merging of chips of a kind)."""
    seat = state.seats[0]
    if seat.status != BREWING or not seat.bag and not seat.hand:
        return search.end(state)
    pending = state.blocking_decision(0)
    if pending and len(seat.hand) >= pending.data.get("reveal", 0):
        return best([offers(search, whatif.answer(state, 0, pending.id, k)) for k in pending.keys()])
    after = [paid(search, state, whatif.draw(state, 0, c)[0]) for c in seat.bag]
    drawn = Outcome(*(sum(getattr(o, f) for o in after) / len(after) for f in Outcome.__slots__))
    return drawn if pending else best([search.end(state), drawn])


def paid(search: Search, before, after) -> Outcome:
    """Playing on after a draw, plus the points and rubies the chip paid as it was placed."""
    o = offers(search, after)
    vp, rubies = after.seats[0].score - before.seats[0].score, after.seats[0].rubies - before.seats[0].rubies
    return Outcome(o.value + vp + rubies * search.worth.ruby, o.coins, o.vp + vp, o.rubies + rubies, o.explode)


def offers(search: Search, state) -> Outcome:
    open_ = [d for d in state.decisions if d.seat == 0 and not d.blocking]
    options = [brute(search, whatif.ignore_offers(state, 0))]
    options += [offers(search, whatif.answer(state, 0, d.id, k)) for d in open_ for k in d.keys()]
    return best(options)


def best(outcomes):
    return max(outcomes, key=lambda o: o.value)


def position(round_no, bag, droplet=0, drawn=(), **sets):
    state = game(books=books(**sets))
    state.round = round_no
    set_bag(state, 0, *bag, *drawn)
    state.seats[0].droplet = droplet
    return draws(state, 0, *drawn)


SMALL_BAGS = [
    # the flask on every white, the mandrake after a white
    (4, ("white-1", "white-2", "white-3", "yellow-1", "orange-1"), 3, ("white-2",)),
    # the crow skull looking at 2 chips, with whites that can explode
    (2, ("white-3", "white-3", "blue-2", "white-2", "orange-1"), 0, ("white-1",)),
    # red after oranges, green at the end, purple, black, blue 1, round 9 scoring
    (9, ("white-3", "white-2", "red-1", "green-1", "blue-1"), 10, ("orange-1", "purple-1", "white-2")),
    # the flask used once already; a rat-free seat near the end of the track
    (6, ("white-2", "white-3", "blue-1", "yellow-1", "green-1"), 40, ("white-1",)),
]


LATER_BOOK_BAGS = [
    # blue set 2: windows of 1 and 2 draws next to the threshold
    (3, ("white-3", "white-2", "blue-1", "orange-1", "blue-2"), 0, ("white-3",), {"blue": 2}),
    # blue sets 3 and 4: a ruby or points at once on the ruby spaces 5 and 9
    (2, ("blue-4", "blue-1", "white-3", "white-2", "orange-1"), 0, ("white-1",), {"blue": 3}),
    (2, ("blue-4", "blue-1", "white-3", "white-2", "orange-1"), 0, ("white-1",), {"blue": 4}),
    # purple set 3: a purple on 9 (0 VP) or, after an orange, on 10 (1 VP) ends in the same position
    (3, ("purple-1", "orange-1", "orange-1", "orange-1", "white-3"), 6, ("white-2",), {"purple": 3}),
    # green set 3 at whites 7 moving a purple that purple set 3 pays by its space
    (5, ("white-2", "green-2", "purple-1", "white-1", "green-4"), 6, ("white-3", "white-1"), {"green": 3, "purple": 3}),
    # choices in step B: green set 4's rubies, purple set 4's upgrades
    (4, ("white-3", "green-1", "purple-1", "red-1", "green-2"), 2, ("white-2", "orange-1"), {"green": 4, "purple": 4}),
    # green set 2's chips, purple set 2's trades
    (7, ("white-3", "green-4", "purple-1", "purple-1", "green-1"), 4, ("white-2",), {"green": 2, "purple": 2}),
]


@pytest.mark.parametrize(("round_no", "bag", "droplet", "drawn", "sets"),
                         [(*bag, {}) for bag in SMALL_BAGS] + LATER_BOOK_BAGS)
def test_the_search_equals_every_draw_order(round_no, bag, droplet, drawn, sets):
    state = position(round_no, bag, droplet, drawn, **sets)
    if round_no == 6:
        state.seats[0].flask_full = False
    search = Search(state, 0)
    cold = whatif.ignore_offers(state, 0)
    fast = search.draw(cold)
    slow = brute(Search(state, 0), cold)
    slow_draw = Outcome(*(sum(getattr(paid(search, cold, whatif.draw(cold, 0, c)[0]), f) for c in cold.seats[0].bag)
                          / len(cold.seats[0].bag) for f in Outcome.__slots__))
    for field in Outcome.__slots__:
        assert getattr(fast, field) == pytest.approx(getattr(slow_draw, field)), field
    assert search.value(cold).value == pytest.approx(slow.value)


def test_advice_compares_stopping_now_with_drawing_on():
    """Round 4 (coin 0.45 VP, ruby 1.375, flask 2.75): W3 W2 drawn (white total 5), W3 W3 O1 left.

    Stop on space 6: 6 coins, 1 VP, the flask kept = 2.7 + 1 + 2.75 = 6.45.
    Draw: a W3 (2/3) explodes on 8; the pot takes 9 coins rather than 1 VP and the ruby of
    space 9: 4.05 + 1.375 + 2.75 = 8.175. The orange (1/3) lands on 6; stopping there is worth
    3.15 + 1 + 2.75 = 6.9, drawing on into a sure explosion 10 coins: 4.5 + 2.75 = 7.25.
    So drawing is worth 2/3 * 8.175 + 1/3 * 7.25 = 7.867, always ends exploded, 9.33 coins."""
    state = position(4, ("white-3", "white-3", "orange-1"), 0, ("white-3", "white-2"))
    answer = advise(state, 0)
    assert answer["advice"] == "draw"
    assert answer["stop"] == {"value": 6.45, "coins": 6, "vp": 1, "rubies": 0, "explode": 0.0}
    assert answer["draw"] == {"value": 7.867, "coins": 9.33, "vp": 0.0, "rubies": 0.67, "explode": 1.0}


def test_a_limit_stops_a_search_that_would_take_too_long():
    state = position(1, ("white-1",) * 4 + ("white-2",) * 2 + ("white-3", "orange-1", "green-1"))
    with pytest.raises(TooDeep):
        advise(state, 0, limit=50)


REFERENCE = {
    "round 1, starting bag": (1, ("white-1",) * 4 + ("white-2",) * 2 + ("white-3", "orange-1", "green-1"), 0, ()),
    "round 4, orange and blue bought": (
        4, ("white-1",) * 4 + ("white-2",) * 2 + ("white-3", "orange-1", "orange-1", "green-1", "blue-1"), 1, ()),
}


@pytest.mark.parametrize("name", REFERENCE)
def test_reference_positions(name):
    expected = {
        "round 1, starting bag": ("draw", 5.6, 13.554),
        "round 4, orange and blue bought": ("draw", 3.65, 10.013),
    }[name]
    answer = advise(position(*REFERENCE[name]), 0)
    assert (answer["advice"], answer["stop"]["value"], answer["draw"]["value"]) == expected


def test_an_explosion_within_a_blue_window_is_worth_points_and_coins_without_the_die():
    """Round 4 (coin 0.45 VP, flask 2.75): whites 3 + 3, a blue 1 (set 2), then a white 2
    explodes on 9: scoring space 10 pays 10 coins and 2 VP, 4.5 + 2 + 2.75 = 9.25; no die."""
    state = position(4, (), 0, ("white-3", "white-3", "blue-1", "white-2"), blue=2)
    assert state.seats[0].insured_explosion
    end = Search(state, 0, rival=0).end(state)
    assert end.to_dict() == {"value": 9.25, "coins": 10, "vp": 2, "rubies": 0, "explode": 1.0}


def test_every_question_of_step_b_is_answered_at_best():
    """Green set 4 asks first (a ruby for a droplet step), then purple set 2 (trade the purple in:
    1 VP, 1 ruby and a black chip); the stop's value counts both answers."""
    state = position(4, ("white-1",), 0, ("purple-1", "green-1"), green=4, purple=2)
    end = Search(state, 0).end(whatif.ignore_offers(state, 0))
    assert end.vp == 1 and end.coins == 3


BOOK_BAGS = [
    # yellow set 2: the chip after a yellow moves twice as far
    ({"yellow": 2}, ("white-1", "yellow-2", "orange-1", "white-3", "red-1"), ("white-2",)),
    # yellow set 3: the threshold rises with the first yellow chip
    ({"yellow": 3}, ("white-2", "white-3", "yellow-1", "yellow-1", "orange-1"), ("white-3", "white-1")),
    # yellow set 4 and red set 3: the yellows' order and the white before a red
    ({"yellow": 4, "red": 3}, ("yellow-1", "yellow-1", "red-1", "white-2", "white-1"), ("yellow-2",)),
    # red set 4: white 1-chips move 2 once a red chip is in the pot
    ({"red": 4}, ("white-1", "white-1", "red-1", "white-3", "orange-1"), ("white-2",)),
]


@pytest.mark.parametrize(("chosen", "bag", "drawn"), BOOK_BAGS)
def test_the_search_equals_every_draw_order_with_red_and_yellow_books(chosen, bag, drawn):
    state = game(books={"green": 1, "blue": 1, "red": 1, "yellow": 1, "purple": 1, **chosen})
    state.round = 4
    set_bag(state, 0, *bag, *drawn)
    cold = whatif.ignore_offers(draws(state, 0, *drawn), 0)
    assert Search(cold, 0).value(cold).value == pytest.approx(brute(Search(cold, 0), cold).value)


def test_a_doubling_used_up_and_one_still_waiting_are_different_positions():
    """Yellow, a doubled white put back with the flask / a white put back, then yellow: same pot,
    bag and flask, but only the second doubles the next chip."""
    state = game(books={"green": 1, "blue": 1, "red": 1, "yellow": 2, "purple": 1})
    state.round = 4
    set_bag(state, 0, "white-1", "yellow-2", "orange-1", "white-3", "red-1")
    used = answer(draws(state, 0, "yellow-2", "white-1"), 0, "flask", "use")
    waiting = draws(answer(draws(state, 0, "white-1"), 0, "flask", "use"), 0, "yellow-2")
    search = Search(state, 0)
    assert search.value(used).value == pytest.approx(brute(Search(state, 0), used).value)
    assert search.value(waiting).value == pytest.approx(brute(Search(state, 0), waiting).value)
    assert search.value(used).value != search.value(waiting).value


COMPACT_BAGS = [
    # a crow skull 4 looks at every chip left; the flask on a white placed from the look
    (3, ("white-2", "white-3", "blue-4", "orange-1", "green-1"), 2, ("white-2",)),
    # two crow skulls (one looks at 2, one at 1), a mandrake and the flask, whites that can explode
    (5, ("blue-2", "blue-1", "yellow-1", "white-3", "white-2"), 0, ("white-3", "orange-1")),
    # red after oranges, purple and black for step B, green at the end, round 9 scoring
    (9, ("red-1", "red-2", "orange-1", "green-2", "white-3", "purple-1"), 6, ("white-1", "black-1")),
    # the flask puts a white back behind a green: stopping then keeps green set 1's ruby of the
    # chip before the last, which drawing on without the flask would not read
    (9, ("white-3", "white-1", "orange-1", "white-3", "white-3", "green-1"), 6, ("orange-1",)),
]


@pytest.mark.parametrize(("round_no", "bag", "droplet", "drawn"), SMALL_BAGS + COMPACT_BAGS)
def test_the_compact_search_equals_every_draw_order(round_no, bag, droplet, drawn):
    """The fast path on kinds and counts gives what playing every chip order through the engine gives."""
    state = whatif.ignore_offers(position(round_no, bag, droplet, drawn), 0)
    if round_no == 6:
        state.seats[0].flask_full = False
    assert compact.unmodelled(state, 0) is None
    search = Search(state, 0)
    fast = compact.Compact(search, state).draw()
    every = [offers(search, whatif.draw(state, 0, c)[0]) for c in state.seats[0].bag]
    for field in Outcome.__slots__:
        assert getattr(fast, field) == pytest.approx(sum(getattr(o, field) for o in every) / len(every)), field


COMPACT_BOOK_BAGS = [
    # red set 3 (a red after a white moves that white's value more), yellow set 4 (the yellows' order)
    (4, ("yellow-1", "yellow-1", "red-1", "white-2", "white-1", "red-2"), 0, ("yellow-2",), {"yellow": 4, "red": 3}),
    # blue sets 3 and 4: a ruby or points at once on the ruby spaces 5 and 9
    (2, ("blue-4", "blue-1", "white-3", "white-2", "orange-1"), 0, ("white-1",), {"blue": 3}),
    (2, ("blue-4", "blue-1", "white-3", "white-2", "orange-1"), 0, ("white-1",), {"blue": 4}),
    # green set 2's chips, purple set 2's trades
    (7, ("white-3", "green-4", "purple-1", "purple-1", "green-1"), 4, ("white-2",), {"green": 2, "purple": 2}),
    # yellow set 3: the threshold rises to 8 with the first yellow chip, to 9 with the third
    (4, ("white-2", "white-3", "yellow-1", "yellow-1", "orange-1", "white-1"), 0, ("white-3", "yellow-2"),
     {"yellow": 3}),
    # green set 4: rubies for droplet steps, one for each green among the last two chips
    (4, ("white-3", "green-1", "green-2", "white-1", "orange-1"), 2, ("white-2",), {"green": 4}),
]


@pytest.mark.parametrize(("round_no", "bag", "droplet", "drawn", "sets"), COMPACT_BOOK_BAGS)
def test_the_compact_search_equals_every_draw_order_with_books_of_sets_2_to_4(round_no, bag, droplet, drawn, sets):
    """Each book of sets 2-4 that says what it reads: the fast path against every chip order."""
    state = whatif.ignore_offers(position(round_no, bag, droplet, drawn, **sets), 0)
    state.seats[0].rubies = 2
    assert compact.unmodelled(state, 0) is None
    search = Search(state, 0)
    fast = compact.Compact(search, state).draw()
    every = [paid(search, state, whatif.draw(state, 0, c)[0]) for c in state.seats[0].bag]
    for field in Outcome.__slots__:
        assert getattr(fast, field) == pytest.approx(sum(getattr(o, field) for o in every) / len(every)), field


@pytest.mark.parametrize(("sets", "reason"), [
    ({"green": 3}, "the green/3 book does not say what it reads"),
    ({"purple": 3}, "the purple/3 book reads where its chips lie"),
    ({"purple": 4}, "the purple/4 book does not say what it reads"),
    ({"blue": 2}, "the blue/2 book does not say what it reads"),
    ({"red": 2}, "the red/2 book does not say what it reads"),
    ({"blue": 3, "green": 4}, "the green/4 book reads rubies that may be paid while brewing"),
])
def test_the_compact_search_refuses_what_it_does_not_model(sets, reason):
    state = position(4, ("white-1", "orange-1"), **sets)
    assert compact.unmodelled(state, 0) == reason


def test_a_book_that_moves_chips_is_refused_even_when_it_says_what_it_reads(monkeypatch):
    """Saying what a book reads is not enough when its action is one the search does not play."""
    for rule_id in ("red/2", "yellow/2", "blue/2"):
        monkeypatch.setitem(RULES, rule_id, replace(RULES[rule_id], reads=Reads()))
    active_rules.cache_clear()
    try:
        assert compact.unmodelled(position(4, ("white-1",), red=2), 0) == \
            "the red/2 book changes how chips are drawn or placed"
        assert compact.unmodelled(position(4, ("white-1",), yellow=2), 0) == \
            "the yellow/2 book's action while brewing is not modelled"
        assert compact.unmodelled(position(4, ("white-1",), blue=2), 0) == \
            "the blue/2 book's action while brewing is not modelled"
    finally:
        monkeypatch.undo()
        active_rules.cache_clear()


def test_a_card_that_acts_while_brewing_is_left_to_the_engine_search():
    state = position(4, ("white-1", "white-2", "orange-1"))
    state.fortune = "B06"
    assert compact.unmodelled(state, 0) == "the Well Stirred card acts while brewing"


def test_a_book_that_does_not_say_what_it_reads_is_left_to_the_engine_search(monkeypatch):
    """A book without `reads` (a set the compact search does not know) gets the engine-driven answer."""
    monkeypatch.setitem(RULES, "red/1", replace(RULES["red/1"], reads=None))
    active_rules.cache_clear()
    try:
        state = position(4, ("red-1", "white-3", "white-2", "orange-1"), 0, ("orange-1",))
        assert compact.unmodelled(state, 0) == "the red/1 book does not say what it reads"
        answer = advise(state, 0)
        slow = Search(state, 0).draw(whatif.ignore_offers(state, 0))
        assert answer["draw"] == slow.to_dict()
        assert answer["positions"] > 0
    finally:
        monkeypatch.undo()
        active_rules.cache_clear()


def without_positions(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "positions"}


def test_an_answer_that_goes_on_from_the_seats_earlier_search_is_the_cold_answer():
    """A seat's search is kept between its answers: after a search that gave up, after draws, a
    crow skull's look and the flask, each answer is the cold one, and searches fewer positions."""
    state = position(*REFERENCE["round 4, orange and blue bought"])
    searches: dict = {}
    with pytest.raises(TooDeep):
        advise(state, 0, limit=300, searches=searches)
    cold = advise(state, 0)
    went_on = advise(state, 0, limit=cold["positions"] - 250, searches=searches)  # 300 are searched already
    assert without_positions(went_on) == without_positions(cold) and went_on["positions"] < cold["positions"]
    kept = searches[0]
    for kind in ("orange-1", "green-1", "blue-1", "white-1"):
        state = whatif.ignore_offers(draws(state, 0, kind), 0) if kind != "blue-1" else draws(state, 0, kind)
        if kind == "blue-1":  # the crow skull shows a chip; the seat places none
            state = draws(state, 0, "white-3")
            state = answer(state, 0, "blue.preview", "none")
        answered = advise(state, 0, searches=searches)
        assert searches[0] is kept
        assert without_positions(answered) == without_positions(advise(state, 0)), kind
    state = answer(draws(state, 0, "white-1"), 0, "flask", "use")
    assert without_positions(advise(state, 0, searches=searches)) == without_positions(advise(state, 0))
    assert searches[0] is kept


def test_an_earlier_search_is_not_carried_over_when_a_neighbours_blacks_change():
    """Black compares the seat's black chips with its neighbours': their draws change every value."""
    state = position(9, ("white-1", "white-2", "black-1", "orange-1", "white-3"), 5, ("black-1",))
    set_bag(state, 1, "black-1", "white-1")
    searches: dict = {}
    advise(state, 0, searches=searches)
    kept = searches[0]
    assert kept.carries(whatif.ignore_offers(state, 0))
    later = draws(state, 1, "black-1")
    assert not kept.carries(whatif.ignore_offers(later, 0))
    assert without_positions(advise(later, 0, searches=searches)) == without_positions(advise(later, 0))
    assert searches[0] is not kept


def test_an_earlier_search_goes_on_with_the_last_chips_of_the_pot_now():
    """Green set 1 pays for a green chip among the last two: after a green is drawn, the carried
    search must end its draws with that green before them, as the cold search does."""
    state = position(9, ("white-3", "white-3", "green-1", "orange-1"), 0, ("white-3", "white-1"))
    searches: dict = {}
    advise(state, 0, searches=searches)
    later = whatif.ignore_offers(draws(state, 0, "green-1"), 0)
    assert searches[0].carries(later)
    assert without_positions(advise(later, 0, searches=searches)) == without_positions(advise(later, 0))


def test_an_earlier_search_is_not_carried_over_to_a_bag_that_changed_otherwise():
    """A chip that came into the bag or left it other than by a draw (a corrected read): new search."""
    state = position(4, ("white-1", "white-2", "orange-1", "green-1"), 0, ("white-3",))
    searches: dict = {}
    advise(state, 0, searches=searches)
    assert searches[0].carries(whatif.ignore_offers(draws(state, 0, "white-2"), 0))
    set_bag(state, 0, "white-1", "white-2", "orange-1", "blue-1")
    assert not searches[0].carries(whatif.ignore_offers(state, 0))
    assert without_positions(advise(state, 0, searches=searches)) == without_positions(advise(state, 0))


MODELLED_SETS = {"red": (1, 3), "yellow": (1, 3, 4), "green": (1, 2, 4), "blue": (1, 3, 4), "purple": (1, 2)}
SOME_KINDS = ("white-1", "white-2", "white-3", "orange-1", "red-1", "red-2", "yellow-1", "yellow-2", "green-1",
              "green-2", "green-4", "blue-1", "blue-2", "blue-4", "purple-1", "black-1")


def random_positions(rng: random.Random, kinds: tuple[str, ...], sizes: tuple[int, int], drawn_most: int,
                     droplet: Callable[[random.Random], int]) -> Iterator[tuple[GameState, tuple]]:
    """Seeded random positions the compact search models, with what made each: books among those
    it models, a bag of `sizes` chips of `kinds`, up to `drawn_most` of them drawn, rounds 1-9."""
    while True:
        sets = {color: rng.choice(numbers) for color, numbers in MODELLED_SETS.items()}
        bag = tuple(rng.choice(kinds) for _ in range(rng.randint(*sizes)))
        drawn = tuple(rng.choice(kinds) for _ in range(rng.randint(0, drawn_most)))
        try:
            state = whatif.ignore_offers(position(rng.randint(1, 9), bag, droplet(rng), drawn, **sets), 0)
        except (IndexError, IllegalAction):  # the box ran out of a kind, or a drawn chip asks first
            continue
        state.seats[0].rubies = rng.randint(0, 3)
        if compact.unmodelled(state, 0) is None and state.seats[0].status == BREWING:
            yield state, (sets, bag, drawn)


def test_the_compact_search_values_random_positions_as_the_engine_search_does():
    """Seeded random books (of those the compact search models), bags, rounds and droplets: both
    searches value drawing on alike (their choices between options of equal value may differ)."""
    found = random_positions(random.Random(7), SOME_KINDS, (3, 6), 3, lambda rng: rng.randint(0, 20))
    for state, made in islice(found, 40):
        fast = compact.Compact(Search(state, 0), state).draw()
        assert fast.value == pytest.approx(Search(state, 0).draw(state).value), made


LOOKS_AND_TAKES_BACK = ("white-1", "white-1", "white-2", "white-2", "white-3", "white-3", "orange-1", "yellow-1",
                        "green-1", "green-2", "blue-1", "blue-2", "blue-4", "purple-1", "black-1", "red-1")


def test_the_compact_search_equals_the_engine_search_on_every_figure_of_larger_random_bags():
    """Bags of 5 to 7 chips, crow skulls, mandrakes, a full or empty flask, pots that fill (a high
    droplet) and books among those the compact search models: the two searches, which share no
    code of the draw loop, agree on every figure of drawing on to 1e-9 here, not only on its value."""
    rng = random.Random(26)
    found = random_positions(rng, LOOKS_AND_TAKES_BACK, (5, 7), 2, lambda rng: rng.choice((0, 5, 30, 42)))
    for state, made in islice(found, 24):
        state.seats[0].flask_full = rng.random() < 0.7
        fast = compact.Compact(Search(state, 0), state).draw()
        slow = Search(state, 0).draw(state)
        for field in Outcome.__slots__:
            assert getattr(fast, field) == pytest.approx(getattr(slow, field), rel=0, abs=1e-9), (field, made)


@pytest.mark.parametrize("book", [(c, n) for c in ("green", "blue", "red", "yellow", "purple", "black") for n in (5, 6)])
def test_the_herb_witches_books_are_left_to_the_engine_search(book):
    """The compact search models none of them: the advice is the engine search's, never its own guess."""
    color, set_no = book
    state = game(**herb_witches(**{color: set_no}))
    set_bag(state, 0, "white-2", "white-3", "red-1", "yellow-1", "orange-1", "blue-1", "white-1")
    state = draws(state, 0, "white-2", "orange-1")
    assert compact.unmodelled(state, 0) is not None
    answer_ = advise(state, 0)
    assert answer_["draw"] == Search(state, 0).draw(whatif.ignore_offers(state, 0)).to_dict()


def test_a_white_chip_set_aside_by_red_set_6_explodes_the_stop_the_search_weighs():
    state = game(**herb_witches(red=6))
    set_bag(state, 0, "white-3", "red-1", "white-3", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "red-1", "white-3")
    assert state.seats[0].white_total == 3 and state.seats[0].aside
    assert advise(state, 0)["stop"]["explode"] == 0.0, "3 + 3 = 6: placing it does not explode"
    state = draws(state, 0, "white-2")
    assert advise(state, 0)["stop"]["explode"] == 1.0, "5 + 3 = 8: stopping now places it and explodes"


GRID_KINDS = ("white-1", "white-1", "white-2", "white-2", "white-3", "orange-1", "green-1", "green-2", "green-4",
              "blue-1", "blue-2", "blue-4", "purple-1", "black-1")
"""No red and no yellow chip: every bag of these is one the grid models, whatever the books."""


def assert_same_figures(grid_drawn: Outcome, compact_drawn: Outcome, made: object) -> None:
    for field in Outcome.__slots__:
        assert getattr(grid_drawn, field) == pytest.approx(getattr(compact_drawn, field), rel=0, abs=1e-9), (field, made)


def test_the_grid_equals_the_compact_search_on_every_figure_of_random_bags():
    """Bags of 6 to 12 chips with crow skulls that look at 1, 2 or 4 chips, blue chips that pay
    (sets 3 and 4), whites that explode or go back with the flask, pots that fill (a high
    droplet), green at the end and purple and black for step B: the grid's values, worked out
    level by level with arrays, are the compact search's on every figure to 1e-9."""
    rng = random.Random(2026)
    found = random_positions(rng, GRID_KINDS, (6, 12), 3, lambda rng: rng.choice((0, 4, 9, 30, 42)))
    for state, made in islice(found, 30):
        state.seats[0].flask_full = rng.random() < 0.6
        fast = compact.Compact(Search(state, 0), state)
        assert grid.unmodelled(fast, state) is None, made
        drawn, positions = grid.draw(fast, state)
        assert positions > 0
        assert_same_figures(drawn, compact.Compact(Search(state, 0), state).draw(), made)


MOVING_KINDS = ("white-1", "white-1", "white-2", "white-2", "white-3", "orange-1", "orange-1", "red-1", "red-2",
                "yellow-1", "yellow-2", "green-1", "green-2", "blue-1", "blue-2", "purple-1", "black-1")


def test_the_grid_equals_the_compact_search_with_chips_that_move_extra_spaces():
    """Red set 1 (a red moves 1 or 2 spaces more by the oranges already in the pot) and yellow
    set 4 (by the yellows before it): the extra spaces so far are a second axis of the grid. On
    random bags with red and yellow chips (books the grid refuses left out) the grid's values
    are the compact search's on every figure."""
    rng = random.Random(4)
    found = random_positions(rng, MOVING_KINDS, (6, 11), 3, lambda rng: rng.choice((0, 4, 9, 30, 42)))
    moving = 0
    for state, made in islice(found, 60):
        state.seats[0].flask_full = rng.random() < 0.6
        fast = compact.Compact(Search(state, 0), state)
        if grid.unmodelled(fast, state):
            continue
        moving += any(fast.moves[fast.names.index(c.rsplit("-", 1)[0])] for c in state.seats[0].bag)
        assert_same_figures(grid.draw(fast, state)[0], compact.Compact(Search(state, 0), state).draw(), made)
    assert moving >= 12


BENCH_ROUND_9 = ("white-1",) * 5 + ("white-2",) * 2 + ("white-3",) + ("orange-1",) * 3 + ("green-1",) + \
    ("green-4",) * 3 + ("blue-1",) + ("blue-4",) * 2 + ("purple-1",) + ("black-1",) * 2
BENCH_POSITIONS = [  # benchmarks/bench_advice.py's positions 1-4 and their values (benchmarks/README.md)
    ((1, REFERENCE["round 1, starting bag"][1], 0, ()), 13.554),
    ((4, REFERENCE["round 4, orange and blue bought"][1], 1, ()), 10.013),
    ((9, BENCH_ROUND_9, 7, ()), 14.075),
    ((9, BENCH_ROUND_9[:5] + BENCH_ROUND_9[6:8] + BENCH_ROUND_9[9:14] + BENCH_ROUND_9[15:], 7,
      ("white-2", "orange-1", "green-4")), 14.077),  # the same 23 chips, three of them drawn
]


@pytest.mark.parametrize(("made", "value"), BENCH_POSITIONS)
def test_the_grid_values_the_benchmark_positions_as_the_compact_search_does(made, value):
    """Positions 3 and 4 (41,472 and 13,824 sub-bags) are answered on the grid; 1 and 2 (120 and
    360) by the compact search, which is as fast there."""
    state = whatif.ignore_offers(position(*made), 0)
    fast = compact.Compact(Search(state, 0), state)
    drawn, positions = grid.draw(fast, state)
    assert round(drawn.value, 3) == value
    assert_same_figures(drawn, compact.Compact(Search(state, 0), state).draw(), made)
    answer_ = advise(state, 0)
    assert answer_["draw"] == drawn.to_dict()
    assert (answer_["positions"] == positions) == (made[0] == 9)


LARGE = ("white-1",) * 4 + ("white-2",) * 2 + ("white-3", "orange-1", "orange-1", "green-1", "blue-1")
"""360 sub-bags; with one chip more, 720: the grid would answer it if it modelled it."""


@pytest.mark.parametrize(("made", "reason"), [
    ((4, (*LARGE, "red-1"), 0, ("orange-1",), {"red": 3}), "a red-1 chip moves extra spaces by the chip before it"),
    ((4, (*LARGE, "yellow-1"), 0, ("white-3",)), "a yellow-1 chip puts a chip back into the bag"),
    ((4, (*LARGE, "yellow-1"), 0, ("white-3",), {"yellow": 3}), "a book raises the threshold while brewing"),
])
def test_the_grid_leaves_what_it_does_not_model_to_the_compact_search(made, reason):
    """Red set 3's extra spaces hang on the chip before the red, a mandrake puts a white back:
    the last space is not a function of the bag and the extra spaces so far; yellow set 3 moves
    the threshold. The answer is the compact search's."""
    state = whatif.ignore_offers(position(*made[:4], **(made[4] if len(made) > 4 else {})), 0)
    fast = compact.Compact(Search(state, 0), state)
    assert grid.unmodelled(fast, state) == reason
    answer_ = advise(state, 0)
    assert answer_["draw"] == compact.Compact(Search(state, 0), state).draw().to_dict()


def test_the_grid_goes_on_from_a_seats_earlier_search_after_draws():
    """A large bag (the benchmark's round 9 with a full flask): a live answer within a limit gives
    up and keeps the seat's compact search; after three draws (a white the flask could put back,
    an orange, a green that green set 1 reads at the end) the exact answer without a limit is
    worked out on the grid from that kept search: the compact search's values, the cold answer."""
    state = position(9, BENCH_ROUND_9[:5] + BENCH_ROUND_9[6:8] + BENCH_ROUND_9[9:14] + BENCH_ROUND_9[15:], 7)
    searches: dict = {}
    with pytest.raises(TooDeep):
        advise(state, 0, limit=50, searches=searches)
    kept = searches[0]
    later = whatif.ignore_offers(draws(whatif.ignore_offers(state, 0), 0, "white-1", "orange-1", "green-4"), 0)
    assert later.seats[0].flask_full and kept.carries(later)
    warm = advise(later, 0, searches=searches)
    assert searches[0] is kept
    drawn, positions = grid.draw(kept, later)
    assert warm["positions"] == positions and warm["draw"] == drawn.to_dict()
    assert_same_figures(drawn, compact.Compact(Search(later, 0), later).draw(), "after W1 O1 G4")
    assert without_positions(warm) == without_positions(advise(later, 0))
