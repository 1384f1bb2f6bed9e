"""Card selection through the real mfrc522 package's register access and SPI path."""
import time

import pytest
from clocks import RealTime
from rc522_emulator import VirtualTag

from companion.devices.rc522 import ChipNotAnswering, Rc522, ReadBackFailed, WrongVersion

NTAG = "04A3C6CAE26180"


@pytest.fixture
def chip(board):
    emulator = board.add_reader(0, 0, reset_pin=25)
    board.pins[25] = 1  # already running: the package's init needs no oscillator start-up
    import mfrc522

    return emulator, mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25)


def driver(package_chip, timeout_ms=1, **options) -> Rc522:
    clock = RealTime()
    rc = Rc522(package_chip.Read_MFRC522, package_chip.Write_MFRC522, clock.pause, clock.sleep_us,
               clock.clock_us, timeout_ms, **options)
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
    driver(package, rx_gain=7)
    assert emulator.regs[0x26] >> 4 & 0x07 == 7  # RFCfgReg RxGain: 48 dB
    with pytest.raises(ValueError, match="rx_gain must be 0-7"):
        Rc522(package.Read_MFRC522, package.Write_MFRC522, None, None, None, rx_gain=9)


def test_a_module_holding_miso_makes_its_neighbour_read_a_wrong_version(board):
    board.add_reader(0, 0, reset_pin=25)
    board.add_reader(0, 1, reset_pin=24, holds_miso=0x10)
    board.pins[25] = 1
    import mfrc522

    with pytest.raises(WrongVersion, match="0x82: bus contention") as caught:
        driver(mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25))
    assert caught.value.version == 0x82 and "diode" in str(caught.value)


OTHER = "04112233445566"  # loses every anticollision against NTAG at cascade level 1


def test_one_garbled_sak_does_not_hide_the_other_chip(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG)).garble("select", bit=3)
    emulator.place(VirtualTag(OTHER))
    assert sorted(driver(package).scan()) == sorted([NTAG, OTHER])  # in one scan, not the next


def test_a_chip_whose_sak_never_arrives_whole_is_given_up_after_two_retries(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG)).garble("select", bit=3, times=100)
    emulator.place(VirtualTag(OTHER))
    rc = driver(package)
    emulator.air.clear()
    assert rc.scan() == [OTHER]
    selects = [frame for _, frame in emulator.air if isinstance(frame, bytes) and frame.startswith(b"\x93\x70\x88\x04\xa3")]
    assert len(selects) == 3  # the first try and two retries


def test_a_bit_error_in_the_check_byte_is_not_taken_for_a_collision(chip):
    emulator, package = chip
    tag = emulator.place(VirtualTag(NTAG))
    tag.garble("anticollision", bit=35)  # inside the BCC: past the 32 bits CollPos can count
    assert driver(package).scan() == [NTAG]
    assert emulator.strays == []  # no UID prefix asked for that the tag never sent


def test_a_uid_bit_flipped_on_miso_is_caught_by_the_check_byte(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG))
    emulator.flip_fifo(b"\x93\x20", byte=1, mask=0x01)  # 88 04 ... read as 88 05 ...
    assert driver(package).scan() == [NTAG]
    assert emulator.strays == []  # no SELECT went out for a UID no tag has


def test_a_sak_bit_flipped_on_miso_never_becomes_a_chip_that_is_not_there(chip):
    emulator, package = chip
    emulator.place(VirtualTag(NTAG))
    emulator.flip_fifo(b"\x93\x70", byte=0, mask=0x04)  # "UID not complete" read as "complete"
    assert driver(package).scan() == [NTAG]  # not 8804A3C6, the cascade tag and three bytes


def test_a_clone_whose_sak_claims_more_uid_than_its_frame_has_is_not_read(chip):
    emulator, package = chip
    emulator.place(VirtualTag("1A2B3C4D", sak=0x04))  # single-size UID, SAK "cascade" (a badly written block 0)
    assert driver(package).scan() == []
    assert emulator.strays == []  # no cascade level 2 asked of a tag that never sent the cascade tag


def test_a_neighbour_holding_bit_7_is_caught_by_the_read_back_though_the_version_looks_right(board):
    board.add_reader(0, 0, reset_pin=25)
    board.add_reader(0, 1, reset_pin=24, holds_miso=0x80)
    board.pins[25] = 1
    import mfrc522

    package = mfrc522.MFRC522(bus=0, device=0, pin_mode=11, pin_rst=25)
    assert package.Read_MFRC522(0x37) == 0x12  # 0x92 with bit 7 held low: a counterfeit's version
    with pytest.raises(ReadBackFailed, match=r"wrote 0xAA to a register and read back 0x2A \(MISO bit 7 held low\)"):
        driver(package)
