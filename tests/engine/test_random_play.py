"""Fuzz: hundreds of complete random games, with the game's invariants checked after every input.

Every game deals its own books (a set per colour among those the engine has, seeded by the game)
and edition, so every colour's every set is played with every other's in some game.
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.autoplay import RandomPlayer, play_game
from companion.books import RANDOM, deal, every_colour
from companion.dealing import deal_setup, deal_witches
from companion.engine import (
    GameConfig,
    apply,
    catalog,
    format_transcript,
    new_game,
    parse_transcript,
    replay,
    state_to_dict,
)
from companion.engine.cards import CARDS
from companion.engine.expansions.alchemists.patients import PATIENTS
from companion.engine.model import chip


def every_chip(state) -> list[str]:
    found = [cid for ids in state.supply.values() for cid in ids]
    for seat in state.seats:
        in_pot = [cid for cid, _ in seat.pot]
        found += seat.bag + seat.hand + seat.aside + seat.bowl + seat.laid_out + in_pot + [c for c in seat.first if c not in in_pot]
    return found


class Invariants:
    def __init__(self, config: GameConfig) -> None:
        self.box = sum(catalog.box(config.supply, config.expansions).values())
        self.scores = [0] * len(config.players)
        self.droplets = [0] * len(config.players)
        self.tubes = [0] * len(config.players)
        self.stands = [0] * len(config.players)

    def __call__(self, state, action, events) -> None:
        chips = every_chip(state)
        assert len(chips) == self.box, "chips are conserved"
        duplicates = [c for c, k in Counter(chips).items() if k > 1]
        assert not duplicates, f"chips in two places at once: {duplicates}"
        view = state_to_dict(state) if events and events[-1]["event"] == "placed" else None
        for n, seat in enumerate(state.seats):
            tipple = state.fortune == "AP10"  # A powerful tipple trades droplet spaces for a chip
            assert seat.score >= self.scores[n] and (seat.droplet >= self.droplets[n] or tipple), "markers never go back"
            self.scores[n], self.droplets[n] = seat.score, seat.droplet
            assert self.tubes[n] <= seat.tube <= (catalog.LAST_GLASS if state.config.tubes else 0)
            self.tubes[n] = seat.tube
            assert self.stands[n] <= seat.stand <= (catalog.LAST_STAND_TUBE if state.config.has("exchange") else 0)
            self.stands[n] = seat.stand
            assert seat.rubies >= 0 and seat.coins >= 0
            assert len(set(seat.pennies)) == len(seat.pennies) <= (3 if state.config.has("witches") else 0)
            whites = sum(chip(c).value for c in [c for c, _ in seat.pot] + seat.bowl if chip(c).color == "white")
            assert seat.white_total == whites, "the white total kept as chips come and go is the whites counted"
            assert not seat.bowl or seat.last_space == catalog.LAST_CHIP_SPACE, \
                "chips go into the overflow bowl only once a chip lies on the last space"
            assert not seat.bowl or state.config.has("witches")
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
            preview = [d for d in state.decisions if d.seat == n and d.kind in ("blue.preview", "fortune.look", "witch.look")]
            assert not seat.hand or preview, "chips are held in the hand only while looking at them"


EDITIONS = list(catalog.EDITIONS)
EVERY_BOOK = {(color, set_no) for color in catalog.BOOK_COLORS for set_no in catalog.BASE_SETS}
WITCHES_BOOKS = {(color, set_no) for color in (*catalog.BOOK_COLORS, "black") for set_no in catalog.WITCHES_SETS}


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


BOOKS = st.fixed_dictionaries({color: st.sampled_from(catalog.BASE_SETS) for color in catalog.BOOK_COLORS})


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


def laid_out(expansions: tuple[str, ...], seed: int) -> tuple[str, ...]:
    """With The Alchemists, three patients drawn by `seed`; none without."""
    return tuple(random.Random(seed).sample(sorted(PATIENTS), 3)) if "alchemists" in expansions else ()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), supply=st.sampled_from(["A", "B"]), tubes=st.booleans(),
       cards=st.booleans(), books=BOOKS, edition=st.sampled_from(EDITIONS),
       expansions=st.sampled_from([(), ("exchange",), ("alchemists",), ("alchemists", "exchange")]),
       stand=st.sampled_from(catalog.STAND_SIDES))
def test_a_transcript_replays_to_the_same_state(seed, players, supply, tubes, cards, books, edition, expansions, stand):
    config = GameConfig(patients=laid_out(expansions, seed), players=tuple(f"P{k}" for k in range(players)), supply=supply, books=books, edition=edition,
                        tubes=tubes and "exchange" not in expansions, expansions=expansions, stand=stand)
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


def test_random_games_with_the_exchange_office_and_the_alchemists_cards_keep_every_invariant():
    """Both sides of the stand, with and without The Alchemists' cards; each game replays from its transcript."""
    turned_up, stands, bought, divided = Counter(), [], 0, 0
    for game_no in range(90):
        players = 2 + game_no % 3
        expansions = ("exchange", "alchemists") if game_no % 3 else ("exchange",)
        config = GameConfig(patients=laid_out(expansions, game_no), players=tuple("ABCD"[:players]), start_player=game_no % players, expansions=expansions,
                            stand=catalog.STAND_SIDES[game_no % 2],
                            books=deal(every_colour(RANDOM), random.Random(game_no)))
        state, inputs = play_game(config, 30_000 + game_no, Invariants(config), cards=game_no % 5 != 0)
        assert state.phase == "game_over" and state.winners
        again_config, again = parse_transcript(format_transcript(config, inputs))
        assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)
        turned_up.update(state.cards_used)
        stands += [s.stand for s in state.seats]
        bought += sum(1 for a in inputs if getattr(a, "color", None) == "points")
        divided += sum(s.final_points.get("stand", 0) for s in state.seats)
        assert all(("stand" in s.final_points) == (config.stand == "brown") for s in state.seats)
    assert max(stands) > 0 and bought and divided, "stand droplets moved, points were bought and divided"
    assert {c for c in turned_up if c.startswith("A")} == {c for c, card in CARDS.items()
                                                           if card.box == "alchemists" and card.needs != "witches"}


