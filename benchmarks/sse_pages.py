"""The live pages of `bench_sse.py`, all in one process of their own, as lean as a page's reading.

    python benchmarks/sse_pages.py PORT COOKIE PATH [PATH ...]

Opens one stream per ``PATH`` (``COOKIE`` for the host's), prints ``ready NUMBER`` as each page has
its first view, then one line per event: the page's number, the time its last byte was read
(``time.perf_counter``, the same clock in every process of the machine), the seq of the input it
carries (``-`` for none), its kind (``message``, ``advice``) and its bytes. Each page keeps its view
and applies every patch and advice event to it (`tests/webapp/sse.HeldView`), as the pages'
``live.js`` does; a change that does not apply ends the process with the error.

On a table the pages run on the players' phones, not on the Pi. Here they share the server's
machine, so they must cost it as little as they can: every page that has bytes waiting is read and
its arrival timed first, and only then are the events parsed and applied, so no page's time
includes another's parsing; one process (one wake-up for the pages a message reaches together)
instead of twelve interpreters waking each for its own; the stream read straight from the socket.
Ends when its standard input closes.
"""

from __future__ import annotations

import json
import os
import selectors
import socket
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.webapp.sse import HeldView  # noqa: E402


class Page:
    """One stream: its socket, the chunked body read so far, its events' text, and its view."""

    def __init__(self, number: int, port: int, path: str, cookie: str | None) -> None:
        self.number = number
        self.sock = socket.create_connection(("127.0.0.1", port))
        head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if cookie:
            head += f"Cookie: {cookie}\r\n"
        self.sock.sendall((head + "\r\n").encode())
        self.raw = b""  # bytes read and not yet taken out of their chunks
        self.text = b""  # the stream's text, out of its chunks, not yet split into events
        self.headed = False
        self.held = HeldView()
        self.pending = 0  # bytes of comments and fields before the next event's data (counted in its size)
        self.ready = False

    def events(self) -> list[tuple[str, str | None, int]]:
        """The whole events read so far: (name, its data's text or None, its bytes)."""
        if not self.headed:
            head, found, rest = self.raw.partition(b"\r\n\r\n")
            if not found:
                return []
            status = head.split(b"\r\n", 1)[0]
            if b" 200 " not in status + b" " or b"chunked" not in head.lower():
                raise ConnectionError(f"page {self.number}: {head.decode(errors='replace')}")
            self.headed, self.raw = True, rest
        self._unchunk()
        found = []
        while (end := self.text.find(b"\n\n")) >= 0:
            block, self.text = self.text[:end], self.text[end + 2:]
            name, data = "message", []
            for line in block.decode().split("\n"):
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
            self.pending += end + 2
            if data:
                found.append((name, "\n".join(data), self.pending))
                self.pending = 0
        return found

    def _unchunk(self) -> None:
        while True:
            size_line, found, rest = self.raw.partition(b"\r\n")
            if not found:
                return
            size = int(size_line, 16)
            if size == 0:
                raise ConnectionError("the stream closed")
            if len(rest) < size + 2:
                return
            self.text += rest[:size]
            self.raw = rest[size + 2:]


def main() -> None:
    port, cookie, paths = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    pages = [Page(n, port, path, cookie if path.endswith("host") else None) for n, path in enumerate(paths)]
    selector = selectors.DefaultSelector()
    for page in pages:
        selector.register(page.sock, selectors.EVENT_READ, page)
    selector.register(sys.stdin, selectors.EVENT_READ, None)
    while True:
        arrived = []
        for key, _ in selector.select():
            if key.data is None:
                return  # the benchmark closed our input
            page = key.data
            chunk = page.sock.recv(1 << 16)
            arrived.append((page, time.perf_counter(), chunk))
        lines = []
        for page, at, chunk in arrived:  # timed above, parsed and applied now
            if not chunk:
                return  # the server stopped
            page.raw += chunk
            for name, data, size in page.events():
                event = json.loads(data)
                page.held.take(event, name)
                if not page.ready:
                    page.ready = True
                    lines.append(f"ready {page.number}\n")
                    continue
                seq = event.get("seq") if name == "message" and event.get("entry") is not None else "-"
                lines.append(f"{page.number} {at} {seq} {name} {size}\n")
        if lines:
            os.write(1, "".join(lines).encode())


if __name__ == "__main__":
    try:
        main()
    except Exception:  # a change that does not apply, a stream refused: the benchmark stops with it
        traceback.print_exc()
        os._exit(1)
