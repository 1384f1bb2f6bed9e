"""The fan-out: one change written to many pages at once, each page from where it is.

Pages of one seat (or of the table) at the same point are sent the same message, written to each
by the fan-out itself; a page that cannot take it at once sends its own from where it is. These
follow whole games over a real server with real HTTP clients that apply every patch as a phone
does (``SSEClient`` refuses a patch from a view the page does not hold)."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator

import pytest

from companion.autoplay import RandomPlayer
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog
from companion.store import Database
from companion.table import Table, TableSetup, start_game
from companion.webapp import create_app
from companion.webapp import server as server_module
from companion.webapp.server import Server
from companion.webapp.stream import StreamLimits
from tests.webapp.sse import SSEClient

from .conftest import PIN
from .test_sse import host_opener


@pytest.fixture
def table(tmp_path) -> Iterator[Table]:
    """Three players with the Fortune Teller's cards and random books."""
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, (), random.Random(5))
    table = start_game(Database(tmp_path / "game.sqlite3"), TableSetup(GameConfig(players=("Ann", "Ben", "Cleo"), **setup)))
    yield table
    table.close()


def paths(server: Server) -> dict[str, tuple[str, str | None]]:
    """Four perspectives, each with its path and cookie: a seat in English and in Spanish, another
    seat, the table."""
    game = server.app.extensions["companion.game"]
    return {"seat:0@en": (f"/api/stream/seat/{game.token(0)}", None),
            "seat:0@es": (f"/api/stream/seat/{game.token(0)}", "lang=es"),
            "seat:1@en": (f"/api/stream/seat/{game.token(1)}", None),
            "table@en": (f"/api/stream/table/{game.table_token}", None)}


def follow(client: SSEClient, seq: int) -> tuple[list[int], int]:
    """Read ``client`` up to the entry ``seq``: the ids of the entries it was sent on the way, and
    how many of its messages brought its view up to date with the whole view instead of a change."""
    ids, wholes = [], 0
    while True:
        event = client.next()
        if event.data.get("entry") is not None:
            ids.append(int(event.id or -1))
        wholes += "at" in event.data and "patch" not in event.data
        if event.data.get("seq") == seq and "at" in event.data:
            return ids, wholes


def whole(view: object) -> str:
    return json.dumps(view)


def test_twelve_pages_of_four_perspectives_each_end_with_what_a_page_opened_afresh_is_sent(table):
    """Three phones each on a seat in English, on the same seat in Spanish and on another seat, and
    three table screens, follow a whole game whose inputs come in bursts of up to six; the host's
    page follows too. Each page is sent every entry once, in order, as changes to the view it holds
    (hardly ever the whole view); at the end each holds the view a page opened afresh is sent whole."""
    server = Server(create_app(table, host_pin=PIN, secret_key="s"), "127.0.0.1", 0).start()
    try:
        player, rng = RandomPlayer(5, cards=True), random.Random(5)
        cookie = "; ".join(f"{c.name}={c.value}" for c in host_opener(server))
        pages = [(who, SSEClient("127.0.0.1", server.port, path, cookie=lang, source=f"127.0.0.{n + 2}"))
                 for n, (who, (path, lang)) in enumerate(list(paths(server).items()) * 3)]
        host = SSEClient("127.0.0.1", server.port, "/api/stream/host", cookie=cookie)
        for _, page in [*pages, ("host@en", host)]:
            assert "view" in page.next().data, "a page opened is sent its whole view"
        sent: dict[int, list[int]] = {n: [] for n in range(len(pages) + 1)}
        wholes = 0
        while table.state.phase != "game_over":
            for _ in range(rng.randint(1, 6)):
                if table.state.phase != "game_over":
                    table.submit(player.choose(table.state), "web")
            for n, (_, page) in enumerate([*pages, ("host@en", host)]):
                ids, whole_views = follow(page, table.seq)
                sent[n] += ids
                wholes += whole_views
        assert table.state.winners, "the game was played to its end"
        for n, ids in sent.items():
            assert ids == list(range(1, table.seq + 1)), f"page {n}: every entry once, in order"
        for n, (who, page) in enumerate(pages):
            path, lang = paths(server)[who]
            fresh = SSEClient("127.0.0.1", server.port, path, cookie=lang, source="127.0.1.1")
            assert whole(page.view) == whole(fresh.next().data["view"]), f"page {n} ({who})"
            fresh.close()
        assert host.view["phase"] == "game_over" and host.view["winners"] == list(table.state.winners)
        assert wholes < 0.02 * sum(len(ids) for ids in sent.values()), "the pages were sent changes, not whole views"
        for _, page in [*pages, ("host@en", host)]:
            page.close()
    finally:
        server.stop()


def test_a_page_that_stops_reading_holds_no_other_and_is_sent_the_whole_view_when_it_reads_again(table, monkeypatch):
    """A table screen's browser stops reading (its tab asleep) for six rounds: the other pages
    get every input meanwhile, and when it reads again it is sent what it missed and the whole
    view, and holds what a page opened afresh is sent."""
    monkeypatch.setattr(server_module, "SEND_BUFFER", 4096)  # a little in flight, so it fills within a round
    server = Server(create_app(table, host_pin=PIN, secret_key="s"), "127.0.0.1", 0,
                    StreamLimits(write_timeout=120)).start()
    try:
        player = RandomPlayer(6, cards=True)
        path, _ = paths(server)["table@en"]
        server.app.extensions["companion.hub"].keepalive = 3600  # no keep-alive wakes it: the news must
        asleep = SSEClient("127.0.0.1", server.port, path, receive_buffer=4096)
        asleep.next()
        readers = {who: SSEClient("127.0.0.1", server.port, path, cookie=lang, source=f"127.0.0.{n + 2}")
                   for n, (who, (path, lang)) in enumerate(paths(server).items())}
        for reader in readers.values():
            reader.next()
        while table.state.round < 7 and table.state.phase != "game_over":
            table.submit(player.choose(table.state), "web")
            for who, reader in readers.items():
                assert follow(reader, table.seq)[1] == 0, f"{who} was sent each input as it came"
        ids, wholes = follow(asleep, table.seq)
        assert ids == list(range(1, table.seq + 1)), "it is sent every entry it missed, in order"
        assert wholes >= 1, "and the whole view once it was too far behind for a change"
        fresh = SSEClient("127.0.0.1", server.port, path, source="127.0.1.1")
        assert whole(asleep.view) == whole(fresh.next().data["view"])
        for client in (asleep, fresh, *readers.values()):
            client.close()
    finally:
        server.stop()


def test_the_hub_says_the_pages_have_a_change_only_once_the_fan_out_has_written_it(table):
    """The advice waits for ``Hub.delivered`` (``asking.Questions``): it is clear from the moment a
    change is published while the views are still to be rendered (here the views thread is held, as
    by a slow render), and set again once the change is written to the page."""
    server = Server(create_app(table, host_pin=PIN, secret_key="s"), "127.0.0.1", 0).start()
    try:
        hub = server.app.extensions["companion.hub"]
        path, _ = paths(server)["seat:0@en"]
        page = SSEClient("127.0.0.1", server.port, path)
        page.next()
        assert hub.delivered.wait(5), "nothing to deliver once the page has its view"
        held = threading.Event()
        server.router.streams.views.submit(held.wait)
        table.submit(RandomPlayer(1).choose(table.state), "web")
        time.sleep(0.2)
        assert not hub.delivered.is_set(), "the change is not rendered yet"
        held.set()
        follow(page, table.seq)
        assert hub.delivered.wait(5), "the page has it"
        page.close()
    finally:
        server.stop()
