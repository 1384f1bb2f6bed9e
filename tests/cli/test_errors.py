"""Every CLI failure prints one line naming the file, line or setting and what to do, and exits non-zero."""

from __future__ import annotations

import socket
import sqlite3
import textwrap
from pathlib import Path

import pytest

from companion.store import Database

from .conftest import one_line_failure

EXAMPLE = Path(__file__).parents[2] / "docs" / "example.jsonl"
SEATS = '[[seats]]\nplayer = "Ann"\n[[seats]]\nplayer = "Ben"\n'


def test_import_of_bytes_that_are_not_utf8_names_the_file_and_line(quacks, tmp_path):
    bad = tmp_path / "game.jsonl"
    lines = EXAMPLE.read_bytes().splitlines(keepends=True)
    bad.write_bytes(b"".join(lines[:3]) + b'{"kind": "stop", "seat": 0, "x": "\xff\xfe"}\n')
    db = tmp_path / "j.sqlite3"
    Database(db).close()
    one_line_failure(quacks("import", bad, "--db", db), "game.jsonl:4:", "UTF-8")
    assert quacks("games", "--db", db).out.strip() == "no games yet"


def test_import_of_deeply_nested_json_names_the_line_and_imports_nothing(quacks, tmp_path):
    deep = tmp_path / "deep.jsonl"
    deep.write_text(EXAMPLE.read_text().splitlines()[0] + "\n" + "[" * 100_000 + "\n")
    db = tmp_path / "j.sqlite3"
    Database(db).close()
    one_line_failure(quacks("import", deep, "--db", db), "deep.jsonl:2:", "nested", "nothing was imported")
    assert quacks("games", "--db", db).out.strip() == "no games yet"


def test_config_check_of_invalid_utf8_or_a_deep_array_names_the_file(quacks, tmp_path):
    bad = tmp_path / "table.toml"
    bad.write_bytes(SEATS.encode() + b'[table]\nname = "K\xfcche"\n')
    one_line_failure(quacks("config", "--check", bad), "table.toml:6:", "UTF-8")
    bad.write_text(SEATS + "[table]\nname = " + "[" * 50_000 + "\n")
    one_line_failure(quacks("config", "--check", bad), "table.toml", "nested")


def test_an_empty_player_name_fails_the_check_instead_of_crashing_serve(quacks, tmp_path):
    config = tmp_path / "table.toml"
    config.write_text('[[seats]]\nplayer = ""\n[[seats]]\nplayer = "Ben"\n')
    one_line_failure(quacks("config", "--check", config), "table.toml", "player names")
    one_line_failure(quacks("serve", "--config", config, "--port", "0"), "table.toml", "player names")


def serve_config(tmp_path: Path, *, bind: str = "127.0.0.1", port: int = 8080, database: str = "j.sqlite3") -> Path:
    config = tmp_path / "table.toml"
    config.write_text(textwrap.dedent(f'''\
        [table]
        database = "{database}"
        [web]
        bind = "{bind}"
        port = {port}
        ''') + SEATS)
    return config


@pytest.mark.parametrize("bind", ["999.1.1.1", "no-such-host.invalid", "192.0.2.77"])
def test_serve_on_an_address_this_machine_does_not_have(quacks, tmp_path, bind):
    one_line_failure(quacks("serve", "--config", serve_config(tmp_path, bind=bind, port=8080)),
                     f"cannot listen on {bind}:8080", "[web] bind")


