"""Raspberry Pi Pico wiring: builds the RC522 driver, LED/buzzer and USB serial link
from ``config.py`` and runs the bag."""

import os
import time

import machine

import config
from bag import Bag
from rc522 import HARD_RESET_MS, Rc522
from signals import Signals

if hasattr(time, "ticks_ms"):
    ticks_ms, ticks_us, ticks_diff, sleep_us = time.ticks_ms, time.ticks_us, time.ticks_diff, time.sleep_us
else:  # CPython, where the host tests run this file
    def ticks_ms():
        return time.monotonic_ns() // 1_000_000

    def ticks_us():
        return time.monotonic_ns() // 1000

    def ticks_diff(a, b):
        return a - b

    def sleep_us(us):
        time.sleep(us / 1_000_000)


class Clock:
    """Ticks since start (of ticks_ms or ticks_us) that do not wrap as the ticks do. It must be
    read more often than every half wrap (9 minutes for ticks_us); it never runs backwards."""

    def __init__(self, ticks=ticks_ms):
        self.ticks = ticks
        self.last = ticks()
        self.now = 0

    def __call__(self):
        t = self.ticks()
        self.now += max(0, ticks_diff(t, self.last))
        self.last = t
        return self.now


class SpiRegisters:
    """RC522 register access over machine.SPI with a GPIO chip select."""

    def __init__(self):
        self.cs = machine.Pin(config.PIN_CS, machine.Pin.OUT, value=1)
        self.spi = machine.SPI(config.SPI_ID, baudrate=config.SPI_BAUD, polarity=0, phase=0,
                               sck=machine.Pin(config.PIN_SCK), mosi=machine.Pin(config.PIN_MOSI),
                               miso=machine.Pin(config.PIN_MISO))
        self.tx = bytearray(2)
        self.rx = bytearray(2)

    def read(self, reg):
        self.tx[0] = 0x80 | ((reg << 1) & 0x7E)
        self.tx[1] = 0
        self.cs(0)
        self.spi.write_readinto(self.tx, self.rx)
        self.cs(1)
        return self.rx[1]

    def write(self, reg, value):
        self.tx[0] = (reg << 1) & 0x7E
        self.tx[1] = value
        self.cs(0)
        self.spi.write_readinto(self.tx, self.rx)
        self.cs(1)


class UsbSerial:
    """Non-blocking byte I/O on the USB CDC port (MicroPython's stdin/stdout).

    A frame is written only when the port reports room (MicroPython 1.22+ polls the USB
    TX buffer); while the host does not read, frames are dropped instead of stalling the
    poll loop. TAGs are resent until acknowledged, so none is lost that way.
    """

    def __init__(self):
        import select
        import sys

        # Ctrl-C (0x03) stays enabled so mpremote can stop the firmware to update it; the
        # host only ever sends printable frames.
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.room = select.poll()
        self.room.register(sys.stdout, select.POLLOUT)
        self.dropped = 0

    def read(self):
        data = b""
        while len(data) < 64 and self.poller.poll(0):
            data += self.stdin.read(1)
        return data

    def write(self, data):
        if self.room.poll(0):
            self.stdout.write(data)
        else:
            self.dropped += 1


def make_bag(io):
    registers = SpiRegisters()
    reset = machine.Pin(config.PIN_RST, machine.Pin.OUT, value=1)
    led = machine.Pin(config.PIN_LED, machine.Pin.OUT, value=0)
    buzzer = machine.PWM(machine.Pin(config.PIN_BUZZER))
    buzzer.duty_u16(0)

    def tone(hz):
        if hz:
            buzzer.freq(hz)
            buzzer.duty_u16(32768)
        else:
            buzzer.duty_u16(0)

    def reset_line(level):
        reset.value(level)
        sleep_us(1000 if not level else HARD_RESET_MS * 1000)  # oscillator start-up

    reader = Rc522(registers.read, registers.write, lambda: sleep_us(250), sleep_us, Clock(ticks_us),
                   config.TIMEOUT_MS, rx_gain=config.RX_GAIN)
    bag_id = config.BAG_NAME or "".join("%02x" % b for b in machine.unique_id())
    boot_id = "".join("%02x" % b for b in os.urandom(4))
    return Bag(reader, io, Signals(led.value, tone), Clock(), bag_id, boot_id,
               config.POLL_MS, config.HEARTBEAT_MS, config.RESEND_MS, config.MISS_LIMIT,
               config.HOLD_MS, reset_line, config.RETRY_MS)


def run(io=None, keep_running=lambda: True):
    bag = make_bag(io or UsbSerial())
    # Off by default: a started watchdog cannot be stopped, so it would reset the Pico in
    # the middle of an mpremote update (which halts this loop).
    watchdog = machine.WDT(timeout=config.WATCHDOG_MS) if config.WATCHDOG_MS else None
    bag.start()
    while keep_running():
        bag.step()
        if watchdog is not None:
            watchdog.feed()
        sleep_us(1000)
