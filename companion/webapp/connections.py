"""Every connection has a deadline and a place: what a guest on the Wi-Fi may hold open.

uvicorn gives three of the bounds as settings, used as they are: ``timeout_keep_alive`` closes a
connection idle after its last response, ``h11_max_incomplete_event_size`` caps a request's head,
and ``backlog`` the connections waiting to be accepted. It does not time out a request's head (a
client that sends a byte now and then holds its connection for ever), nor cap the connections
one address or everyone may hold (its ``limit_concurrency`` answers 503 only once a request
arrives, so connections that send nothing still use up the descriptors). So the server speaks
HTTP with ``GuardedH11``, uvicorn's own h11 protocol with these added:

- a request's head must arrive within ``head_seconds`` of the connection opening or of the last
  response (bytes trickling in do not extend it);
- past ``per_address`` connections from one address a new one is answered 503 with
  ``Retry-After`` at once and closed; at ``total`` in all (kept below the descriptor limit) a new
  one takes the place of the connection that has waited longest for a request's head (so
  connections that send nothing cannot keep a phone out), or, with none waiting, gets the 503;
- a connection closed with bytes still unsent (a dropped page that stopped reading) is aborted
  when its client takes none of them for ``linger`` seconds, so its descriptor comes back;
- the accept loop's errors (out of descriptors) are logged once a minute with a count;
- a request's scope carries ``WRITE_NOW`` (``write_now`` on its response), through which the live
  streams' fan-out writes a message to many pages in one turn of the loop, without waking a
  coroutine per page.

Request bodies are read on the event loop with a deadline before a thread sees them
(``server.Router``): a2wsgi's workers read bodies themselves, so eight slow bodies held all eight.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol, RequestResponseCycle

log = logging.getLogger(__name__)

RESERVED_DESCRIPTORS = 192
"""Descriptors kept for everything but connections: the journal and its WAL, the limits' file,
readers, transcripts, the templates, the threads' own (some sixty in all), the connections the
event loop accepts at once before any is looked at (``ACCEPT_BATCH``) and as many closed to make
room for them, whose descriptors come back one turn of the loop later."""

WRITE_NOW = "companion.write_now"
"""The scope's extension: ``write(body) -> bool``, the next part of a streamed response written at once."""

ACCEPT_BATCH = 32
"""uvicorn's ``backlog``: the queue of connections the kernel holds for the loop, and how many the
loop accepts in one go (asyncio takes up to the backlog at once; 2,048 ran out of descriptors)."""


@dataclass
class ConnectionLimits:
    """How long a connection may take and how many may be open, from one address and in all."""

    total: int = 1024
    per_address: int = 48
    head_seconds: float = 10.0
    body_seconds: float = 10.0
    idle_seconds: int = 5
    linger: float = 1.0
    retry_after: int = 5
    max_head_bytes: int = 16 * 1024

    def within(self, descriptors: int) -> ConnectionLimits:
        """These limits with ``total`` lowered to fit ``descriptors`` (the process's limit)."""
        room = max(16, descriptors - RESERVED_DESCRIPTORS)
        if self.total <= room:
            return self
        return ConnectionLimits(**{**self.__dict__, "total": room})


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def refusal_body(code: str, message: str) -> bytes:
    """The API's JSON refusal (``access.refusal_response``'s shape), for answers sent without Flask."""
    return json.dumps({"ok": False, "error": code, "message": message}).encode()


def refusal_bytes(status: int, code: str, message: str, retry_after: int | None) -> bytes:
    """A whole HTTP/1.1 refusal, for a connection no app has seen."""
    body = refusal_body(code, message)
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n" + (f"retry-after: {retry_after}\r\n" if retry_after is not None else "")
            + "connection: close\r\n\r\n")
    return head.encode() + body


async def refuse(send: Any, status: int, code: str, message: str, retry_after: int | None = None,
                 close: bool = False) -> None:
    """Answer an ASGI request with a refusal (on the event loop; no thread, no request context)."""
    body = refusal_body(code, message)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@dataclass
