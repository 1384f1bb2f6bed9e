"""The feed's words: spaces by their printed number, counts with the right noun in each language."""

from companion.engine import Draw, catalog, step
from companion.words import describe

from ..engine.scenario import game, set_bag


def test_a_chip_far_in_the_pot_is_named_by_the_number_printed_on_its_space():
    state = game()
    state.seats[0].droplet = 16
    set_bag(state, 0, "orange-1", "green-1")
    events = []
    for cid in list(state.seats[0].bag):
        result = step(state, Draw(0, cid))
        state, events = result.state, events + result.events
    spaces = [e["space"] for e in events if e["event"] == "placed"]
    assert spaces == [17, 18]
    assert catalog.POT_TRACK[18].coins == 16
    lines = [describe(e, ["Ann", "Ben"]) for e in events if e["event"] == "placed"]
    assert lines[1].endswith("→ space 16"), "the pot prints 16 on the 19th space"


def test_one_ruby_one_coin_and_one_space_are_singular():
    names = ["Ann"]
    assert describe({"event": "rubies", "seat": 0, "amount": 1, "why": "scoring space"}, names) == \
        "Ann: +1 ruby (scoring space)"
    assert describe({"event": "rubies", "seat": 0, "amount": 2, "why": "scoring space"}, names) == \
        "Ann: +2 rubies (scoring space)"
    assert describe({"event": "coins", "seat": 0, "amount": 1}, names) == "Ann: 1 coin"
    assert describe({"event": "points", "seat": 0, "amount": 1, "why": "hawkmoth"}, names) == \
        "Ann: +1 victory point (hawkmoth)"
    assert describe({"event": "rat", "seat": 0, "tails": 1, "space": 18}, names) == \
        "Ann: rat stone 1 space past the droplet (space 16)"


def test_spanish_counts_take_the_singular_for_one_and_the_plural_otherwise():
    names = ["Ana"]
    assert describe({"event": "rubies", "seat": 0, "amount": 1, "why": "scoring space"}, names, "es") == \
        "Ana: +1 rubí (casilla de puntuación)"
    assert describe({"event": "rubies", "seat": 0, "amount": 2, "why": "scoring space"}, names, "es") == \
        "Ana: +2 rubíes (casilla de puntuación)"
    assert describe({"event": "points", "seat": 0, "amount": 1, "why": "hawkmoth"}, names, "es") == \
        "Ana: +1 punto de victoria (esfinge de la calavera)"
    assert describe({"event": "coins", "seat": 0, "amount": 0}, names, "es") == "Ana: 0 monedas"
    assert describe({"event": "rat", "seat": 0, "tails": 3, "space": 18}, names, "es") == \
        "Ana: piedra de rata 3 casillas tras la gota (casilla 16)"

