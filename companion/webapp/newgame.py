"""A new game from the host page once the current one is over: players, books, edition, readers to seats.

A colour's book is a set or "random", dealt here when the game is created and recorded as the set
dealt. The setup is checked by the engine (``check_config``), so a set it cannot play is refused
with the engine's own sentence. A running game is never replaced from here.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from flask import Blueprint, current_app, jsonify

from companion.books import BASE_BOOK, RANDOM
from companion.codes import BadCode, new_code, normalise, shown
from companion.dealing import deal_setup
from companion.engine import ConfigError, GameConfig, book_sets, catalog, check_config
from companion.engine.expansions.herb_witches import witches
from companion.table import TableSetup, start_game
from companion.words import translations

from .access import Refusal, guarded, host_only, json_body

bp = Blueprint("newgame", __name__, url_prefix="/api/host")



def form(table: Any, lang: str) -> dict[str, Any]:
    """What the host's new-game form offers: allowed now, each colour's playable sets (and
    "random"), the editions (named in `lang`), the known readers; the last game's choices preselected."""
    return {**_offers(lang), "allowed": table.state.phase == "game_over",
            "books": dict(table.config.books), "edition": table.config.edition,
            "readers": sorted(set(table.setup.readers) | set(table.links())),
            "players": list(table.config.players), "tubes": table.config.tubes,
            "expansions": list(table.config.expansions), "stand": table.config.stand,
            "witches": list(table.config.witches), **_league_form(table)}


@cache
def _offers(lang: str) -> dict[str, Any]:
    """The form's choices that no game changes, in `lang`: made once, as the host's view is made
    after every input (the pages only read them)."""
    words = translations(lang)
    colors = catalog.book_colors(tuple(set(catalog.LOCOWEED_SETS.values())))  # locoweed too: sent with its boxes
    return {"colors": [*colors, catalog.CHOSEN_BLACK],
            "sets": {**{color: book_sets(color) for color in colors},
                     catalog.CHOSEN_BLACK: [BASE_BOOK, *book_sets(catalog.CHOSEN_BLACK)]},
            "random": RANDOM, "base": BASE_BOOK,
            "locoweed_boxes": sorted(set(catalog.LOCOWEED_SETS.values())),
            "editions": [{"id": key, "name": words.gettext(e.name)} for key, e in catalog.EDITIONS.items()],
            "all_expansions": list(catalog.EXPANSIONS), "stands": list(catalog.STAND_SIDES),
            "witch_types": [{"type": kind, "metal": words.gettext(witches.METALS[kind]),
                             "witches": [{"id": w, "name": words.gettext(witches.WITCHES[w].name)}
                                         for w in witches.of_type(kind)]} for kind in witches.TYPES]}


def _league_form(table: Any) -> dict[str, Any]:
    """A table in a league asks each seat's player code (this game's codes preselected by seat, and a
    fresh code per seat for a player who has none yet); a table outside a league asks none."""
    if not table.setup.league:
        return {"league": False}
    codes = [shown(c) if c else "" for c in table.setup.codes]
    return {"league": True, "codes": codes, "fresh_codes": [shown(new_code()) for _ in range(catalog.MAX_PLAYERS_WITH_WITCHES)]}


def _codes(body: dict[str, Any], players: tuple[str, ...], table: Any) -> tuple[str, ...]:
    """Each seat's league code from the form (normal form, "" for none); a mistyped or repeated code is a 400."""
    if not table.setup.league:
        return ()
    typed = body.get("codes", [])
    if not isinstance(typed, list) or len(typed) > len(players) or not all(isinstance(c, str) for c in typed):
        raise Refusal(400, "bad_setup", "codes must list each seat's player code (or \"\" for none).")
    try:
        codes = tuple(normalise(c) if c.strip() else "" for c in typed) + ("",) * (len(players) - len(typed))
    except BadCode as err:
        raise Refusal(400, "bad_setup", str(err)) from None
    given = [c for c in codes if c]
    if len(set(given)) != len(given):
        raise Refusal(400, "bad_setup", "two seats have the same player code.")
    return codes


def _setup(body: dict[str, Any], table: Any) -> TableSetup:
    """The new game's setup from the form, or a 400 with the reason (the engine's, for the rules)."""
    books = body.get("books", {})
    try:
        if not isinstance(books, dict):
            raise ConfigError("books must map a colour to a set number or \"random\"")
        expansions = body.get("expansions", [])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise ConfigError("expansions must be a list of names")
        chosen = body.get("witches", [])
        if not isinstance(chosen, list) or not all(isinstance(w, str) for w in chosen):
            raise ConfigError("witches must be a list of witch ids (one of each type), or empty to deal them")
        config = GameConfig.from_dict({"players": body.get("players"), "start_player": body.get("start_player", 0),
                                       "supply": table.config.supply, "tubes": body.get("tubes", False),
                                       "edition": body.get("edition", catalog.DEFAULT_EDITION),
                                       "stand": body.get("stand", catalog.STAND_SIDES[0]),
                                       **deal_setup(books, [e for e in expansions if e in catalog.EXPANSIONS],
                                                    random.Random(), chosen)})
        if set(expansions) - set(config.expansions):
            raise ConfigError(f"unknown expansion(s): {', '.join(sorted(set(expansions) - set(config.expansions)))}")
        check_config(config)
    except (ConfigError, TypeError, ValueError) as err:
        raise Refusal(400, "bad_setup", str(err)) from None
    readers = body.get("readers", {})
    if not isinstance(readers, dict) or not all(
            isinstance(r, str) and isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(config.players)
            for r, s in readers.items()):
        raise Refusal(400, "bad_setup", "readers must map a reader's name to a seat number of this game.")
    if len(set(readers.values())) != len(readers):
        raise Refusal(400, "bad_setup", "two readers feed the same seat: give each seat its own bag.")
    return TableSetup(config, dict(readers), table.setup.registry, table.setup.draws, league=table.setup.league,
                      codes=_codes(body, config.players, table))


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
