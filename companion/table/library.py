"""The game library: start, resume, export and import transcripts, archive."""

from __future__ import annotations

from companion.engine import (
    ENGINE_VERSION,
    IllegalAction,
    TranscriptError,
    action_to_dict,
    apply,
    check_config,
    format_transcript,
    new_game,
    parse_transcript,
)
from companion.store import Database, Journal, StoreError, UnknownGame

from . import history
from .history import INPUT
from .setup import TableSetup
from .table import Table


def start_game(db: Database, setup: TableSetup, name: str | None = None) -> Table:
    """A new game in the journal, ready for its first input (raises the engine's ConfigError)."""
    check_config(setup.game)
    game_id = Journal(db).create_game(name or " vs ".join(setup.game.players), setup.to_dict(), ENGINE_VERSION)
    return Table.open(db, game_id)


def resume(db: Database, game_id: int | None = None) -> Table:
    """Reopen a game where its journal ends; without an id, the most recent unfinished game."""
    if game_id is None:
        active = Journal(db).games(["active"])
        if not active:
            raise UnknownGame("there is no unfinished game to resume")
        game_id = active[0].id
    return Table.open(db, game_id)


def export_transcript(db: Database, game_id: int, upto: int | None = None) -> str:
    """The game as the engine's transcript: the inputs that count, corrections applied (those up
    to journal entry `upto` if given: the game as it was then)."""
    row = Journal(db).game(game_id)
    setup = TableSetup.from_dict(row.setup)
    entries = Journal(db).entries(game_id)
    inputs = history.counted([e for e in entries if upto is None or e.seq <= upto])
    return format_transcript(setup.game, [c.action for c in inputs])


def import_transcript(db: Database, text: str, name: str, source: str = "import") -> int:
    """Store a transcript as a new game, after checking every input plays; raises TranscriptError."""
    config, numbered = parse_transcript(text)
    try:
        state = new_game(config)
    except ValueError as exc:
        raise TranscriptError(1, f"bad setup: {exc}") from None
    for line, action in numbered:
        try:
            apply(state, action)
        except IllegalAction as exc:
            raise TranscriptError(line, exc.reason) from None
    journal = Journal(db)
    with db.transaction():
        game_id = journal.create_game(name, TableSetup(config).to_dict(), ENGINE_VERSION)
        for _, action in numbered:
            journal.append(game_id, source, INPUT, {"action": action_to_dict(action)})
        if state.phase == "game_over":
            journal.set_status(game_id, "finished")
    return game_id


def archive(db: Database, game_id: int) -> None:
    """Move a finished game out of the default list; unfinished games stay where they are."""
    journal = Journal(db)
    status = journal.game(game_id).status
    if status != "finished":
        raise StoreError(f"game {game_id} is {status}; only finished games are archived")
    journal.set_status(game_id, "archived")
