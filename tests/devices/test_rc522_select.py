"""Card selection through the real mfrc522 package's register access and SPI path."""
import time

import pytest
from rc522_emulator import VirtualTag

from companion.devices.rc522 import ChipNotAnswering, Rc522, WrongVersion

NTAG = "04A3C6CAE26180"


@pytest.fixture
def chip(board):
    emulator = board.add_reader(0, 0, reset_pin=25)
    board.pins[25] = 1  # already running: the package's init needs no oscillator start-up
    import mfrc522

    return emulator, mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25)


def driver(package_chip, timeout_ms=1) -> Rc522:
    rc = Rc522(package_chip.Read_MFRC522, package_chip.Write_MFRC522,
               lambda: time.sleep(0.0002), lambda ms: time.sleep(ms / 1000), timeout_ms)
    rc.init()
    return rc


def test_package_alone_sees_only_the_cascade_tag_of_an_ntag(chip):
    emulator, package = chip
    emulator.soft_reset_s = 0  # the package writes its settings right after its reset
    time.sleep(0.01)  # so its first init (in the constructor) lost them: init again
    package.MFRC522_Init()
    time.sleep(0.01)  # field settle
    emulator.place(VirtualTag(NTAG))
    status, _ = package.MFRC522_Request(package.PICC_REQIDL)
    assert status == package.MI_OK
    status, frame = package.MFRC522_Anticoll()
    assert frame[:4] == [0x88, 0x04, 0xA3, 0xC6]  # three of seven UID bytes


@pytest.mark.parametrize("uid", ["DEADBEEF", NTAG, "0411223344556677AABB"])
def test_full_uid_is_read_for_4_7_and_10_byte_tags(chip, uid):
    emulator, package = chip
    emulator.place(VirtualTag(uid))
    assert driver(package).scan() == [uid]


def test_empty_field_gives_no_uid_and_waits_on_the_timer(chip):
    emulator, package = chip
    rc = driver(package, timeout_ms=2)
    before = emulator.transfers
    assert rc.scan() == []
    # one REQA: antenna on and off, setup writes and a few interrupt checks, not thousands of reads
    assert emulator.transfers - before < 40


def test_two_tags_at_once_are_both_read(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG))
    emulator.place(VirtualTag("04A3C6CAE26181"))  # differs only in the last bit of CL2
    emulator.place(VirtualTag("1A2B3C4D"))
    assert sorted(driver(package).scan()) == sorted([NTAG, "04A3C6CAE26181", "1A2B3C4D"])


def test_halted_tag_is_still_found_by_the_next_scan(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG))
    rc = driver(package)
    assert [rc.scan() for _ in range(3)] == [[NTAG]] * 3


def test_silent_chip_raises_instead_of_hanging(chip):
    emulator, package = chip
    rc = driver(package)
    emulator.go_silent()
    with pytest.raises(ChipNotAnswering):
        rc.scan()
    with pytest.raises(ChipNotAnswering, match="version register reads 0x00"):
        rc.check()


def test_a_collision_with_parity_error_and_early_errirq_still_reads_both(board):
    emulator = board.add_reader(0, 1, reset_pin=24, parity_on_collision=True)
    board.pins[24] = 1
    import mfrc522

    emulator.place(VirtualTag(NTAG))
    emulator.place(VirtualTag("04A3C6CAE26181"))
    rc = driver(mfrc522.MFRC522(bus=0, device=1, pin_mode=11, pin_rst=24))
    assert sorted(rc.scan()) == [NTAG, "04A3C6CAE26181"]


def test_two_tags_that_stay_in_the_field_are_both_found_on_every_scan(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG))
    emulator.place(VirtualTag("04A3C6CAE26181"))
    rc = driver(package)
    # the loser of the first anticollision is found again although it was halted once
    assert [sorted(rc.scan()) for _ in range(5)] == [[NTAG, "04A3C6CAE26181"]] * 5


def test_init_waits_for_the_soft_reset_to_end_before_configuring(board):
    emulator = board.add_reader(0, 0, reset_pin=25, soft_reset_s=0.004)
    board.pins[25] = 1
    import mfrc522

    package = mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25)
    time.sleep(0.01)  # the package's own reset is over
    rc = driver(package)
    assert emulator.regs[0x2A] == 0x80  # TAuto stuck: the timer ends an empty poll
    assert rc.scan() == []


def test_a_reset_that_never_ends_is_reported(board):
    board.add_reader(0, 0, reset_pin=25, soft_reset_s=60)
    board.pins[25] = 1
    import mfrc522

    with pytest.raises(ChipNotAnswering, match="soft reset did not end"):
        driver(mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25))


def test_receiver_gain_is_set_and_checked(chip):
    emulator, package = chip
    rc = Rc522(package.Read_MFRC522, package.Write_MFRC522, lambda: time.sleep(0.0002),
               lambda ms: time.sleep(ms / 1000), 1, rx_gain=7)
    rc.init()
    assert emulator.regs[0x26] >> 4 & 0x07 == 7  # RFCfgReg RxGain: 48 dB
    with pytest.raises(ValueError, match="rx_gain must be 0-7"):
        Rc522(package.Read_MFRC522, package.Write_MFRC522, None, None, rx_gain=9)


def test_a_module_holding_miso_makes_its_neighbour_read_a_wrong_version(board):
    board.add_reader(0, 0, reset_pin=25)
    board.add_reader(0, 1, reset_pin=24, holds_miso=0x10)
    board.pins[25] = 1
    import mfrc522

    with pytest.raises(WrongVersion, match="0x82: bus contention") as caught:
        driver(mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25))
    assert caught.value.version == 0x82 and "diode" in str(caught.value)
