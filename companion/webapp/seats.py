"""Each seat as the table's view shows it, kept while the seat is as it was, and each seat's
inputs as its own view lists them, kept while the engine's legal inputs are the same.

Every page's view holds the table's view, made again after every input; most inputs are one seat's
draw, which leaves the other seats as they were. A seat's part (its pot, bag, books in force, ...)
reads only the seat's fields and the game's setup (`view.table_seat`), so it is made again only when
the seat is no longer equal to a copy kept of it (every field compared: one added later counts
too): the other seats' parts are the same objects as in the view before, which also makes the
pages' patches cheaper to work out.
"""

from __future__ import annotations

from typing import Any

from companion.engine import Action, GameConfig, GameState, legal_actions
from companion.engine.model import Seat
from companion.engine.view import actions_part, table_seat
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


class SeatActions:
    """Each seat's inputs as its view lists them (`view.actions_part`), as last made, with the
    engine's inputs they were made from: every seat's view is made again after every input, and
    most inputs (another seat's draw) leave a seat's inputs as they were. The inputs are frozen
    values, and the list is made of them alone, so equal inputs mean an equal list; the same
    object also makes the pages' patches cheaper to work out."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[tuple[Action, ...], list[dict[str, Any]]]] = {}

    def __call__(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        """The seat's inputs now (the same object as before while they are equal: shared, never changed)."""
        found = tuple(legal_actions(state, seat))
        kept = self._kept.get(seat)
        if kept is not None and kept[0] == found:
            return kept[1]
        made = actions_part(found)
        self._kept[seat] = (found, made)
        return made
