"""The demo's real table (journal, registry, simulated bags) for the web tests."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.commands.demo import build_demo


def demo_table(players: list[str], seed: int = 0):
    """A fresh demo game in a temporary journal: the table and its simulated bags."""
    demo = build_demo(players, Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed)
    return demo.table, demo
