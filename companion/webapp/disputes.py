"""The round replay for disputes: a page that steps through one seat's round, its data, and the
printable dispute card, for the game being played or a past one of the same journal. The table
screen and the host may look (the pots were on the table for all to see), a guest on the Wi-Fi
may not; nothing here changes a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, current_app, jsonify

from companion.store import AnomalyRow, Entry, GameRow, Journal, UnknownGame
from companion.table import TableSetup
from companion.table.rounds import NoSuchRound, RoundReplay, round_replay

from .access import Refusal, query_number, table_or_host
from .i18n import language
from .nights import local_time
from .pages import page, table_or_host_page

bp = Blueprint("disputes", __name__)


@dataclass(frozen=True, slots=True)
class _Game:
    """The game a replay is asked of: the live one, or a past one from the same journal."""

    row: GameRow
    setup: TableSetup
    entries: list[Entry]
    anomalies: list[AnomalyRow]
    round: int  # the round shown when none is asked for: the live game's current one, else 1


def _game() -> _Game:
    table = current_app.extensions["companion.game"].table
    journal = Journal(table.db)
    game_id = query_number("game", table.game_id, "bad_field")
    if game_id == table.game_id:
        return _Game(journal.game(game_id), table.setup, table.entries(), table.anomalies(), table.state.round)
    try:
        row = journal.game(game_id)
    except UnknownGame:
        raise Refusal(404, "no_such_game", f"There is no game {game_id} in this table's journal.") from None
    return _Game(row, TableSetup.from_dict(row.setup), journal.entries(game_id), journal.anomalies(game_id), 1)


def _replay() -> tuple[_Game, RoundReplay]:
    game = _game()
    try:
        return game, round_replay(game.setup, game.entries, game.anomalies, query_number("round", game.round, "bad_field"),
                                  query_number("seat", 0, "bad_field"), language())
    except NoSuchRound as err:
        raise Refusal(404, "no_such_round", str(err).capitalize() + ".") from None


@bp.get("/replay")
@table_or_host_page
def replay_page():
    """Pick a round and a seat, then step through it draw by draw (``replay.js``)."""
    return page("replay.html", game=_game().row)


@bp.get("/api/replay")
@table_or_host
def replay_data():
    """The replay of ``?round=`` (default: the current one) for ``?seat=`` (0 is the first seat, the default)
    of ``?game=`` (default: the game being played; any game of the table's journal)."""
    return jsonify(_replay()[1].to_dict())


@bp.get("/replay/card")
@table_or_host_page
def dispute_card():
    """The round on one printable page, each input with its journal number and transcript line."""
    game, replay = _replay()
    inputs = [s for s in replay.steps if s.line is not None]
    return page("dispute_card.html", replay=replay, game=game.row, name=replay.players[replay.seat], when=local_time,
                first_line=inputs[0].line if inputs else None, last_line=inputs[-1].line if inputs else None)
