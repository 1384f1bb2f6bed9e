"""DRAW/STOP proven by bounds: drawing once or twice more and stopping is worth no more than drawing
on at best, the ceiling no less, and an answer a bound proves is the exact search's answer."""

import random

import pytest

from companion.advice import Search, advise, bounds, compact, whatif
from companion.engine import IllegalAction
from companion.engine.model import BREWING

from ..engine.scenario import books, draws, game, set_bag
from .test_advice import REFERENCE, position

SETS = {"red": (1, 2, 3, 4), "yellow": (1, 2, 3, 4), "green": (1, 2, 3, 4), "blue": (1, 2, 3, 4),
        "purple": (1, 2, 3, 4)}
COMPACT_SETS = {"red": (1, 3), "yellow": (1, 3, 4), "green": (1, 2, 4), "blue": (1, 3, 4), "purple": (1, 2)}
KINDS = ("white-1", "white-2", "white-3", "white-1", "white-2", "orange-1", "red-1", "red-2", "yellow-1", "green-1",
         "green-2", "blue-1", "blue-2", "blue-4", "purple-1", "black-1")
FAVOURED = {"yellow": 1, "blue": 1}  # the mandrake and the crow skull, half the time each


def random_positions(seed: int, count: int):
    """Seeded random books of sets 1-4, small bags, rounds, droplets, rubies and flasks."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        sets = {color: rng.choice(numbers) for color, numbers in rng.choice((SETS, COMPACT_SETS)).items()}
        sets.update({c: n for c, n in FAVOURED.items() if rng.random() < 0.5})
        if rng.random() < 0.3:
            sets["blue"] = rng.choice((3, 4))
        bag = tuple(rng.choice(KINDS) for _ in range(rng.randint(3, 6)))
        drawn = [rng.choice(KINDS) for _ in range(rng.randint(0, 2))] + [f"white-{rng.randint(1, 3)}" for _ in range(rng.randint(0, 3))]
        rng.shuffle(drawn)
        try:
            state = whatif.ignore_offers(position(rng.randint(1, 9), bag, rng.randint(0, 30), tuple(drawn), **sets), 0)
        except (IndexError, IllegalAction):  # the box ran out of a kind, or a drawn chip asks first
            continue
        seat = state.seats[0]
        seat.rubies = rng.randint(0, 3)
        seat.flask_full = rng.random() < 0.7
        if seat.status != BREWING or state.blocking_decision(0) or not seat.bag:
            continue
        found += 1
        yield sets, bag, drawn, state


CASES = list(random_positions(11, 160))


@pytest.mark.parametrize("case", range(len(CASES)))
def test_the_bounds_hold_and_a_proven_answer_is_the_exact_one(case):
    sets, bag, drawn, state = CASES[case]
    rival = 10 if case % 3 == 0 else None
    exact = Search(state, 0, rival=rival).draw(state)
    assert exact is not None
    for depth in bounds.DEPTHS:
        low = bounds.lower(state, 0, depth, rival=rival)
        assert low is None or low.value <= exact.value + 1e-9, (sets, bag, drawn, depth)
        high = bounds.upper(state, 0, depth, rival=rival)
        assert high is None or high >= exact.value - 1e-9, (sets, bag, drawn, depth)
    proven = bounds.certified(state, 0, rival=rival)
    cold = advise(state, 0, rival=rival)
    if proven is not None:
        assert proven["advice"] == cold["advice"] and proven["stop"] == cold["stop"], (sets, bag, drawn)


def test_the_random_positions_cover_both_searches_and_both_bounds():
    """The cases above are worth something only if they meet both searches and prove both answers."""
    engine = [compact.unmodelled(s, 0) is not None for _, _, _, s in CASES]
    assert 30 < sum(engine) < len(CASES) - 30
    proofs = [bounds.certified(s, 0) for _, _, _, s in CASES]
    assert {p["draw"]["bound"] for p, e in zip(proofs, engine, strict=True) if p and not e} == {"at_least", "at_most"}
    assert {p["draw"]["bound"] for p, e in zip(proofs, engine, strict=True) if p and e} == {"at_least"}
    assert any(s.seats[0].flask_full for _, _, _, s in CASES)
    assert any(sets["blue"] in (3, 4) and any(k.startswith("blue") for k in bag) for sets, bag, _, _ in CASES)


def test_drawing_once_more_and_stopping_proves_draw_on_the_starting_bag():
    """Round 1, the starting bag, nothing drawn: one more chip and stop is worth 6.744 VP, more than
    the 5.6 VP of stopping on the droplet's space, so DRAW is proven without the exact search."""
    state = position(*REFERENCE["round 1, starting bag"])
    proven = advise(state, 0, certify=True)
    assert proven["advice"] == "draw" == advise(state, 0)["advice"]
    assert proven["draw"]["bound"] == "at_least" and proven["draw"]["draws"] == 1
    assert proven["draw"]["value"] == 6.744 and proven["stop"]["value"] == 5.6


