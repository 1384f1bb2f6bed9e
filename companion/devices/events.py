"""Neutral reader events: what every reader topology reports to the table.

Reader threads only call ``emit`` (which the table makes a queue put); they never touch
game state, so the table stays the single writer.
"""
from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

ONLINE = "online"
CONNECTING = "connecting"
OFFLINE = "offline"
FAILED = "failed"  # the reader's own code raised; it is restarted with back-off


@dataclass(frozen=True)
class TagSeen:
    """A chip arrived at a bag's antenna (one pass = one event).

    ``settled``, when given, is called by the table once the read is journalled or refused;
    a Pico bag acknowledges its TAG only then, so a host crash in between loses no draw.
    ``sent`` is a Pico bag's (boot id, sequence number) of the TAG, journalled with the read
    so that a TAG the bag sends again after a host restart is known as already settled.
    """

    reader: str
    uid: str  # upper-case hex, no separators, 4/7/10 bytes
    at: float = field(default_factory=time.time)
    settled: Callable[[], None] | None = field(default=None, compare=False, repr=False)
    sent: tuple[str, int] | None = None


@dataclass(frozen=True)
class LinkStatus:
    """A reader's connection state changed; ``detail`` says what to check."""

    reader: str
    state: str  # "offline" | "connecting" | "online" | "failed"
    detail: str = ""
    at: float = 0.0


class Feedback(enum.Enum):
    ACCEPTED = "accepted"
    REFUSED = "refused"
    EXPLODED = "exploded"


Event = TagSeen | LinkStatus
Emit = Callable[[Event], None]


class ReaderSource(Protocol):
    """What the table needs from any reader: SPI reader, serial bag or simulated bag."""

    reader_id: str

    def start(self) -> None: ...

    def stop(self) -> None: ...

    @property
    def status(self) -> LinkStatus: ...

    def feedback(self, kind: Feedback) -> None: ...


def normalise_uid(uid: str) -> str:
    """Upper-case hex without separators; raise ValueError for anything else."""
    text = "".join(ch for ch in uid if ch not in ": -").upper()
    if len(text) not in (8, 14, 20) or any(ch not in "0123456789ABCDEF" for ch in text):
        raise ValueError(f"{uid!r} is not a 4-, 7- or 10-byte UID in hex")
    return text


class StatusKeeper:
    """Holds a source's current LinkStatus and emits it only when state or detail change."""

    def __init__(self, reader_id: str, emit: Emit, state: str = OFFLINE, detail: str = ""):
        self.reader_id = reader_id
        self.emit = emit
        self.current = LinkStatus(reader_id, state, detail, time.time())

    def set(self, state: str, detail: str = "") -> None:
        if (state, detail) == (self.current.state, self.current.detail):
            return
        self.current = LinkStatus(self.reader_id, state, detail, time.time())
        self.emit(self.current)
