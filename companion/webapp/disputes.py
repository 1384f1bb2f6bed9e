"""The round replay for disputes: a page that steps through one seat's round, its data, and the
printable dispute card. Everyone at the table may look (the pots were on the table for all to see);
nothing here changes the game.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request

from companion.store import Journal
from companion.table.rounds import NoSuchRound, RoundReplay, round_replay

from .access import Refusal
from .nights import local_time
from .pages import page

bp = Blueprint("disputes", __name__)


def _number(key: str, default: int) -> int:
    """A whole-number query argument, or a 400 naming it."""
    raw = request.args.get(key, "")
    if raw == "":
        return default
    if not raw.isdigit():
        raise Refusal(400, "bad_field", f"{key!r} must be a whole number.")
    return int(raw)


def _replay() -> tuple[Any, RoundReplay]:
    table = current_app.extensions["companion.game"].table
    round_no = _number("round", table.state.round)
    seat = _number("seat", 0)
    try:
        return table, round_replay(table.setup, table.entries(), table.anomalies(), round_no, seat)
    except NoSuchRound as err:
        raise Refusal(404, "no_such_round", str(err).capitalize() + ".") from None


@bp.get("/replay")
def replay_page():
    """Pick a round and a seat, then step through it draw by draw (``replay.js``)."""
    table = current_app.extensions["companion.game"].table
    return page("replay.html", players=table.config.players, rounds=table.state.round,
                round=_number("round", table.state.round), seat=_number("seat", 0))


@bp.get("/api/replay")
def replay_data():
    """The replay of ``?round=`` (default: the current one) for ``?seat=`` (0 is the first seat, the default)."""
    return jsonify(_replay()[1].to_dict())


@bp.get("/replay/card")
def dispute_card():
    """The round on one printable page, each input with its journal number and transcript line."""
    table, replay = _replay()
    game = Journal(table.db).game(table.game_id)
    inputs = [s for s in replay.steps if s.line is not None]
    return page("dispute_card.html", replay=replay, game=game, name=replay.players[replay.seat], when=local_time,
                first_line=inputs[0].line if inputs else None, last_line=inputs[-1].line if inputs else None)
