"""The emulator's tags follow the NTAG21x state diagram, and its chip misbehaves as real ones
do, so the driver's tests can fail where the driver reads the datasheet wrongly."""
import time

import pytest
from clocks import RealTime, VirtualTime
from rc522_emulator import HALT, IDLE, READY, Mfrc522Emulator, VirtualTag

from companion.devices.rc522 import OK, Rc522, crc_a

A, B = "04A3C6CAE26180", "04A3C6CAE26181"


@pytest.fixture
def chip():
    emulator = Mfrc522Emulator(soft_reset_s=0)

    def read(reg):
        return emulator.transfer([0x80 | (reg << 1) & 0x7E, 0])[1]

    def write(reg, value):
        emulator.transfer([(reg << 1) & 0x7E, value])

    clock = RealTime()
    rc = Rc522(read, write, clock.pause, clock.sleep_us, clock.clock_us, 1)
    rc.init()
    rc.antenna(True)
    time.sleep(0.006)
    return emulator, rc


def select_frames(tag: VirtualTag) -> list[bytes]:
    frames = []
    for level, frame in enumerate(tag.frames()):
        command = bytes((0x93 + 2 * level, 0x70)) + frame
        frames.append(command + crc_a(command))
    return frames


def test_a_halted_tag_answers_only_wupa(chip):
    emulator, rc = chip
    tag = emulator.place(VirtualTag(A))
    assert rc.request()
    for frame in select_frames(tag):
        assert rc.transceive(frame)[0] == OK
    rc.halt()
    assert tag.state == HALT
    assert not rc.request()  # REQA
    assert rc.transceive((0x52,), 7)[0] == OK and tag.state == READY and tag.halted  # WUPA: READY*


def test_a_ready_star_tag_goes_back_to_halt_on_another_tags_select(chip):
    emulator, rc = chip
    a, b = emulator.place(VirtualTag(A)), emulator.place(VirtualTag(B))
    for tag in (a, b):  # both read and halted by an earlier poll, the field staying on
        tag.state, tag.halted = HALT, True
    rc.transceive((0x52,), 7)  # WUPA: both READY*
    for frame in select_frames(b):
        rc.transceive(frame)
    assert a.state == HALT  # B's SELECT was "any other command" for A
    rc.halt()
    assert not rc.request()  # REQA reaches neither: this is how a lingering chip was missed


def test_a_field_off_of_5_1_ms_powers_every_tag_off_and_a_shorter_one_does_not():
    time = VirtualTime()
    emulator = Mfrc522Emulator(clock=time)
    tag = emulator.place(VirtualTag(A))

    def field(on: bool, then_ms: float) -> None:
        emulator.transfer([0x14 << 1, 0x83 if on else 0x80])  # TxControlReg, as any driver would
        time.sleep_ms(then_ms)

    field(True, 10)
    tag.state, tag.halted = HALT, True  # read and halted by a scan
    field(False, 5.0)
    field(True, 10)
    assert tag.state == HALT  # ISO/IEC 14443-3: 5.0 ms without field is not enough to reset it
    field(False, 5.1)
    field(True, 10)
    assert tag.state == IDLE and not tag.halted
    assert [round(gap * 1000, 3) for gap in emulator.field_off_gaps()] == [5.0, 5.1]


def test_tags_beyond_the_range_are_not_read(chip):
    emulator, rc = chip
    emulator.range_cm = 2.0
    emulator.place(VirtualTag(A, distance_cm=2.5))
    assert rc.scan() == []
    emulator.tags[0].distance_cm = 1.5
    assert rc.scan() == [A]