@pytest.mark.parametrize("sets", [{}, {"blue": 2}, {"red": 2}])
def test_a_pot_one_white_from_exploding_in_round_9_is_proven_stop(sets):
    """Round 9, whites at 6 of 7 with two white 2-chips and an orange left: every white explodes,
    and even the orange's best leaves less than stopping now, so STOP is proven at most (blue and
    red set 2 are searched through the engine)."""
    state = game(books=books(**sets))
    state.round = 9
    set_bag(state, 0, "white-3", "white-1", "white-1", "white-1", "white-2", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-1", "white-1", "white-1")
    proven = advise(state, 0, certify=True)
    assert proven["advice"] == "stop" == advise(state, 0)["advice"]
    assert proven["draw"]["bound"] == "at_most" and proven["draw"]["value"] <= proven["stop"]["value"]


ROUND_9 = {"white-1": 5, "white-2": 2, "white-3": 1, "orange-1": 3, "green-1": 1, "green-4": 3,
           "blue-1": 1, "blue-4": 2, "purple-1": 1, "black-1": 2}


@pytest.mark.parametrize("drawn, stop", [((), 2.6), (("white-2", "orange-1", "green-4"), 6.5)])
def test_the_round_9_reference_positions_are_proven_draw(drawn, stop):
    """benchmarks/bench_advice.py positions 3 and 4: the exact search (320,221 and 96,137 positions,
    benchmarks/README.md) says DRAW, worth 14.075 and 14.077 VP; a bound proves it at once."""
    state = position(9, tuple(k for k, n in ROUND_9.items() for _ in range(n)), 7, drawn)
    proven = advise(state, 0, certify=True)
    assert proven["advice"] == "draw" and proven["stop"]["value"] == stop
    assert proven["draw"]["bound"] == "at_least" and stop < proven["draw"]["value"] <= 14.077


@pytest.mark.parametrize("name", REFERENCE)
def test_the_early_reference_positions_are_proven_as_the_exact_search_answers(name):
    state = position(*REFERENCE[name])
    proven, exact = advise(state, 0, certify=True), advise(state, 0)
    assert proven["advice"] == exact["advice"] and proven["stop"] == exact["stop"]
    assert proven["draw"]["value"] <= exact["draw"]["value"]


def test_the_ceiling_counts_the_white_that_explodes_the_pot():
    """Round 3, whites 4 of 7 on space 5, no flask, W3, B2 and W2 left (crow skull, red set 3):
    drawing on is worth 7.44 VP, part of it from pots a white explodes further along the track. The
    ceiling after two draws, 8.65 VP, counts that white; one that let the whites go only as far
    as the threshold would fall below the exact value."""
    state = whatif.ignore_offers(position(3, ("white-3", "blue-2", "white-2"), 1, ("white-2", "white-2"), red=3), 0)
    state.seats[0].flask_full = False
    exact = Search(state, 0).draw(state).value
    assert exact == pytest.approx(7.4375)
    assert bounds.upper(state, 0, 2) == pytest.approx(8.65) and bounds.upper(state, 0, 1) >= exact


def test_a_tie_proves_nothing_drawing_once_worth_just_what_stopping_is():
    """Bag black 1, blue 1, black 1, blue 1 after white 3, 2, black 1, white 2 (seeded position):
    drawing once and stopping is worth exactly what stopping now is, so it proves no DRAW; drawing
    twice is worth more, and that proves it."""
    state = next(s for _, bag, drawn, s in random_positions(15, 80)
                 if bag == ("black-1", "blue-1", "black-1", "blue-1") and drawn == ["white-3", "white-2", "black-1", "white-2"])
    stop = Search(state, 0).end(whatif.ignore_offers(state, 0))
    assert bounds.lower(state, 0, 1).value == stop.value, "the tie this test is about"
    proven = bounds.certify(state, 0, stop)
    assert proven["bound"] == "at_least" and proven["draws"] == 2 and proven["value"] > stop.value
