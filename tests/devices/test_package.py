"""The devices package as other layers use it: the factory, the simulated bag, isolation."""
import ast
import pathlib
import subprocess
import sys

import pytest

from companion.devices import SerialBag, SimulatedBag, SpiReader, open_readers
from companion.devices.events import Feedback, LinkStatus, TagSeen

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "companion" / "devices"


def test_factory_builds_each_kind_from_config_specs(events):
    readers = open_readers([
        {"id": "seat1", "kind": "spi", "bus": 0, "device": 0, "reset_pin": 25},
        {"id": "seat2", "kind": "serial", "serial_number": "E6614104034B1A2C"},
        {"id": "seat3", "kind": "serial", "port": "/dev/serial/by-id/usb-x-if00"},
        {"id": "seat4", "kind": "simulated"},
    ], events.put)
    assert [type(r) for r in readers] == [SpiReader, SerialBag, SerialBag, SimulatedBag]
    assert [r.reader_id for r in readers] == ["seat1", "seat2", "seat3", "seat4"]
    assert all(r.status.state == "offline" for r in readers)


@pytest.mark.parametrize("specs, message", [
    ([{"kind": "spi"}], "needs an 'id'"),
    ([{"id": "a", "kind": "usb"}], "kind must be one of spi, serial, simulated"),
    ([{"id": "a", "kind": "simulated"}, {"id": "a", "kind": "simulated"}], "used twice"),
    ([{"id": "a", "kind": "spi", "buss": 1}], "unknown option(s) buss"),
    ([{"id": "a", "kind": "serial"}], "needs a port or a serial_number"),
])
def test_factory_rejects_bad_specs_clearly(events, specs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        open_readers(specs, events.put)


def test_simulated_bag_uses_the_same_events(events):
    bag = open_readers([{"id": "seat3", "kind": "simulated"}], events.put)[0]
    bag.start()
    assert bag.present("04:a3:c6:ca:e2:61:80").uid == "04A3C6CAE26180"
    status, seen = events.get_nowait(), events.get_nowait()
    assert status == LinkStatus("seat3", "online", "simulated bag", status.at)
    assert isinstance(seen, TagSeen) and (seen.reader, seen.uid) == ("seat3", "04A3C6CAE26180")
    bag.feedback(Feedback.REFUSED)
    assert bag.feedback_given == [Feedback.REFUSED]
    with pytest.raises(ValueError, match="not a 4-, 7- or 10-byte UID"):
        bag.present("0xZZ")


def test_devices_import_nothing_else_from_companion():
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                assert not (name.startswith("companion") and not name.startswith("companion.devices")), \
                    f"{path.name} imports {name}"


def test_importing_devices_loads_no_pi_library():
    code = ("import sys, companion.devices; "
            "print(sorted(m for m in ('RPi', 'RPi.GPIO', 'spidev', 'mfrc522', 'serial') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_table_config_sets_the_receiver_gain_of_an_spi_reader(events):
    from companion.config import parse_config
    from companion.table.bags import reader_specs

    config = parse_config('[table]\nname = "t"\n[[seats]]\nplayer = "Ann"\nreader = "bag-1"\n'
                          '[[seats]]\nplayer = "Ben"\nreader = "bag-2"\n[readers.bag-2]\nkind = "sim"\n'
                          '[readers.bag-1]\nkind = "spi"\nbus = 0\ndevice = 1\nrx_gain = 7\n')
    readers = {r.reader_id: r for r in open_readers(reader_specs(config.readers), events.put)}
    assert readers["bag-1"]._rx_gain == 7
