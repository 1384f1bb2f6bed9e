"""Blue, green and purple books of sets 2-4, every Herb Witches book, and The Alchemists, in Spanish:
every question and event of whole games."""

import random
from collections import Counter

from companion.autoplay import play_game
from companion.books import RANDOM, deal, every_colour
from companion.dealing import deal_setup
from companion.engine import GameConfig, state_to_dict
from companion.words import describe, localize

from ..engine.test_random_play import sets_2_to_4
from .test_catalogs import SpeaksSpanish


def test_every_question_and_event_of_the_later_books_reads_in_spanish():
    events, kinds = Counter(), Counter()
    for game_no in range(27):
        players = 2 + game_no % 3
        config = GameConfig(players=tuple(f"P{k}" for k in range(players)), books=sets_2_to_4(game_no))
        spanish = SpeaksSpanish(config)
        play_game(config, 700 + game_no, spanish, cards=game_no % 2 == 0)
        events += spanish.events
        kinds += spanish.kinds
    assert {"insured", "moved", "chip_removed", "rubies_paid"} <= set(events)
    assert {"green.chip", "green.pay", "purple.trade", "purple.upgrade"} <= set(kinds)


def test_a_purple_trade_and_the_insured_explosion_in_spanish_words():
    trade = {"id": "d1", "seat": 0, "kind": "purple.trade", "rule": "purple/2", "pick": [1, 1], "blocking": True,
             "prompt": {"msgid": "Ghost's breath: trade in purple chips from your pot?", "params": {}},
             "options": []}
    assert localize({"decisions": [trade]}, "es")["decisions"][0]["prompt"] == \
        "Aliento de fantasma: ¿cambiar fichas moradas de tu caldero?"
    exploded = {"event": "exploded", "seat": 0, "white_total": 8, "threshold": 7, "insured": True}
    assert describe(exploded, ["Ana"], "es") == ("Ana: EXPLOTA: blancas 8 > 7 (ventana de la calavera de cuervo: "
                                                "puntos de victoria y monedas)")
    moved = {"event": "moved", "seat": 0, "chip": "orange-1-01", "space": 20, "by": 6, "why": "garden spider"}
    assert describe(moved, ["Ana"], "es").startswith("Ana: naranja 1 avanza 6 casillas hasta la casilla 17")


def test_every_question_and_event_of_games_with_the_alchemists_reads_in_spanish():
    """Every patient's questions and the essence phase's events, and the patients laid out, in Spanish words."""
    events, kinds = Counter(), Counter()
    for game_no in range(12):
        players = 2 + game_no % 3
        config = GameConfig(players=tuple(f"P{k}" for k in range(players)),
                            **deal_setup(every_colour(RANDOM), ["alchemists"], random.Random(game_no)))
        spanish = SpeaksSpanish(config)
        state, _ = play_game(config, 900 + game_no, spanish, cards=game_no % 2 == 0)
        events += spanish.events
        kinds += spanish.kinds
        view = localize(state_to_dict(state), "es")
        assert all(isinstance(g["label"], str) and "{" not in g["label"] for p in view["patients"] for g in p["glasses"])
        assert all(isinstance(p["name"], str) and isinstance(p["text"], str) for p in view["patients"])
    assert {"patient", "essence", "essence_rat", "essence_spent", "laid_out"} <= set(events)
    assert {"patient", "essence.space", "patient.offer", "vampirism.buy", "chicken.swap"} <= set(kinds)
    line = describe({"event": "essence", "seat": 0, "space": 5}, ["Ana"], "es")
    assert line == "Ana: esencia: el marcador del matraz llega a la casilla 5"
    assert describe({"event": "patient", "seat": 0, "patient": "wing-ears"}, ["Ana"], "es") == \
        "Ana: trata a Orejas de soplillo"


def test_every_question_and_event_of_the_herb_witches_books_reads_in_spanish():
    events, kinds = Counter(), Counter()
    for game_no in range(24):
        players = 2 + game_no % 3
        config = GameConfig(players=tuple(f"P{k}" for k in range(players)), expansions=("witches",),
                            books=deal(every_colour(5 + game_no % 2), random.Random(game_no), ("witches",)))
        spanish = SpeaksSpanish(config)
        play_game(config, 900 + game_no, spanish, cards=game_no % 2 == 0)
        events += spanish.events
        kinds += spanish.kinds
    assert {"chip_given", "first_next_round", "set_aside", "moved", "rubies_paid"} <= set(events)
    assert {"green.first", "purple.spend", "red.draw_aside", "red.place_aside", "yellow.peek", "yellow.ruby"} <= set(kinds)
