"""The SPI reader thread end to end: emulated RC522 -> mfrc522 package -> TagSeen events."""
import pytest
from rc522_emulator import VirtualTag
from waiting import drain, next_event, until

from companion.devices.events import LinkStatus, TagSeen
from companion.devices.spi_reader import SpiReader

NTAG = "04A3C6CAE26180"


@pytest.fixture
def reader(board, events):
    readers = []

    def make(bus=0, device=0, reset_pin=25, **kwargs):
        options = dict(timeout_ms=1, poll_interval=0.001, miss_limit=3, hold=0.05,
                       health_every=0.01, backoff=(0.01, 0.05), pause=0.0002)
        options.update(kwargs)
        r = SpiReader(f"seat{len(readers) + 1}", events.put, bus, device, reset_pin, **options)
        readers.append(r)
        r.start()
        return r

    yield make
    for r in readers:
        r.stop()


def polls_pass(r, n):
    target = r.polls + n
    until(lambda: r.polls >= target)


def test_a_chip_held_at_the_antenna_is_one_read(board, reader, events):
    chip = board.add_reader(0, 0, 25)
    r = reader()
    until(lambda: r.status.state == "online")
    tag = chip.place(VirtualTag(NTAG, flaky=True))
    seen = next_event(events, TagSeen)
    assert (seen.reader, seen.uid) == ("seat1", NTAG)
    polls_pass(r, 60)  # well past the hold window, answering every other poll
    chip.remove(tag)
    polls_pass(r, 5)
    assert drain(events, TagSeen) == []


def test_the_same_chip_drawn_again_later_is_a_second_read(board, reader, events):
    chip = board.add_reader(0, 0, 25)
    r = reader(hold=0.5)
    tag = chip.place(VirtualTag(NTAG))
    next_event(events, TagSeen)
    chip.remove(tag)
    polls_pass(r, 5)
    chip.place(tag)  # back within the hold window: a bounce, not a draw
    polls_pass(r, 3)
    chip.remove(tag)
    assert drain(events, TagSeen) == []
    until(lambda: not r.edges.last_seen)  # hold window over
    chip.place(tag)
    assert next_event(events, TagSeen).uid == NTAG


def test_two_chips_passing_together_are_both_read(board, reader, events):
    chip = board.add_reader(0, 0, 25)
    reader()
    chip.place(VirtualTag(NTAG))
    chip.place(VirtualTag("04A3C6CAE26181"))
    got = {next_event(events, TagSeen).uid, next_event(events, TagSeen).uid}
    assert got == {NTAG, "04A3C6CAE26181"}


def test_four_readers_report_their_own_chips(board, reader, events):
    chips = [board.add_reader(bus, dev, pin) for bus, dev, pin in
             [(0, 0, 25), (0, 1, 24), (1, 0, 23), (1, 1, 22)]]
    for bus, dev, pin in [(0, 0, 25), (0, 1, 24), (1, 0, 23), (1, 1, 22)]:
        reader(bus, dev, pin)
    uids = ["04000000000001", "04000000000002", "04000000000003", "04000000000004"]
    for chip, uid in zip(chips, uids, strict=False):
        chip.place(VirtualTag(uid))
    got = {(e.reader, e.uid) for e in (next_event(events, TagSeen) for _ in range(4))}
    assert got == {(f"seat{i + 1}", uid) for i, uid in enumerate(uids)}


def test_watchdog_resets_a_reader_that_stops_answering(board, reader, events):
    chip = board.add_reader(0, 0, 25)
    r = reader()
    until(lambda: r.status.state == "online")
    drain(events)
    chip.go_silent()
    offline = next_event(events, LinkStatus)
    assert offline.state == "offline" and "stopped answering" in offline.detail
    back = next_event(events, LinkStatus)
    assert back.state == "online" and "after reset" in back.detail
    assert board.pins[25] == 1
    chip.place(VirtualTag(NTAG))
    assert next_event(events, TagSeen).uid == NTAG


def test_missing_spi_device_is_reported_with_what_to_check(board, reader, events):
    r = reader(bus=1, device=2)
    status = until(lambda: r.status if r.status.state == "offline" and "spidev1.2" in r.status.detail else None)
    assert "SPI is enabled" in status.detail
    board.add_reader(1, 2, 25)  # plugged in later: the back-off retry finds it
    until(lambda: r.status.state == "online")


