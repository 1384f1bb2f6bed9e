"""Pages fed only what changed end with the view a page fed whole views has, over whole games."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from companion.autoplay import RandomPlayer
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog
from companion.engine.model import chip_id
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.patch import apply, diff, diff_json
from companion.webapp.server import Server
from tests.webapp.sse import SSEClient

from .conftest import PIN

GAMES = {  # players, seed, the test tubes, expansions; every game has the cards and random books
    "four players, random books": (("Ann", "Ben", "Cleo", "Dan"), 1, False, ()),
    "three players, the test tubes": (("Ann", "Ben", "Cleo"), 2, True, ()),
    "five players, every expansion": (("Ann", "Ben", "Cleo", "Dan", "Eve"), 3, False, catalog.EXPANSIONS),
}


def whole(view: object) -> str:
    """A view as a page holds it, its objects' keys in order (a page lists them in that order)."""
    return json.dumps(view)


@pytest.fixture(params=list(GAMES))
def played(request, tmp_path) -> Iterator[tuple[object, Server, RandomPlayer]]:
    players, seed, tubes, expansions = GAMES[request.param]
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, expansions, random.Random(seed))
    table = start_game(Database(tmp_path / "game.sqlite3"), TableSetup(GameConfig(players=players, tubes=tubes, **setup)))
    server = Server(create_app(table, host_pin=PIN, secret_key="s"), "127.0.0.1", 0).start()
    yield table, server, RandomPlayer(seed, cards=True)
    server.stop()
    table.close()


def test_a_page_fed_only_changes_holds_the_whole_view_after_every_input_of_a_whole_game(played):
    """Two phones (one in Spanish) and the table screen follow a whole seeded game with the Fortune
    Teller's cards and random books (and the test tubes, or every expansion) input by input: after
    each, the view each page built from the patches is the view the server renders for it, and a
    page opened afresh every fifty inputs (fed the whole view) holds the same."""
    table, server, player = played
    game = server.app.extensions["companion.game"]
    pages = {"seat:0@en": f"/api/stream/seat/{game.token(0)}", "seat:1@es": f"/api/stream/seat/{game.token(1)}",
             "table@en": f"/api/stream/table/{game.table_token}"}
    cookie = {"seat:1@es": "lang=es"}
    clients = {who: SSEClient("127.0.0.1", server.port, path, cookie=cookie.get(who)) for who, path in pages.items()}
    patched = opened = 0
    for client in clients.values():
        assert "view" in client.next().data, "a page opened is sent its whole view"
    while table.state.phase != "game_over":
        table.submit(player.choose(table.state), "web")
        for who, client in clients.items():
            while (event := client.next()).data.get("seq") != table.seq:
                pass
            patched += "patch" in event.data
            assert whole(client.view) == whole(game.render(who)), f"{who} after input {table.seq}"
        if table.seq % 50 == 0 or table.state.phase == "game_over":
            for who, path in pages.items():  # each from a device of its own, as no phone reloads so often
                opened += 1
                fresh = SSEClient("127.0.0.1", server.port, path, cookie=cookie.get(who),
                                  source=f"127.0.{opened // 200 + 1}.{opened % 200 + 1}")
                assert whole(fresh.next().data["view"]) == whole(clients[who].view), f"{who} afresh at {table.seq}"
                fresh.close()
    assert table.state.winners, "the game was played to its end"
    assert patched >= table.seq * len(clients) * 0.9, "the pages were fed changes, not whole views"
    for client in clients.values():
        client.close()


def test_a_patch_applied_to_the_old_view_gives_the_new_one():
    """Keys added, changed and removed, lists that grow (a chip laid), shrink (the pot emptied),
    change an item or most of their items (the odds after a draw), and values changing type."""
    chips = [{"chip": chip_id("white", 1, n), "space": n} for n in range(1, 5)]
    old = {"round": 1, "pot": chips[:2], "odds": [0.5, 0.25, 0.25], "bag": [1, 2, 3, 4], "gone": True,
           "card": None, "seats": [{"name": "Ann", "rubies": 1}, {"name": "Ben", "rubies": 1}]}
    new = {"round": 1, "pot": chips, "odds": [0.4, 0.3, 0.3], "bag": [1], "card": {"id": "P01"},
           "seats": [{"name": "Ann", "rubies": 2}, {"name": "Ben", "rubies": 1}], "stir": 3}
    ops = diff(old, new)
    assert apply(json.loads(json.dumps(old)), json.loads(json.dumps(ops))) == new
    assert [["seats", 0, "rubies"], 2] in ops, "one seat's rubies, not every seat"
    assert [["pot", 2], chips[2]] in ops and [["pot", 3], chips[3]] in ops, "the chips laid, appended"
    assert [["gone"]] in ops and [["odds"], [0.4, 0.3, 0.3]] in ops and [["bag"], [1]] in ops
    assert diff(new, json.loads(json.dumps(new))) == [], "nothing changed, nothing sent"
    assert diff({"flask": 1}, {"flask": True}) == [[["flask"], True]], "a number turned boolean is a change"
    prices = {"white-1": 4, "red-1": 6}
    grown = {"white-1": 4, "yellow-1": 8, "red-1": 6}
    assert diff({"prices": prices}, {"prices": grown}) == [[["prices"], grown]], "a key added between: the whole, in order"
    assert diff(prices, {**prices, "blue-1": 5}) == [[["blue-1"], 5]], "a key added last: that key alone"


@pytest.mark.parametrize("name", list(GAMES))
def test_each_patchs_json_with_the_shared_values_written_once_is_the_patch_written_afresh(name, tmp_path):
    """Every seat's page, one in Spanish too, the table screen in both languages and the host's page
    after every input of a whole seeded game: the patch's JSON, with what the views share written
    once for all of them, is the JSON of the patch worked out and written afresh for that page."""
    players, seed, tubes, expansions = GAMES[name]
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, expansions, random.Random(seed))
    table = start_game(Database(tmp_path / "game.sqlite3"), TableSetup(GameConfig(players=players, tubes=tubes, **setup)))
    game = create_app(table, host_pin=PIN, secret_key="s").extensions["companion.game"]
    player = RandomPlayer(seed, cards=True)
    pages = [f"seat:{n}@en" for n in range(len(players))] + ["seat:1@es", "table@en", "table@es", "host@en"]
    held, memo = {page: game.render(page) for page in pages}, {}
    while table.state.phase != "game_over":
        table.submit(player.choose(table.state), "web")
        for page in pages:
            view = game.render(page)
            text = diff_json(held[page], view, memo)
            assert text == json.dumps(diff(held[page], view, {}), separators=(",", ":")), f"{page} after {table.seq}"
            held[page] = view
        if len(memo) > 1000:  # as the hub forgets the changes of older versions
            memo.clear()
    table.close()
    assert table.state.winners, "the game was played to its end"
