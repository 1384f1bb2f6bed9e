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
    assert "bag e6614104034b1a2c" in out and "firmware 1.0.0" in out and "RC522 version 0x92" in out
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
    board.add_reader(1, 1, 21)
    config = tmp_path / "table.toml"
    config.write_text('[table]\nname = "t"\n[[seats]]\nplayer = "Ann"\nreader = "green"\n'
                      '[[seats]]\nplayer = "Ben"\nreader = "red"\n'
                      f'[readers.green]\nkind = "serial"\nport = "{pico.link}"\n'
                      '[readers.red]\nkind = "spi"\nbus = 1\ndevice = 1\nreset_pin = 21\n')
    code, out = run_doctor(capsys, "--no-tag", "--config", str(config), "--spi", "1.1",
                           "--serial-dir", str(tmp_path / "by-id"))
    assert code == 0, out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert listed[:2] == ["green", "red"] and "reset GPIO21" in out