def test_without_pi_libraries_the_reader_says_so(monkeypatch, events):
    import sys

    monkeypatch.setitem(sys.modules, "RPi", None)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", None)
    r = SpiReader("seat1", events.put)
    r.start()
    until(lambda: "Pi libraries missing" in r.status.detail)
    r.stop()


def test_two_chips_held_together_then_one_removed_are_each_read_once(board, reader, events):
    chip = board.add_reader(0, 0, 25)
    r = reader(hold=0.05)
    until(lambda: r.status.state == "online")
    loser = chip.place(VirtualTag(NTAG))
    winner = chip.place(VirtualTag("04A3C6CAE26181"))  # wins every anticollision
    polls_pass(r, 60)  # far beyond the hold window (about 6 polls) and the miss limit
    chip.remove(winner)
    polls_pass(r, 60)
    chip.remove(loser)
    polls_pass(r, 5)
    assert sorted(e.uid for e in drain(events, TagSeen)) == [NTAG, "04A3C6CAE26181"]


def test_a_module_holding_miso_is_reported_with_the_wiring_advice(board, reader, events):
    board.add_reader(0, 0, 25)
    board.add_reader(0, 1, 24, holds_miso=0x10)
    reader()
    status = next_event(events, LinkStatus)
    while "0x82" not in status.detail:
        status = next_event(events, LinkStatus)
    assert status.state == "offline" and "bus contention or a faulty module" in status.detail
    assert "cathode at the Pi's MISO" in status.detail


def test_watchdog_recovers_from_a_reset_that_raises(board, reader, events):
    chip = board.add_reader(0, 0, 25)
    r = reader()
    until(lambda: r.status.state == "online")
    drain(events)
    board.output_faults = 1  # the reset line cannot be set once
    chip.go_silent()
    failed = next_event(events, LinkStatus)
    while "reset failed" not in failed.detail:  # after "stopped answering; resetting it"
        failed = next_event(events, LinkStatus)
    assert failed.state == "offline" and "failed to set the line" in failed.detail
    until(lambda: r.status.state == "online")  # the next open pulses the line again
    chip.place(VirtualTag(NTAG))
    assert next_event(events, TagSeen).uid == NTAG


def test_receiver_gain_is_a_reader_option(board, reader):
    chip = board.add_reader(0, 0, 25)
    r = reader(rx_gain=6)
    until(lambda: r.status.state == "online")
    assert chip.regs[0x26] >> 4 & 0x07 == 6
    with pytest.raises(ValueError, match="rx_gain must be 0-7"):
        SpiReader("seat9", print, rx_gain=8)


def test_four_readers_from_a_config_without_reset_pins_each_reset_their_own_module(board, events):
    from companion.config import parse_config
    from companion.devices import open_readers
    from companion.table.bags import reader_specs

    wiring = [(0, 0, 25), (0, 1, 24), (1, 0, 23), (1, 1, 22)]  # hardware/wiring.md's table
    chips = [board.add_reader(bus, device, pin) for bus, device, pin in wiring]
    config = parse_config("".join(f'[[seats]]\nplayer = "P{n}"\nreader = "bag-{n}"\n' for n in range(4)) + "".join(
        f'[readers.bag-{n}]\nkind = "spi"\nbus = {bus}\ndevice = {device}\n' for n, (bus, device, _) in enumerate(wiring)))
    readers = open_readers([{**spec, "poll_interval": 0.001, "health_every": 0.01, "backoff": (0.01, 0.05)}
                            for spec in reader_specs(config.readers)], events.put)
    for reader in readers:
        reader.start()
    try:
        until(lambda: all(r.status.state == "online" for r in readers))
        for chip in chips:
            chip.go_silent()  # each module hangs; only a pulse on its own reset line revives it
        until(lambda: all(not chip.silent for chip in chips))
        until(lambda: all(r.status.state == "online" for r in readers))
        for n, chip in enumerate(chips):
            chip.place(VirtualTag(f"0400000000000{n}"))
        got = {(e.reader, e.uid) for e in (next_event(events, TagSeen) for _ in range(4))}
        assert got == {(f"bag-{n}", f"0400000000000{n}") for n in range(4)}
    finally:
        for reader in readers:
            reader.stop()


