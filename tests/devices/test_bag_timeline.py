"""Whole passes of chips through a bag, on the bag firmware's own loop in virtual time.

The Pico's `Bag` polls the register-level emulator through the project's RC522 driver;
the clock is virtual (each pause or sleep moves it on), so ten seconds of a chip held at
the antenna take a moment to run, with the real timings: 1 ms loop on a millisecond clock,
6 ms between polls, 5 ms settle, 3 ms answer timeout, 3 misses, 1 s hold window, and
register accesses that take time, so polls fall at every phase of the millisecond clock.
"""
import random

import pytest
from clocks import VirtualTime
from rc522_emulator import Mfrc522Emulator, VirtualTag

from companion.devices.frames import decode

A, B = "04A3C6CAE26180", "04A3C6CAE26181"  # B wins every anticollision against A
C = "04112233445566"  # loses to B at cascade level 1
SPI_CALL_US = 23  # a register access from MicroPython: a call into machine.SPI, two bytes at 4 MHz
STEP_US = (50, 400)  # a turn of the bag's loop without a poll (USB port, heartbeat, LED) takes this long


class Wire:
    """The USB link as the bag sees it: every frame it writes, nothing coming back."""

    def __init__(self) -> None:
        self.frames: list[list[str]] = []

    def read(self) -> bytes:
        return b""

    def write(self, data: bytes) -> None:
        self.frames.append(decode(data.rstrip(b"\n")))


@pytest.fixture
def bag(firmware):
    import bag as firmware_bag
    import rc522
    from signals import Signals

    time = VirtualTime()
    chip = Mfrc522Emulator(clock=time)

    def read(reg: int) -> int:
        time.sleep_us(SPI_CALL_US)
        return chip.transfer([0x80 | (reg << 1) & 0x7E, 0])[1]

    def write(reg: int, value: int) -> None:
        time.sleep_us(SPI_CALL_US)
        chip.transfer([(reg << 1) & 0x7E, value])

    reader = rc522.Rc522(read, write, time.pause, time.sleep_us, time.clock_us, 3)
    wire = Wire()
    bag = firmware_bag.Bag(reader, wire, Signals(lambda level: None, lambda hz: None),
                           time.clock_ms, "bag", "b00710ad", poll_ms=6,
                           resend_ms=10**9, miss_limit=3, hold_ms=1000)
    bag.start()

    work = random.Random(24)

    def run(seconds: float) -> None:
        end = time() + seconds
        while time() < end:
            bag.step()
            time.sleep_us(1000 + work.uniform(*STEP_US))  # board.run sleeps 1 ms after each step

    bag.chip, bag.run = chip, run
    # one read per sequence number, as the host delivers them (resends are the same read)
    bag.reads = lambda: list({f[2]: f[3] for f in wire.frames if f[0] == "TAG"}.values())
    return bag


def test_a_chip_held_still_for_ten_seconds_is_one_read(bag):
    tag = bag.chip.place(VirtualTag(A, flaky=True))  # at the edge: answers every other poll
    bag.run(10)
    bag.chip.remove(tag)
    bag.run(2)
    assert bag.reads() == [A]
    assert bag.polls > 500  # it kept polling the whole time


def test_a_chip_drawn_put_back_and_drawn_again_is_two_reads(bag):
    tag = bag.chip.place(VirtualTag(A))
    bag.run(0.3)
    bag.chip.remove(tag)
    bag.run(3)  # a few seconds in the pot, then back into the bag
    bag.chip.place(tag)
    bag.run(0.3)
    bag.chip.remove(tag)
    bag.run(1)
    assert bag.reads() == [A, A]


def test_two_chips_held_together_then_one_removed_are_each_read_once(bag):
    loser = bag.chip.place(VirtualTag(A))
    winner = bag.chip.place(VirtualTag(B))
    bag.run(1.5)
    bag.chip.remove(winner)
    bag.run(3)
    bag.chip.remove(loser)
    bag.run(1)
    assert sorted(bag.reads()) == [A, B]


def test_five_chips_passing_together_are_each_read_once(bag):
    uids = ["04000000000001", "04000000000002", "04000000000003", "04000000000004", "1A2B3C4D"]
    tags = [bag.chip.place(VirtualTag(uid)) for uid in uids]
    bag.run(0.5)
    for tag in tags:
        bag.chip.remove(tag)
        bag.run(0.2)
    assert sorted(bag.reads()) == sorted(uids)


def test_two_chips_held_together_while_the_winners_select_keeps_failing_now_and_then_are_each_read_once(bag):
    loser = bag.chip.place(VirtualTag(A))
    winner = bag.chip.place(VirtualTag(B))
    winner.garble("select", bit=3, times=300, every=3)  # at the edge of the field: every third SAK garbled
    bag.run(3)
    bag.chip.remove(winner)
    bag.chip.remove(loser)
    bag.run(1)
    assert sorted(bag.reads()) == [A, B]


def test_the_field_stays_off_at_least_5_1_ms_between_polls_whatever_the_millisecond_clocks_phase(bag):
    bag.run(20)
    gaps = bag.chip.field_off_gaps()
    assert len(gaps) > 1000 and min(gaps) >= 0.0051  # ISO/IEC 14443-3's reset time


def test_a_chip_drawn_past_another_whose_answers_are_garbled_is_still_read(bag):
    resting = bag.chip.place(VirtualTag(B))  # lies at the edge of the field: its SAK never arrives whole
    resting.garble("select", bit=3, times=10**6)
    bag.run(1)
    drawn = bag.chip.place(VirtualTag(C))
    bag.run(0.3)  # a chip passing the antenna by hand
    bag.chip.remove(drawn)
    bag.run(1)
    assert bag.reads() == [C]
