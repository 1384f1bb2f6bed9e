"""Server-Sent Events: one stream per page, the journal sequence number as each event's id.

The streams run on the server's event loop (``StreamEndpoint``), not in Flask's worker threads:
an open page costs a coroutine and a bounded write buffer, never a thread, so no number of open
or churning pages can leave the API without workers. Who may watch what is still decided by
Flask (the routes below, their seat and table tokens and the host's session cookie), inside a
request context built from the stream's request; Flask itself never serves a stream.

Limits: at most ``total`` open streams (503 with ``Retry-After`` beyond), ``per_address`` from
one address and ``opens_per_second`` new ones from it (a burst of ``open_burst``; 429), a client
whose buffer stays full for ``write_timeout`` seconds is dropped (one ticker checks every page each
second), and a closed connection is noticed at once (the event loop sees the socket close).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from a2wsgi.wsgi import Body, build_environ
from flask import Blueprint, Flask, current_app
from werkzeug.exceptions import HTTPException

from .access import Refusal, is_host
from .connections import WRITE_NOW, refuse
from .hub import Cursor, Hub, Key, who
from .i18n import language
from .memory import give_back

bp = Blueprint("stream", __name__, url_prefix="/api/stream")
log = logging.getLogger(__name__)

GIVE_BACK_SECONDS = 2.0
"""Memory freed by pages that left goes back to the system once none has left for this long."""

API_ROOM = 32
"""Connections the streams leave to everything else when the connections' cap is low."""

HOST_PANEL_SECONDS = 1.0
"""The host's view is re-sent for pages connecting or leaving at most this often."""

ENDED = b'data: {"closed":"link_revoked"}\n\n'
"""The last message of a stream whose link no longer opens its seat; the page shows that string and stops."""

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def _event_loop_only() -> None:
    raise Refusal(404, "no_stream", "Live streams are served by `quacks serve` and `quacks demo`.")


@bp.get("/table/<token>")
def table(token: str) -> None:
    _event_loop_only()


@bp.get("/seat/<token>")
def seat(token: str) -> None:
    _event_loop_only()


@bp.get("/host")
def host() -> None:
    _event_loop_only()


def perspective(endpoint: str, args: dict[str, str]) -> str:
    """Whose view the stream ``endpoint`` shows, or a Refusal (in the stream request's context)."""
    game = current_app.extensions["companion.game"]
    lang = language()
    if endpoint == "stream.table":
        game.check_table_token(args["token"])
        return f"table@{lang}"
    if endpoint == "stream.seat":
        return f"seat:{game.seat_of(args['token'])}@{lang}"
    if endpoint == "stream.host" and is_host():
        return f"host@{lang}"
    raise Refusal(403, "not_host", "Only the host can watch this stream: enter the host PIN.")


