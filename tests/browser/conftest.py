"""A running demo table on localhost and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.autoplay import RandomPlayer
from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server
from tests.webapp.tables import demo_table

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PIN = "135790"


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server():
    table, demo = demo_table(["Ana", "Ben"], seed=11)
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    yield srv
    srv.stop()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def game_nights(tmp_path):
    """Two finished games and a third running one, in one journal."""
    db = Database(tmp_path / "nights.sqlite3")
    for players, seed in ((("Ana", "Ben", "Cleo"), 1), (("Ben", "Ana"), 2)):
        finished = start_game(db, TableSetup(GameConfig(players=players)))
        player = RandomPlayer(seed)
        while finished.state.phase != "game_over":
            finished.submit(player.choose(finished.state), "web")
        finished.close()
    table = start_game(db, TableSetup(GameConfig(players=("Ana", "Dan"))))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    yield srv
    srv.stop()
