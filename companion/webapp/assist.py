"""What a seat's phone may show about its next draw: nothing, the outlook, or the advice too.

The table chooses (`[table] assist`, or the host page); the table screen never shows any of it.
Advice is searched once per situation of a seat (another seat's draw leaves it as it was; the
seat's two phones share one search), with a bound on positions so a phone's update stays quick;
past the bound the phone says so instead of guessing. The live advice leaves the bonus die out:
who reaches furthest is still being drawn at the other seats.
"""

from __future__ import annotations

import threading
from typing import Any

from companion.config import ASSISTS
from companion.engine import GameState, whatif
from companion.engine.advice import TooDeep, advise
from companion.engine.compact import unmodelled
from companion.engine.outlook import outlook

LIVE_LIMIT = 600
"""Positions a live answer may search on compact positions (the starting bag needs 355): over
three seeded 4-player games it answers 467 of 1,061 DRAW/STOP moments, 99 % of them within 8 ms
on a busy machine (benchmarks/README.md)."""

ENGINE_LIVE_LIMIT = 100
"""Positions a live answer may search when a book in play is one the compact search does not model
and every draw is played through the engine (about 5 ms)."""


class Assist:
    """The table's setting and the advice already searched for the current input."""

    def __init__(self, level: str = "odds") -> None:
        self.level = "odds"
        self.set(level)
        self._cache: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._lock = threading.Lock()

    def set(self, level: str) -> None:
        if level not in ASSISTS:
            raise ValueError(f"assist must be one of {', '.join(ASSISTS)}, not {level!r}")
        self.level = level

    def add_to(self, view: dict[str, Any], state: GameState, seat_no: int) -> dict[str, Any]:
        """Fill a seat's view by the setting: odds and outlook, advice, or neither."""
        view["assist"] = {"level": self.level}
        if self.level == "off":
            view.pop("risk", None)
            return view
        view["assist"]["outlook"] = outlook(state, seat_no)
        if self.level == "advice":
            view["assist"]["advice"] = self.advice(state, seat_no)
        return view

    def advice(self, state: GameState, seat_no: int) -> dict[str, Any]:
        seat = state.seats[seat_no]
        key = (state.round, state.phase, seat_no, seat.status, seat.flask_full, tuple(seat.pot), tuple(seat.bowl), tuple(sorted(seat.bag)),
               tuple(seat.hand), tuple(d.id for d in state.decisions_for(seat_no)))
        with self._lock:
            if key not in self._cache:
                if len(self._cache) > 64:
                    self._cache.clear()
                limit = LIVE_LIMIT if unmodelled(whatif.ignore_offers(state, seat_no), seat_no) is None \
                    else ENGINE_LIVE_LIMIT
                try:
                    self._cache[key] = advise(state, seat_no, limit=limit)
                except TooDeep:
                    self._cache[key] = {"seat": seat_no, "advice": None, "too_deep": True}
            return self._cache[key]
