"""Serving the league: uvicorn's event loop holds the room screens' streams, Flask (in a few
threads) answers the tables' pushes and the pages."""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
from typing import Any

import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask

from .stream import RoomFeed

STREAM_PATH = "/room/stream"
WORKERS = 8
"""Threads for pushes and pages; each push replays its game, so more threads would only wait for the CPU."""
SWITCH_INTERVAL = 0.0005
"""How long a thread keeps the interpreter while another waits (Python's default is 5 ms): a push makes
some twenty round trips to PostgreSQL, and at the default each answer waited up to 5 ms for the
interpreter while another push replayed its game (benchmarks/README.md)."""


class Router:
    """The ASGI app: the room stream on the loop, everything else to Flask."""

    def __init__(self, app: Flask) -> None:
        self.feed = RoomFeed(app.extensions["league.db"])
        self.flask = WSGIMiddleware(app, workers=WORKERS)  # type: ignore[arg-type]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] == STREAM_PATH and scope["method"] == "GET":
            await self.feed.stream(scope, receive, send)
        else:
            await self.flask(scope, receive, send)  # type: ignore[arg-type]


class LeagueServer:
    """The league on ``host:port``, in the foreground or in a thread."""

    def __init__(self, app: Flask, host: str, port: int) -> None:
        self.host = host
        self.router = Router(app)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self._socket = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # TCP: no Nagle delay
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, port))
        self._socket.listen(1024)
        self.port: int = self._socket.getsockname()[1]
        config = uvicorn.Config(self.router, lifespan="off", log_level="warning", access_log=False,
                                timeout_graceful_shutdown=2, server_header=False)
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"http://{host}:{self.port}"

    def run(self) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            self._server.run(sockets=[self._socket])
        finally:
            self.router.feed.close()
            self.router.flask.executor.shutdown(wait=False)

    def start(self) -> LeagueServer:
        """Serve in a background thread (tests, benchmark); returns once it listens."""
        self._thread = threading.Thread(target=lambda: asyncio.run(self._server.serve(sockets=[self._socket])),
                                        name="league-uvicorn", daemon=True)
        self._thread.start()
        while not self._server.started and self._thread.is_alive():
            threading.Event().wait(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._server.force_exit = True  # open room screens do not hold the stop
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.router.feed.close()
        self.router.flask.executor.shutdown(wait=False)
        self._socket.close()
