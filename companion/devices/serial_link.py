"""Topology 2: a Raspberry Pi Pico per bag on USB serial (protocol: firmware/PROTOCOL.md).

The link finds its bag by USB serial number (or a fixed port path), opens it, asks for
HELLO, turns TAG frames into TagSeen events exactly once (dropping repeats by boot id
and sequence number), acknowledges a TAG once the table has journalled or refused it, marks the bag offline when heartbeats
stop, and reopens the port with back-off after an unplug.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable

from .events import (
    CONNECTING,
    OFFLINE,
    ONLINE,
    Emit,
    Feedback,
    TagSeen,
    normalise_uid,
)
from .frames import PROTOCOL_VERSION, FrameError, LineSplitter, decode, encode
from .worker import ReaderThread

log = logging.getLogger(__name__)

BY_ID_DIR = "/dev/serial/by-id"
KEPT_BOOTS = 4


def find_port(serial_number: str, by_id_dir: str = BY_ID_DIR) -> str | None:
    """The device path of the USB serial port with this serial number, if plugged in."""
    try:
        names = sorted(os.listdir(by_id_dir))
    except OSError:
        names = []
    wanted = serial_number.lower()
    for name in names:
        if f"_{wanted}-if" in name.lower():
            return os.path.join(by_id_dir, name)
    from serial.tools import list_ports

    for port in list_ports.comports():
        if (port.serial_number or "").lower() == wanted:
            return port.device
    return None


class SerialBag(ReaderThread):
    """Host end of one bag's USB serial link, run by its own thread."""

    thread_prefix = "bag"

    def __init__(self, reader_id: str, emit: Emit, port: str | None = None,
                 serial_number: str | None = None, *, baudrate: int = 115200,
                 silence: float = 3.0, hello_every: float = 1.0,
                 backoff: tuple[float, float] = (0.2, 5.0), read_timeout: float = 0.05,
                 write_timeout: float = 0.5,
                 by_id_dir: str = BY_ID_DIR, on_line: Callable[[bytes], None] | None = None):
        if not (port or serial_number):
            raise ValueError(f"{reader_id}: a serial bag needs a port or a serial_number")
        super().__init__(reader_id, emit)
        self.port = port
        self.serial_number = serial_number
        self.baudrate = baudrate
        self.silence = silence
        self.hello_every = hello_every
        self.backoff = backoff
        self.read_timeout = read_timeout
        self.write_timeout = write_timeout  # a bag that stops reading must not block feedback()
        self.by_id_dir = by_id_dir
        self.on_line = on_line  # sees every received line, valid or not (diagnostics)
        self.hello: dict[str, str] = {}  # protocol, firmware, bag, boot, reader
        self.heartbeat: dict[str, str | int] = {}
        self._bag_clock: tuple[str, int, float] = ("", 0, 0.0)  # boot, bag ms, our monotonic
        self.bad_frames = 0
        self.duplicates = 0
        self._delivered: dict[str, set[int]] = {}
        self._unsettled: set[tuple[str, int]] = set()  # delivered, not yet journalled or refused
        self._serial = None
        self._write_lock = threading.Lock()

    @property
    def where(self) -> str:
        return self.port or f"USB serial number {self.serial_number}"

    def feedback(self, kind: Feedback) -> None:
        """Ask the bag to beep/flash; dropped (and logged) while the bag is offline."""
        if not self._send("FB", kind.value):
            log.info("%s: feedback %s dropped, bag not connected", self.reader_id, kind.value)

    # -- thread --------------------------------------------------------------------
    def resolve(self) -> str | None:
        if self.port:
            return self.port if os.path.exists(self.port) else None
        return find_port(self.serial_number, self.by_id_dir)

    def _run(self) -> None:
        import serial

        delay = self.backoff[0]
        while not self._stop.is_set():
            path = self.resolve()
            if path is None:
                self._status.set(OFFLINE, f"bag not found ({self.where}): is it plugged in? "
                                          "Run 'quacks doctor' to list bags")
            else:
                try:
                    port = serial.Serial(path, self.baudrate, timeout=self.read_timeout,
                                         write_timeout=self.write_timeout, exclusive=True)
                except (serial.SerialException, OSError) as exc:
                    self._status.set(OFFLINE, f"cannot open {path}: {exc}")
                else:
                    delay = self.backoff[0]
                    self._session(port, path)
                    continue
            self._stop.wait(delay)
            delay = min(delay * 2, self.backoff[1])

    def _session(self, port, path: str) -> None:
        import serial

        self.hello = {}
        splitter = LineSplitter()
        self._serial = port
        last_rx = time.monotonic()
        last_ask = float("-inf")
        try:
            port.reset_input_buffer()  # stale bytes; the bag resends what is unacknowledged
            self._status.set(CONNECTING, f"opened {path}, waiting for HELLO")
            while not self._stop.is_set():
                now = time.monotonic()
                if not self.hello and now - last_ask >= self.hello_every:
                    self._send("HELLO?")
                    last_ask = now
                data = port.read(max(1, port.in_waiting))
                if data:
                    for line in splitter.feed(data):
                        if self.on_line is not None:
                            self.on_line(line)
                        if self._handle(line):
                            last_rx = time.monotonic()
                    self.bad_frames += splitter.dropped
                    splitter.dropped = 0
                elif now - last_rx > self.silence and self.status.state != OFFLINE:
                    self._status.set(OFFLINE, f"no heartbeat from the bag for {self.silence:g} s")
                    self.hello = {}
        except (serial.SerialException, OSError) as exc:
            self._status.set(OFFLINE, f"lost {path} ({exc}); waiting for it to come back")
        finally:
            self._serial = None
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _send(self, *fields) -> bool:
        port = self._serial
        if port is None:
            return False
        from serial import SerialException

        with self._write_lock:
            try:
                port.write(encode(*fields))
            except (SerialException, OSError):  # the reader thread notices and reconnects
                return False
        return True

    def _handle(self, line: bytes) -> bool:
        """Act on one line; True if it was a valid frame (proof the bag is alive)."""
        try:
            fields = decode(line)
            kind = fields[0]
            if kind == "TAG" and len(fields) == 5:
                self._tag(fields[1], int(fields[2]), normalise_uid(fields[3]), int(fields[4]))
            elif kind == "HELLO" and len(fields) in (6, 7):
                self._hello(fields)
            elif kind == "HB" and len(fields) >= 4:
                self.heartbeat = {"boot": fields[1], "ms": int(fields[2]), "reader": fields[3],
                                  "polls": int(fields[4]) if len(fields) > 4 else 0}
                self._bag_clock = (fields[1], int(fields[2]), time.monotonic())
                if self.hello.get("boot") != fields[1]:
                    self.hello = {}  # restarted while its HELLO was lost: ask again
                elif int(self.hello["protocol"]) == PROTOCOL_VERSION:
                    self._online()
            else:
                raise FrameError(f"unknown frame {kind}")
        except (FrameError, ValueError) as exc:
            self.bad_frames += 1
            log.debug("%s: dropped line %r: %s", self.reader_id, line[:80], exc)
            return False
        return True

    def _hello(self, fields: list[str]) -> None:
        self.hello = dict(zip(("protocol", "firmware", "bag", "boot", "reader"), fields[1:6], strict=False))
        if len(fields) == 7:
            self._bag_clock = (fields[4], int(fields[6]), time.monotonic())
        if int(fields[1]) != PROTOCOL_VERSION:
            self._status.set(OFFLINE, f"bag firmware speaks protocol {fields[1]}, this host "
                                      f"{PROTOCOL_VERSION}: update the firmware")
            return
        self._online()

    def _online(self) -> None:
        hello = self.hello
        detail = f"firmware {hello['firmware']}, bag {hello['bag']}, boot {hello['boot']}"
        if self.heartbeat.get("reader", "ok") != "ok":
            detail += "; its RC522 is not answering: check the reader wiring inside the bag"
        self._status.set(ONLINE, detail)

    def _tag(self, boot: str, seq: int, uid: str, bag_ms: int) -> None:
        """Deliver a TAG once; acknowledge it once the table has settled it (journalled or
        refused), and at once when a settled one is resent (its ACK was lost)."""
        if seq in self._delivered.get(boot, ()):
            self.duplicates += 1
            if (boot, seq) not in self._unsettled:
                self._send("ACK", boot, seq)
            return
        self._remember(boot, seq)
        self._unsettled.add((boot, seq))
        self.emit(TagSeen(self.reader_id, uid, self._when(boot, bag_ms),
                          settled=lambda: self._settle(boot, seq), sent=(boot, seq)))

    def settled_before(self, sent: Iterable[tuple[str, int]]) -> None:
        """TAGs a table journalled before this link started (read back from its journal): if
        the bag sends one again (its ACK never left before a restart), it is acknowledged at
        once and not delivered twice. Call before start()."""
        for boot, seq in sent:
            self._remember(boot, seq)

    def _remember(self, boot: str, seq: int) -> None:
        """Note a TAG as delivered, keeping the numbers of the last KEPT_BOOTS boots."""
        self._delivered.setdefault(boot, set()).add(seq)
        while len(self._delivered) > KEPT_BOOTS:
            del self._delivered[next(iter(self._delivered))]

    def _settle(self, boot: str, seq: int) -> None:
        self._unsettled.discard((boot, seq))
        self._send("ACK", boot, seq)

    def _when(self, boot: str, bag_ms: int) -> float:
        """Wall-clock time of a draw from the bag's clock, so a TAG resent after a
        reconnect keeps the time the chip was drawn (needs a HELLO or HB of that boot)."""
        now = time.time()
        clock_boot, clock_ms, received = self._bag_clock
        if clock_boot != boot:
            return now
        bag_now = clock_ms + (time.monotonic() - received) * 1000
        return now - min(max(0.0, bag_now - bag_ms), 3_600_000) / 1000
