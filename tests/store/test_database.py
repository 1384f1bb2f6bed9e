"""The journal file: created where asked, durable settings, schema versioning and migration."""

import ast
import sqlite3
from pathlib import Path

import pytest

from companion.store import SCHEMA_VERSION, Database, Journal, SchemaTooNew, default_db_path, schema


def test_a_new_file_is_created_with_its_directory_in_wal_and_full_sync(tmp_path):
    path = tmp_path / "nested" / "dir" / "table.sqlite3"
    with Database(path) as db:
        assert path.exists()
        assert db.pragma("journal_mode") == "wal"
        assert db.pragma("synchronous") == 2  # FULL
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION


def test_the_default_path_is_in_the_per_user_data_directory():
    path = default_db_path()
    assert path.name == "journal.sqlite3"
    assert "quacks-companion" in path.parts


def test_an_older_database_is_migrated_in_place_and_keeps_its_rows(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    with Database(path) as db:
        gid = Journal(db).create_game("Friday", {"players": ["Ann", "Ben"]}, "1")
        Journal(db).append(gid, "host", "action", {"n": 1})
    extra = "CREATE TABLE notes (game_id INTEGER, text TEXT);"
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + (extra,))
    monkeypatch.setattr(schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with Database(path) as db:
        assert Journal(db).entries(gid)[0].payload == {"n": 1}
        assert schema.current_version(sqlite3.connect(path)) == SCHEMA_VERSION + 1
        with db.transaction() as conn:
            conn.execute("INSERT INTO notes VALUES (?, ?)", (gid, "spilled tea"))


def test_a_failing_migration_leaves_the_file_at_its_old_version(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    Database(path).close()
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + ("CREATE TABLE x (a);", "NOT SQL;"))
    monkeypatch.setattr(schema, "SCHEMA_VERSION", SCHEMA_VERSION + 2)
    with pytest.raises(sqlite3.OperationalError):
        Database(path)
    raw = sqlite3.connect(path)
    assert schema.current_version(raw) == SCHEMA_VERSION
    assert raw.execute("SELECT name FROM sqlite_master WHERE name = 'x'").fetchone() is None


def test_a_database_from_a_later_release_is_refused(tmp_path):
    path = tmp_path / "future.sqlite3"
    Database(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 5,))
    with pytest.raises(SchemaTooNew, match=f"version {SCHEMA_VERSION + 5}"):
        Database(path)


def test_a_failed_transaction_writes_nothing(tmp_path):
    with Database(tmp_path / "t.sqlite3") as db:
        journal = Journal(db)
        gid = journal.create_game("g", {}, "1")
        with pytest.raises(RuntimeError):
            with db.transaction():
                journal.append(gid, "host", "action", {"n": 1})
                raise RuntimeError("power cut")
        assert journal.entries(gid) == []


def test_the_store_imports_nothing_else_from_companion():
    package = Path(__file__).parents[2] / "companion" / "store"
    for source in package.glob("*.py"):
        tree = ast.parse(source.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else []
            else:
                continue
            assert not any(n == "companion" or n.startswith("companion.") for n in names), source.name
