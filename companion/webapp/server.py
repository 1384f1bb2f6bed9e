"""Serving the app on one event loop (uvicorn, pure Python: h11 and asyncio, fine on a Pi Zero 2 W).

Live streams are coroutines on the loop (``stream.StreamEndpoint``); every other request goes to
the Flask app in a small pool of threads (a2wsgi) once its body has arrived, read on the loop
within a deadline. An open page or a slow client therefore never holds a worker, and the pool
only ever runs short requests. What each connection may take and hold is ``connections``.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import sys
import threading
from typing import Any

import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask

from .connections import (
    ACCEPT_BATCH,
    AcceptErrors,
    ConnectionLimits,
    Connections,
    protocol_factory,
    raise_descriptor_limit,
    refuse,
)
from .memory import settle, unsettle
from .stream import StreamEndpoint, StreamLimits

WORKERS = 8
"""Threads for the Flask app's short requests (pages, views, inputs)."""

STREAM_PREFIX = "/api/stream/"

LISTEN_QUEUE = 2048
"""Connections the kernel holds until the loop accepts them."""

SEND_BUFFER = 64 * 1024
"""The kernel's send buffer per connection (plenty on a LAN; bounds what a stalled page holds)."""

SWITCH_INTERVAL = 0.0005
"""How long a thread keeps the interpreter while another waits for it, while serving (Python's
default is 5 ms). The phones' advice is searched in pure Python between the views' renders; at the
default the event loop waited up to 5 ms for the interpreter after each write to a page while a
search ran, and an update took tens of milliseconds to reach twelve pages (benchmarks/README.md)."""


class Router:
    """The ASGI app: ``/api/stream/...`` on the event loop, everything else to Flask in threads
    once its body is in (at most the app's ``MAX_CONTENT_LENGTH``, within ``body_seconds``)."""

    def __init__(self, app: Flask, limits: StreamLimits | None = None, workers: int = WORKERS,
                 body_seconds: float = ConnectionLimits.body_seconds) -> None:
        self.streams = StreamEndpoint(app, limits)
        self.flask = WSGIMiddleware(app, workers=workers)  # type: ignore[arg-type]
        self.max_body: int = app.config["MAX_CONTENT_LENGTH"]
        self.body_seconds = body_seconds

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith(STREAM_PREFIX) and scope["method"] == "GET":
            await self.streams(scope, receive, send)
            return
        if scope["type"] != "http":
            return
        try:
            body = await self._body(scope, receive)
        except TooLarge:
            await refuse(send, 413, "too_large", "The request is too large.", close=True)
            return
        except TimeoutError:
            await refuse(send, 408, "slow_body", "The request took too long to arrive: try again.", close=True)
            return
        except Gone:
            return
        await self.flask(scope, _replay(body, receive), send)  # type: ignore[arg-type]

    async def _body(self, scope: dict[str, Any], receive: Any) -> bytes:
        """The request's whole body, read here so that no worker thread waits on a slow client."""
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body:
                raise TooLarge
        chunks: list[bytes] = []
        size = 0
        async with asyncio.timeout(self.body_seconds):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise Gone
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    raise TooLarge
                chunks.append(chunk)
                if not message.get("more_body"):
                    return b"".join(chunks)


class TooLarge(Exception):
    """A body over the app's limit: refused before any more of it is read."""


class Gone(Exception):
    """The client closed the connection before its request's body was in."""


def _replay(body: bytes, receive: Any) -> Any:
    """An ASGI ``receive`` that gives ``body`` whole, then waits for the disconnect as the original does."""
    sent = False

    async def replayed() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # type: ignore[no-any-return]

    return replayed