def test_quacks_simulate_plays_the_exchange_office(capsys):
    from companion.cli import main

    assert main(["simulate", "--games", "3", "--players", "3", "--expansions", "exchange", "--stand", "brown",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["expansions"] == ["exchange"] and summary["stand"] == "brown" and summary["rounds_per_game"] == 9


WITCHES_MIXES = (("witches",), ("alchemists", "witches"), ("exchange", "witches"), ("alchemists", "exchange", "witches"))


def test_random_games_with_the_herb_witches_books_keep_every_invariant_and_replay():
    """Books dealt from sets 1-6 (black: its base book, set 5 or 6), with and without cards, with
    every expansion mix that holds The Herb Witches; each game replays from its transcript."""
    played, given, aside = set(), 0, 0
    for game_no in range(120):
        players = 2 + game_no % 4
        expansions = WITCHES_MIXES[game_no % len(WITCHES_MIXES)]
        config = GameConfig(patients=laid_out(expansions, game_no), players=tuple("ABCDE"[:players]), start_player=game_no % players,
                            tubes=game_no % 2 == 1 and "exchange" not in expansions, expansions=expansions,
                            books=deal(every_colour(RANDOM), random.Random(30_000 + game_no), expansions),
                            edition=EDITIONS[game_no % len(EDITIONS)])
        state, inputs = play_game(config, 30_000 + game_no, Invariants(config), cards=game_no % 3 == 0)
        assert state.phase == "game_over" and state.winners
        again_config, again = parse_transcript(format_transcript(config, inputs))
        assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)
        played |= set(config.books.items())
        given += sum(1 for s in state.seats for c in s.bag if chip(c).color == "black") * (config.books.get("black") == 5)
        aside += sum(1 for a in inputs if getattr(a, "keys", None) == ("place",)) * (config.books["red"] == 6)
    assert WITCHES_BOOKS <= played, f"never played: {WITCHES_BOOKS - played}"
    assert given and aside, "black chips went to a neighbour and set-aside chips were placed"


def test_random_games_with_the_overflow_bowl_and_locoweed_keep_every_invariant():
    """The Herb Witches (2-5 players) and The Alchemists' locoweed, every locoweed book, with and
    without cards; every game replays from its transcript. Every other game the pots explode only
    above 20 (the `threshold` setting), so that they fill and chips go into the bowl."""
    Seen.seen = Counter()
    played = set()
    for game_no in range(60):
        expansions = (("witches",), ("alchemists",), ("alchemists", "witches"))[game_no % 3]
        players = 2 + game_no % 4 if "witches" in expansions else 2 + game_no % 3
        config = GameConfig(patients=laid_out(expansions, game_no), players=tuple("ABCDE"[:players]), start_player=game_no % players,
                            tubes=game_no % 4 == 1, expansions=expansions, threshold=20 if game_no % 2 else 7,
                            books={**deal(every_colour(RANDOM), random.Random(game_no)),
                                   "locoweed": random.Random(game_no).choice(catalog.locoweed_sets(expansions))})
        state, inputs = play_game(config, 30_000 + game_no, Seen(config), cards=game_no % 2 == 0)
        assert state.phase == "game_over" and state.winners
        again_config, again = parse_transcript(format_transcript(config, inputs))
        assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)
        played.add(config.books["locoweed"])
    assert played == set(catalog.LOCOWEED_SETS), "every locoweed book was played"
    every = {"bowl", "last_space", "locoweed.return"}
    assert every <= set(Seen.seen), f"never happened: {every - set(Seen.seen)}"


