import pytest

from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, start_game

READERS = {"bag-0": 0, "bag-1": 1, "bag-2": 2}


@pytest.fixture
def db(tmp_path):
    database = Database(tmp_path / "table.sqlite3")
    yield database
    database.close()


@pytest.fixture
def table(db):
    """A three-player game without stickers (reads name chips), past the Fortune Teller."""
    t = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben", "Cid")), READERS))
    t.submit({"kind": "fortune", "card": None}, "host")
    yield t
    t.close()
