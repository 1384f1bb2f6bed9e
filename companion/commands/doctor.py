"""`quacks doctor`: find every bag reader, read a test chip on each, say what to fix."""
from __future__ import annotations

import argparse
import glob
import json
import os
import queue
import re
import sys
import time
from pathlib import Path

from companion.devices import SerialBag, SpiReader, open_readers
from companion.devices.events import FAILED, TagSeen
from companion.devices.rc522 import BUS_ADVICE, KNOWN_VERSIONS, ReadBackFailed, WrongVersion
from companion.devices.serial_link import BY_ID_DIR, find_port
from companion.devices.spi_reader import note_neighbours

RANGE_CM = (1, 2, 3)
RANGE_PAUSE = 1.2  # seconds: a reader's hold window (1 s) and a few polls
BAG_NAMES = re.compile(r"usb-(MicroPython|Raspberry_Pi_Pico).*_([0-9A-Fa-f]+)-if\d+$")

ADVICE_NO_READERS = """\
No reader answered. Check, in this order:
  - Pico bags: the USB cable carries data (some are charge-only); the Pico runs the bag
    firmware (firmware/README.md); `ls /dev/serial/by-id` lists a MicroPython board;
    your user is in the 'dialout' group (hardware/install.sh adds it; log in again).
  - RC522 on the Pi: SPI is enabled (`sudo raspi-config nonint do_spi 0`, then reboot),
    `ls /dev/spidev*` shows the device, the module has 3.3 V (never 5 V), and the wiring
    matches hardware/README.md; on a Pi 5 install rpi-lgpio instead of RPi.GPIO."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("doctor", help="find the bag readers and read a test chip on each")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="how long to wait for a test chip at each reader (default 20)")
    parser.add_argument("--no-tag", action="store_true", help="only list the readers, read no chip")
    parser.add_argument("--range", action="store_true",
                        help="then check the read range: hold a chip at 1, 2 and 3 cm when asked")
    parser.add_argument("--spi", action="append", default=[], metavar="BUS.DEV[:RESET]",
                        help="check this RC522 on the Pi's SPI (default: every /dev/spidev*)")
    parser.add_argument("--record", type=Path, metavar="DIR",
                        help="write each reader's polls or serial lines as a JSON Lines trace")
    parser.add_argument("--config", type=Path, help="table config whose readers to check too")
    parser.add_argument("--serial-dir", default=BY_ID_DIR, help=argparse.SUPPRESS)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    events: queue.Queue = queue.Queue()
    recorder = Recorder()
    readers = _readers(args, events, recorder)
    if not readers:
        print(ADVICE_NO_READERS)
        return 1
    for reader in readers:
        reader.start()
    _wait(lambda: all(r.status.state == "online" for r in readers), 3.0)
    print("Readers:")
    for reader in readers:
        print(f"  {reader.reader_id:<28} {_describe(reader)}")
    online = [r for r in readers if r.status.state == "online"]
    ok = len(online) == len(readers)
    start = time.monotonic()
    polls = {r.reader_id: _polls(r) for r in online}
    if online and not args.no_tag:
        ok = _test_chips(online, events, args.seconds) and ok
        if args.range:
            _range_check(online, events, args.seconds)
    if online:
        time.sleep(max(0.0, 1.2 - (time.monotonic() - start)))
        elapsed = time.monotonic() - start
        print("\nPolls per second (target: 50 or more):")
        for reader in online:
            if isinstance(reader, SerialBag):
                beat = reader.heartbeat
                rate = beat.get("polls", 0) * 1000 / max(beat.get("ms", 0), 1)
            else:
                rate = (_polls(reader) - polls[reader.reader_id]) / elapsed
            print(f"  {reader.reader_id:<28} {rate:.0f}")
    advice = [f"{r.reader_id}: {_advice(r)}" for r in readers if r not in online]
    advice += _bus_fights([r for r in readers if isinstance(r, SpiReader)])
    for reader in readers:
        reader.stop()
    if args.record:
        recorder.write(args.record)
    for text in advice:
        print(f"\n{text}")
    return 0 if ok else 1


def _readers(args: argparse.Namespace, events: queue.Queue, recorder: Recorder) -> list:
    """Plugged-in Pico bags and SPI devices, named after the table config where it has them."""
    serial_specs, spi_specs = _configured(args)
    bags: dict[str, tuple[str, str]] = {}  # real device path -> (reader id, path)
    for path in _bag_ports(args.serial_dir):
        bags[os.path.realpath(path)] = ("bag " + BAG_NAMES.search(path).group(2), path)
    missing = []
    for spec in serial_specs:
        path = spec.get("port") or find_port(spec.get("serial_number", ""), args.serial_dir)
        if path and os.path.exists(path):
            bags[os.path.realpath(path)] = (spec["id"], path)
        else:
            missing.append(spec)
    def take(event) -> None:
        """Doctor is where these reads end: settle them, or a bag would resend its test
        chips to the next table that opens it."""
        events.put(event)
        if isinstance(event, TagSeen) and event.settled is not None:
            event.settled()

    readers: list = [SerialBag(name, take, port=path, on_line=recorder.line(name))
                     for name, path in bags.values()]
    readers += open_readers(missing, take)
    spi = {(bus, device): (f"spi {bus}.{device}", reset) for bus, device, reset in
           [_parse_spi(text) for text in args.spi] or _spi_devices()}
    for spec in spi_specs:
        spi[(spec.get("bus", 0), spec.get("device", 0))] = (spec["id"], spec.get("reset_pin"))
    for (bus, device), (name, reset) in sorted(spi.items()):
        try:
            readers.append(SpiReader(name, take, bus, device, reset, on_poll=recorder.poll(name)))
        except ValueError as exc:
            print(f"  {name:<28} not checked: {exc} (--spi {bus}.{device}:GPIO)")
    note_neighbours(readers)
    return readers


def _spi_devices() -> list[tuple[int, int, int | None]]:
    found = []
    for path in sorted(glob.glob("/dev/spidev*")):
        match = re.search(r"spidev(\d+)\.(\d+)$", path)
        if match:
            found.append((int(match[1]), int(match[2]), None))
    return found


def _bag_ports(directory: str) -> list[str]:
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return []
    return [os.path.join(directory, n) for n in names if BAG_NAMES.search(n)]


def _parse_spi(text: str) -> tuple[int, int, int | None]:
    match = re.fullmatch(r"(\d+)\.(\d+)(?::(\d+))?", text)
    if not match:
        raise SystemExit(f"quacks doctor: --spi wants BUS.DEV or BUS.DEV:RESET_GPIO, not {text!r}")
    return int(match[1]), int(match[2]), int(match[3]) if match[3] else None


def _configured(args: argparse.Namespace) -> tuple[list[dict], list[dict]]:
    """The serial and SPI reader specs of the table config (--config or the default file)."""
    from companion.commands.options import ConfigError, table_config

    try:
        config = table_config(args)
    except (ConfigError, OSError) as exc:
        print(f"(table config not used: {exc})")
        return [], []
    specs = [{"id": r.id, "kind": r.kind, **r.options} for r in config.readers.values()] if config else []
    return ([s for s in specs if s["kind"] == "serial"], [s for s in specs if s["kind"] == "spi"])


def _describe(reader) -> str:
    status = reader.status
    if isinstance(reader, SerialBag) and reader.hello:
        hello = reader.hello
        text = (f"{status.state}: Pico bag '{hello['bag']}', firmware {hello['firmware']}, "
                f"protocol {hello['protocol']}, RC522 version 0x{hello['reader']}")
        if hello["reader"].upper() not in {"00", *(f"{v:02X}" for v in KNOWN_VERSIONS)}:
            text += " (no RC522 has that version: a faulty module or a loose MISO wire in the bag)"
        return text
    if isinstance(reader, SpiReader) and status.state == "online":
        return (f"{status.state}: RC522 on {reader.where}, version register 0x{reader.version:02X}, "
                "0x55 and 0xAA read back as written")
    return f"{status.state}: {status.detail}"


def _advice(reader) -> str:
    if reader.status.state == FAILED:
        return (f"{reader.status.detail}. The reader stopped on an error it does not know; it starts "
                "again by itself. If it keeps failing, report it with the error printed above.")
    if isinstance(reader, SpiReader) and _misreads(reader):
        fault = reader.fault
        if isinstance(fault, WrongVersion):
            return f"version register reads 0x{reader.version:02X}, which no RC522 has."
        if isinstance(fault, ReadBackFailed):
            return f"wrote 0x{fault.wrote:02X} to a register and read back 0x{fault.read:02X}: a MISO bit is held, most likely by another module on the bus."
        return (f"{fault}: silent, or another module on SPI bus {reader.bus} "
                f"({', '.join(reader.neighbours)}) holds MISO.")
    if isinstance(reader, SpiReader):
        return (f"{reader.status.detail}. Check: SPI enabled, MISO/MOSI/SCK not swapped, SDA(CS) on "
                f"the right CE pin, RST on GPIO{reader.reset_pin}, 3.3 V and GND connected.")
    return (f"{reader.status.detail}. Check: the firmware is flashed (firmware/README.md), "
            "no other program holds the port (is 'quacks' already running?), and "
            "ModemManager is not probing it (hardware/70-quacks-bags.rules).")


def _test_chips(readers: list, events: queue.Queue, seconds: float) -> bool:
    print(f"\nHold a tagged chip to each reader ({seconds:g} s)...")
    pending = [r.reader_id for r in readers]
    for event in _first_reads(events, pending, seconds):
        pending.remove(event.reader)
        length = len(event.uid) // 2
        print(f"  {event.reader:<28} read {event.uid} ({length}-byte UID)")
        if length == 4 and event.uid.startswith("88"):
            print("    this looks like a cut-off 7-byte UID: update the bag firmware")
    for reader_id in pending:
        print(f"  {reader_id:<28} no chip read: hold the chip flat on the middle of the antenna; "
              "check it is an NTAG213/215 sticker (hardware/README.md)")
    return not pending


def _misreads(reader: SpiReader) -> bool:
    """Offline with a fault that points at MISO contention (see SpiReader.contended)."""
    return reader.status.state != "online" and reader.contended


def _misread(reader: SpiReader) -> str:
    """What a module reads wrong, in a few characters: its version, or a pattern read back."""
    fault = reader.fault
    if isinstance(fault, ReadBackFailed):
        return f"0x{fault.wrote:02X} read back as 0x{fault.read:02X}"
    return f"0x{reader.version:02X}"


def _bus_fights(readers: list[SpiReader]) -> list[str]:
    """Name the module that holds MISO: on its bus it alone passes the bus check (version
    register and read-back), because it drives the line when selected and pulls the others'
    answers down."""
    found = []
    for bus in sorted({r.bus for r in readers}):
        on_bus = [r for r in readers if r.bus == bus]
        wrong = [r for r in on_bus if _misreads(r)]
        if not wrong:
            continue
        right = [r for r in on_bus if r not in wrong and r.status.state == "online"]
        names = ", ".join(f"{r.reader_id} ({_misread(r)})" for r in wrong)
        if len(right) == 1 and len(on_bus) > 1:
            culprit = right[0]
            found.append(f"SPI bus {bus}: {culprit.reader_id} ({culprit.where}) is the module that "
                         f"does not release MISO: it reads 0x{culprit.version:02X} while every other "
                         f"module on the bus reads a wrong value ({names}). Unplug it to confirm.")
        else:
            found.append(f"SPI bus {bus}: {names} fail the bus check; a module on the bus does not "
                         "release MISO (unplug them one at a time to find it).")
        found.append(f"  Fix: {BUS_ADVICE}.")
    return found


def _range_check(readers: list, events: queue.Queue, seconds: float) -> None:
    """Ask for a chip at 1, 2 and 3 cm and report, per reader, where it was read."""
    print("\nRange check: every chip drawn must pass within the range of its reader.")
    read_at: dict[str, list[int]] = {r.reader_id: [] for r in readers}
    try:
        for cm in RANGE_CM:
            input("Take the chips away from the readers, then press Enter: ")
            time.sleep(RANGE_PAUSE)  # past the hold window: the same chip counts as new
            _drain(events)
            input(f"Hold a chip {cm} cm above the middle of every antenna, then press Enter: ")
            for event in _first_reads(events, list(read_at), seconds):
                read_at[event.reader].append(cm)
    except EOFError:
        print("  (the range check needs a terminal to answer its questions)")
        return
    for reader_id, distances in read_at.items():
        if not distances:
            verdict = ("not read at 1 cm: only a reveal pad with a thin lid can work; check the "
                       "sticker type, metal nearby and the receiver gain (hardware/antenna.md)")
        else:
            missed = [cm for cm in RANGE_CM if cm not in distances]
            verdict = (f"read at {', '.join(f'{cm} cm' for cm in distances)}"
                       + (f"; not at {', '.join(f'{cm} cm' for cm in missed)}" if missed else ""))
            verdict += (f". Every chip must pass within {max(distances)} cm of the antenna: size "
                        "the slot or pad for that (hardware/antenna.md)")
        print(f"  {reader_id:<28} {verdict}")


def _first_reads(events: queue.Queue, reader_ids: list[str], seconds: float):
    """Yield the first TagSeen of each of these readers within ``seconds``."""
    pending = set(reader_ids)
    deadline = time.monotonic() + seconds
    while pending and time.monotonic() < deadline:
        try:
            event = events.get(timeout=0.1)
        except queue.Empty:
            continue
        if isinstance(event, TagSeen) and event.reader in pending:
            pending.discard(event.reader)
            yield event


def _drain(events: queue.Queue) -> None:
    while True:
        try:
            events.get_nowait()
        except queue.Empty:
            return


def _polls(reader) -> int:
    return reader.polls if isinstance(reader, SpiReader) else 0


def _wait(condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not condition():
        time.sleep(0.05)


class Recorder:
    """Collects polls and serial lines per reader for `--record` (tests/data/traces format)."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, list[dict]]] = {}
        self.start = time.monotonic()

    def poll(self, reader_id: str):
        rows = self.rows.setdefault(reader_id, ("polls", []))[1]
        return lambda uids, ms: rows.append({"ms": ms, "uids": uids})

    def line(self, reader_id: str):
        rows = self.rows.setdefault(reader_id, ("serial", []))[1]

        def keep(line: bytes) -> None:
            rows.append({"ms": int((time.monotonic() - self.start) * 1000),
                         "rx": line.decode("latin-1")})
        return keep

    def write(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        for reader_id, (kind, rows) in self.rows.items():
            if not rows:
                continue
            path = directory / f"{kind}-{re.sub(r'[^A-Za-z0-9]+', '-', reader_id)}.jsonl"
            header = {"kind": kind, "reader": reader_id, "expect": [],
                      "note": "recorded by quacks doctor; fill in the chips drawn"}
            if kind == "polls":
                header.update(miss_limit=3, hold_ms=1000)
            with path.open("w") as out:
                for row in [header, *rows]:
                    out.write(json.dumps(row) + "\n")
            print(f"recorded {len(rows)} lines to {path}", file=sys.stderr)