class _DroppedPages(logging.Filter):
    """The stream already logged why it dropped a page that stopped reading; uvicorn need not add an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("ASGI callable returned without completing response")


class _Uvicorn(uvicorn.Server):
    """Ends the live streams first on Ctrl+C, so the shutdown does not wait for open pages."""

    def __init__(self, config: uvicorn.Config, on_exit: Any) -> None:
        super().__init__(config)
        self._on_exit = on_exit

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """asyncio listens with a queue as long as the connections it accepts at once
        (``ACCEPT_BATCH``); the kernel may hold many more, so a burst of connections waits in it
        rather than have a phone's dropped (its retry comes a second later)."""
        await super().startup(sockets)
        for sock in sockets or []:
            sock.listen(LISTEN_QUEUE)

    def handle_exit(self, sig: int, frame: Any) -> None:
        self._on_exit()
        super().handle_exit(sig, frame)


class Server:
    """The app served on ``host:port`` in the foreground or in a thread, and stopped."""

    def __init__(self, app: Flask, host: str, port: int, limits: StreamLimits | None = None,
                 connections: ConnectionLimits | None = None) -> None:
        self.app = app
        self.host = host
        self.connections = Connections((connections or ConnectionLimits()).within(raise_descriptor_limit()))
        limits = (limits or StreamLimits()).within(self.connections.limits.total)
        self.router = Router(app, limits, body_seconds=self.connections.limits.body_seconds)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # Named TCP, so asyncio turns Nagle's algorithm off on every connection (it does only for a
        # socket whose protocol says TCP): else a message written while the last one waits for its
        # acknowledgement is held back until the client's delayed ACK, some 40 ms.
        self._socket = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Inherited by every connection: a page that stops reading fills this little, then is dropped.
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        self._socket.bind((host, port))
        self._socket.listen(LISTEN_QUEUE)  # connections wait for the loop from now on, not refused
        self.port: int = self._socket.getsockname()[1]
        bounds = self.connections.limits
        config = uvicorn.Config(self.router, lifespan="off", log_level="warning", access_log=False,
                                timeout_graceful_shutdown=2, server_header=False, loop="asyncio",
                                http=protocol_factory(self.connections), timeout_keep_alive=bounds.idle_seconds,
                                h11_max_incomplete_event_size=bounds.max_head_bytes, backlog=ACCEPT_BATCH)
        self._server = _Uvicorn(config, app.extensions["companion.hub"].close)
        logging.getLogger("uvicorn.error").addFilter(_DroppedPages())
        self._thread: threading.Thread | None = None
        self._switch = sys.getswitchinterval()

    @property
    def limits(self) -> StreamLimits:
        return self.router.streams.limits

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"http://{host}:{self.port}"

    def run(self) -> None:
        """Serve until interrupted (Ctrl+C or SIGTERM)."""
        settle()
        sys.setswitchinterval(SWITCH_INTERVAL)
        # uvicorn raises the signal again once it has stopped serving: SIGTERM's default would end
        # the process there, before the workers, the table and the journal are closed
        before = signal.signal(signal.SIGTERM, _terminated)
        try:
            asyncio.run(self._serve())
        finally:
            signal.signal(signal.SIGTERM, before)
            self.app.extensions["companion.hub"].close()
            self.app.extensions["companion.game"].assist.close()
            self.router.flask.executor.shutdown(wait=False)
            unsettle()
            sys.setswitchinterval(self._switch)

    async def _serve(self) -> None:
        asyncio.get_running_loop().set_exception_handler(AcceptErrors())
        await self._server.serve(sockets=[self._socket])

    def start(self) -> Server:
        """Serve in a background thread (tests, benchmark); returns once the server listens."""
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), name="uvicorn", daemon=True)
        self._thread.start()
        while not self._server.started and self._thread.is_alive():
            threading.Event().wait(0.01)
        settle()
        sys.setswitchinterval(SWITCH_INTERVAL)
        return self

    def stop(self) -> None:
        """End every live stream, then close the connections and the listening socket."""
        self.app.extensions["companion.hub"].close()
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.app.extensions["companion.game"].assist.close()
        self.router.flask.executor.shutdown(wait=False)
        self._socket.close()
        unsettle()
        sys.setswitchinterval(self._switch)


def _terminated(sig: int, frame: Any) -> None:
    """SIGTERM (systemd's stop, `kill`) after the server stopped: leave through the callers'
    `finally`s, as Ctrl+C does."""
    raise SystemExit(0)
