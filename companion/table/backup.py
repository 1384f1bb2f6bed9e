"""A second copy of every game beside the journal: its transcript, one line per accepted input.

An SD card that dies takes the SQLite file with it more often than a small text file written
line by line, so each game is also kept as the documented transcript (docs/transcript.md) in
``<data folder>/transcripts/game-<id>.jsonl``: `quacks import` of that file restores the game.
Each accepted input appends its line and syncs it to disk; a correction (void, reassign) changes
which inputs count, so the file is then rewritten whole (atomically), as it is when a table is
opened, which also repairs a line lost between the journal's commit and the append.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .history import INPUT, REASSIGN, VOID
from .library import export_transcript
from .table import Table

log = logging.getLogger(__name__)

FOLDER = "transcripts"


def transcript_path(table: Table) -> Path:
    """Where the table's transcript is kept: beside its journal, in ``transcripts/``."""
    return table.db.path.parent / FOLDER / f"game-{table.game_id}.jsonl"


class TranscriptBackup:
    """Keeps ``table``'s transcript file up to date from now on; ``close`` stops it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.path = transcript_path(table)
        self.rewrite()
        self._unsubscribe = table.subscribe(self._notice)

    def close(self) -> None:
        self._unsubscribe()

    def _notice(self, seq: int, notice: Mapping[str, Any]) -> None:
        if notice.get("seq") != seq:
            return  # anomalies, link states, pauses: not part of the transcript
        if notice.get("kind") == INPUT:
            self._write(lambda out: out.write(json.dumps(notice["payload"]["action"]) + "\n"), append=True)
        elif notice.get("kind") in (VOID, REASSIGN):
            self.rewrite()

    def rewrite(self) -> None:
        """The whole transcript from the journal, replacing the file in one step."""
        text = export_transcript(self.table.db, self.table.game_id)
        self._write(lambda out: out.write(text), append=False)

    def _write(self, write: Any, *, append: bool) -> None:
        """Write and sync; a failing card is logged, never allowed to stop the game."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            target = self.path if append else self.path.with_name(self.path.name + ".tmp")
            with open(target, "a" if append else "w", encoding="utf-8") as out:
                write(out)
                out.flush()
                os.fsync(out.fileno())
            if not append:
                os.replace(target, self.path)
        except OSError as exc:
            log.warning("could not write the transcript backup %s: %s", self.path, exc)
