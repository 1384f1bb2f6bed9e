"""Round 9's "Stir!": three seats draw at once, input by input, and the table sees whom the next
stir waits for (rulebook, the last potion phase; The Herb Witches' H-E2 in round 9)."""

from companion.engine import Fortune, step, view_for
from companion.engine.phases.stir import in_force, status

from .scenario import answer, at_round, decision, draw, draws, set_bag, stop
from .test_alchemists import nervous
from .test_books_red import red_witches
from .test_books_yellow import yellow_witches

WITCHES = ("H-E2", "H-B2", "H-G1")


def last_round(**setup):
    """Three seats brewing round 9 (no card): Ann's, Ben's and Cid's bags as each test sets them."""
    state = at_round(9, players=3, **setup)
    assert state.round == 9
    return step(state, Fortune(None)).state


def waits(state) -> dict[int, str]:
    return {w["seat"]: w["why"] for w in status(state)["waiting"]}


def test_the_stir_moves_on_only_when_every_brewing_seat_drew_or_stopped():
    state = last_round()
    for seat in range(3):
        set_bag(state, seat, "orange-1", "green-1", "red-1", "white-1")
    now = status(state)
    assert (now["chip"], now["ready"], now["waiting"]) == (1, True, []), "Stir! (chip 1)"
    state = draw(state, 0, "orange-1")
    assert status(state)["chip"] == 1 and waits(state) == {1: "draw", 2: "draw"}
    state = draw(state, 1, "green-1")
    assert waits(state) == {2: "draw"}
    state = stop(state, 2)  # Cid's empty hand
    now = status(state)
    assert (now["chip"], now["ready"], now["waiting"]) == (2, True, []), "Stir! (chip 2)"
    state = draw(state, 1, "orange-1")
    assert status(state)["chip"] == 2 and waits(state) == {0: "draw"}, "Cid has stopped: nobody waits for him"
    state = draw(state, 0, "green-1")
    assert status(state)["ready"] and status(state)["chip"] == 3
    assert status(state)["drawn"] == [2, 2, 0]


def test_an_exploded_seat_drops_out_of_the_stirs():
    state = last_round()
    for seat in (0, 2):
        set_bag(state, seat, "orange-1", "green-1", "red-1", "yellow-1", "orange-1")
    set_bag(state, 1, "white-3", "white-2", "white-3", "orange-1")
    for ann, ben, cid in (("orange-1", "white-3", "orange-1"), ("green-1", "white-2", "green-1")):
        state = draw(draw(draw(state, 0, ann), 1, ben), 2, cid)
    assert status(state)["ready"] and status(state)["chip"] == 3
    state = draw(draw(state, 0, "red-1"), 2, "red-1")
    assert waits(state) == {1: "draw"}
    state = draw(state, 1, "white-3")  # 3 + 2 + 3 = 8: Ben's pot explodes
    assert state.seats[1].status == "exploded"
    now = status(state)
    assert (now["chip"], now["ready"]) == (4, True), "Stir! (chip 4) for Ann and Cid"
    state = draw(state, 0, "yellow-1")
    assert waits(state) == {2: "draw"}, "nobody waits for an exploded pot"


def test_a_seat_drawing_two_chips_before_the_others_is_flagged_ahead():
    state = last_round()
    for seat in range(3):
        set_bag(state, seat, "orange-1", "green-1", "red-1")
    state = draws(state, 0, "orange-1")
    assert status(state)["ahead"] == [], "the first chip of a stir is not ahead"
    state = draws(state, 0, "green-1")
    now = status(state)
    assert now["chip"] == 1 and now["ahead"] == [{"seat": 0, "by": 1}]
    assert waits(state) == {1: "draw", 2: "draw"}, "a chip drawn ahead does not move the stir on"
    state = draws(state, 1, "orange-1")
    state = draws(state, 2, "orange-1")
    now = status(state)
    assert now["chip"] == 2 and now["ahead"] == [] and waits(state) == {1: "draw", 2: "draw"}, \
        "Ann's second chip is her chip of stir 2"


