"""Applying the league's migrations (``migrations/NNN_name.sql``) at start, each once, in order.

Several league processes may start at once against one database: a transaction-wide advisory
lock makes the second wait for the first, then find nothing left to do. A database migrated by a
later release (a version this one does not have) is refused rather than misread.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

import psycopg

LOCK = 0x5175_6163_6B73  # "Quacks": the advisory lock key of the migrations
"""Any constant will do; this one is unlikely to meet another application's lock in a shared database."""


class SchemaTooNew(RuntimeError):
    """The database holds migrations this release does not know: a later release wrote it."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    """The repository's migrations in order; the number before the first underscore is the version."""
    found = []
    for entry in resources.files("companion.league.migrations").iterdir():
        if entry.name.endswith(".sql"):
            number, _, rest = entry.name.partition("_")
            found.append(Migration(int(number), rest.removesuffix(".sql"), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"the league's migrations must be numbered 1, 2, 3 … without gaps: {[m.name for m in found]}")
    return found


def migrate(conn: psycopg.Connection) -> list[str]:
    """Apply every migration the database lacks in one transaction; returns the names applied."""
    known = migrations()
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL,"
                     " applied_at timestamptz NOT NULL DEFAULT now())")
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        unknown = sorted(done - {m.version for m in known})
        if unknown:
            raise SchemaTooNew(f"the league database has migrations {unknown} that this release does not know: "
                               "run the release that wrote it, or a later one")
        applied = []
        for migration in known:
            if migration.version not in done:
                conn.execute(migration.sql.encode())  # several statements, no parameters
                conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)",
                             (migration.version, migration.name))
                applied.append(migration.name)
    return applied
