"""`quacks doctor` against a simulated Pico bag and an emulated RC522 on the Pi's SPI."""
import argparse
import json

from rc522_emulator import VirtualTag

from companion.commands import doctor


def run_doctor(capsys, *argv):
    parser = argparse.ArgumentParser()
    doctor.register(parser.add_subparsers())
    args = parser.parse_args(["doctor", *argv])
    code = args.func(args)
    out = capsys.readouterr().out
    return code, out


def test_lists_both_kinds_and_reads_a_chip_on_each(firmware, board, tmp_path, capsys):
    pico = firmware("e6614104034b1a2c")
    pico.plug()
    pico.emulator.place(VirtualTag("04A3C6CAE26180"))
    chip = board.add_reader(0, 1, 24)
    chip.place(VirtualTag("04112233445566"))
    code, out = run_doctor(capsys, "--seconds", "5", "--spi", "0.1",
                           "--serial-dir", str(tmp_path / "by-id"), "--record", str(tmp_path / "rec"))
    assert code == 0, out
    assert not pico.bag.unacked  # acknowledged: the next table is not sent the test chip
    assert "bag e6614104034b1a2c" in out and "firmware 1.2.0" in out and "RC522 version 0x92" in out
    assert "RC522 on /dev/spidev0.1 (reset GPIO24), version register 0x92" in out
    assert "read 04A3C6CAE26180 (7-byte UID)" in out
    assert "read 04112233445566 (7-byte UID)" in out
    rates = {line.split()[-2]: int(line.split()[-1]) for line in out.splitlines()
             if line.startswith("  ") and line.split()[-1].isdigit()}
    assert rates["e6614104034b1a2c"] > 0 and rates["0.1"] > 0
    recorded = sorted(p.name for p in (tmp_path / "rec").iterdir())
    assert recorded == ["polls-spi-0-1.jsonl", "serial-bag-e6614104034b1a2c.jsonl"]
    polls = [json.loads(line) for line in (tmp_path / "rec" / "polls-spi-0-1.jsonl").open()]
    assert any(row.get("uids") == ["04112233445566"] for row in polls[1:])


def test_missing_reader_gets_plain_advice(board, tmp_path, capsys):
    code, out = run_doctor(capsys, "--no-tag", "--spi", "1.2", "--serial-dir", str(tmp_path))
    assert code == 1
    assert "spi 1.2" in out and "/dev/spidev1.2" in out
    assert "Check: SPI enabled" in out and "RST on GPIO27" in out


