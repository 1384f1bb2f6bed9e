"""The library commands on a real file: import, list, export, timeline, tags, config --check."""

from companion.autoplay import play_game
from companion.cli import main
from companion.engine import GameConfig, format_transcript


def quacks(*argv):
    return main([str(a) for a in argv])


def test_a_transcript_goes_in_and_comes_back_out_unchanged(tmp_path, capsys):
    config = GameConfig(players=("Ann", "Ben", "Cid"))
    _, inputs = play_game(config, seed=11)
    transcript = format_transcript(config, inputs)
    (tmp_path / "night.jsonl").write_text(transcript)
    db = tmp_path / "j.sqlite3"
    assert quacks("import", tmp_path / "night.jsonl", "--db", db) == 0
    assert f"({len(inputs)} inputs, finished)" in capsys.readouterr().out
    assert quacks("games", "--db", db) == 0
    assert "finished" in capsys.readouterr().out
    assert quacks("export", "1", "--db", db) == 0
    assert capsys.readouterr().out == transcript
    assert quacks("timeline", "1", "--seat", "Ben", "--round", "3", "--db", db) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(" R3 " in line and "Ben:" in line for line in lines)
    assert quacks("show", "99", "--db", db) == 1
    assert "no game 99" in capsys.readouterr().err


def test_tags_and_config_check_report_problems_with_exit_codes(tmp_path, capsys):
    db = tmp_path / "j.sqlite3"
    (tmp_path / "tags.csv").write_text("uid,chip\n04AABBCC,white-1-01\n04AABBCC,white-1-02\n")
    assert quacks("tags", "import", tmp_path / "tags.csv", "--db", db) == 1
    assert "line 3: tag 04AABBCC is already on chip white-1-01" in capsys.readouterr().err
    (tmp_path / "table.toml").write_text('[[seats]]\nplayer = "Ann"\n[[seats]]\nplayer = 7\n')
    assert quacks("config", "--check", tmp_path / "table.toml") == 1
    assert f"{tmp_path / 'table.toml'}:4: seats[1].player: must be text in quotes" in capsys.readouterr().err


def test_config_check_says_which_books_and_edition_the_table_plays(tmp_path, capsys):
    path = tmp_path / "table.toml"
    path.write_text('[table]\nedition = "first-translation"\n[books]\nred = "random"\n'
                    '[[seats]]\nplayer = "Ann"\n[[seats]]\nplayer = "Ben"\n')
    assert quacks("config", "--check", path) == 0
    assert ("  books: green 1, blue 1, red random, yellow 1, purple 1; edition: The first English translation"
            in capsys.readouterr().out.splitlines())
    path.write_text(path.read_text().replace('red = "random"', "red = 9"))
    assert quacks("config", "--check", path) == 1
    assert f"{path}:4: books.red: red set 9 is not available" in capsys.readouterr().err


def test_config_check_shows_each_rc522s_reset_line_and_refuses_one_line_for_two(tmp_path, capsys):
    path = tmp_path / "table.toml"
    path.write_text('[[seats]]\nplayer = "Ann"\nreader = "red"\n[[seats]]\nplayer = "Ben"\nreader = "blue"\n'
                    '[readers.red]\nkind = "spi"\n[readers.blue]\nkind = "spi"\ndevice = 1\n')
    assert quacks("config", "--check", path) == 0
    out = capsys.readouterr().out.splitlines()
    assert "    red: RC522 on /dev/spidev0.0, reset line GPIO25" in out
    assert "    blue: RC522 on /dev/spidev0.1, reset line GPIO24" in out
    path.write_text(path.read_text() + "reset_pin = 25\n")
    assert quacks("config", "--check", path) == 1
    assert (f"{path}:12: readers.blue.reset_pin: reset line GPIO25 is also red's: a reset meant for one "
            "module would hit the other, or miss the one wired elsewhere; give each reader its own line") in capsys.readouterr().err