@dataclass
class StreamLimits:
    """How many streams may be open: in all, and from one address."""

    total: int = 256
    per_address: int = 16
    opens_per_second: float = 4.0
    open_burst: int = 16
    retry_after: int = 5
    write_timeout: float = 10.0
    clock: Callable[[], float] = time.monotonic
    open: Counter[str] = field(default_factory=Counter)
    _opens: dict[str, tuple[float, float]] = field(default_factory=dict)  # address: (tokens, when)

    def within(self, connections: int) -> StreamLimits:
        """These limits with ``total`` lowered to leave ``API_ROOM`` of ``connections`` to the rest."""
        room = max(1, connections - API_ROOM)
        return self if self.total <= room else replace(self, total=room)

    def refusal(self, address: str) -> Refusal | None:
        """Why a new stream from ``address`` is refused now, or None: then it counts as open at once
        (before any ``await``, so a burst cannot pass the cap) until ``closed(address)``."""
        if sum(self.open.values()) >= self.total:
            return Refusal(503, "too_many_streams", "The table is serving as many pages as it can: retry shortly.")
        if self.open[address] >= self.per_address:
            return Refusal(429, "too_many_streams_here",
                           f"This device already has {self.per_address} live pages open: close some.")
        now = self.clock()
        tokens, when = self._opens.get(address, (float(self.open_burst), now))
        tokens = min(float(self.open_burst), tokens + (now - when) * self.opens_per_second)
        if tokens < 1:
            return Refusal(429, "reconnecting_too_fast", "This device reconnects too often: wait a moment.")
        if len(self._opens) > 1024:  # forget the devices that are back to a full burst
            self._opens = {a: (t, w) for a, (t, w) in self._opens.items()
                           if t + (now - w) * self.opens_per_second < self.open_burst}
        self._opens[address] = (tokens - 1, now)
        self.open[address] += 1
        return None

    def closed(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class Fanout:
    """Sends each change to every open page, from whichever thread made it.

    The hub tells the fan-out whose pages a change concerns; the views thread (one job per change
    or burst of changes, not one per page) renders each perspective's view once, the seats' first,
    and hands the ready perspectives to the event loop: once for the phones and the table screen,
    once more for the host's page (its panel takes longest; a phone does not wait for it). On the
    loop each perspective's message is made once for the pages at the same point (``Hub.news``)
    and written to each of them at once (``WRITE_NOW``): no page's coroutine wakes for it. A page
    that cannot take it at once (its client's buffer is full, it is still opening or sending, it
    left, its link was re-issued, the host's page waiting to gather phones coming and going, or its
    point needs a view not rendered yet) is woken instead, and sends from its own point as it
    always did: a page behind gets what it missed, or the whole view; a stalled page waits alone.
    Writes go ``SLICE`` at a time, each slice one turn of the loop, so a request that arrives during
    the fan-out waits for one slice of writes, not for two hundred."""

    SLICE = 16

    def __init__(self, loop: asyncio.AbstractEventLoop, hub: Hub, views: Executor) -> None:
        self.loop, self.hub, self.views = loop, hub, views
        self._lock = threading.Lock()
        self._watched: Counter[str] = Counter()  # open pages per perspective (read by the views thread)
        self._pages: dict[str, dict[Page, None]] = {}  # the open pages per perspective (on the loop)
        self._all = False  # a change for every page is due
        self._only: set[str] = set()  # seats, the table or the host whose pages a change is due to
        self._running = False
        self._writes: deque[tuple[Page, Cursor, Cursor, bytes]] = deque()
        self._writing = False
        self.unsubscribe = hub.subscribe(self.wake)

    def add(self, page: Page) -> None:
        self._pages.setdefault(page.seen_as, {})[page] = None
        with self._lock:
            self._watched[page.seen_as] += 1

    def remove(self, page: Page) -> None:
        self._pages.get(page.seen_as, {}).pop(page, None)
        with self._lock:
            self._watched[page.seen_as] -= 1
            if self._watched[page.seen_as] <= 0:
                del self._watched[page.seen_as]
                self._pages.pop(page.seen_as, None)

    def wake(self, only: str | None) -> None:
        """The hub's news (from any thread): render what it concerns in the views thread."""
        with self._lock:
            self.hub.delivered.clear()
            if only is None:
                self._all = True
            else:
                self._only.add(only)
            if self._running:
                return
            self._running = True
        self.views.submit(self._render)

    def _due(self) -> list[str] | None:
        """The perspectives with open pages that the news since the last call concerns, phones first."""
        with self._lock:
            everything, only = self._all, self._only
            self._all, self._only = False, set()
            if not everything and not only:
                self._running = False
                return None
            return sorted((p for p in self._watched if everything or who(p) in only), key=_phones_first)

    def _render(self) -> None:
        """In the views thread: render each perspective's view, then hand the ready ones to the loop."""
        try:
            while (due := self._due()) is not None:
                ready: list[tuple[str, Key | None]] = []
                for n, seen_as in enumerate(due):
                    key = self.hub.unrendered(seen_as)
                    if key is not None:
                        try:
                            self.hub.render_now(key)
                        except Exception:  # fails in its pages' own turn, where the stream ends with it
                            key = None
                    ready.append((seen_as, key))
                    if n + 1 < len(due) and who(due[n + 1]) == "host" != who(seen_as):
                        self.loop.call_soon_threadsafe(self._deliver, ready)
                        ready = []
                if ready:
                    self.loop.call_soon_threadsafe(self._deliver, ready)
        except BaseException:
            with self._lock:
                self._running = False
            raise
        finally:
            self.loop.call_soon_threadsafe(self._settled)

    def _deliver(self, ready: list[tuple[str, Key | None]]) -> None:
        """On the loop: each perspective's message, made once per point its pages are at, queued for
        each page that can take it at once; every other page is woken to send its own."""
        for seen_as, key in ready:
            groups: dict[Cursor, list[Page]] = {}
            for page in self._pages.get(seen_as, ()):
                if page.idle and page.cursor is not None and not self.hub.ended(seen_as, page.since):
                    groups.setdefault(page.cursor, []).append(page)
                else:
                    page.news.set()
            for cursor, pages in groups.items():
                text = self._message(seen_as, cursor, key)
                if text is None:
                    for page in pages:
                        page.news.set()
                elif text[1]:
                    self._writes.extend((page, cursor, *text) for page in pages)
        if self._writes and not self._writing:
            self._writing = True
            self._write_some()

    def _message(self, seen_as: str, cursor: Cursor, key: Key | None) -> tuple[Cursor, bytes] | None:
        """What the pages at ``cursor`` are sent now, when it costs no rendering and no wait; None
        when they are to send their own (``StreamEndpoint._serve``)."""
        hub = self.hub
        if hub.closed or hub.only_phones_changed(seen_as, cursor):
            return None
        try:
            if hub.unrendered(seen_as, cursor) is None:
                return hub.news(seen_as, cursor)
            if key is not None and key[3] == "view" and (cursor.version, cursor.own_version) < key[1:3]:
                return hub.news(seen_as, cursor, at=key)  # as rendered, though the game moved on: the rest follows
        except Exception:  # a view that cannot be made fails in its pages' own turn
            return None
        return None

    def _write_some(self) -> None:
        """Write the next ``SLICE`` queued messages, then let the loop look at its sockets."""
        now = self.loop.time()
        try:
            for _ in range(min(self.SLICE, len(self._writes))):
                page, was, cursor, text = self._writes.popleft()
                if page.idle and page.cursor == was and page.write(text):
                    page.cursor, page.sent = cursor, now
                elif page.cursor == was:  # it sends its own from where it is
                    page.news.set()
        finally:
            if self._writes:
                self.loop.call_soon(self._write_some)
            else:
                self._writing = False
                self._settled()

    def _settled(self) -> None:
        """On the loop: the hub's ``delivered`` set once nothing is left to render or to write."""
        with self._lock:
            if not self._running and not self._writing:
                self.hub.delivered.set()


def _phones_first(seen_as: str) -> tuple[bool, bool]:
    """The order the perspectives are rendered in: the seats' phones, the table screen, the host
    (whose panel, with the referee's timeline, takes longest)."""
    return who(seen_as) == "host", who(seen_as) == "table"


class Gone(Exception):
    """The page closed its connection, or stopped reading and was dropped."""


HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"), (b"x-content-type-options", b"nosniff"),
)
"""A stream's response headers."""


