"""The league's schema comes from the repository's SQL files, applied once each, in order."""

from __future__ import annotations

import threading

import psycopg
import pytest

from companion.league.database import LeagueDatabase, LeagueUnreachable
from companion.league.schema import SchemaTooNew, migrate, migrations

from .postgres import free_port


def test_opening_applies_every_migration_once(league_url):
    first = LeagueDatabase(league_url)
    assert first.open() == [m.name for m in migrations()]
    first.close()
    again = LeagueDatabase(league_url)
    assert again.open() == []
    with again.connection() as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    again.close()
    assert versions == list(range(1, len(migrations()) + 1))


def test_two_servers_starting_at_once_migrate_once(league_url):
    applied: list[list[str]] = []

    def start() -> None:
        with psycopg.connect(league_url) as conn:
            applied.append(migrate(conn))

    threads = [threading.Thread(target=start) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(len(a) for a in applied) == [0, len(migrations())]


def test_a_database_from_a_later_release_is_refused(league_url):
    with psycopg.connect(league_url) as conn:
        migrate(conn)
        conn.execute("INSERT INTO schema_migrations (version, name) VALUES (999, 'later')")
        conn.commit()
        with pytest.raises(SchemaTooNew, match="999"):
            migrate(conn)


def test_an_unreachable_server_is_named_without_its_password(cluster):
    db = LeagueDatabase(f"postgresql://club:secret@127.0.0.1:{free_port()}/league")
    with pytest.raises(LeagueUnreachable) as caught:
        db.open()
    assert "secret" not in str(caught.value)
    assert "127.0.0.1" in str(caught.value) and "PostgreSQL" in str(caught.value)
