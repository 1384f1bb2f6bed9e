"""The table's view keeps each seat's part while the seat is unchanged, and each seat's view its
inputs while they are the same: the kept parts are exactly the parts made afresh, after every
input of whole seeded games."""

import random
from collections import Counter
from dataclasses import fields

import pytest

from companion.autoplay import play_game
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog, seat_part, view_for
from companion.engine.model import Seat
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.seats import SeatActions, TableSeats
from companion.words import localize

from ..advice.test_outlook import WHOLE_GAMES  # the same games as the kept outlooks'
from ..engine.scenario import books, draw, game, set_bag
from .conftest import PIN


@pytest.mark.parametrize("name", list(WHOLE_GAMES))
def test_every_kept_seat_is_the_seat_made_afresh_after_every_input_of_a_whole_game(name):
    """In English and in Spanish, over whole seeded games with the cards, random books, the tubes
    and every expansion; most inputs are one seat's, so most seats are kept."""
    players, seed, tubes, expansions = WHOLE_GAMES[name]
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, expansions, random.Random(seed))
    seats, kept = TableSeats(), Counter()

    def check(state, action, events):
        for lang in ("en", "es"):
            before = [seats._kept.get((lang, n), (None, None, None))[2] for n in range(len(state.seats))]
            made = seats(state, lang)
            assert made == localize(view_for(state), lang)["seats"], f"{lang} after {action}"
            kept.update(now is then for now, then in zip(made, before, strict=True))

    play_game(GameConfig(players=players, tubes=tubes, **setup), seed, on_step=check, cards=True)
    assert kept[True] > kept[False], "another seat's input leaves a seat as it was: it is kept"


def test_a_seat_is_kept_over_another_seats_draw_and_made_again_after_its_own_or_a_chip_put_into_its_bag():
    state = game(books=books())
    set_bag(state, 0, "orange-1", "white-1")
    set_bag(state, 1, "white-2", "white-3")
    seats = TableSeats()
    first = seats(state, "en")
    assert first[0]["bag"] == {"count": 2, "chips": {"orange-1": 1, "white-1": 1}}
    state = draw(state, 1, "white-2")
    after = seats(state, "en")
    assert after[0] is first[0] and after[1] is not first[1]
    assert after[1]["pot"][-1]["chip"].startswith("white-2") and after[1]["white_total"] == 2
    state.seats[0].put_in_bag([state.supply["white-3"].pop(0)])  # as black set 5 gives a neighbour a chip
    assert seats(state, "en")[0]["bag"] == {"count": 3, "chips": {"orange-1": 1, "white-1": 1, "white-3": 1}}
    state = draw(state, 0, "orange-1")
    assert seats(state, "en")[0]["pot"][-1]["color"] == "orange"


@pytest.mark.parametrize("name", list(WHOLE_GAMES))
def test_every_seats_kept_inputs_are_the_inputs_made_afresh_after_every_input_of_a_whole_game(name):
    """The inputs a seat's phone offers (draw, stop, the choices of its questions, the shop) after
    every input of whole seeded games are those the engine accepts then; most are kept."""
    players, seed, tubes, expansions = WHOLE_GAMES[name]
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, expansions, random.Random(seed))
    actions, kept = SeatActions(), Counter()

    def check(state, action, events):
        for n in range(len(state.seats)):
            before = actions._kept.get(n, (None, None))[1]
            made = actions(state, n)
            assert made == seat_part(state, n)["actions"], f"seat {n} after {action}"
            kept[made is before] += 1

    play_game(GameConfig(players=players, tubes=tubes, **setup), seed, on_step=check, cards=True)
    assert kept[True] > kept[False], "another seat's input mostly leaves a seat's inputs as they were: they are kept"


def test_a_seats_copy_holds_every_field_of_the_seat_and_shares_none_of_its_lists():
    """The kept seats and outlooks compare the seat with a copy of it (`Seat.clone`), so a field
    the copy left out would let a changed seat pass for the same: every field is set here to a
    value of its own, and the copy must hold each, in lists and dicts of its own."""
    seat = Seat("Ann", 1, 7)
    for f in fields(Seat):
        mark = object()
        value = getattr(seat, f.name)
        setattr(seat, f.name, [mark] if isinstance(value, list) else {"k": mark} if isinstance(value, dict) else mark)
    copy = seat.clone()
    for f in fields(Seat):
        assert getattr(copy, f.name) == getattr(seat, f.name), f"Seat.clone() leaves out {f.name}"
        if isinstance(getattr(seat, f.name), list | dict):
            assert getattr(copy, f.name) is not getattr(seat, f.name), f"Seat.clone() shares {f.name}"
    assert copy == seat


def test_the_table_view_made_with_its_setup_kept_is_the_view_made_afresh_over_games_of_different_setups(tmp_path):
    """The books, the patients, the box: made once per game and language, as long as the game
    lasts; the table's view made with them is the view made afresh, in English and in Spanish,
    after every input of one whole game and then of another, with every expansion."""
    setups = [(players, tubes, deal_setup({color: "random" for color in catalog.BOOK_COLORS}, expansions,
                                          random.Random(seed)), seed)
              for players, seed, tubes, expansions in (WHOLE_GAMES["four players, random books"],
                                                       WHOLE_GAMES["five players, every expansion"])]
    players, tubes, setup, _ = setups[0]
    table = start_game(Database(tmp_path / "game.sqlite3"), TableSetup(GameConfig(players=players, tubes=tubes, **setup)))
    game = create_app(table, host_pin=PIN, secret_key="s").extensions["companion.game"]
    ours = ("paused", "draws", "stir")  # the table's own, besides the state's

    def check(state, action, events):
        state = state.clone()  # the table's state after an input is a new one; the game played here changes its own
        for lang in ("en", "es"):
            made = {k: v for k, v in game.common(state, lang).items() if k not in ours}
            assert made == {k: v for k, v in localize(view_for(state), lang).items() if k not in ours}, \
                f"{lang} after {action}"

    for players, tubes, setup, seed in setups:
        play_game(GameConfig(players=players, tubes=tubes, **setup), seed, on_step=check, cards=True)
    table.close()