@dataclass(eq=False)
class Page:
    """One open stream: where it is (``cursor``, the view it holds), whether its coroutine waits
    for news (``idle``: the fan-out may write to it itself), when it last wrote, and since when it
    is writing (the ticker drops it after ``write_timeout``)."""

    news: asyncio.Event
    seen_as: str
    since: int
    """The hub's ``ends`` when it opened: a re-issued link ends it after that."""
    task: asyncio.Task[Any]
    write: Callable[[bytes], bool]
    """Writes a message at once, or says it cannot (``connections.write_now``)."""
    sent: float
    cursor: Cursor | None = None
    idle: bool = False
    writing: float | None = None
    stalled: bool = False


def _cannot_write_now(body: bytes) -> bool:
    """A server without ``WRITE_NOW``: every message goes through the page's own coroutine."""
    return False


class StreamEndpoint:
    """The ASGI app for ``/api/stream/...`` of ``app``."""

    def __init__(self, app: Flask, limits: StreamLimits | None = None) -> None:
        self.app = app
        self.hub: Hub = app.extensions["companion.hub"]
        self.limits = limits or StreamLimits()
        self.views = ThreadPoolExecutor(max_workers=1, thread_name_prefix="views")
        """Renders and catch-ups off the loop, in one thread: views are cached per change anyway."""
        self._give_back: asyncio.TimerHandle | None = None
        self._fanout: Fanout | None = None
        self._renders: dict[Key, asyncio.Future[None]] = {}
        """What is being rendered (a view, or a seat's advice) per perspective and versions: its pages
        wait for one job, not one each."""
        self._pages: set[Page] = set()
        self._ticker: asyncio.TimerHandle | None = None

    def _authorize(self, environ: dict[str, Any]) -> str:
        with self.app.request_context(environ):
            try:
                rule, args = self.app.url_map.bind_to_environ(environ).match(return_rule=True)
            except HTTPException:
                raise Refusal(404, "no_stream", "There is no such live stream.") from None
            return perspective(rule.endpoint, args)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        address = (scope.get("client") or ("?", 0))[0]
        since = self.hub.ends
        environ = build_environ(scope, Body(loop, receive))  # type: ignore[arg-type]
        last_id = environ.get("HTTP_LAST_EVENT_ID") or _query_last(scope)
        refusal = self.limits.refusal(address)  # first: a device over its limits costs no request context
        if refusal:
            del environ
            await _refuse(send, refusal, self.limits.retry_after)
            return
        try:
            try:
                seen_as = await loop.run_in_executor(self.views, self._authorize, environ)
            except Refusal as err:
                await _refuse(send, err, self.limits.retry_after)
                return
            finally:
                del environ  # not held for the stream's life: two hundred open pages, two hundred fewer dicts
            await self._serve(seen_as, since, last_id, receive, send,
                              scope.get("extensions", {}).get(WRITE_NOW, _cannot_write_now))
        except Gone as why:
            if str(why):
                log.warning("live page at %s dropped: %s", address, why)
        finally:
            self.limits.closed(address)
            self._give_back_soon(loop)

    def _give_back_soon(self, loop: asyncio.AbstractEventLoop) -> None:
        """Pages are leaving: once they have stopped for ``GIVE_BACK_SECONDS``, return the freed memory."""
        if self._give_back is not None:
            self._give_back.cancel()

        def run() -> None:
            self._give_back = None
            loop.run_in_executor(self.views, give_back)

        self._give_back = loop.call_later(GIVE_BACK_SECONDS, run)

    def _tick(self) -> None:
        """One timer for every open page, not two per message: drops a page whose write has waited
        ``write_timeout`` (it stopped reading) and wakes a page quiet for ``keepalive`` to send one."""
        assert self._fanout is not None
        now = self._fanout.loop.time()
        for page in self._pages:
            if page.writing is not None:
                if now - page.writing >= self.limits.write_timeout and not page.stalled:
                    page.stalled = True
                    page.task.cancel()
            elif now - page.sent >= self.hub.keepalive:
                page.news.set()
        self._ticker = None
        if self._pages:
            every = min(1.0, self.hub.keepalive / 2, self.limits.write_timeout / 2)
            self._ticker = self._fanout.loop.call_later(every, self._tick)

    async def _serve(self, seen_as: str, since: int, last_id: str | None, receive: Receive, send: Send,
                     write_now: Callable[[bytes], bool]) -> None:
        loop = asyncio.get_running_loop()
        news = asyncio.Event()
        gone = False
        task = asyncio.current_task()
        assert task is not None
        page = Page(news, seen_as, since, task, write_now, loop.time())

        async def watch_disconnect() -> None:
            nonlocal gone
            while (await receive())["type"] != "http.disconnect":
                pass
            gone = True
            news.set()

        async def write(body: bytes) -> None:
            await self._write(page, send, body)

        fanout = self._fanout_on(loop)
        watcher = asyncio.ensure_future(watch_disconnect())
        leave = self.hub.join(seen_as)
        fanout.add(page)
        self._pages.add(page)
        if self._ticker is None:
            self._tick()
        try:
            await send({"type": "http.response.start", "status": 200, "headers": list(HEADERS)})
            page.cursor, text = await loop.run_in_executor(self.views, self.hub.opening, seen_as, last_id)
            await write(text)
            while True:
                if self.hub.ended(seen_as, since):  # its link was re-issued: the page says so and stops
                    await write(ENDED)
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                page.idle = True
                try:
                    await news.wait()  # the fan-out writes most news itself; this is for the rest
                finally:
                    page.idle = False
                if self.hub.ended(seen_as, since):
                    continue
                await self._gather_phones(page)
                if gone:
                    raise Gone()
                if self.hub.closed:
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                news.clear()
                assert page.cursor is not None
                page.cursor, text = await self._news(seen_as, page.cursor)
                if text:
                    await write(text)
                elif loop.time() - page.sent >= self.hub.keepalive:
                    await write(b": keep-alive\n\n")
        finally:
            self._pages.discard(page)
            fanout.remove(page)
            leave()
            watcher.cancel()

    def _fanout_on(self, loop: asyncio.AbstractEventLoop) -> Fanout:
        """The fan-out of the loop serving the pages (a new one when the server was started again)."""
        if self._fanout is None or self._fanout.loop is not loop:
            if self._fanout is not None:
                self._fanout.unsubscribe()
                self.hub.delivered.set()  # what the old loop left undelivered no page will be sent
            self._fanout = Fanout(loop, self.hub, self.views)
        return self._fanout

    async def _write(self, page: Page, send: Send, body: bytes) -> None:
        """Send a part of the stream; a page the ticker found stalled in it is gone."""
        loop = asyncio.get_running_loop()
        page.writing = loop.time()
        try:
            await send({"type": "http.response.body", "body": body, "more_body": True})
        except asyncio.CancelledError:
            if not page.stalled:
                raise
            page.task.uncancel()
            raise Gone(f"it read nothing for {self.limits.write_timeout:g} s") from None
        finally:
            page.writing = None
        page.sent = loop.time()

    async def _gather_phones(self, page: Page) -> None:
        """Pages coming and going wait up to ``HOST_PANEL_SECONDS`` to be sent together; real news does not wait."""
        deadline = asyncio.get_running_loop().time() + HOST_PANEL_SECONDS
        assert page.cursor is not None
        while self.hub.only_phones_changed(page.seen_as, page.cursor) and not self.hub.closed:
            page.news.clear()
            try:
                async with asyncio.timeout_at(deadline):
                    await page.news.wait()
            except TimeoutError:
                return

    async def _news(self, seen_as: str, cursor: Cursor) -> tuple[Cursor, bytes]:
        """The stream's news, on the loop once its view (or its seat's advice alone) is rendered (in
        the views thread, once per perspective and versions however many pages wait for it)."""
        key = self.hub.unrendered(seen_as, cursor)
        if key is not None:
            render = self._renders.get(key)
            if render is None or render.done():
                self._renders = {k: f for k, f in self._renders.items() if not f.done()}
                render = self._renders[key] = asyncio.get_running_loop().run_in_executor(
                    self.views, self.hub.render_now, key)
            await render
        return self.hub.news(seen_as, cursor, at=key)  # as rendered: a later change wakes the page again


def _query_last(scope: Scope) -> str | None:
    """``?last=`` for pages that reconnect by hand (EventSource sends ``Last-Event-ID`` itself)."""
    for pair in scope.get("query_string", b"").decode("latin-1").split("&"):
        key, _, value = pair.partition("=")
        if key == "last":
            return value
    return None


async def _refuse(send: Send, err: Refusal, retry_after: int) -> None:
    await refuse(send, err.status, err.code, err.message, retry_after if err.status in (429, 503) else None)