def test_serve_on_a_port_in_use(quacks, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_failure(quacks("serve", "--config", serve_config(tmp_path, port=port)),
                         f"127.0.0.1:{port}", "in use", "[web] port")


def test_a_database_path_that_is_a_folder_or_under_a_file(quacks, tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "plain").write_text("")
    for command in (("games",), ("state", "1"), ("import", EXAMPLE)):
        one_line_failure(quacks(*command, "--db", tmp_path / "games"), "is a folder")
    one_line_failure(quacks("import", EXAMPLE, "--db", tmp_path / "plain" / "j.sqlite3"), "is a file")
    one_line_failure(quacks("tags", "list", "--db", tmp_path / "plain" / "j.sqlite3"), "is a file")
    one_line_failure(quacks("serve", "--config", serve_config(tmp_path, database="games")), "is a folder")
    one_line_failure(quacks("serve", "--config", serve_config(tmp_path, database="plain/j.sqlite3")), "is a file")


def test_a_corrupt_database_says_so_and_how_to_recover(quacks, tmp_path):
    db = tmp_path / "j.sqlite3"
    assert quacks("import", EXAMPLE, "--db", db).code == 0
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    data = bytearray(db.read_bytes())
    data[:100] = bytes(range(100))  # the header: SQLite no longer knows the file
    db.write_bytes(bytes(data))
    for command in (("games",), ("state", "1"), ("export", "1")):
        one_line_failure(quacks(*command, "--db", db), "damaged", "quacks import", "transcripts")


def test_reading_commands_write_nothing_not_even_a_migration(quacks, tmp_path):
    """Another program holds the write lock: `games`, `state` and `export` still answer at once."""
    db = tmp_path / "j.sqlite3"
    assert quacks("import", EXAMPLE, "--db", db).code == 0
    writer = sqlite3.connect(db, isolation_level=None, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    try:
        assert "example" in quacks("games", "--db", db).out
        assert '"phase": "game_over"' in quacks("state", "1", "--db", db).out
        assert quacks("export", "1", "--db", db).out.splitlines()[1:] == EXAMPLE.read_text().splitlines()[1:]
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def test_tags_import_of_a_field_over_128_kb_names_the_line(quacks, tmp_path):
    csv = tmp_path / "tags.csv"
    csv.write_text("uid,chip\n04A1,white-1-01\n04A2,\"" + "x" * 140_000 + "\"\n")
    db = tmp_path / "j.sqlite3"
    one_line_failure(quacks("tags", "import", csv, "--db", db), "tags.csv: line 3", "field", "nothing was imported")
    assert "0 of" in quacks("tags", "list", "--db", db).out.splitlines()[0]


def test_serve_with_a_damaged_keys_file_says_which_and_what_to_do(quacks, tmp_path):
    config = serve_config(tmp_path)
    (tmp_path / "web-keys.json").write_text('{"secret": ')
    one_line_failure(quacks("serve", "--config", config), "web-keys.json", "move the file aside")


def test_replay_of_bytes_that_are_not_utf8_names_the_file_and_line(quacks, tmp_path):
    bad = tmp_path / "game.jsonl"
    bad.write_bytes(EXAMPLE.read_bytes().splitlines(keepends=True)[0] + b"\xff\n")
    one_line_failure(quacks("replay", bad), "game.jsonl:2:", "UTF-8")


def test_demo_on_a_port_in_use(quacks):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_failure(quacks("demo", "--no-browser", "--port", port), f"127.0.0.1:{port}", "in use", "--port")


def test_reading_commands_do_not_create_a_journal_behind_a_typo(quacks, tmp_path):
    missing = tmp_path / "jornal.sqlite3"
    for command in (("games",), ("state", "1"), ("export", "1"), ("show", "1"), ("timeline", "1")):
        one_line_failure(quacks(*command, "--db", missing), "no database at", "--db")
    assert list(tmp_path.iterdir()) == []


def test_config_check_says_who_draws_and_warns_when_nobody_can(quacks, tmp_path):
    config = tmp_path / "table.toml"
    config.write_text(SEATS)
    run = quacks("config", "--check", config)
    assert run.code == 0 and "draws: read by the bags' readers" in run.out and 'draws = "phones"' in run.out
    config.write_text('[table]\ndraws = "phones"\n' + SEATS)
    run = quacks("config", "--check", config)
    assert run.code == 0 and "draws: tapped on the phones" in run.out and "note" not in run.out


def chattr_works() -> bool:
    import shutil
    import subprocess
    return shutil.which("chattr") is not None and subprocess.run(["chattr", "-i", "/"], capture_output=True).returncode == 0


@pytest.mark.skipif(not chattr_works(), reason="chattr needs root on a filesystem that has it")
def test_an_immutable_database_is_named_as_such_at_start(quacks, tmp_path):
    """With the database file immutable, start-up said "read-only and from another release (schema 0)"."""
    import subprocess
    db = tmp_path / "quacks.sqlite3"
    assert quacks("import", EXAMPLE, "--db", db).code == 0
    held = sqlite3.connect(db, isolation_level=None)  # a table killed mid-game leaves its last inputs in the WAL
    held.execute("PRAGMA wal_autocheckpoint = 0")
    held.execute("UPDATE games SET name = name || ' (resumed)'")
    subprocess.run(["chattr", "+i", str(db)], check=True)
    try:
        line = one_line_failure(quacks("serve", "--config", serve_config(tmp_path, database="quacks.sqlite3")),
                                "immutable", f"chattr -i {db}", "-wal")
        assert "schema" not in line
        one_line_failure(quacks("games", "--db", db), "immutable", "-wal")
        held.close()
        (tmp_path / "quacks.sqlite3-wal").unlink(missing_ok=True)
        assert "example" in quacks("games", "--db", db).out, "a reading command reads a whole immutable file"
        one_line_failure(quacks("serve", "--config", serve_config(tmp_path, database="quacks.sqlite3")),
                         "immutable", "writes every input")
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=True)


def test_advise_on_bytes_that_are_not_utf8_names_the_file_and_line(quacks, tmp_path):
    """`quacks advise` on a non-UTF-8 file printed a traceback."""
    bad = tmp_path / "game.jsonl"
    bad.write_bytes(EXAMPLE.read_bytes()[:200] + b"\xff\xfe\n")
    one_line_failure(quacks("advise", bad, "--seat", "0"), "game.jsonl:1", "not UTF-8")


def test_an_integer_of_thousands_of_digits_is_one_line_from_every_command(quacks, tmp_path):
    """An integer longer than 4,300 digits was a traceback from import, replay, advise and config --check."""
    huge = "9" * 5000
    transcript = tmp_path / "game.jsonl"
    lines = EXAMPLE.read_text().splitlines()
    transcript.write_text("\n".join([lines[0], lines[1].replace("null", huge, 1) if "null" in lines[1] else
                                     '{"kind": "stop", "seat": ' + huge + "}", *lines[2:]]) + "\n")
    for command in (("import", transcript, "--db", tmp_path / "j.sqlite3"), ("replay", transcript),
                    ("advise", transcript, "--seat", "0")):
        one_line_failure(quacks(*command), "game.jsonl", "digits")
    config = tmp_path / "table.toml"
    config.write_text(f"[web]\nport = {huge}\n" + SEATS)
    one_line_failure(quacks("config", "--check", config), "table.toml", "digits")
