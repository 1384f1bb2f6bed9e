"""Tables of a league for the tests: a real journal (SQLite) each, games played to the end through
the table (so the outbox row is written as a table writes it), and the league served for real."""

from __future__ import annotations

from pathlib import Path

from companion.autoplay import play_game
from companion.engine import GameConfig
from companion.store import Database
from companion.table import Table, TableSetup, start_game


def league_table(folder: Path, players: tuple[str, ...], codes: tuple[str, ...] = ()) -> Table:
    """A new game at a table in a league, in its own journal in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    return start_game(Database(folder / "journal.sqlite3"), TableSetup(GameConfig(players=players), league=True,
                                                                      codes=codes))


def play_out(table: Table, seed: int, *, upto: int | None = None) -> None:
    """Play the table's game through `Table.submit` (the seeded random player's inputs), to the end
    or for `upto` inputs."""
    _, actions = play_game(table.config, seed)
    for action in actions[:upto]:
        table.submit(action, "test")


def next_game(table: Table, players: tuple[str, ...] | None = None, codes: tuple[str, ...] = ()) -> Table:
    """The next game at the same table (as the host page starts one)."""
    return start_game(table.db, TableSetup(GameConfig(players=players or table.config.players), league=True,
                                          codes=codes))
