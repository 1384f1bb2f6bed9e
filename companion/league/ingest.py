"""What a table pushes: each finished game (kept once, replayed first) and, while one runs, its live scores.

A push is keyed by the table (its key) and the table's own identity of the game, and carries the
table's last journal entry: the same push twice, or an older one after a newer, changes nothing;
a later one (the host corrected the game after its end) replaces it. The league replays the
transcript before it keeps anything and refuses, with the line and the engine's reason, one that
does not replay; the refusal is kept for the admin. Every change is announced to the room screens
(PostgreSQL's NOTIFY, delivered when the transaction commits).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from companion.codes import BadCode, normalise

from . import players, tournaments
from .results import NotReplayed, Result, replay_result

CHANNEL = "league_room"
"""The NOTIFY channel the room screens listen on; the payload is the table's id."""

MAX_TRANSCRIPT = 2_000_000
NAME_LENGTH = 40
STATUSES = ("brewing", "stopped", "exploded")
FRESH = timedelta(hours=6)
"""A game that ended longer ago than this is history, not news for the room screen."""


class BadPush(ValueError):
    """A push that is not one: its shape is wrong (the message says where)."""


@dataclass(frozen=True, slots=True)
class Pushed:
    """A finished game as a table sends it."""

    game: str
    seq: int
    started_at: datetime
    finished_at: datetime
    transcript: str
    codes: tuple[str | None, ...]


def _text(payload: dict[str, Any], key: str, limit: int) -> str:
    value = payload.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise BadPush(f"{key!r} must be a text of 1 to {limit} characters")
    return value


def _count(payload: dict[str, Any], key: str) -> int:
    value = payload.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadPush(f"{key!r} must be a whole number, 0 or more")
    return value


def _time(payload: dict[str, Any], key: str) -> datetime:
    try:
        when = datetime.fromisoformat(_text(payload, key, 40))
    except ValueError:
        raise BadPush(f"{key!r} must be a time in ISO 8601") from None
    if when.tzinfo is None:
        raise BadPush(f"{key!r} must say its time zone")
    return when


def pushed_game(payload: object) -> Pushed:
    """The push's fields, checked for shape only (the transcript is checked by replaying it)."""
    if not isinstance(payload, dict):
        raise BadPush("a push is a JSON object")
    codes = payload.get("codes", [])
    if not isinstance(codes, list) or not all(c is None or isinstance(c, str) for c in codes):
        raise BadPush("'codes' must list each seat's player code, or null for a seat without one")
    try:
        normal = tuple(normalise(c) if c else None for c in codes)
    except BadCode as err:
        raise BadPush(str(err)) from None
    return Pushed(_text(payload, "game", 100), _count(payload, "seq"), _time(payload, "started_at"),
                  _time(payload, "finished_at"), _text(payload, "transcript", MAX_TRANSCRIPT), normal)


@dataclass(frozen=True, slots=True)
class Ingested:
    status: str  # "stored", "replaced" or "unchanged"
    game_id: int


def ingest_game(conn: psycopg.Connection, table_id: int, push: Pushed) -> Ingested:
    """Keep a finished game (see the module's docstring); raises NotReplayed after keeping the refusal."""
    kept = conn.execute("SELECT id, journal_seq FROM games WHERE table_id = %s AND game_key = %s",
                        (table_id, push.game)).fetchone()
    if kept is not None and kept[1] >= push.seq:
        return Ingested("unchanged", kept[0])
    try:
        result = replay_result(push.transcript)
        _check_codes(result, push.codes)
        return _store(conn, table_id, push, result)
    except NotReplayed as exc:
        conn.rollback()
        conn.execute("INSERT INTO refused (table_id, game_key, journal_seq, line, reason) VALUES (%s, %s, %s, %s, %s)"
                     " ON CONFLICT DO NOTHING", (table_id, push.game, push.seq, exc.line or None, exc.reason))
        conn.commit()
        raise


def _check_codes(result: Result, codes: tuple[str | None, ...]) -> None:
    if codes and len(codes) != len(result.seats):
        raise NotReplayed(0, f"{len(codes)} player codes for {len(result.seats)} seats")
    given = [c for c in codes if c]
    if len(set(given)) != len(given):
        raise NotReplayed(0, "two seats give the same player code")


