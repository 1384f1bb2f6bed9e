"""A bag without hardware: the demo's draw button and tests present chips by UID."""
from __future__ import annotations

import time

from .events import (
    OFFLINE,
    ONLINE,
    Emit,
    Feedback,
    LinkStatus,
    StatusKeeper,
    TagSeen,
    normalise_uid,
)


class SimulatedBag:
    def __init__(self, reader_id: str, emit: Emit):
        self.reader_id = reader_id
        self.emit = emit
        self.feedback_given: list[Feedback] = []
        self._status = StatusKeeper(reader_id, emit, OFFLINE, "not started")

    @property
    def status(self) -> LinkStatus:
        return self._status.current

    def start(self) -> None:
        self._status.set(ONLINE, "simulated bag")

    def stop(self) -> None:
        self._status.set(OFFLINE, "stopped")

    def present(self, uid: str, at: float | None = None) -> TagSeen:
        """A chip passes the (imaginary) antenna (at `at`, default now): emit its TagSeen like a real reader."""
        event = TagSeen(self.reader_id, normalise_uid(uid), time.time() if at is None else at)
        self.emit(event)
        return event

    def feedback(self, kind: Feedback) -> None:
        self.feedback_given.append(kind)