class Connections:
    """The open connections of one server, per address, and those waiting for a request's head
    (oldest first); shared by all its protocol instances."""

    limits: ConnectionLimits = field(default_factory=ConnectionLimits)
    open: Counter[str] = field(default_factory=Counter)
    waiting: dict[GuardedH11, None] = field(default_factory=dict)
    refused: int = 0
    """Connections answered 503 for being over a cap (since start)."""
    evicted: int = 0
    """Connections closed, waiting for a request's head, to make room for a new one (since start)."""

    def admit(self, address: str) -> str | None:
        """Why a new connection from ``address`` is refused, or None (and it counts as open)."""
        if self.open[address] >= self.limits.per_address:
            return "This device has too many connections open: close some pages."
        if sum(self.open.values()) >= self.limits.total:
            if not self.waiting:
                return "The table is serving as many connections as it can: retry shortly."
            self.evicted += 1
            next(iter(self.waiting)).close_waiting()
        self.open[address] += 1
        return None

    def left(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class _Closing:
    """The transport as uvicorn's protocol sees it: ``close()`` with bytes unsent aborts the
    connection once its client has taken none of them for ``linger`` seconds."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop, linger: float) -> None:
        self._transport, self._loop, self._linger = transport, loop, linger

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def close(self) -> None:
        self._transport.close()
        if self._transport.get_write_buffer_size():
            self._loop.call_later(self._linger, self._abort_if_stuck, self._transport.get_write_buffer_size())

    def _abort_if_stuck(self, unsent: int) -> None:
        left = self._transport.get_write_buffer_size()
        if not left:
            return
        if left >= unsent:
            self._transport.abort()
        else:
            self._loop.call_later(self._linger, self._abort_if_stuck, left)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request's head and the connection caps."""

    def __init__(self, config: Any, server_state: Any, app_state: Any, _loop: Any = None, *,
                 connections: Connections) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.guard = connections
        self._address: str | None = None
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        limits = self.guard.limits
        super().connection_made(_Closing(transport, self.loop, limits.linger))  # type: ignore[arg-type]
        address = self.client[0] if self.client else "?"
        why = self.guard.admit(address)
        if why is not None:
            self.guard.refused += 1
            self.transport.write(refusal_bytes(503, "too_many_connections", why, limits.retry_after))
            self.transport.close()
            return
        self._address = address
        self._expect_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        self._leave()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle:  # a request's head arrived: its body has the router's deadline
            self._stop_head_timer()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle and self.cycle is not None:  # a request: its app is not running yet
            extensions: dict[str, Any] = self.cycle.scope.setdefault("extensions", {})
            extensions[WRITE_NOW] = partial(write_now, self.cycle)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._expect_head()

    def close_waiting(self) -> None:
        """Close this connection, which waits for a request's head, to make room for another."""
        self._stop_head_timer()
        self._leave()
        self.transport.close()

    def _leave(self) -> None:
        if self._address is not None:
            self.guard.left(self._address)
            self._address = None

    def _expect_head(self) -> None:
        self._stop_head_timer()
        self._head_timer = self.loop.call_later(self.guard.limits.head_seconds, self._head_too_slow)
        self.guard.waiting[self] = None

    def _stop_head_timer(self) -> None:
        self.guard.waiting.pop(self, None)
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        self.guard.waiting.pop(self, None)
        if self.transport.is_closing() or (self.cycle is not None and not self.cycle.response_complete):
            return
        self.transport.close()


def write_now(cycle: RequestResponseCycle, body: bytes) -> bool:
    """Write ``body`` as the next chunk of ``cycle``'s response body at once: what uvicorn's own
    ``send`` writes, without its await. False (nothing written) when ``send`` would wait (the
    client's buffer is full), the client left, the response is not a chunked body being streamed
    (an HTTP/1.0 client's has no chunks), or ``body`` is empty (a chunk of none would end it).
    The chunk is framed here (RFC 9112, 7.1): h11 keeps no count of a chunked body. On the loop."""
    if (cycle.flow.write_paused or cycle.disconnected or not cycle.response_started or cycle.response_complete
            or cycle.conn.their_http_version != b"1.1" or not body):
        return False
    cycle.transport.write(b"%x\r\n%b\r\n" % (len(body), body))
    return True


def protocol_factory(connections: Connections) -> type[GuardedH11]:
    """The protocol class uvicorn instantiates per connection (its ``http`` setting), bound to ``connections``."""

    class Bound(GuardedH11):
        def __init__(self, config: Any, server_state: Any, app_state: Any, _loop: Any = None) -> None:
            super().__init__(config, server_state, app_state, _loop, connections=connections)

    return Bound


class AcceptErrors:
    """The event loop's exception handler: errors accepting connections (out of descriptors) are
    logged once a minute with how many there were, never once per connection; the rest as asyncio does."""

    EVERY = 60.0

    def __init__(self, clock: Any = time.monotonic) -> None:
        self._clock = clock
        self._count = 0
        self._last: float | None = None

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "accept" not in str(context.get("message", "")):
            loop.default_exception_handler(context)
            return
        self._count += 1
        now = self._clock()
        if self._last is None or now - self._last >= self.EVERY:
            cause = context.get("exception")
            log.warning("cannot accept connections (%s): %d time(s) since the last warning; pages wait until "
                        "descriptors are free", cause or context.get("message"), self._count)
            self._count, self._last = 0, now
