"""Pages built from patches show what pages fed whole views show, in Chromium."""

from __future__ import annotations

import random
import re
import socket

from companion.autoplay import RandomPlayer
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.hub import Hub
from companion.webapp.server import Server

from .conftest import PIN
from .screens import PHONE, TABLETS

# What a page shows from its view: not the toast, the connection badges, the scripts, nor the host's
# timeline, which it fetches by itself after each change (and, below, not the time of day).
SHOWN = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll("script, #toast, #offline, #live, #timelinebox").forEach((node) => node.remove());
  return body.innerHTML;
}"""

ROUNDS = 3


def play(browser, tmp_path, name: str, port: int) -> dict[tuple[int, str], str]:
    """Two phones (one in Spanish), the table screen and the host follow a seeded game with the cards
    and random books to the end of round 3, each page up to date after every input: what each page
    shows after every tenth input and at the end."""
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, (), random.Random(4))
    table = start_game(Database(tmp_path / f"{name}.sqlite3"),
                       TableSetup(GameConfig(players=("Ana", "Ben", "Cleo"), **setup)))
    srv = Server(create_app(table, host_pin=PIN, secret_key="s"), "127.0.0.1", port).start()  # the same links
    game = srv.app.extensions["companion.game"]
    shown: dict[tuple[int, str], str] = {}
    try:
        spanish = browser.new_context(**PHONE)
        spanish.add_cookies([{"name": "lang", "value": "es", "url": srv.url}])
        host = browser.new_context(**TABLETS["1280x800"])
        pages = {"seat 0": (browser.new_context(**PHONE), f"/s/{game.token(0)}"), "seat 1": (spanish, f"/s/{game.token(1)}"),
                 "table": (browser.new_context(**TABLETS["1280x800"]), f"/table/{game.table_token}"),
                 "host": (host, f"/host?pin={PIN}")}
        live = {}
        for who, (context, path) in pages.items():
            live[who] = context.new_page()
            live[who].goto(srv.url + path)
        player = RandomPlayer(4, cards=True)
        while table.state.round <= ROUNDS:
            table.submit(player.choose(table.state), "web")
            for who, page in live.items():
                page.wait_for_function(f"Number(document.body.dataset.seq) === {table.seq}")
                if table.seq % 10 == 0 or table.state.round > ROUNDS:
                    shown[table.seq, who] = re.sub(r"\d+:\d\d:\d\d( [AP]M)?", "(time)", page.evaluate(SHOWN))
        for context, _ in pages.values():
            context.close()
    finally:
        srv.stop()
        table.close()
    return shown


def test_pages_fed_patches_show_what_pages_fed_whole_views_show(browser, tmp_path, monkeypatch):
    """The same seeded game twice: once as the server sends it (patches), once with every message
    carrying the whole view. Every page shows the same after every tenth input and at the end."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    patched = play(browser, tmp_path, "patched", port)
    whole = Hub._change
    monkeypatch.setattr(Hub, "_change", lambda hub, perspective, held, now: whole(hub, perspective, None, now))
    reference = play(browser, tmp_path, "whole", port)
    assert len(patched) >= 4 * 8 and patched.keys() == reference.keys()
    for seen, html in patched.items():
        assert html == reference[seen], f"{seen[1]} after input {seen[0]}"
