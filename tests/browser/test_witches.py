"""The Herb Witches on a phone and on the table screen: the witch offer answered by a button, in
English and in Spanish."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.commands.demo import build_demo
from companion.engine import GameConfig, Stop
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN
from .spanish import assert_spanish
from .test_play import PHONE, SCREEN, click_and_wait

WITCHES = ("H-E3", "H-B2", "H-G1")


def witch_table(seed: int):
    """A table with The Herb Witches where Ana has drawn a white chip: the two-whites witch stands."""
    demo = build_demo(["Ana", "Ben"], Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed=seed)
    demo.table.close()
    config = GameConfig(players=("Ana", "Ben"), expansions=("witches",), witches=WITCHES)
    table = start_game(demo.table.db, TableSetup(config, {"sim-1": 0, "sim-2": 1}, registry=True))
    demo.repoint(table)
    table.submit({"kind": "fortune", "card": None}, "host")
    table.wait_for_reads()
    white = next(c for c in table.state.seats[0].bag if c.startswith("white-1"))
    table.manual_draw(0, white)
    return table, demo, white


def test_a_phone_calls_a_witch_and_the_table_shows_who_spent_her_penny(browser):
    table, demo, white = witch_table(5)
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    try:
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        offer = "[data-witch='H-E3'] [data-kind=witch] [data-option='1']"
        phone.wait_for_selector(offer)
        panel = phone.locator("#witchpanel").inner_text()
        assert "Two whites back" in panel and "silver penny: still yours" in panel and "gold penny: still yours" in panel
        assert phone.locator(offer).inner_text() == "Put back white 1"
        screen = browser.new_context(**SCREEN).new_page()
        screen.goto(f"{srv.url}/table/{srv.app.extensions['companion.game'].table_token}")
        screen.wait_for_selector("#witchesbox:not(.hidden) [data-witch='H-G1']")
        assert "Colours in the pot" in screen.locator("#witches").inner_text()
        assert screen.locator("[data-witch='H-E3'] [data-spent]").count() == 0
        click_and_wait(phone, offer)
        assert table.state.seats[0].pot == [] and table.state.seats[0].pennies == ["buying", "points"]
        phone.wait_for_function("document.getElementById('events').innerText.includes("
                                "'Ana: calls the witch \"Two whites back\" with the silver penny')")
        phone.wait_for_selector("[data-witch='H-E3'] [data-penny=spent]")
        assert phone.locator("[data-kind=witch]").count() == 0, "once a game"
        screen.wait_for_selector("[data-witch='H-E3'] [data-spent='0']")
        assert "penny spent: Ana" in screen.locator("[data-witch='H-E3']").inner_text()
        table.submit(Stop(0), "web")
    finally:
        srv.stop()
        table.close()


def test_the_witch_offer_reads_in_spanish(browser):
    table, demo, white = witch_table(6)
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    try:
        context = browser.new_context(**PHONE)
        context.add_cookies([{"name": "lang", "value": "es", "url": srv.url}])
        phone = context.new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        offer = "[data-witch='H-E3'] [data-kind=witch] [data-option='1']"
        phone.wait_for_selector(offer)
        assert phone.locator(offer).inner_text() == "Devolver la blanca 1"
        assert "Dos blancas de vuelta" in phone.locator("#witchpanel").inner_text()
        assert_spanish(phone, "seat page with a witch's offer")
        click_and_wait(phone, offer)
        phone.wait_for_function("document.getElementById('events').innerText.includes('llama a la bruja')")
        assert_spanish(phone, "seat page after calling a witch")
    finally:
        srv.stop()
        table.close()
