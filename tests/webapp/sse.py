"""A plain HTTP client for Server-Sent Events, as a phone's browser would hold one open.

Like the pages' own client (``live.js``), it keeps the view the stream sent whole and applies each
patch to it: every event that changed the view carries the whole view under ``data["view"]`` (the
patch stays under ``data["patch"]``), and a seat's ``advice`` event carries the advice itself."""

from __future__ import annotations

import http.client
import json
import socket
from dataclasses import dataclass
from typing import Any

from companion.webapp.patch import apply


@dataclass
class Event:
    id: str | None
    data: dict[str, Any]
    name: str = "message"
    size: int = 0
    """The event's bytes on the wire."""


class HeldView:
    """The view a page holds, and the versions it is at, kept up to date from its stream's events."""

    def __init__(self) -> None:
        self.view: Any = None
        self.at: str | None = None

    def take(self, data: dict[str, Any], name: str) -> None:
        """Apply the event (its whole view, its patch, or a seat's advice) to the view held."""
        if "patch" in data or (name != "message" and "base" in data):
            assert data["base"] == self.at, f"a change from {data['base']} for a page at {self.at}"
        if "view" in data:
            self.view = data["view"]
        elif "patch" in data:
            self.view = apply(self.view, data["patch"])
        elif name != "message" and "path" in data:
            self.view = apply(self.view, [[data["path"], data["value"]]])
        else:
            return
        self.at = data.get("at")  # (a server of before the patches sends no versions)


class SSEClient:
    """Opens ``path`` on ``host:port`` (from loopback address ``source``, as another device would;
    with a socket that buffers about ``receive_buffer`` bytes, as a slow phone's would);
    ``next()`` returns the next event (comments are skipped)."""

    def __init__(self, host: str, port: int, path: str, last_id: str | None = None, timeout: float = 10,
                 cookie: str | None = None, source: str | None = None, receive_buffer: int | None = None) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=timeout,
                                               source_address=(source, 0) if source else None)
        if receive_buffer is not None:  # set before connecting, so the window the server sees is small
            self.conn.sock = socket.socket()
            self.conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
            self.conn.sock.settimeout(timeout)
            self.conn.sock.connect((host, port))
        headers = {"Accept": "text/event-stream"}
        if cookie:
            headers["Cookie"] = cookie
        if last_id is not None:
            headers["Last-Event-ID"] = last_id
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.status
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")
        self.keepalives = 0
        self.held = HeldView()

    def next(self) -> Event:
        event = self._read(until_keepalive=False)
        assert event is not None
        return event

    def until_keepalive(self) -> list[Event]:
        """The events before the next keep-alive comment: all the stream sent until it had nothing to send."""
        events = []
        while (event := self._read(until_keepalive=True)) is not None:
            events.append(event)
        return events

    def _read(self, until_keepalive: bool) -> Event | None:
        event_id, data, name, size = None, [], "message", 0
        while True:
            line = self.response.readline()
            if not line:
                raise ConnectionError("the stream closed")
            size += len(line)
            line = line.decode().rstrip("\r\n")
            if not line:
                if data:
                    return Event(event_id, self._hold(json.loads("\n".join(data)), name), name, size)
                continue
            if line.startswith(": keep-alive"):
                self.keepalives += 1
                if until_keepalive:
                    return None
            elif line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("id:"):
                event_id = line[3:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())

    def _hold(self, data: dict[str, Any], name: str) -> Any:
        """Keep the view up to date from the event, as the page does; the event as a page's renderer
        gets it (with the whole view, a copy of its own; an advice event's advice)."""
        self.held.take(data, name)
        if "view" in data or "patch" in data:
            return {**data, "view": json.loads(json.dumps(self.held.view))}
        if name != "message" and "path" in data:
            return data["value"]
        return data

    @property
    def view(self) -> Any:
        return self.held.view

    @property
    def at(self) -> str | None:
        return self.held.at

    def wait_keepalive(self) -> None:
        """Read until a keep-alive comment arrives (the stream must carry nothing else meanwhile)."""
        line = self.response.readline().decode()
        while line in ("\n", "\r\n"):
            line = self.response.readline().decode()
        assert line.startswith(": keep-alive"), line
        self.keepalives += 1

    def next_entry(self) -> Event:
        """The next event that carries a journal entry (skipping view refreshes such as a phone
        joining, and a seat's advice events)."""
        while True:
            event = self.next()
            if event.data.get("entry") is not None:
                return event

    def close(self) -> None:
        try:
            self.conn.sock and self.conn.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.conn.close()
