import queue

import pytest

from fake_pi import FakeBoard


@pytest.fixture
def board(monkeypatch) -> FakeBoard:
    """A fake Pi whose SPI devices are emulated RC522s; real mfrc522 imported against it."""
    fake = FakeBoard()
    fake.install(monkeypatch)
    return fake


@pytest.fixture
def events() -> queue.Queue:
    return queue.Queue()
