"""Fuzz: hundreds of complete random games, with the game's invariants checked after every input.

Every game deals its own books (a set per colour among those the engine has, seeded by the game)
and edition, so every colour's every set is played with every other's in some game.
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.autoplay import play_game
from companion.books import RANDOM, deal, every_colour
from companion.dealing import deal_setup
from companion.engine import (
    GameConfig,
    book_sets,
    catalog,
    format_transcript,
    parse_transcript,
    replay,
    state_to_dict,
)
from companion.engine.model import chip
from companion.engine.patients import PATIENTS


def every_chip(state) -> list[str]:
    found = [cid for ids in state.supply.values() for cid in ids]
    for seat in state.seats:
        found += seat.bag + seat.hand + seat.aside + seat.laid_out + [cid for cid, _ in seat.pot]
    return found


class Invariants:
    def __init__(self, config: GameConfig) -> None:
        self.box = sum(catalog.SUPPLIES[config.supply].values())
        self.scores = [0] * len(config.players)
        self.droplets = [0] * len(config.players)
        self.tubes = [0] * len(config.players)

    def __call__(self, state, action, events) -> None:
        chips = every_chip(state)
        assert len(chips) == self.box, "chips are conserved"
        duplicates = [c for c, k in Counter(chips).items() if k > 1]
        assert not duplicates, f"chips in two places at once: {duplicates}"
        view = state_to_dict(state) if events and events[-1]["event"] == "placed" else None
        for n, seat in enumerate(state.seats):
            assert seat.score >= self.scores[n] and seat.droplet >= self.droplets[n], "markers never go back"
            self.scores[n], self.droplets[n] = seat.score, seat.droplet
            assert self.tubes[n] <= seat.tube <= (catalog.LAST_GLASS if state.config.tubes else 0)
            self.tubes[n] = seat.tube
            assert seat.rubies >= 0 and seat.coins >= 0
            whites = sum(chip(c).value for c, _ in seat.pot if chip(c).color == "white")
            if view is not None:
                assert view["seats"][n]["white_total"] == whites
            if state.phase != "game_over" and state.phase != "fortune":
                safe = state.fortune == "B09"  # the chip placed for Strong Ingredient cannot explode the pot
                safe |= seat.patient == "ear-worm" and state.phase != "brewing"  # nor Ear worm's chips
                assert (seat.status == "exploded") == (whites > seat.threshold) or safe, \
                    "explodes exactly above the threshold"
                assert seat.status != "exploded" or whites > seat.threshold
            placed = [space for _, space in seat.pot]
            assert placed == sorted(set(placed)), "chips lie one after another, one per space"
            assert all(s <= catalog.LAST_CHIP_SPACE for s in placed)
            if state.phase == "brewing" and seat.patient != "witchs-hump":  # evaluation (or the hump's die) may
                # move the droplet past the chips
                assert all(seat.start_space < s for s in placed)
            preview = [d for d in state.decisions if d.seat == n and d.kind in ("blue.preview", "fortune.look")]
            assert not seat.hand or preview, "chips are held in the hand only while looking at them"


EDITIONS = list(catalog.EDITIONS)
EVERY_BOOK = {(color, set_no) for color in catalog.BOOK_COLORS for set_no in book_sets(color)}


def random_setup(game_no: int) -> GameConfig:
    """Game `game_no`'s players, start player, pot side, edition and books (dealt with its number)."""
    players = 2 + game_no % 3
    return GameConfig(players=tuple("ABCD"[:players]), start_player=game_no % players, tubes=game_no % 2 == 1,
                      books=deal(every_colour(RANDOM), random.Random(game_no)), edition=EDITIONS[game_no % len(EDITIONS)])


def test_three_hundred_random_games_keep_every_invariant():
    played = set()
    for game_no in range(300):
        config = random_setup(game_no)
        state, inputs = play_game(config, game_no, Invariants(config))
        assert state.phase == "game_over" and state.round == catalog.ROUNDS
        assert state.winners
        played |= set(config.books.items())
    assert played == EVERY_BOOK, "every colour's every set was played"


def test_random_games_with_fortune_teller_cards_keep_every_invariant():
    turned_up = Counter()
    played = set()
    for game_no in range(150):
        config = random_setup(10_000 + game_no)
        state, inputs = play_game(config, 10_000 + game_no, Invariants(config), cards=True)
        assert state.phase == "game_over" and state.winners
        assert len(state.cards_used) == catalog.ROUNDS == len(set(state.cards_used))
        turned_up.update(state.cards_used)
        played |= set(config.books.items())
    assert len(turned_up) == 24, "every card came up in some game"
    assert played == EVERY_BOOK, "every colour's every set was played with the cards"


