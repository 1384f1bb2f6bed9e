"""Live streams cannot starve the server: many open pages, caps, closed and stalled clients."""

from __future__ import annotations

import http.client
import socket
import time
import urllib.request

import pytest

from companion.webapp import create_app
from companion.webapp.server import Server
from companion.webapp.stream import StreamLimits
from tests.webapp.sse import SSEClient
from tests.webapp.tables import demo_table

from .conftest import PIN
from .test_sse import host_opener, post, table_path


def start(limits: StreamLimits | None = None) -> Server:
    table, demo = demo_table(["Ana", "Ben"], seed=3)
    return Server(create_app(table, host_pin=PIN, secret_key="s", demo=demo), "127.0.0.1", 0, limits).start()


@pytest.fixture
def server():
    srv = start()
    yield srv
    srv.stop()


def get(server: Server, path: str, source: str | None = None) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5,
                                      source_address=(source, 0) if source else None)
    conn.request("GET", path)
    return conn.getresponse()


def wait_until(check, seconds: float = 3.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


def test_the_api_answers_at_once_with_a_hundred_pages_streaming(server):
    """Each stream used to hold one of 48 worker threads: 48 open pages froze every request."""
    game = server.app.extensions["companion.game"]
    paths = [table_path(server)] + [f"/api/stream/seat/{game.token(k % 2)}" for k in range(99)]
    clients = [SSEClient("127.0.0.1", server.port, p, source=f"127.0.0.{2 + n // 10}") for n, p in enumerate(paths)]
    try:
        for client in clients:
            assert client.next().data["reset"] is True
        started = time.monotonic()
        response = get(server, f"/api/view/seat/{game.token(0)}")
        assert response.status == 200 and time.monotonic() - started < 1.0
        assert server.app.extensions["companion.hub"].live() == {"table": 1, "seat:0": 50, "seat:1": 49}
    finally:
        for client in clients:
            client.close()


def test_each_of_a_hundred_pages_gets_every_change_with_its_own_seats_view(server):
    """After a change the pages are woken a slice at a time: none is left out, none gets another's view."""
    game = server.app.extensions["companion.game"]
    clients = [SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(n % 2)}",
                         source=f"127.0.0.{2 + n // 10}", timeout=5) for n in range(100)]
    try:
        for client in clients:
            assert client.next().data["reset"] is True
        jar = host_opener(server)
        post(server, "/api/host/action", {"kind": "fortune", "card": None}, jar)
        post(server, f"/api/seat/{game.token(0)}/draw", {}, jar)
        for n, client in enumerate(clients):
            got = [client.next_entry(), client.next_entry()]
            assert [e.data["seq"] for e in got] == [1, 2], n
            assert got[1].data["view"]["you"] == n % 2
            assert [len(seat["pot"]) for seat in got[1].data["view"]["seats"]] == [1, 0]
    finally:
        for client in clients:
            client.close()


def test_the_table_stream_needs_the_table_link_and_the_host_stream_the_pin(server):
    assert get(server, "/api/stream/table").status == 404
    refused = get(server, "/api/stream/table/0123456789abcdef0123")
    assert refused.status == 403 and b"bad_token" in refused.read()
    assert get(server, "/api/stream/seat/nope").status == 403
    assert get(server, "/api/stream/host").status == 403
    assert server.app.extensions["companion.hub"].live() == {}


def test_beyond_the_cap_a_stream_gets_503_with_retry_after_and_one_device_gets_429():
    server = start(StreamLimits(total=4, per_address=3))
    try:
        held = [SSEClient("127.0.0.1", server.port, table_path(server)) for _ in range(3)]
        too_many_here = get(server, table_path(server))
        assert too_many_here.status == 429 and too_many_here.getheader("Retry-After") == "5"
        held.append(SSEClient("127.0.0.1", server.port, table_path(server), source="127.0.0.2"))
        full = get(server, table_path(server), source="127.0.0.3")
        assert full.status == 503 and full.getheader("Retry-After") == "5"
        assert b"too_many_streams" in full.read()
        held.pop().close()
        assert wait_until(lambda: get(server, table_path(server), source="127.0.0.3").status == 200)
        for client in held:
            client.close()
    finally:
        server.stop()


