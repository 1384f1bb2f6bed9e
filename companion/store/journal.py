"""Games, their input journals and their anomalies, as rows.

The store knows nothing of the rules: a journal entry is a (source, kind, payload) triple the
table layer wrote, and payloads are opaque JSON. Entries are only ever appended; corrections
are entries of their own kinds, so the full history of a game night stays on disk.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .database import Database, now
from .errors import JournalConflict, StoreError, UnknownGame

STATUSES = ("active", "finished", "archived")


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    name: str
    created_at: str
    status: str
    setup: dict[str, Any]
    engine_version: str
    last_seq: int


@dataclass(frozen=True, slots=True)
class Entry:
    game_id: int
    seq: int
    recorded_at: str
    source: str
    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AnomalyRow:
    id: int
    game_id: int | None
    after_seq: int  # the journal's last seq when it happened, to place it on the timeline
    recorded_at: str
    source: str
    payload: dict[str, Any]
    code: str
    reason: str
    resolved_by: int | None  # the journal seq that settled it, once the host has

    @property
    def answered(self) -> dict[str, Any] | None:
        """How a held read was closed without a journal entry (not drawn, or moot), if it was."""
        answer = self.payload.get("answer")
        return answer if isinstance(answer, dict) else None

    @property
    def settled(self) -> bool:
        """Nothing is left to do about it: an entry settled it, or it was answered without one."""
        return self.resolved_by is not None or self.answered is not None


_ANOMALY_COLUMNS = "SELECT id, game_id, after_seq, recorded_at, source, payload, code, reason, resolved_by"


def _anomaly(row: tuple[Any, ...]) -> AnomalyRow:
    return AnomalyRow(*row[:5], json.loads(row[5]), *row[6:])


def _dumps(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


class Journal:
    """Row operations on games, journal entries and anomalies of one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # games -----------------------------------------------------------------------------------

    def create_game(
        self, name: str, setup: Mapping[str, Any], engine_version: str, *, at: str | None = None
    ) -> int:
        with self.db.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO games (name, created_at, setup, engine_version) VALUES (?, ?, ?, ?)",
                (name, at or now(), _dumps(setup), engine_version),
            )
            return int(cur.lastrowid)

    def game(self, game_id: int) -> GameRow:
        with self.db.reading() as conn:
            row = conn.execute(_GAME_SELECT + " WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGame(f"there is no game {game_id} in this database")
        return _game(row)

    def games(self, statuses: Iterable[str] = STATUSES) -> list[GameRow]:
        """Games with one of these statuses, newest first."""
        wanted = tuple(statuses)
        marks = ", ".join("?" * len(wanted))
        with self.db.reading() as conn:
            rows = conn.execute(
                _GAME_SELECT + f" WHERE g.status IN ({marks}) ORDER BY g.id DESC", wanted
            ).fetchall()
        return [_game(r) for r in rows]

    def set_status(self, game_id: int, status: str) -> None:
        if status not in STATUSES:
            raise StoreError(f"unknown game status {status!r} (one of {', '.join(STATUSES)})")
        with self.db.transaction() as conn:
            cur = conn.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
            if cur.rowcount == 0:
                raise UnknownGame(f"there is no game {game_id} in this database")

    # journal ---------------------------------------------------------------------------------

    def append(
        self,
        game_id: int,
        source: str,
        kind: str,
        payload: Mapping[str, Any],
        *,
        expected_seq: int | None = None,
        resolves: Iterable[int] = (),
        at: str | None = None,
    ) -> Entry:
        """Append one entry durably and return it; the commit has reached the disk on return.

        `expected_seq` is the last seq the caller has seen; if the journal has moved on, another
        process is writing this game and the append is refused. `resolves` marks anomalies as
        settled by this entry in the same transaction.
        """
        with self.db.transaction() as conn:
            last = self._last_seq(conn, game_id)
            if expected_seq is not None and last != expected_seq:
                raise JournalConflict(
                    f"game {game_id}'s journal is at #{last}, not #{expected_seq}: "
                    "another process is writing this game"
                )
            entry = Entry(game_id, last + 1, at or now(), source, kind, dict(payload))
            try:
                conn.execute(
                    "INSERT INTO journal (game_id, seq, recorded_at, source, kind, payload)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, entry.seq, entry.recorded_at, source, kind, _dumps(payload)),
                )
            except sqlite3.IntegrityError as exc:
                raise UnknownGame(f"there is no game {game_id} in this database") from exc
            for anomaly_id in resolves:
                self._resolve(conn, anomaly_id, game_id, entry.seq)
            return entry

    def entries(self, game_id: int, after: int = 0) -> list[Entry]:
        """The game's journal in order, from seq `after + 1`."""
        with self.db.reading() as conn:
            rows = conn.execute(
                "SELECT game_id, seq, recorded_at, source, kind, payload FROM journal"
                " WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            ).fetchall()
        return [Entry(g, s, t, src, k, json.loads(p)) for g, s, t, src, k, p in rows]

    def last_seq(self, game_id: int) -> int:
        with self.db.reading() as conn:
            return self._last_seq(conn, game_id)

    @staticmethod
    def _last_seq(conn: sqlite3.Connection, game_id: int) -> int:
        row = conn.execute("SELECT MAX(seq) FROM journal WHERE game_id = ?", (game_id,)).fetchone()
        return row[0] or 0

    # anomalies -------------------------------------------------------------------------------

    def record_anomaly(
        self,
        game_id: int | None,
        source: str,
        payload: Mapping[str, Any],
        code: str,
        reason: str,
        *,
        at: str | None = None,
        resolved_by: int | None = None,
    ) -> AnomalyRow:
        """Keep a refused input with the reason it was refused; it never touches the journal.
        ``resolved_by``: the entry that already accounts for it (a read that changes nothing)."""
        with self.db.transaction() as conn:
            after = self._last_seq(conn, game_id) if game_id is not None else 0
            recorded_at = at or now()
            cur = conn.execute(
                "INSERT INTO anomalies (game_id, after_seq, recorded_at, source, payload, code, reason, resolved_by)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, after, recorded_at, source, _dumps(payload), code, reason, resolved_by),
            )
            return AnomalyRow(
                int(cur.lastrowid), game_id, after, recorded_at, source, dict(payload), code, reason, resolved_by
            )

    def repeat_anomaly(self, game_id: int | None, anomaly_id: int, times: int, first_at: str, source: str,
                       payload: Mapping[str, Any], code: str, reason: str) -> AnomalyRow:
        """The same input refused again: count it on its row ("repeats", "last_at") instead of a new one."""
        counted = {**payload, "repeats": times, "last_at": now()}
        with self.db.transaction() as conn:
            row = conn.execute("UPDATE anomalies SET payload = ? WHERE id = ? RETURNING after_seq",
                               (_dumps(counted), anomaly_id)).fetchone()
        if row is None:
            raise StoreError(f"there is no anomaly {anomaly_id}")
        return AnomalyRow(anomaly_id, game_id, row[0], first_at, source, counted, code, reason, None)

    def answer_anomaly(self, game_id: int, anomaly_id: int, answer: Mapping[str, Any]) -> AnomalyRow:
        """Keep who answered a held read and how ("answer" in its payload), when the answer enters
        nothing into the journal (it was not a draw); such a row is settled without a `resolved_by`."""
        with self.db.transaction() as conn:
            row = conn.execute(_ANOMALY_COLUMNS + " FROM anomalies WHERE id = ? AND game_id IS ?",
                               (anomaly_id, game_id)).fetchone()
            if row is None:
                raise StoreError(f"game {game_id} has no anomaly {anomaly_id}")
            found = _anomaly(row)
            payload = {**found.payload, "answer": dict(answer)}
            conn.execute("UPDATE anomalies SET payload = ? WHERE id = ?", (_dumps(payload), anomaly_id))
        return replace(found, payload=payload)

    def anomaly_page(self, game_id: int | None, limit: int, before: int | None = None) -> tuple[list[AnomalyRow], int]:
        """The newest ``limit`` anomalies of a game (older than id ``before``), newest first, and how many there are."""
        with self.db.reading() as conn:
            rows = conn.execute(
                _ANOMALY_COLUMNS + " FROM anomalies WHERE game_id IS ? AND id < ? ORDER BY id DESC LIMIT ?",
                (game_id, before if before is not None else 2**63 - 1, limit)).fetchall()
            total = conn.execute("SELECT COUNT(*) FROM anomalies WHERE game_id IS ?", (game_id,)).fetchone()[0]
        return [_anomaly(r) for r in rows], total

    def anomalies(self, game_id: int | None, *, unresolved_only: bool = False) -> list[AnomalyRow]:
        """A game's anomalies in the order they happened (game_id None: those outside any game)."""
        sql = _ANOMALY_COLUMNS + " FROM anomalies WHERE game_id IS ?"
        if unresolved_only:
            sql += " AND resolved_by IS NULL"
        with self.db.reading() as conn:
            rows = conn.execute(sql + " ORDER BY id", (game_id,)).fetchall()
        return [_anomaly(r) for r in rows]

    def _resolve(self, conn: sqlite3.Connection, anomaly_id: int, game_id: int, seq: int) -> None:
        row = conn.execute(
            "SELECT game_id, resolved_by FROM anomalies WHERE id = ?", (anomaly_id,)
        ).fetchone()
        if row is None or row[0] != game_id:
            raise StoreError(f"game {game_id} has no anomaly {anomaly_id}")
        if row[1] is not None:
            raise StoreError(f"anomaly {anomaly_id} was already resolved by #{row[1]}")
        conn.execute("UPDATE anomalies SET resolved_by = ? WHERE id = ?", (seq, anomaly_id))


_GAME_SELECT = (
    "SELECT g.id, g.name, g.created_at, g.status, g.setup, g.engine_version,"
    " (SELECT COALESCE(MAX(seq), 0) FROM journal j WHERE j.game_id = g.id) FROM games g"
)


def _game(row: tuple[Any, ...]) -> GameRow:
    gid, name, created, status, setup, version, last = row
    return GameRow(gid, name, created, status, json.loads(setup), version, last)
