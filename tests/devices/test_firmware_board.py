"""The Pico's own main loop (`board.run`) and its USB serial port, under CPython."""
import os
import sys
import threading
import tty
import types

import fake_machine
from pico import Unplugged
from waiting import until


def run_loop(pico, steps: int) -> None:
    """board.run on the Pico's thread, for a number of loop turns."""
    left = [steps]

    def keep_running() -> bool:
        left[0] -= 1
        return left[0] >= 0

    def main() -> None:
        fake_machine.current.device = pico
        pico.board.run(Unplugged(), keep_running)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(10)


def test_the_hardware_watchdog_is_off_unless_configured(firmware, monkeypatch):
    import config

    pico = firmware()
    run_loop(pico, 20)
    assert pico.watchdog is None  # an mpremote update can halt the loop safely
    monkeypatch.setattr(config, "WATCHDOG_MS", 2000)
    run_loop(pico, 20)
    assert pico.watchdog.timeout == 2000 and pico.watchdog.feeds == 20


def test_writes_do_not_stall_the_loop_when_the_host_stops_reading(firmware, monkeypatch):
    import board

    master, slave = os.openpty()  # the USB link; the host end is never read
    tty.setraw(slave)
    out = os.fdopen(os.dup(slave), "wb", buffering=0)
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=None, fileno=lambda: slave))
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(buffer=out, fileno=out.fileno))
    port = board.UsbSerial()
    monkeypatch.undo()
    frame = b"$HB,5f1c09aa,16000,ok,1530,0,0*E156\n"
    done = threading.Event()

    def flood() -> None:
        for _ in range(5000):  # ~190 kB: far more than the port buffers
            port.write(frame)
        done.set()

    threading.Thread(target=flood, daemon=True).start()
    try:
        assert done.wait(10), "a write blocked"
        assert port.dropped > 0
        assert os.read(master, 4096).startswith(frame)  # what fitted arrived whole
    finally:
        for fd in (master, slave):
            os.close(fd)
        out.close()


def test_the_bag_keeps_the_field_off_5_1_ms_even_when_it_polls_sooner(firmware):
    import config

    assert config.POLL_MS < 5  # the tests' setting: polls as fast as the loop turns
    pico = firmware()
    pico.plug()
    until(lambda: pico.bag.polls >= 30)
    gaps = pico.emulator.field_off_gaps()
    assert len(gaps) >= 29 and min(gaps) >= 0.0051  # ISO/IEC 14443-3's reset time
