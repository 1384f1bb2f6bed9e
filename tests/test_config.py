"""The table's TOML file: a good one loads, every bad key is named with its line."""

import random
import textwrap

import pytest

from companion.config import ConfigError, KeyLines, load_config, parse_config
from companion.engine import book_sets

GOOD = textwrap.dedent('''\
    # Friday nights
    [table]
    name = "Kitchen table"
    database = "games/quacks.sqlite3"
    supply = "B"

    [web]
    bind = "127.0.0.1"
    port = 8123

    [books]
    blue = 1
    red = 1

    [[seats]]
    player = "Ann"
    reader = "bag-1"

    [[seats]]
    player = "Ben"
    reader = "bag-2"

    [[seats]]
    player = "Cid"

    [readers.bag-1]
    kind = "spi"
    bus = 0
    device = 1

    [readers."bag-2"]
    kind = "serial"
    port = "/dev/ttyUSB0"
    baud = 115200
''')


def problems(text):
    with pytest.raises(ConfigError) as info:
        parse_config(text)
    return [(p.key, p.line, p.message) for p in info.value.problems]


def test_a_good_file_loads_with_paths_relative_to_it(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text(GOOD)
    config = load_config(path)
    assert [s.player for s in config.seats] == ["Ann", "Ben", "Cid"]
    assert config.reader_seats() == {"bag-1": 0, "bag-2": 1}
    assert config.readers["bag-2"].options == {"port": "/dev/ttyUSB0", "baud": 115200}
    assert config.database == tmp_path / "games" / "quacks.sqlite3"
    assert (config.bind, config.port, config.supply) == ("127.0.0.1", 8123, "B")
    game = config.game_config()
    assert game.players == ("Ann", "Ben", "Cid")
    assert game.books["blue"] == 1 and game.books["green"] == 1


def test_a_bad_value_is_named_with_its_line():
    text = GOOD.replace('port = 8123', 'port = "8123"')
    assert problems(text) == [("web.port", 9, "must be a whole number, not str '8123'")]


def test_every_problem_is_reported_at_once_with_lines():
    text = GOOD.replace('reader = "bag-2"', 'reader = "bag-9"').replace("blue = 1", "blue = 7") \
        .replace('kind = "spi"', 'kind = "usb"').replace("[web]", "[web]\nhost = 1")
    found = problems(text)
    keys = {key: line for key, line, _ in found}
    assert keys["web.host"] == 8
    assert keys["books.blue"] == 13
    assert keys["seats[1].reader"] == 22
    assert keys["readers.bag-1.kind"] == 28
    messages = " ".join(m for _, _, m in found)
    assert "unknown reader 'bag-9'" in messages and "blue set 7 is not available" in messages


def test_a_reader_cannot_feed_two_seats_and_names_must_differ():
    text = GOOD.replace('player = "Cid"', 'player = "Ann"\nreader = "bag-1"')
    found = problems(text)
    assert ("seats[2].player", 24, "'Ann' already sits at seat 0") in found
    assert ("seats[2].reader", 25, "reader 'bag-1' already feeds seat 0") in found


def test_the_player_count_comes_from_the_rules():
    one_seat = GOOD.split("[[seats]]")[0] + '[[seats]]\nplayer = "Solo"\n'
    [(key, line, message)] = problems(one_seat)
    assert key == "seats" and line == 15 and "2 to 4 players" in message


def test_a_serial_reader_needs_a_port_or_serial_number_and_keys_must_suit_the_kind():
    text = GOOD.replace('port = "/dev/ttyUSB0"\n', "").replace("device = 1", "device = 1\nbaud = 9600")
    found = problems(text)
    assert ("readers.bag-2", 32, "a serial reader needs 'port' or 'serial_number' (its USB serial number)") in found
    assert ("readers.bag-1.baud", 30, "unknown key for a spi reader (expected bus, device, reset_pin, rx_gain)") in found


def test_broken_toml_reports_the_parser_line(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(GOOD.replace("supply = \"B\"", "supply = B"))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    [problem] = info.value.problems
    assert problem.line == 5 and "not valid TOML" in problem.message
    assert str(info.value).startswith(f"{path}:5:")


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ConfigError, match="cannot read the file"):
        load_config(tmp_path / "absent.toml")


def test_key_lines_skip_multiline_strings_and_arrays():
    text = textwrap.dedent('''\
        notes = """
        port = 1
        """
        list = [
          1,
          2,
        ]
        [a]
        "quoted.key" = 1
        b.c = 2
        [[s]]
        [[s]]
        x = 'it''s'
    ''')
    lines = KeyLines(text).lines
    assert lines[("notes",)] == 1 and ("port",) not in lines
    assert lines[("list",)] == 4
    assert lines[("a", "quoted.key")] == 9
    assert lines[("a", "b", "c")] == 10
    assert lines[("s", 1)] == 12 and lines[("s", 1, "x")] == 13
    assert KeyLines(text).line(("s", 1, "x", 0)) == 13


def test_assist_is_odds_unless_the_table_chooses_and_only_three_levels_exist():
    assert parse_config(GOOD).assist == "odds"
    assert parse_config(GOOD.replace('[web]', 'assist = "advice"\n\n[web]', 1)).assist == "advice"
    [(key, _, message)] = problems(GOOD.replace('[web]', 'assist = "hints"\n\n[web]', 1))
    assert key == "table.assist" and message == "must be one of off, odds, advice, not 'hints'"


def test_stir_is_round9_unless_the_table_chooses_and_a_bad_value_is_named_with_its_line():
    assert parse_config(GOOD).stir == "round9", "the rulebook draws synchronously in the last round"
    assert parse_config(GOOD.replace('[web]', 'stir = "always"\n\n[web]', 1)).stir == "always"
    [(key, line, message)] = problems(GOOD.replace('[web]', 'stir = "last"\n\n[web]', 1))
    assert (key, line, message) == ("table.stir", 7, "must be one of round9, always, off, not 'last'")


def test_the_test_tube_side_is_a_table_setting():
    assert parse_config(GOOD).game_config().tubes is False
    assert parse_config(GOOD.replace('supply = "B"', 'supply = "B"\ntubes = true')).game_config().tubes is True
    assert [(k, line) for k, line, _ in problems(GOOD.replace('supply = "B"', 'supply = "B"\ntubes = "yes"'))] == [
        ("table.tubes", 6)]


def test_books_may_be_random_and_the_edition_chosen():
    text = GOOD.replace("red = 1", 'red = "random"\ngreen = 1').replace('supply = "B"', 'supply = "B"\nedition = "schmidt"')
    config = parse_config(text)
    assert config.books == {"green": 1, "blue": 1, "red": "random", "yellow": 1, "purple": 1}
    assert config.edition == "schmidt"
    game = config.game_config(random.Random(3))
    assert game.edition == "schmidt" and game.books["red"] in book_sets("red"), "dealt as the game starts"
    assert parse_config(GOOD).edition == "northstar"


def test_a_bad_book_choice_or_edition_is_named_with_its_line():
    text = GOOD.replace("blue = 1", 'blue = "two"').replace("red = 1", "red = 9") \
        .replace('supply = "B"', 'supply = "B"\nedition = "german"')
    found = problems(text)
    assert ("table.edition", 6, "unknown edition 'german' (one of northstar, schmidt, first-translation, spanish)") \
        in found
    assert ("books.blue", 13, 'must be a set number (1-6; black 5 or 6) or "random", not str \'two\'') in found
    assert ("books.red", 14, f"red set 9 is not available; available: {book_sets('red')}") in found


def test_sets_5_and_6_and_a_black_set_need_the_herb_witches():
    text = GOOD.replace("red = 1", "red = 6\nblack = 5")
    found = problems(text)
    assert [key for key, _, _ in found] == ["books.red", "books.black"]
    assert "sets 5 and 6 come with The Herb Witches" in found[0][2]
    config = parse_config(text.replace('supply = "B"', 'supply = "B"\nexpansions = ["witches"]'))
    assert config.books["black"] == 5
    game = config.game_config(random.Random(1))
    assert (game.books["red"], game.books["black"]) == (6, 5)
    assert problems(GOOD.replace("red = 1", "red = 1\nblack = 2"))[0][0] == "books.black"


def test_expansions_are_a_table_setting_and_the_herb_witches_seat_a_fifth_player():
    five = GOOD + "".join(f'\n[[seats]]\nplayer = "{name}"\n' for name in ("Dot", "Eli"))
    assert "2 to 4 players, not 5" in problems(five)[0][2]
    with_witches = five.replace('supply = "B"', 'supply = "B"\nexpansions = ["witches", "exchange"]\nstand = "brown"')
    config = parse_config(with_witches).game_config(random.Random(1))
    assert (len(config.players), config.expansions, config.stand) == (5, ("exchange", "witches"), "brown")
    bad = GOOD.replace('supply = "B"', 'supply = "B"\nexpansions = ["dragons"]\nstand = "blue"')
    assert [(k, line) for k, line, _ in problems(bad)] == [("table.expansions", 6), ("table.stand", 7)]
    tubes = GOOD.replace('supply = "B"', 'supply = "B"\ntubes = true\nexpansions = ["exchange"]')
    [(key, line, message)] = problems(tubes)
    assert key == "table.expansions" and "front side of the pots" in message


def test_the_alchemists_patients_are_drawn_or_named_in_the_table_section():
    alchemists = GOOD.replace('supply = "B"', 'supply = "B"\nexpansions = ["alchemists"]')
    drawn = parse_config(alchemists).game_config(random.Random(1)).patients
    assert len(set(drawn)) == 3
    named = alchemists.replace('expansions = ["alchemists"]',
                               'expansions = ["alchemists"]\npatients = ["wing-ears", "vampirism", "ear-worm"]')
    assert parse_config(named).game_config(random.Random(1)).patients == ("wing-ears", "vampirism", "ear-worm")
    [(key, line, message)] = problems(named.replace('"ear-worm"', '"wing-ears"'))
    assert (key, line) == ("table.patients", 7) and "twice" in message
    [(key, line, message)] = problems(named.replace('"ear-worm"', '"gout"'))
    assert (key, line) == ("table.patients", 7) and "unknown patient(s) 'gout'" in message
    [(key, line, message)] = problems(GOOD.replace('supply = "B"', 'supply = "B"\npatients = ["wing-ears"]'))
    assert key == "table.patients" and "only with The Alchemists" in message


def test_the_locoweed_book_is_chosen_with_a_box_that_brings_locoweed():
    witches = GOOD.replace('supply = "B"', 'supply = "B"\nexpansions = ["witches"]')
    config = parse_config(witches.replace("red = 1", 'red = 1\nlocoweed = 6'))
    assert config.books["locoweed"] == 6 and config.game_config(random.Random(1)).books["locoweed"] == 6
    assert parse_config(witches.replace("red = 1", 'red = 1\nlocoweed = "random"')).game_config(
        random.Random(1)).books["locoweed"] in (5, 6)
    [(key, line, message)] = problems(witches.replace("red = 1", "red = 1\nlocoweed = 8"))
    assert (key, line) == ("books.locoweed", 15) and "locoweed book 8 is not in the boxes in play; available: 5, 6" in message
    [(key, line, message)] = problems(GOOD.replace("red = 1", "red = 1\nlocoweed = 5"))
    assert key == "books.locoweed" and "locoweed comes with The Herb Witches or The Alchemists" in message


def test_the_witches_are_chosen_in_the_table_setting_or_dealt():
    chosen = GOOD.replace('supply = "B"', 'supply = "B"\nexpansions = ["witches"]\nwitches = ["H-G2", "H-E1"]')
    config = parse_config(chosen).game_config(random.Random(1))
    assert config.witches[0] == "H-E1" and config.witches[2] == "H-G2" and config.witches[1].startswith("H-B")
    dealt = parse_config(GOOD.replace('supply = "B"', 'supply = "B"\nexpansions = ["witches"]')).game_config(random.Random(1))
    assert [w[2] for w in dealt.witches] == ["E", "B", "G"]
    two = GOOD.replace('supply = "B"', 'supply = "B"\nexpansions = ["witches"]\nwitches = ["H-E1", "H-E2"]')
    [(key, line, message)] = problems(two)
    assert (key, line) == ("table.witches", 7) and "one of each type" in message
    without = GOOD.replace('supply = "B"', 'supply = "B"\nwitches = ["H-E1"]')
    assert [(k, line) for k, line, _ in problems(without)] == [("table.witches", 6)]


FOUR_SPI = GOOD.split("[[seats]]")[0] + "".join(
    f'[[seats]]\nplayer = "{name}"\nreader = "bag-{n}"\n\n' for n, name in enumerate(("Ann", "Ben", "Cid", "Dee"), 1)
) + "".join(f'[readers.bag-{n}]\nkind = "spi"\nbus = {bus}\ndevice = {device}\n\n'
            for n, (bus, device) in enumerate([(0, 0), (0, 1), (1, 0), (1, 1)], 1))


def test_four_spi_readers_wired_as_the_guide_shows_need_no_reset_pin():
    config = parse_config(FOUR_SPI)
    assert [r.options for r in config.readers.values()] == [
        {"bus": 0, "device": 0}, {"bus": 0, "device": 1}, {"bus": 1, "device": 0}, {"bus": 1, "device": 1}]


def line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def test_two_spi_readers_on_one_reset_line_or_one_chip_select_are_refused_naming_both():
    one_reset = FOUR_SPI.replace("bus = 1\ndevice = 0\n", "bus = 1\ndevice = 0\nreset_pin = 24\n")
    [(key, line, message)] = problems(one_reset)
    assert key == "readers.bag-3.reset_pin" and line == line_of(one_reset, "reset_pin = 24")
    assert message.startswith("reset line GPIO24 is also bag-2's")
    one_select = FOUR_SPI.replace("bus = 1\ndevice = 1\n", "bus = 0\ndevice = 1\nreset_pin = 22\n")
    [(key, line, message)] = problems(one_select)
    assert key == "readers.bag-4" and line == line_of(one_select, "[readers.bag-4]")
    assert message.startswith("/dev/spidev0.1 (chip select CE1 of SPI0) is also bag-2's")


def test_an_spi_reader_needs_a_reset_pin_off_the_usual_chip_selects_and_off_the_bus_lines():
    unusual = FOUR_SPI.replace("bus = 1\ndevice = 1\n", "bus = 0\ndevice = 2\n")
    [(key, _, message)] = problems(unusual)
    assert key == "readers.bag-4" and message.startswith("/dev/spidev0.2 has no usual reset line: give its reset_pin")
    assert parse_config(unusual.replace("device = 2\n", "device = 2\nreset_pin = 5\n")).readers["bag-4"].options == {
        "bus": 0, "device": 2, "reset_pin": 5}
    on_miso = FOUR_SPI.replace("bus = 1\ndevice = 1\n", "bus = 1\ndevice = 1\nreset_pin = 9\n")
    [(key, _, message)] = problems(on_miso)
    assert key == "readers.bag-4.reset_pin" and message.startswith("reset line GPIO9 is one of SPI0's own lines")


LEAGUE = '''
[league]
url = "http://192.168.1.20:8090"
key = "qlt_abc"

[[seats]]
player = "Ann"
code = "fdg-9w3"

[[seats]]
player = "Ben"
'''


def test_a_table_names_its_league_and_each_seat_its_players_code():
    config = parse_config(LEAGUE)
    assert (config.league_url, config.league_key) == ("http://192.168.1.20:8090", "qlt_abc")
    assert config.codes() == ("FDG9W3", "")
    assert parse_config("[[seats]]\nplayer = 'A'\n[[seats]]\nplayer = 'B'\n").league_url is None  # no league


def test_a_mistyped_code_a_repeated_code_and_half_a_league_are_named_with_their_lines():
    mistyped = LEAGUE.replace('code = "fdg-9w3"', 'code = "fdg-9w4"')
    assert problems(mistyped) == [("seats[0].code", 8, "'fdg-9w4' is not a player code: a character is mistyped")]
    repeated = LEAGUE.replace('player = "Ben"', 'player = "Ben"\ncode = "FDG9W3"')
    assert problems(repeated) == [("seats[1].code", 12, "seat 0 already has this player code")]
    assert problems(LEAGUE.replace('key = "qlt_abc"', "")) == [
        ("league", 2, "needs both url (the league server) and key (this table's key, from the league's admin page)")]
    assert problems(LEAGUE.replace("http://", "ftp://"))[0][:2] == ("league.url", 3)
