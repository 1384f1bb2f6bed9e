"""Fan-out of journal writes to every open Server-Sent Events stream.

The table calls ``publish`` after each journal write. Each stream thread waits on one condition
for news beyond what it has sent, so a write wakes every page at once. The hub keeps the last few
hundred entries: a page that reconnects with ``Last-Event-ID`` gets each entry it missed, in
order and under its own id, then the current view. A view is rendered once per change and
perspective (a seat, the table, the host), however many pages share it.
"""

from __future__ import annotations

import json
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterator
from typing import Any

KEEPALIVE_SECONDS = 15.0
RETRY_MS = 1500


class Hub:
    """One per app; ``render(perspective)`` returns the current view for that perspective."""

    def __init__(self, render: Callable[[str], dict[str, Any]], history: int = 512) -> None:
        self._render = render
        self._cond = threading.Condition()
        self._entries: deque[tuple[int, dict[str, Any] | None]] = deque(maxlen=history)
        self._seq = 0
        self._game: str | None = None
        self._version = 0  # bumped on every change, journal or not
        self._cache: dict[str, str] = {}
        self._cache_version = -1
        self._live: Counter[str] = Counter()
        self._closed = False
        self.keepalive = KEEPALIVE_SECONDS

    def reset(self, game: str | None, seq: int) -> None:
        """Start over for a new (or resumed) game whose journal is at ``seq``."""
        with self._cond:
            self._entries.clear()
            self._game, self._seq = game, seq
            self._version += 1
            self._cond.notify_all()

    def publish(self, seq: int, entry: dict[str, Any] | None = None) -> None:
        """Record journal entry ``seq`` and wake every stream."""
        with self._cond:
            self._entries.append((seq, entry))
            self._seq = max(self._seq, seq)
            self._version += 1
            self._cond.notify_all()

    def touch(self) -> None:
        """Wake every stream to re-send its view after a change outside the journal."""
        with self._cond:
            self._version += 1
            self._cond.notify_all()

    def close(self) -> None:
        """End every stream (server shutdown)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def seq(self) -> int:
        return self._seq

    @property
    def game(self) -> str | None:
        return self._game

    def live(self) -> dict[str, int]:
        """Open streams per perspective, for the host's connection panel."""
        with self._cond:
            return {k: v for k, v in self._live.items() if v > 0}

    def _view_json(self, perspective: str, version: int) -> str:
        with self._cond:
            if self._cache_version != version:
                self._cache, self._cache_version = {}, version
            cached = self._cache.get(perspective)
        if cached is None:
            cached = json.dumps(self._render(perspective), separators=(",", ":"))
            with self._cond:
                if self._cache_version == version:
                    self._cache[perspective] = cached
        return cached

    def _message(self, seq: int, entry: dict[str, Any] | None, view: str | None,
                 reset: bool = False) -> str:
        head = json.dumps({"seq": seq, "game": self._game, "reset": reset, "entry": entry},
                          separators=(",", ":"))
        body = head[:-1] + (f',"view":{view}}}' if view is not None else "}")
        return f"id: {seq}\ndata: {body}\n\n"

    def stream(self, perspective: str, last_id: str | None) -> Iterator[str]:
        """The SSE text for one page: catch-up, then every entry as it happens, with keep-alives."""
        with self._cond:
            self._live[perspective] += 1
            self._version += 1  # the host's connection panel changes
            self._cond.notify_all()
        try:
            yield f"retry: {RETRY_MS}\n: connected\n\n"
            cursor = _parse(last_id)
            with self._cond:
                oldest = self._entries[0][0] if self._entries else self._seq + 1
                seen = self._version
                if cursor is not None and (cursor > self._seq or cursor < oldest - 1):
                    cursor = None
                if cursor is None:
                    cursor = self._seq
                    pending: list[tuple[int, dict[str, Any] | None]] | None = None
                else:
                    pending = [e for e in self._entries if e[0] > cursor]
            if pending is None:
                yield self._message(cursor, None, self._view_json(perspective, seen), reset=True)
            else:
                cursor = yield from self._send(perspective, cursor, pending, seen)
            while True:
                with self._cond:
                    news = self._cond.wait_for(
                        lambda seen=seen: self._closed or self._version != seen, self.keepalive)
                    if self._closed:
                        return
                    seen = self._version
                    pending = [e for e in self._entries if e[0] > cursor]
                if not news:
                    yield ": keep-alive\n\n"
                    continue
                cursor = yield from self._send(perspective, cursor, pending, seen)
        finally:
            with self._cond:
                self._live[perspective] -= 1
                self._version += 1
                self._cond.notify_all()

    def _send(self, perspective: str, cursor: int,
              pending: list[tuple[int, dict[str, Any] | None]], version: int) -> Iterator[str]:
        """Each missed entry under its own id; the last one carries the current view."""
        for seq, entry in pending[:-1]:
            yield self._message(seq, entry, None)
        seq, entry = pending[-1] if pending else (cursor, None)
        yield self._message(seq, entry, self._view_json(perspective, version))
        return seq


def _parse(last_id: str | None) -> int | None:
    try:
        return int(last_id) if last_id else None
    except ValueError:
        return None
