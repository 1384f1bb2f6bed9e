"""The league's PostgreSQL: a pool of connections, migrated when it opens.

Tables push from many places at once, so every request takes a connection from a pool
(psycopg_pool) for one short transaction; the pool opens lazily and says clearly when the server
cannot be reached.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from .schema import migrate

POOL_SIZE = 8


class LeagueUnreachable(RuntimeError):
    """The league's database cannot be reached or refuses us; the message says what to check."""


def describe(url: str) -> str:
    """The database URL without its password, for messages and the console."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the database URL"
    where = f"{info.get('host') or 'localhost'}:{info.get('port') or 5432}"
    return f"postgresql://{info.get('user', '')}{'@' if info.get('user') else ''}{where}/{info.get('dbname', '')}"


class LeagueDatabase:
    """The league's database: ``with db.connection() as conn`` is one transaction, committed on exit."""

    def __init__(self, url: str, *, size: int = POOL_SIZE) -> None:
        self.url = url
        try:
            self.pool = ConnectionPool(url, min_size=1, max_size=size, open=False, timeout=10,
                                       kwargs={"connect_timeout": 5}, name="league")
        except psycopg.ProgrammingError as err:
            raise LeagueUnreachable(f"the league's database URL cannot be read ({err}): "
                                    "write it as postgresql://user:password@host:5432/dbname") from None

    def open(self) -> list[str]:
        """Connect and apply the migrations the database lacks; returns the names applied."""
        try:
            with psycopg.connect(self.url, connect_timeout=5) as conn:
                applied = migrate(conn)
        except psycopg.OperationalError as err:
            raise LeagueUnreachable(f"cannot reach the league's database {describe(self.url)} ({str(err).strip()}): "
                                    "check that PostgreSQL runs there, and the user, password and database name") from None
        self.pool.open(wait=True, timeout=10)
        return applied

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection]:
        """One transaction on a pooled connection (committed on exit, rolled back on an error)."""
        try:
            with self.pool.connection() as conn:
                yield conn
        except PoolTimeout:
            raise LeagueUnreachable(f"no connection to the league's database {describe(self.url)} "
                                    "came free in time") from None

    def close(self) -> None:
        self.pool.close()
