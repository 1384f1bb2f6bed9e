"""A real PostgreSQL for the league's tests: one throw-away cluster per test run, a database per test."""

from __future__ import annotations

import pytest

from companion.league.database import LeagueDatabase
from tests.browser.conftest import browser  # noqa: F401 (the browser tests' Chromium, for the room screen)

from .postgres import INSTALL, Cluster, server_bin


@pytest.fixture(scope="session")
def cluster():
    bindir = server_bin()
    if bindir is None:
        pytest.skip(f"PostgreSQL's server is not installed here ({INSTALL}); the league's tests need a real one")
    running = Cluster(bindir).start()
    yield running
    running.stop()


@pytest.fixture
def league_url(cluster) -> str:
    return cluster.database()


@pytest.fixture
def league(league_url):
    db = LeagueDatabase(league_url)
    db.open()
    yield db
    db.close()


@pytest.fixture
def served(league):
    """The league's app served on 127.0.0.1 by uvicorn, as `quacks league serve` does."""
    from companion.league.app import create_league_app
    from companion.league.server import LeagueServer
    server = LeagueServer(create_league_app(league, name="Thursday club"), "127.0.0.1", 0).start()
    yield server
    server.stop()