def test_a_crow_skull_look_is_part_of_the_draw_and_holds_the_stir():
    state = last_round()
    set_bag(state, 0, "blue-2", "orange-1", "green-1", "red-1")
    for seat in (1, 2):
        set_bag(state, seat, "orange-1", "green-1", "red-1")
    state = draw(state, 1, "orange-1")
    state = draw(state, 2, "orange-1")
    state = draw(state, 0, "blue-2")  # a crow skull 2: look at 2 chips
    assert waits(state) == {0: "look"}
    state = draws(state, 0, "orange-1", "green-1")
    assert status(state)["drawn"][0] == 1 and status(state)["ahead"] == [], "the chips looked at are that draw's"
    looked = decision(state, 0, "blue.preview")
    state = answer(state, 0, "blue.preview", looked.options[0].key)  # place one of them
    assert status(state)["ready"] and status(state)["chip"] == 2


def test_draw_six_holds_the_stir_until_the_six_are_placed_or_put_back():
    state = last_round(expansions=("witches",), witches=WITCHES)
    set_bag(state, 0, "orange-1", "green-1", "red-1", "yellow-1", "blue-1", "orange-1", "green-1")
    for seat in (1, 2):
        set_bag(state, seat, "orange-1", "green-1", "red-1")
    witch = next(d for d in state.decisions if d.seat == 0 and d.kind == "witch" and d.data["witch"] == "H-E2")
    state = answer(state, 0, "witch", witch.options[0].key)  # Ann calls "Draw six": her chip of stir 1
    assert waits(state) == {0: "draw_six", 1: "draw", 2: "draw"}
    state = draw(state, 1, "orange-1")
    state = draw(state, 2, "orange-1")
    assert waits(state) == {0: "draw_six"}, "the others wait for Ann"
    state = draws(state, 0, "orange-1", "green-1", "red-1", "yellow-1", "blue-1", "orange-1")
    assert status(state)["drawn"][0] == 1 and waits(state) == {0: "draw_six"}
    state = answer(state, 0, "witch.look", next(c for c in state.seats[0].hand if c.startswith("orange")))
    assert waits(state) == {0: "draw_six"}, "placing one of the six: she may place another"
    state = answer(state, 0, "witch.look", "none")  # the rest go back into the bag
    now = status(state)
    assert (now["chip"], now["ready"], now["ahead"]) == (2, True, []), "Stir! (chip 2)"


def test_the_stir_is_in_the_views_only_while_seats_brew():
    state = last_round()
    assert view_for(state)["stir"]["chip"] == 1
    for seat in range(3):
        state = stop(state, seat)
    assert state.phase != "brewing" or view_for(state)["stir"] is None


def test_the_setting_says_which_rounds_are_stirred():
    assert [in_force("round9", r) for r in (1, 8, 9)] == [False, False, True]
    assert [in_force("always", r) for r in (1, 9)] == [True, True]
    assert [in_force("off", r) for r in (1, 9)] == [False, False]


def test_the_chip_a_book_has_drawn_next_is_that_seats_next_chip():
    """Yellow set 5 moves the yellow chip on by the next chip's value; red set 6 sets the next chip
    beside the pot: each of those chips is a chip taken out, and laying the red 6's chip is not."""
    state = yellow_witches(5)
    set_bag(state, 0, "yellow-1", "red-4", "white-1")
    state = draw(state, 0, "yellow-1")
    assert status(state)["drawn"][0] == 1 and waits(state) == {1: "draw"}, \
        "the yellow's chip is Ann's chip of the next stir, not a look holding this one"
    state = draw(state, 0, "red-4")
    assert status(state)["drawn"][0] == 2 and status(state)["ahead"] == [{"seat": 0, "by": 1}]

    state = red_witches(6)
    set_bag(state, 0, "red-1", "orange-1", "white-1")
    state = draws(state, 0, "red-1", "orange-1")
    assert status(state)["drawn"][0] == 2
    state = answer(state, 0, "red.place_aside", "place")
    assert status(state)["drawn"][0] == 2, "laying the chip beside the pot takes nothing out"


def test_a_chip_laid_out_by_nervousness_and_placed_is_a_chip_taken_out_but_the_look_is_not():
    state = nervous("green-2", bag=("orange-1", "white-1"))
    assert status(state)["drawn"][0] == 0, "the patient's look opens the round, before any stir"
    state = answer(state, 0, "patient.offer", state.seats[0].laid_out[0])
    assert status(state)["drawn"][0] == 1
    state = draw(state, 0, "orange-1")
    assert status(state)["drawn"][0] == 2
