"""The tables that may push to the league, each with its own key, revocable by the league's admin.

A key is shown once when it is made; the league keeps only its SHA-256, so a copy of the database
opens no table. A revoked key is refused at once; the table's games so far stay.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

import psycopg

from . import audit

KEY_PREFIX = "qlt_"


class UnknownTable(LookupError):
    pass


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    name: str
    created_at: datetime
    keys: int  # keys in force
    games: int


def _hash(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def add_table(conn: psycopg.Connection, name: str, actor: str) -> tuple[int, str]:
    """A new table and its first key: (table id, key). The key is not kept: show it now."""
    name = " ".join(name.split())
    if not name:
        raise ValueError("a table needs a name")
    try:
        with conn.transaction():
            table_id = conn.execute("INSERT INTO tables (name) VALUES (%s) RETURNING id", (name,)).fetchone()[0]
    except psycopg.errors.UniqueViolation:
        raise ValueError(f"there is already a table called {name!r}") from None
    key = _new_key(conn, table_id)
    audit.record(conn, actor, "add_table", table=table_id, name=name)
    return table_id, key


def new_key(conn: psycopg.Connection, table_id: int, actor: str) -> str:
    """Another key for the table (the old ones stay in force until revoked)."""
    if conn.execute("SELECT 1 FROM tables WHERE id = %s", (table_id,)).fetchone() is None:
        raise UnknownTable(f"there is no table {table_id}")
    key = _new_key(conn, table_id)
    audit.record(conn, actor, "new_key", table=table_id)
    return key


def _new_key(conn: psycopg.Connection, table_id: int) -> str:
    key = KEY_PREFIX + secrets.token_urlsafe(24)
    conn.execute("INSERT INTO table_keys (table_id, key_hash) VALUES (%s, %s)", (table_id, _hash(key)))
    return key


def revoke_keys(conn: psycopg.Connection, table_id: int, actor: str) -> int:
    """Revoke every key of the table in force; returns how many."""
    revoked = conn.execute("UPDATE table_keys SET revoked_at = now() WHERE table_id = %s AND revoked_at IS NULL",
                           (table_id,)).rowcount
    audit.record(conn, actor, "revoke_keys", table=table_id, keys=revoked)
    return revoked


def authenticate(conn: psycopg.Connection, key: str) -> int | None:
    """The table a key in force belongs to, or None."""
    row = conn.execute("SELECT table_id FROM table_keys WHERE key_hash = %s AND revoked_at IS NULL",
                       (_hash(key),)).fetchone()
    return row[0] if row else None


def tables(conn: psycopg.Connection) -> list[TableRow]:
    rows = conn.execute(
        "SELECT t.id, t.name, t.created_at,"
        " (SELECT count(*) FROM table_keys k WHERE k.table_id = t.id AND k.revoked_at IS NULL),"
        " (SELECT count(*) FROM games g WHERE g.table_id = t.id) FROM tables t ORDER BY t.name")
    return [TableRow(*row) for row in rows]
