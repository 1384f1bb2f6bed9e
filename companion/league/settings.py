"""The league's own secrets, kept in its database so every league process agrees: the session
key of the admin pages and the admin password's hash (werkzeug's scrypt)."""

from __future__ import annotations

import secrets

import psycopg
from werkzeug.security import check_password_hash, generate_password_hash

SECRET = "secret_key"
PASSWORD = "admin_password"


def _get(conn: psycopg.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM settings WHERE key = %s", (key,)).fetchone()
    return row[0] if row else None


def secret_key(conn: psycopg.Connection) -> str:
    """The pages' session key, made once (two processes starting at once agree on the first)."""
    conn.execute("INSERT INTO settings (key, value) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                 (SECRET, secrets.token_hex(32)))
    return _get(conn, SECRET) or ""


def has_password(conn: psycopg.Connection) -> bool:
    return _get(conn, PASSWORD) is not None


def set_password(conn: psycopg.Connection, password: str | None = None) -> str:
    """Set the admin password (a new random one if none is given) and return it."""
    password = password or "-".join(secrets.token_hex(2) for _ in range(4))
    conn.execute("INSERT INTO settings (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                 (PASSWORD, generate_password_hash(password)))
    return password


def password_ok(conn: psycopg.Connection, password: str) -> bool:
    stored = _get(conn, PASSWORD)
    return stored is not None and check_password_hash(stored, password)
