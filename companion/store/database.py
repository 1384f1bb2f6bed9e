"""Opening the table's SQLite file: where it lives, durability settings and who may write when.

One `Database` holds one connection guarded by a lock. The table is a single writer and its
reads are short, so serialising them costs nothing, while other processes (a second `quacks`
command, a backup) still read concurrently thanks to WAL.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from .errors import DatabaseUnusable
from .schema import SCHEMA_VERSION, current_version, migrate

APP_NAME = "quacks-companion"
DB_FILENAME = "journal.sqlite3"


def default_db_path() -> Path:
    """The per-user journal, e.g. ~/.local/share/quacks-companion/journal.sqlite3 on Linux."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / DB_FILENAME


def now() -> str:
    """A UTC timestamp with microseconds, sortable as text."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def unusable(path: Path, exc: sqlite3.Error) -> str:
    """What to tell the host about a journal SQLite cannot use, and how to recover."""
    if isinstance(exc, sqlite3.OperationalError):
        return (f"cannot use the database {path} ({exc}): check that this user may read and write the file "
                "and its folder, and that no other program holds it")
    return (f"the database {path} is damaged ({exc}): move it aside, start again with a new file and restore "
            f"each game with `quacks import` from its transcript in {path.absolute().parent / 'transcripts'}")


class Database:
    """An open journal file with the schema migrated, WAL on and every commit synced to disk."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self._lock = threading.RLock()
        self._depth = 0
        self.read_only = False
        """True for a file this user may not write: it can be read, and every write is refused."""
        self._conn = self._open()

    def _open(self) -> sqlite3.Connection:
        """Connect, set durability and migrate; a file that cannot be a journal raises DatabaseUnusable."""
        if self.path.is_dir():
            raise DatabaseUnusable(f"the database {self.path} is a folder: name a file, e.g. {self.path / DB_FILENAME}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise DatabaseUnusable(f"cannot create the database {self.path}: a part of its folder is a file; "
                                   "choose another path with --db or [table] database") from None
        if self.path.exists() and not os.access(self.path, os.W_OK):
            self.read_only = True
            return self._open_read_only()
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10.0)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            # FULL syncs the WAL on every commit: an acknowledged input survives a power cut.
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            current_version(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise DatabaseUnusable(unusable(self.path, exc)) from None
        migrate(conn)
        return conn

    def _open_read_only(self) -> sqlite3.Connection:
        """A journal this user may not write (a copy, a backup, another user's file) is read as it is on disk.

        SQLite cannot open a WAL file read-only without writing its shared-memory index, so the file
        is opened as immutable: readable, and any write is refused by SQLite.
        """
        uri = f"{self.path.absolute().as_uri()}?immutable=1"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        try:
            version = current_version(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise DatabaseUnusable(unusable(self.path, exc)) from None
        if version != SCHEMA_VERSION:
            conn.close()
            raise DatabaseUnusable(f"the database {self.path} is read-only and from another release (schema "
                                   f"{version}, this one reads {SCHEMA_VERSION}): copy it somewhere writable first")
        return conn

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken immediately so a second writer waits instead of failing late.

        Nested uses join the outer transaction, so several row operations commit as one.
        """
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self._conn
                finally:
                    self._depth -= 1
                return
            self._conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
            finally:
                self._depth = 0

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for several SELECTs (joins an open transaction if there is one)."""
        with self._lock:
            if self._depth:
                yield self._conn
                return
            self._conn.execute("BEGIN")
            try:
                yield self._conn
            finally:
                self._conn.execute("COMMIT")

    def pragma(self, name: str) -> object:
        with self._lock:
            return self._conn.execute(f"PRAGMA {name}").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
