"""The room screen's live stream: one LISTEN on PostgreSQL, the newest room content to every screen.

A table's push commits with a NOTIFY (`ingest.CHANNEL`); the feed, a task on the server's event
loop, reads the room once per burst of notifications and wakes every open room screen, which
sends it as a server-sent event. A screen that connects gets the current content at once, then
each change; a comment every 15 seconds keeps idle connections open through proxies.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import psycopg

from .database import LeagueDatabase
from .ingest import CHANNEL
from .room import room

log = logging.getLogger(__name__)

KEEPALIVE = 15.0
MAX_SCREENS = 500
"""Room screens open at once; one more gets a 503 (a room has a few, a convention a few dozen)."""


class RoomFeed:
    """The newest room content and its version, refreshed whenever PostgreSQL announces a change."""

    def __init__(self, db: LeagueDatabase) -> None:
        self.db = db
        self.version = 0
        self.body = b""
        self.screens = 0
        self._changed: asyncio.Condition | None = None
        self._dirty: asyncio.Event | None = None
        self._tasks: list[asyncio.Task[None]] = []

    def _read(self) -> bytes:
        with self.db.connection() as conn:
            return json.dumps(room(conn), default=str, separators=(",", ":")).encode()

    async def start(self) -> None:
        """On the server's loop, at the first screen: listen, read the room once."""
        if self._changed is not None:
            return
        self._changed, self._dirty = asyncio.Condition(), asyncio.Event()
        await self._publish()
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._refresh())]

    async def _publish(self) -> None:
        assert self._changed is not None
        body = await asyncio.to_thread(self._read)
        async with self._changed:
            self.body, self.version = body, self.version + 1
            self._changed.notify_all()

    async def _listen(self) -> None:
        assert self._dirty is not None
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.db.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self._dirty.set()  # anything missed while not listening
                    async for _ in conn.notifies():
                        self._dirty.set()
            except psycopg.Error as err:
                log.warning("room screens: lost the league database (%s); listening again in 2 s", err)
                await asyncio.sleep(2)

    async def _refresh(self) -> None:
        assert self._dirty is not None
        while True:
            await self._dirty.wait()
            self._dirty.clear()  # notifications from now on make another read
            try:
                await self._publish()
            except psycopg.Error as err:
                log.warning("room screens: cannot read the room (%s)", err)
                await asyncio.sleep(1)

    async def newer(self, seen: int) -> int:
        """Wait until the content is newer than version `seen` (or the keep-alive is due); the version."""
        assert self._changed is not None
        async with self._changed:
            if self.version == seen:
                try:
                    await asyncio.wait_for(self._changed.wait(), KEEPALIVE)
                except TimeoutError:
                    pass
            return self.version

    async def stream(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """The ASGI stream of one room screen."""
        if self.screens >= MAX_SCREENS:
            await send({"type": "http.response.start", "status": 503, "headers": [(b"retry-after", b"30")]})
            await send({"type": "http.response.body", "body": b"too many room screens"})
            return
        await self.start()
        self.screens += 1
        gone = asyncio.create_task(_disconnected(receive))
        try:
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-store")]})
            seen = 0
            while not gone.done():
                waiting = asyncio.create_task(self.newer(seen))
                await asyncio.wait({waiting, gone}, return_when=asyncio.FIRST_COMPLETED)
                if gone.done():
                    waiting.cancel()
                    break
                version = waiting.result()
                message = b": still here\n\n" if version == seen else b"data: " + self.body + b"\n\n"
                seen = version
                await send({"type": "http.response.body", "body": message, "more_body": True})
        except OSError:
            pass  # the screen went away mid-write
        finally:
            self.screens -= 1
            gone.cancel()

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()


async def _disconnected(receive: Any) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
