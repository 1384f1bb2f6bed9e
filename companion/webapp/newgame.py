"""A new game from the host page once the current one is over: players, books, readers to seats.

The setup is checked by the engine (``check_config``), so a book that is not implemented yet is
refused with the engine's own sentence. A running game is never replaced from here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from companion.engine import ConfigError, GameConfig, catalog, check_config
from companion.table import TableSetup, start_game

from .access import Refusal, guarded, host_only, json_body

bp = Blueprint("newgame", __name__, url_prefix="/api/host")

BOOK_SETS = (1, 2, 3, 4)
"""The sets printed in the box; the engine says which of them it can play."""


def form(table: Any) -> dict[str, Any]:
    """What the host's new-game form offers: allowed now, the colours with books, the known readers."""
    return {"allowed": table.state.phase == "game_over", "colors": list(catalog.BOOK_COLORS),
            "sets": list(BOOK_SETS), "readers": sorted(set(table.setup.readers) | set(table.links())),
            "players": list(table.config.players), "tubes": table.config.tubes}


def _setup(body: dict[str, Any], table: Any) -> TableSetup:
    """The new game's setup from the form, or a 400 with the reason (the engine's, for the rules)."""
    try:
        config = GameConfig.from_dict({"players": body.get("players"), "start_player": body.get("start_player", 0),
                                       "books": body.get("books", {}), "supply": table.config.supply,
                                       "tubes": body.get("tubes", False)})
        check_config(config)
    except (ConfigError, TypeError) as err:
        raise Refusal(400, "bad_setup", str(err)) from None
    readers = body.get("readers", {})
    if not isinstance(readers, dict) or not all(
            isinstance(r, str) and isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(config.players)
            for r, s in readers.items()):
        raise Refusal(400, "bad_setup", "readers must map a reader's name to a seat number of this game.")
    if len(set(readers.values())) != len(readers):
        raise Refusal(400, "bad_setup", "two readers feed the same seat: give each seat its own bag.")
    return TableSetup(config, dict(readers), table.setup.registry)


@bp.post("/game")
@guarded
@host_only
def new_game():
    game = current_app.extensions["companion.game"]
    table = game.table
    body = json_body()
    if table.state.phase != "game_over":
        raise Refusal(409, "game_running", "A game is still being played: finish it before starting another.")
    new = start_game(table.db, _setup(body, table))
    game.switch(new)
    return jsonify({"ok": True, "game": new.game_id})
