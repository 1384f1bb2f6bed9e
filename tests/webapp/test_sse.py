"""Live updates over a running server with several real HTTP clients."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from companion.webapp import create_app
from companion.webapp.server import Server
from tests.webapp.sse import SSEClient
from tests.webapp.tables import demo_table

from .conftest import PIN


@pytest.fixture
def server():
    table, demo = demo_table(["Ana", "Ben", "Cleo"], seed=3)
    app = create_app(table, host_pin=PIN, secret_key="s", demo=demo)
    srv = Server(app, "127.0.0.1", 0).start()
    yield srv
    srv.stop()


def table_path(server: Server) -> str:
    return f"/api/stream/table/{server.app.extensions['companion.game'].table_token}"


def post(server: Server, path: str, body: dict, cookie_jar=None):
    """POST like a page: get a CSRF token in a session cookie first, then send it back."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookie_jar))
    html = opener.open(server.url + "/").read().decode()
    csrf = re.search(r'data-csrf="([^"]+)"', html).group(1)
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "X-CSRF-Token": csrf,
                                              "Origin": server.url})
    return json.loads(opener.open(request).read())


def host_opener(server: Server):
    from http.cookiejar import CookieJar
    jar = CookieJar()
    urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)).open(f"{server.url}/host?pin={PIN}")
    return jar


def test_every_client_receives_every_event_in_order_and_a_reconnect_misses_nothing(server):
    game = server.app.extensions["companion.game"]
    jar = host_opener(server)
    paths = [table_path(server)] + [f"/api/stream/seat/{game.token(k)}" for k in (0, 1, 2, 0)]
    clients = [SSEClient("127.0.0.1", server.port, p) for p in paths]
    first = [c.next() for c in clients]
    assert all(e.data["reset"] and e.id == "0" and e.data["view"]["phase"] == "fortune" for e in first)
    assert first[1].data["view"]["you"] == 0 and "you" not in first[0].data["view"]

    post(server, "/api/host/action", {"kind": "fortune", "card": None}, jar)
    for k in range(6):
        post(server, f"/api/seat/{game.token(k % 3)}/draw", {}, jar)
    expected = [str(n) for n in range(1, 8)]
    for client in clients:
        got = [client.next_entry() for _ in expected]
        assert [e.id for e in got] == expected
        assert [e.data["seq"] for e in got] == list(range(1, 8))
        assert got[0].data["entry"]["action"]["kind"] == "fortune"
        assert all(e.data["entry"]["action"]["kind"] == "draw" for e in got[1:])
        assert got[-1].data["view"]["phase"] == "brewing"

    # Seat 1's phone drops off after event 3, the game goes on, and it comes back.
    dropped = clients[2]
    dropped.close()
    for k in range(3):
        post(server, f"/api/seat/{game.token(k)}/draw", {}, jar)
    back = SSEClient("127.0.0.1", server.port, paths[2], last_id="7")
    caught = [back.next_entry() for _ in range(3)]
    assert [e.id for e in caught] == ["8", "9", "10"]
    assert all(e.data["entry"]["action"]["seat"] == k for k, e in enumerate(caught)), "each missed draw is replayed"
    assert "view" in caught[-1].data and caught[-1].data["view"]["you"] == 1
    assert sum(len(s["pot"]) for s in caught[-1].data["view"]["seats"]) == 9
    for client in clients[:2] + clients[3:] + [back]:
        client.close()


def test_a_reconnect_from_too_long_ago_gets_a_fresh_snapshot(server):
    client = SSEClient("127.0.0.1", server.port, table_path(server), last_id="999")
    event = client.next()
    assert event.data["reset"] is True and event.id == "0" and event.data["view"]["round"] == 1
    client.close()


def test_keepalives_keep_an_idle_stream_open(server):
    server.app.extensions["companion.hub"].keepalive = 0.05
    client = SSEClient("127.0.0.1", server.port, table_path(server))
    client.next()
    client.wait_keepalive()
    jar = host_opener(server)
    post(server, "/api/host/action", {"kind": "fortune", "card": None}, jar)
    assert client.next_entry().id == "1"
    assert client.keepalives >= 1, "the idle stream carried keep-alive comments"
    client.close()


def test_a_seats_advice_follows_its_update_to_its_pages_only(server):
    """The update after an input goes out at once with the answer a bound proves, saying the exact
    advice is being searched (unless it was found already); the exact advice follows to that
    seat's pages, and the table's stream is not sent it."""
    game = server.app.extensions["companion.game"]
    jar = host_opener(server)
    post(server, "/api/host/assist", {"level": "advice"}, jar)
    seat, table = (SSEClient("127.0.0.1", server.port, p)
                   for p in (f"/api/stream/seat/{game.token(0)}", table_path(server)))
    seat.next(), table.next()
    post(server, "/api/host/action", {"kind": "fortune", "card": None}, jar)
    advice = seat.next_entry().data["view"]["assist"]["advice"]
    if advice.get("searching"):  # the search may also have ended before the update was made
        assert advice["advice"] == "draw" and advice["draw"]["bound"] == "at_least"  # the starting bag
        later = seat.next()
        assert later.data["entry"] is None
        advice = later.data["view"]["assist"]["advice"]
    assert advice["advice"] == "draw" and "bound" not in advice["draw"] and "searching" not in advice
    assert table.next().data["entry"]["action"]["kind"] == "fortune"
    post(server, f"/api/seat/{game.token(1)}/draw", {})
    assert table.next().data["entry"] is not None, "no view of the table's is re-sent for a seat's advice"
