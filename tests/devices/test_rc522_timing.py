"""The driver's timings on a virtual clock, read off the emulator's air log: how long it listens
for an answer, and how long the field stays off between scans (ISO/IEC 14443-3's 5.1 ms)."""
import pytest
from clocks import VirtualTime
from rc522_emulator import Mfrc522Emulator, VirtualTag

from companion.devices.rc522 import Rc522


def bench(timeout_ms=3, millisecond_clock=False):
    """A virtual clock, an emulated chip and the driver, which reads the clock in microseconds,
    or (``millisecond_clock``) as a board's millisecond counter, a step of 1000 µs."""
    time = VirtualTime()
    chip = Mfrc522Emulator(clock=time)

    def read(reg):
        return chip.transfer([0x80 | (reg << 1) & 0x7E, 0])[1]

    def write(reg, value):
        chip.transfer([(reg << 1) & 0x7E, value])

    if millisecond_clock:
        rc = Rc522(read, write, time.pause, time.sleep_us, lambda: time.clock_ms() * 1000, timeout_ms,
                   clock_step_us=1000)
    else:
        rc = Rc522(read, write, time.pause, time.sleep_us, time.clock_us, timeout_ms)
    rc.init()
    return time, chip, rc


@pytest.mark.parametrize("timeout_ms", [1, 3, 25])
def test_an_empty_poll_listens_for_the_timeout_it_was_given(timeout_ms):
    time, chip, rc = bench(timeout_ms=timeout_ms)
    chip.air.clear()
    assert rc.scan() == []
    [(asked, _)] = [(at, frame) for at, frame in chip.air if frame == b"\x26"]  # REQA
    [(off, _)] = [(at, what) for at, what in chip.air if what == "off"]
    listened_ms = (off - asked) * 1000
    assert timeout_ms <= listened_ms <= timeout_ms * 1.02 + 0.25  # the timer, plus one pause to notice it


@pytest.mark.parametrize("millisecond_clock", [False, True])
def test_back_to_back_scans_keep_the_field_off_5_1_ms_on_a_clock_of_any_step(millisecond_clock):
    time, chip, rc = bench(millisecond_clock=millisecond_clock)
    tag = chip.place(VirtualTag("04A3C6CAE26180"))
    for n in range(200):
        assert rc.scan() == ["04A3C6CAE26180"]  # halted in each scan, and reset by each field-off
        time.sleep_us(n * 37 % 1000)  # the caller comes back at every phase of the clock
    gaps = chip.field_off_gaps()
    assert len(gaps) == 199 and min(gaps) >= 0.0051
    assert tag.state == "halt"
