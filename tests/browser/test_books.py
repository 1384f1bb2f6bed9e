"""A book's choice in evaluation step B on the seat page: the engine's words on the buttons."""

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
