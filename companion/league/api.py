"""The tables' door: ``POST /api/v1/games`` (a finished game) and ``POST /api/v1/live`` (live scores).

Each request carries its table's key (``Authorization: Bearer …``); a key unknown or revoked is
refused with 401 and nothing is read. Answers are JSON: 200 with what became of the push, 400 for
a push of the wrong shape, 422 with the line and the reason for a transcript that does not replay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, current_app, jsonify, request

from .database import LeagueDatabase
from .ingest import BadPush, ingest_game, ingest_live, pushed_game
from .results import NotReplayed
from .tables import authenticate

bp = Blueprint("league_api", __name__, url_prefix="/api/v1")


def _db() -> LeagueDatabase:
    return current_app.extensions["league.db"]


def _refuse(status: int, error: str, reason: str, **more: Any):
    return jsonify({"error": error, "reason": reason, **more}), status


def _table(conn: Any) -> int | None:
    header = request.headers.get("Authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return None
    return authenticate(conn, key.strip())


def _push(take: Callable[[Any, int, Any], Any]):
    """Authenticate the table, then `take(conn, table_id, payload)` in one transaction; a push of the
    wrong shape is a 400, a game that does not replay a 422."""
    payload = request.get_json(silent=True)
    with _db().connection() as conn:
        table_id = _table(conn)
        if table_id is None:
            return _refuse(401, "unknown_key", "this table's key is unknown or revoked: ask the league's admin")
        try:
            return jsonify(take(conn, table_id, payload))
        except BadPush as err:
            return _refuse(400, "bad_push", str(err))
        except NotReplayed as err:
            return _refuse(422, "does_not_replay", str(err), line=err.line or None)


@bp.post("/games")
def push_game():
    def take(conn: Any, table_id: int, payload: Any) -> dict[str, Any]:
        done = ingest_game(conn, table_id, pushed_game(payload))
        return {"status": done.status, "game": done.game_id}
    return _push(take)


@bp.post("/live")
def push_live():
    return _push(lambda conn, table_id, payload: {"status": "kept" if ingest_live(conn, table_id, payload) else "older"})
