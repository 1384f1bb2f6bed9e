"""Opening the table's SQLite file: where it lives, durability settings and who may write when.

One `Database` holds one connection guarded by a lock. The table is a single writer and its
reads are short, so serialising them costs nothing, while other processes (a second `quacks`
command, a backup) still read concurrently thanks to WAL.

What the disk refuses (full, an I/O error, a file made read-only or immutable) is a
``StorageFault`` naming the cause, kept in ``fault`` until a write succeeds again and announced to
``on_fault``: nothing was written, and the same input may be sent again. SQLite maps the WAL's
``-shm`` file into memory, so once that file is made immutable any access to the journal kills the
process with SIGBUS: every transaction checks first that the file may still be written.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from .errors import DatabaseUnusable, StorageFault
from .schema import SCHEMA_VERSION, current_version, migrate

APP_NAME = "quacks-companion"
DB_FILENAME = "journal.sqlite3"


def default_db_path() -> Path:
    """The per-user journal, e.g. ~/.local/share/quacks-companion/journal.sqlite3 on Linux."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / DB_FILENAME


def now() -> str:
    """A UTC timestamp with microseconds, sortable as text."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


FS_IOC_GETFLAGS = 0x80086601
FS_IMMUTABLE_FL = 0x10


def why_read_only(path: Path) -> str:
    """Why ``path`` cannot be written, as the host can fix it: its filesystem, its immutable flag
    (Linux's ``chattr +i``, which even root cannot write through), or its owner and mode."""
    try:
        if os.statvfs(path).f_flag & os.ST_RDONLY:
            return "its filesystem is mounted read-only"
    except OSError:
        pass
    try:
        fd = os.open(path, os.O_RDONLY)
        try:
            flags = fcntl.ioctl(fd, FS_IOC_GETFLAGS, b"\0" * 8)
        finally:
            os.close(fd)
        if int.from_bytes(flags[:4], sys.byteorder) & FS_IMMUTABLE_FL:
            return f"the file is immutable: `chattr -i {path}` makes it writable again"
    except OSError:
        pass
    try:
        info = path.stat()
        return (f"user {os.getuid()} may not write it: it belongs to user {info.st_uid} with mode "
                f"{stat.filemode(info.st_mode)}")
    except OSError as exc:
        return exc.strerror or str(exc)


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
        self.fault: str | None = None
        """Why the journal cannot be written now (its last failed write), None while it can."""
        self.on_fault: Callable[[str | None], None] = lambda fault: None
        """Told when ``fault`` changes (outside the lock)."""
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
        wal = self.path.with_name(self.path.name + "-wal")
        if wal.exists() and wal.stat().st_size:
            raise DatabaseUnusable(f"the database {self.path} cannot be written ({why_read_only(self.path)}), and its "
                                   f"latest inputs are in {wal}, which SQLite cannot read without writing: make the "
                                   "file writable again")
        uri = f"{self.path.absolute().as_uri()}?immutable=1"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        try:
            version = current_version(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise DatabaseUnusable(unusable(self.path, exc)) from None
        if version != SCHEMA_VERSION:
            conn.close()
            raise DatabaseUnusable(f"the database {self.path} is read-only ({why_read_only(self.path)}) and from "
                                   f"another release (schema {version}, this one reads {SCHEMA_VERSION}): copy it "
                                   "somewhere writable first")
        return conn

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken immediately so a second writer waits instead of failing late.

        Nested uses join the outer transaction, so several row operations commit as one. What the
        disk refuses is a ``StorageFault``, the transaction rolled back.
        """
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self._conn
                finally:
                    self._depth -= 1
                return
            try:
                self._check_shm()
                self._conn.execute("BEGIN IMMEDIATE")
                self._depth = 1
                try:
                    yield self._conn
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        with suppress(sqlite3.Error):
                            self._conn.execute("ROLLBACK")
                    raise
                finally:
                    self._depth = 0
            except StorageFault as fault:
                changed = self._set_fault(str(fault))
            except (sqlite3.OperationalError, sqlite3.DatabaseError) as exc:
                if isinstance(exc, sqlite3.IntegrityError | sqlite3.ProgrammingError):
                    raise
                changed = self._set_fault(self._cause(exc))
            else:
                changed = self._set_fault(None)
        if changed:
            self.on_fault(self.fault)
        if self.fault is not None:
            raise StorageFault(self.fault)

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for several SELECTs (joins an open transaction if there is one).
        A journal that cannot be read is a ``StorageFault``, kept in ``fault`` until a write succeeds."""
        with self._lock:
            if self._depth:
                yield self._conn
                return
            try:
                self._check_shm()
                self._conn.execute("BEGIN")
            except StorageFault as fault:
                changed = self._set_fault(str(fault))
            except sqlite3.OperationalError as exc:
                changed = self._set_fault(self._cause(exc))
            else:
                try:
                    yield self._conn
                finally:
                    with suppress(sqlite3.Error):
                        self._conn.execute("COMMIT")
                return
        if changed:
            self.on_fault(self.fault)
        raise StorageFault(self.fault)

    def versions(self) -> dict[str, int]:
        """How many writes the tags (with the enrolment) and the anomalies have had, by this process
        or any other (a trigger counts each): what was read of them holds while these are unchanged."""
        with self.reading() as conn:
            return dict(conn.execute("SELECT name, n FROM versions").fetchall())

    def _check_shm(self) -> None:
        """Refuse before SQLite touches a ``-shm`` file that can no longer be written (SIGBUS)."""
        if self.read_only:
            return
        shm = f"{self.path}-shm"  # asked before every transaction and every read: one system call while it can be written
        if not os.access(shm, os.W_OK) and os.path.exists(shm):
            raise StorageFault(f"{shm} can no longer be written ({why_read_only(Path(shm))})")

    def _cause(self, exc: sqlite3.Error) -> str:
        """The disk's refusal in words the host can act on."""
        text = str(exc)
        if "full" in text:
            return f"the disk holding {self.path} is full: free some space"
        if "readonly" in text or "read-only" in text:
            return f"{self.path} cannot be written ({why_read_only(self.path)})"
        return f"{self.path} cannot be written ({text}): check the disk or the SD card"

    def _set_fault(self, fault: str | None) -> bool:
        changed = fault != self.fault
        self.fault = fault
        return changed

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
