"""The data tables against shared/game-data/game-data.json, and against the rulebooks' figures."""

import json

import pytest

from companion.engine import CARDS, OTHER_TITLES, catalog

from .shared import shared_file

GAME_DATA = shared_file("game-data", "game-data.json")


@pytest.fixture(scope="module")
def data():
    if GAME_DATA is None:
        pytest.skip("shared/game-data is not beside this checkout")
    return json.loads(GAME_DATA.read_text())


def test_pot_track_matches_game_data(data):
    assert [(s.index, s.coins, s.vp, s.ruby) for s in catalog.POT_TRACK] == [
        (p["space"], p["coins"], p["vp"], p["ruby"]) for p in data["pot_track"]
    ]


def test_rat_tails_and_die_match_game_data(data):
    assert sorted(catalog.RAT_TAILS) == data["rat_tails"] and catalog.RAT_TAIL_LAP == data["rat_tail_lap"]
    assert [(f.face, f.kind, f.amount) for f in catalog.BONUS_DIE] == [
        (f["face"], f["type"], f.get("amount", 1)) for f in data["bonus_die"]
    ]


def test_fortune_teller_cards_match_game_data(data):
    """The base game's 24 cards; the expansions' cards are checked against expansions.md in their own tests."""
    cards = {c["id"]: c for c in data["fortune_teller_cards"]}
    base = [card for card in CARDS.values() if card.box is None]  # the data file holds the base game's
    assert list(cards) == [card.id for card in base]
    for card in base:
        row = cards[card.id]
        assert row["kind"] == card.kind and row["name_or_summary"].startswith(card.name)
        assert row["name_alt_edition"].lower() in {t.lower() for t in (card.name, *OTHER_TITLES.get(card.id, ()))}


def test_rulebook_figures():
    track = catalog.POT_TRACK
    assert {(s.coins, s.vp) for s in track[15:17]} == {(15, 3)}  # "coin 15 gives 3 VP"
    assert (track[53].coins, track[53].vp) == (35, 15)  # the spoon
    assert sum(catalog.SUPPLIES["A"].values()) == 215  # "215 ingredient chips"
    assert catalog.PRICES[("green", 1)] == {1: 4, 2: 8, 4: 14}  # Nina buys a green 2 for 8
    assert catalog.PRICES[("blue", 1)][2] == 10  # and a blue 2 for 10


def test_test_tubes_match_game_data(data):
    assert [(g.kind, g.amount if g.kind != "chip" else 1, g.color or None, g.amount if g.kind == "chip" else None)
            for g in catalog.TEST_TUBES[1:]] == [
        (t["type"], t.get("amount", 1), t.get("color"), t.get("value")) for t in data["test_tubes"]
    ]
