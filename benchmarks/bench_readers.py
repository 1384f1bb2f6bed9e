"""Reader benchmark: CPU per empty RC522 poll, polls per second and CPU per poll with four
readers on one SPI bus, and latency from a serial frame arriving to its event being delivered.

    python benchmarks/bench_readers.py [--polls 2000] [--seconds 5] [--frames 300]

The SPI figures run the real reader code (mfrc522 package register access + the project's
transceive loop) against the register-level emulator from tests/devices, so the emulator's
own CPU is included: on a Pi the emulator's share goes to the kernel's spidev instead.
Every poll switches the antenna on, waits the 5 ms a tag needs to power up, scans and
switches it off; the field then stays off at least 5.1 ms (ISO/IEC 14443-3's reset time)
before the next poll, which the emulator's air log measures.
Targets: no busy-wait, <= 1 ms CPU per empty poll, >= 50 polls/s per reader with four, and
the field-off time costing no more than 10 % of the poll rate.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import queue
import statistics
import sys
import threading
import time
import tty

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "devices")]

from fake_pi import FakeBoard  # noqa: E402  (test support: emulated RC522 behind spidev)

from companion.devices.frames import encode  # noqa: E402
from companion.devices.serial_link import SerialBag  # noqa: E402
from companion.devices.spi_reader import SpiReader  # noqa: E402


class _Patch:
    """Minimal stand-in for pytest's monkeypatch to install the fake Pi modules."""

    def setitem(self, mapping, key, value):
        mapping[key] = value

    def delitem(self, mapping, key):
        del mapping[key]


def empty_poll_cost(polls: int) -> None:
    board = FakeBoard()
    board.install(_Patch())
    chip = board.add_reader(0, 0, 25)
    board.pins[25] = 1  # running: the package's own init needs no oscillator start-up
    reader = SpiReader("bench", lambda event: None)
    reader.open()
    transfers = chip.transfers
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(polls):
        assert reader.scan_once() == []
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    per_poll = (chip.transfers - transfers) / polls
    print(f"empty poll, project reader: {cpu / polls * 1000:.3f} ms CPU, "
          f"{wall / polls * 1000:.2f} ms wall, {per_poll:.0f} SPI transfers")

    import mfrc522  # the package's own request, for comparison

    package = reader._chip
    package.MFRC522_Init()  # its 15 ms timer settings
    n = max(20, polls // 20)
    transfers = chip.transfers
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(n):
        package.MFRC522_Request(mfrc522.MFRC522.PICC_REQIDL)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"empty poll, mfrc522 package alone: {cpu / n * 1000:.3f} ms CPU, "
          f"{wall / n * 1000:.2f} ms wall, {(chip.transfers - transfers) / n:.0f} SPI transfers")
    reader._close()


def four_readers(seconds: float) -> None:
    board = FakeBoard()
    board.install(_Patch())
    readers = []
    for device, pin in zip(range(4), (25, 24, 23, 22), strict=False):
        board.add_reader(0, device, pin)
        readers.append(SpiReader(f"seat{device + 1}", lambda event: None, 0, device, pin))
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + 5
    while any(r.status.state != "online" for r in readers) and time.monotonic() < deadline:
        time.sleep(0.01)
    start = [r.polls for r in readers]
    for chip in board.chips.values():
        chip.air.clear()
    cpu, wall = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    polls = [r.polls - s for r, s in zip(readers, start, strict=False)]
    for reader in readers:
        reader.stop()
    rates = [n / wall for n in polls]
    gaps = [gap for chip in board.chips.values() for gap in chip.field_off_gaps()]
    print(f"four readers on bus 0: {', '.join(f'{r:.0f}' for r in rates)} polls/s "
          f"(min {min(rates):.0f}); {cpu / sum(polls) * 1000:.3f} ms CPU per empty poll; "
          f"process CPU {cpu / wall * 100:.0f}% of one core")
    print(f"  field off between polls: min {min(gaps) * 1000:.2f} ms, median "
          f"{statistics.median(gaps) * 1000:.2f} ms ({len(gaps)} gaps); one poll every "
          f"{wall / statistics.mean(polls) * 1000:.2f} ms")


def serial_latency(frames: int) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    arrived: queue.Queue = queue.Queue()

    def emit(event) -> None:
        if hasattr(event, "uid"):
            arrived.put(time.perf_counter())

    link = SerialBag("bench", emit, port=os.ttyname(slave))
    link.start()
    while link.status.state != "connecting":
        time.sleep(0.01)
    drain = threading.Thread(target=lambda: _drain(master), daemon=True)
    drain.start()  # swallow the host's ACKs
    latencies = []
    for seq in range(1, frames + 1):
        frame = encode("TAG", "bench001", seq, "04A3C6CAE26180", seq)
        sent = time.perf_counter()
        os.write(master, frame)
        latencies.append((arrived.get(timeout=5) - sent) * 1000)
        time.sleep(0.002)
    link.stop()
    os.close(master)
    os.close(slave)
    latencies.sort()
    print(f"serial frame -> event: median {statistics.median(latencies):.2f} ms, "
          f"p95 {latencies[int(len(latencies) * 0.95)]:.2f} ms, max {latencies[-1]:.2f} ms "
          f"over {frames} frames")


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 1024):
            pass
    except OSError:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--polls", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    empty_poll_cost(args.polls)
    four_readers(args.seconds)
    serial_latency(args.frames)


if __name__ == "__main__":
    main()
