"""Recorded read traces replayed through the edge detector and the serial host link."""
import json
import os
import pathlib
import tty

import pytest
from waiting import drain, next_event, until

from companion.devices.edges import EdgeDetector
from companion.devices.events import TagSeen
from companion.devices.serial_link import SerialBag

TRACES = pathlib.Path(__file__).resolve().parents[1] / "data" / "traces"


def load(path):
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return lines[0], lines[1:]


@pytest.mark.parametrize("path", sorted(TRACES.glob("polls-*.jsonl")), ids=lambda p: p.stem)
def test_poll_trace_gives_one_read_per_pass(path):
    header, polls = load(path)
    edges = EdgeDetector(header["miss_limit"], header["hold_ms"])
    reads = [uid for poll in polls for uid in edges.update(poll["uids"], poll["ms"])]
    assert reads == header["expect"]


@pytest.mark.parametrize("path", sorted(TRACES.glob("serial-*.jsonl")), ids=lambda p: p.stem)
def test_serial_trace_delivers_each_tag_once(path, tmp_path, events):
    header, rows = load(path)
    master, slave = os.openpty()
    tty.setraw(slave)
    port = tmp_path / "bag"
    port.symlink_to(os.ttyname(slave))
    link = SerialBag(header["reader"], events.put, port=str(port), silence=5, hello_every=0.05,
                     read_timeout=0.005)
    link.start()
    try:
        until(lambda: link.status.state == "connecting")
        for row in rows:
            os.write(master, row["rx"].encode("latin-1") + b"\n")
        got = [next_event(events, TagSeen).uid for _ in header["expect"]]
        assert got == header["expect"]
        until(lambda: link.duplicates >= 2)
        assert drain(events, TagSeen) == []
        hellos = [row["rx"] for row in rows if row["rx"].startswith("$HELLO")]
        assert link.hello["boot"] == hellos[-1].split(",")[4]  # the bag after its reboot
    finally:
        link.stop()
        os.close(master)
        os.close(slave)