def _store(conn: psycopg.Connection, table_id: int, push: Pushed, result: Result) -> Ingested:
    codes = push.codes or (None,) * len(result.seats)
    ids = [players.resolve(conn, s.name, code) for s, code in zip(result.seats, codes, strict=True)]
    if len(set(ids)) != len(ids):
        raise NotReplayed(0, "two seats are the same player in the league (the same name without a code, or "
                             "codes of merged players)")
    row = conn.execute(
        "INSERT INTO games (table_id, game_key, journal_seq, started_at, finished_at, rounds, books, transcript)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)"
        " ON CONFLICT (table_id, game_key) DO UPDATE SET journal_seq = EXCLUDED.journal_seq,"
        " started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, received_at = now(),"
        " revision = nextval('game_revisions'), rounds = EXCLUDED.rounds, books = EXCLUDED.books,"
        " transcript = EXCLUDED.transcript WHERE games.journal_seq < EXCLUDED.journal_seq"
        " RETURNING id, xmax = 0",
        (table_id, push.game, push.seq, push.started_at, push.finished_at, result.rounds,
         Jsonb(dict(result.config.books)), push.transcript)).fetchone()
    if row is None:  # a push of the same game or a later one committed meanwhile
        kept = conn.execute("SELECT id FROM games WHERE table_id = %s AND game_key = %s", (table_id, push.game))
        return Ingested("unchanged", kept.fetchone()[0])
    game_id, inserted = row
    conn.execute("DELETE FROM game_seats WHERE game_id = %s", (game_id,))
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO game_seats (game_id, seat, player_id, name, score, place, explosions, bought)"
                        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                        [(game_id, s.seat, pid, s.name, s.score, s.place, s.explosions, Jsonb(s.bought))
                         for s, pid in zip(result.seats, ids, strict=True)])
    tournaments.link_game(conn, game_id, ids)
    _final_scores(conn, table_id, push, result)
    return Ingested("stored" if inserted else "replaced", game_id)


def _final_scores(conn: psycopg.Connection, table_id: int, push: Pushed, result: Result) -> None:
    """The room screen shows a table's last game over until the table starts another (not a game
    that ended hours ago and arrives only now, from a table that was offline)."""
    if push.finished_at < datetime.now(UTC) - FRESH:
        return
    snapshot = {"round": result.rounds, "phase": "game_over", "finished": True,
                "seats": [{"name": s.name, "score": s.score, "status": "stopped", "winner": s.place == 1}
                          for s in result.seats]}
    _put_live(conn, table_id, push.game, push.started_at, push.seq, snapshot)


def _put_live(conn: psycopg.Connection, table_id: int, game: str, started_at: datetime, seq: int,
              snapshot: dict[str, Any]) -> bool:
    """Keep the newest scores of a table (a later game, or a later entry of the same game); announce them."""
    row = conn.execute(
        "INSERT INTO live (table_id, game_key, started_at, journal_seq, snapshot) VALUES (%s, %s, %s, %s, %s)"
        " ON CONFLICT (table_id) DO UPDATE SET game_key = EXCLUDED.game_key, started_at = EXCLUDED.started_at,"
        " journal_seq = EXCLUDED.journal_seq, snapshot = EXCLUDED.snapshot, updated_at = now()"
        " WHERE (live.started_at, live.journal_seq) < (EXCLUDED.started_at, EXCLUDED.journal_seq)"
        " OR (live.game_key = EXCLUDED.game_key AND EXCLUDED.snapshot ? 'finished')"
        " RETURNING table_id", (table_id, game, started_at, seq, Jsonb(snapshot))).fetchone()
    if row is not None:
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(table_id)))
    return row is not None


def live_snapshot(payload: object) -> tuple[str, datetime, int, dict[str, Any]]:
    """A live push's game, start, journal entry and the scores kept of it: round, phase and per seat
    the name, score and whether it brews; nothing else a table sends is kept or shown."""
    if not isinstance(payload, dict):
        raise BadPush("a push is a JSON object")
    seats = payload.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise BadPush("'seats' must list 1 to 8 seats")
    kept = []
    for seat in seats:
        if not isinstance(seat, dict) or seat.get("status") not in STATUSES:
            raise BadPush(f"each seat needs a 'status', one of {', '.join(STATUSES)}")
        kept.append({"name": _text(seat, "name", NAME_LENGTH), "score": _count(seat, "score"), "status": seat["status"]})
    snapshot = {"round": _count(payload, "round"), "phase": _text(payload, "phase", 20), "seats": kept}
    return _text(payload, "game", 100), _time(payload, "started_at"), _count(payload, "seq"), snapshot


def ingest_live(conn: psycopg.Connection, table_id: int, payload: object) -> bool:
    """Keep a table's live scores; False when they are older than what the league has."""
    game, started_at, seq, snapshot = live_snapshot(payload)
    return _put_live(conn, table_id, game, started_at, seq, snapshot)
