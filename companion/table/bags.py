"""The bags' readers hooked to a table: reads in, link states kept, a beep or flash back out.

Reader threads only emit; `tag_seen` queues the read and the table's worker applies it, so the
table stays the single writer. After each read the table has decided on, the bag that read it
is told: accepted, refused, or (the chip made the pot explode) exploded.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from companion.devices import Feedback, LinkStatus, ReaderSource, SerialBag, TagSeen, open_readers

from .table import Table


class Bags:
    """Every reader of a table, started and stopped together; `status` is each link's last state."""

    def __init__(self, table: Table, specs: list[dict[str, Any]]) -> None:
        self.table = table
        self._lock = threading.Lock()
        self.status: dict[str, LinkStatus] = {}
        self.readers: dict[str, ReaderSource] = {r.reader_id: r for r in open_readers(specs, self._emit)}
        for reader in self.readers.values():
            if isinstance(reader, SerialBag):  # what the journal has needs no second delivery
                reader.settled_before(table.sent_reads(reader.reader_id))
        self._unsubscribe = table.subscribe(self._answer)

    def start(self) -> None:
        for reader in self.readers.values():
            reader.start()

    def stop(self) -> None:
        self._unsubscribe()
        for reader in self.readers.values():
            reader.stop()

    def repoint(self, table: Table) -> None:
        """A new game was started on this table: the readers feed ``table`` from now on."""
        self._unsubscribe()
        self.table = table
        self._unsubscribe = table.subscribe(self._answer)
        with self._lock:
            known = list(self.status.values())
        for status in known:
            table.reader_status(status)

    def _emit(self, event: TagSeen | LinkStatus) -> None:
        if isinstance(event, TagSeen):
            self.table.tag_seen(event)
        else:
            with self._lock:
                self.status[event.reader] = event
            self.table.reader_status(event)

    def _answer(self, seq: int, notice: Mapping[str, Any]) -> None:
        """Table subscriber: feedback for the bag whose read this notice settles."""
        read = (notice.get("payload") or {}).get("read")
        reader = self.readers.get(read.get("reader")) if read else None
        if reader is None:
            return
        if notice.get("kind") == "anomaly":
            reader.feedback(Feedback.REFUSED)
        elif any(e.get("event") == "exploded" for e in notice.get("events", ())):
            reader.feedback(Feedback.EXPLODED)
        else:
            reader.feedback(Feedback.ACCEPTED)


def reader_specs(readers: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Config readers (`companion.config.ReaderConfig`) as the device factory's specs."""
    return [{"id": r.id, "kind": r.kind, **r.options} for r in readers.values()]
