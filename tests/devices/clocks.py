"""Clocks for driving the RC522 driver against the emulator: real time, or virtual time that
moves only when the code under test sleeps (so long passes take a moment and timings are exact)."""
from __future__ import annotations

import time


class RealTime:
    """The host's monotonic clock, as the Pi's SPI reader uses it."""

    @staticmethod
    def __call__() -> float:
        return time.monotonic()

    @staticmethod
    def clock_us() -> int:
        return time.monotonic_ns() // 1000

    @staticmethod
    def sleep_us(us: float) -> None:
        time.sleep(us / 1_000_000)

    def pause(self) -> None:
        self.sleep_us(200)


class VirtualTime:
    """Seconds that pass only by sleeping; ``clock_ms``/``clock_us`` read it as a board's
    millisecond and microsecond counters do (whole ticks, rounded down)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds

    def sleep_ms(self, ms: float) -> None:
        self.seconds += ms / 1000

    def sleep_us(self, us: float) -> None:
        self.seconds += us / 1_000_000

    def clock_ms(self) -> int:
        return int(self.seconds * 1000)

    def clock_us(self) -> int:
        return int(self.seconds * 1_000_000)

    def pause(self) -> None:
        self.sleep_us(250)
