import pytest

from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, TagRegistry, start_game

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


STRAY_STICKER = "04A1B2C3D4E5F6"
"""In ``sticker_table``: the sticker on Ben's green 1 (green-1-02)."""


@pytest.fixture
def sticker_table(db):
    """Ann and Ben with stickers (reads are UIDs), past the Fortune Teller."""
    TagRegistry(db).assign(STRAY_STICKER, "green-1-02")
    t = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), {"bag-0": 0, "bag-1": 1}, registry=True))
    t.submit({"kind": "fortune"}, "host")
    yield t
    t.close()
