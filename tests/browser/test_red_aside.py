"""Red set 2 on a phone: the question about a red chip beside the pot, in the page's words."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.commands.demo import build_demo
from companion.engine import Choose, GameConfig, Stop
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN
from .test_play import PHONE, SCREEN, click_and_wait

BOOKS = {"green": 1, "blue": 1, "red": 2, "yellow": 1, "purple": 1}


def test_a_phone_answers_for_each_red_chip_beside_its_pot(browser):
    demo = build_demo(["Ana", "Ben"], Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed=3)
    demo.table.close()
    table = start_game(demo.table.db, TableSetup(GameConfig(players=("Ana", "Ben"), books=BOOKS),
                                                 {"sim-1": 0, "sim-2": 1}, registry=True))
    demo.repoint(table)
    # You Only Get to Choose One: Ana takes a red 2-chip into her bag, draws it, then stops.
    table.submit({"kind": "fortune", "card": "P06"}, "host")
    for seat in (0, 1):
        choice = table.state.decisions_for(seat)[0]
        table.submit(Choose(seat, choice.id, ("red-2",) if seat == 0 else ("rubies",)), "web")
    table.wait_for_reads()
    red = next(c for c in table.state.seats[0].bag if c.startswith("red-2"))
    table.manual_draw(0, red)
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    try:
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        phone.wait_for_selector("#aside:not(.hidden) .chip-red")
        assert "Beside the pot:" in phone.locator("#aside").inner_text()
        assert phone.locator("#actions").inner_text() == "", "the bag's reader sees a chip put back"
        screen = browser.new_context(**SCREEN).new_page()
        screen.goto(f"{srv.url}/table/{srv.app.extensions['companion.game'].table_token}")
        screen.wait_for_selector("[data-seat='0'] [data-aside='1'] .chip-red")
        click_and_wait(phone, "[data-action=stop]")
        phone.wait_for_selector("[data-kind='red.aside'] [data-option=place]")
        panel = phone.locator("[data-kind='red.aside']")
        assert panel.locator("[data-option]").all_inner_texts() == [
            "Place it after your last chip now", "Keep it beside the pot for a later round", "Put it back into the bag"]
        assert "Decide for each red chip beside your pot" in phone.locator("#guide").inner_text()
        click_and_wait(phone, "[data-kind='red.aside'] [data-option=place]")
        assert [c for c, _ in table.state.seats[0].pot] == [red]
        phone.wait_for_function("document.getElementById('events').innerText.includes('Ana: places red 2 from beside the pot → space 2')")
        assert phone.locator("#aside").is_hidden()
        table.submit(Stop(1), "web")
    finally:
        srv.stop()
        table.close()
