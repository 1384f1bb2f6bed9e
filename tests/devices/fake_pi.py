"""Stand-ins for the Pi's ``spidev`` and ``RPi.GPIO`` modules, wired to emulated RC522s.

Only the surface the ``mfrc522`` package and the SPI reader use is provided; every
byte still travels through ``SpiDev.xfer2`` into the register-level emulator.
"""
from __future__ import annotations

import sys
import threading
import types

from rc522_emulator import Mfrc522Emulator


class FakeBoard:
    """The Pi: SPI devices by (bus, device) and GPIO lines by BCM number."""

    def __init__(self) -> None:
        self.chips: dict[tuple[int, int], Mfrc522Emulator] = {}
        self.pins: dict[int, int] = {}
        self.mode: int | None = None
        self.bus_locks: dict[int, threading.Lock] = {}
        self.output_faults = 0  # the next GPIO.output calls that raise
        self.gpio = self._gpio_module()
        self.spidev = self._spidev_module()

    def add_reader(self, bus: int, device: int, reset_pin: int, **kwargs) -> Mfrc522Emulator:
        chip = Mfrc522Emulator(reset_pin=reset_pin, **kwargs)
        self.chips[(bus, device)] = chip
        return chip

    def install(self, monkeypatch) -> None:
        rpi = types.ModuleType("RPi")
        rpi.GPIO = self.gpio
        monkeypatch.setitem(sys.modules, "RPi", rpi)
        monkeypatch.setitem(sys.modules, "RPi.GPIO", self.gpio)
        monkeypatch.setitem(sys.modules, "spidev", self.spidev)
        for name in [n for n in sys.modules if n == "mfrc522" or n.startswith("mfrc522.")]:
            monkeypatch.delitem(sys.modules, name)

    def _spidev_module(self) -> types.ModuleType:
        board = self
        module = types.ModuleType("spidev")

        class SpiDev:
            def __init__(self) -> None:
                self.chip: Mfrc522Emulator | None = None
                self.max_speed_hz = 500_000
                self.mode = 0

            def open(self, bus: int, device: int) -> None:
                if (bus, device) not in board.chips:
                    raise FileNotFoundError(2, "No such file or directory")
                self.chip = board.chips[(bus, device)]
                self.bus = bus
                self.lock = board.bus_locks.setdefault(bus, threading.Lock())

            def xfer2(self, data: list[int]) -> list[int]:
                if self.chip is None:
                    raise OSError(9, "Bad file descriptor")
                with self.lock:  # the kernel runs one transfer at a time per bus
                    answer = self.chip.transfer(list(data))
                held = 0  # MISO bits another module on this bus pulls low while not selected
                for (bus, _), other in board.chips.items():
                    if bus == self.bus and other is not self.chip:
                        held |= other.holds_miso
                return [byte & ~held & 0xFF for byte in answer]

            def close(self) -> None:
                self.chip = None

        module.SpiDev = SpiDev
        return module

    def _gpio_module(self) -> types.ModuleType:
        board = self
        module = types.ModuleType("RPi.GPIO")
        module.BOARD, module.BCM, module.OUT, module.IN = 10, 11, 0, 1
        module.HIGH, module.LOW = 1, 0

        def getmode():
            return board.mode

        def setmode(mode):
            board.mode = mode

        def setup(pin, direction, initial=None):
            if board.mode is None:
                raise RuntimeError("Please set pin numbering mode using GPIO.setmode")

        def output(pin, value):
            if board.output_faults:
                board.output_faults -= 1
                raise RuntimeError(f"GPIO{pin}: failed to set the line")
            changed = board.pins.get(pin, 0) != int(value)  # lines start low (pulled down)
            board.pins[pin] = int(value)
            for chip in board.chips.values():
                if chip.reset_pin == pin and changed:
                    chip.pulse_reset(int(value))

        def cleanup(pin=None):
            board.pins.pop(pin, None) if pin is not None else board.pins.clear()

        module.getmode, module.setmode, module.setup = getmode, setmode, setup
        module.output, module.cleanup = output, cleanup
        module.setwarnings = lambda flag: None
        return module
