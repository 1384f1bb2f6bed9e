"""Parts a page keeps from view to view (each pot drawn in place, the lines and numbers made again
only when what they show changed) show what a page opened afresh shows, in Chromium."""

from __future__ import annotations

import random

from companion.autoplay import RandomPlayer
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN
from .screens import PHONE, TABLETS

PARTS = {"seat": ["#pot", "#stats", "#bag", "#bagcount", "#scoring", "#title", "#round", "#status", "#bagreads",
                  "#decisions", "#witchlist", "#potstrip", "#riskline", "#gauge", "#whites", "#shopbudget",
                  "#buys", "#actions", "#aside", "#bowl", "#inforce", "#outlook", "#cardname", "#cardtext", "#events"],
         "table": ["#pots", "#track", "#scores", "#events"]}
"""What each kind of page keeps, by its element: the phone's panels with buttons among them."""

SHOWN = "(ids) => ids.map((id) => { const e = document.querySelector(id); return e.checkVisibility() ? e.innerHTML : 'hidden'; })"
"""Each part as the player sees it: a part the page hides shows nothing, whatever it holds."""

ASKED = ["#decisions", "#buys", "#actions"]
"""The phone's panels with buttons that change from view to view while the seat is asked or shops:
the phone is compared after every input that leaves one of them shown, each must be seen."""

ROUNDS = 4


def test_a_page_that_followed_every_input_shows_what_a_page_opened_now_shows(browser, tmp_path):
    """A seeded four-round game with the cards, test tubes and random books: a phone and the table
    screen follow every input; after every fifth input and at the end a phone and a table screen
    opened then show the same pots (chips, scoring space, droplet, rat stone, explosions), numbers,
    bag, score track and panels beside each pot; so does a phone opened after every input that leaves
    the phone asking a question, shopping or offering an action (its panels' buttons, kept while
    what they show is the same)."""
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, (), random.Random(6))
    table = start_game(Database(tmp_path / "kept.sqlite3"),
                       TableSetup(GameConfig(players=("Ana", "Ben", "Cleo"), tubes=True, **setup)))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    game = srv.app.extensions["companion.game"]
    paths = {"seat": f"/s/{game.token(0)}", "table": f"/table/{game.table_token}"}
    sizes = {"seat": PHONE, "table": TABLETS["1280x800"]}
    compared, chips_seen, rats_seen, asked_seen = 0, 0, 0, set()
    try:
        following = {kind: browser.new_context(**sizes[kind]).new_page() for kind in paths}
        for kind, page in following.items():
            page.goto(srv.url + paths[kind])
        player = RandomPlayer(6, cards=True)
        while table.state.round <= ROUNDS:
            table.submit(player.choose(table.state), "web")
            due = not table.seq % 5 or table.state.round > ROUNDS
            following["seat"].wait_for_function(f"Number(document.body.dataset.seq) === {table.seq}")
            asked = [part for part in ASKED if following["seat"].evaluate(SHOWN, [part])[0] not in ("hidden", "")]
            if not due and not asked:
                continue
            asked_seen.update(asked)
            for kind, page in following.items():
                if not due and kind != "seat":
                    continue
                page.wait_for_function(f"Number(document.body.dataset.seq) === {table.seq}")
                fresh = browser.new_context(**sizes[kind]).new_page()
                fresh.goto(srv.url + paths[kind])
                fresh.wait_for_function(f"Number(document.body.dataset.seq) === {table.seq}")
                kept, made = page.evaluate(SHOWN, PARTS[kind]), fresh.evaluate(SHOWN, PARTS[kind])
                for part, html, afresh in zip(PARTS[kind], kept, made, strict=True):
                    assert html == afresh, f"{kind} page's {part} after input {table.seq}"
                chips_seen += page.locator("#pots [data-chip]").count() if kind == "table" else 0
                rats_seen += page.locator("[data-marker=rat]").count()
                fresh.context.close()
                compared += 1
    finally:
        srv.stop()
        table.close()
    assert compared >= 2 * 20 and chips_seen and rats_seen and asked_seen == set(ASKED), (compared, chips_seen, rats_seen, asked_seen)
