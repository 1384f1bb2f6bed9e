"""Bag readers: neutral TagSeen/LinkStatus events from RC522s on the Pi's SPI bus,
Picos on USB serial, or simulated bags.

Nothing here imports the rest of ``companion``; the Pi libraries (RPi.GPIO, spidev,
mfrc522) are imported only when an SPI reader starts.
"""
from __future__ import annotations

import inspect
from typing import Any

from .events import Emit, Feedback, LinkStatus, ReaderSource, TagSeen
from .serial_link import SerialBag
from .simulated import SimulatedBag
from .spi_reader import SpiReader, note_neighbours, wiring_clashes

__all__ = ["Feedback", "LinkStatus", "ReaderSource", "SerialBag", "SimulatedBag", "SpiReader",
           "TagSeen", "open_readers"]

KINDS = {"spi": SpiReader, "serial": SerialBag, "simulated": SimulatedBag}
ALIASES = {"kind": {"sim": "simulated"}, "option": {"baud": "baudrate"}}


def open_readers(specs: list[dict[str, Any]], emit: Emit) -> list[ReaderSource]:
    """Build (but do not start) one reader per spec.

    A spec names its ``id`` and ``kind`` ("spi", "serial" or "simulated"); the other keys
    are the reader's constructor options, e.g. ``{"id": "seat1", "kind": "spi", "bus": 0,
    "device": 1}`` (reset line GPIO24, as wired in hardware/wiring.md) or ``{"id": "seat2",
    "kind": "serial", "serial_number": "E6614104034B1A2C"}``; ``sim`` and ``baud`` are
    accepted for ``simulated`` and ``baudrate``. Raises ValueError naming the faulty spec,
    or both readers when two SPI readers share a chip select or a reset line. SPI readers
    learn which others share their bus, for the advice on a wiring fault.
    """
    readers: list[ReaderSource] = []
    seen: set[str] = set()
    for spec in specs:
        options = dict(spec)
        reader_id = options.pop("id", None)
        kind = options.pop("kind", None)
        kind = ALIASES["kind"].get(kind, kind)
        options = {ALIASES["option"].get(key, key): value for key, value in options.items()}
        if not isinstance(reader_id, str) or not reader_id:
            raise ValueError(f"reader spec {spec!r} needs an 'id'")
        if reader_id in seen:
            raise ValueError(f"reader id {reader_id!r} is used twice")
        if kind not in KINDS:
            raise ValueError(f"reader {reader_id!r}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        cls = KINDS[kind]
        allowed = [name for name in inspect.signature(cls).parameters if name not in ("reader_id", "emit")]
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise ValueError(f"reader {reader_id!r}: unknown option(s) {', '.join(unknown)}; "
                             f"{kind} readers take {', '.join(allowed) or 'no options'}")
        seen.add(reader_id)
        try:
            readers.append(cls(reader_id, emit, **options))
        except ValueError as exc:
            raise ValueError(f"reader {reader_id!r}: {exc}") from None
    clashes = wiring_clashes((r.reader_id, r.bus, r.device, r.reset_pin) for r in readers if isinstance(r, SpiReader))
    if clashes:
        raise ValueError("; ".join(f"reader {reader_id!r}: {what}" for reader_id, what in clashes))
    note_neighbours(readers)
    return readers
