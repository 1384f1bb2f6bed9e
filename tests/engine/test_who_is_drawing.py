"""Who is still drawing is kept by the state as seats stop, explode and brew again, not looked up
seat by seat after every input: whole random games check the kept seats, and whom the potion
phase waits for, against each seat's own status after every input."""

import random
from collections import Counter

from companion.autoplay import play_game
from companion.books import RANDOM, every_colour
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog, waiting_for

from .scenario import answer, at_round, card, draws, set_bag, stop


class Checked:
    """After every input: the kept seats are those whose status is brewing; while brewing, the game
    waits for them and for every seat with a question open, in seat order."""

    seen: Counter = Counter()

    def __init__(self) -> None:
        self.before: tuple[int, ...] = ()  # the seats drawing before the input

    def __call__(self, state, action, events) -> None:
        brewing = tuple(n for n, seat in enumerate(state.seats) if seat.status == "brewing")
        assert state.drawing == brewing, f"after input {state.seq} ({action}): kept {state.drawing}, brewing {brewing}"
        self.seen.update(f"{e['event']}, not drawing before" for e in events
                         if e["event"] in ("brew_again", "unexploded") and e["seat"] not in self.before)
        self.before = brewing
        if state.phase == "brewing":
            asked = {d.seat for d in state.decisions}
            expected = [n for n in range(len(state.seats)) if n in brewing or n in asked]
            assert waiting_for(state) == expected, f"after input {state.seq} ({action})"
            self.seen["asked, not drawing"] += bool(asked - set(brewing))
        self.seen.update(e["event"] for e in events)


def setup(game_no: int, expansions: tuple[str, ...]) -> GameConfig:
    """A 4-player game with random books (and the expansions' witches and patients) dealt by its number."""
    return GameConfig(players=("A", "B", "C", "D"), start_player=game_no % 4,
                      **deal_setup(every_colour(RANDOM), expansions, random.Random(game_no)))


def play(games: int, first: int, expansions: tuple[str, ...] = ()) -> Counter:
    Checked.seen = Counter()
    for game_no in range(first, first + games):
        state, _ = play_game(setup(game_no, expansions), game_no, Checked(), cards=True)
        assert state.phase == "game_over" and state.round == catalog.ROUNDS
    return Checked.seen


def test_who_is_drawing_is_kept_through_whole_games_with_cards_and_random_books():
    seen = play(40, 43_000)
    # seats stop, fill their pots, explode, empty their bags, and brew again (Second Chance);
    # some are asked while no longer drawing (a die after an explosion, red set 2 after a stop)
    assert {"stopped", "pot_full", "exploded", "brew_again"} <= set(seen), seen
    assert seen["asked, not drawing"], seen


def test_who_is_drawing_is_kept_with_every_expansion():
    """A witch puts back the white that exploded a pot, and the seat draws on."""
    seen = play(40, 44_000, expansions=tuple(catalog.EXPANSIONS))
    assert {"stopped", "exploded", "unexploded", "brew_again"} <= set(seen), seen
    assert seen["unexploded, not drawing before"], seen


def test_a_second_chance_after_an_early_explosion_has_the_potion_phase_wait_for_that_seat_again():
    """Whole games seldom show it (the card is offered after five chips, mostly to a seat still
    drawing): Bea has stopped, Ann explodes with her third chip and brews again."""
    state = card(at_round(1), "B08")
    state = stop(state, 1)
    set_bag(state, 0, "white-3", "white-3", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-3", "white-2")
    assert state.seats[0].status == "exploded" and waiting_for(state) == [0]  # asked: brew again?
    state = answer(state, 0, "fortune.second_chance", "again")
    assert state.phase == "brewing" and state.drawing == (0,) and waiting_for(state) == [0]
