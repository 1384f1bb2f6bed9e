"""Live updates over a running server with several real HTTP clients."""

from __future__ import annotations

import json
import re
import threading
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


def test_a_seats_advice_follows_its_update_alone_to_its_pages_only(server):
    """After a draw the seat's pages get the update at once, saying the advice is being searched;
    then the advice alone (what a bound proves, if one does, then the search's answer), each a small
    message, not the whole view again. The other seat, the table screen and the host get no advice;
    a page opened later has it in its view."""
    server.app.extensions["companion.hub"].keepalive = 0.3  # a keep-alive: the stream had nothing more to send
    game = server.app.extensions["companion.game"]
    jar = host_opener(server)
    post(server, "/api/host/assist", {"level": "advice"}, jar)
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    ann, ben = (SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(seat)}") for seat in (0, 1))
    table, host = SSEClient("127.0.0.1", server.port, table_path(server)), SSEClient(
        "127.0.0.1", server.port, "/api/stream/host", cookie=cookie)
    streams = (ann, ben, table, host)
    for stream in streams:
        stream.next()
    post(server, "/api/host/action", {"kind": "fortune", "card": None}, jar)
    for stream in streams:
        stream.next_entry()  # the card
    for seat in (ann, ben):  # and each seat's advice for its starting bag (the advice worker may be starting)
        while seat.view["assist"]["advice"].get("searching"):
            seat.next()
    # a coloured chip read at the bag (a white would open the flask's question, advised with the view);
    # a phone's draw button would have its reply's view searched first
    chip = next(c for c in game.table.state.seats[0].bag if not c.startswith("white"))
    game.demo.bags[0].present(game.demo.uids[chip])
    game.table.wait_for_reads()
    update, rest = ann.next_entry(), ann.until_keepalive()  # keep-alives sent before the draw skipped
    assert update.data["entry"]["action"]["kind"] == "draw" and update.data["entry"]["action"]["seat"] == 0
    first = update.data["view"]["assist"]["advice"]  # at once: searching
    if first.get("searching"):
        assert first == {"seat": 0, "advice": None, "searching": True}
        while not rest or rest[-1].data.get("searching"):  # the search may not have ended by the keep-alive
            rest += ann.until_keepalive()
        assert {event.name for event in rest} == {"advice"}, "the advice alone follows, no second view"
        assert all(e.data["draw"]["bound"] in ("at_least", "at_most") for e in rest[:-1]), "first what a bound proves"
        advice = rest[-1]
        assert advice.id is None, "a reconnecting page resumes after the draw, not after the advice"
        # a small message beside the view: DRAW/STOP, and the flask's offer's advice when one is open
        assert advice.size < (700 if advice.data.get("choices") else 450) < len(json.dumps(update.data["view"])) / 5, \
            "the advice alone, not the view"
        answer = advice.data
    else:  # a busy machine: the search ended before the seat's update was made, and the update carries it
        assert not rest, "no advice event after an update that has the answer"
        answer = first
    assert answer["seat"] == 0 and answer["advice"] in ("draw", "stop")
    assert "bound" not in answer["draw"] and "searching" not in answer, "the exact answer"
    assert answer["stop"]["coins"] == update.data["view"]["seats"][0]["scoring_space"]["coins"]
    assert ann.view["assist"]["advice"] == answer, "the page's view holds the advice"
    for other in (ben, table, host):
        events = [other.next(), *other.until_keepalive()]
        assert events[0].data["entry"]["action"]["kind"] == "draw"
        assert [e.name for e in events] == ["message"] * len(events), "no one else's advice"
        assert all(e.data["view"].get("assist") is None or e.data["view"]["you"] == 1 for e in events)
    later = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(0)}")
    assert later.next().data["view"]["assist"]["advice"] == answer, "a page opened later has the advice"
    for stream in (*streams, later):
        stream.close()


def test_a_phone_gets_its_update_while_the_hosts_panel_is_still_being_rendered(server):
    """The host's view (its panel, the referee's timeline) takes longest to render: each seat's
    pages are sent theirs as soon as it is ready, not after the host's."""
    game = server.app.extensions["companion.game"]
    jar = host_opener(server)
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    seat = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(0)}", timeout=3)
    host = SSEClient("127.0.0.1", server.port, "/api/stream/host", cookie=cookie)
    seat.next(), host.next()
    release, rendering = threading.Event(), threading.Event()
    panel = game.host_panel

    def slow_panel(lang, seats):
        rendering.set()
        assert release.wait(10), "the seat's update never came while the host's panel waited"
        return panel(lang, seats)

    game.host_panel = slow_panel
    try:
        game.table.submit({"kind": "fortune", "card": None}, "host")
        assert rendering.wait(10)
        assert seat.next().data["entry"]["action"]["kind"] == "fortune"  # the host's render still waits
    finally:
        release.set()
        game.host_panel = panel
    assert host.next().data["entry"]["action"]["kind"] == "fortune"
    seat.close(), host.close()
