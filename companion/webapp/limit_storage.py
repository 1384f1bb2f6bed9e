"""Rate-limit windows kept in a small SQLite file, so restarting the server forgives no flood.

Flask-Limiter counts in a ``limits`` storage, and ``limits`` offers only memory (lost on a restart)
and servers a Pi at a game night does not run (redis, memcached, mongodb). It registers a storage
by the scheme of its URI (a ``Storage`` subclass naming ``STORAGE_SCHEME``), so this one is used as
``quacks-sqlite:///<data folder>/refusal-limits.sqlite3``. It keeps what the moving window needs,
each counted refusal's key and time, until its window has passed.

Its own file, not the journal: a flood's writes must not queue behind the game's inputs for the
journal's lock, the journal is what is exported and backed up, and these rows are worthless ten
seconds later (a damaged file is simply started afresh).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

from limits.storage import MovingWindowSupport, Storage

log = logging.getLogger(__name__)

LIMITS_FILENAME = "refusal-limits.sqlite3"
SCHEME = "quacks-sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS hits (key TEXT NOT NULL, at REAL NOT NULL, expires REAL NOT NULL);
CREATE INDEX IF NOT EXISTS hits_key ON hits (key, at);
CREATE INDEX IF NOT EXISTS hits_expires ON hits (expires);
"""


def storage_uri(folder: Path) -> str:
    """The URI of the limits kept in ``folder`` (the data folder)."""
    return f"{SCHEME}://{(folder / LIMITS_FILENAME).resolve().as_posix()}"


class SQLiteStorage(Storage, MovingWindowSupport):
    """Moving-window hits in SQLite (the strategy the app's limits use; the others are not kept)."""

    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: float | str | bool) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = Path(urlparse(uri).path)
        self._shm = Path(f"{self.path}-shm")
        self._lock = threading.Lock()
        self._db = _open(self.path)
        self._warned = False

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """Count ``amount`` hits for ``key`` unless that would make more than ``limit`` in the last ``expiry`` s."""
        if amount > limit:
            return False
        if not self._usable():
            return True
        now = time.time()
        try:
            with self._lock, self._db:
                self._db.execute("DELETE FROM hits WHERE expires <= ?", (now,))
                (count,) = self._db.execute("SELECT COUNT(*) FROM hits WHERE key = ? AND at > ?",
                                            (key, now - expiry)).fetchone()
                if count + amount > limit:
                    return False
                self._db.executemany("INSERT INTO hits VALUES (?, ?, ?)", [(key, now, now + expiry)] * amount)
        except sqlite3.OperationalError as exc:  # a full disk: the limits wait, the request is answered
            self._warn(f"{self.path} cannot be written ({exc})")
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """The oldest hit of ``key`` in the last ``expiry`` seconds and how many there are."""
        now = time.time()
        if not self._usable():
            return now, 0
        with self._lock:
            oldest, count = self._db.execute("SELECT MIN(at), COUNT(*) FROM hits WHERE key = ? AND at > ?",
                                              (key, now - expiry)).fetchone()
        return (oldest, count) if count else (now, 0)

    def _usable(self) -> bool:
        """False once the WAL's -shm file can no longer be written (made immutable): SQLite would
        kill the server with SIGBUS touching it, so nothing is counted until it can (warned once)."""
        if not self._shm.exists() or os.access(self._shm, os.W_OK):
            return True
        self._warn(f"{self._shm} can no longer be written")
        return False

    def _warn(self, why: str) -> None:
        if not self._warned:
            self._warned = True
            log.warning("rate limits: %s; refusals are not counted until it can", why)

    def check(self) -> bool:
        try:
            with self._lock:
                self._db.execute("SELECT 1").fetchone()
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        with self._lock, self._db:
            return self._db.execute("DELETE FROM hits").rowcount

    def clear(self, key: str) -> None:
        with self._lock, self._db:
            self._db.execute("DELETE FROM hits WHERE key = ?", (key,))

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise NotImplementedError("only the moving window is kept")

    def get(self, key: str) -> int:
        raise NotImplementedError("only the moving window is kept")

    def get_expiry(self, key: str) -> float:
        raise NotImplementedError("only the moving window is kept")


def _open(path: Path) -> sqlite3.Connection:
    """The file at ``path``, made readable only by the service's user (its keys hold seat links);
    a file that is not such a database is replaced, with a warning."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    try:
        return _connect(path)
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorcode", None) not in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            raise type(exc)(f"{path}: {exc}") from None  # locked, read-only, ...: not ours to replace
        log.warning("rate limits: %s is damaged (%s); starting it afresh", path, exc)
        for damaged in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            damaged.unlink(missing_ok=True)
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        return _connect(path)


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, check_same_thread=False)  # used under the storage's lock
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # a power cut may lose the last hits, never the file
        db.executescript(SCHEMA)
    except sqlite3.DatabaseError:
        db.close()
        raise
    return db
