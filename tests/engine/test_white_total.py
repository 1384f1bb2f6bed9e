"""Each seat's white total is kept as chips come and go, not counted again before every draw:
whole random games check it against a count of the whites in the pot and the bowl after every
input, through every rule that lays, moves, swaps or takes out a chip."""

import random
from collections import Counter

from companion.autoplay import play_game
from companion.books import RANDOM, every_colour
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog
from companion.engine.model import chip


def whites_counted(seat) -> int:
    """The white chips' values in the pot and the overflow bowl, counted chip by chip."""
    return sum(chip(cid).value for cid in [cid for cid, _ in seat.pot] + seat.bowl if chip(cid).color == "white")


class Counted:
    """After every input: every seat's kept white total equals the count; what happened is noted."""

    seen: Counter = Counter()

    def __call__(self, state, action, events) -> None:
        for n, seat in enumerate(state.seats):
            assert seat.white_total == whites_counted(seat), \
                f"seat {n} after input {state.seq} ({action}): kept {seat.white_total}, counted {whites_counted(seat)}"
        self.seen.update(e["event"] for e in events)
        self.seen.update(f"{e['event']} {e['why']}" for e in events if e["event"] == "chip_removed")


def setup(game_no: int, expansions: tuple[str, ...], tubes: bool = False) -> GameConfig:
    """A 4-player game with random books (and the expansions' witches and patients) dealt by its number."""
    return GameConfig(players=("A", "B", "C", "D"), start_player=game_no % 4, tubes=tubes,
                      **deal_setup(every_colour(RANDOM), expansions, random.Random(game_no)))


def play(games: int, first: int, expansions: tuple[str, ...] = (), tubes: bool = False) -> Counter:
    Counted.seen = Counter()
    for game_no in range(first, first + games):
        state, _ = play_game(setup(game_no, expansions, tubes), game_no, Counted(), cards=True)
        assert state.phase == "game_over" and state.round == catalog.ROUNDS
    return Counted.seen


def test_the_white_total_is_kept_through_whole_games_with_cards_and_random_books():
    seen = play(60, 40_000)
    # whites laid, put back by the flask and the mandrake, pots emptied at the round's end and for
    # Second Chance, chips moved on and sent back to the box
    assert {"placed", "flask", "returned", "exploded", "brew_again", "moved", "chip_removed", "round_end"} <= set(seen), seen


def test_the_white_total_is_kept_on_the_test_tube_side():
    seen = play(30, 41_000, tubes=True)
    assert {"placed", "flask", "exploded"} <= set(seen), seen


def test_the_white_total_is_kept_with_every_expansion():
    """The overflow bowl, the witches that take whites out or undo an explosion, the patients, the
    Alchemists' cards that swap chips."""
    seen = play(60, 42_000, expansions=tuple(catalog.EXPANSIONS))
    assert {"placed", "flask", "exploded", "bowl", "moved", "swapped", "unexploded"} <= set(seen), seen
