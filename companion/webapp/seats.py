"""Each seat as the table's view shows it, kept while the seat is as it was.

Every page's view holds the table's view, made again after every input; most inputs are one seat's
draw, which leaves the other seats as they were. A seat's part (its pot, bag, books in force, ...)
reads only the seat's fields and the game's setup (`view.table_seat`), so it is made again only when
the seat is no longer equal to a copy kept of it (every field compared: one added later counts
too): the other seats' parts are the same objects as in the view before, which also makes the
pages' patches cheaper to work out.
"""

from __future__ import annotations

from typing import Any

from companion.engine import GameConfig, GameState
from companion.engine.model import Seat
from companion.engine.view import table_seat
from companion.words import localize


class TableSeats:
    """The seats of the table's view in each language, as last made, with what they were made from."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int], tuple[GameConfig, Seat, dict[str, Any]]] = {}

    def __call__(self, state: GameState, lang: str) -> list[dict[str, Any]]:
        """Every seat of ``state`` in ``lang`` (the same object as before for a seat unchanged:
        the views share it and never change it)."""
        return [self._seat(state, n, lang) for n in range(len(state.seats))]

    def _seat(self, state: GameState, n: int, lang: str) -> dict[str, Any]:
        kept = self._kept.get((lang, n))
        if kept is not None and kept[0] is state.config and kept[1] == state.seats[n]:
            return kept[2]
        seat = table_seat(state, n)
        localize({"seats": [seat]}, lang)  # in place: its books' texts in force
        self._kept[lang, n] = (state.config, state.seats[n].clone(), seat)  # a copy: the state changes in place
        return seat