def test_nothing_found_explains_where_to_look(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(doctor.glob, "glob", lambda pattern: [])
    code, out = run_doctor(capsys, "--serial-dir", str(tmp_path))
    assert code == 1
    assert "No reader answered" in out and "dialout" in out and "raspi-config" in out


def test_config_names_the_readers_it_knows(firmware, board, tmp_path, capsys):
    pico = firmware("e6614104034b1a2c")
    pico.plug()
    board.add_reader(1, 1, 5)
    config = tmp_path / "table.toml"
    config.write_text('[table]\nname = "t"\n[[seats]]\nplayer = "Ann"\nreader = "green"\n'
                      '[[seats]]\nplayer = "Ben"\nreader = "red"\n'
                      f'[readers.green]\nkind = "serial"\nport = "{pico.link}"\n'
                      '[readers.red]\nkind = "spi"\nbus = 1\ndevice = 1\nreset_pin = 5\n')
    code, out = run_doctor(capsys, "--no-tag", "--config", str(config), "--spi", "1.1",
                           "--serial-dir", str(tmp_path / "by-id"))
    assert code == 0, out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert listed[:2] == ["green", "red"] and "reset GPIO5" in out


def doctor_on_four_modules_on_bus_0(board, tmp_path, capsys, holding: int, holds: int):
    """Doctor on four modules of one bus (reset lines 25, 24, 23, 22), one of which holds MISO bits."""
    for device, pin in enumerate((25, 24, 23, 22)):
        board.add_reader(0, device, pin, holds_miso=holds if device == holding else 0x00)
    return run_doctor(capsys, "--no-tag", "--serial-dir", str(tmp_path),
                      *[arg for d, pin in enumerate((25, 24, 23, 22)) for arg in ("--spi", f"0.{d}:{pin}")])


def test_four_readers_on_one_bus_name_the_module_holding_miso(board, tmp_path, capsys):
    code, out = doctor_on_four_modules_on_bus_0(board, tmp_path, capsys, holding=2, holds=0x10)
    assert code == 1
    assert "spi 0.0: version register reads 0x82, which no RC522 has." in out
    assert ("SPI bus 0: spi 0.2 (/dev/spidev0.2 (reset GPIO23)) is the module that does not release "
            "MISO: it reads 0x92 while every other module on the bus reads a wrong value "
            "(spi 0.0 (0x82), spi 0.1 (0x82), spi 0.3 (0x82))") in out
    assert "a diode (anode at the module, cathode at the Pi's MISO) with one pull-down per bus" in out


def test_range_check_reports_the_distances_each_reader_reached(firmware, board, tmp_path, capsys,
                                                               monkeypatch):
    pico = firmware("e6614104034b1a2c")
    pico.plug()
    pico.emulator.range_cm = 3.5
    spi = board.add_reader(0, 0, 25, range_cm=2.5)  # a weaker antenna
    chips = {}

    def player(prompt: str) -> str:  # the person at the table, doing what doctor asks
        if prompt.startswith("Hold a chip"):
            cm = float(prompt.split()[3])
            chips["spi"] = spi.place(VirtualTag("04112233445566", distance_cm=cm))
            chips["bag"] = pico.emulator.place(VirtualTag("04A3C6CAE26180", distance_cm=cm))
        else:
            if chips:
                spi.remove(chips.pop("spi"))
                pico.emulator.remove(chips.pop("bag"))
        return ""

    monkeypatch.setattr("builtins.input", player)
    chips["spi"] = spi.place(VirtualTag("04112233445566"))  # the test chips, still there
    chips["bag"] = pico.emulator.place(VirtualTag("04A3C6CAE26180"))
    code, out = run_doctor(capsys, "--seconds", "1.5", "--range", "--spi", "0.0",
                           "--serial-dir", str(tmp_path / "by-id"))
    assert code == 0, out
    assert ("bag e6614104034b1a2c         read at 1 cm, 2 cm, 3 cm. Every chip must pass within "
            "3 cm of the antenna") in out
    assert "spi 0.0                      read at 1 cm, 2 cm; not at 3 cm. Every chip must pass within 2 cm" in out


def test_a_pico_bag_whose_module_reads_a_wrong_version_is_flagged(firmware, tmp_path, capsys):
    pico = firmware("e6614104034b1a2c")
    pico.emulator.version = 0x82
    pico.plug()
    code, out = run_doctor(capsys, "--no-tag", "--serial-dir", str(tmp_path / "by-id"))
    assert "RC522 version 0x82 (no RC522 has that version: a faulty module or a loose MISO wire" in out


def test_a_module_holding_only_bit_7_is_named_though_every_version_byte_looks_right(board, tmp_path, capsys):
    code, out = doctor_on_four_modules_on_bus_0(board, tmp_path, capsys, holding=1, holds=0x80)
    assert code == 1
    assert "spi 0.0: wrote 0xAA to a register and read back 0x2A: a MISO bit is held, most likely by another module on the bus." in out
    assert ("SPI bus 0: spi 0.1 (/dev/spidev0.1 (reset GPIO24)) is the module that does not release MISO: it "
            "reads 0x92 while every other module on the bus reads a wrong value (spi 0.0 (0xAA read back as 0x2A), "
            "spi 0.2 (0xAA read back as 0x2A), spi 0.3 (0xAA read back as 0x2A))") in out
    assert "settings did not stick" not in out and "check SPI is enabled" not in out


def test_a_reader_that_fails_on_an_unknown_error_is_listed_as_failed_with_the_cause(board, tmp_path, capsys,
                                                                                  monkeypatch):
    from companion.devices import SpiReader

    class GpioError(Exception):  # what rpi-lgpio raises for a line another program holds
        pass

    def busy(mode):
        raise GpioError("GPIO busy")

    board.add_reader(0, 0, 25)
    monkeypatch.setattr(board.gpio, "setmode", busy)
    monkeypatch.setattr(SpiReader, "restart_backoff", (60.0, 60.0))
    code, out = run_doctor(capsys, "--no-tag", "--spi", "0.0", "--serial-dir", str(tmp_path))
    assert code == 1
    assert "  spi 0.0                      failed: GpioError: GPIO busy; restarting in 60 s" in out
    assert "spi 0.0: GpioError: GPIO busy; restarting in 60 s. The reader stopped on an error it does not know" in out
