"""Serving the app with waitress, which streams: one thread per open page plus a few spare."""

from __future__ import annotations

import threading
import time

from flask import Flask
from waitress.server import create_server

THREADS = 48
"""Each open page holds a thread for its live stream: 4 seats on two devices, table, host, spares."""


class Server:
    """A waitress server for ``app`` that can run in the foreground or in a thread, and stop."""

    def __init__(self, app: Flask, host: str, port: int, threads: int = THREADS) -> None:
        self.app = app
        self._server = create_server(app, host=host, port=port, threads=threads,
                                     channel_timeout=300, ident="quacks")
        self.port: int = self._server.effective_port  # type: ignore[union-attr]
        self.host = host
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"http://{host}:{self.port}"

    def run(self) -> None:
        """Serve until interrupted."""
        try:
            self._server.run()
        finally:
            self.stop()

    def start(self) -> Server:
        """Serve in a background thread (tests, benchmark)."""
        self._thread = threading.Thread(target=self._server.run, name="waitress", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """End every live stream, then close the connections, the listening socket and the workers."""
        hub = self.app.extensions["companion.hub"]
        hub.close()
        deadline = time.monotonic() + 2
        while hub.live() and time.monotonic() < deadline:
            time.sleep(0.01)
        for channel in list(self._server._map.values()):  # type: ignore[union-attr]
            channel.close()
        self._server.task_dispatcher.shutdown()  # type: ignore[union-attr]
        if self._thread is not None:
            self._thread.join(timeout=5)
