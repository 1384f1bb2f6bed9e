"""The transcript kept beside the journal: written with each accepted input, and a corrupt database
loses no game because `quacks import` restores it from that file."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from companion.autoplay import RandomPlayer
from companion.cli import main
from companion.engine import GameConfig, IllegalAction, state_to_dict
from companion.store import Database
from companion.table import TableSetup, export_transcript, start_game
from companion.table.backup import TranscriptBackup, keep_all, transcript_path
from companion.webapp import create_app
from companion.words import localize


def test_each_accepted_input_and_each_correction_reaches_the_transcript(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"))))
    backup = TranscriptBackup(table)
    path = transcript_path(table)
    started = table.journal.game(table.game_id).created_at  # 2026-11-23T11:48:00.123456+00:00
    stamp = started[:4] + started[5:7] + started[8:10] + started[11:13] + started[14:16] + started[17:19] + started[20:26]
    assert path == db.path.parent / "transcripts" / f"game-{table.game_id}-{stamp}.jsonl"
    player = RandomPlayer(3)
    for n in range(120):
        table.submit(player.choose(table.state), "web")
        if n == 60:
            table.void(table.seq)  # a correction: the voided input leaves the transcript
        if n == 61:
            with pytest.raises(IllegalAction):  # refused: an anomaly, not a line
                table.submit({"kind": "teleport", "seat": 0}, "web")
        backup.settled()
        assert path.read_text() == export_transcript(db, table.game_id), n
    backup.close()


def test_a_line_lost_in_a_crash_is_written_again_when_the_table_opens(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"))))
    TranscriptBackup(table).close()
    table.submit({"kind": "fortune", "card": None}, "host")  # no backup running: the file misses it
    path = transcript_path(table)
    assert len(path.read_text().splitlines()) == 1
    TranscriptBackup(table).close()
    assert path.read_text() == export_transcript(db, table.game_id)


def test_an_input_is_accepted_and_shown_while_the_transcripts_card_is_slow(db):
    """The journal has made the input safe; the transcript's sync follows it, in order."""
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"))))
    backup = TranscriptBackup(table)
    path = transcript_path(table)
    card = threading.Event()
    backup._writes.submit(card.wait)  # the SD card takes its time over an earlier sync
    table.submit({"kind": "fortune", "card": None}, "host")
    table.submit({"kind": "draw", "seat": 0, "chip": "white-1-01"}, "web")
    assert table.seq == 2 and table.state.seats[0].pot
    assert len(path.read_text().splitlines()) == 1, "only the header so far"
    card.set()
    backup.settled()
    assert path.read_text() == export_transcript(db, table.game_id)
    assert len(path.read_text().splitlines()) == 3
    backup.close()


def test_a_corrupt_database_loses_no_game(tmp_path, capsys):
    db_path = tmp_path / "journal.sqlite3"
    db = Database(db_path)
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben", "Cid"))))
    backup = TranscriptBackup(table)
    player = RandomPlayer(8)
    while table.state.phase != "game_over":
        table.submit(player.choose(table.state), "web")
    played = localize(state_to_dict(table.state), "en")  # as `quacks state` prints it
    backup.close()
    table.close()
    db.close()

    for suffix in ("-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    data = bytearray(db_path.read_bytes())
    data[0:4096] = b"\x00" * 4096  # the first page (header and schema) is gone
    db_path.write_bytes(bytes(data))
    assert main(["state", "1", "--db", str(db_path)]) == 1
    said = capsys.readouterr().err
    assert "damaged" in said and "quacks import" in said and str(tmp_path / "transcripts") in said

    [saved] = (tmp_path / "transcripts").glob("game-1-*.jsonl")
    fresh = tmp_path / "restored.sqlite3"
    assert main(["import", str(saved), "--db", str(fresh)]) == 0
    capsys.readouterr()
    assert main(["state", "1", "--db", str(fresh), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played


def test_games_from_before_the_backup_get_their_transcript_once(db):
    finished = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"))))
    finished.submit({"kind": "fortune", "card": None}, "host")
    other = start_game(db, TableSetup(GameConfig(players=("Cid", "Dee"))))
    assert keep_all(db) == 2
    for table in (finished, other):
        assert transcript_path(table).read_text() == export_transcript(db, table.game_id)
    assert keep_all(db) == 0, "a transcript already kept is left alone"


def test_a_table_shown_by_two_apps_still_writes_each_line_once(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"))))
    first, second = create_app(table, host_pin="1"), create_app(table, host_pin="1")
    table.submit({"kind": "fortune", "card": None}, "host")
    first.extensions["companion.game"].backup.settled()
    assert transcript_path(table).read_text() == export_transcript(db, table.game_id)
    assert first.extensions["companion.game"].backup is second.extensions["companion.game"].backup


def test_a_new_journal_in_the_same_folder_leaves_the_lost_games_transcript_alone(tmp_path):
    lost = start_game(Database(tmp_path / "journal.sqlite3"), TableSetup(GameConfig(players=("Ann", "Ben"))))
    TranscriptBackup(lost).close()
    lost.submit({"kind": "fortune", "card": None}, "host")
    path = transcript_path(lost)
    kept = path.read_text()
    lost.db.close()
    fresh = start_game(Database(tmp_path / "new.sqlite3"), TableSetup(GameConfig(players=("Cid", "Dee"))))
    assert fresh.game_id == lost.game_id == 1
    TranscriptBackup(fresh).close()
    assert transcript_path(fresh) != path and path.read_text() == kept
