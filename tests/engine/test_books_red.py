"""Red (toadstool) sets 2-4, scenario by scenario from the books' text (North Star Almanac)."""

from pathlib import Path

import pytest

from companion.engine import (
    Choose,
    Draw,
    Fortune,
    IllegalAction,
    Return,
    Stop,
    legal_actions,
    state_to_dict,
    step,
    view_for,
)
from companion.words import describe, render

from .scenario import (
    answer,
    books,
    decision,
    draw,
    draws,
    game,
    herb_witches,
    in_force,
    next_step,
    set_bag,
    spaces,
    stop,
)


def asides(state, seat):
    return [d for d in state.decisions if d.seat == seat and d.kind == "red.aside"]


def lines(events, state, lang="en"):
    return [describe(e, [s.name for s in state.seats], lang) for e in events]


class TestRedSet2:
    def test_a_drawn_red_chip_goes_beside_the_pot_not_into_it(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "white-1", "red-2", "orange-1")
        result = step(state, Draw(0, state.seats[0].bag[1]))
        red = result.state.seats[0].aside[0]
        assert red.startswith("red-2") and spaces(result.state, 0) == []
        assert lines(result.events, result.state) == ["Ann: draws red 2 → beside the pot"]
        assert view_for(result.state, 0)["seats"][0]["aside"] == [{"chip": red, "color": "red", "value": 2}]

    def test_after_stopping_each_red_chip_is_placed_kept_or_put_back(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "white-2", "red-1", "red-2", "red-4", "orange-1")
        state = draws(state, 0, "white-2", "red-1", "red-2", "red-4")
        assert not asides(state, 0), "nothing is asked while the seat is still drawing"
        state = stop(state, 0)
        questions = asides(state, 0)
        assert [d.data["chip"][:5] for d in questions] == ["red-1", "red-2", "red-4"]
        assert questions[0].keys() == ["place", "keep", "bag"]
        one, two, four = (d.id for d in questions)
        result = step(state, Choose(0, two, ("place",)))  # white 2 on space 2, then red 2 on 4
        assert lines(result.events, result.state) == ["Ann: places red 2 from beside the pot → space 4"]
        state = result.state
        result = step(state, Choose(0, four, ("keep",)))
        assert lines(result.events, result.state) == ["Ann: keeps red 4 beside the pot for a later round"]
        state = result.state
        state = step(state, Choose(0, one, ("bag",))).state
        assert spaces(state, 0) == [("white-2", 2), ("red-2", 4)]
        assert [c[:5] for c in state.seats[0].aside] == ["red-4"]
        assert any(c.startswith("red-1") for c in state.seats[0].bag)
        assert any(c.startswith("red-1") for c in state.seats[0].returning), "expected past the reader"

    def test_evaluation_waits_until_every_seat_has_decided(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-1", "white-1")
        state = draw(state, 0, "red-1")
        state = stop(stop(state, 0), 1)
        assert state.phase == "brewing" and state.blocking_decision(0) is not None
        state = answer(state, 0, "red.aside", "place")
        assert state.phase != "brewing"

    def test_an_exploded_pot_may_still_place_its_red_chips(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-4", "white-3", "white-3", "white-2")
        state = draws(state, 0, "red-4", "white-3", "white-3", "white-2")
        assert state.seats[0].status == "exploded"
        state = answer(state, 0, "red.aside", "place")
        assert spaces(state, 0)[-1] == ("red-4", 12) and state.seats[0].status == "exploded"
        assert state.seats[0].scoring_space == 13

    def test_a_kept_chip_stays_beside_the_pot_over_rounds_and_is_asked_about_again(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-2", "white-1")
        state = draw(state, 0, "red-2")
        red = state.seats[0].aside[0]
        state = stop(state, 0)
        state = answer(state, 0, "red.aside", "keep")
        state = stop(state, 1)
        while state.round == 1:
            state = next_step(state)
        seat = state.seats[0]
        assert seat.aside == [red] and red not in seat.bag and red not in seat.returning
        state = step(state, Fortune(None)).state
        state = stop(state, 0)
        assert decision(state, 0, "red.aside").data["chip"] == red
        state = answer(state, 0, "red.aside", "keep")
        assert state.seats[0].aside == [red]

    def test_a_kept_chip_never_placed_stays_out_of_the_bag_to_the_end(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-1", "white-1")
        state = draw(state, 0, "red-1")
        red = state.seats[0].aside[0]
        while state.phase != "game_over":
            keep = [d for d in state.decisions if d.kind == "red.aside"]
            if keep:
                state = step(state, Choose(keep[0].seat, keep[0].id, ("keep",))).state
            else:
                state = next_step(state)
        assert state.seats[0].aside == [red]
        assert red not in state.seats[0].bag

    def test_putting_a_chip_from_beside_the_pot_into_the_bag_at_any_time(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-1", "white-1", "orange-1")
        state = draw(state, 0, "red-1")
        red = state.seats[0].aside[0]
        assert Return(0, red) in legal_actions(state, 0)
        result = step(state, Return(0, red))
        seat = result.state.seats[0]
        assert red in seat.bag and red not in seat.returning and seat.aside == []
        assert lines(result.events, result.state) == ["Ann: puts back red 1 (from beside the pot)"]
        assert result.state.seats[0].status == "brewing"

    def test_putting_it_into_the_bag_after_stopping_answers_its_question(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-1", "white-1")
        state = stop(draw(state, 0, "red-1"), 0)
        red = state.seats[0].aside[0]
        state = step(state, Return(0, red)).state
        assert not asides(state, 0) and red in state.seats[0].bag

    def test_a_kept_chip_read_at_another_bag_is_refused_and_named(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-1", "white-1")
        state = draw(state, 0, "red-1")
        red = state.seats[0].aside[0]
        with pytest.raises(IllegalAction) as err:
            step(state, Draw(1, red))
        assert err.value.code == "not_in_bag" and "beside Ann's pot" in err.value.reason

    def test_a_full_pot_takes_no_more_red_chips(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "red-4", "red-4", "white-1")
        state = draws(state, 0, "red-4", "red-4")
        state.seats[0].droplet = 49  # the next chip of 4 reaches the last space
        state = stop(state, 0)
        first, second = asides(state, 0)
        state = step(state, Choose(0, first.id, ("place",))).state
        assert spaces(state, 0)[-1][1] == 52
        assert asides(state, 0)[0].keys() == ["keep", "bag"]

    def test_the_crow_skull_look_ahead_sets_a_chosen_red_chip_beside_the_pot(self):
        state = game(books=books(red=2))
        set_bag(state, 0, "blue-1", "red-2", "white-1")
        state = draws(state, 0, "blue-1", "red-2")
        red = state.seats[0].hand[0]
        state = answer(state, 0, "blue.preview", red)
        assert state.seats[0].aside == [red] and spaces(state, 0) == [("blue-1", 1)]


class TestRedSet3:
    def test_the_books_example_red_1_after_white_2_moves_3(self):
        state = game(books=books(red=3))
        set_bag(state, 0, "white-2", "red-1")
        state = draws(state, 0, "white-2", "red-1")
        assert spaces(state, 0) == [("white-2", 2), ("red-1", 5)]

    @pytest.mark.parametrize(("before", "extra"), [("white-1", 1), ("white-3", 3), ("orange-1", 0)])
    def test_only_a_white_chip_directly_before_adds_its_value(self, before, extra):
        state = game(books=books(red=3))
        set_bag(state, 0, before, "red-4")
        state = draws(state, 0, before, "red-4")
        placed = spaces(state, 0)
        assert placed[-1] == ("red-4", placed[0][1] + 4 + extra)

    def test_a_white_earlier_in_the_pot_does_not_count(self):
        state = game(books=books(red=3))
        set_bag(state, 0, "white-2", "orange-1", "red-1")
        state = draws(state, 0, "white-2", "orange-1", "red-1")
        assert spaces(state, 0)[-1] == ("red-1", 4)

    def test_the_seat_view_says_what_a_red_drawn_now_would_add(self):
        state = game(books=books(red=3))
        set_bag(state, 0, "white-3", "red-1")
        state = draw(state, 0, "white-3")
        assert in_force(state) == ["a red chip drawn now moves 3 more (the white chip before it)"]
        assert in_force(state, lang="es") == ["una ficha roja sacada ahora avanza 3 más (la ficha blanca de antes)"]


class TestRedSet4:
    def test_white_1_chips_move_2_once_a_red_chip_is_in_the_pot(self):
        state = game(books=books(red=4))
        set_bag(state, 0, "white-1", "red-1", "white-1", "white-2", "white-3")
        state = draws(state, 0, "white-1", "red-1", "white-1", "white-2")
        assert spaces(state, 0) == [("white-1", 1), ("red-1", 2), ("white-1", 4), ("white-2", 6)]

    def test_the_explosion_still_counts_a_white_1_chip_as_1(self):
        state = game(books=books(red=4))
        set_bag(state, 0, "red-1", "white-3", "white-3", "white-1", "white-1")
        state = draws(state, 0, "red-1", "white-3", "white-3", "white-1")
        assert state.seats[0].white_total == 7 and state.seats[0].status == "brewing"
        state = draw(state, 0, "white-1")
        assert state.seats[0].status == "exploded" and spaces(state, 0)[-1] == ("white-1", 11)

    def test_further_red_chips_add_nothing(self):
        state = game(books=books(red=4))
        set_bag(state, 0, "red-1", "red-1", "white-1")
        state = draws(state, 0, "red-1", "red-1", "white-1")
        assert spaces(state, 0) == [("red-1", 1), ("red-1", 2), ("white-1", 4)]
        assert in_force(state) == ["every white 1-chip moves 2 spaces"]
        assert in_force(state, lang="es") == ["cada ficha blanca de 1 avanza 2 casillas"]


def test_red_set_2_state_is_documented():
    view = state_to_dict(game(books=books(red=2)))
    assert {"aside", "in_force"} <= set(view["seats"][0])
    doc = (Path(__file__).parents[2] / "docs" / "state.md").read_text()
    assert "`in_force`" in doc and "red.aside" in doc


def test_the_red_set_2_question_and_lines_have_their_spanish_words():
    state = game(books=books(red=2))
    set_bag(state, 0, "red-1", "red-2", "white-1")
    drawn = step(state, Draw(0, next(c for c in state.seats[0].bag if c.startswith("red-1"))))
    assert lines(drawn.events, drawn.state, "es") == ["Ann: saca roja 1 → junto al caldero"]
    state = stop(draw(drawn.state, 0, "red-2"), 0)
    one, two = asides(state, 0)
    assert render(one.prompt, "es") == "Seta: la roja 1 junto a tu caldero: ¿colocarla, dejarla ahí o devolverla a la bolsa?"
    assert [render(o.label, "es") for o in one.options] == [
        "Colocarla ahora detrás de tu última ficha", "Dejarla junto al caldero para otra ronda", "Devolverla a la bolsa"]
    placed = step(state, Choose(0, one.id, ("place",)))
    assert lines(placed.events, placed.state, "es") == ["Ann: coloca roja 1 desde junto al caldero → casilla 1"]
    kept = step(placed.state, Choose(0, two.id, ("keep",)))
    assert lines(kept.events, kept.state, "es")[0] == "Ann: deja roja 2 junto al caldero para otra ronda"
    back = step(kept.state, Return(0, kept.state.seats[0].aside[0]))
    assert lines(back.events, back.state, "es") == ["Ann: devuelve roja 2 (de junto al caldero)"]
    assert render(state_to_dict(state)["books"]["red"]["text"], "es").startswith("Una ficha roja que saques va junto")


def red_witches(set_no, players=2):
    return game(players=players, **herb_witches(red=set_no))


class TestRedSet5:
    def test_a_red_chip_after_a_higher_red_chip_moves_that_higher_value(self):
        state = red_witches(5)
        set_bag(state, 0, "red-4", "red-1", "red-2", "white-1")
        state = draws(state, 0, "red-4", "red-1", "red-2")
        assert spaces(state, 0) == [("red-4", 4), ("red-1", 8), ("red-2", 12)]

    def test_a_higher_red_chip_after_a_lower_one_moves_its_own_value(self):
        state = red_witches(5)
        set_bag(state, 0, "red-1", "red-2", "white-1")
        state = draws(state, 0, "red-1", "red-2")
        assert spaces(state, 0) == [("red-1", 1), ("red-2", 3)]
        assert in_force(state) == ["a lower red chip drawn now moves 2"]


def aside_6(state, seat=0):
    return [d for d in state.decisions if d.seat == seat and d.kind == "red.place_aside"]


class TestRedSet6:
    def test_the_chip_drawn_after_a_red_chip_goes_beside_the_pot_and_can_be_placed_at_once(self):
        state = red_witches(6)
        set_bag(state, 0, "red-1", "orange-1", "white-1")
        state = draw(state, 0, "red-1")
        assert decision(state, 0, "red.draw_aside").blocking
        assert Stop(0) not in legal_actions(state, 0), "one more chip must be drawn first"
        state = draw(state, 0, "orange-1")
        orange = state.seats[0].aside[0]
        assert spaces(state, 0) == [("red-1", 1)] and orange.startswith("orange-1")
        offer = aside_6(state)[0]
        assert not offer.blocking and offer.keys() == ["place"]
        state = answer(state, 0, "red.place_aside", "place")
        assert spaces(state, 0) == [("red-1", 1), ("orange-1", 2)] and state.seats[0].aside == []

    def test_a_chip_left_beside_the_pot_must_be_placed_once_the_seat_stops_and_a_white_counts(self):
        state = red_witches(6)
        set_bag(state, 0, "red-1", "white-3", "white-3", "white-2", "orange-1")
        state = draws(state, 0, "red-1", "white-3", "white-3", "white-2")
        aside = state.seats[0].aside[0]
        assert aside_6(state) and not aside_6(state)[0].blocking, "the offer stands through later draws"
        with pytest.raises(IllegalAction):
            step(state, Return(0, aside))
        assert Return(0, aside) not in legal_actions(state, 0), "it must be placed, not put back"
        state = stop(state, 0)
        [must] = aside_6(state)
        assert must.blocking and must.keys() == ["place"], "the offer became a question"
        state = answer(state, 0, "red.place_aside", "place")
        assert state.seats[0].white_total == 8 and state.seats[0].status == "exploded"

    def test_the_chip_beside_the_pot_may_be_placed_after_later_draws(self):
        state = red_witches(6)
        set_bag(state, 0, "red-1", "orange-1", "white-1", "white-2", "white-1")
        state = draws(state, 0, "red-1", "orange-1", "white-1", "white-2")
        state = answer(state, 0, "red.place_aside", "place")
        assert [kind for kind, _ in spaces(state, 0)] == ["red-1", "white-1", "white-2", "orange-1"]
        assert state.seats[0].aside == [] and not aside_6(state)

    def test_the_offer_waits_while_another_book_has_the_seat_draw(self):
        """Yellow set 5 moves the yellow chip on by the next draw: the chip beside the pot may not be
        laid in between."""
        state = game(**herb_witches(red=6, yellow=5))
        set_bag(state, 0, "red-1", "white-2", "yellow-1", "orange-1", "white-1")
        state = draws(state, 0, "red-1", "white-2", "yellow-1")
        offer = aside_6(state)[0]
        assert Choose(0, offer.id, ("place",)) not in legal_actions(state, 0)
        with pytest.raises(IllegalAction, match="must first draw"):
            step(state, Choose(0, offer.id, ("place",)))
        state = draw(state, 0, "orange-1")
        state = answer(state, 0, "red.place_aside", "place")
        assert spaces(state, 0) == [("red-1", 1), ("yellow-1", 3), ("white-2", 5)]

    def test_it_is_placed_even_after_an_explosion(self):
        state = red_witches(6)
        set_bag(state, 0, "red-1", "orange-1", "white-3", "white-3", "white-2", "white-1")
        state = draws(state, 0, "red-1", "orange-1", "white-3", "white-3", "white-2")
        assert state.seats[0].status == "exploded"
        state = answer(state, 0, "red.place_aside", "place")
        assert [kind for kind, _ in spaces(state, 0)][-1] == "orange-1"

    def test_no_chip_is_set_aside_with_an_empty_bag(self):
        state = red_witches(6)
        set_bag(state, 0, "orange-1", "red-1")
        state = draws(state, 0, "orange-1", "red-1")
        assert state.seats[0].status == "stopped" and not state.decisions_for(0)
