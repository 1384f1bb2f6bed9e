"""Card selection through the real mfrc522 package's register access and SPI path."""
import time

import pytest
from rc522_emulator import VirtualTag

from companion.devices.rc522 import ChipNotAnswering, Rc522

NTAG = "04A3C6CAE26180"


@pytest.fixture
def chip(board):
    emulator = board.add_reader(0, 0, reset_pin=25)
    import mfrc522

    return emulator, mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25)


def driver(package_chip, timeout_ms=1) -> Rc522:
    rc = Rc522(package_chip.Read_MFRC522, package_chip.Write_MFRC522,
               lambda: time.sleep(0.0002), timeout_ms)
    rc.init()
    return rc


def test_package_alone_sees_only_the_cascade_tag_of_an_ntag(chip):
    emulator, package = chip
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
    # one WUPA: setup writes plus a few interrupt checks, not thousands of reads
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
    assert not rc.alive()