class Witched(Invariants):
    """The invariants, and which witches were called and which witch cards came up."""

    called: Counter = Counter()

    def __call__(self, state, action, events) -> None:
        super().__call__(state, action, events)
        self.called.update(e["witch"] for e in events if e["event"] == "witch")
        self.called.update(e["event"] for e in events if e["event"] in ("witch_visits", "penny_back", "penny_given"))


def test_random_games_with_the_herb_witches_keep_every_invariant_and_replay():
    """Every witch is called in some game, with and without the cards (and The Alchemists' witch
    cards), on both sides of the pots, 2 to 5 players: 80 games, and on until each has happened
    (a rare one, such as the witch of a full flask after an explosion, may need more)."""
    Witched.called = Counter()
    every = {f"H-{t}{k}" for t in "EBG" for k in range(1, 5)} | {"witch_visits", "penny_given"}
    game_no = -1
    while (game_no := game_no + 1) < 80 or not every <= set(Witched.called) and game_no < 240:
        players = 2 + game_no % 4
        config = GameConfig(patients=laid_out(("alchemists",) if game_no % 3 == 0 else (), game_no), players=tuple("ABCDE"[:players]), start_player=game_no % players, tubes=game_no % 2 == 1,
                            books=deal(every_colour(RANDOM), random.Random(game_no)),
                            expansions=("alchemists", "witches") if game_no % 3 == 0 else ("witches",),
                            witches=deal_witches((), random.Random(game_no)))
        state, inputs = play_game(config, 30_000 + game_no, Witched(config), cards=game_no % 2 == 0)
        assert state.phase == "game_over" and state.winners
        assert all(s.final_points["pennies"] == 2 * len(s.pennies) for s in state.seats), "2 points a penny"
        if game_no % 10 == 0:
            again_config, again = parse_transcript(format_transcript(config, inputs))
            assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)
    assert every <= set(Witched.called), f"never happened: {every - set(Witched.called)}"



def _white_ones_moved(config: GameConfig, seed: int, other: GameConfig) -> list[int]:
    """How far past its value each white 1-chip laid after a red chip moved, in a game of `config`
    played input by input in turn with a game of `other` (so the engine switches setups all along)."""
    games = [(config, new_game(config), RandomPlayer(seed)), (other, new_game(other), RandomPlayer(seed + 1))]
    found = []
    while games[0][1].phase != "game_over":
        for table, state, player in games:
            if state.phase == "game_over":
                continue
            for e in apply(state, player.choose(state)):
                seat = state.seats[e["seat"]] if e["event"] == "placed" else None
                if table is config and seat and e["chip"].startswith("white-1-") \
                        and any(cid.startswith("red-") for cid, _ in seat.pot[:-1]):
                    found.append(e["extra"])
    return found


def test_two_tables_played_in_turn_each_moves_chips_by_its_own_books():
    """The engine keeps what it works out from a setup (the books on the table, the overflow bowl)
    for the setup last asked about, and a server runs several tables at once. Fed one input each
    in turn, a table with red set 4 moves every white 1-chip laid after a red chip 2 spaces (1
    more than its value), and one with red set 1 beside it moves them 1 (rulebook, red sets 1, 4)."""
    red_4 = GameConfig(players=("Ann", "Ben", "Cid"), books={**{c: 1 for c in catalog.BOOK_COLORS}, "red": 4})
    red_1 = GameConfig(players=("Dee", "Eve"), expansions=("witches",))
    for seed in range(3):
        four, one = _white_ones_moved(red_4, 10 * seed, red_1), _white_ones_moved(red_1, 10 * seed + 5, red_4)
        assert four and set(four) == {1}
        assert one and set(one) == {0}