BOOKS = st.fixed_dictionaries({color: st.sampled_from(book_sets(color)) for color in catalog.BOOK_COLORS})


def sets_2_to_4(n: int) -> dict[str, int]:
    """The n-th of the 27 ways to lay out blue, green and purple books of sets 2-4 (red and yellow: set 1)."""
    return {**{c: 1 for c in catalog.BOOK_COLORS}, "blue": 2 + n % 3, "green": 2 + n // 3 % 3, "purple": 2 + n // 9 % 3}


class Seen(Invariants):
    """The invariants, and every decision kind and event the games went through."""

    seen: Counter = Counter()

    def __call__(self, state, action, events) -> None:
        super().__call__(state, action, events)
        self.seen.update(d.kind for d in state.decisions)
        self.seen.update(e["event"] for e in events)
        self.seen.update("insured explosion" for e in events if e["event"] == "exploded" and e.get("insured"))


def test_random_games_with_blue_green_and_purple_books_of_sets_2_to_4_keep_every_invariant():
    Seen.seen = Counter()
    for game_no in range(54):
        players = 2 + game_no % 3
        config = GameConfig(players=tuple("ABCD"[:players]), start_player=game_no % players, tubes=game_no % 4 == 1,
                            books=sets_2_to_4(game_no))
        state, inputs = play_game(config, 20_000 + game_no, Seen(config), cards=game_no % 2 == 0)
        assert state.phase == "game_over" and state.winners
    every = {"insured", "insured explosion", "moved", "green.chip", "green.pay", "purple.trade", "purple.upgrade",
             "chip_removed"}
    assert every <= set(Seen.seen), f"never happened: {every - set(Seen.seen)}"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), supply=st.sampled_from(["A", "B"]), tubes=st.booleans(),
       cards=st.booleans(), books=BOOKS, edition=st.sampled_from(EDITIONS))
def test_a_transcript_replays_to_the_same_state(seed, players, supply, tubes, cards, books, edition):
    config = GameConfig(players=tuple(f"P{k}" for k in range(players)), supply=supply, tubes=tubes, books=books,
                        edition=edition)
    state, inputs = play_game(config, seed, cards=cards)
    text = format_transcript(config, inputs)
    again_config, again = parse_transcript(text)
    assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)


def test_random_games_on_the_test_tube_side_move_the_second_droplet():
    tubes = []
    for seed in range(20):
        state, _ = play_game(GameConfig(players=("A", "B", "C"), tubes=True), seed)
        tubes += [s.tube for s in state.seats]
    assert max(tubes) > 0


def test_quacks_simulate_plays_the_test_tube_side(capsys):
    from companion.cli import main

    assert main(["simulate", "--games", "3", "--players", "2", "--tubes", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["tubes"] is True and summary["games"] == 3 and summary["rounds_per_game"] == 9


def test_random_games_with_red_and_yellow_sets_2_to_4_keep_every_invariant():
    """Every pairing of the red and yellow books, with and without cards; each game replays from its transcript."""
    placed_from_aside = 0
    for game_no in range(96):
        players = 2 + game_no % 3
        books = {"green": 1, "blue": 1, "purple": 1, "red": 1 + game_no % 4, "yellow": 1 + game_no // 4 % 4}
        config = GameConfig(players=tuple("ABCD"[:players]), start_player=game_no % players,
                            tubes=game_no % 2 == 1, books=books)
        state, inputs = play_game(config, 20_000 + game_no, Invariants(config), cards=game_no % 3 == 0)
        assert state.phase == "game_over" and state.winners
        again_config, again = parse_transcript(format_transcript(config, inputs))
        assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)
        placed_from_aside += sum(1 for a in inputs if getattr(a, "keys", None) == ("place",))
    assert placed_from_aside, "red chips were placed from beside the pot"


def test_random_games_with_the_alchemists_keep_every_invariant_and_replay_from_their_transcript():
    """Every patient, with and without cards (the three flask cards among them), on both pot sides."""
    seen, cards = set(), set()
    for game_no in range(24):
        players = 2 + game_no % 3
        config = GameConfig(players=tuple("ABCD"[:players]), start_player=game_no % players, tubes=game_no % 2 == 1,
                            **deal_setup(every_colour(RANDOM), ["alchemists"], random.Random(game_no)))
        state, inputs = play_game(config, 30_000 + game_no, Invariants(config), cards=game_no % 2 == 0)
        assert state.phase == "game_over" and state.winners
        seen |= {s.patient for s in state.seats}
        cards |= set(state.cards_used)
        again_config, again = parse_transcript(format_transcript(config, inputs))
        assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)
    assert seen == set(PATIENTS), "every patient was treated"
    assert {"AB06", "AB07", "AB09"} <= cards, "the flask cards came up"
