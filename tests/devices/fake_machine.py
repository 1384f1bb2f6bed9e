"""A stand-in for MicroPython's ``machine`` module so the bag firmware runs under CPython.

Pins, SPI and PWM objects belong to the simulated Pico whose thread creates them
(``current.device``); SPI transfers go byte for byte into that Pico's emulated RC522.
"""
from __future__ import annotations

import sys
import threading
import types

current = threading.local()


def _device():
    device = getattr(current, "device", None)
    if device is None:
        raise RuntimeError("firmware code ran outside a simulated Pico thread")
    return device


class Pin:
    OUT, IN = 1, 0

    def __init__(self, pin_id, mode=-1, value=None):
        self.id = pin_id
        self.device = _device()
        self._value = 0
        if value is not None:
            self.value(value)

    def value(self, level=None):
        if level is None:
            return self._value
        self._value = int(level)
        self.device.on_pin(self.id, self._value)

    __call__ = value


class SPI:
    def __init__(self, spi_id, baudrate=1_000_000, polarity=0, phase=0, sck=None, mosi=None,
                 miso=None):
        self.device = _device()

    def write_readinto(self, tx, rx):
        rx[:] = bytes(self.device.emulator.transfer(list(tx)))


class PWM:
    def __init__(self, pin):
        self.device = pin.device
        self._freq = 0

    def freq(self, hz):
        self._freq = hz

    def duty_u16(self, duty):
        self.device.on_tone(self._freq if duty else 0)


class WDT:
    """The RP2040 watchdog: once started it cannot be stopped; the Pico keeps the last one."""

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        _device().watchdog = self

    def feed(self):
        self.feeds += 1


def module() -> types.ModuleType:
    fake = types.ModuleType("machine")
    fake.Pin, fake.SPI, fake.PWM, fake.WDT = Pin, SPI, PWM, WDT
    fake.unique_id = lambda: _device().unique_id
    return fake


def install(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "machine", module())
