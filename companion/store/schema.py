"""The journal's tables and the ordered list of migrations that builds them.

A database records the version it was built to in `schema_version`; opening it runs every
later migration in one transaction, so an older file is upgraded in place and a newer file
(written by a later release) is refused rather than misread.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[str, ...] = (
    # 1: games, the input journal, anomalies and the tag registry.
    """
    CREATE TABLE schema_version (version INTEGER NOT NULL);
    INSERT INTO schema_version (version) VALUES (0);

    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'archived')),
        setup TEXT NOT NULL,
        engine_version TEXT NOT NULL
    );

    CREATE TABLE journal (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        recorded_at TEXT NOT NULL,
        source TEXT NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;

    CREATE TABLE anomalies (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER REFERENCES games (id),
        after_seq INTEGER NOT NULL,
        recorded_at TEXT NOT NULL,
        source TEXT NOT NULL,
        payload TEXT NOT NULL,
        code TEXT NOT NULL,
        reason TEXT NOT NULL,
        resolved_by INTEGER
    );
    CREATE INDEX anomalies_by_game ON anomalies (game_id, after_seq);

    CREATE TABLE tags (
        uid TEXT PRIMARY KEY,
        chip_id TEXT NOT NULL UNIQUE,
        color TEXT NOT NULL,
        value INTEGER NOT NULL,
        number INTEGER NOT NULL,
        enrolled_at TEXT NOT NULL,
        UNIQUE (color, value, number)
    );

    CREATE TABLE enrolment (
        only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
        color TEXT NOT NULL,
        value INTEGER NOT NULL,
        started_at TEXT NOT NULL
    );
    """,
    # 2: the league outbox: a game of a table in a league, written in the same transaction as
    # the journal entry that ended it (or corrected it after its end), until the league has it.
    """
    CREATE TABLE league_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (game_id, seq)
    );
    CREATE INDEX league_outbox_due ON league_outbox (sent_at, next_attempt_at);
    """,
    # 3: a count per kind of rows bumped by every write to them, from any process (the host's
    # page keeps what it read of them until it changes: `Database.versions`).
    """
    CREATE TABLE versions (
        name TEXT PRIMARY KEY,
        n INTEGER NOT NULL
    );
    INSERT INTO versions (name, n) VALUES ('tags', 0), ('anomalies', 0);
    """ + "".join(
        f"""
    CREATE TRIGGER {table}_{write.lower()} AFTER {write} ON {table} BEGIN
        UPDATE versions SET n = n + 1 WHERE name = '{counted}';
    END;"""
        for table, counted in (("tags", "tags"), ("enrolment", "tags"), ("anomalies", "anomalies"))
        for write in ("INSERT", "UPDATE", "DELETE")),
)
"""Migration i (0-based) takes a database from version i to i + 1. Append; never edit one."""

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The file was written by a later release; reading it could silently drop data."""


def current_version(conn: sqlite3.Connection) -> int:
    has_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if not has_table:
        return 0
    return conn.execute("SELECT version FROM schema_version").fetchone()[0]


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the database up to SCHEMA_VERSION atomically; returns the version it started at.

    A file already at SCHEMA_VERSION is only read, so a read-only journal can still be opened.
    """
    if current_version(conn) == SCHEMA_VERSION:
        return SCHEMA_VERSION
    conn.execute("BEGIN IMMEDIATE")
    try:
        start = current_version(conn)
        if start > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"the database is at schema version {start}, this release knows up to {SCHEMA_VERSION}"
            )
        for script in MIGRATIONS[start:]:
            for statement in _statements(script):
                conn.execute(statement)
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return start


def _statements(script: str) -> list[str]:
    """Split a migration into statements (executescript would commit our open transaction)."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement in a migration: {buffer.strip()[:60]}")
    return statements
