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


@pytest.fixture
def firmware(tmp_path, monkeypatch):
    """The firmware as flashed onto a Pico, importable with a fake ``machine`` module.

    Timings are shrunk so the tests run fast; returns a factory of simulated Picos.
    """
    import sys

    import fake_machine
    from pico import FIRMWARE_MODULES, Pico, flash

    for name in FIRMWARE_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    flash(tmp_path / "flash")
    monkeypatch.syspath_prepend(str(tmp_path / "flash"))
    fake_machine.install(monkeypatch)
    import config

    for key, value in dict(POLL_MS=2, HEARTBEAT_MS=40, RESEND_MS=60, HOLD_MS=50,
                           MISS_LIMIT=3, TIMEOUT_MS=1, RETRY_MS=30).items():
        monkeypatch.setattr(config, key, value)
    picos = []

    def make(serial: str = "e6614104034b1a2c") -> Pico:
        pico = Pico(tmp_path / "by-id", serial)
        picos.append(pico)
        return pico

    yield make
    for pico in picos:
        pico.close()
    for name in FIRMWARE_MODULES:
        sys.modules.pop(name, None)
