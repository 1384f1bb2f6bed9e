"""The pots exploded in a game are counted on their seats as they explode (`quacks simulate`, the
game nights and the league read the count): whole random games check each seat's count against the
explosions the inputs reported."""

import random
from collections import Counter

from companion.autoplay import play_game
from companion.books import RANDOM, every_colour
from companion.dealing import deal_setup
from companion.engine import GameConfig


class Counted:
    """After every input: each seat's count (and a copy's) is the number of its explosions reported so far."""

    seen: Counter = Counter()

    def __init__(self) -> None:
        self.reported: Counter = Counter()

    def __call__(self, state, action, events) -> None:
        self.reported.update(e["seat"] for e in events if e["event"] == "exploded")
        reported = [self.reported[n] for n in range(len(state.seats))]
        counted, copied = [s.explosions for s in state.seats], [s.explosions for s in state.clone().seats]
        assert counted == copied == reported, \
            f"after input {state.seq} ({action}): counted {counted}, in a copy {copied}, reported {reported}"
        self.seen["explosions"] = sum(reported)


def play(games: int, first: int, expansions: tuple[str, ...]) -> Counter:
    seen: Counter = Counter()
    for game_no in range(first, first + games):
        Counted.seen = Counter()
        config = GameConfig(players=("A", "B", "C", "D"), start_player=game_no % 4,
                            **deal_setup(every_colour(RANDOM), expansions, random.Random(game_no)))
        play_game(config, game_no, Counted(), cards=True)
        seen += Counted.seen
    return seen


def test_the_explosions_of_whole_games_with_cards_and_random_books_are_counted_as_they_happen():
    seen = play(40, 61_000, ())
    assert seen["explosions"] > 40 * 5, seen  # several a game


def test_the_explosions_of_whole_games_with_every_expansion_are_counted_as_they_happen():
    # the overflow bowl's whites, and the witch that puts back the white that exploded a pot
    seen = play(20, 62_000, ("alchemists", "exchange", "witches"))
    assert seen["explosions"] > 20 * 5, seen