def test_the_host_sees_a_phone_leave_within_seconds(server):
    game = server.app.extensions["companion.game"]
    host = SSEClient("127.0.0.1", server.port, "/api/stream/host",
                     cookie="; ".join(f"{c.name}={c.value}" for c in host_opener(server)))
    host.next()
    phone = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(1)}")
    phone.next()

    def phones(seat: int) -> int:
        while True:
            event = host.next()
            if "view" in event.data:
                return event.data["view"]["host"]["seats"][seat]["phones"]

    assert wait_until(lambda: phones(1) == 1)
    left = time.monotonic()
    phone.close()
    assert phones(1) == 0 and time.monotonic() - left < 3, "the host's panel counts the phone gone"
    assert server.app.extensions["companion.hub"].live() == {"host": 1}
    host.close()


def test_a_client_that_never_reads_is_dropped_and_buffers_little():
    server = start(StreamLimits(write_timeout=0.5))
    try:
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", server.port))
        stalled.sendall(f"GET {table_path(server)} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        hub = server.app.extensions["companion.hub"]
        assert wait_until(lambda: hub.live() == {"table": 1})
        reader = SSEClient("127.0.0.1", server.port, table_path(server), source="127.0.0.2")
        reader.next()
        for _ in range(200):  # 200 entries of 50 KB: 10 MB the stalled page never takes
            hub.publish(hub.seq + 1, {"kind": "test", "lines": ["x" * 50_000]})
            assert reader.next().data["seq"] == hub.seq
        assert wait_until(lambda: hub.live() == {"table": 1}, 5), "the stalled page was dropped, the reader kept"
        assert server.limits.open == {"127.0.0.2": 1}
        stalled.close()
        reader.close()
    finally:
        server.stop()


def test_streams_end_cleanly_on_shutdown_and_the_api_still_answers(server):
    """On Ctrl+C the hub closes: every page sees its stream end at once instead of a hang."""
    client = SSEClient("127.0.0.1", server.port, table_path(server))
    client.next()
    server.app.extensions["companion.hub"].close()
    with pytest.raises(ConnectionError):
        client.next()
    client.close()
    token = server.app.extensions["companion.game"].token(0)
    urllib.request.urlopen(f"{server.url}/api/view/seat/{token}", timeout=2).read()


def test_a_device_reconnecting_in_a_loop_is_slowed_down():
    # the limits' clock stands still: the fourth open is refused however long a loaded machine takes
    # over the first three (2 s of them refilled a token and let it in)
    server = start(StreamLimits(open_burst=3, opens_per_second=0.5, clock=lambda: 0.0))
    try:
        for _ in range(3):
            SSEClient("127.0.0.1", server.port, table_path(server)).close()
        again = get(server, table_path(server))
        assert again.status == 429 and b"reconnecting_too_fast" in again.read()
        assert get(server, table_path(server), source="127.0.0.2").status == 200, "other devices are not"
    finally:
        server.stop()


def test_news_reaches_the_host_at_once_even_while_phones_are_connecting(server):
    """Phones coming and going are sent to the host together, at most once a second; a draw is not held back."""
    game = server.app.extensions["companion.game"]
    jar = host_opener(server)
    host = SSEClient("127.0.0.1", server.port, "/api/stream/host", cookie="; ".join(f"{c.name}={c.value}" for c in jar))
    host.next()
    phone = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(0)}")
    started = time.monotonic()
    post(server, "/api/host/action", {"kind": "fortune", "card": None}, jar)
    assert host.next_entry().id == "1" and time.monotonic() - started < 0.5
    phone.close()
    host.close()


def test_a_reissued_link_ends_the_old_links_open_pages_at_once(server):
    """A lost phone's link re-issued by the host: the old phone's page is told so, nobody else's stream stops."""
    game = server.app.extensions["companion.game"]
    old_token = game.token(0)
    old = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{old_token}")
    other = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{game.token(1)}")
    screen = SSEClient("127.0.0.1", server.port, table_path(server))
    try:
        for client in (old, other, screen):
            client.next()
        fresh = post(server, "/api/host/reissue", {"seat": 0}, host_opener(server))["token"]
        started = time.monotonic()
        assert old.next().data == {"closed": "link_revoked"}
        with pytest.raises(ConnectionError):
            old.next()
        assert time.monotonic() - started < 1.0
        assert wait_until(lambda: "seat:0" not in server.app.extensions["companion.hub"].live())
        assert get(server, f"/api/stream/seat/{old_token}").status == 403
        new = SSEClient("127.0.0.1", server.port, f"/api/stream/seat/{fresh}")
        assert new.next().data["reset"] is True
        new.close()
        game.table.submit({"kind": "fortune", "card": None}, "host")
        assert other.next_entry().data["entry"]["kind"] == "input", "the other seat's stream goes on"
        assert screen.next_entry().data["entry"]["kind"] == "input"
    finally:
        for client in (old, other, screen):
            client.close()
