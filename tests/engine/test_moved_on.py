"""After every input the game has moved on through every step that is over: `apply` leaves out
moving on while a seat draws on in the potion phase (nothing can be over then), and whole random
games check that moving on again after any input finds nothing to do."""

import random
from collections import Counter

from companion.autoplay import play_game
from companion.books import RANDOM, every_colour
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog, flow


class MovedOn:
    """After every input: the state as `apply` left it is where moving on stops."""

    seen: Counter = Counter()

    def __init__(self) -> None:
        self.phase = ""  # before the input

    def __call__(self, state, action, events) -> None:
        again = state.clone()
        more: list[dict] = []
        flow.advance(again, more)
        assert not more and (again.phase, again.ended) == (state.phase, state.ended), \
            f"after input {state.seq} ({action}) in {state.phase}: moving on again gave {more}"
        self.seen["drawing on"] += state.phase == "brewing" and bool(state.drawing)
        self.seen["potion phase over"] += self.phase == "brewing" != state.phase
        self.phase = state.phase


def play(games: int, first: int, expansions: tuple[str, ...]) -> Counter:
    MovedOn.seen = Counter()
    for game_no in range(first, first + games):
        config = GameConfig(players=("A", "B", "C", "D"), start_player=game_no % 4,
                            **deal_setup(every_colour(RANDOM), expansions, random.Random(game_no)))
        state, _ = play_game(config, game_no, MovedOn(), cards=True)
        assert state.phase == "game_over" and state.round == catalog.ROUNDS
    return MovedOn.seen


def test_whole_games_with_cards_and_random_books_have_moved_on_after_every_input():
    seen = play(30, 51_000, ())
    # most inputs are draws that leave the seat drawing on; every round's potion phase has ended
    assert seen["drawing on"] > 5_000 and seen["potion phase over"] == 30 * catalog.ROUNDS, seen


def test_whole_games_with_the_alchemists_have_moved_on_after_every_input():
    seen = play(15, 52_000, ("alchemists",))  # the essence phase and Ear worm's chips after the potion phase
    assert seen["drawing on"] > 2_000 and seen["potion phase over"] == 15 * catalog.ROUNDS, seen
