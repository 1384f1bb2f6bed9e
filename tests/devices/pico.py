"""A simulated bag: the real firmware files, copied as they are onto a Pico, running in a
thread with the fake ``machine`` module and an emulated RC522, speaking over a real
pseudo-terminal that appears under a ``/dev/serial/by-id``-style name."""
from __future__ import annotations

import os
import pathlib
import shutil
import sys
import threading
import time
import tty

import fake_machine
from rc522_emulator import Mfrc522Emulator

REPO = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE_MODULES = ["frames", "edges", "rc522", "config", "signals", "bag", "board", "main"]


def flash(target: pathlib.Path) -> None:
    """Copy what firmware/FILES lists, as the deploy step does."""
    target.mkdir(parents=True, exist_ok=True)
    for line in (REPO / "firmware" / "FILES").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            shutil.copy(REPO / line.strip(), target)


class PtyIO:
    """The Pico's end of the USB serial link (the pty master)."""

    def __init__(self, master: int):
        self.master = master
        self.lose: bytes | None = None  # frames starting with this never reach the Pico
        self._partial = b""
        os.set_blocking(master, False)

    def read(self) -> bytes:
        try:
            data = os.read(self.master, 512)
        except (BlockingIOError, OSError):
            return b""
        if self.lose is None:
            return data
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        return b"".join(line + b"\n" for line in lines if not line.startswith(self.lose))

    def write(self, data: bytes) -> None:
        try:
            os.write(self.master, data)
        except OSError:
            pass  # like USB CDC with no host listening: the bytes are gone


class Unplugged:
    def read(self) -> bytes:
        return b""

    def write(self, data: bytes) -> None:
        pass


class Pico:
    def __init__(self, by_id_dir: pathlib.Path, serial: str = "e6614104034b1a2c"):
        import board  # the firmware module, importable once flash() ran

        self.board = board
        self.by_id_dir = by_id_dir
        self.serial = serial
        self.unique_id = bytes.fromhex(serial)
        self.emulator = Mfrc522Emulator()
        self.led: list[int] = []
        self.tones: list[int] = []
        self.bag = None
        self.io: PtyIO | None = None
        self._fds: tuple[int, int] | None = None
        self._thread: threading.Thread | None = None
        self._running = False
        self.paused = threading.Event()
        self.steps = 0
        self.watchdog = None  # a machine.WDT the firmware started

    @property
    def link(self) -> pathlib.Path:
        return self.by_id_dir / f"usb-MicroPython_Board_in_FS_mode_{self.serial}-if00"

    # -- hardware callbacks from fake_machine -------------------------------------------
    def on_pin(self, pin: int, level: int) -> None:
        config = sys.modules["config"]
        if pin == config.PIN_RST:
            self.emulator.pulse_reset(level)
        elif pin == config.PIN_LED:
            self.led.append(level)

    def on_tone(self, hz: int) -> None:
        self.tones.append(hz)

    # -- life cycle --------------------------------------------------------------------
    def plug(self, boot: bool = True) -> None:
        """Connect USB; ``boot`` powers the Pico up (new boot id, empty RAM)."""
        self._halt()
        master, slave = os.openpty()
        tty.setraw(slave)
        self._fds = (master, slave)
        self.by_id_dir.mkdir(parents=True, exist_ok=True)
        self.link.symlink_to(os.ttyname(slave))
        self.io = PtyIO(master)
        if boot or self.bag is None:
            self._start_firmware()
        else:
            self.bag.io = self.io
            self._resume()

    def unplug(self, power_off: bool = True) -> None:
        """Pull the USB cable (the port node disappears); ``power_off=False`` is a Pico
        with its own supply that keeps reading chips while the host is away."""
        self._halt()
        self.io = Unplugged()
        if self.bag is not None:
            self.bag.io = self.io
        self.link.unlink()
        for fd in self._fds:
            os.close(fd)
        self._fds = None
        if power_off:
            self.bag = None
        else:
            self._resume()

    def reboot(self) -> None:
        """Reset the Pico while the port stays (watchdog reset, brown-out)."""
        self._halt()
        self._start_firmware()

    def inject(self, data: bytes) -> None:
        """Bytes the host receives as if the bag had sent them (line noise, REPL output)."""
        os.write(self._fds[0], data)

    def hear(self, data: bytes) -> None:
        """Bytes the Pico receives as if the host had sent them."""
        os.write(self._fds[1], data)

    def sent(self) -> bytes:
        """What the Pico wrote while no host had the port open."""
        os.set_blocking(self._fds[1], False)
        try:
            return os.read(self._fds[1], 65536)
        except BlockingIOError:
            return b""

    def _start_firmware(self) -> None:
        built = threading.Event()

        def boot() -> None:
            fake_machine.current.device = self
            self.bag = self.board.make_bag(self.io)
            self.bag.start()
            built.set()

        thread = threading.Thread(target=boot)
        thread.start()
        thread.join()
        built.wait()
        self._resume()

    def _resume(self) -> None:
        self._running = True
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        fake_machine.current.device = self
        while self._running:
            if not self.paused.is_set():
                self.bag.step()
                self.steps += 1
            time.sleep(0.0005)

    def _halt(self) -> None:
        self._running = False
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def close(self) -> None:
        self._halt()
        if self._fds:
            for fd in self._fds:
                os.close(fd)
            self._fds = None