def test_the_field_stays_off_at_least_5_1_ms_between_polls(board, events):
    chip = board.add_reader(0, 0, 25)
    r = SpiReader("seat1", events.put, timeout_ms=1)  # the table's defaults otherwise
    r.start()
    try:
        until(lambda: r.status.state == "online")
        polls_pass(r, 40)
    finally:
        r.stop()
    gaps = chip.field_off_gaps()
    assert len(gaps) >= 39 and min(gaps) >= 0.0051  # ISO/IEC 14443-3: every tag forgets HALT


def test_a_chip_held_that_slips_out_of_range_now_and_then_is_one_read(board, events):
    chip = board.add_reader(0, 0, 25)
    r = SpiReader("seat1", events.put, timeout_ms=1, hold=0.1, miss_limit=10)  # a dip never makes it gone
    r.start()
    try:
        tag = chip.place(VirtualTag(NTAG))
        assert next_event(events, TagSeen).uid == NTAG
        for _ in range(4):
            polls_pass(r, 30)  # held still, longer than the hold window and the miss limit
            tag.distance_cm = 4.0  # the hand dips out of range for about a poll
            polls_pass(r, 1)
            tag.distance_cm = 0.5
        polls_pass(r, 5)
        assert drain(events, TagSeen) == []
    finally:
        r.stop()


def shared_bus(board, events, neighbour_holds):
    """Two readers on SPI0 as a table config gives them; the second module holds MISO bits."""
    from companion.devices import open_readers

    board.add_reader(0, 0, 25)
    board.add_reader(0, 1, 24, holds_miso=neighbour_holds)
    return open_readers([{"id": "bag-1", "kind": "spi", "bus": 0, "device": 0, "backoff": (0.01, 0.05)},
                         {"id": "bag-2", "kind": "spi", "bus": 0, "device": 1, "backoff": (0.01, 0.05)}],
                        events.put)


@pytest.mark.parametrize(("holds", "symptom"), [(0x80, "wrote 0xAA to a register and read back 0x2A"),
                                                 (0xFF, "version register reads 0x00")])
def test_a_neighbour_holding_miso_gets_the_miso_advice_naming_the_modules(board, events, holds, symptom):
    first, second = shared_bus(board, events, holds)
    first.start()
    try:
        status = until(lambda: first.status if "shares SPI bus 0" in first.status.detail else None)
    finally:
        first.stop()
    assert status.state == "offline" and status.detail.startswith(f"/dev/spidev0.0 (reset GPIO25): {symptom}")
    assert "cathode at the Pi's MISO" in status.detail and "74HC125" in status.detail
    assert "bag-1 shares SPI bus 0 with bag-2" in status.detail
    assert "settings did not stick" not in status.detail and "check SPI is enabled" not in status.detail


def test_a_neighbour_that_starts_holding_miso_is_caught_by_the_health_check(board, events):
    first, _ = shared_bus(board, events, 0x00)
    first.health_every = 0.01
    first.start()
    try:
        until(lambda: first.status.state == "online")
        board.chips[(0, 1)].holds_miso = 0x80  # plugged in wrongly while the table runs
        status = until(lambda: first.status if "read back 0x2A" in first.status.detail else None)
        assert status.state == "offline" and "bag-1 shares SPI bus 0 with bag-2" in status.detail
        assert "stopped answering" not in status.detail  # no reset cures a neighbour
    finally:
        first.stop()


def test_a_reader_whose_loop_raises_is_reported_failed_and_restarted(board, events, monkeypatch):
    monkeypatch.setattr(SpiReader, "restart_backoff", (0.05, 0.2))
    chip = board.add_reader(0, 0, 25)
    broken = {"polls": 3}

    def recorder(uids, ms):  # a diagnostics hook with a bug that shows after a few polls
        broken["polls"] -= 1
        if broken["polls"] == 0:
            raise KeyError("ms")

    r = SpiReader("seat1", events.put, on_poll=recorder, timeout_ms=1, backoff=(0.01, 0.05))
    r.start()
    try:
        failed = next_event(events, LinkStatus)
        while failed.state != "failed":
            failed = next_event(events, LinkStatus)
        assert failed.detail == "KeyError: 'ms'; restarting in 0.05 s"
        until(lambda: r.status.state == "online")  # started again: it opens and resets the chip anew
        chip.place(VirtualTag(NTAG))
        assert next_event(events, TagSeen).uid == NTAG
        assert r.failures == 1
    finally:
        r.stop()
