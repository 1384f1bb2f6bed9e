"""Topology 1: an RC522 wired to the Pi's SPI bus, one thread per reader.

Register access and pin set-up come from the ``mfrc522`` package (which needs
``RPi.GPIO``; on a Pi 5 the ``rpi-lgpio`` shim provides it); card selection and the
sleeping wait loop come from :mod:`rc522`, because that package reads only cascade
level 1 (3 of an NTAG's 7 UID bytes) and spins on empty polls. Hardware modules are
imported when a reader is started, so the project runs on machines without them.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable

from .edges import EdgeDetector
from .events import (
    CONNECTING,
    OFFLINE,
    ONLINE,
    Emit,
    Feedback,
    TagSeen,
)
from .rc522 import BUS_ADVICE, HARD_RESET_MS, BusFault, ChipNotAnswering, Rc522, check_rx_gain
from .worker import ReaderThread

log = logging.getLogger(__name__)

#: The reset line (BCM GPIO) of each SPI device when a reader does not name one: the wiring
#: of hardware/wiring.md, which `quacks serve`, `quacks doctor` and `quacks config --check` share.
RESET_PINS = {(0, 0): 25, (0, 1): 24, (1, 0): 23, (1, 1): 22, (1, 2): 27}
#: The lines each SPI bus takes on the header (BCM): SCLK, MOSI, MISO and its chip selects.
BUS_PINS = {0: (11, 10, 9, 8, 7), 1: (21, 20, 19, 18, 17, 16)}


def reset_pin_for(bus: int, device: int, given: int | None = None) -> int:
    """``given``, else the reset line hardware/wiring.md wires for /dev/spidev<bus>.<device>."""
    if given is not None:
        return given
    if (bus, device) not in RESET_PINS:
        raise ValueError(f"/dev/spidev{bus}.{device} has no usual reset line: give its reset_pin "
                         "(the BCM GPIO its RST is wired to)")
    return RESET_PINS[(bus, device)]


def wiring_clashes(readers: Iterable[tuple[str, int, int, int]]) -> list[tuple[str, str]]:
    """(reader id, what it clashes with) for each SPI reader ``(id, bus, device, reset_pin)``
    that shares a chip select or a reset line with an earlier one, or resets through an SPI line."""
    readers = list(readers)
    buses = {bus for _, bus, _, _ in readers}
    selects: dict[tuple[int, int], str] = {}
    resets: dict[int, str] = {}
    found = []
    for reader_id, bus, device, reset in readers:
        if (bus, device) in selects:
            found.append((reader_id, f"/dev/spidev{bus}.{device} (chip select CE{device} of SPI{bus}) "
                                     f"is also {selects[(bus, device)]}'s: give each reader its own"))
        else:
            selects[(bus, device)] = reader_id
        if reset in resets:
            found.append((reader_id, f"reset line GPIO{reset} is also {resets[reset]}'s: a reset meant "
                                     "for one module would hit the other, or miss the one wired elsewhere; "
                                     "give each reader its own line"))
        else:
            resets[reset] = reader_id
        taken = [b for b in sorted(buses) if reset in BUS_PINS.get(b, ())]
        if taken:
            found.append((reader_id, f"reset line GPIO{reset} is one of SPI{taken[0]}'s own lines "
                                     "(hardware/wiring.md)"))
    return found


def note_neighbours(readers: Iterable[object]) -> None:
    """Tell each SPI reader which other readers share its bus, for the advice on a fault."""
    spi = [r for r in readers if isinstance(r, SpiReader)]
    for reader in spi:
        reader.neighbours = tuple(r.reader_id for r in spi if r.bus == reader.bus and r is not reader)


def _sleep_us(us: int) -> None:
    time.sleep(us / 1_000_000)


def _clock_us() -> int:
    return time.monotonic_ns() // 1000


class SpiReader(ReaderThread):
    """Polls one RC522 and emits a TagSeen per chip arrival.

    A watchdog checks the version register and the read-back of a scratch register every
    ``health_every`` seconds and after a silent transceive; it then soft-resets the chip,
    pulses the reset pin if that does not help, and retries with back-off while reporting
    the reader offline. A bus check that fails (a version no RC522 has, a bit that does not
    read back: MISO contention) is reported with the wiring advice, and so is any fault of a
    module that shares its bus with others (``neighbours``, set by ``note_neighbours``);
    resets do not cure contention, so the reader retries with back-off.
    ``reset_pin`` defaults to the line hardware/wiring.md gives the bus and chip select.
    ``rx_gain`` is the receiver gain step 0-7 (see check_rx_gain; 4 = 33 dB, the chip's default).
    The antenna is on only during each poll; the driver keeps it off at least 5.1 ms between
    polls (ISO/IEC 14443-3's reset time), and ``poll_interval`` adds a pause beyond that.
    """

    thread_prefix = "spi"

    def __init__(self, reader_id: str, emit: Emit, bus: int = 0, device: int = 0,
                 reset_pin: int | None = None, *, speed_hz: int = 1_000_000, timeout_ms: int = 3,
                 poll_interval: float = 0.0, miss_limit: int = 3, hold: float = 1.0,
                 health_every: float = 2.0, backoff: tuple[float, float] = (0.5, 8.0),
                 pause: float = 0.0005, rx_gain: int = 4,
                 on_poll: Callable[[list[str], int], None] | None = None):
        check_rx_gain(rx_gain)  # a bad setting fails when the table starts, not at the first poll
        super().__init__(reader_id, emit)
        self.bus, self.device = bus, device
        self.reset_pin = reset_pin_for(bus, device, reset_pin)
        self.speed_hz = speed_hz
        self.poll_interval = poll_interval
        self.health_every = health_every
        self.backoff = backoff
        self._pause = pause
        self._timeout_ms, self._rx_gain = timeout_ms, rx_gain
        self.edges = EdgeDetector(miss_limit, int(hold * 1000))
        self.on_poll = on_poll  # sees every poll's UIDs and ms (diagnostics, recording)
        self.neighbours: tuple[str, ...] = ()  # the other readers on this bus
        self._chip = None  # mfrc522.MFRC522
        self._gpio = None
        self.rc: Rc522 | None = None
        self.version = 0
        self.fault: Exception | None = None  # why the chip last failed to open or answer
        self.polls = 0

    @property
    def where(self) -> str:
        return f"/dev/spidev{self.bus}.{self.device} (reset GPIO{self.reset_pin})"

    @property
    def contended(self) -> bool:
        """The last fault points at MISO contention: a bus check failed, or a module that
        shares its bus did not answer (a neighbour holding MISO low reads as silence)."""
        return isinstance(self.fault, BusFault) or bool(self.neighbours and isinstance(self.fault, ChipNotAnswering))

    def advice(self) -> str:
        """What to check for the last fault, naming this module and the others on its bus."""
        if not self.contended:
            return "check SPI is enabled and the wiring"
        text = "" if isinstance(self.fault, BusFault) else BUS_ADVICE  # a BusFault's message has it
        if self.neighbours:
            text += (f"{'; ' if text else ''}{self.reader_id} shares SPI bus {self.bus} with "
                     f"{', '.join(self.neighbours)}: unplug the others one at a time to find the one "
                     "that holds MISO ('quacks doctor' names it)")
        return text

    def feedback(self, kind: Feedback) -> None:
        """RC522 modules have no LED or buzzer."""

    # -- hardware ------------------------------------------------------------------
    def open(self) -> None:
        """Open the SPI device and reset line, then configure the chip.

        Raises ImportError when the Pi libraries are missing, OSError when the SPI
        device does not exist, RuntimeError when a GPIO line cannot be set,
        ChipNotAnswering when the RC522 stays silent, a BusFault on a bus fight.
        """
        import mfrc522
        import RPi.GPIO as GPIO  # rpi-lgpio provides this module on a Pi 5

        self._gpio = GPIO
        if GPIO.getmode() is None:
            GPIO.setmode(GPIO.BCM)
        elif GPIO.getmode() != GPIO.BCM:
            raise OSError("another part of this program set GPIO.BOARD numbering; "
                          "reset_pin is a BCM GPIO number")
        GPIO.setwarnings(False)
        chip = mfrc522.MFRC522(bus=self.bus, device=self.device, spd=self.speed_hz,
                               pin_mode=GPIO.BCM, pin_rst=self.reset_pin)
        logging.getLogger("mfrc522Logger").handlers.clear()  # it adds one per instance
        self._chip = chip
        self.rc = Rc522(chip.Read_MFRC522, chip.Write_MFRC522, self._sleep_pause,
                        _sleep_us, _clock_us, self._timeout_ms, rx_gain=self._rx_gain)
        self._pulse_reset()  # also wakes a chip that hung while no one was polling it
        self._init_chip()

    def _pulse_reset(self) -> None:
        """Pull the reset line low, release it and wait for the oscillator to start."""
        self._gpio.output(self.reset_pin, 0)
        time.sleep(0.001)
        self._gpio.output(self.reset_pin, 1)
        time.sleep(HARD_RESET_MS / 1000)

    def _init_chip(self) -> None:
        try:
            self.rc.init()
        except ChipNotAnswering as exc:
            self.fault = exc
            self.version = getattr(exc, "version", 0)
            raise
        self.fault = None
        self.version = self.rc.version()

    def _sleep_pause(self) -> None:
        time.sleep(self._pause)

    def _close(self) -> None:
        if self._chip is not None:
            try:
                self._chip.spi.close()
                self._gpio.cleanup(self.reset_pin)
            except Exception:  # closing a vanished device must not hide the real error
                log.debug("closing %s failed", self.where, exc_info=True)
        self._chip = None
        self.rc = None

    def recover(self) -> bool:
        """Soft reset, then a reset-line pulse (and the oscillator's start-up time); True
        if the chip answers again. Raises what the SPI device or GPIO raise."""
        for hard in (False, True):
            if hard:
                self._pulse_reset()
            try:
                self._init_chip()
            except BusFault:
                return False  # a reset does not cure a bus fight
            except ChipNotAnswering:
                continue
            return True
        return False

    def _recovered(self) -> bool:
        """recover(), reporting what went wrong instead of ending the thread."""
        try:
            if self.recover():
                return True
        except Exception as exc:  # a vanished device or a GPIO error: retry with back-off
            log.warning("resetting %s failed", self.where, exc_info=True)
            self.fault = exc
            self._status.set(OFFLINE, f"{self.where}: reset failed ({exc}); retrying")
        return False

    def scan_once(self) -> list[str]:
        """One poll: the UIDs in the field now (raises ChipNotAnswering)."""
        uids = self.rc.scan()
        self.polls += 1
        return uids

    # -- thread --------------------------------------------------------------------
    def _run(self) -> None:
        delay = self.backoff[0]
        last_health = time.monotonic()
        while not self._stop.is_set():
            if self.rc is None:
                self._status.set(CONNECTING, f"opening {self.where}")
                try:
                    self.open()
                except ImportError as exc:
                    self._status.set(OFFLINE, f"Pi libraries missing ({exc}); see hardware/README.md")
                    return
                except (OSError, RuntimeError, ChipNotAnswering) as exc:  # RuntimeError: RPi.GPIO's
                    self.fault = exc
                    delay = self._back_off(delay)
                    continue
                self._status.set(ONLINE, f"RC522 version 0x{self.version:02X}")
                delay = self.backoff[0]
            try:
                uids = self.scan_once()
                now = time.monotonic()
                if now - last_health >= self.health_every:
                    last_health = now
                    self.rc.check()
            except (ChipNotAnswering, OSError) as exc:
                self.fault = exc
                if isinstance(exc, ChipNotAnswering) and not isinstance(exc, BusFault):
                    self._status.set(OFFLINE, f"{self.where} stopped answering ({exc}); resetting it")
                    if self._recovered():
                        self._status.set(ONLINE, f"RC522 version 0x{self.version:02X} (after reset)")
                        delay = self.backoff[0]
                        continue
                delay = self._back_off(delay)  # a bus fight, a vanished device, or still silent
                continue
            if self.on_poll is not None:
                self.on_poll(uids, int(now * 1000))
            for uid in self.edges.update(uids, int(now * 1000)):
                self.emit(TagSeen(self.reader_id, uid, time.time()))
            self._stop.wait(self.poll_interval)

    def _back_off(self, delay: float) -> float:
        """Release the chip, say what went wrong (``fault``) and what to check, and wait
        ``delay``; returns the next, longer wait."""
        self._close()
        advice = self.advice()
        self._status.set(OFFLINE, f"{self.where}: {self.fault}{'; ' if advice else ''}{advice}")
        self._stop.wait(delay)
        return min(delay * 2, self.backoff[1])
