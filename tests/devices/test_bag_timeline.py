"""Whole passes of chips through a bag, on the bag firmware's own loop in virtual time.

The Pico's `Bag` polls the register-level emulator through the project's RC522 driver;
the clock is virtual (each pause or sleep moves it on), so ten seconds of a chip held at
the antenna take a moment to run, with the real timings: 1 ms loop, field off 6 ms
between polls, 5 ms settle, 3 ms answer timeout, 3 misses, 1 s hold window.
"""
import pytest
from rc522_emulator import Mfrc522Emulator, VirtualTag

from companion.devices.frames import decode

A, B = "04A3C6CAE26180", "04A3C6CAE26181"  # B wins every anticollision against A


class VirtualTime:
    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds

    def sleep_ms(self, ms: float) -> None:
        self.seconds += ms / 1000


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
        return chip.transfer([0x80 | (reg << 1) & 0x7E, 0])[1]

    def write(reg: int, value: int) -> None:
        chip.transfer([(reg << 1) & 0x7E, value])

    reader = rc522.Rc522(read, write, lambda: time.sleep_ms(0.25), time.sleep_ms, 3)
    wire = Wire()
    bag = firmware_bag.Bag(reader, wire, Signals(lambda level: None, lambda hz: None),
                           lambda: int(time() * 1000), "bag", "b00710ad", poll_ms=6,
                           resend_ms=10**9, miss_limit=3, hold_ms=1000)
    bag.start()

    def run(seconds: float) -> None:
        end = time() + seconds
        while time() < end:
            bag.step()
            time.sleep_ms(1)

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
