"""The later books on the seat page: a choice in step B in the engine's words, the blue insurance."""

from __future__ import annotations

from companion.engine import GameConfig, catalog
from companion.engine.model import chip
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN
from .screens import PHONE, submit, wait_guide


def test_green_set_4_asks_on_the_seat_page_whether_to_pay_a_ruby_for_a_droplet_step(browser, tmp_path, artifacts):
    books = {**{c: 1 for c in catalog.BOOK_COLORS}, "green": 4}
    db = Database(tmp_path / "game.sqlite3")
    table = start_game(db, TableSetup(GameConfig(players=("Ana", "Ben"), books=books), {"bag-0": 0, "bag-1": 1}))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    try:
        ana = browser.new_context(**PHONE).new_page()
        ana.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        submit(table, {"kind": "fortune", "card": None})
        for kind in ("orange-1", "green-1"):  # Ana's green 1 is her last chip
            cid = next(c for c in table.state.seats[0].bag if chip(c).kind == kind)
            submit(table, {"kind": "draw", "seat": 0, "chip": cid})
        submit(table, {"kind": "stop", "seat": 0})
        submit(table, {"kind": "stop", "seat": 1})
        die = next(d for d in table.state.decisions if d.kind == "bonus_die")
        submit(table, {"kind": "choose", "seat": die.seat, "decision": die.id, "keys": ["1"]})

        wait_guide(ana, "Garden spider: pay rubies to move your droplet?")
        options = ana.locator("[data-kind='green.pay'] [data-option]").all_inner_texts()
        assert options == ["Pay 1 ruby: droplet 1 space forward", "Pay nothing"]
        ana.screenshot(path=str(artifacts / "book-green-4.png"))
        ana.click("[data-kind='green.pay'] [data-option='1']")
        ana.wait_for_function("!document.querySelector(\"[data-kind='green.pay']\")")
        assert (table.state.seats[0].rubies, table.state.seats[0].droplet) == (0, 1)
    finally:
        srv.stop()
        table.close()
        db.close()


def draw(table, seat: int, kind: str) -> None:
    cid = next(c for c in table.state.seats[seat].bag if chip(c).kind == kind)
    submit(table, {"kind": "draw", "seat": seat, "chip": cid})


def test_blue_set_2_shows_the_insured_draws_and_an_explosion_that_keeps_both(browser, tmp_path, artifacts):
    books = {**{c: 1 for c in catalog.BOOK_COLORS}, "blue": 2}
    db = Database(tmp_path / "game.sqlite3")
    table = start_game(db, TableSetup(GameConfig(players=("Ana", "Ben"), books=books), {"bag-0": 0, "bag-1": 1}))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    try:
        # Round 1: Ana reaches 7 coins and buys a blue 1-chip.
        submit(table, {"kind": "fortune", "card": None})
        for kind in ("white-3", "white-2", "orange-1"):
            draw(table, 0, kind)
        submit(table, {"kind": "stop", "seat": 0})
        submit(table, {"kind": "stop", "seat": 1})
        die = next(d for d in table.state.decisions if d.kind == "bonus_die")
        submit(table, {"kind": "choose", "seat": die.seat, "decision": die.id, "keys": ["1"]})
        submit(table, {"kind": "buy", "seat": 0, "color": "blue", "value": 1})
        while table.state.phase != "fortune":
            seat = next(n for n, s in enumerate(table.state.seats) if not s.done)
            submit(table, {"kind": "done", "seat": seat})
        # Round 2: whites 3 + 2 + 2, then the blue 1 covers the next draw.
        submit(table, {"kind": "fortune", "card": None})
        ana = browser.new_context(**PHONE).new_page()
        ana.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        for kind in ("white-3", "white-2", "white-2", "blue-1"):
            draw(table, 0, kind)
        ana.wait_for_selector("[data-insured='1']")
        assert ana.locator("[data-insured='1']").inner_text().split() == ["1", "draws", "insured"]
        assert any("explodes, keeps both" in row for row in ana.locator("#outlook tr").all_inner_texts())
        ana.screenshot(path=str(artifacts / "book-blue-2-insured.png"))
        draw(table, 0, "white-1")
        ana.wait_for_function("document.getElementById('status').innerText === 'exploded, keeps points and coins'")
        assert ana.locator("[data-insured]").count() == 0
    finally:
        srv.stop()
        table.close()
        db.close()


def test_red_set_6_on_a_spanish_seat_page_draws_the_chip_to_set_aside_and_places_it(browser, tmp_path, artifacts):
    """The Herb Witches' red set 6: the line asks for one more chip, the chip waits beside the pot
    with an offer to place it, and nothing on the page is English."""
    from .spanish import assert_spanish

    books = {**{c: 1 for c in catalog.BOOK_COLORS}, "red": 6}
    db = Database(tmp_path / "game.sqlite3")
    table = start_game(db, TableSetup(GameConfig(players=("Ana", "Ben"), books=books, expansions=("witches",)),
                                      {"bag-0": 0, "bag-1": 1}))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    try:
        # Round 1: Ana reaches 7 coins and buys a red 1-chip (7 coins in set 6).
        submit(table, {"kind": "fortune", "card": None})
        for kind in ("white-3", "white-2", "orange-1"):
            draw(table, 0, kind)
        submit(table, {"kind": "stop", "seat": 0})
        submit(table, {"kind": "stop", "seat": 1})
        die = next(d for d in table.state.decisions if d.kind == "bonus_die")
        submit(table, {"kind": "choose", "seat": die.seat, "decision": die.id, "keys": ["1"]})
        submit(table, {"kind": "buy", "seat": 0, "color": "red", "value": 1})
        while table.state.phase != "fortune":
            seat = next(n for n, s in enumerate(table.state.seats) if not s.done)
            submit(table, {"kind": "done", "seat": seat})
        for cid in list(table.state.seats[0].returning):
            submit(table, {"kind": "return", "seat": 0, "chip": cid})
        submit(table, {"kind": "fortune", "card": None})
        context = browser.new_context(**PHONE)
        context.add_cookies([{"name": "lang", "value": "es", "url": srv.url}])
        ana = context.new_page()
        ana.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        draw(table, 0, "red-1")
        wait_guide(ana, "Saca una ficha más para tu libro (mira abajo)")
        assert_spanish(ana, "red set 6, a chip to draw")
        draw(table, 0, "orange-1")
        ana.wait_for_selector("[data-kind='red.place_aside'] [data-option='place']")
        assert ana.locator("[data-kind='red.place_aside'] [data-option]").all_inner_texts() == \
            ["Colocarla detrás de tu última ficha"]
        assert_spanish(ana, "red set 6, the chip beside the pot")
        ana.screenshot(path=str(artifacts / "book-red-6-aside.png"))
        ana.click("[data-kind='red.place_aside'] [data-option='place']")
        ana.wait_for_function("!document.querySelector(\"[data-kind='red.place_aside']\")")
        assert [chip(c).kind for c, _ in table.state.seats[0].pot] == ["red-1", "orange-1"]
    finally:
        srv.stop()
        table.close()
        db.close()
