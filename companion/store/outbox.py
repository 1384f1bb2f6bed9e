"""The league outbox: games waiting to reach the table's league, as rows of the table's own journal.

A row is written in the same transaction as the journal entry that ended the game (or corrected
it after its end), so a game is never finished without its row, nor a row left for a game that
is not. A sender takes the rows that are due, oldest first, and marks each sent, or failed with
the error and when to try again; the table itself never waits for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .database import Database, now


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    game_id: int
    seq: int
    created_at: str
    attempts: int
    next_attempt_at: str
    last_error: str | None
    sent_at: str | None


_COLUMNS = "SELECT id, game_id, seq, created_at, attempts, next_attempt_at, last_error, sent_at FROM league_outbox"


class Outbox:
    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, game_id: int, seq: int) -> None:
        """Queue the game as of journal entry `seq` (joins the caller's open transaction)."""
        at = now()
        with self.db.transaction() as conn:
            conn.execute("INSERT OR IGNORE INTO league_outbox (game_id, seq, created_at, next_attempt_at)"
                         " VALUES (?, ?, ?, ?)", (game_id, seq, at, at))

    def due(self, at: str, limit: int = 50) -> list[OutboxRow]:
        """Rows not sent whose next attempt is due at `at`, oldest first; a row superseded by a later
        one of the same game is skipped (the later one carries the game as it is now)."""
        with self.db.reading() as conn:
            rows = conn.execute(_COLUMNS + " o WHERE sent_at IS NULL AND next_attempt_at <= ? AND NOT EXISTS"
                                " (SELECT 1 FROM league_outbox l WHERE l.game_id = o.game_id AND l.seq > o.seq)"
                                " ORDER BY id LIMIT ?", (at, limit)).fetchall()
        return [OutboxRow(*r) for r in rows]

    def pending(self) -> list[OutboxRow]:
        with self.db.reading() as conn:
            return [OutboxRow(*r) for r in conn.execute(_COLUMNS + " WHERE sent_at IS NULL ORDER BY id")]

    def next_due(self) -> str | None:
        """When the earliest row not sent is due (None: nothing waits)."""
        with self.db.reading() as conn:
            return conn.execute("SELECT min(next_attempt_at) FROM league_outbox WHERE sent_at IS NULL").fetchone()[0]

    def sent(self, row_id: int, note: str | None = None) -> None:
        """Done: the league has it (or refused it for good, `note` saying why); earlier rows of the game too."""
        with self.db.transaction() as conn:
            game_id, seq = conn.execute("SELECT game_id, seq FROM league_outbox WHERE id = ?", (row_id,)).fetchone()
            conn.execute("UPDATE league_outbox SET sent_at = ?, last_error = ? WHERE game_id = ? AND seq <= ?"
                         " AND sent_at IS NULL", (now(), note, game_id, seq))

    def failed(self, row_id: int, error: str, retry_at: str) -> None:
        with self.db.transaction() as conn:
            conn.execute("UPDATE league_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?"
                         " WHERE id = ?", (error, retry_at, row_id))

    def retry_all(self, at: str) -> None:
        """The league answered again: every waiting row is due now, not when its back-off ends."""
        with self.db.transaction() as conn:
            conn.execute("UPDATE league_outbox SET next_attempt_at = ? WHERE sent_at IS NULL AND next_attempt_at > ?",
                         (at, at))
