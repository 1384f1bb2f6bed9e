"""In a real browser: a phone at a table without readers taps the chip it drew; the host re-issues a lost phone's link."""

from __future__ import annotations

import pytest

from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN
from .test_play import SCREEN, click_and_wait


@pytest.fixture
def phones_table(tmp_path):
    table = start_game(Database(tmp_path / "t.sqlite3"),
                       TableSetup(GameConfig(players=("Ana", "Ben")), {}, draws="phones"))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    yield srv
    srv.stop()


def test_a_phone_taps_the_chip_it_drew_and_the_host_gives_a_lost_phone_a_new_link(browser, phones_table):
    host = browser.new_page(**SCREEN)
    host.goto(f"{phones_table.url}/host?pin={PIN}")
    host.wait_for_selector("#cardnone")
    click_and_wait(host, "#cardnone")
    link = host.get_attribute("[data-seat-link='0']", "href")
    other = host.get_attribute("[data-seat-link='1']", "href")

    phone = browser.new_context(**SCREEN).new_page()
    phone.goto(link)
    phone.wait_for_selector("[data-pick='white-2']")
    click_and_wait(phone, "[data-pick='white-2']")
    phone.wait_for_selector("#pot [data-chip]")
    table = phones_table.app.extensions["companion.game"].table
    assert [c[:-3] for c, _ in table.state.seats[0].pot] == ["white-2"]
    assert phone.get_attribute("[data-bag='white-2']", "data-pick") == "white-2"
    assert "×1" in phone.inner_text("[data-bag='white-2']")

    asked = []
    host.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    host.click("[data-reissue='0']")
    host.wait_for_function(f"document.querySelector(\"[data-seat-link='0']\").href !== {link!r}")
    assert host.get_attribute("[data-seat-link='1']", "href") == other
    assert asked and "old link stops working" in asked[0]
    phone.wait_for_selector("body[data-closed=link_revoked]", timeout=3000)
    assert "no longer opens the seat" in phone.inner_text("#offline"), "the old phone is told at once"
    lost = phone.goto(link)
    assert lost.status == 403
