"""A second copy of every game beside the journal: its transcript, one line per accepted input.

A damaged SQLite file (a failing SD card) would take every game in it along, so each game is
also kept as the documented transcript (docs/transcript.md) in
``<data folder>/transcripts/game-<id>-<started>.jsonl``: `quacks import` of that file restores
the game. The start time in the name keeps a new database's game 1 from overwriting the file of
the lost database's game 1, which is the very file needed to restore it.
Each accepted input appends its line and syncs it to disk; a correction (void, reassign) changes
which inputs count, so the file is then rewritten whole (atomically), as it is when a table is
opened, which also repairs a line lost between the journal's commit and the append.
The writes and syncs are done in a thread of their own, in order: the journal has already made the
input safe, and a phone's update does not wait for a second sync (on an SD card, often the
slowest step of an input).
"""

from __future__ import annotations

import json
import logging
import os
import re
import weakref
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from typing import IO, Any

from companion.store import Database, GameRow, Journal

from .history import INPUT, REASSIGN, VOID
from .library import export_transcript
from .table import Table

log = logging.getLogger(__name__)

FOLDER = "transcripts"


def transcript_path(table: Table) -> Path:
    """Where the table's transcript is kept: beside its journal, in ``transcripts/``."""
    return _path(table.db, table.journal.game(table.game_id))


def _path(db: Database, game: GameRow) -> Path:
    started = re.sub(r"\D", "", game.created_at)[:20]  # 20261123114800123456: date, time, microseconds
    return db.path.parent / FOLDER / f"game-{game.id}-{started}.jsonl"


def keep_all(db: Database) -> int:
    """Write the transcript of every game of ``db`` that has none yet (games from before the backup); returns how many."""
    written = 0
    for game in Journal(db).games():
        path = _path(db, game)
        if not path.exists():
            try:
                _replace(path, export_transcript(db, game.id))
            except OSError as exc:  # the journal still has the game; the table plays on
                log.warning("could not write the transcript backup %s: %s", path, exc)
                continue
            written += 1
    return written


_KEPT: weakref.WeakKeyDictionary[Table, TranscriptBackup] = weakref.WeakKeyDictionary()


def keep(table: Table) -> TranscriptBackup:
    """The backup of ``table``, started on first use: two would append every line twice."""
    backup = _KEPT.get(table)
    if backup is None:
        backup = _KEPT[table] = TranscriptBackup(table)
    return backup


class TranscriptBackup:
    """Keeps ``table``'s transcript file up to date from now on; ``close`` stops it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.path = transcript_path(table)
        self._file: IO[str] | None = None  # open for appending between corrections
        self._writes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="transcript")
        self._rewrite(self._text())
        self._unsubscribe = table.subscribe(self._notice)

    def close(self) -> None:
        self._unsubscribe()
        self._writes.shutdown()  # what was noticed reaches the disk first
        self._let_go()
        if _KEPT.get(self.table) is self:
            del _KEPT[self.table]

    def settled(self) -> None:
        """Return once every input noticed so far is on the disk."""
        self._writes.submit(lambda: None).result()

    def _notice(self, seq: int, notice: Mapping[str, Any]) -> None:
        if notice.get("seq") != seq:
            return  # anomalies, link states, pauses: not part of the transcript
        if notice.get("kind") == INPUT:
            self._writes.submit(self._append, json.dumps(notice["payload"]["action"]) + "\n")
        elif notice.get("kind") in (VOID, REASSIGN):
            # read now: the inputs after the correction are appended after it
            self._writes.submit(self._rewrite, self._text())

    def _text(self) -> str:
        return export_transcript(self.table.db, self.table.game_id)

    def _rewrite(self, text: str) -> None:
        """The whole transcript, replacing the file in one step."""
        self._let_go()  # the file appended to until now is no longer the transcript's
        try:
            _replace(self.path, text)
        except OSError as exc:
            log.warning("could not write the transcript backup %s: %s", self.path, exc)

    def _append(self, line: str) -> None:
        """One line, synced; a failing card is logged, never allowed to stop the game. The file
        stays open from one input to the next: opening it for each line was most of the line's CPU."""
        try:
            if self._file is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (kept open, closed in _let_go)
            _synced(self._file, line)
        except OSError as exc:
            self._let_go()  # opened afresh for the next line
            log.warning("could not write the transcript backup %s: %s", self.path, exc)

    def _let_go(self) -> None:
        """Close the kept file, if any (a write that failed on it is not tried again)."""
        if self._file is not None:
            file, self._file = self._file, None
            with suppress(OSError):
                file.close()


def _replace(path: Path, text: str) -> None:
    """``path`` now holds ``text``: written beside it, synced, then renamed over it (old or new, never half)."""
    temp = path.with_name(path.name + ".tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(temp, "w", encoding="utf-8") as out:
        _synced(out, text)
    os.replace(temp, path)


def _synced(out: IO[str], text: str) -> None:
    """``text`` written to ``out`` and on the disk when this returns."""
    out.write(text)
    out.flush()
    os.fsync(out.fileno())
