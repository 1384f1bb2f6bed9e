"""The feed's words: spaces by their printed number, counts with the right noun in each language."""

from companion.engine import Choose, Draw, catalog, step
from companion.words import describe, render

from ..engine.scenario import decision, game, in_bag, set_bag
from ..engine.test_ear_worm import worm, worm_draws


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



def test_an_ear_worm_mandrake_s_question_and_its_no_are_told_in_english_and_spanish():
    state = worm("orange-1", "green-1", "black-1", bag=("white-1", "yellow-1"), space="3")
    state = worm_draws(state, "white-1", "yellow-1")
    asked = decision(state, 0, "ear_worm.chip")
    assert render(asked.prompt, "es") == "Mandrágora: ¿devolver la blanca 1 a la bolsa?"
    assert [render(o.label, "es") for o in asked.options] == \
        ["Devolver la blanca 1", "No: dejar sin usar la acción de la ficha amarilla 1"]
    assert [render(o.label, "en") for o in asked.options] == ["Put white 1 back", "No: leave the yellow 1's action"]
    events = step(state, Choose(0, asked.id, ("none",))).events
    passed = [e for e in events if e["event"] == "action_passed"]
    assert describe(passed[0], ["Ann", "Ben"]) == "Ann: leaves the action of yellow 1 unused (Ear worm)"
    assert describe(passed[0], ["Ana", "Ben"], "es") == \
        "Ana: deja sin usar la acción de la ficha amarilla 1 (Gusano en el oído)"


def test_an_ear_worm_crow_skull_s_look_is_told_in_english_and_spanish():
    state = worm("orange-1", bag=("blue-1", "red-1"))
    events = []
    for kind in ("blue-1", "red-1"):
        result = step(state, Draw(0, in_bag(state, 0, kind)))
        state, events = result.state, events + result.events
    result = step(state, Choose(0, decision(state, 0, "blue.preview").id, (state.seats[0].hand[0],)))
    lines = [describe(e, ["Ann", "Ben"], lang) for lang in ("en", "es") for e in events + result.events
             if e["event"] in ("placed", "revealed")]
    assert lines == ["Ann: looks at blue 1", "Ann: draws blue 1 → space 2", "Ann: looks at red 1",
                     "Ann: draws red 1 → space 4 (+1 extra)",
                     "Ann: mira azul 1", "Ann: saca azul 1 → casilla 2", "Ann: mira roja 1",
                     "Ann: saca roja 1 → casilla 4 (+1 extra)"]
